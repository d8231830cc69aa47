//! Commands of the course player on one objective workflow: start activities (spec section 4
//! 'an activity workflow is created (not for an already running one)', `start-activity-workflows`)
//! and save an activity workflow's progress (`PUT users/me/objective-workflows/{ow}/activity-workflows/{aw}`).

use axum::Json;
use contracts::bff::{
    Problem, SaveProgressRequest, SaveProgressResult, StartActivitiesRequest, StartActivitiesResult, Unauthorized,
};
use reqwest::Method;
use serde_json::{Value, json};

use super::{
    commands::command_error,
    params::{activity_path_id, parse_id},
};
use crate::extract::Path;
use crate::{
    auth::extract::AuthSession,
    error::{AppError, AppResult},
    extract,
    upstream::Prefer,
};

/// Most activities one start call may name.
const MAX_ACTIVITIES: usize = 100;

/// The part id of the part at `path` in a tree answer (the start call names parts by id).
fn part_id<'a>(node: &'a Value, path: &str) -> Option<&'a str> {
    let children = node.get("children").and_then(Value::as_array)?;
    children.iter().find_map(|part| {
        if part.get("activityPathId").and_then(Value::as_str) == Some(path) {
            part.get("id").and_then(Value::as_str)
        } else {
            part.get("childActivity").and_then(|child| part_id(child, path))
        }
    })
}

/// `POST /api/bff/workflows/{workflowId}/activities/start`: starts the activities at the
/// given paths (a running one is kept) and answers their activity workflows.
#[utoipa::path(post, path = "/api/bff/workflows/{workflowId}/activities/start", tag = "commands", request_body = StartActivitiesRequest, params(
    ("workflowId" = uuid::Uuid, Path, description = "The objective workflow id"),
), responses(
    (status = 200, description = "The activity workflows, started now or already running", body = StartActivitiesResult),
    (status = 400, description = "The id is not a UUID, or a bad body", body = Problem),
    (status = 401, description = "No valid session", body = Unauthorized),
    (status = 404, description = "No such workflow or activity", body = Problem),
    (status = 413, description = "The body is larger than `commands.max_body_bytes`", body = Problem),
    (status = 422, description = "The learning platform refused to start: its first message and field errors", body = Problem),
    (status = 504, description = "The learning platform did not answer in time", body = Problem),
))]
pub async fn start_activities(
    auth: AuthSession,
    Path(workflow_id): Path<String>,
    extract::Json(request): extract::Json<StartActivitiesRequest>,
) -> AppResult<Json<StartActivitiesResult>> {
    let workflow = parse_id("workflowId", &workflow_id)?;
    let paths = &request.activity_path_ids;
    if paths.is_empty() || paths.len() > MAX_ACTIVITIES {
        return Err(AppError::BadRequest(format!(
            "activityPathIds must name between 1 and {MAX_ACTIVITIES} activities"
        )));
    }
    for path in paths {
        activity_path_id(path)?;
    }
    let upstream = &auth.portal.tenant.upstream;
    let tree_path = format!("users/me/objective-workflows/{workflow}/activity-with-aggregates");
    let tree: Value = upstream.get(&auth.ctx, "reading the activity tree", &tree_path, &[]).await?;
    let parts = paths
        .iter()
        .map(|p| part_id(&tree, p).map(String::from).ok_or(AppError::NotFound))
        .collect::<AppResult<Vec<String>>>()?;
    let body = json!({ "objectiveWorkflowId": workflow, "activityPartIds": parts });
    let answer = upstream
        .send_command(&auth.ctx, "starting the activity", "start-activity-workflows", &body, Prefer::RespondSync)
        .await
        .map_err(command_error)?;
    let ids = answer.body["activityWorkflowIds"]
        .as_array()
        .map(|a| a.iter().filter_map(Value::as_str).map(String::from).collect())
        .unwrap_or_default();
    Ok(Json(StartActivitiesResult { workflow_id: workflow.to_string(), activity_workflow_ids: ids }))
}

/// `PUT /api/bff/workflows/{workflowId}/activities/{activityWorkflowId}/progress`: saves how far
/// the learner got (a video's position) on the running activity workflow.
#[utoipa::path(put, path = "/api/bff/workflows/{workflowId}/activities/{activityWorkflowId}/progress", tag = "commands", request_body = SaveProgressRequest, params(
    ("workflowId" = uuid::Uuid, Path, description = "The objective workflow id"),
    ("activityWorkflowId" = uuid::Uuid, Path, description = "The activity workflow id"),
), responses(
    (status = 200, description = "The progress is saved", body = SaveProgressResult),
    (status = 400, description = "An id is not a UUID, or the progress is not between 0 and 1", body = Problem),
    (status = 401, description = "No valid session", body = Unauthorized),
    (status = 404, description = "No such workflow", body = Problem),
    (status = 413, description = "The body is larger than `commands.max_body_bytes`", body = Problem),
    (status = 422, description = "The learning platform refused: its first message and field errors", body = Problem),
    (status = 504, description = "The learning platform did not answer in time", body = Problem),
))]
pub async fn save_activity_progress(
    auth: AuthSession,
    Path((workflow_id, activity_workflow_id)): Path<(String, String)>,
    extract::Json(request): extract::Json<SaveProgressRequest>,
) -> AppResult<Json<SaveProgressResult>> {
    let workflow = parse_id("workflowId", &workflow_id)?;
    let activity_workflow = parse_id("activityWorkflowId", &activity_workflow_id)?;
    if request.progress.is_some_and(|p| !(0.0..=1.0).contains(&p)) {
        return Err(AppError::BadRequest("progress must be a number from 0 to 1".into()));
    }
    if request.position_seconds.is_some_and(|s| !s.is_finite() || s < 0.0) {
        return Err(AppError::BadRequest("positionSeconds must be a number of seconds from 0".into()));
    }
    if request.progress.is_none() && request.position_seconds.is_none() {
        return Err(AppError::BadRequest("name progress or positionSeconds".into()));
    }
    let mut body = json!({ "progress": request.progress });
    if let Some(position) = request.position_seconds {
        body["data"] = json!({ "positionSeconds": position });
    }
    let path = format!("users/me/objective-workflows/{workflow}/activity-workflows/{activity_workflow}");
    let answer = auth
        .portal
        .tenant
        .upstream
        .command(&auth.ctx, "saving the activity's progress", Method::PUT, &path, &body, Prefer::RespondSync)
        .await
        .map_err(command_error)?;
    Ok(Json(SaveProgressResult {
        activity_workflow_id: activity_workflow.to_string(),
        progress: answer.body.get("progress").and_then(Value::as_f64).or(request.progress),
    }))
}
