//! `GET /api/bff/workflows/{workflowId}`: the view of an LTI activity workflow (the screen
//! `/courses/{objectiveId}/workflow/{workflowId}/view` of spec section 2). interfaces.md names
//! no route for it; this one sits beside the workflow commands under `/api/bff/workflows`.
//!
//! Answers the objective workflow's status and its LTI activities with their activity
//! workflows, which the client needs for the resource link and form calls.

use axum::Json;
use contracts::bff::{Problem, Unauthorized};
use contracts::{
    bff::{WorkflowActivity, WorkflowView},
    upstream::{ActivityPart, ActivityType},
};

use super::{fields::rfc3339, params::parse_id};
use crate::extract::Path;
use crate::{
    auth::extract::LearnerSession,
    domain::{details, score},
    error::AppResult,
};

fn collect_lti(parts: &[ActivityPart], out: &mut Vec<WorkflowActivity>) {
    let mut sorted: Vec<&ActivityPart> = parts.iter().collect();
    sorted.sort_by_key(|p| p.order.unwrap_or(i32::MAX));
    for part in sorted {
        let activity = &part.child_activity;
        if activity.kind == ActivityType::Lti {
            let last = activity.activity_workflow_aggregate.as_ref().and_then(|a| a.last_activity_workflow.as_ref());
            out.push(WorkflowActivity {
                activity_path_id: part.activity_path_id.clone(),
                name: activity.name.clone().unwrap_or_default(),
                activity_workflow_id: last.and_then(|w| w.id).map(|id| id.to_string()),
                status: last.map(|w| details::status_of(Some(w.state), false)),
                proctored: activity.proctored == Some(true),
            });
        }
        collect_lti(&activity.children, out);
    }
}

/// The workflow view.
#[utoipa::path(get, path = "/api/bff/workflows/{workflowId}", tag = "views", params(
    ("workflowId" = uuid::Uuid, Path, description = "The objective workflow id"),
), responses(
    (status = 200, description = "The LTI activities of the workflow with their activity workflows", body = WorkflowView),
    (status = 400, description = "The id is not a UUID", body = Problem),
    (status = 401, description = "No valid session", body = Unauthorized),
    (status = 403, description = "The user may not use the learner area (no ObjectiveWorkflow.Create)", body = Problem),
    (status = 404, description = "No such workflow", body = Problem),
    (status = 504, description = "The learning platform did not answer in time", body = Problem),
))]
pub async fn get_workflow(auth: LearnerSession, Path(workflow_id): Path<String>) -> AppResult<Json<WorkflowView>> {
    let id = parse_id("workflowId", &workflow_id)?;
    let upstream = &auth.portal.tenant.upstream;
    let (workflow, tree) =
        tokio::try_join!(upstream.objective_workflow(&auth.ctx, id), upstream.activity_tree(&auth.ctx, id))?;
    let mut activities = Vec::new();
    if tree.kind == ActivityType::Lti {
        // A single-activity course: the root is the LTI activity.
        let last = tree.activity_workflow_aggregate.as_ref().and_then(|a| a.last_activity_workflow.as_ref());
        activities.push(WorkflowActivity {
            activity_path_id: None,
            name: tree.name.clone().unwrap_or_default(),
            activity_workflow_id: last.and_then(|w| w.id).map(|id| id.to_string()),
            status: last.map(|w| details::status_of(Some(w.state), false)),
            proctored: tree.proctored == Some(true),
        });
    }
    collect_lti(&tree.children, &mut activities);
    Ok(Json(WorkflowView {
        workflow_id: workflow.id.to_string(),
        status: details::status_of(Some(workflow.state), workflow.objective_record_id.is_some()),
        progress_percent: score::progress_percent(workflow.progress),
        started: rfc3339(workflow.started),
        submitted: rfc3339(workflow.submitted),
        finished: rfc3339(workflow.finished),
        objective_record_id: workflow.objective_record_id.map(|id| id.to_string()),
        activities,
    }))
}
