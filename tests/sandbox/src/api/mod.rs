//! The upstream LMS API of each tenant, at `/t/{tenant}/api/`. Every call except the public
//! ones (`public/...`) needs a bearer access token of that tenant; the user is the token's
//! subject. One module per resource area; the SQL fragments that shape entities as JSON live
//! in [`sql`], the state machines of workflows in [`engine`].

mod accesses;
mod activities;
mod catalog;
mod certificates;
pub(crate) mod chat;
mod commands;
mod engine;
mod files;
pub(crate) mod grading;
mod lti;
pub(crate) mod media;
mod records;
mod sql;
pub(crate) mod tutor;
mod users;
mod workflows;

pub use accesses::ListRows;

use std::time::{SystemTime, UNIX_EPOCH};

use axum::{
    Json, Router,
    extract::{Query, rejection::QueryRejection},
    http::HeaderMap,
};
use serde_json::Value;
use time::{OffsetDateTime, format_description::well_known::Rfc3339};

use crate::{Shared, error::ApiError, idp::verify_bearer, loadopts, tenant_name};

/// The API's routes.
pub fn routes() -> Router<Shared> {
    Router::new()
        .merge(users::routes())
        .merge(accesses::routes())
        .merge(grading::routes())
        .merge(commands::routes())
        .merge(workflows::routes())
        .merge(activities::routes())
        .merge(lti::routes())
        .merge(catalog::routes())
        .merge(certificates::routes())
        .merge(records::routes())
        .merge(files::routes())
        .merge(media::routes())
        .merge(chat::routes())
        .merge(tutor::routes())
}

/// Checks the tenant and the token; returns the user id.
fn user(s: &Shared, tenant: &str, headers: &HeaderMap) -> Result<String, ApiError> {
    known_tenant(tenant)?;
    Ok(verify_bearer(s, tenant, headers)?.sub)
}

/// 404 unless the sandbox serves `tenant` (public calls check only this).
fn known_tenant(tenant: &str) -> Result<(), ApiError> {
    tenant_name(tenant).map(|_| ()).ok_or_else(|| ApiError::not_found(format!("no tenant `{tenant}`")))
}

/// A Unix time as an RFC 3339 UTC string, or null.
pub(crate) fn iso(secs: Option<i64>) -> Value {
    secs.and_then(|s| OffsetDateTime::from_unix_timestamp(s).ok())
        .and_then(|t| t.format(&Rfc3339).ok())
        .map_or(Value::Null, Value::String)
}

/// Milliseconds on the system clock (the sandbox's own delays, not business dates).
fn now_ms() -> i64 {
    SystemTime::now().duration_since(UNIX_EPOCH).map(|d| d.as_millis() as i64).unwrap_or(0)
}

/// A JSON text from SQLite as a value (null when absent or unreadable).
fn parse(raw: Option<String>) -> Value {
    raw.and_then(|r| serde_json::from_str(&r).ok()).unwrap_or(Value::Null)
}

/// The rows of `sql`, each one JSON text in the first column, as values.
fn json_rows(s: &Shared, sql: &str, params: impl rusqlite::Params) -> Result<Vec<Value>, ApiError> {
    json_rows_of(&s.db(), sql, params)
}

/// [`json_rows`] on a connection the caller already holds.
fn json_rows_of(db: &rusqlite::Connection, sql: &str, params: impl rusqlite::Params) -> Result<Vec<Value>, ApiError> {
    let mut stmt = db.prepare_cached(sql)?;
    let rows = stmt.query_map(params, |r| r.get::<_, Option<String>>(0))?;
    let mut items = Vec::new();
    for row in rows {
        items.push(parse(row?));
    }
    Ok(items)
}

/// The single row of [`json_rows`], or a 404 saying `what` was not found.
fn json_row(s: &Shared, sql: &str, params: impl rusqlite::Params, what: &str) -> Result<Json<Value>, ApiError> {
    json_rows(s, sql, params)?.into_iter().next().map(Json).ok_or_else(|| ApiError::not_found(format!("no {what}")))
}

/// The load options of a `.../query` call, plus `select` (the fields to keep).
#[derive(Debug, serde::Deserialize)]
struct LoadParams {
    #[serde(flatten)]
    load: loadopts::LoadQuery,
    select: Option<String>,
}

/// What a `.../query` handler receives.
type LoadOptions = Result<Query<LoadParams>, QueryRejection>;

/// The load options of a `.../query` call, or a 400 problem saying why they cannot be read.
fn read_params(query: LoadOptions) -> Result<LoadParams, ApiError> {
    query
        .map(|Query(params)| params)
        .map_err(|e| ApiError::bad_request(format!("cannot read the query string: {}", e.body_text())))
}

/// Applies `select` to the items of a load answer.
fn select_fields(mut answer: Value, params: &LoadParams) -> Result<Value, ApiError> {
    if let Some(raw) = params.select.as_deref().filter(|s| !s.is_empty()) {
        let paths: Vec<String> = serde_json::from_str(raw)
            .map_err(|e| ApiError::bad_request(format!("`select` must be a JSON array of field paths: {e}")))?;
        if let Some(Value::Array(data)) = answer.get_mut("data") {
            for item in data.iter_mut() {
                *item = select(item, &paths);
            }
        }
    }
    Ok(answer)
}

/// Applies load options to `items`: the answer of a `.../query` endpoint, `{data, totalCount}`;
/// a malformed option is a 400 problem saying what is wrong.
fn query_answer(items: Vec<Value>, query: LoadOptions) -> Result<Json<Value>, ApiError> {
    let params = read_params(query)?;
    let answer = loadopts::load(items, &params.load).map_err(|e| ApiError::bad_request(e.0))?;
    select_fields(answer, &params).map(Json)
}

/// Only the dotted `paths` of `item`, in the same nesting.
fn select(item: &Value, paths: &[String]) -> Value {
    let mut out = Value::Object(serde_json::Map::new());
    for path in paths {
        let mut source = item;
        let mut target = &mut out;
        let parts: Vec<&str> = path.split('.').collect();
        for (i, part) in parts.iter().enumerate() {
            source = source.get(part).unwrap_or(&Value::Null);
            let last = i + 1 == parts.len();
            let Value::Object(map) = target else { break };
            let entry = map
                .entry(part.to_string())
                .or_insert_with(|| if last { Value::Null } else { Value::Object(serde_json::Map::new()) });
            if last {
                *entry = source.clone();
            }
            target = entry;
        }
    }
    out
}
