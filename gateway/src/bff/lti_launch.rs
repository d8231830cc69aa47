//! `POST /api/bff/workflows/{workflowId}/launch`: launches the LTI tool of one activity (spec
//! section 7): the activity workflow is started (or the running one kept), then
//! `objective-workflows/{id}/resource-link` and `objective-workflows/{id}/resource-form/{ids}`
//! are read and answered with the course's display mode, so the client submits the form into a
//! named iframe (embedded) or a new window (fullscreen).
//!
//! The form's action must be on an origin the tenant allows for LTI launches (its LMS's origin,
//! the same list the Content-Security-Policy gives `frame-src` and `form-action`), otherwise the
//! answer is 502: the client never submits a form to an origin the page may not frame.
//!
//! The tree is read here with a small shape of its own ([`TreeNode`]): the launch needs the
//! part's id (`activityPartIds`), which the screens' DTOs do not carry.

use axum::Json;
use contracts::bff::{LtiDisplayMode, LtiFormField, LtiLaunch, LtiLaunchForm, LtiLaunchRequest, Problem, Unauthorized};
use contracts::upstream::{DisplayMode, WorkflowState};
use serde::Deserialize;
use serde_json::{Value, json};
use url::Url;
use uuid::Uuid;

use super::{client, commands::command_error, params::parse_id};
use crate::extract::Path;
use crate::{
    auth::extract::AuthSession,
    error::{AppError, AppResult},
    extract,
    upstream::{CallContext, Prefer, Upstream},
};

/// Most form fields read from a resource form.
const MAX_FORM_FIELDS: usize = 100;

/// The last activity workflow of an activity, as the launch reads it.
#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct LastWorkflow {
    pub id: Option<Uuid>,
    pub state: WorkflowState,
}

#[derive(Debug, Clone, Default, Deserialize)]
#[serde(rename_all = "camelCase")]
struct AggregateNode {
    #[serde(default)]
    last_activity_workflow: Option<LastWorkflow>,
}

/// An activity of the tree with what the launch, proctoring and collaboration read.
#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct TreeNode {
    pub id: Option<Uuid>,
    #[serde(default)]
    pub name: Option<String>,
    #[serde(default)]
    children: Vec<PartNode>,
    #[serde(default)]
    activity_workflow_aggregate: Option<AggregateNode>,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct PartNode {
    pub id: Option<Uuid>,
    #[serde(default)]
    pub activity_path_id: Option<String>,
    #[serde(default)]
    pub available: Option<bool>,
    pub child_activity: TreeNode,
}

impl TreeNode {
    /// The activity's last activity workflow.
    pub(crate) fn last(&self) -> Option<&LastWorkflow> {
        self.activity_workflow_aggregate.as_ref().and_then(|a| a.last_activity_workflow.as_ref())
    }

    /// The part at `path` (`1.3`), anywhere below.
    pub(crate) fn part(&self, path: &str) -> Option<&PartNode> {
        self.children.iter().find_map(|p| {
            if p.activity_path_id.as_deref() == Some(path) { Some(p) } else { p.child_activity.part(path) }
        })
    }
}

/// `GET users/me/objective-workflows/{id}/activity-with-aggregates`, in the launch's shape.
pub(crate) async fn read_tree(upstream: &Upstream, ctx: &CallContext, workflow: Uuid) -> AppResult<TreeNode> {
    let path = format!("users/me/objective-workflows/{workflow}/activity-with-aggregates");
    Ok(upstream.get(ctx, "reading the activity tree", &path, &[]).await?)
}

/// One activity to launch: the id sent as `activityPartIds` (the part's, or the root activity's
/// for a single-activity course) and its last activity workflow.
pub(crate) struct Target<'t> {
    pub part_id: Uuid,
    pub activity: &'t TreeNode,
    pub available: bool,
}

/// The activity at `path`, or the root when `path` is absent.
pub(crate) fn target<'t>(tree: &'t TreeNode, path: Option<&str>) -> AppResult<Target<'t>> {
    match path {
        None => Ok(Target {
            part_id: tree.id.ok_or_else(|| AppError::BadGateway("the course's activity has no id".into()))?,
            activity: tree,
            available: true,
        }),
        Some(path) => {
            let part = tree.part(path).ok_or(AppError::NotFound)?;
            Ok(Target {
                part_id: part.id.or(part.child_activity.id).ok_or(AppError::NotFound)?,
                activity: &part.child_activity,
                available: part.available != Some(false),
            })
        }
    }
}

/// `start-activity-workflows` for one part (`Prefer: respond-sync`); a running activity
/// workflow is kept by the platform. Answers the activity workflow id.
pub(crate) async fn start_activity(
    upstream: &Upstream,
    ctx: &CallContext,
    workflow: Uuid,
    part: Uuid,
) -> AppResult<Uuid> {
    let body = json!({ "objectiveWorkflowId": workflow, "activityPartIds": [part] });
    let answer = upstream
        .send_command(ctx, "starting the activity", "start-activity-workflows", &body, Prefer::RespondSync)
        .await
        .map_err(command_error)?;
    answer.body["activityWorkflowIds"]
        .as_array()
        .and_then(|ids| ids.first())
        .and_then(Value::as_str)
        .and_then(|id| Uuid::parse_str(id).ok())
        .ok_or_else(|| AppError::BadGateway("starting the activity answered no activity workflow".into()))
}

/// The origins a tenant lets LTI launches go to: its LMS's origin (where the platform's launch
/// endpoints and tools live). The Content-Security-Policy's `frame-src` and `form-action` name
/// the same list.
pub fn lti_origins(api_url: &Url) -> Vec<String> {
    vec![api_url.origin().ascii_serialization()]
}

/// The resource form of the answer, checked: an absolute http(s) action on an allowed origin.
fn read_form(answer: &Value, api_url: &Url) -> AppResult<LtiLaunchForm> {
    let form = answer.get("form").unwrap_or(answer);
    let action =
        form["action"].as_str().ok_or_else(|| AppError::BadGateway("the resource form has no action".into()))?;
    let action = api_url.join(action).map_err(|e| AppError::BadGateway(format!("the resource form's action: {e}")))?;
    if !matches!(action.scheme(), "https" | "http")
        || !lti_origins(api_url).contains(&action.origin().ascii_serialization())
    {
        return Err(AppError::BadGateway("the resource form goes to an origin this tenant does not allow".into()));
    }
    let method = match form["method"].as_str().map(str::to_ascii_uppercase).as_deref() {
        Some("GET") => "GET",
        _ => "POST",
    };
    let fields = match &form["fields"] {
        Value::Object(map) => map
            .iter()
            .take(MAX_FORM_FIELDS)
            .map(|(name, value)| LtiFormField {
                name: name.clone(),
                value: value.as_str().map_or_else(|| value.to_string(), String::from),
            })
            .collect(),
        Value::Array(items) => items
            .iter()
            .take(MAX_FORM_FIELDS)
            .filter_map(|f| Some(LtiFormField { name: f["name"].as_str()?.into(), value: f["value"].as_str()?.into() }))
            .collect(),
        _ => Vec::new(),
    };
    Ok(LtiLaunchForm { action: action.to_string(), method: method.into(), fields })
}

/// Launches the LTI tool of an activity.
#[utoipa::path(post, path = "/api/bff/workflows/{workflowId}/launch", tag = "commands", request_body = LtiLaunchRequest, params(
    ("workflowId" = uuid::Uuid, Path, description = "The objective workflow id"),
), responses(
    (status = 200, description = "The activity workflow runs: the resource link, the resource form and where to submit it", body = LtiLaunch),
    (status = 400, description = "An id is not a UUID, or a bad body", body = Problem),
    (status = 401, description = "No valid session", body = Unauthorized),
    (status = 404, description = "No such workflow, course or activity", body = Problem),
    (status = 409, description = "The activity is not available, or (in review) was never started", body = Problem),
    (status = 413, description = "The body is larger than `commands.max_body_bytes`", body = Problem),
    (status = 422, description = "The learning platform refused to start the activity: its first message and field errors", body = Problem),
    (status = 502, description = "The learning platform answered a form this portal cannot submit", body = Problem),
    (status = 504, description = "The learning platform did not answer in time", body = Problem),
))]
pub async fn launch_activity(
    auth: AuthSession,
    Path(workflow_id): Path<String>,
    extract::Json(request): extract::Json<LtiLaunchRequest>,
) -> AppResult<Json<LtiLaunch>> {
    let workflow = parse_id("workflowId", &workflow_id)?;
    let objective = parse_id("objectiveId", &request.objective_id)?;
    let path = request.activity_path_id.as_deref().filter(|p| !p.is_empty());
    if path.is_some_and(|p| p.len() > 64 || !p.chars().all(|c| c.is_ascii_alphanumeric() || c == '.')) {
        return Err(AppError::BadRequest("activityPathId must be a path like 1.3".into()));
    }
    let upstream = &auth.portal.tenant.upstream;
    let ctx = &auth.ctx;
    let (access, tree) = tokio::try_join!(
        async { upstream.objective_access(ctx, objective).await.map_err(AppError::from) },
        read_tree(upstream, ctx, workflow),
    )?;
    let target = target(&tree, path)?;
    let last = target.activity.last();
    let review = request.review == Some(true);
    // Review, or work already handed in: the last activity workflow is launched as it is.
    let activity_workflow = match last {
        Some(w) if review || w.state != WorkflowState::InProgress => w.id,
        None if review => None,
        _ if !target.available => {
            return Err(AppError::Conflict("activity_unavailable", "The activity is no longer available.".into()));
        }
        _ => Some(start_activity(upstream, ctx, workflow, target.part_id).await?),
    };
    let activity_workflow = activity_workflow
        .ok_or_else(|| AppError::Conflict("activity_not_started", "The activity was never started.".into()))?;
    let mut query = vec![];
    if review {
        query.push(("viewType", "REVIEW"));
    }
    let link_path = format!("objective-workflows/{workflow}/resource-link");
    let link_body = json!({ "activityWorkflowIds": [activity_workflow], "activityPartIds": [target.part_id] });
    let link_path = if query.is_empty() { link_path } else { format!("{link_path}?viewType=REVIEW") };
    let link = upstream
        .send_command(ctx, "reading the resource link", &link_path, &link_body, Prefer::RespondSync)
        .await
        .map_err(command_error)?;
    // Where the tool sends the learner back: this portal's `/lti-tool-callback` for the course.
    let return_url = format!("{}{}/lti-tool-callback?objectiveId={objective}", auth.portal.origin(), client::MOUNT);
    let form_path = format!("objective-workflows/{workflow}/resource-form/{activity_workflow}");
    let form: Value = upstream.get(ctx, "reading the resource form", &form_path, &[("returnUrl", return_url)]).await?;
    let api_url = upstream.base();
    let target_link_uri = link.body["targetLinkUri"]
        .as_str()
        .and_then(|t| api_url.join(t).ok())
        .ok_or_else(|| AppError::BadGateway("the resource link has no target".into()))?;
    let form = read_form(&form, api_url)?;
    let activity = access.objective.activity.as_ref();
    let display_mode = match access.objective.display_mode {
        Some(DisplayMode::Fullscreen) => LtiDisplayMode::Fullscreen,
        Some(DisplayMode::EmbeddedCustom) => LtiDisplayMode::EmbeddedCustom,
        _ => LtiDisplayMode::EmbeddedAuto,
    };
    let size = |v: Option<i32>| v.and_then(|v| u32::try_from(v).ok()).filter(|v| (1..=10_000).contains(v));
    Ok(Json(LtiLaunch {
        workflow_id: workflow.to_string(),
        activity_workflow_id: activity_workflow.to_string(),
        activity_path_id: path.map(String::from),
        target_link_uri: target_link_uri.to_string(),
        form,
        display_mode,
        preferred_width: size(activity.and_then(|a| a.preferred_width)),
        preferred_height: size(activity.and_then(|a| a.preferred_height)),
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_form_on_the_lms_origin_is_read_in_order() {
        let api = Url::parse("http://127.0.0.1:9/t/acme/api/").expect("url");
        let form = read_form(
            &json!({ "form": { "action": "http://127.0.0.1:9/t/acme/lti/launch/1", "method": "post",
                "fields": { "a": "1", "b": 2 } } }),
            &api,
        )
        .expect("allowed");
        assert_eq!(form.method, "POST");
        assert_eq!(form.fields[1], LtiFormField { name: "b".into(), value: "2".into() });
    }

    #[test]
    fn a_form_to_another_origin_is_refused() {
        let api = Url::parse("https://lms.example/api/").expect("url");
        for action in ["https://evil.example/launch", "javascript:alert(1)", "data:text/html,x"] {
            let answer = json!({ "form": { "action": action, "fields": {} } });
            assert!(read_form(&answer, &api).is_err(), "{action}");
        }
    }
}
