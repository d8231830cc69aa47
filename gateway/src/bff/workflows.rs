//! Commands on a running objective workflow: submit (asynchronous, polled until completed or
//! 'Time over!'), finish activity workflows, finish the objective workflow (synchronous). Spec
//! section 4 'Submitting': finishing an activity workflow and finishing an objective workflow
//! are separate calls.

use axum::{Json, extract::State};
use contracts::bff::{FinishActivitiesRequest, FinishActivitiesResult, FinishObjectiveResult, SubmitResult};
use contracts::bff::{Problem, Unauthorized};
use serde_json::{Value, json};
use uuid::Uuid;

use super::{
    commands::{await_command, command_error},
    params::parse_id,
};
use crate::extract::Path;
use crate::{
    app::AppState,
    auth::extract::{AuthSession, LearnerSession},
    domain::score,
    error::{AppError, AppResult},
    extract,
    upstream::Prefer,
};

/// Most activity workflows one finish call may name.
pub const MAX_ACTIVITY_WORKFLOWS: usize = 100;

/// The learner's own workflow, read before any command on it: an unknown workflow, or another
/// learner's, is a 404 as for `GET /api/bff/workflows/{workflowId}`, and nothing is sent.
async fn own_workflow(auth: &AuthSession, workflow: Uuid) -> AppResult<()> {
    auth.portal.tenant.upstream.objective_workflow(&auth.ctx, workflow).await?;
    Ok(())
}

/// `POST /api/bff/workflows/{workflowId}/submit`: `submit-objective-workflows` with
/// `Prefer: respond-async`, its status polled per `commands.poll_interval_ms` until completed
/// (or 'Time over!' after `commands.poll_timeout_ms`); answers the workflow's state after.
#[utoipa::path(post, path = "/api/bff/workflows/{workflowId}/submit", tag = "commands", params(
    ("workflowId" = uuid::Uuid, Path, description = "The objective workflow id"),
), responses(
    (status = 200, description = "The workflow is submitted: its state now", body = SubmitResult),
    (status = 400, description = "The id is not a UUID", body = Problem),
    (status = 401, description = "No valid session", body = Unauthorized),
    (status = 403, description = "The user may not use the learner area (no ObjectiveWorkflow.Create)", body = Problem),
    (status = 404, description = "No such workflow", body = Problem),
    (status = 409, description = "The command was canceled", body = Problem),
    (status = 413, description = "The body is larger than `commands.max_body_bytes`", body = Problem),
    (status = 422, description = "The learning platform refused the command: its first message and field errors", body = Problem),
    (status = 504, description = "Time over: the command did not complete in time", body = Problem),
))]
pub async fn submit_workflow(
    State(state): State<AppState>,
    auth: LearnerSession,
    Path(workflow_id): Path<String>,
) -> AppResult<Json<SubmitResult>> {
    let workflow = parse_id("workflowId", &workflow_id)?;
    let upstream = &auth.portal.tenant.upstream;
    own_workflow(&auth, workflow).await?;
    let what = "submitting the course";
    let answer = upstream
        .send_command(&auth.ctx, what, "submit-objective-workflows", &json!({ "id": workflow }), Prefer::RespondAsync)
        .await
        .map_err(command_error)?;
    let result = await_command(upstream, &auth.ctx, what, answer, &state.config.commands).await?;
    let read = upstream.objective_workflow(&auth.ctx, workflow).await?;
    Ok(Json(SubmitResult {
        workflow_id: workflow.to_string(),
        state: read.state.into(),
        objective_record_id: read
            .objective_record_id
            .map(|id| id.to_string())
            .or_else(|| result["objectiveRecordId"].as_str().map(String::from)),
    }))
}

/// `POST /api/bff/workflows/{workflowId}/activities/finish`: `finish-activity-workflows`
/// (synchronously: the learner waits for the answer either way); answers the course's progress.
#[utoipa::path(post, path = "/api/bff/workflows/{workflowId}/activities/finish", tag = "commands", request_body = FinishActivitiesRequest, params(
    ("workflowId" = uuid::Uuid, Path, description = "The objective workflow id"),
), responses(
    (status = 200, description = "The activities are finished: the course's progress now", body = FinishActivitiesResult),
    (status = 400, description = "The id is not a UUID, or a bad body", body = Problem),
    (status = 401, description = "No valid session", body = Unauthorized),
    (status = 403, description = "The user may not use the learner area (no ObjectiveWorkflow.Create)", body = Problem),
    (status = 404, description = "No such workflow", body = Problem),
    (status = 413, description = "The body is larger than `commands.max_body_bytes`", body = Problem),
    (status = 422, description = "The learning platform refused the command: its first message and field errors", body = Problem),
    (status = 504, description = "The learning platform did not answer in time", body = Problem),
))]
pub async fn finish_activities(
    auth: LearnerSession,
    Path(workflow_id): Path<String>,
    extract::Json(request): extract::Json<FinishActivitiesRequest>,
) -> AppResult<Json<FinishActivitiesResult>> {
    let workflow = parse_id("workflowId", &workflow_id)?;
    if request.activity_workflow_ids.is_empty() || request.activity_workflow_ids.len() > MAX_ACTIVITY_WORKFLOWS {
        return Err(AppError::BadRequest(format!(
            "activityWorkflowIds must name between 1 and {MAX_ACTIVITY_WORKFLOWS} activity workflows"
        )));
    }
    let ids = request
        .activity_workflow_ids
        .iter()
        .map(|id| parse_id("activityWorkflowId", id))
        .collect::<Result<Vec<Uuid>, _>>()?;
    let upstream = &auth.portal.tenant.upstream;
    own_workflow(&auth, workflow).await?;
    let body = json!({ "objectiveWorkflowId": workflow, "activityWorkflowIds": ids });
    let answer = upstream
        .send_command(&auth.ctx, "finishing activities", "finish-activity-workflows", &body, Prefer::RespondSync)
        .await
        .map_err(command_error)?;
    let progress = match answer.body.get("progress").and_then(Value::as_f64) {
        Some(progress) => Some(progress),
        None => upstream.objective_workflow(&auth.ctx, workflow).await?.progress,
    };
    Ok(Json(FinishActivitiesResult {
        workflow_id: workflow.to_string(),
        activity_workflow_ids: ids.iter().map(Uuid::to_string).collect(),
        progress_percent: score::progress_percent(progress),
    }))
}

/// `POST /api/bff/workflows/{workflowId}/finish`: `finish-objective-workflows` with
/// `Prefer: respond-sync` (spec section 7).
#[utoipa::path(post, path = "/api/bff/workflows/{workflowId}/finish", tag = "commands", params(
    ("workflowId" = uuid::Uuid, Path, description = "The objective workflow id"),
), responses(
    (status = 200, description = "The course attempt is finished", body = FinishObjectiveResult),
    (status = 400, description = "The id is not a UUID", body = Problem),
    (status = 401, description = "No valid session", body = Unauthorized),
    (status = 403, description = "The user may not use the learner area (no ObjectiveWorkflow.Create)", body = Problem),
    (status = 404, description = "No such workflow", body = Problem),
    (status = 413, description = "The body is larger than `commands.max_body_bytes`", body = Problem),
    (status = 422, description = "The learning platform refused the command: its first message and field errors", body = Problem),
    (status = 504, description = "The learning platform did not answer in time", body = Problem),
))]
pub async fn finish_workflow(
    auth: LearnerSession,
    Path(workflow_id): Path<String>,
) -> AppResult<Json<FinishObjectiveResult>> {
    let workflow = parse_id("workflowId", &workflow_id)?;
    let upstream = &auth.portal.tenant.upstream;
    own_workflow(&auth, workflow).await?;
    let body = json!({ "id": Uuid::new_v4(), "objectiveWorkflowId": workflow });
    let answer = upstream
        .send_command(&auth.ctx, "finishing the course", "finish-objective-workflows", &body, Prefer::RespondSync)
        .await
        .map_err(command_error)?;
    Ok(Json(FinishObjectiveResult {
        workflow_id: workflow.to_string(),
        objective_record_id: answer.body["objectiveRecordId"].as_str().map(String::from),
        certificate_issued: answer.body["certificateRecordId"].is_string(),
    }))
}
