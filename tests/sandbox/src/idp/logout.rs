//! `userinfo`, the end-session endpoint and the back-channel logout it sends.

use axum::{
    Json,
    extract::{Path, Query, State, rejection::QueryRejection},
    http::{HeaderMap, HeaderValue, StatusCode, header},
    response::{IntoResponse, Response},
};
use jsonwebtoken::{Algorithm, Header, Validation};
use rusqlite::{OptionalExtension, params};
use serde::Deserialize;
use serde_json::json;

use super::{CLIENT_ID, SSO_COOKIE, cookie, found, known, loopback_uri, random_token, token::profile, verify_bearer};
use crate::{Shared, clock::system_now, error::ApiError, html};

/// The event of a back-channel logout token.
const BACKCHANNEL_LOGOUT_EVENT: &str = "http://schemas.openid.net/event/backchannel-logout";
/// Lifetime of a logout token, in seconds.
const LOGOUT_TOKEN_TTL_SECS: i64 = 120;
/// Longest a back-channel logout call may take.
const BACKCHANNEL_TIMEOUT: std::time::Duration = std::time::Duration::from_secs(5);

/// The claims of a logout token for `sub` and `sid` of `tenant`, issued now.
pub(crate) fn logout_token_claims(s: &Shared, tenant: &str, sub: &str, sid: &str) -> serde_json::Value {
    let iat = system_now();
    json!({
        "iss": s.issuer(tenant), "aud": CLIENT_ID, "iat": iat, "exp": iat + LOGOUT_TOKEN_TTL_SECS,
        "jti": random_token(), "sub": sub, "sid": sid, "events": { BACKCHANNEL_LOGOUT_EVENT: {} },
    })
}

/// Signs logout-token `claims` with the tenant's key (RS256, `typ` `logout+jwt`).
pub(crate) fn sign_logout_token(s: &Shared, tenant: &str, claims: &serde_json::Value) -> anyhow::Result<String> {
    let key = s.keys.get(tenant).ok_or_else(|| anyhow::anyhow!("no tenant `{tenant}`"))?;
    let mut header = Header::new(Algorithm::RS256);
    header.kid = Some(key.kid.clone());
    header.typ = Some("logout+jwt".into());
    Ok(jsonwebtoken::encode(&header, claims, &key.encoding)?)
}

/// POSTs a logout token to every back-channel logout URI of the tenant's client. Failures are
/// logged: the end-session answer does not depend on them (OIDC Back-Channel Logout 2.7).
async fn send_backchannel_logout(s: &Shared, tenant: &str, user: &str, sid: &str) {
    let uris = s.backchannel_logout_uris.lock().unwrap_or_else(|p| p.into_inner()).get(tenant).cloned();
    for uri in uris.unwrap_or_default() {
        let token = match sign_logout_token(s, tenant, &logout_token_claims(s, tenant, user, sid)) {
            Ok(token) => token,
            Err(e) => {
                tracing::error!(error = %e, "signing a logout token");
                return;
            }
        };
        // `*.localhost` names do not resolve here: send them to this machine's loopback.
        let mut client =
            reqwest::Client::builder().timeout(BACKCHANNEL_TIMEOUT).redirect(reqwest::redirect::Policy::none());
        if let (Some(host), Some(port)) = (uri.host_str(), uri.port_or_known_default())
            && (host == "localhost" || host.ends_with(".localhost"))
        {
            client = client.resolve(host, std::net::SocketAddr::from(([127, 0, 0, 1], port)));
        }
        let sent = match client.build() {
            Ok(client) => client.post(uri.clone()).form(&[("logout_token", token)]).send().await,
            Err(e) => Err(e),
        };
        match sent {
            Ok(answer) if answer.status().is_success() => tracing::info!(%uri, "back-channel logout delivered"),
            Ok(answer) => tracing::warn!(%uri, status = %answer.status(), "back-channel logout refused"),
            Err(e) => tracing::warn!(%uri, error = %e, "back-channel logout not delivered"),
        }
    }
}

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
    let mut ended = Vec::new();
    for sid in &sids {
        let db = s.db();
        db.execute("UPDATE idp_sessions SET ended = 1 WHERE sid = ?1 AND tenant = ?2", params![sid, tenant])?;
        db.execute("UPDATE refresh_tokens SET revoked = 1 WHERE sid = ?1 AND tenant = ?2", params![sid, tenant])?;
        let user: Option<String> = db
            .query_row("SELECT user_id FROM idp_sessions WHERE sid = ?1 AND tenant = ?2", params![sid, tenant], |r| {
                r.get(0)
            })
            .optional()?;
        ended.extend(user.map(|user| (user, sid.clone())));
    }
    for (user, sid) in ended {
        send_backchannel_logout(&s, &tenant, &user, &sid).await;
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
