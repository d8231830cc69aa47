//! `token`: authorization code with PKCE, and refresh tokens with rotation.

use std::collections::HashMap;

use axum::{
    Form, Json,
    extract::{Path, State, rejection::FormRejection},
    http::{HeaderMap, HeaderValue, StatusCode, header},
    response::{IntoResponse, Response},
};
use base64::{Engine, engine::general_purpose::URL_SAFE_NO_PAD};
use jsonwebtoken::{Algorithm, Header};
use rusqlite::{OptionalExtension, params};
use serde_json::json;
use sha2::{Digest, Sha256};

use super::{AccessClaims, CLIENT_ID, CLIENT_SECRET, ID_TOKEN_TTL_SECS, known, random_token};
use crate::{Shared, clock::system_now, error::ApiError};

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

pub(super) async fn token(
    State(s): State<Shared>,
    Path(tenant): Path<String>,
    headers: HeaderMap,
    form: Result<Form<HashMap<String, String>>, FormRejection>,
) -> Result<Response, ApiError> {
    known(&tenant)?;
    let form = match form {
        Ok(Form(form)) => form,
        Err(e) => return Ok(oauth_error(StatusCode::BAD_REQUEST, "invalid_request", &e.body_text())),
    };
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
    if expires_at < system_now() {
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
    // Marked used only if nobody did in the meantime: two concurrent uses cannot both pass.
    let claimed = s.db().execute("UPDATE refresh_tokens SET used = 1 WHERE token = ?1 AND used = 0", [refresh])?;
    if claimed == 0 {
        s.db().execute("UPDATE refresh_tokens SET revoked = 1 WHERE family = ?1", [&family])?;
        return Ok(oauth_error(StatusCode::BAD_REQUEST, "invalid_grant", "refresh token reused; family revoked"));
    }
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
    let iat = system_now();
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
        jti: random_token(),
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

/// What the issuer says of a user.
pub(super) struct Profile {
    pub(super) username: String,
    pub(super) email: String,
    pub(super) first: String,
    pub(super) last: String,
}

pub(super) fn profile(s: &Shared, user: &str) -> Result<Profile, ApiError> {
    Ok(s.db().query_row("SELECT username, email, first_name, last_name FROM users WHERE id = ?1", [user], |r| {
        Ok(Profile { username: r.get(0)?, email: r.get(1)?, first: r.get(2)?, last: r.get(3)? })
    })?)
}
