//! `userinfo` and the end-session endpoint.

use axum::{
    Json,
    extract::{Path, Query, State, rejection::QueryRejection},
    http::{HeaderMap, HeaderValue, StatusCode, header},
    response::{IntoResponse, Response},
};
use jsonwebtoken::{Algorithm, Validation};
use rusqlite::{OptionalExtension, params};
use serde::Deserialize;
use serde_json::json;

use super::{CLIENT_ID, SSO_COOKIE, cookie, found, known, loopback_uri, token::profile, verify_bearer};
use crate::{Shared, error::ApiError, html};

pub(super) async fn userinfo(
    State(s): State<Shared>,
    Path(tenant): Path<String>,
    headers: HeaderMap,
) -> Result<Response, ApiError> {
    known(&tenant)?;
    let claims = verify_bearer(&s, &tenant, &headers)?;
    let p = profile(&s, &claims.sub)?;
    Ok(Json(json!({
        "sub": claims.sub, "email": p.email, "name": format!("{} {}", p.first, p.last), "preferred_username": p.username,
    }))
    .into_response())
}

/// Query of the end-session endpoint.
#[derive(Debug, Deserialize)]
pub(super) struct EndSession {
    id_token_hint: Option<String>,
    post_logout_redirect_uri: Option<String>,
    state: Option<String>,
}

pub(super) async fn end_session(
    State(s): State<Shared>,
    Path(tenant): Path<String>,
    headers: HeaderMap,
    query: Result<Query<EndSession>, QueryRejection>,
) -> Result<Response, ApiError> {
    let name = known(&tenant)?;
    let q = match query {
        Ok(Query(q)) => q,
        Err(e) => return Ok(html::error(StatusCode::BAD_REQUEST, &e.body_text())),
    };
    let mut sids = Vec::new();
    if let Some(hint) = &q.id_token_hint {
        let mut validation = Validation::new(Algorithm::RS256);
        validation.set_issuer(&[s.issuer(&tenant)]);
        validation.set_audience(&[CLIENT_ID]);
        validation.validate_exp = false;
        validation.set_required_spec_claims(&["iss", "aud", "sub"]);
        match jsonwebtoken::decode::<serde_json::Value>(hint, &s.keys[&tenant].decoding, &validation) {
            Ok(data) => sids.extend(data.claims["sid"].as_str().map(String::from)),
            Err(e) => {
                return Ok(html::error(StatusCode::BAD_REQUEST, &format!("The id_token_hint is not valid: {e}.")));
            }
        }
    }
    if let Some(session) = cookie(&headers, SSO_COOKIE) {
        let sid: Option<String> = s
            .db()
            .query_row("SELECT sid FROM idp_sessions WHERE id = ?1 AND tenant = ?2", params![session, tenant], |r| {
                r.get(0)
            })
            .optional()?;
        sids.extend(sid);
    }
    for sid in &sids {
        let db = s.db();
        db.execute("UPDATE idp_sessions SET ended = 1 WHERE sid = ?1 AND tenant = ?2", params![sid, tenant])?;
        db.execute("UPDATE refresh_tokens SET revoked = 1 WHERE sid = ?1 AND tenant = ?2", params![sid, tenant])?;
    }
    let clear = format!("{SSO_COOKIE}=; Path=/t/{tenant}/idp; HttpOnly; SameSite=Lax; Max-Age=0");
    let mut response = match q.post_logout_redirect_uri.as_deref().and_then(loopback_uri) {
        Some(mut url) => {
            if let Some(state) = &q.state {
                url.query_pairs_mut().append_pair("state", state);
            }
            found(&url)
        }
        None => html::signed_out(name),
    };
    if let Ok(c) = HeaderValue::from_str(&clear) {
        response.headers_mut().append(header::SET_COOKIE, c);
    }
    Ok(response)
}
