//! `authorize`: the authorization request, the sign-in form, and the code it issues.

use axum::{
    Form,
    extract::{
        Path, Query, State,
        rejection::{FormRejection, QueryRejection},
    },
    http::{HeaderMap, HeaderValue, StatusCode, header},
    response::Response,
};
use rusqlite::{OptionalExtension, params};
use serde::{Deserialize, Serialize};
use url::Url;

use super::{CLIENT_ID, CODE_TTL_SECS, SSO_COOKIE, cookie, found, known, loopback_uri, random_token};
use crate::{Shared, clock::system_now, error::ApiError, html, seed::password_hash};

/// The parameters of an authorization request, as received.
#[derive(Debug, Default, Deserialize, Serialize, Clone)]
pub(super) struct AuthorizeParams {
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

pub(super) async fn authorize(
    State(s): State<Shared>,
    Path(tenant): Path<String>,
    headers: HeaderMap,
    query: Result<Query<AuthorizeParams>, QueryRejection>,
) -> Result<Response, ApiError> {
    let name = known(&tenant)?;
    let p = match query {
        Ok(Query(p)) => p,
        Err(e) => return Ok(html::error(StatusCode::BAD_REQUEST, &e.body_text())),
    };
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
pub(super) struct SignInForm {
    #[serde(flatten)]
    params: AuthorizeParams,
    #[serde(default)]
    username: String,
    #[serde(default)]
    password: String,
}

pub(super) async fn sign_in(
    State(s): State<Shared>,
    Path(tenant): Path<String>,
    posted: Result<Form<SignInForm>, FormRejection>,
) -> Result<Response, ApiError> {
    let name = known(&tenant)?;
    let f = match posted {
        Ok(Form(f)) => f,
        Err(e) => return Ok(html::error(StatusCode::BAD_REQUEST, &e.body_text())),
    };
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
    let (session, sid, auth_time) = (random_token(), random_token(), system_now());
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
            system_now() + CODE_TTL_SECS
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
