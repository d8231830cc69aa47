//! The upstream LMS API of each tenant, at `/t/{tenant}/api/`. Every call needs a bearer
//! access token of that tenant; the user is the token's subject.

use axum::{
    Json, Router,
    extract::{Path, Query, State, rejection::QueryRejection},
    http::HeaderMap,
    routing::get,
};
use rusqlite::params;
use serde_json::{Value, json};

use crate::{Shared, error::ApiError, idp::verify_bearer, loadopts, tenant_name};

/// The API's routes.
pub fn routes() -> Router<Shared> {
    Router::new()
        .route("/t/{tenant}/api/users/me", get(current_user))
        .route("/t/{tenant}/api/users/me/terms", get(terms))
        .route("/t/{tenant}/api/users/me/enrolled-showcases", get(enrolled_showcases))
        .route("/t/{tenant}/api/objective-workflow-aggregates/query", get(query_aggregates))
        .route("/t/{tenant}/api/grading-scales/query", get(query_grading_scales))
}

/// Checks the tenant and the token; returns the user id.
fn user(s: &Shared, tenant: &str, headers: &HeaderMap) -> Result<String, ApiError> {
    tenant_name(tenant).ok_or_else(|| ApiError::not_found(format!("no tenant `{tenant}`")))?;
    Ok(verify_bearer(s, tenant, headers)?.sub)
}

async fn current_user(
    State(s): State<Shared>,
    Path(tenant): Path<String>,
    headers: HeaderMap,
) -> Result<Json<Value>, ApiError> {
    let user = user(&s, &tenant, &headers)?;
    let profile = s.db().query_row(
        "SELECT id, tenant, email, first_name, middle_name, last_name, timezone, roles, permissions FROM users WHERE id = ?1",
        [&user],
        |r| {
            let roles: String = r.get(7)?;
            let permissions: String = r.get(8)?;
            Ok(json!({
                "id": r.get::<_, String>(0)?, "tenant_id": r.get::<_, String>(1)?, "email": r.get::<_, String>(2)?,
                "first_name": r.get::<_, Option<String>>(3)?, "middle_name": r.get::<_, Option<String>>(4)?,
                "last_name": r.get::<_, Option<String>>(5)?, "timezone": r.get::<_, Option<String>>(6)?,
                "roles": serde_json::from_str::<Value>(&roles).unwrap_or(Value::Null),
                "permissions": serde_json::from_str::<Value>(&permissions).unwrap_or(Value::Null),
            }))
        },
    )?;
    Ok(Json(profile))
}

async fn terms(
    State(s): State<Shared>,
    Path(tenant): Path<String>,
    headers: HeaderMap,
) -> Result<Json<Value>, ApiError> {
    let user = user(&s, &tenant, &headers)?;
    rows_as_json(
        &s,
        "SELECT t.id, t.name FROM terms t JOIN user_terms u ON u.term_id = t.id WHERE u.user_id = ?1 ORDER BY t.name",
        &user,
        |r| Ok(json!({ "id": r.get::<_, String>(0)?, "name": r.get::<_, String>(1)? })),
    )
}

async fn enrolled_showcases(
    State(s): State<Shared>,
    Path(tenant): Path<String>,
    headers: HeaderMap,
) -> Result<Json<Value>, ApiError> {
    let user = user(&s, &tenant, &headers)?;
    rows_as_json(
        &s,
        "SELECT sc.id, sc.name, sc.code, sc.description, sc.ord, COUNT(DISTINCT a.objective_id)
         FROM showcases sc JOIN objective_showcases os ON os.showcase_id = sc.id
         JOIN accesses a ON a.objective_id = os.objective_id WHERE a.user_id = ?1
         GROUP BY sc.id ORDER BY sc.ord",
        &user,
        |r| {
            Ok(json!({
                "id": r.get::<_, String>(0)?, "name": r.get::<_, String>(1)?, "code": r.get::<_, Option<String>>(2)?,
                "description": r.get::<_, Option<String>>(3)?, "order": r.get::<_, i64>(4)?,
                "objectivesCount": r.get::<_, i64>(5)?,
            }))
        },
    )
}

/// The rows of `sql` (one parameter, the user) as a JSON array.
fn rows_as_json(
    s: &Shared,
    sql: &str,
    user: &str,
    row: impl FnMut(&rusqlite::Row<'_>) -> rusqlite::Result<Value>,
) -> Result<Json<Value>, ApiError> {
    let db = s.db();
    let mut stmt = db.prepare(sql)?;
    let rows = stmt.query_map([user], row)?;
    Ok(Json(Value::Array(rows.collect::<Result<_, _>>()?)))
}

/// The load options, or a 400 problem saying why the query string cannot be read.
fn load_query(query: Result<Query<loadopts::LoadQuery>, QueryRejection>) -> Result<loadopts::LoadQuery, ApiError> {
    query
        .map(|Query(q)| q)
        .map_err(|e| ApiError::bad_request(format!("cannot read the query string: {}", e.body_text())))
}

async fn query_aggregates(
    State(s): State<Shared>,
    Path(tenant): Path<String>,
    headers: HeaderMap,
    query: Result<Query<loadopts::LoadQuery>, QueryRejection>,
) -> Result<Json<Value>, ApiError> {
    let user = user(&s, &tenant, &headers)?;
    let query = load_query(query)?;
    let items = aggregates(&s, &user)?;
    loadopts::load(items, &query).map(Json).map_err(|e| ApiError::bad_request(e.0))
}

async fn query_grading_scales(
    State(s): State<Shared>,
    Path(tenant): Path<String>,
    headers: HeaderMap,
    query: Result<Query<loadopts::LoadQuery>, QueryRejection>,
) -> Result<Json<Value>, ApiError> {
    user(&s, &tenant, &headers)?;
    let query = load_query(query)?;
    let items: Vec<Value> = {
        let db = s.db();
        let mut stmt = db.prepare("SELECT body FROM grading_scales WHERE tenant = ?1")?;
        let rows = stmt.query_map([&tenant], |r| r.get::<_, String>(0))?;
        rows.filter_map(|r| r.ok().and_then(|b| serde_json::from_str(&b).ok())).collect()
    };
    loadopts::load(items, &query).map(Json).map_err(|e| ApiError::bad_request(e.0))
}

/// Every objective access of `user` as an objective workflow aggregate, with its last
/// workflow and record. The portal's list rules are not applied here: that is the gateway's job.
fn aggregates(s: &Shared, user: &str) -> Result<Vec<Value>, ApiError> {
    let db = s.db();
    let mut stmt = db.prepare(
        "SELECT a.aggregate_id, a.id, a.is_mandatory, a.show_in_catalog, a.term_id, a.user_id, a.is_self_enrolled,
                o.id, o.name, o.code, o.description, o.image_url, o.state, o.activity_id, o.activity_type,
                o.activity_state, o.children_count, o.grading_scale_id, o.duration,
                (SELECT json_object('id', w.id, 'state', w.state, 'progress', w.progress) FROM workflows w
                   WHERE w.aggregate_id = a.aggregate_id ORDER BY w.started DESC LIMIT 1),
                (SELECT json_object('id', r.id, 'grade', r.grade, 'passed', json(CASE r.passed WHEN 1 THEN 'true' ELSE 'false' END),
                        'finished', json(CASE r.finished WHEN 1 THEN 'true' ELSE 'false' END), 'score', r.score,
                        'maxScore', r.max_score, 'normalizedScore', r.normalized_score)
                   FROM records r WHERE r.aggregate_id = a.aggregate_id ORDER BY r.created DESC LIMIT 1),
                (SELECT json_group_array(json_object('id', sc.id, 'name', sc.name)) FROM objective_showcases os
                   JOIN showcases sc ON sc.id = os.showcase_id WHERE os.objective_id = o.id)
         FROM accesses a JOIN objectives o ON o.id = a.objective_id WHERE a.user_id = ?1",
    )?;
    let parse = |raw: Option<String>| raw.and_then(|r| serde_json::from_str::<Value>(&r).ok()).unwrap_or(Value::Null);
    let rows = stmt.query_map(params![user], |r| {
        Ok(json!({
            "id": r.get::<_, String>(0)?,
            "objectiveAccess": { "id": r.get::<_, String>(1)? },
            "isMandatory": r.get::<_, bool>(2)?,
            "showInCatalog": r.get::<_, bool>(3)?,
            "termId": r.get::<_, Option<String>>(4)?,
            "userId": r.get::<_, String>(5)?,
            "isSelfEnrolled": r.get::<_, bool>(6)?,
            "objective": {
                "id": r.get::<_, String>(7)?, "name": r.get::<_, String>(8)?, "code": r.get::<_, Option<String>>(9)?,
                "description": r.get::<_, Option<String>>(10)?, "imageUrl": r.get::<_, Option<String>>(11)?,
                "state": r.get::<_, i64>(12)?, "type": r.get::<_, String>(14)?,
                "activity": {
                    "id": r.get::<_, String>(13)?, "type": r.get::<_, String>(14)?, "state": r.get::<_, i64>(15)?,
                    "childrenCount": r.get::<_, Option<i64>>(16)?,
                },
                "gradingScaleId": r.get::<_, Option<String>>(17)?, "duration": r.get::<_, Option<i64>>(18)?,
                "showcases": parse(r.get(21)?),
            },
            "lastObjectiveWorkflow": parse(r.get(19)?),
            "lastObjectiveRecord": parse(r.get(20)?),
        }))
    })?;
    Ok(rows.collect::<Result<_, _>>()?)
}
