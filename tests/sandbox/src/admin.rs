//! The admin API under `/admin/`, for tests and benchmarks (the gateway never exposes it):
//! the clock, fault rules, the stored analytics events and the request log. JSON in and out. When
//! `SandboxConfig::admin_token` is set every call needs `Authorization: Bearer <token>`;
//! without it the admin API is open (tests, the demo on loopback).

use axum::{
    Json, Router,
    body::Bytes,
    extract::{DefaultBodyLimit, Query, Request, State},
    http::{StatusCode, header},
    middleware::{self, Next},
    response::{IntoResponse, Response},
    routing::get,
};
use serde::{Deserialize, de::DeserializeOwned};
use serde_json::{Value, json};

use crate::{
    Shared,
    clock::{ClockMode, format_rfc3339, parse_rfc3339},
    error::ApiError,
    faults::FaultRule,
    tenant_name,
};

/// The largest admin request body (1 MiB): a clock setting or a list of fault rules.
const ADMIN_BODY_LIMIT: usize = 1024 * 1024;

/// The admin routes, behind the admin token check.
pub(crate) fn routes(state: Shared) -> Router<Shared> {
    Router::new()
        .route("/admin/clock", get(read_clock).put(set_clock))
        .route("/admin/faults", get(list_faults).put(set_faults).delete(clear_faults))
        .route("/admin/events", get(read_events).delete(clear_events))
        .route("/admin/requests", get(read_requests).delete(clear_requests))
        .layer(DefaultBodyLimit::max(ADMIN_BODY_LIMIT))
        .layer(middleware::from_fn_with_state(state, guard))
}

/// Lets a call through when no admin token is configured or the call carries it.
async fn guard(State(s): State<Shared>, request: Request, next: Next) -> Response {
    if let Some(expected) = &s.admin_token {
        let given = request
            .headers()
            .get(header::AUTHORIZATION)
            .and_then(|v| v.to_str().ok())
            .and_then(|v| v.strip_prefix("Bearer "));
        if given != Some(expected.as_str()) {
            return ApiError::invalid_token("the admin API needs `Authorization: Bearer <admin token>`")
                .into_response();
        }
    }
    next.run(request).await
}

/// Reads a JSON body as `T`, or a 400 problem saying why not.
fn json_body<T: DeserializeOwned>(body: &Bytes) -> Result<T, ApiError> {
    serde_json::from_slice(body).map_err(|e| ApiError::bad_request(format!("cannot read the request body: {e}")))
}

/// `{mode, now}` plus `seconds` (offset) or `at` (fixed); times in RFC 3339.
fn clock_view(s: &Shared) -> Json<Value> {
    let mut view = json!({ "now": format_rfc3339(s.now()) });
    match s.clock.mode() {
        ClockMode::Real => view["mode"] = "real".into(),
        ClockMode::Offset(seconds) => {
            view["mode"] = "offset".into();
            view["seconds"] = seconds.into();
        }
        ClockMode::Fixed(at) => {
            view["mode"] = "fixed".into();
            view["at"] = format_rfc3339(at).into();
        }
    }
    Json(view)
}

async fn read_clock(State(s): State<Shared>) -> Json<Value> {
    clock_view(&s)
}

/// A new clock mode as `PUT /admin/clock` takes it.
#[derive(Deserialize)]
#[serde(tag = "mode", rename_all = "lowercase", deny_unknown_fields)]
enum ClockRequest {
    // A struct variant, so that unknown fields are refused here too.
    Real {},
    Offset { seconds: i64 },
    Fixed { at: String },
}

async fn set_clock(State(s): State<Shared>, body: Bytes) -> Result<Json<Value>, ApiError> {
    let mode = match json_body::<ClockRequest>(&body)? {
        ClockRequest::Real {} => ClockMode::Real,
        ClockRequest::Offset { seconds } => ClockMode::Offset(seconds),
        ClockRequest::Fixed { at } => ClockMode::Fixed(parse_rfc3339(&at).map_err(ApiError::bad_request)?),
    };
    s.clock.set(mode);
    tracing::info!(clock = %mode, "clock set");
    Ok(clock_view(&s))
}

async fn list_faults(State(s): State<Shared>) -> Json<Vec<FaultRule>> {
    Json(s.faults.list())
}

/// Replaces the rules with the JSON array in the body; answers the rules in force.
async fn set_faults(State(s): State<Shared>, body: Bytes) -> Result<Json<Vec<FaultRule>>, ApiError> {
    let rules: Vec<FaultRule> = json_body(&body)?;
    for (index, rule) in rules.iter().enumerate() {
        rule.validate().map_err(|e| ApiError::bad_request(format!("fault rule {index}: {e}")))?;
    }
    tracing::info!(rules = rules.len(), "fault rules set");
    s.faults.set(rules);
    Ok(Json(s.faults.list()))
}

async fn clear_faults(State(s): State<Shared>) -> StatusCode {
    s.faults.set(Vec::new());
    StatusCode::NO_CONTENT
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct EventsQuery {
    tenant: Option<String>,
}

async fn read_events(
    State(s): State<Shared>,
    query: Result<Query<EventsQuery>, axum::extract::rejection::QueryRejection>,
) -> Result<Json<Value>, ApiError> {
    let Query(query) = query.map_err(|e| ApiError::bad_request(format!("cannot read the query: {}", e.body_text())))?;
    if let Some(tenant) = query.tenant.as_deref() {
        tenant_name(tenant).ok_or_else(|| ApiError::bad_request(format!("no tenant `{tenant}`")))?;
    }
    Ok(Json(s.events.read(query.tenant.as_deref())))
}

async fn clear_events(State(s): State<Shared>) -> StatusCode {
    s.events.clear();
    StatusCode::NO_CONTENT
}

async fn read_requests(State(s): State<Shared>) -> Json<Value> {
    Json(s.requests.view())
}

async fn clear_requests(State(s): State<Shared>) -> StatusCode {
    s.requests.clear();
    StatusCode::NO_CONTENT
}
