//! `POST /api/bff/courses/{objectiveId}/start`: the start sequence of spec section 4, answering
//! where the client goes.
//!
//! 1. The course's access and aggregate are read; [`start_step`] says whether the workflow in
//!    progress goes on, a new one is created (first start, retake), or why the course cannot
//!    start (409 with the refusal's code and message, before anything is sent).
//! 2. A learner not enrolled yet is self-enrolled first ([`super::enroll::self_enroll`]).
//! 3. A new objective workflow is created when the step says so.
//! 4. An activity workflow is created for the course's activity, unless one is running.
//! 5. The activity tree is loaded and the open-next activity chosen; LTI courses reload the
//!    course view instead.
//!
//! The start commands are sent with `Prefer: respond-sync`: the learner waits for the answer
//! either way, and a synchronous answer saves the polling round trips.

use axum::{Json, extract::State};
use contracts::bff::{Problem, Unauthorized};
use contracts::{
    bff::StartResult,
    upstream::{ObjectiveAccess, WorkflowState},
};
use serde_json::{Value, json};
use uuid::Uuid;

use super::{commands::command_error, enroll::self_enroll, params::parse_id};
use crate::extract::Path;
use crate::{
    app::AppState,
    auth::extract::{AuthSession, LearnerSession},
    domain::{
        commands::{StartStep, is_enrolled, is_lti_course, start_destination, start_step},
        details,
        tree::{CourseContext, open_next_in},
    },
    error::{AppError, AppResult},
    upstream::Prefer,
};

/// Starts (or continues) the course.
#[utoipa::path(post, path = "/api/bff/courses/{objectiveId}/start", tag = "commands", params(
    ("objectiveId" = uuid::Uuid, Path, description = "The course (objective) id"),
), responses(
    (status = 200, description = "The course is started: where the client goes", body = StartResult),
    (status = 400, description = "The id is not a UUID", body = Problem),
    (status = 401, description = "No valid session", body = Unauthorized),
    (status = 403, description = "The user may not use the learner area (no ObjectiveWorkflow.Create)", body = Problem),
    (status = 404, description = "No such course", body = Problem),
    (status = 409, description = "The course cannot start now, with the reason's code (and its date, for `will_be_available` and `was_available_before`)", body = Problem),
    (status = 413, description = "The body is larger than `commands.max_body_bytes`", body = Problem),
    (status = 422, description = "The learning platform refused the command: its first message and field errors", body = Problem),
    (status = 504, description = "The enrolment did not become visible in time, or the learning platform did not answer", body = Problem),
))]
pub async fn start_course(
    State(state): State<AppState>,
    auth: LearnerSession,
    Path(objective_id): Path<String>,
) -> AppResult<Json<StartResult>> {
    let objective = parse_id("objectiveId", &objective_id)?;
    Ok(Json(run_start(&state, &auth, objective).await?))
}

/// The whole start sequence (also run by `occflow=startTheCourse`).
pub(crate) async fn run_start(state: &AppState, auth: &AuthSession, objective: Uuid) -> AppResult<StartResult> {
    let upstream = &auth.portal.tenant.upstream;
    let ctx = &auth.ctx;
    let (access, aggregate) = tokio::try_join!(
        async { upstream.find_objective_access(ctx, objective).await.map_err(AppError::from) },
        async { upstream.objective_aggregate(ctx, objective).await.map_err(AppError::from) },
    )?;
    if let Some(access) = &access {
        start_step(access, upstream.now()).map_err(AppError::StartRefused)?;
    }
    let enrolled_first = !aggregate.as_ref().is_some_and(is_enrolled);
    let aggregate = match aggregate.filter(is_enrolled) {
        Some(aggregate) => aggregate,
        None => self_enroll(state, auth, objective).await?,
    };
    let access: ObjectiveAccess = match (access, enrolled_first) {
        (Some(access), false) => access,
        _ => upstream.find_objective_access(ctx, objective).await?.ok_or(AppError::NotFound)?,
    };
    let step = start_step(&access, upstream.now()).map_err(AppError::StartRefused)?;
    let (workflow, new_workflow) = match step {
        StartStep::Continue(id) => (id, false),
        StartStep::NewWorkflow { .. } => {
            let id = Uuid::new_v4();
            let body = json!({ "id": id, "objectiveWorkflowAggregateId": aggregate.id });
            upstream
                .send_command(ctx, "starting the course", "start-objective-workflows", &body, Prefer::RespondSync)
                .await
                .map_err(command_error)?;
            (id, true)
        }
    };
    let tree = upstream.activity_tree(ctx, workflow).await?;
    let running = tree
        .activity_workflow_aggregate
        .as_ref()
        .and_then(|a| a.last_activity_workflow.as_ref())
        .filter(|w| w.state == WorkflowState::InProgress)
        .and_then(|w| w.id);
    let activity_workflow_ids = match running {
        Some(id) => vec![id.to_string()],
        None => {
            let root = tree
                .id
                .or_else(|| access.objective.activity.as_ref().and_then(|a| a.id))
                .ok_or_else(|| AppError::BadGateway("the course has no activity to start".into()))?;
            let body = json!({ "objectiveWorkflowId": workflow, "activityPartIds": [root] });
            let answer = upstream
                .send_command(ctx, "starting the activity", "start-activity-workflows", &body, Prefer::RespondSync)
                .await
                .map_err(command_error)?;
            ids(&answer.body["activityWorkflowIds"])
        }
    };
    let course = CourseContext {
        course_finished: false,
        new_content_after_completion: true,
        now: upstream.now(),
        results_protected: details::results_protected(&access),
        reveal_policy: access.grade_reveal_policy,
        reveal_date: access.grade_reveal_date,
    };
    let next =
        open_next_in(&tree.children, details::course_state(&access), &course).and_then(|p| p.activity_path_id.clone());
    let (destination, url) = start_destination(objective, is_lti_course(&access), next.as_deref());
    Ok(StartResult {
        objective_id: objective.to_string(),
        workflow_id: workflow.to_string(),
        new_workflow,
        enrolled: enrolled_first,
        activity_workflow_ids,
        destination,
        activity_path_id: next,
        url,
    })
}

fn ids(value: &Value) -> Vec<String> {
    value.as_array().map(|a| a.iter().filter_map(Value::as_str).map(String::from).collect()).unwrap_or_default()
}
