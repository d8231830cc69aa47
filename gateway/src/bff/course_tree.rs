//! `GET /api/bff/courses/{objectiveId}/tree?workflowId=`: the table of contents of a course's
//! workflow (the last one when `workflowId` is not given), with statuses, locks and reasons,
//! the activity to open next and `refreshAt` (spec sections 2 and 4, rules in
//! [`crate::domain::tree`]).

use axum::Json;
use contracts::bff::{Problem, ScoreDisplay, TocStatus, Unauthorized};
use contracts::{
    bff::{CourseTreeView, TreeItem},
    upstream::{Activity, ActivityPart, ActivityType, CourseState, WorkflowState},
};
use serde::Deserialize;
use utoipa::IntoParams;
use uuid::Uuid;

use super::{fields::rfc3339, learner_courses::tree_proctoring_mismatch, params::parse_id};
use crate::extract::Path;
use crate::{
    auth::extract::LearnerSession,
    domain::{
        details,
        outcome::{self, CourseFacts},
        refresh,
        tree::{self, CourseContext, EvaluatedPart},
    },
    error::{AppError, AppResult},
    extract::Query,
    upstream::{CallContext, Upstream},
};

/// Spec section 4 locks never-started activities of a finished course 'when new content after
/// completion is not allowed'; the upstream does not say whether it is, so the rule applies.
const NEW_CONTENT_AFTER_COMPLETION: bool = false;

/// Query of the tree view.
#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct TreeQuery {
    /// The objective workflow to show; the last one when absent.
    workflow_id: Option<String>,
}

/// The item type as the client names it (in the contents and in the player).
pub(super) fn kind_name(kind: ActivityType, activity_type: Option<&str>) -> String {
    match kind {
        ActivityType::Composite => "composite".into(),
        ActivityType::Lti => "lti".into(),
        ActivityType::Text => "text".into(),
        ActivityType::Video => "video".into(),
        ActivityType::Discussion => "discussion".into(),
        ActivityType::Event => "event".into(),
        ActivityType::Other => activity_type.unwrap_or("other").to_string(),
    }
}

/// The content tree view.
#[utoipa::path(get, path = "/api/bff/courses/{objectiveId}/tree", tag = "views", params(
    ("objectiveId" = uuid::Uuid, Path, description = "The course (objective) id"),
    TreeQuery,
), responses(
    (status = 200, description = "The content tree of the workflow", body = CourseTreeView),
    (status = 400, description = "An id is not a UUID", body = Problem),
    (status = 401, description = "No valid session", body = Unauthorized),
    (status = 403, description = "The user may not use the learner area (no ObjectiveWorkflow.Create)", body = Problem),
    (status = 404, description = "No such course or workflow, or the course was never started", body = Problem),
    (status = 504, description = "The learning platform did not answer in time", body = Problem),
))]
pub async fn get_course_tree(
    auth: LearnerSession,
    Path(objective_id): Path<String>,
    Query(query): Query<TreeQuery>,
) -> AppResult<Json<CourseTreeView>> {
    let objective = parse_id("objectiveId", &objective_id)?;
    let asked =
        query.workflow_id.as_deref().filter(|w| !w.is_empty()).map(|w| parse_id("workflowId", w)).transpose()?;
    let upstream = &auth.portal.tenant.upstream;
    let access = upstream.objective_access(&auth.ctx, objective).await?;
    let last = access.last_objective_workflow.as_ref();
    let workflow = match (asked, last) {
        (Some(id), _) => id,
        (None, Some(w)) => w.id,
        (None, None) => return Err(AppError::NotFound),
    };
    let root = upstream.activity_tree(&auth.ctx, workflow).await?;
    // A workflow of another course is not this course's tree.
    if let (Some(root_id), Some(course_root)) = (root.id, access.objective.activity.as_ref().and_then(|a| a.id))
        && root_id != course_root
    {
        return Err(AppError::NotFound);
    }
    let shows_last = last.is_some_and(|w| w.id == workflow);
    let course_finished = match last {
        Some(w) if w.id == workflow => w.state == WorkflowState::Finished,
        // An earlier attempt is over.
        _ => asked.is_some(),
    };
    // The course's facts are those of its last attempt, as on every other view.
    let mismatch = last_attempt_mismatch(upstream, &auth.ctx, last.map(|w| w.id), workflow, &root).await?;
    let facts = CourseFacts::of_access(&access, mismatch);
    let now = upstream.now();
    let can_continue = shows_last && outcome::can_continue(&facts);
    let ctx = CourseContext {
        course_finished,
        new_content_after_completion: NEW_CONTENT_AFTER_COMPLETION,
        now,
        results_protected: details::results_protected(&access),
        reveal_policy: access.grade_reveal_policy,
        reveal_date: access.grade_reveal_date,
    };
    let course_state = details::course_state(&access).or(Some(root.state));
    let grade_hidden = outcome::result_hidden(&facts, now);
    let items = toc_items(&root.children, course_state, &ctx, grade_hidden);
    // Only a course the learner can go on working in has an activity to open next: not one
    // treated as in grading (a running proctored exam is not reopened), finished, draft or archived.
    let open_next = can_continue
        .then(|| tree::open_next_in(&root.children, course_state, &ctx))
        .flatten()
        .and_then(|p| p.activity_path_id.clone());
    Ok(Json(CourseTreeView {
        objective_id: objective.to_string(),
        workflow_id: workflow.to_string(),
        items,
        open_next,
        status: outcome::status(&facts),
        progress_percent: outcome::progress_percent(&facts),
        grade_hidden,
        can_continue,
        refresh_at: rfc3339(refresh::refresh_at(&access, &root.children, now)),
    }))
}

/// Whether the course's last attempt has a proctoring mismatch (see
/// [`tree_proctoring_mismatch`]): read from `shown_root` when the view shows the last attempt,
/// else from the last attempt's own tree; `false` when the course was never started.
async fn last_attempt_mismatch(
    upstream: &Upstream,
    ctx: &CallContext,
    last: Option<Uuid>,
    shown: Uuid,
    shown_root: &Activity,
) -> AppResult<bool> {
    Ok(match last {
        Some(id) if id == shown => tree_proctoring_mismatch(upstream, ctx, shown, shown_root).await?,
        Some(id) => {
            let last_tree = upstream.activity_tree(ctx, id).await?;
            tree_proctoring_mismatch(upstream, ctx, id, &last_tree).await?
        }
        None => false,
    })
}

/// The rows of the table of contents: every shown part with its status, lock and score.
fn toc_items(
    parts: &[ActivityPart],
    course_state: Option<CourseState>,
    ctx: &CourseContext,
    grade_hidden: bool,
) -> Vec<TreeItem> {
    shown_parts(parts, course_state, grade_hidden, ctx)
        .into_iter()
        .map(|(evaluated, shown)| {
            let part = evaluated.part;
            let activity = &part.child_activity;
            TreeItem {
                activity_id: activity.id.map(|id| id.to_string()),
                activity_path_id: part.activity_path_id.clone(),
                depth: u32::try_from(evaluated.depth).unwrap_or(u32::MAX),
                name: activity.name.clone().unwrap_or_default(),
                kind: kind_name(activity.kind, activity.activity_type.as_deref()),
                status: shown.status,
                locked: evaluated.lock.locked,
                disabled: evaluated.lock.disabled,
                lock_reason: evaluated.lock.reason,
                lock_message: evaluated.lock.message.clone(),
                optional: part.optional == Some(true),
                proctored: tree::toc_proctored(part),
                due: rfc3339(evaluated.constraint.due),
                score: shown.score,
            }
        })
        .collect()
}

/// The parts the contents show, in reading order with their status: archived parts and
/// everything under them are left out (spec section 2).
///
/// The pass and the score of each part are hidden by one decision,
/// [`outcome::activity_result_hidden`], as in the contents.
pub(super) fn shown_parts<'a>(
    parts: &'a [ActivityPart],
    course_state: Option<CourseState>,
    grade_hidden: bool,
    ctx: &CourseContext,
) -> Vec<ShownPart<'a>> {
    let mut out = Vec::new();
    let mut hidden_below: Option<usize> = None;
    for evaluated in tree::evaluate_in(parts, course_state, ctx) {
        if hidden_below.is_some_and(|depth| evaluated.depth > depth) {
            continue;
        }
        hidden_below = None;
        let aggregate = evaluated.part.child_activity.activity_workflow_aggregate.as_ref();
        let hidden = outcome::activity_result_hidden(
            grade_hidden,
            &evaluated.constraint,
            aggregate.and_then(|a| a.last_activity_workflow.as_ref()),
            ctx.now,
        );
        match tree::toc_status(evaluated.part, evaluated.state, &evaluated.lock, hidden) {
            Some(status) => {
                let score = outcome::activity_score(aggregate.and_then(|a| a.best_activity_record.as_ref()), hidden);
                out.push((evaluated, Shown { status, score }));
            }
            None => hidden_below = Some(evaluated.depth),
        }
    }
    out
}

/// What the contents show of a part: its status and its score.
#[derive(Debug, Clone, Copy)]
pub(super) struct Shown {
    /// Its status in the contents.
    pub(super) status: TocStatus,
    /// Its score, unless hidden.
    pub(super) score: Option<ScoreDisplay>,
}

/// A shown part with what the contents show of it.
pub(super) type ShownPart<'a> = (EvaluatedPart<'a>, Shown);
