//! The proctored activity (`/courses/proctor/{objectiveId}/{activityPathId}` of spec section 2):
//!
//! - `GET /api/bff/courses/{objectiveId}/proctoring/{activityPathId}`: the activity, its last
//!   activity workflow and proctoring session (`.../last-proctoring-session`, spec section 7),
//!   and the in-grading rule of spec section 4 'Availability' ([`reveal::proctoring_mismatch`]).
//! - `POST /api/bff/courses/{objectiveId}/proctoring/{activityPathId}/start-token`: the session's
//!   start token (`.../last-proctoring-session/start-token?activityPathId=`). A command, not a
//!   view: every call answers a fresh token that must never be cached.

use axum::{Json, http::StatusCode};
use contracts::bff::{Problem, ProctoringSessionState, ProctoringStartToken, ProctoringView, Unauthorized};
use contracts::upstream::{ProctoringState, WorkflowState};
use serde_json::Value;
use uuid::Uuid;

use super::{
    commands::command_error,
    lti_launch::{read_tree, target},
    params::{activity_path_id, parse_id},
};
use crate::extract::Path;
use crate::{
    auth::extract::AuthSession,
    domain::{details, reveal},
    error::{AppError, AppResult},
    upstream::UpstreamError,
};

fn session_state(state: ProctoringState) -> ProctoringSessionState {
    match state {
        ProctoringState::Created => ProctoringSessionState::Created,
        ProctoringState::Finished => ProctoringSessionState::Finished,
        _ => ProctoringSessionState::Unknown,
    }
}

/// The proctored activity's view.
#[utoipa::path(get, path = "/api/bff/courses/{objectiveId}/proctoring/{activityPathId}", tag = "views", params(
    ("objectiveId" = uuid::Uuid, Path, description = "The course (objective) id"),
    ("activityPathId" = String, Path, description = "Path id of the proctored activity (`1.3`)"),
), responses(
    (status = 200, description = "The activity, its proctoring session and whether the course is treated as in grading", body = ProctoringView),
    (status = 400, description = "An id is not valid", body = Problem),
    (status = 401, description = "No valid session", body = Unauthorized),
    (status = 404, description = "No such course or activity", body = Problem),
    (status = 504, description = "The learning platform did not answer in time", body = Problem),
))]
pub async fn get_proctoring(
    auth: AuthSession,
    Path((objective_id, raw_path)): Path<(String, String)>,
) -> AppResult<Json<ProctoringView>> {
    let objective = parse_id("objectiveId", &objective_id)?;
    let path = activity_path_id(&raw_path)?;
    let upstream = &auth.portal.tenant.upstream;
    let ctx = &auth.ctx;
    let access = upstream.objective_access(ctx, objective).await?;
    let course_name = access.objective.name.clone();
    let Some(workflow) = access.last_objective_workflow.as_ref().map(|w| w.id) else {
        // Not started: nothing to proctor yet.
        return Ok(Json(ProctoringView {
            objective_id: objective.to_string(),
            course_name,
            workflow_id: None,
            activity_path_id: path.into(),
            name: String::new(),
            activity_workflow_id: None,
            activity_status: None,
            session: None,
            in_grading: false,
            can_start: false,
        }));
    };
    let tree = read_tree(upstream, ctx, workflow).await?;
    let target = target(&tree, Some(path))?;
    let last = target.activity.last();
    let session = match last.and_then(|w| w.id) {
        Some(aw) => upstream.last_proctoring_session(ctx, workflow, aw).await?,
        None => None,
    };
    let in_grading = match (&session, last) {
        (Some(s), Some(w)) => reveal::proctoring_mismatch(s.state, w.state),
        _ => false,
    };
    let state = session.as_ref().map(|s| session_state(s.state));
    Ok(Json(ProctoringView {
        objective_id: objective.to_string(),
        course_name,
        workflow_id: Some(workflow.to_string()),
        activity_path_id: path.into(),
        name: target.activity.name.clone().unwrap_or_default(),
        activity_workflow_id: last.and_then(|w| w.id).map(|id| id.to_string()),
        activity_status: last.map(|w| details::status_of(Some(w.state), false)),
        session: state,
        in_grading,
        // The upstream's own rule for a start token: an open session of running work. The
        // in-grading rule is shown beside it, not applied: read as the spec words it, every
        // open session of running work is a mismatch (see `reveal::proctoring_mismatch`).
        can_start: state == Some(ProctoringSessionState::Created)
            && last.is_some_and(|w| w.state == WorkflowState::InProgress),
    }))
}

/// A start token of the activity's proctoring session.
#[utoipa::path(post, path = "/api/bff/courses/{objectiveId}/proctoring/{activityPathId}/start-token", tag = "commands", params(
    ("objectiveId" = uuid::Uuid, Path, description = "The course (objective) id"),
    ("activityPathId" = String, Path, description = "Path id of the proctored activity (`1.3`)"),
), responses(
    (status = 200, description = "A fresh start token of the session", body = ProctoringStartToken),
    (status = 400, description = "An id is not valid", body = Problem),
    (status = 401, description = "No valid session", body = Unauthorized),
    (status = 404, description = "No such course or activity", body = Problem),
    (status = 409, description = "The activity has no open proctoring session (not started, or finished)", body = Problem),
    (status = 413, description = "The body is larger than `commands.max_body_bytes`", body = Problem),
    (status = 422, description = "The learning platform refused the request: its first message and field errors", body = Problem),
    (status = 504, description = "The learning platform did not answer in time", body = Problem),
))]
pub async fn start_token(
    auth: AuthSession,
    Path((objective_id, raw_path)): Path<(String, String)>,
) -> AppResult<Json<ProctoringStartToken>> {
    let objective = parse_id("objectiveId", &objective_id)?;
    let path = activity_path_id(&raw_path)?;
    let upstream = &auth.portal.tenant.upstream;
    let ctx = &auth.ctx;
    let access = upstream.objective_access(ctx, objective).await?;
    let no_session = || AppError::Conflict("no_proctoring_session", "The proctoring session is not open.".into());
    let workflow = access.last_objective_workflow.as_ref().map(|w| w.id).ok_or_else(no_session)?;
    let tree = read_tree(upstream, ctx, workflow).await?;
    let aw: Uuid = target(&tree, Some(path))?.activity.last().and_then(|w| w.id).ok_or_else(no_session)?;
    let token_path =
        format!("users/me/objective-workflows/{workflow}/activity-workflows/{aw}/last-proctoring-session/start-token");
    let answer: Value = match upstream
        .get(ctx, "reading the proctoring start token", &token_path, &[("activityPathId", path.into())])
        .await
    {
        Ok(answer) => answer,
        Err(UpstreamError::NotFound(_)) => return Err(no_session()),
        Err(e @ UpstreamError::Rejected(..)) => return Err(command_error(e)),
        // The platform answers 409 once the session is finished.
        Err(UpstreamError::Status(_, StatusCode::CONFLICT)) => return Err(no_session()),
        Err(e) => return Err(e.into()),
    };
    let token =
        answer["token"].as_str().ok_or_else(|| AppError::BadGateway("the start token answer has no token".into()))?;
    Ok(Json(ProctoringStartToken {
        token: token.into(),
        proctoring_session_id: answer["proctoringSessionId"].as_str().map(String::from),
        expires_in: answer["expiresIn"].as_u64().and_then(|v| u32::try_from(v).ok()),
        workflow_id: workflow.to_string(),
        activity_workflow_id: aw.to_string(),
    }))
}
