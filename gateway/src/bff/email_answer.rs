//! `GET /api/bff/email-answer?activityId=&activityPathId=&answerId=&answerText=`: the
//! email-answer page (spec section 2, route `/email-response-callback`).
//!
//! The page shows whether an answer given by e-mail was correct, with a 'Review module' button,
//! or 'Module not found'. The module is looked up in the trees of the learner's started courses
//! (the upstream has no call from an activity to its course); not found is a 404. The spec's
//! page shows placeholder text for correct or incorrect; here `correct` is the module's best
//! record's pass mark, and absent while the module has no record. `answerId` and `answerText`
//! are echoed for the page, limited in length.

use axum::Json;
use contracts::bff::EmailAnswerView;
use contracts::bff::{Problem, Unauthorized};
use serde::Deserialize;
use utoipa::IntoParams;

use super::{
    learner_courses::{enrolled_courses, last_attempt_trees, tree_proctoring_mismatch},
    params::parse_id,
};
use crate::{
    auth::extract::LearnerSession,
    domain::{email_answer::find_answered_activity, outcome},
    error::{AppError, AppResult},
    extract::Query,
};

/// Longest `answerText` accepted.
const MAX_ANSWER_CHARS: usize = 2000;
/// Longest `answerId` and `activityPathId` accepted.
const MAX_ID_CHARS: usize = 200;

/// Query of the email-answer page.
#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct EmailAnswerQuery {
    /// The module's (activity's) id, a UUID.
    activity_id: String,
    /// The module's path id.
    activity_path_id: Option<String>,
    /// The answer id from the e-mail.
    answer_id: Option<String>,
    /// The answer text from the e-mail.
    answer_text: Option<String>,
}

/// The email-answer view.
#[utoipa::path(get, path = "/api/bff/email-answer", tag = "views", params(
    EmailAnswerQuery,
), responses(
    (status = 200, description = "The module the e-mailed answer belongs to", body = EmailAnswerView),
    (status = 400, description = "A missing or malformed id, or an overlong answer", body = Problem),
    (status = 401, description = "No valid session", body = Unauthorized),
    (status = 403, description = "The user may not use the learner area (no ObjectiveWorkflow.Create)", body = Problem),
    (status = 404, description = "Module not found: the learner has no such module", body = Problem),
    (status = 504, description = "The learning platform did not answer in time", body = Problem),
))]
pub async fn get_email_answer(
    auth: LearnerSession,
    Query(query): Query<EmailAnswerQuery>,
) -> AppResult<Json<EmailAnswerView>> {
    let activity_id = parse_id("activityId", &query.activity_id)?;
    let too_long = |v: &Option<String>, max: usize| v.as_ref().is_some_and(|v| v.chars().count() > max);
    if too_long(&query.activity_path_id, MAX_ID_CHARS) || too_long(&query.answer_id, MAX_ID_CHARS) {
        return Err(AppError::BadRequest(format!(
            "activityPathId and answerId have at most {MAX_ID_CHARS} characters"
        )));
    }
    if too_long(&query.answer_text, MAX_ANSWER_CHARS) {
        return Err(AppError::BadRequest(format!("answerText has at most {MAX_ANSWER_CHARS} characters")));
    }
    let path = query.activity_path_id.as_deref().filter(|p| !p.is_empty());
    let courses = enrolled_courses(&auth).await?;
    let trees = last_attempt_trees(&auth, &courses).await?;
    let (index, tree, activity) = trees
        .iter()
        .find_map(|(i, tree)| find_answered_activity(tree, activity_id, path).map(|a| (*i, tree, a)))
        .ok_or(AppError::NotFound)?;
    let course = &courses[index];
    // The module's pass is a result: absent while the course's result is hidden, as on every view.
    let upstream = &auth.portal.tenant.upstream;
    let mismatch = match course.aggregate.last_objective_workflow.as_ref() {
        Some(w) => tree_proctoring_mismatch(upstream, &auth.ctx, w.id, tree).await?,
        None => false,
    };
    let hidden = outcome::result_hidden(&course.facts(mismatch), upstream.now());
    let objective = &course.aggregate.objective;
    Ok(Json(EmailAnswerView {
        objective_id: objective.id.to_string(),
        course_name: objective.name.clone(),
        module_name: activity.name,
        activity_path_id: activity.activity_path_id,
        answer_id: query.answer_id,
        answer_text: query.answer_text,
        correct: activity.passed.filter(|_| !hidden),
        review_link: format!("/courses/{}/view/content?viewType=REVIEW", objective.id),
    }))
}
