//! A collaborative activity of the content page:
//!
//! - `GET /api/bff/courses/{objectiveId}/collaboration/{activityPathId}`: its participants
//!   (`users/me/objective-workflows/{id}/activity-paths/{path}/participants/query`, spec
//!   section 7), the learner's group workflow, shared by its members
//!   (`users/me/objective-workflow-aggregates/{owa}/group-activity-workflows/{gaw}`), the
//!   learner's own activity workflow and what they can do next (start or join prompt, open).
//! - `POST /api/bff/courses/{objectiveId}/collaboration/{activityPathId}/join`: starts the
//!   learner's activity workflow in the group's work (`start-activity-workflows`; a running one
//!   is kept).
//!
//! The participants query names each participant's group (`groupActivityWorkflowId`); the
//! learner's group is the one of the participant who is the learner.

use axum::Json;
use contracts::bff::{
    CollaborationAction, CollaborationGroup, CollaborationJoinResult, CollaborationMember, CollaborationView,
    CourseStatus, Problem, Unauthorized,
};
use contracts::upstream::WorkflowState;
use serde_json::Value;
use uuid::Uuid;

use super::{
    lti_launch::{read_tree, start_activity, target},
    params::{activity_path_id, parse_id},
};
use crate::extract::Path;
use crate::{
    auth::extract::AuthSession,
    domain::details,
    error::{AppError, AppResult},
    upstream::UpstreamError,
};

/// Most participants read for one activity.
const MAX_PARTICIPANTS: u32 = 200;

fn text(v: &Value, key: &str) -> Option<String> {
    v.get(key).and_then(Value::as_str).map(str::trim).filter(|s| !s.is_empty()).map(String::from)
}

/// A participant or member as the view shows them.
fn member(v: &Value, me: Uuid) -> Option<CollaborationMember> {
    let id = text(v, "id").or_else(|| text(v, "userId"))?;
    let name = [text(v, "first_name"), text(v, "middle_name"), text(v, "last_name")]
        .into_iter()
        .flatten()
        .collect::<Vec<_>>()
        .join(" ");
    let email = text(v, "email");
    Some(CollaborationMember {
        is_me: Uuid::parse_str(&id).is_ok_and(|id| id == me),
        name: if name.is_empty() { email.clone().unwrap_or_default() } else { name },
        email,
        role: text(v, "role"),
        id,
    })
}

fn rows(answer: Value) -> Vec<Value> {
    match answer {
        Value::Array(rows) => rows,
        Value::Object(mut map) => match map.remove("data") {
            Some(Value::Array(rows)) => rows,
            _ => Vec::new(),
        },
        _ => Vec::new(),
    }
}

/// What the learner can do next: open their running work, join a group that started, or start.
pub(crate) fn next_action(
    own: Option<WorkflowState>,
    group: Option<WorkflowState>,
    available: bool,
    review: bool,
) -> CollaborationAction {
    match own {
        _ if review => CollaborationAction::None,
        Some(WorkflowState::InProgress) => CollaborationAction::Open,
        Some(_) => CollaborationAction::None,
        None if !available => CollaborationAction::None,
        None if group == Some(WorkflowState::InProgress) => CollaborationAction::Join,
        None => CollaborationAction::Start,
    }
}

/// The collaborative activity's view.
#[utoipa::path(get, path = "/api/bff/courses/{objectiveId}/collaboration/{activityPathId}", tag = "views", params(
    ("objectiveId" = uuid::Uuid, Path, description = "The course (objective) id"),
    ("activityPathId" = String, Path, description = "Path id of the collaborative activity (`1.3`)"),
), responses(
    (status = 200, description = "Participants, the learner's group workflow and what they can do next", body = CollaborationView),
    (status = 400, description = "An id is not valid", body = Problem),
    (status = 401, description = "No valid session", body = Unauthorized),
    (status = 404, description = "No such course or activity, or the course is not started", body = Problem),
    (status = 504, description = "The learning platform did not answer in time", body = Problem),
))]
pub async fn get_collaboration(
    auth: AuthSession,
    Path((objective_id, raw_path)): Path<(String, String)>,
) -> AppResult<Json<CollaborationView>> {
    let objective = parse_id("objectiveId", &objective_id)?;
    let path = activity_path_id(&raw_path)?;
    let upstream = &auth.portal.tenant.upstream;
    let ctx = &auth.ctx;
    let me = auth.session.user.id;
    let access = upstream.objective_access(ctx, objective).await?;
    let workflow = access.last_objective_workflow.as_ref().map(|w| w.id).ok_or(AppError::NotFound)?;
    let participants_path = format!("users/me/objective-workflows/{workflow}/activity-paths/{path}/participants/query");
    let take = [("take", MAX_PARTICIPANTS.to_string())];
    let (tree, participants) = tokio::try_join!(read_tree(upstream, ctx, workflow), async {
        upstream.get::<Value>(ctx, "reading the participants", &participants_path, &take).await.map_err(AppError::from)
    })?;
    let target = target(&tree, Some(path))?;
    let participants = rows(participants);
    let group_id = participants
        .iter()
        .find(|p| member(p, me).is_some_and(|m| m.is_me))
        .and_then(|p| text(p, "groupActivityWorkflowId"))
        .and_then(|id| Uuid::parse_str(&id).ok());
    let group = match (group_id, access.objective_workflow_aggregate.as_ref()) {
        (Some(gaw), Some(aggregate)) => {
            let path =
                format!("users/me/objective-workflow-aggregates/{}/group-activity-workflows/{gaw}", aggregate.id);
            match upstream.get::<Value>(ctx, "reading the group workflow", &path, &[]).await {
                Ok(group) => Some(group),
                Err(UpstreamError::NotFound(_)) => None,
                Err(e) => return Err(e.into()),
            }
        }
        _ => None,
    };
    let group_state = group
        .as_ref()
        .and_then(|g| g["state"].as_i64())
        .and_then(|s| serde_json::from_value::<WorkflowState>(Value::from(s)).ok());
    let last = target.activity.last();
    let review = access.last_objective_workflow.as_ref().is_some_and(|w| w.state != WorkflowState::InProgress);
    let action = next_action(last.map(|w| w.state), group_state, target.available, review);
    Ok(Json(CollaborationView {
        objective_id: objective.to_string(),
        workflow_id: workflow.to_string(),
        activity_path_id: path.into(),
        name: target.activity.name.clone().unwrap_or_default(),
        participants: participants.iter().filter_map(|p| member(p, me)).collect(),
        group: group.map(|g| CollaborationGroup {
            id: text(&g, "id").unwrap_or_default(),
            name: text(&g, "name").unwrap_or_default(),
            status: group_state.map_or(CourseStatus::NotStarted, |s| details::status_of(Some(s), false)),
            members: g["members"]
                .as_array()
                .map(|m| m.iter().filter_map(|v| member(v, me)).collect())
                .unwrap_or_default(),
        }),
        activity_workflow_id: last.and_then(|w| w.id).map(|id| id.to_string()),
        status: last.map(|w| details::status_of(Some(w.state), false)),
        action,
    }))
}

/// Starts (or joins) the group's work on the activity.
#[utoipa::path(post, path = "/api/bff/courses/{objectiveId}/collaboration/{activityPathId}/join", tag = "commands", params(
    ("objectiveId" = uuid::Uuid, Path, description = "The course (objective) id"),
    ("activityPathId" = String, Path, description = "Path id of the collaborative activity (`1.3`)"),
), responses(
    (status = 200, description = "The learner works on the activity: their activity workflow", body = CollaborationJoinResult),
    (status = 400, description = "An id is not valid", body = Problem),
    (status = 401, description = "No valid session", body = Unauthorized),
    (status = 404, description = "No such course or activity, or the course is not started", body = Problem),
    (status = 409, description = "The activity is not available", body = Problem),
    (status = 413, description = "The body is larger than `commands.max_body_bytes`", body = Problem),
    (status = 422, description = "The learning platform refused to start the activity: its first message and field errors", body = Problem),
    (status = 504, description = "The learning platform did not answer in time", body = Problem),
))]
pub async fn join_collaboration(
    auth: AuthSession,
    Path((objective_id, raw_path)): Path<(String, String)>,
) -> AppResult<Json<CollaborationJoinResult>> {
    let objective = parse_id("objectiveId", &objective_id)?;
    let path = activity_path_id(&raw_path)?;
    let upstream = &auth.portal.tenant.upstream;
    let ctx = &auth.ctx;
    let me = auth.session.user.id;
    let access = upstream.objective_access(ctx, objective).await?;
    let workflow = access.last_objective_workflow.as_ref().map(|w| w.id).ok_or(AppError::NotFound)?;
    let participants_path = format!("users/me/objective-workflows/{workflow}/activity-paths/{path}/participants/query");
    let (tree, participants) = tokio::try_join!(read_tree(upstream, ctx, workflow), async {
        upstream.get::<Value>(ctx, "reading the participants", &participants_path, &[]).await.map_err(AppError::from)
    })?;
    let target = target(&tree, Some(path))?;
    if !target.available {
        return Err(AppError::Conflict("activity_unavailable", "The activity is no longer available.".into()));
    }
    let activity_workflow = start_activity(upstream, ctx, workflow, target.part_id).await?;
    let group_id = rows(participants)
        .iter()
        .find(|p| member(p, me).is_some_and(|m| m.is_me))
        .and_then(|p| text(p, "groupActivityWorkflowId"));
    Ok(Json(CollaborationJoinResult {
        workflow_id: workflow.to_string(),
        activity_workflow_id: activity_workflow.to_string(),
        group_id,
    }))
}

#[cfg(test)]
mod tests {
    use super::*;
    use WorkflowState::{Finished, InProgress};

    #[test]
    fn the_next_action_follows_the_learner_then_the_group() {
        use CollaborationAction::{Join, None, Open, Start};
        let cases = [
            (Some(InProgress), Some(InProgress), true, false, Open),
            (Some(Finished), Some(InProgress), true, false, None),
            (Option::None, Some(InProgress), true, false, Join),
            (Option::None, Option::None, true, false, Start),
            (Option::None, Option::None, false, false, None),
            (Some(InProgress), Option::None, true, true, None),
        ];
        for (own, group, available, review, action) in cases {
            assert_eq!(next_action(own, group, available, review), action, "{own:?} {group:?} {available} {review}");
        }
    }

    #[test]
    fn a_member_is_named_from_their_names_and_marked_when_it_is_the_learner() {
        let me = Uuid::new_v4();
        let m = member(
            &serde_json::json!({ "id": me, "first_name": "Ada", "last_name": "Lovelace", "role": "member" }),
            me,
        )
        .expect("a member");
        assert_eq!((m.name.as_str(), m.is_me, m.role.as_deref()), ("Ada Lovelace", true, Some("member")));
    }
}
