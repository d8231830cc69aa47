//! The analytics events sink of each tenant, `POST /t/{tenant}/api/events`: the data-lake
//! stand-in the gateway forwards analytics batches to. It keeps what it receives, up to a
//! configured number of events (the oldest are dropped and counted), for tests to read back
//! through `GET /admin/events`.

use std::{collections::VecDeque, sync::Mutex};

use axum::{
    Json, Router,
    body::Bytes,
    extract::{DefaultBodyLimit, Path, State},
    http::{HeaderMap, StatusCode},
    routing::post,
};
use serde::Serialize;
use serde_json::{Value, json};

use crate::{Shared, clock, error::ApiError, idp::verify_bearer, tenant_name};

/// One event as the sink received it.
#[derive(Debug, Clone, Serialize)]
pub struct StoredEvent {
    /// Order of arrival, from 1, across tenants.
    pub seq: u64,
    /// The tenant whose sink received it.
    pub tenant: String,
    /// When it arrived (system clock, RFC 3339).
    pub received_at: String,
    /// The event as sent.
    pub event: Value,
}

/// The stored events, bounded.
#[derive(Debug)]
pub(crate) struct EventStore {
    max: usize,
    inner: Mutex<Stored>,
}

#[derive(Debug, Default)]
struct Stored {
    events: VecDeque<StoredEvent>,
    dropped: u64,
    next_seq: u64,
}

impl EventStore {
    /// A store keeping at most `max` events.
    pub(crate) fn new(max: usize) -> Self {
        EventStore { max, inner: Mutex::new(Stored::default()) }
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Stored> {
        self.inner.lock().unwrap_or_else(|p| p.into_inner())
    }

    fn push(&self, tenant: &str, events: Vec<Value>) {
        let received_at = clock::format_rfc3339(clock::system_now());
        let mut stored = self.lock();
        for event in events {
            stored.next_seq += 1;
            let seq = stored.next_seq;
            stored.events.push_back(StoredEvent {
                seq,
                tenant: tenant.to_string(),
                received_at: received_at.clone(),
                event,
            });
            while stored.events.len() > self.max {
                stored.events.pop_front();
                stored.dropped += 1;
            }
        }
    }

    /// `{events, stored, dropped, max}`; `events` only of `tenant` when given.
    pub(crate) fn read(&self, tenant: Option<&str>) -> Value {
        let stored = self.lock();
        let events: Vec<&StoredEvent> = stored.events.iter().filter(|e| tenant.is_none_or(|t| t == e.tenant)).collect();
        json!({ "events": events, "stored": stored.events.len(), "dropped": stored.dropped, "max": self.max })
    }

    /// Forgets every event and the drop count.
    pub(crate) fn clear(&self) {
        let mut stored = self.lock();
        stored.events.clear();
        stored.dropped = 0;
    }
}

/// The sink's route; request bodies up to `body_limit` bytes.
pub(crate) fn routes(body_limit: usize) -> Router<Shared> {
    Router::new().route("/t/{tenant}/api/events", post(receive)).layer(DefaultBodyLimit::max(body_limit))
}

/// Takes a JSON array of events or one event object; each needs a `name` or `event_name` string.
async fn receive(
    State(s): State<Shared>,
    Path(tenant): Path<String>,
    headers: HeaderMap,
    body: Result<Bytes, axum::extract::rejection::BytesRejection>,
) -> Result<(StatusCode, Json<Value>), ApiError> {
    tenant_name(&tenant).ok_or_else(|| ApiError::not_found(format!("no tenant `{tenant}`")))?;
    verify_bearer(&s, &tenant, &headers)?;
    let body = body.map_err(|e| ApiError::new(e.status(), format!("cannot read the events: {}", e.body_text())))?;
    let events = match serde_json::from_slice::<Value>(&body) {
        Ok(Value::Array(events)) => events,
        Ok(event @ Value::Object(_)) => vec![event],
        Ok(other) => {
            return Err(ApiError::bad_request(format!("expected an event object or an array of them, not {other}")));
        }
        Err(e) => return Err(ApiError::bad_request(format!("the events are not JSON: {e}"))),
    };
    for (index, event) in events.iter().enumerate() {
        let named = ["name", "event_name"].iter().any(|key| event.get(key).is_some_and(Value::is_string));
        if !named {
            return Err(ApiError::bad_request(format!(
                "event {index} has no `name` or `event_name` string; the batch was not stored"
            )));
        }
    }
    let accepted = events.len();
    s.events.push(&tenant, events);
    Ok((StatusCode::ACCEPTED, Json(json!({ "accepted": accepted }))))
}
