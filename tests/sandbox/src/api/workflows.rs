//! Objective and activity workflows: `objective-workflows/{id}`, activity workflow aggregates,
//! the activity workflow update (`PUT`), group activity workflows, activity records and the
//! participants of collaborative activities.

use std::sync::OnceLock;

use axum::{
    Json, Router,
    extract::{Path, State, rejection::JsonRejection},
    http::HeaderMap,
    response::{IntoResponse, Response},
    routing::{get, put},
};
use rusqlite::params;
use serde_json::{Value, json};

use super::{
    LoadOptions,
    activities::tree_of,
    commands::FieldErrors,
    engine::{self, Ctx},
    json_row, json_rows, now_ms, query_answer, sql, user,
};
use crate::{Shared, error::ApiError};

pub(super) fn routes() -> Router<Shared> {
    const OW: &str = "/t/{tenant}/api/users/me/objective-workflows/{id}";
    const OWA: &str = "/t/{tenant}/api/users/me/objective-workflow-aggregates/{id}";
    Router::new()
        .route("/t/{tenant}/api/objective-workflows/{id}", get(objective_workflow))
        .route(&format!("{OW}/activity-workflow-aggregates/query"), get(activity_aggregates))
        .route(&format!("{OW}/activity-workflows/{{aw}}"), put(update_activity_workflow))
        .route(&format!("{OW}/activity-records/query"), get(records_of_workflow))
        .route(&format!("{OW}/activity-paths/{{path}}/participants/query"), get(participants))
        .route(&format!("{OWA}/activity-records/query"), get(records_of_aggregate))
        .route(&format!("{OWA}/group-activity-workflows/{{gaw}}"), get(group_workflow))
}

async fn objective_workflow(
    State(s): State<Shared>,
    Path((tenant, id)): Path<(String, String)>,
    headers: HeaderMap,
) -> Result<Json<Value>, ApiError> {
    static SQL: OnceLock<String> = OnceLock::new();
    let user = user(&s, &tenant, &headers)?;
    let sql = SQL.get_or_init(|| {
        format!(
            "SELECT {} FROM workflows w JOIN accesses a ON a.aggregate_id = w.aggregate_id WHERE w.id = ?1 AND a.user_id = ?2",
            sql::WORKFLOW
        )
    });
    json_row(&s, sql, params![id, user], "such objective workflow for this user")
}

async fn activity_aggregates(
    State(s): State<Shared>,
    Path((tenant, id)): Path<(String, String)>,
    headers: HeaderMap,
    query: LoadOptions,
) -> Result<Json<Value>, ApiError> {
    let (tree, workflow) = tree_of(&s, &tenant, &headers, &id)?;
    let items = tree
        .activities
        .iter()
        .filter(|a| a.parent.is_some() || tree.activities.len() == 1)
        .map(|a| {
            let activity = super::activities::activity_json(&tree, a, 0);
            json!({
                "id": format!("{workflow}/{}", a.id), "objectiveWorkflowId": workflow, "activityPathId": a.path,
                "activity": { "id": a.id, "name": a.name, "type": a.kind, "state": a.state },
                "lastActivityWorkflow": activity["activityWorkflowAggregate"]["lastActivityWorkflow"],
                "bestActivityRecord": activity["activityWorkflowAggregate"]["bestActivityRecord"],
            })
        })
        .collect();
    query_answer(items, query)
}

async fn update_activity_workflow(
    State(s): State<Shared>,
    Path((tenant, ow, aw)): Path<(String, String, String)>,
    headers: HeaderMap,
    body: Result<Json<Value>, JsonRejection>,
) -> Response {
    let user = match user(&s, &tenant, &headers) {
        Ok(user) => user,
        Err(e) => return e.into_response(),
    };
    let Json(body) = match body {
        Ok(body) if body.0.is_object() => body,
        Ok(_) => return FieldErrors::one("body", "The body must be a JSON object.").into_response(),
        Err(e) => return FieldErrors::one("body", e.body_text()).into_response(),
    };
    let ctx = Ctx { tenant, user, now: s.now(), now_ms: now_ms(), enrollment_delay_ms: 0 };
    let db = s.db();
    match engine::update_activity(&db, &ctx, &ow, &aw, &body) {
        Ok(result) => Json(result).into_response(),
        Err(errors) => errors.into_response(),
    }
}

const ACTIVITY_RECORD: &str = "SELECT json_object('id', ar.id, 'activityId', ar.activity_id, 'activityWorkflowId', ar.activity_workflow_id,
    'objectiveWorkflowId', ar.objective_workflow_id, 'objectiveWorkflowAggregateId', ar.aggregate_id, 'score', ar.score,
    'maxScore', ar.max_score, 'normalizedScore', ar.normalized_score,
    'passed', json(CASE WHEN ar.passed THEN 'true' ELSE 'false' END), 'finished', json('true'),
    'created', strftime('%Y-%m-%dT%H:%M:%SZ', ar.created, 'unixepoch'),
    'activity', json_object('id', t.id, 'name', t.name, 'type', t.type, 'activityPathId', t.path))
    FROM activity_records ar JOIN activities t ON t.id = ar.activity_id JOIN accesses a ON a.aggregate_id = ar.aggregate_id";

async fn records_of_aggregate(
    State(s): State<Shared>,
    Path((tenant, id)): Path<(String, String)>,
    headers: HeaderMap,
    query: LoadOptions,
) -> Result<Json<Value>, ApiError> {
    static SQL: OnceLock<String> = OnceLock::new();
    let user = user(&s, &tenant, &headers)?;
    let sql = SQL.get_or_init(|| {
        format!("{ACTIVITY_RECORD} WHERE ar.aggregate_id = ?1 AND a.user_id = ?2 ORDER BY ar.created DESC")
    });
    query_answer(json_rows(&s, sql, params![id, user])?, query)
}

async fn records_of_workflow(
    State(s): State<Shared>,
    Path((tenant, id)): Path<(String, String)>,
    headers: HeaderMap,
    query: LoadOptions,
) -> Result<Json<Value>, ApiError> {
    static SQL: OnceLock<String> = OnceLock::new();
    let user = user(&s, &tenant, &headers)?;
    let sql = SQL.get_or_init(|| {
        format!("{ACTIVITY_RECORD} WHERE ar.objective_workflow_id = ?1 AND a.user_id = ?2 ORDER BY ar.created DESC")
    });
    query_answer(json_rows(&s, sql, params![id, user])?, query)
}

async fn participants(
    State(s): State<Shared>,
    Path((tenant, id, path)): Path<(String, String, String)>,
    headers: HeaderMap,
    query: LoadOptions,
) -> Result<Json<Value>, ApiError> {
    let (tree, _) = tree_of(&s, &tenant, &headers, &id)?;
    let activity =
        tree.at_path(&path).ok_or_else(|| ApiError::not_found(format!("no activity at path `{path}`")))?.id.clone();
    let rows = json_rows(
        &s,
        "SELECT json_object('id', u.id, 'userId', u.id, 'first_name', u.first_name, 'last_name', u.last_name,
            'email', u.email, 'role', p.role,
            'groupActivityWorkflowId', (SELECT g.id FROM group_workflows g WHERE g.activity_id = p.activity_id
                AND EXISTS (SELECT 1 FROM json_each(g.members) m WHERE m.value = u.id)))
         FROM participants p JOIN users u ON u.id = p.user_id WHERE p.activity_id = ?1 ORDER BY u.last_name",
        [&activity],
    )?;
    query_answer(rows, query)
}

async fn group_workflow(
    State(s): State<Shared>,
    Path((tenant, id, gaw)): Path<(String, String, String)>,
    headers: HeaderMap,
) -> Result<Json<Value>, ApiError> {
    let user = user(&s, &tenant, &headers)?;
    let group = json_row(
        &s,
        "SELECT json_object('id', g.id, 'name', g.name, 'state', g.state, 'activityId', g.activity_id,
            'objectiveWorkflowAggregateId', g.aggregate_id, 'memberIds', json(g.members))
         FROM group_workflows g JOIN accesses a ON a.aggregate_id = ?2 AND a.user_id = ?3
         WHERE g.id = ?1 AND EXISTS (SELECT 1 FROM json_each(g.members) m WHERE m.value = ?3)",
        params![gaw, id, user],
        "such group activity workflow for this user",
    )?;
    let Json(mut group) = group;
    let ids: Vec<String> = group["memberIds"]
        .as_array()
        .map(|m| m.iter().filter_map(|v| v.as_str().map(String::from)).collect())
        .unwrap_or_default();
    let members = json_rows(
        &s,
        "SELECT json_object('id', u.id, 'first_name', u.first_name, 'last_name', u.last_name, 'email', u.email)
         FROM users u WHERE u.id IN (SELECT value FROM json_each(?1)) ORDER BY u.last_name",
        [json!(ids).to_string()],
    )?;
    group["members"] = Value::Array(members);
    Ok(Json(group))
}
