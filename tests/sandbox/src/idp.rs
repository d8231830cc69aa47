//! The dev OpenID Connect issuer of each tenant, at `/t/{tenant}/idp`: discovery, keys,
//! authorize with a sign-in form, token (authorization code with PKCE S256, refresh with
//! rotation and reuse detection), userinfo and end-session.

use std::collections::HashMap;

use axum::{
    Form, Json, Router,
    extract::{Path, Query, State},
    http::{HeaderMap, HeaderValue, StatusCode, header},
    response::{IntoResponse, Response},
    routing::get,
};
use base64::{Engine, engine::general_purpose::URL_SAFE_NO_PAD};
use jsonwebtoken::{Algorithm, Header, Validation};
use rand::RngCore;
use rusqlite::{OptionalExtension, params};
use serde::{Deserialize, Serialize};
use serde_json::json;
use sha2::{Digest, Sha256};
use url::Url;

use crate::{Shared, error::ApiError, html, now, seed::password_hash, tenant_name};

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
        .route("/t/{tenant}/idp/authorize", get(authorize).post(sign_in))
        .route("/t/{tenant}/idp/token", axum::routing::post(token))
        .route("/t/{tenant}/idp/userinfo", get(userinfo))
        .route("/t/{tenant}/idp/logout", get(end_session))
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
fn loopback_uri(uri: &str) -> Option<Url> {
    let url = Url::parse(uri).ok()?;
    let host = url.host_str()?.trim_start_matches('[').trim_end_matches(']').to_ascii_lowercase();
    let loopback = host == "localhost"
        || host.ends_with(".localhost")
        || host.parse::<std::net::IpAddr>().is_ok_and(|ip| ip.is_loopback());
    (matches!(url.scheme(), "http" | "https") && loopback && url.username().is_empty()).then_some(url)
}

/// The parameters of an authorization request, as received.
#[derive(Debug, Default, Deserialize, Serialize, Clone)]
pub struct AuthorizeParams {
    response_type: Option<String>,
    client_id: Option<String>,
    redirect_uri: Option<String>,
    scope: Option<String>,
    state: Option<String>,
    nonce: Option<String>,
    code_challenge: Option<String>,
    code_challenge_method: Option<String>,
    prompt: Option<String>,
    login_hint: Option<String>,
}

/// A request checked so far that errors may go back to its redirect URI.
struct Checked {
    redirect: Url,
    challenge: String,
}

/// Checks a request; `Err` is the answer to give (an error page, or a redirect with an error).
fn check(p: &AuthorizeParams) -> Result<Checked, Box<Response>> {
    if p.client_id.as_deref() != Some(CLIENT_ID) {
        return Err(Box::new(html::error(StatusCode::BAD_REQUEST, "Unknown client.")));
    }
    let Some(redirect) = p.redirect_uri.as_deref().and_then(loopback_uri).filter(|u| u.path() == "/oidc/callback")
    else {
        return Err(Box::new(html::error(
            StatusCode::BAD_REQUEST,
            "This redirect URI is not registered for the client.",
        )));
    };
    let fail = |error: &str| Err(Box::new(error_redirect(&redirect, error, p.state.as_deref())));
    if p.response_type.as_deref() != Some("code") {
        return fail("unsupported_response_type");
    }
    if !p.scope.as_deref().unwrap_or("").split(' ').any(|s| s == "openid") {
        return fail("invalid_scope");
    }
    match (&p.code_challenge, p.code_challenge_method.as_deref()) {
        (Some(c), Some("S256")) if (43..=128).contains(&c.len()) => Ok(Checked { challenge: c.clone(), redirect }),
        _ => fail("invalid_request"),
    }
}

fn error_redirect(redirect: &Url, error: &str, state: Option<&str>) -> Response {
    let mut url = redirect.clone();
    url.query_pairs_mut().append_pair("error", error).extend_pairs(state.map(|s| ("state", s)));
    found(&url)
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

async fn authorize(
    State(s): State<Shared>,
    Path(tenant): Path<String>,
    headers: HeaderMap,
    Query(p): Query<AuthorizeParams>,
) -> Result<Response, ApiError> {
    let name = known(&tenant)?;
    let checked = match check(&p) {
        Ok(c) => c,
        Err(answer) => return Ok(*answer),
    };
    if let Some(sso) = cookie(&headers, SSO_COOKIE).filter(|_| p.prompt.as_deref() != Some("login")) {
        let live: Option<(String, String, i64)> = s
            .db()
            .query_row(
                "SELECT user_id, sid, auth_time FROM idp_sessions WHERE id = ?1 AND tenant = ?2 AND ended = 0",
                params![sso, tenant],
                |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)),
            )
            .optional()?;
        if let Some((user, sid, auth_time)) = live {
            return issue_code(&s, &tenant, &p, &checked, &user, &sid, auth_time, None);
        }
    }
    Ok(form(&tenant, name, &p, None))
}

fn form(tenant: &str, name: &str, p: &AuthorizeParams, error: Option<&str>) -> Response {
    let hidden: Vec<(&str, &str)> = [
        ("response_type", &p.response_type),
        ("client_id", &p.client_id),
        ("redirect_uri", &p.redirect_uri),
        ("scope", &p.scope),
        ("state", &p.state),
        ("nonce", &p.nonce),
        ("code_challenge", &p.code_challenge),
        ("code_challenge_method", &p.code_challenge_method),
    ]
    .into_iter()
    .filter_map(|(k, v)| v.as_deref().map(|v| (k, v)))
    .collect();
    let username = p.login_hint.as_deref().unwrap_or("");
    html::sign_in(name, &format!("/t/{tenant}/idp/authorize"), &hidden, username, error)
}

/// The sign-in form as posted: the authorization request plus credentials.
#[derive(Debug, Deserialize)]
pub struct SignInForm {
    #[serde(flatten)]
    params: AuthorizeParams,
    #[serde(default)]
    username: String,
    #[serde(default)]
    password: String,
}

async fn sign_in(
    State(s): State<Shared>,
    Path(tenant): Path<String>,
    Form(f): Form<SignInForm>,
) -> Result<Response, ApiError> {
    let name = known(&tenant)?;
    let checked = match check(&f.params) {
        Ok(c) => c,
        Err(answer) => return Ok(*answer),
    };
    let user: Option<String> = s
        .db()
        .query_row(
            "SELECT id FROM users WHERE tenant = ?1 AND username = ?2 AND password_sha256 = ?3",
            params![tenant, f.username.trim(), password_hash(&f.password)],
            |r| r.get(0),
        )
        .optional()?;
    let Some(user) = user else {
        let mut p = f.params.clone();
        p.login_hint = Some(f.username);
        return Ok(form(&tenant, name, &p, Some("The username or password is not right.")));
    };
    let (session, sid, auth_time) = (random_token(), random_token(), now());
    s.db().execute(
        "INSERT INTO idp_sessions (id, tenant, user_id, sid, auth_time) VALUES (?1, ?2, ?3, ?4, ?5)",
        params![session, tenant, user, sid, auth_time],
    )?;
    let cookie = format!("{SSO_COOKIE}={session}; Path=/t/{tenant}/idp; HttpOnly; SameSite=Lax");
    issue_code(&s, &tenant, &f.params, &checked, &user, &sid, auth_time, Some(cookie))
}

#[expect(clippy::too_many_arguments, reason = "one call site per way of signing in")]
fn issue_code(
    s: &Shared,
    tenant: &str,
    p: &AuthorizeParams,
    checked: &Checked,
    user: &str,
    sid: &str,
    auth_time: i64,
    set_cookie: Option<String>,
) -> Result<Response, ApiError> {
    let code = random_token();
    s.db().execute(
        "INSERT INTO auth_codes VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11)",
        params![
            code,
            tenant,
            CLIENT_ID,
            p.redirect_uri.as_deref().unwrap_or(""),
            checked.challenge,
            p.nonce,
            p.scope.as_deref().unwrap_or("openid"),
            user,
            sid,
            auth_time,
            now() + CODE_TTL_SECS
        ],
    )?;
    let mut url = checked.redirect.clone();
    url.query_pairs_mut()
        .append_pair("code", &code)
        .extend_pairs(p.state.as_deref().map(|st| ("state", st)))
        .append_pair("iss", &s.issuer(tenant));
    let mut response = found(&url);
    if let Some(c) = set_cookie.and_then(|c| HeaderValue::from_str(&c).ok()) {
        response.headers_mut().append(header::SET_COOKIE, c);
    }
    Ok(response)
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
}

fn oauth_error(status: StatusCode, error: &str, description: &str) -> Response {
    let mut response = (status, Json(json!({ "error": error, "error_description": description }))).into_response();
    response.headers_mut().insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    if status == StatusCode::UNAUTHORIZED {
        response.headers_mut().insert(header::WWW_AUTHENTICATE, HeaderValue::from_static("Basic realm=\"sandbox\""));
    }
    response
}

/// Client authentication: HTTP Basic (form-urlencoded id and secret) or the form fields.
fn client_authenticated(headers: &HeaderMap, form: &HashMap<String, String>) -> bool {
    let basic = headers
        .get(header::AUTHORIZATION)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.strip_prefix("Basic "))
        .and_then(|b| base64::engine::general_purpose::STANDARD.decode(b).ok())
        .and_then(|b| String::from_utf8(b).ok())
        .and_then(|pair| {
            let (id, secret) = pair.split_once(':')?;
            let decode =
                |s: &str| url::form_urlencoded::parse(format!("v={s}").as_bytes()).next().map(|(_, v)| v.into_owned());
            Some((decode(id)?, decode(secret)?))
        });
    let (id, secret) = match basic {
        Some(pair) => pair,
        None => {
            (form.get("client_id").cloned().unwrap_or_default(), form.get("client_secret").cloned().unwrap_or_default())
        }
    };
    id == CLIENT_ID && secret == CLIENT_SECRET
}

async fn token(
    State(s): State<Shared>,
    Path(tenant): Path<String>,
    headers: HeaderMap,
    Form(form): Form<HashMap<String, String>>,
) -> Result<Response, ApiError> {
    known(&tenant)?;
    if !client_authenticated(&headers, &form) {
        return Ok(oauth_error(StatusCode::UNAUTHORIZED, "invalid_client", "client authentication failed"));
    }
    let field = |k: &str| form.get(k).map(String::as_str).unwrap_or("");
    match field("grant_type") {
        "authorization_code" => code_grant(&s, &tenant, field("code"), field("redirect_uri"), field("code_verifier")),
        "refresh_token" => refresh_grant(&s, &tenant, field("refresh_token")),
        other => Ok(oauth_error(StatusCode::BAD_REQUEST, "unsupported_grant_type", &format!("grant type `{other}`"))),
    }
}

/// An authorization code as stored.
struct CodeRow {
    redirect_uri: String,
    challenge: String,
    nonce: Option<String>,
    scope: String,
    user: String,
    sid: String,
    auth_time: i64,
    expires_at: i64,
}

fn code_grant(s: &Shared, tenant: &str, code: &str, redirect_uri: &str, verifier: &str) -> Result<Response, ApiError> {
    let row: Option<CodeRow> = {
        let db = s.db();
        let row = db
            .query_row(
                "SELECT redirect_uri, code_challenge, nonce, scope, user_id, sid, auth_time, expires_at
                 FROM auth_codes WHERE code = ?1 AND tenant = ?2",
                params![code, tenant],
                |r| {
                    Ok(CodeRow {
                        redirect_uri: r.get(0)?,
                        challenge: r.get(1)?,
                        nonce: r.get(2)?,
                        scope: r.get(3)?,
                        user: r.get(4)?,
                        sid: r.get(5)?,
                        auth_time: r.get(6)?,
                        expires_at: r.get(7)?,
                    })
                },
            )
            .optional()?;
        // One use only, whatever happens next.
        db.execute("DELETE FROM auth_codes WHERE code = ?1", [code])?;
        row
    };
    let Some(CodeRow { redirect_uri: redirect, challenge, nonce, scope, user, sid, auth_time, expires_at }) = row
    else {
        return Ok(oauth_error(StatusCode::BAD_REQUEST, "invalid_grant", "unknown or used code"));
    };
    if expires_at < now() {
        return Ok(oauth_error(StatusCode::BAD_REQUEST, "invalid_grant", "code expired"));
    }
    if redirect != redirect_uri {
        return Ok(oauth_error(
            StatusCode::BAD_REQUEST,
            "invalid_grant",
            "redirect_uri differs from the authorization request",
        ));
    }
    if URL_SAFE_NO_PAD.encode(Sha256::digest(verifier.as_bytes())) != challenge {
        return Ok(oauth_error(StatusCode::BAD_REQUEST, "invalid_grant", "PKCE verifier does not match the challenge"));
    }
    let family = random_token();
    tokens(s, tenant, &user, &sid, &scope, &family, Some((nonce, auth_time)))
}

fn refresh_grant(s: &Shared, tenant: &str, refresh: &str) -> Result<Response, ApiError> {
    let row: Option<(String, String, String, String, bool, bool)> = s
        .db()
        .query_row(
            "SELECT user_id, sid, family, scope, used, revoked FROM refresh_tokens WHERE token = ?1 AND tenant = ?2",
            params![refresh, tenant],
            |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?, r.get(4)?, r.get(5)?)),
        )
        .optional()?;
    let Some((user, sid, family, scope, used, revoked)) = row else {
        return Ok(oauth_error(StatusCode::BAD_REQUEST, "invalid_grant", "unknown refresh token"));
    };
    if used {
        // Reuse of a rotated token: someone else has it. End the whole family.
        s.db().execute("UPDATE refresh_tokens SET revoked = 1 WHERE family = ?1", [&family])?;
        return Ok(oauth_error(StatusCode::BAD_REQUEST, "invalid_grant", "refresh token reused; family revoked"));
    }
    if revoked {
        return Ok(oauth_error(StatusCode::BAD_REQUEST, "invalid_grant", "refresh token revoked"));
    }
    s.db().execute("UPDATE refresh_tokens SET used = 1 WHERE token = ?1", [refresh])?;
    tokens(s, tenant, &user, &sid, &scope, &family, None)
}

/// Signs the access token (and, at login, the ID token) and stores a new refresh token.
fn tokens(
    s: &Shared,
    tenant: &str,
    user: &str,
    sid: &str,
    scope: &str,
    family: &str,
    login: Option<(Option<String>, i64)>,
) -> Result<Response, ApiError> {
    let key = &s.keys[tenant];
    let mut header = Header::new(Algorithm::RS256);
    header.kid = Some(key.kid.clone());
    let iat = now();
    let issuer = s.issuer(tenant);
    let claims = AccessClaims {
        iss: issuer.clone(),
        sub: user.to_string(),
        aud: CLIENT_ID.into(),
        exp: iat + s.access_token_ttl_secs as i64,
        iat,
        sid: sid.to_string(),
        tenant: tenant.to_string(),
        scope: scope.to_string(),
    };
    let sign_error =
        |e: jsonwebtoken::errors::Error| ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, format!("signing: {e}"));
    let access = jsonwebtoken::encode(&header, &claims, &key.encoding).map_err(sign_error)?;
    let refresh = random_token();
    s.db().execute(
        "INSERT INTO refresh_tokens (token, tenant, user_id, sid, family, scope) VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
        params![refresh, tenant, user, sid, family, scope],
    )?;
    let mut body = json!({
        "access_token": access, "token_type": "Bearer", "expires_in": s.access_token_ttl_secs,
        "refresh_token": refresh, "scope": scope,
    });
    if let Some((nonce, auth_time)) = login {
        let profile = profile(s, user)?;
        let digest = Sha256::digest(access.as_bytes());
        let id_claims = json!({
            "iss": issuer, "sub": user, "aud": CLIENT_ID, "exp": iat + ID_TOKEN_TTL_SECS, "iat": iat,
            "auth_time": auth_time, "nonce": nonce, "sid": sid, "at_hash": URL_SAFE_NO_PAD.encode(&digest[..16]),
            "email": profile.email, "name": format!("{} {}", profile.first, profile.last),
            "given_name": profile.first, "family_name": profile.last, "preferred_username": profile.username,
        });
        body["id_token"] = jsonwebtoken::encode(&header, &id_claims, &key.encoding).map_err(sign_error)?.into();
    }
    let mut response = Json(body).into_response();
    response.headers_mut().insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    Ok(response)
}

struct Profile {
    username: String,
    email: String,
    first: String,
    last: String,
}

fn profile(s: &Shared, user: &str) -> Result<Profile, ApiError> {
    Ok(s.db().query_row("SELECT username, email, first_name, last_name FROM users WHERE id = ?1", [user], |r| {
        Ok(Profile { username: r.get(0)?, email: r.get(1)?, first: r.get(2)?, last: r.get(3)? })
    })?)
}

/// Verifies a bearer access token of `tenant`: signature, issuer, audience, expiry.
pub fn verify_bearer(s: &Shared, tenant: &str, headers: &HeaderMap) -> Result<AccessClaims, ApiError> {
    let token = headers
        .get(header::AUTHORIZATION)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.strip_prefix("Bearer ").or_else(|| v.strip_prefix("bearer ")))
        .ok_or_else(|| ApiError::invalid_token("a bearer token is required"))?;
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

async fn userinfo(
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
pub struct EndSession {
    id_token_hint: Option<String>,
    post_logout_redirect_uri: Option<String>,
    state: Option<String>,
}

async fn end_session(
    State(s): State<Shared>,
    Path(tenant): Path<String>,
    headers: HeaderMap,
    Query(q): Query<EndSession>,
) -> Result<Response, ApiError> {
    let name = known(&tenant)?;
    let mut sids = Vec::new();
    if let Some(hint) = &q.id_token_hint {
        let mut validation = Validation::new(Algorithm::RS256);
        validation.set_issuer(&[s.issuer(&tenant)]);
        validation.set_audience(&[CLIENT_ID]);
        validation.validate_exp = false;
        validation.set_required_spec_claims(&["iss", "aud", "sub"]);
        match jsonwebtoken::decode::<serde_json::Value>(hint, &s.keys[&tenant].decoding, &validation) {
            Ok(data) => sids.extend(data.claims["sid"].as_str().map(String::from)),
            Err(e) => return Err(ApiError::bad_request(format!("id_token_hint is not valid: {e}"))),
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
