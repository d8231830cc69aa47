//! The current user: `users/me`, terms, units and the time-zone setting.

use axum::{
    Json, Router,
    extract::{Path, State, rejection::JsonRejection},
    http::{HeaderMap, StatusCode},
    routing::{get, post},
};
use serde_json::{Value, json};

use super::{commands::FieldErrors, json_rows, user};
use crate::{Shared, error::ApiError};

pub(super) fn routes() -> Router<Shared> {
    Router::new()
        .route("/t/{tenant}/api/users/me", get(current_user))
        .route("/t/{tenant}/api/users/me/terms", get(terms))
        .route("/t/{tenant}/api/users/{id}/units", get(units))
        .route("/t/{tenant}/api/users/{id}/timezone", post(set_timezone))
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
            let roles = serde_json::from_str::<Value>(&roles).unwrap_or(Value::Null);
            Ok(json!({
                "id": r.get::<_, String>(0)?, "tenant_id": r.get::<_, String>(1)?, "email": r.get::<_, String>(2)?,
                "first_name": r.get::<_, Option<String>>(3)?, "middle_name": r.get::<_, Option<String>>(4)?,
                "last_name": r.get::<_, Option<String>>(5)?, "timezone": r.get::<_, Option<String>>(6)?,
                "role": roles.get(0).cloned().unwrap_or(Value::Null),
                "roles": roles,
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
    let rows = json_rows(
        &s,
        "SELECT json_object('id', t.id, 'name', t.name) FROM terms t JOIN user_terms u ON u.term_id = t.id
         WHERE u.user_id = ?1 ORDER BY t.name",
        [&user],
    )?;
    Ok(Json(Value::Array(rows)))
}

/// Only the token's own user may be named in `users/{id}/...`.
fn same_user(user: &str, id: &str) -> Result<(), ApiError> {
    if id == user || id == "me" {
        Ok(())
    } else {
        Err(ApiError::new(StatusCode::FORBIDDEN, "only the signed-in user's own settings are available"))
    }
}

async fn units(
    State(s): State<Shared>,
    Path((tenant, id)): Path<(String, String)>,
    headers: HeaderMap,
) -> Result<Json<Value>, ApiError> {
    let user = user(&s, &tenant, &headers)?;
    same_user(&user, &id)?;
    let items = json_rows(
        &s,
        "SELECT json_object('id', n.id, 'name', n.name, 'code', n.code,
            'membership', json_object('is_primary', json(CASE WHEN m.is_primary THEN 'true' ELSE 'false' END)))
         FROM user_units m JOIN units n ON n.id = m.unit_id WHERE m.user_id = ?1 ORDER BY m.is_primary DESC, n.name",
        [&user],
    )?;
    Ok(Json(json!({ "items": items })))
}

/// Whether `tz` reads as an IANA zone name (`UTC`, `Area/Location[/Sub]`). The sandbox has no
/// zone database; it checks the shape the upstream API accepts and nothing more.
fn plausible_timezone(tz: &str) -> bool {
    let part_ok =
        |p: &str| !p.is_empty() && p.chars().all(|c| c.is_ascii_alphanumeric() || "_+-".contains(c)) && p.len() <= 30;
    tz == "UTC"
        || (tz.len() <= 64
            && tz.split('/').count() >= 2
            && tz.split('/').all(part_ok)
            && tz.starts_with(|c: char| c.is_ascii_uppercase()))
}

async fn set_timezone(
    State(s): State<Shared>,
    Path((tenant, id)): Path<(String, String)>,
    headers: HeaderMap,
    body: Result<Json<Value>, JsonRejection>,
) -> Result<Json<Value>, axum::response::Response> {
    use axum::response::IntoResponse;
    let user = user(&s, &tenant, &headers).map_err(IntoResponse::into_response)?;
    same_user(&user, &id).map_err(IntoResponse::into_response)?;
    let Json(body) = body.map_err(|e| FieldErrors::one("body", e.body_text()).into_response())?;
    let timezone = match body.get("timezone") {
        Some(Value::String(tz)) if plausible_timezone(tz) => tz.clone(),
        Some(Value::String(tz)) => {
            return Err(FieldErrors::one("timezone", format!("`{tz}` is not a time zone name")).into_response());
        }
        _ => return Err(FieldErrors::one("timezone", "Field is required").into_response()),
    };
    s.db()
        .execute("UPDATE users SET timezone = ?1 WHERE id = ?2", [&timezone, &user])
        .map_err(|e| ApiError::from(e).into_response())?;
    Ok(Json(json!({ "id": user, "timezone": timezone })))
}
