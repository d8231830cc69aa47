//! LTI launches and proctoring: `objective-workflows/{id}/resource-link`,
//! `objective-workflows/{id}/resource-form/{activityWorkflowIds...}`, the launch page they
//! point at, and an activity workflow's last proctoring session and its start token.

use axum::{
    Json, Router,
    extract::{Path, Query, State, rejection::JsonRejection},
    http::{HeaderMap, StatusCode},
    response::{Html, IntoResponse, Response},
    routing::{get, post},
};
use rusqlite::{OptionalExtension, params};
use serde_json::{Value, json};
use uuid::Uuid;

use super::{commands::FieldErrors, engine::workflow, iso, known_tenant, user};

mod tool;
use crate::{Shared, error::ApiError};
pub(super) use tool::page;

pub(super) fn routes() -> Router<Shared> {
    const AW: &str = "/t/{tenant}/api/users/me/objective-workflows/{ow}/activity-workflows/{aw}";
    Router::new()
        .route("/t/{tenant}/api/objective-workflows/{id}/resource-link", post(resource_link))
        .route("/t/{tenant}/api/objective-workflows/{id}/resource-form/{*ids}", get(resource_form))
        .route("/t/{tenant}/lti/launch/{aw}", get(launch_page).post(tool::launch))
        .route("/t/{tenant}/lti/launch/{aw}/score", post(tool::score))
        .route(&format!("{AW}/last-proctoring-session"), get(last_session))
        .route(&format!("{AW}/last-proctoring-session/start-token"), get(start_token))
}

/// The activity workflows `ids` of workflow `ow` of `user`: (id, activity name, type).
fn activity_workflows(
    s: &Shared,
    user: &str,
    ow: &str,
    ids: &[String],
) -> Result<Vec<(String, String, String)>, ApiError> {
    let db = s.db();
    let w = workflow(&db, user, ow)?.ok_or_else(|| ApiError::not_found(format!("no objective workflow `{ow}`")))?;
    let mut stmt = db.prepare_cached(
        "SELECT aw.id, a.name, a.type FROM activity_workflows aw JOIN activities a ON a.id = aw.activity_id
         WHERE aw.id = ?1 AND aw.objective_workflow_id = ?2",
    )?;
    let mut found = Vec::new();
    for id in ids {
        let row = stmt.query_row(params![id, w.id], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?))).optional()?;
        found.push(row.ok_or_else(|| ApiError::not_found(format!("no activity workflow `{id}` in `{ow}`")))?);
    }
    Ok(found)
}

async fn resource_link(
    State(s): State<Shared>,
    Path((tenant, id)): Path<(String, String)>,
    headers: HeaderMap,
    Query(query): Query<Vec<(String, String)>>,
    body: Result<Json<Value>, JsonRejection>,
) -> Response {
    let user = match user(&s, &tenant, &headers) {
        Ok(user) => user,
        Err(e) => return e.into_response(),
    };
    let body = match body {
        Ok(Json(body)) => body,
        Err(e) => return FieldErrors::one("body", e.body_text()).into_response(),
    };
    let ids: Vec<String> = body["activityWorkflowIds"]
        .as_array()
        .map(|a| a.iter().filter_map(|v| v.as_str().map(String::from)).collect())
        .unwrap_or_default();
    if ids.is_empty() {
        return FieldErrors::one("activityWorkflowIds", "Field is required").into_response();
    }
    match activity_workflows(&s, &user, &id, &ids) {
        Ok(found) => {
            let mut target = url::Url::parse("http://relative/").expect("a valid base");
            target.set_path(&format!("/t/{tenant}/lti/launch/{}", found[0].0));
            target.query_pairs_mut().extend_pairs(query.iter());
            let relative = match target.query() {
                Some(q) => format!("{}?{q}", target.path()),
                None => target.path().to_string(),
            };
            Json(json!({ "targetLinkUri": relative, "activityWorkflowIds": ids, "activityPartIds": body["activityPartIds"] }))
                .into_response()
        }
        Err(e) => e.into_response(),
    }
}

#[derive(serde::Deserialize)]
#[serde(rename_all = "camelCase")]
struct FormQuery {
    return_url: Option<String>,
}

async fn resource_form(
    State(s): State<Shared>,
    Path((tenant, id, ids)): Path<(String, String, String)>,
    headers: HeaderMap,
    Query(query): Query<FormQuery>,
) -> Result<Json<Value>, ApiError> {
    let user = user(&s, &tenant, &headers)?;
    let ids: Vec<String> = ids.split('/').filter(|i| !i.is_empty()).map(String::from).collect();
    let found = activity_workflows(&s, &user, &id, &ids)?;
    let return_url = match query.return_url.as_deref().map(url::Url::parse) {
        None => None,
        Some(Ok(url)) if tool::returnable(&url) => Some(url.to_string()),
        Some(_) => return Err(ApiError::bad_request("returnUrl must be an http(s) URL on a loopback host")),
    };
    let action = format!("{}t/{tenant}/lti/launch/{}", s.public_url, found[0].0);
    let id_token = tool::sign_launch(&s, &tenant, &user, &id, &found[0], return_url.as_deref())?;
    Ok(Json(json!({
        "form": {
            "action": action, "method": "POST",
            "fields": {
                "objectiveWorkflowId": id, "activityWorkflowIds": ids.join(","),
                "lti_message_type": "LtiResourceLinkRequest", "id_token": id_token,
            },
        },
    })))
}

/// The resource link's target (`GET`): the tool without a launch. The launch itself is the
/// resource form's `POST` ([`tool::launch`]).
async fn launch_page(Path((tenant, aw)): Path<(String, String)>) -> Result<Html<String>, ApiError> {
    known_tenant(&tenant)?;
    let aw = Uuid::parse_str(&aw).map_err(|_| ApiError::not_found("no such activity workflow"))?;
    Ok(Html(tool::page(
        "LTI tool",
        &format!(
            "<h1>Stand-in LTI tool</h1><p>Activity workflow <code>{aw}</code>.</p>\
             <p>Open this activity from the learner portal: the tool starts from its launch form.</p>"
        ),
    )))
}

/// The last proctoring session of an activity workflow of the user.
fn session(s: &Shared, tenant: &str, headers: &HeaderMap, ow: &str, aw: &str) -> Result<Value, ApiError> {
    let user = user(s, tenant, headers)?;
    activity_workflows(s, &user, ow, &[aw.to_string()])?;
    let db = s.db();
    let row: Option<(String, i64, i64, Option<i64>)> = db
        .prepare_cached(
            "SELECT id, state, created, finished FROM proctoring_sessions WHERE activity_workflow_id = ?1
             ORDER BY created DESC, rowid DESC LIMIT 1",
        )?
        .query_row([aw], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?)))
        .optional()?;
    let (id, state, created, finished) =
        row.ok_or_else(|| ApiError::not_found(format!("no proctoring session for activity workflow `{aw}`")))?;
    Ok(
        json!({ "id": id, "activityWorkflowId": aw, "state": state, "created": iso(Some(created)), "finished": iso(finished) }),
    )
}

async fn last_session(
    State(s): State<Shared>,
    Path((tenant, ow, aw)): Path<(String, String, String)>,
    headers: HeaderMap,
) -> Result<Json<Value>, ApiError> {
    session(&s, &tenant, &headers, &ow, &aw).map(Json)
}

#[derive(serde::Deserialize)]
#[serde(rename_all = "camelCase")]
struct TokenQuery {
    activity_path_id: Option<String>,
}

async fn start_token(
    State(s): State<Shared>,
    Path((tenant, ow, aw)): Path<(String, String, String)>,
    headers: HeaderMap,
    Query(query): Query<TokenQuery>,
) -> Result<Json<Value>, ApiError> {
    let session = session(&s, &tenant, &headers, &ow, &aw)?;
    if session["state"] != 1 {
        return Err(ApiError::new(StatusCode::CONFLICT, "the proctoring session is finished"));
    }
    Ok(Json(json!({
        "token": Uuid::new_v4().simple().to_string(), "proctoringSessionId": session["id"],
        "activityPathId": query.activity_path_id, "expiresIn": 300,
    })))
}
