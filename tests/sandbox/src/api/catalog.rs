//! Collections and the catalog: `users/me/enrolled-showcases`, `users/me/catalog-showcases`,
//! and the public open catalog (`public/open-catalog/...`, no token).

use std::sync::OnceLock;

use axum::{
    Json, Router,
    extract::{Path, State},
    http::HeaderMap,
    routing::get,
};
use rusqlite::params;
use serde_json::Value;

use super::{LoadOptions, json_row, json_rows, known_tenant, now_ms, query_answer, sql, user};
use crate::{Shared, error::ApiError};

pub(super) fn routes() -> Router<Shared> {
    Router::new()
        .route("/t/{tenant}/api/users/me/enrolled-showcases", get(enrolled_showcases))
        .route("/t/{tenant}/api/users/me/catalog-showcases", get(catalog_showcases))
        .route("/t/{tenant}/api/public/open-catalog/objectives/query", get(open_catalog))
        .route("/t/{tenant}/api/public/open-catalog/objectives/{id}", get(open_catalog_objective))
        .route("/t/{tenant}/api/public/open-catalog/showcases", get(open_catalog_showcases))
}

/// Collections of the accesses that pass `rule` (a condition on `a` and `o`; `?1` now in ms,
/// `?2` the user), with the number of their courses.
fn showcases_of(s: &Shared, user: &str, rule: &str) -> Result<Json<Value>, ApiError> {
    let sql = format!(
        "SELECT json_object('id', sc.id, 'name', sc.name, 'code', sc.code, 'description', sc.description,
            'order', sc.ord, 'objectivesCount', COUNT(DISTINCT a.objective_id))
         FROM showcases sc JOIN objective_showcases os ON os.showcase_id = sc.id
         JOIN accesses a ON a.objective_id = os.objective_id JOIN objectives o ON o.id = a.objective_id
         WHERE a.user_id = ?2 AND a.visible_ms <= ?1 AND o.activity_state <> 4 AND ({rule})
         GROUP BY sc.id ORDER BY sc.ord"
    );
    Ok(Json(Value::Array(json_rows(s, &sql, params![now_ms(), user])?)))
}

const HAS_WORK: &str = "EXISTS (SELECT 1 FROM workflows w WHERE w.aggregate_id = a.aggregate_id)
    OR EXISTS (SELECT 1 FROM records r WHERE r.aggregate_id = a.aggregate_id)";

async fn enrolled_showcases(
    State(s): State<Shared>,
    Path(tenant): Path<String>,
    headers: HeaderMap,
) -> Result<Json<Value>, ApiError> {
    let user = user(&s, &tenant, &headers)?;
    showcases_of(&s, &user, &format!("a.is_mandatory OR a.self_enrolled_ms <= ?1 OR {HAS_WORK}"))
}

async fn catalog_showcases(
    State(s): State<Shared>,
    Path(tenant): Path<String>,
    headers: HeaderMap,
) -> Result<Json<Value>, ApiError> {
    let user = user(&s, &tenant, &headers)?;
    showcases_of(
        &s,
        &user,
        &format!(
            "a.show_in_catalog AND NOT (a.self_enrolled_ms IS NOT NULL AND a.self_enrolled_ms <= ?1) AND NOT ({HAS_WORK})"
        ),
    )
}

/// Open-catalog objectives of `?1` (tenant): in the catalog and not archived.
fn open_sql(condition: &str) -> String {
    format!(
        "SELECT {} FROM objectives o WHERE o.tenant = ?1 AND o.in_catalog = 1 AND o.activity_state <> 4 {condition}
         ORDER BY o.name",
        sql::objective()
    )
}

async fn open_catalog(
    State(s): State<Shared>,
    Path(tenant): Path<String>,
    query: LoadOptions,
) -> Result<Json<Value>, ApiError> {
    static SQL: OnceLock<String> = OnceLock::new();
    known_tenant(&tenant)?;
    query_answer(json_rows(&s, SQL.get_or_init(|| open_sql("")), [&tenant])?, query)
}

async fn open_catalog_objective(
    State(s): State<Shared>,
    Path((tenant, id)): Path<(String, String)>,
) -> Result<Json<Value>, ApiError> {
    static SQL: OnceLock<String> = OnceLock::new();
    known_tenant(&tenant)?;
    json_row(&s, SQL.get_or_init(|| open_sql("AND o.id = ?2")), params![tenant, id], "such course in the open catalog")
}

async fn open_catalog_showcases(State(s): State<Shared>, Path(tenant): Path<String>) -> Result<Json<Value>, ApiError> {
    known_tenant(&tenant)?;
    let rows = json_rows(
        &s,
        "SELECT json_object('id', sc.id, 'name', sc.name, 'code', sc.code, 'description', sc.description,
            'order', sc.ord, 'objectivesCount', COUNT(DISTINCT o.id))
         FROM showcases sc JOIN objective_showcases os ON os.showcase_id = sc.id JOIN objectives o ON o.id = os.objective_id
         WHERE sc.tenant = ?1 AND o.in_catalog = 1 AND o.activity_state <> 4 GROUP BY sc.id ORDER BY sc.ord",
        [&tenant],
    )?;
    Ok(Json(Value::Array(rows)))
}
