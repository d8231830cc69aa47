//! The dev OpenID Connect issuer of each tenant, at `/t/{tenant}/idp`: discovery, keys,
//! authorize with a sign-in form, token (authorization code with PKCE S256, refresh with
//! rotation and reuse detection), userinfo, end-session and back-channel logout.

mod authorize;
pub mod external;
mod logout;
mod token;

use axum::{
    Json, Router,
    extract::{Path, State},
    http::{HeaderMap, HeaderValue, StatusCode, header},
    response::{IntoResponse, Response},
    routing::get,
};
use base64::{Engine, engine::general_purpose::URL_SAFE_NO_PAD};
use jsonwebtoken::{Algorithm, Validation};
use rand::RngCore;
use serde::{Deserialize, Serialize};
use serde_json::json;
use url::Url;

pub(crate) use logout::{logout_token_claims, sign_logout_token};

use crate::{Shared, error::ApiError, tenant_name};

/// The one registered client of every tenant.
pub const CLIENT_ID: &str = "learner-portal";
const CLIENT_SECRET: &str = "demo-secret";
const CODE_TTL_SECS: i64 = 60;
const ID_TOKEN_TTL_SECS: i64 = 600;
const SSO_COOKIE: &str = "sandbox_sso";

/// The issuer's routes.
pub fn routes() -> Router<Shared> {
    Router::new()
        .route("/t/{tenant}/idp/.well-known/openid-configuration", get(discovery))
        .route("/t/{tenant}/idp/jwks", get(jwks))
        .route("/t/{tenant}/idp/authorize", get(authorize::authorize).post(authorize::sign_in))
        .route("/t/{tenant}/idp/token", axum::routing::post(token::token))
        .route("/t/{tenant}/idp/userinfo", get(logout::userinfo))
        .route("/t/{tenant}/idp/logout", get(logout::end_session))
}

fn known(tenant: &str) -> Result<&'static str, ApiError> {
    tenant_name(tenant).ok_or_else(|| ApiError::not_found(format!("no tenant `{tenant}`")))
}

async fn discovery(State(s): State<Shared>, Path(tenant): Path<String>) -> Result<Json<serde_json::Value>, ApiError> {
    known(&tenant)?;
    let issuer = s.issuer(&tenant);
    Ok(Json(json!({
        "issuer": issuer,
        "authorization_endpoint": format!("{issuer}/authorize"),
        "token_endpoint": format!("{issuer}/token"),
        "userinfo_endpoint": format!("{issuer}/userinfo"),
        "jwks_uri": format!("{issuer}/jwks"),
        "end_session_endpoint": format!("{issuer}/logout"),
        "response_types_supported": ["code"],
        "response_modes_supported": ["query"],
        "subject_types_supported": ["public"],
        "id_token_signing_alg_values_supported": ["RS256"],
        "code_challenge_methods_supported": ["S256"],
        "grant_types_supported": ["authorization_code", "refresh_token"],
        "token_endpoint_auth_methods_supported": ["client_secret_basic", "client_secret_post"],
        "scopes_supported": ["openid", "profile", "email", "offline_access"],
        "claims_supported": ["sub", "iss", "aud", "exp", "iat", "auth_time", "nonce", "sid", "email", "name",
            "given_name", "family_name", "preferred_username"],
        "authorization_response_iss_parameter_supported": true,
        "backchannel_logout_supported": true,
        "backchannel_logout_session_supported": true,
    })))
}

async fn jwks(State(s): State<Shared>, Path(tenant): Path<String>) -> Result<Json<serde_json::Value>, ApiError> {
    known(&tenant)?;
    let key = &s.keys[&tenant];
    Ok(Json(
        json!({ "keys": [{ "kty": "RSA", "use": "sig", "alg": "RS256", "kid": key.kid, "n": key.n, "e": key.e }] }),
    ))
}

/// Whether the dev issuer may send a browser to `uri`: http(s) on a loopback host.
pub(crate) fn loopback_uri(uri: &str) -> Option<Url> {
    let url = Url::parse(uri).ok()?;
    let host = url.host_str()?.trim_start_matches('[').trim_end_matches(']').to_ascii_lowercase();
    let loopback = host == "localhost"
        || host.ends_with(".localhost")
        || host.parse::<std::net::IpAddr>().is_ok_and(|ip| ip.is_loopback());
    (matches!(url.scheme(), "http" | "https") && loopback && url.username().is_empty()).then_some(url)
}

/// 302 Found to `url`, as identity providers answer.
fn found(url: &Url) -> Response {
    let mut response = StatusCode::FOUND.into_response();
    if let Ok(location) = HeaderValue::from_str(url.as_str()) {
        response.headers_mut().insert(header::LOCATION, location);
    }
    response
}

fn random_token() -> String {
    let mut bytes = [0u8; 32];
    rand::rng().fill_bytes(&mut bytes);
    URL_SAFE_NO_PAD.encode(bytes)
}

fn cookie(headers: &HeaderMap, name: &str) -> Option<String> {
    headers
        .get_all(header::COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(';'))
        .filter_map(|pair| pair.trim().split_once('='))
        .find(|(k, _)| *k == name)
        .map(|(_, v)| v.to_string())
}

/// Claims of the access tokens this issuer signs.
#[derive(Debug, Serialize, Deserialize)]
pub struct AccessClaims {
    /// Issuer.
    pub iss: String,
    /// User id.
    pub sub: String,
    /// Audience: the client.
    pub aud: String,
    /// Expiry.
    pub exp: i64,
    /// Issued at.
    pub iat: i64,
    /// Issuer session.
    pub sid: String,
    /// Tenant.
    pub tenant: String,
    /// Granted scopes.
    pub scope: String,
    /// Unique id of this token.
    #[serde(default)]
    pub jti: String,
}

/// Verifies a bearer access token of `tenant`: signature, issuer, audience, expiry. Tokens of
/// a third-party issuer the tenant trusts ([`external`]) are verified against that issuer's keys
/// and their subject mapped to a seeded user of the tenant.
pub fn verify_bearer(s: &Shared, tenant: &str, headers: &HeaderMap) -> Result<AccessClaims, ApiError> {
    let token = headers
        .get(header::AUTHORIZATION)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.strip_prefix("Bearer ").or_else(|| v.strip_prefix("bearer ")))
        .ok_or_else(|| ApiError::invalid_token("a bearer token is required"))?;
    if let Some(iss) = unverified_issuer(token).filter(|iss| *iss != s.issuer(tenant))
        && s.external.trusts(tenant, &iss)
    {
        return verify_external(s, tenant, &iss, token);
    }
    let key = s.keys.get(tenant).ok_or_else(|| ApiError::not_found(format!("no tenant `{tenant}`")))?;
    let mut validation = Validation::new(Algorithm::RS256);
    validation.set_issuer(&[s.issuer(tenant)]);
    validation.set_audience(&[CLIENT_ID]);
    validation.leeway = 0;
    let data = jsonwebtoken::decode::<AccessClaims>(token, &key.decoding, &validation)
        .map_err(|e| ApiError::invalid_token(format!("the bearer token is not valid here: {e}")))?;
    if data.claims.tenant != tenant {
        return Err(ApiError::invalid_token("the bearer token belongs to another tenant"));
    }
    Ok(data.claims)
}

/// The `iss` claim of a JWT, unverified: only used to choose which issuer's keys verify it.
fn unverified_issuer(token: &str) -> Option<String> {
    let payload = token.split('.').nth(1)?;
    let bytes = URL_SAFE_NO_PAD.decode(payload).ok()?;
    let value: serde_json::Value = serde_json::from_slice(&bytes).ok()?;
    value.get("iss")?.as_str().map(String::from)
}

/// Verifies a trusted third-party issuer's token and maps its subject to a seeded user.
fn verify_external(s: &Shared, tenant: &str, iss: &str, token: &str) -> Result<AccessClaims, ApiError> {
    let verified = s.external.verify(tenant, iss, token)?;
    let user_id: Option<String> = s
        .db()
        .query_row(
            "SELECT id FROM users WHERE tenant = ?1 AND (username = ?2 OR email = ?3)",
            rusqlite::params![tenant, verified.username, verified.email],
            |r| r.get(0),
        )
        .ok();
    let user_id = user_id.ok_or_else(|| {
        ApiError::invalid_token(format!("subject `{}` of the trusted issuer is no user of this tenant", verified.sub))
    })?;
    Ok(AccessClaims {
        iss: iss.to_string(),
        sub: user_id,
        aud: CLIENT_ID.to_string(),
        exp: verified.exp,
        iat: verified.iat,
        sid: verified.sid.unwrap_or_default(),
        tenant: tenant.to_string(),
        scope: verified.scope,
        jti: verified.jti,
    })
}
