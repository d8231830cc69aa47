//! `POST /api/events`: the portal's analytics events (spec section 7, "Events").
//!
//! The client sends one event or an array of them, each `{"name": ..., ...fields}`. Only the
//! event names of the spec are accepted, each with its own fields; anything else is a 400
//! problem naming the event and the field. Accepted events are enriched with the tenant, the
//! user id, the role `learner`, a SHA-256 hash of the session id (never the id itself) and the
//! time; product feedback also gets the OS and browser read from `User-Agent`.
//!
//! Events wait in a bounded queue and are forwarded in batches to the tenant's sink
//! (`POST {api_url}events`), one call per session with that session's access token. A request
//! never waits for the queue: when it is full the events are dropped and counted, and the
//! request is still answered 202. Product feedback of a tenant whose feedback widget is off
//! (`ui.feedback_enabled = false`) is refused with 403. Analytics runs only in the `prod` and `test` environments;
//! in `dev` events are checked and answered 202 but not forwarded.

use std::{sync::Arc, time::Duration};

use axum::{
    Json,
    body::Body,
    extract::State,
    http::{HeaderMap, StatusCode, header},
    response::{IntoResponse, Response},
};
use reqwest::Method;
use serde::Deserialize;
use serde_json::{Map, Value, json};
use sha2::{Digest, Sha256};
use time::OffsetDateTime;
use tokio::sync::mpsc;
use uuid::Uuid;

use crate::{
    app::AppState,
    auth::extract::AuthSession,
    bff::fields::rfc3339,
    config::EventsSettings,
    error::{AppError, problem},
    metrics::Metrics,
    tenant::Tenant,
    upstream::{CallContext, Prefer},
};

/// The feedback topics of spec section 9.
pub const FEEDBACK_TOPICS: [&str; 13] = [
    "no",
    "navigation",
    "startFinishCourse",
    "activityResults",
    "communicationHub",
    "courseActivities",
    "examConnection",
    "accessibility",
    "registration",
    "contentManagement",
    "reports",
    "adminFunctionality",
    "other",
];

/// Longest search keyword of a `my_courses_search` event (as the My courses view accepts).
const MAX_KEYWORD_CHARS: usize = 200;

/// Events about one course (and optionally one of its workflows).
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
struct CourseEvent {
    objective_id: Uuid,
    objective_workflow_id: Option<Uuid>,
}

/// `activity_start`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
struct ActivityEvent {
    objective_id: Uuid,
    objective_workflow_id: Option<Uuid>,
    activity_id: Uuid,
}

/// `product_feedback`: a grade from 1 to 5, topics, an optional comment.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct FeedbackEvent {
    grade: u8,
    #[serde(default)]
    details: Vec<String>,
    #[serde(default)]
    comment: Option<String>,
}

/// `my_courses_search`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct SearchEvent {
    keyword: String,
}

/// Checks one event as sent by the client; answers its name and checked fields.
fn check_event(index: usize, event: Value, settings: &EventsSettings) -> Result<(String, Value), String> {
    let Value::Object(mut fields) = event else {
        return Err(format!("event {index}: must be a JSON object"));
    };
    let name = match fields.remove("name") {
        Some(Value::String(name)) => name,
        _ => return Err(format!("event {index}: `name` must be a string")),
    };
    let bad = |e: serde_json::Error| format!("event {index} ({name}): {e}");
    let fields = Value::Object(fields);
    let checked = match name.as_str() {
        "course_open_for_review"
        | "course_restart"
        | "objective_start"
        | "course_open_first_time"
        | "about_the_course_page_load" => {
            let e: CourseEvent = serde_json::from_value(fields).map_err(bad)?;
            json!({ "objectiveId": e.objective_id, "objectiveWorkflowId": e.objective_workflow_id })
        }
        "activity_start" => {
            let e: ActivityEvent = serde_json::from_value(fields).map_err(bad)?;
            json!({
                "objectiveId": e.objective_id,
                "objectiveWorkflowId": e.objective_workflow_id,
                "activityId": e.activity_id,
            })
        }
        "product_feedback" => {
            let e: FeedbackEvent = serde_json::from_value(fields).map_err(bad)?;
            if !(1..=5).contains(&e.grade) {
                return Err(format!("event {index} ({name}): grade must be between 1 and 5"));
            }
            if let Some(topic) = e.details.iter().find(|t| !FEEDBACK_TOPICS.contains(&t.as_str())) {
                return Err(format!(
                    "event {index} ({name}): unknown feedback topic `{topic}` (one of {})",
                    FEEDBACK_TOPICS.join(", ")
                ));
            }
            let mut details = e.details;
            details.sort();
            details.dedup();
            if e.comment.as_ref().is_some_and(|c| c.chars().count() > settings.max_comment_chars) {
                return Err(format!(
                    "event {index} ({name}): comment is longer than {} characters",
                    settings.max_comment_chars
                ));
            }
            json!({ "grade": e.grade, "details": details, "comment": e.comment })
        }
        "my_courses_search" => {
            let e: SearchEvent = serde_json::from_value(fields).map_err(bad)?;
            if e.keyword.chars().count() > MAX_KEYWORD_CHARS {
                return Err(format!("event {index} ({name}): keyword is longer than {MAX_KEYWORD_CHARS} characters"));
            }
            json!({ "keyword": e.keyword })
        }
        other => return Err(format!("event {index}: unknown event name `{other}`")),
    };
    Ok((name, checked))
}

/// The events of a request body: one object or an array of at most `max_per_request`.
fn check_body(body: &[u8], settings: &EventsSettings) -> Result<Vec<(String, Value)>, String> {
    let events = match serde_json::from_slice::<Value>(body) {
        Ok(Value::Array(events)) => events,
        Ok(event @ Value::Object(_)) => vec![event],
        Ok(_) => return Err("expected an event object or an array of them".into()),
        Err(e) => return Err(format!("the body is not JSON: {e}")),
    };
    if events.is_empty() {
        return Err("no events".into());
    }
    if events.len() > settings.max_per_request {
        return Err(format!("at most {} events per request", settings.max_per_request));
    }
    events.into_iter().enumerate().map(|(i, e)| check_event(i, e, settings)).collect()
}

/// Hex SHA-256 of a session id: events of one session can be grouped without revealing it.
pub fn session_hash(session_id: &str) -> String {
    Sha256::digest(session_id.as_bytes()).iter().map(|b| format!("{b:02x}")).collect()
}

/// OS and browser of a `User-Agent`, through `woothee` (`UNKNOWN` when it cannot tell).
pub fn client_context(user_agent: Option<&str>) -> Value {
    let parsed = user_agent.and_then(|ua| woothee::parser::Parser::new().parse(ua));
    match parsed {
        Some(r) => json!({
            "os": r.os,
            "osVersion": r.os_version,
            "browser": r.name,
            "browserVersion": r.version,
        }),
        None => json!({ "os": "UNKNOWN", "osVersion": "UNKNOWN", "browser": "UNKNOWN", "browserVersion": "UNKNOWN" }),
    }
}

/// An enriched event waiting to be forwarded.
#[derive(Debug)]
struct Queued {
    tenant: Arc<Tenant>,
    session_hash: String,
    access_token: String,
    event: Value,
}

/// The bounded queue of events and its forwarding task.
#[derive(Debug, Clone)]
pub struct EventQueue {
    sender: Option<mpsc::Sender<Queued>>,
}

impl EventQueue {
    /// A queue forwarding in batches when `forward` is set (environments `prod` and `test`);
    /// otherwise events are only checked and counted. Must run inside a Tokio runtime.
    pub fn start(settings: &EventsSettings, forward: bool, metrics: Arc<Metrics>) -> Self {
        if !forward {
            return EventQueue { sender: None };
        }
        let (sender, receiver) = mpsc::channel(settings.queue_capacity);
        let interval = Duration::from_millis(settings.flush_interval_ms);
        tokio::spawn(forward_batches(receiver, settings.batch_size, interval, metrics));
        EventQueue { sender: Some(sender) }
    }

    /// Queues without waiting; answers how many were dropped because the queue was full.
    fn push(&self, items: Vec<Queued>) -> u64 {
        let Some(sender) = &self.sender else { return 0 };
        let mut dropped = 0;
        for item in items {
            if sender.try_send(item).is_err() {
                dropped += 1;
            }
        }
        dropped
    }
}

/// Takes events off the queue and sends them in batches of at most `batch_size`, or what has
/// come after `interval`; ends, after sending what is left, when the queue is dropped.
async fn forward_batches(
    mut receiver: mpsc::Receiver<Queued>,
    batch_size: usize,
    interval: Duration,
    metrics: Arc<Metrics>,
) {
    let mut pending = Vec::with_capacity(batch_size);
    let mut tick = tokio::time::interval(interval);
    tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        tokio::select! {
            received = receiver.recv_many(&mut pending, batch_size) => {
                if received == 0 {
                    send_batch(std::mem::take(&mut pending), &metrics).await;
                    return;
                }
                if pending.len() >= batch_size {
                    send_batch(std::mem::take(&mut pending), &metrics).await;
                }
            }
            _ = tick.tick() => send_batch(std::mem::take(&mut pending), &metrics).await,
        }
    }
}

/// Sends a batch: one upstream call per session, with its most recent access token.
async fn send_batch(batch: Vec<Queued>, metrics: &Metrics) {
    let mut by_session: Vec<(Arc<Tenant>, String, String, Vec<Value>)> = Vec::new();
    for item in batch {
        match by_session.iter_mut().find(|(_, hash, ..)| *hash == item.session_hash) {
            Some((_, _, token, events)) => {
                *token = item.access_token;
                events.push(item.event);
            }
            None => by_session.push((item.tenant, item.session_hash, item.access_token, vec![item.event])),
        }
    }
    let calls = by_session.into_iter().map(|(tenant, _, access_token, events)| async move {
        let n = events.len() as u64;
        let ctx = CallContext::background(&access_token);
        let body = Value::Array(events);
        let sent = tenant
            .upstream
            .command(&ctx, "forwarding analytics events", Method::POST, "events", &body, Prefer::RespondSync)
            .await;
        match sent {
            Ok(_) => metrics.events("forwarded", n),
            Err(e) => {
                tracing::warn!(error = %e, tenant = %tenant.config.id, events = n, "analytics events not forwarded");
                metrics.events("failed", n);
            }
        }
    });
    futures::future::join_all(calls).await;
}

/// `POST /api/events`: checks, enriches and queues the events; 202 once they are queued (or
/// dropped because the queue is full, which is counted). Bodies over `events.max_body_bytes`
/// get a 413 problem.
pub async fn post_events(
    State(state): State<AppState>,
    auth: AuthSession,
    headers: HeaderMap,
    body: Body,
) -> Result<(StatusCode, Json<Value>), Response> {
    let limit = state.config.events.max_body_bytes;
    let Ok(body) = axum::body::to_bytes(body, limit).await else {
        let detail = format!("the events body is larger than {limit} bytes");
        return Err(problem(StatusCode::PAYLOAD_TOO_LARGE, "payload_too_large", Some(detail)));
    };
    let events = check_body(&body, &state.config.events).map_err(|e| AppError::BadRequest(e).into_response())?;
    if !auth.portal.tenant.config.ui.feedback_enabled && events.iter().any(|(name, _)| name == "product_feedback") {
        let detail = "product feedback is turned off for this tenant".to_string();
        return Err(AppError::Forbidden(detail).into_response());
    }
    let now = rfc3339(OffsetDateTime::now_utc())
        .ok_or_else(|| AppError::Internal(anyhow::anyhow!("the time cannot be written as RFC 3339")).into_response())?;
    let user_agent = headers.get(header::USER_AGENT).and_then(|v| v.to_str().ok());
    let hash = session_hash(&auth.session.id);
    let count = events.len() as u64;
    let items = events
        .into_iter()
        .map(|(name, properties)| {
            let mut event = Map::new();
            event.insert("name".into(), Value::String(name.clone()));
            event.insert("properties".into(), properties);
            event.insert("tenant".into(), Value::String(auth.session.tenant_id.clone()));
            event.insert("userId".into(), Value::String(auth.session.user.id.to_string()));
            event.insert("role".into(), Value::String("learner".into()));
            event.insert("sessionHash".into(), Value::String(hash.clone()));
            event.insert("timestamp".into(), Value::String(now.clone()));
            if name == "product_feedback" {
                event.insert("client".into(), client_context(user_agent));
            }
            Queued {
                tenant: auth.portal.tenant.clone(),
                session_hash: hash.clone(),
                access_token: auth.session.tokens.access_token.text().into_owned(),
                event: Value::Object(event),
            }
        })
        .collect();
    state.metrics.events("received", count);
    let dropped = state.events.push(items);
    if dropped > 0 {
        tracing::warn!(dropped, "analytics queue full; events dropped");
        state.metrics.events("dropped", dropped);
    }
    Ok((StatusCode::ACCEPTED, Json(json!({ "accepted": count }))))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn settings() -> EventsSettings {
        EventsSettings {
            queue_capacity: 10,
            batch_size: 5,
            flush_interval_ms: 100,
            max_per_request: 3,
            max_body_bytes: 4096,
            max_comment_chars: 10,
        }
    }

    const ID: &str = "00000000-0000-0000-0000-000000000001";

    #[test]
    fn spec_section_7_events_are_accepted_with_their_fields() {
        let body = json!([
            { "name": "course_open_for_review", "objectiveId": ID },
            { "name": "activity_start", "objectiveId": ID, "activityId": ID, "objectiveWorkflowId": ID },
            { "name": "product_feedback", "grade": 5, "details": ["navigation", "other", "navigation"], "comment": "fine" },
        ]);
        let events = check_body(body.to_string().as_bytes(), &settings()).expect("valid");
        assert_eq!(events[0].0, "course_open_for_review");
        assert_eq!(events[1].1["activityId"], ID);
        assert_eq!(events[2].1["details"], json!(["navigation", "other"]));
        for name in ["course_restart", "objective_start", "course_open_first_time", "about_the_course_page_load"] {
            let one = json!({ "name": name, "objectiveId": ID }).to_string();
            assert!(check_body(one.as_bytes(), &settings()).is_ok(), "{name}");
        }
        let search = json!({ "name": "my_courses_search", "keyword": "rust" }).to_string();
        assert!(check_body(search.as_bytes(), &settings()).is_ok());
    }

    #[test]
    fn bad_events_are_refused_naming_the_problem() {
        let cases = [
            (json!({ "name": "page_view" }), "unknown event name `page_view`"),
            (json!({ "objectiveId": ID }), "`name` must be a string"),
            (json!({ "name": "objective_start" }), "missing field `objectiveId`"),
            (json!({ "name": "objective_start", "objectiveId": "../x" }), "objective_start"),
            (json!({ "name": "objective_start", "objectiveId": ID, "extra": 1 }), "unknown field `extra`"),
            (json!({ "name": "product_feedback", "grade": 0 }), "grade must be between 1 and 5"),
            (json!({ "name": "product_feedback", "grade": 6 }), "grade must be between 1 and 5"),
            (json!({ "name": "product_feedback", "grade": 3, "details": ["price"] }), "unknown feedback topic `price`"),
            (json!({ "name": "product_feedback", "grade": 3, "comment": "01234567890" }), "longer than 10"),
            (json!([]), "no events"),
            (Value::Array(vec![json!({ "name": "my_courses_search", "keyword": "" }); 4]), "at most 3 events"),
            (json!("objective_start"), "expected an event object"),
        ];
        for (body, expected) in cases {
            let err = check_body(body.to_string().as_bytes(), &settings()).expect_err(&body.to_string());
            assert!(err.contains(expected), "{body}: {err}");
        }
        assert!(check_body(b"{not json", &settings()).expect_err("not json").contains("not JSON"));
    }

    #[test]
    fn the_session_hash_is_stable_and_hides_the_id() {
        let hash = session_hash("abc");
        assert_eq!(hash, "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
        assert!(!hash.contains("abc"));
    }

    #[test]
    fn os_and_browser_come_from_the_user_agent() {
        let firefox = "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:120.0) Gecko/20100101 Firefox/120.0";
        let context = client_context(Some(firefox));
        assert_eq!(context["browser"], "Firefox");
        assert_eq!(context["os"], "Windows 10");
        assert_eq!(client_context(None)["os"], "UNKNOWN");
    }
}
