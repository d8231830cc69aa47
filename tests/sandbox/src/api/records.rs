//! Objective records (results): `objective-records/query`, `objective-records/{id}` and the
//! records of one aggregate (previous attempts), newest first.

use std::sync::OnceLock;

use axum::{
    Json, Router,
    extract::{Path, State},
    http::HeaderMap,
    routing::get,
};
use rusqlite::params;
use serde_json::Value;

use super::{LoadOptions, json_row, json_rows, query_answer, sql, user};
use crate::{Shared, error::ApiError};

pub(super) fn routes() -> Router<Shared> {
    Router::new()
        .route("/t/{tenant}/api/objective-records/query", get(query_records))
        .route("/t/{tenant}/api/objective-records/{id}", get(one_record))
        .route("/t/{tenant}/api/objective-workflow-aggregates/{id}/objective-records", get(records_of_aggregate))
}

/// Records of `?1` (user) joined to their access `a`, plus a condition.
fn records_sql(condition: &str) -> String {
    format!(
        "SELECT {} FROM records r JOIN accesses a ON a.aggregate_id = r.aggregate_id WHERE a.user_id = ?1 {condition}
         ORDER BY r.created DESC, r.rowid DESC",
        sql::RECORD
    )
}

async fn query_records(
    State(s): State<Shared>,
    Path(tenant): Path<String>,
    headers: HeaderMap,
    query: LoadOptions,
) -> Result<Json<Value>, ApiError> {
    static SQL: OnceLock<String> = OnceLock::new();
    let user = user(&s, &tenant, &headers)?;
    query_answer(json_rows(&s, SQL.get_or_init(|| records_sql("")), [&user])?, query)
}

async fn one_record(
    State(s): State<Shared>,
    Path((tenant, id)): Path<(String, String)>,
    headers: HeaderMap,
) -> Result<Json<Value>, ApiError> {
    static SQL: OnceLock<String> = OnceLock::new();
    let user = user(&s, &tenant, &headers)?;
    json_row(&s, SQL.get_or_init(|| records_sql("AND r.id = ?2")), params![user, id], "such record for this user")
}

async fn records_of_aggregate(
    State(s): State<Shared>,
    Path((tenant, id)): Path<(String, String)>,
    headers: HeaderMap,
) -> Result<Json<Value>, ApiError> {
    static SQL: OnceLock<String> = OnceLock::new();
    let user = user(&s, &tenant, &headers)?;
    let owned = s
        .db()
        .prepare_cached("SELECT 1 FROM accesses WHERE aggregate_id = ?1 AND user_id = ?2")?
        .exists(params![id, user])?;
    if !owned {
        return Err(ApiError::not_found(format!("no aggregate `{id}` for this user")));
    }
    let rows = json_rows(&s, SQL.get_or_init(|| records_sql("AND r.aggregate_id = ?2")), params![user, id])?;
    Ok(Json(Value::Array(rows)))
}
