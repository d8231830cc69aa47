//! Objective accesses and aggregates (enrolled courses): `users/me/objective-accesses/query`,
//! `users/me/objectives/{id}/objective-access`, `objective-workflow-aggregates/query`,
//! `objectives/{id}/objective-workflow-aggregate`, and an aggregate's knowledge model.

use std::sync::OnceLock;

use axum::{
    Json, Router,
    extract::{Path, State},
    http::HeaderMap,
    routing::get,
};
use rusqlite::params;
use serde_json::{Value, json};

use super::{LoadOptions, json_rows, now_ms, query_answer, sql, user};
use crate::{Shared, error::ApiError};

pub(super) fn routes() -> Router<Shared> {
    Router::new()
        .route("/t/{tenant}/api/objective-workflow-aggregates/query", get(query_aggregates))
        .route("/t/{tenant}/api/objectives/{id}/objective-workflow-aggregate", get(aggregate_of_objective))
        .route("/t/{tenant}/api/users/me/objective-accesses/query", get(query_accesses))
        .route("/t/{tenant}/api/users/me/objectives/{id}/objective-access", get(access_of_objective))
        .route("/t/{tenant}/api/users/me/objective-workflow-aggregates/{id}/knowledge-model", get(knowledge_model))
}

/// The aggregates of `user` (all of them, or of one objective); list rules are the gateway's.
pub(super) fn aggregates(s: &Shared, user: &str, objective: Option<&str>) -> Result<Vec<Value>, ApiError> {
    static ALL: OnceLock<String> = OnceLock::new();
    static ONE: OnceLock<String> = OnceLock::new();
    let now = now_ms();
    match objective {
        None => {
            let sql = ALL.get_or_init(|| format!("SELECT {} {}", sql::aggregate(), sql::VISIBLE_ACCESSES));
            json_rows(s, sql, params![now, user])
        }
        Some(objective) => {
            let sql = ONE.get_or_init(|| {
                format!("SELECT {} {} AND a.objective_id = ?3", sql::aggregate(), sql::VISIBLE_ACCESSES)
            });
            json_rows(s, sql, params![now, user, objective])
        }
    }
}

/// An aggregate as the objective access behind it (spec section 3's field names).
fn as_access(aggregate: Value) -> Value {
    let mut access = aggregate;
    let aggregate_id = access["id"].clone();
    access["id"] = access["objectiveAccess"]["id"].clone();
    access["objectiveWorkflowAggregate"] = json!({ "id": aggregate_id });
    if let Value::Object(map) = &mut access {
        map.remove("objectiveAccess");
    }
    access
}

async fn query_aggregates(
    State(s): State<Shared>,
    Path(tenant): Path<String>,
    headers: HeaderMap,
    query: LoadOptions,
) -> Result<Json<Value>, ApiError> {
    let user = user(&s, &tenant, &headers)?;
    query_answer(aggregates(&s, &user, None)?, query)
}

async fn aggregate_of_objective(
    State(s): State<Shared>,
    Path((tenant, id)): Path<(String, String)>,
    headers: HeaderMap,
) -> Result<Json<Value>, ApiError> {
    let user = user(&s, &tenant, &headers)?;
    let found = aggregates(&s, &user, Some(&id))?.into_iter().next();
    found.map(Json).ok_or_else(|| ApiError::not_found(format!("no aggregate of objective `{id}` for this user")))
}

async fn query_accesses(
    State(s): State<Shared>,
    Path(tenant): Path<String>,
    headers: HeaderMap,
    query: LoadOptions,
) -> Result<Json<Value>, ApiError> {
    let user = user(&s, &tenant, &headers)?;
    query_answer(aggregates(&s, &user, None)?.into_iter().map(as_access).collect(), query)
}

async fn access_of_objective(
    State(s): State<Shared>,
    Path((tenant, id)): Path<(String, String)>,
    headers: HeaderMap,
) -> Result<Json<Value>, ApiError> {
    let user = user(&s, &tenant, &headers)?;
    let found = aggregates(&s, &user, Some(&id))?.into_iter().next();
    found.map(|a| Json(as_access(a))).ok_or_else(|| ApiError::not_found(format!("no access to objective `{id}`")))
}

async fn knowledge_model(
    State(s): State<Shared>,
    Path((tenant, id)): Path<(String, String)>,
    headers: HeaderMap,
) -> Result<Json<Value>, ApiError> {
    let user = user(&s, &tenant, &headers)?;
    super::json_row(
        &s,
        "SELECT json_object('objectiveWorkflowAggregateId', a.aggregate_id, 'objectiveId', o.id,
            'knowledgeModelId', o.knowledge_model_id,
            'name', CASE WHEN o.knowledge_model_id IS NULL THEN NULL ELSE o.name || ' knowledge model' END)
         FROM accesses a JOIN objectives o ON o.id = a.objective_id WHERE a.aggregate_id = ?1 AND a.user_id = ?2",
        params![id, user],
        "such aggregate for this user",
    )
}
