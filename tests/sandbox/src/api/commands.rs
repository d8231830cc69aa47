//! Commands (`POST start-objective-workflows` and the like) and their status resources.
//!
//! `Prefer: respond-sync` runs the command at once: 200 with its result, or 400 with field
//! errors. Otherwise (`respond-async`, the default) the answer is 202 with `Location:
//! /t/{tenant}/api/commands/{id}`; the command runs after the configured delay and its status
//! becomes 1 completed or 2 failed (with `errors`); 0 means still pending, 3 canceled
//! (`DELETE commands/{id}` while pending). A body that is not the command's shape is a 400
//! with field errors before anything runs.

use std::collections::BTreeMap;

use axum::{
    Json, Router,
    extract::{Path, State, rejection::JsonRejection},
    http::{HeaderMap, HeaderValue, StatusCode, header},
    response::{IntoResponse, Response},
    routing::{get, post},
};
use rand::Rng;
use rusqlite::{OptionalExtension, params};
use serde_json::{Value, json};
use uuid::Uuid;

use super::{
    engine::{self, Ctx},
    now_ms, user,
};
use crate::{Shared, error::ApiError};

/// Field errors of a command: `{"errors": {"field": ["message"]}}` in a 400 problem.
#[derive(Debug, Default, Clone, PartialEq)]
pub(crate) struct FieldErrors(BTreeMap<String, Vec<String>>);

impl FieldErrors {
    /// One message for one field.
    pub(crate) fn one(field: &str, message: impl Into<String>) -> Self {
        let mut errors = FieldErrors::default();
        errors.add(field, message);
        errors
    }

    /// Adds a message for a field.
    pub(crate) fn add(&mut self, field: &str, message: impl Into<String>) {
        self.0.entry(field.to_string()).or_default().push(message.into());
    }

    /// `Err(self)` when there is any message.
    pub(crate) fn into_result(self) -> Result<(), FieldErrors> {
        if self.0.is_empty() { Ok(()) } else { Err(self) }
    }

    fn to_json(&self) -> Value {
        json!(self.0)
    }

    pub(crate) fn first(&self) -> String {
        self.0.values().flatten().next().cloned().unwrap_or_default()
    }
}

impl IntoResponse for FieldErrors {
    fn into_response(self) -> Response {
        let body = json!({ "title": "Bad Request", "status": 400, "detail": self.first(), "errors": self.to_json() });
        let mut response = (StatusCode::BAD_REQUEST, Json(body)).into_response();
        response.headers_mut().insert(header::CONTENT_TYPE, HeaderValue::from_static("application/problem+json"));
        response
    }
}

/// The commands of spec section 7.
#[derive(Debug, Clone, Copy)]
enum Kind {
    StartObjective,
    SubmitObjective,
    FinishObjective,
    StartActivities,
    FinishActivities,
    SelfEnroll,
}

impl Kind {
    fn name(self) -> &'static str {
        match self {
            Kind::StartObjective => "start-objective-workflows",
            Kind::SubmitObjective => "submit-objective-workflows",
            Kind::FinishObjective => "finish-objective-workflows",
            Kind::StartActivities => "start-activity-workflows",
            Kind::FinishActivities => "finish-activity-workflows",
            Kind::SelfEnroll => "create-self-enrollments",
        }
    }

    /// Checks the body's shape: (field, is a list) pairs that must be UUIDs.
    fn validate(self, body: &Value) -> Result<(), FieldErrors> {
        let fields: &[(&str, bool)] = match self {
            Kind::StartObjective => &[("id", false), ("objectiveWorkflowAggregateId", false)],
            Kind::SubmitObjective => &[("id", false)],
            Kind::FinishObjective => &[("id", false), ("objectiveWorkflowId", false)],
            Kind::StartActivities => &[("objectiveWorkflowId", false), ("activityPartIds", true)],
            Kind::FinishActivities => &[("objectiveWorkflowId", false), ("activityWorkflowIds", true)],
            Kind::SelfEnroll if body.get("objectiveId").is_some() => &[("id", false), ("objectiveId", false)],
            Kind::SelfEnroll => &[("id", false), ("objectiveAccessId", false)],
        };
        if !body.is_object() {
            return Err(FieldErrors::one("body", "The body must be a JSON object."));
        }
        let mut errors = FieldErrors::default();
        let uuid = |v: &Value| v.as_str().is_some_and(|s| Uuid::parse_str(s).is_ok());
        for (field, list) in fields {
            match (body.get(*field), list) {
                (None | Some(Value::Null), _) => errors.add(field, "Field is required"),
                (Some(Value::Array(items)), true) if items.is_empty() => {
                    errors.add(field, "At least one id is required")
                }
                (Some(Value::Array(items)), true) if items.iter().all(uuid) => {}
                (Some(_), true) => errors.add(field, "Must be a list of ids"),
                (Some(v), false) if uuid(v) => {}
                (Some(_), false) => errors.add(field, "Must be an id"),
            }
        }
        errors.into_result()
    }

    fn run(self, db: &rusqlite::Connection, ctx: &Ctx, body: &Value) -> Result<Value, FieldErrors> {
        match self {
            Kind::StartObjective => engine::start_objective(db, ctx, body),
            Kind::SubmitObjective => engine::submit_objective(db, ctx, body),
            Kind::FinishObjective => engine::finish_objective(db, ctx, body),
            Kind::StartActivities => engine::start_activities(db, ctx, body),
            Kind::FinishActivities => engine::finish_activities(db, ctx, body),
            Kind::SelfEnroll => engine::self_enroll(db, ctx, body),
        }
    }
}

pub(super) fn routes() -> Router<Shared> {
    Router::new()
        .route("/t/{tenant}/api/start-objective-workflows", post(start_objective))
        .route("/t/{tenant}/api/submit-objective-workflows", post(submit_objective))
        .route("/t/{tenant}/api/finish-objective-workflows", post(finish_objective))
        .route("/t/{tenant}/api/start-activity-workflows", post(start_activities))
        .route("/t/{tenant}/api/finish-activity-workflows", post(finish_activities))
        .route("/t/{tenant}/api/create-self-enrollments", post(self_enroll))
        .route("/t/{tenant}/api/commands/{id}", get(status).delete(cancel))
}

type Body = Result<Json<Value>, JsonRejection>;

async fn start_objective(s: State<Shared>, t: Path<String>, h: HeaderMap, b: Body) -> Response {
    command(Kind::StartObjective, s, t, h, b).await
}
async fn submit_objective(s: State<Shared>, t: Path<String>, h: HeaderMap, b: Body) -> Response {
    command(Kind::SubmitObjective, s, t, h, b).await
}
async fn finish_objective(s: State<Shared>, t: Path<String>, h: HeaderMap, b: Body) -> Response {
    command(Kind::FinishObjective, s, t, h, b).await
}
async fn start_activities(s: State<Shared>, t: Path<String>, h: HeaderMap, b: Body) -> Response {
    command(Kind::StartActivities, s, t, h, b).await
}
async fn finish_activities(s: State<Shared>, t: Path<String>, h: HeaderMap, b: Body) -> Response {
    command(Kind::FinishActivities, s, t, h, b).await
}
async fn self_enroll(s: State<Shared>, t: Path<String>, h: HeaderMap, b: Body) -> Response {
    command(Kind::SelfEnroll, s, t, h, b).await
}

/// Whether the caller asked for `Prefer: respond-sync`.
fn wants_sync(headers: &HeaderMap) -> bool {
    headers
        .get_all("prefer")
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(','))
        .any(|p| p.trim().eq_ignore_ascii_case("respond-sync"))
}

/// Runs `kind` in one transaction with the time read now.
fn execute(s: &Shared, kind: Kind, tenant: &str, user: &str, body: &Value) -> Result<Value, FieldErrors> {
    let (low, high) = s.enrollment_delay;
    let delay = if high > low { rand::rng().random_range(low..=high) } else { low };
    let ctx = Ctx {
        tenant: tenant.to_string(),
        user: user.to_string(),
        now: s.now(),
        now_ms: now_ms(),
        enrollment_delay_ms: delay.as_millis() as i64,
    };
    let db = s.db();
    let tx = db.unchecked_transaction().map_err(|_| FieldErrors::one("", "the sandbox database failed"))?;
    let result = kind.run(&db, &ctx, body)?;
    tx.commit().map_err(|_| FieldErrors::one("", "the sandbox database failed"))?;
    Ok(result)
}

async fn command(
    kind: Kind,
    State(s): State<Shared>,
    Path(tenant): Path<String>,
    headers: HeaderMap,
    body: Body,
) -> Response {
    let user = match user(&s, &tenant, &headers) {
        Ok(user) => user,
        Err(e) => return e.into_response(),
    };
    let body = match body {
        Ok(Json(body)) => body,
        Err(e) => return FieldErrors::one("body", e.body_text()).into_response(),
    };
    if let Err(errors) = kind.validate(&body) {
        return errors.into_response();
    }
    if wants_sync(&headers) {
        return match execute(&s, kind, &tenant, &user, &body) {
            Ok(result) => Json(result).into_response(),
            Err(errors) => errors.into_response(),
        };
    }
    let id = Uuid::new_v4().to_string();
    let inserted = s
        .db()
        .execute("INSERT INTO commands VALUES (?1, ?2, ?3, ?4, 0, NULL, NULL)", params![id, tenant, user, kind.name()]);
    if let Err(e) = inserted {
        return ApiError::from(e).into_response();
    }
    let location = format!("/t/{tenant}/api/commands/{id}");
    let task = {
        let (s, id) = (s.clone(), id.clone());
        async move {
            tokio::time::sleep(s.command_delay).await;
            let pending: bool =
                s.db().query_row("SELECT status = 0 FROM commands WHERE id = ?1", [&id], |r| r.get(0)).unwrap_or(false);
            if !pending {
                return;
            }
            let (status, errors, result) = match execute(&s, kind, &tenant, &user, &body) {
                Ok(result) => (1, None, Some(result.to_string())),
                Err(errors) => (2, Some(errors.to_json().to_string()), None),
            };
            if let Err(e) = s.db().execute(
                "UPDATE commands SET status = ?1, errors = ?2, result = ?3 WHERE id = ?4 AND status = 0",
                params![status, errors, result, id],
            ) {
                tracing::error!(error = %e, "recording a command's outcome");
            }
        }
    };
    tokio::spawn(task);
    let mut response = (StatusCode::ACCEPTED, Json(json!({ "id": id, "status": 0 }))).into_response();
    if let Ok(value) = HeaderValue::from_str(&location) {
        response.headers_mut().insert(header::LOCATION, value);
    }
    response
}

/// The command `id` of `user`: (status, errors, result).
type CommandRow = (i64, Option<String>, Option<String>);

fn command_of(s: &Shared, tenant: &str, user: &str, id: &str) -> Result<CommandRow, ApiError> {
    s.db()
        .query_row(
            "SELECT status, errors, result FROM commands WHERE id = ?1 AND tenant = ?2 AND user_id = ?3",
            params![id, tenant, user],
            |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)),
        )
        .optional()?
        .ok_or_else(|| ApiError::not_found(format!("no command `{id}`")))
}

async fn status(
    State(s): State<Shared>,
    Path((tenant, id)): Path<(String, String)>,
    headers: HeaderMap,
) -> Result<Json<Value>, ApiError> {
    let user = user(&s, &tenant, &headers)?;
    let (status, errors, result) = command_of(&s, &tenant, &user, &id)?;
    let mut body = json!({ "id": id, "status": status });
    if let Some(errors) = errors {
        body["errors"] = serde_json::from_str(&errors).unwrap_or(Value::Null);
    }
    if let Some(result) = result {
        body["result"] = serde_json::from_str(&result).unwrap_or(Value::Null);
    }
    Ok(Json(body))
}

async fn cancel(
    State(s): State<Shared>,
    Path((tenant, id)): Path<(String, String)>,
    headers: HeaderMap,
) -> Result<Json<Value>, ApiError> {
    let user = user(&s, &tenant, &headers)?;
    command_of(&s, &tenant, &user, &id)?;
    let changed = s.db().execute("UPDATE commands SET status = 3 WHERE id = ?1 AND status = 0", [&id])?;
    if changed == 0 {
        return Err(ApiError::new(StatusCode::CONFLICT, "the command has already run"));
    }
    Ok(Json(json!({ "id": id, "status": 3 })))
}
