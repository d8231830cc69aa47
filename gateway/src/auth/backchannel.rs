//! `POST /oidc/backchannel-logout`: OpenID Connect Back-Channel Logout 1.0.
//!
//! The issuer calls it server to server (no cookie, no CSRF header) with a form field
//! `logout_token`: a JWT signed by the tenant issuer's keys (read through the tenant's
//! [`OidcProvider`](super::oidc::OidcProvider), the same cached discovery as login). Checked:
//! signature with an asymmetric algorithm of [`ALLOWED_SIGNING_ALGORITHMS`] (the same list as
//! ID tokens), `typ` (when given), `iss`, `aud` (our client id), `iat` within
//! `session.logout_token_max_age_secs` of now, `exp` (when given), the back-channel logout
//! event, no `nonce`, `sid` or `sub` present, and `jti` (when given) never seen before. The
//! matching sessions are removed from the store, so on every instance sharing it, and this
//! instance forgets the users' cached data. 200 when done, 400 with a problem body when the
//! token is refused.

use std::{collections::HashMap, time::Duration};

use axum::{
    Form,
    extract::{State, rejection::FormRejection},
    http::StatusCode,
    response::{IntoResponse, Response},
};
use base64::{Engine, engine::general_purpose::URL_SAFE_NO_PAD};
use openidconnect::{
    JsonWebKey, JsonWebKeyUse,
    core::{CoreJsonWebKeySet, CoreJwsSigningAlgorithm},
};
use serde::Deserialize;
use serde_json::Value;
use time::OffsetDateTime;

use super::oidc::ALLOWED_SIGNING_ALGORITHMS;
use crate::{app::AppState, error::problem, tenant::Portal};

/// The event a logout token must carry.
pub const BACKCHANNEL_LOGOUT_EVENT: &str = "http://schemas.openid.net/event/backchannel-logout";
/// Longest logout token read; real ones are a few hundred bytes.
const MAX_LOGOUT_TOKEN_BYTES: usize = 16 * 1024;
/// Whose sessions a valid logout token ends.
#[derive(Debug, PartialEq, Eq)]
pub struct LogoutSubject {
    /// The issuer's session id, when given.
    pub sid: Option<String>,
    /// The issuer's subject, when given.
    pub sub: Option<String>,
    /// The token's unique id, when given.
    pub jti: Option<String>,
}

/// What the claims must say for this tenant.
#[derive(Debug)]
pub struct Expected<'a> {
    /// The tenant's issuer.
    pub issuer: &'a str,
    /// Our client id at the issuer.
    pub client_id: &'a str,
    /// Seconds since the epoch.
    pub now: i64,
    /// Largest distance of `iat` from `now`, in seconds.
    pub max_age_secs: i64,
}

/// Ends the sessions named by a valid logout token.
pub async fn backchannel_logout(
    State(state): State<AppState>,
    portal: Portal,
    form: Result<Form<HashMap<String, String>>, FormRejection>,
) -> Response {
    let token = match form {
        Ok(Form(mut fields)) => fields.remove("logout_token"),
        Err(e) => return refused(format!("the body is not a form: {}", e.body_text())),
    };
    let Some(token) = token.filter(|t| !t.is_empty()) else {
        return refused("the form has no logout_token".into());
    };
    if token.len() > MAX_LOGOUT_TOKEN_BYTES {
        return refused(format!("the logout_token is longer than {MAX_LOGOUT_TOKEN_BYTES} bytes"));
    }
    // The token's issuer picks which of the tenant's providers must have signed it; the
    // signature and every claim are then checked against that provider.
    let Some(issuer) = unverified_issuer(&token) else {
        return refused("the logout_token is not a JWT with an `iss` claim".into());
    };
    let Some((provider_config, oidc)) = portal.tenant.config.providers.iter().find_map(|config| {
        (config.oidc.issuer.as_str() == issuer).then(|| Some((config, portal.tenant.provider(&config.id)?)))?
    }) else {
        return refused("the logout token's issuer is none of this tenant's providers".into());
    };
    let keys = match oidc.signing_keys(false).await {
        Ok(keys) => keys,
        Err(e) => return crate::error::AppError::BadGateway(e.to_string()).into_response(),
    };
    let claims = match verify_signature(&token, &keys) {
        Ok(claims) => claims,
        Err(SignatureError::UnknownKey) => match oidc.signing_keys(true).await {
            // The issuer may have rotated its keys: read them again, once.
            Ok(keys) => match verify_signature(&token, &keys) {
                Ok(claims) => claims,
                Err(e) => return refused(e.to_string()),
            },
            Err(e) => return crate::error::AppError::BadGateway(e.to_string()).into_response(),
        },
        Err(e) => return refused(e.to_string()),
    };
    let config = &portal.tenant.config;
    let settings = &state.config.session;
    let expected = Expected {
        issuer: provider_config.oidc.issuer.as_str(),
        client_id: &provider_config.oidc.client_id,
        now: OffsetDateTime::now_utc().unix_timestamp(),
        max_age_secs: settings.logout_token_max_age_secs as i64,
    };
    let subject = match check_claims(&claims, &expected) {
        Ok(subject) => subject,
        Err(reason) => return refused(reason),
    };
    let tenant = &config.id;
    if let Some(jti) = &subject.jti {
        let window = Duration::from_secs(settings.logout_token_max_age_secs * 2);
        match state.sessions.first_use(&format!("logout-jti:{tenant}:{jti}"), window).await {
            Ok(true) => {}
            Ok(false) => return refused("the logout token was already used (jti)".into()),
            Err(e) => return crate::error::AppError::from(e).into_response(),
        }
    }
    match state.sessions.remove_for_logout(tenant, subject.sid.as_deref(), subject.sub.as_deref()).await {
        Ok(removed) => {
            tracing::info!(removed = removed.len(), "back-channel logout");
            for session in &removed {
                state.caches.forget_user(&session.tenant_id, session.user.id).await;
            }
            StatusCode::OK.into_response()
        }
        Err(e) => crate::error::AppError::from(e).into_response(),
    }
}

/// The `iss` claim of a token, read without checking anything: only to choose the provider whose
/// keys and claims the token is then checked against.
fn unverified_issuer(token: &str) -> Option<String> {
    let payload = token.split('.').nth(1)?;
    let claims: Value = serde_json::from_slice(&URL_SAFE_NO_PAD.decode(payload).ok()?).ok()?;
    claims.get("iss")?.as_str().map(str::to_owned)
}

fn refused(detail: String) -> Response {
    tracing::warn!(reason = %detail, "back-channel logout token refused");
    problem(StatusCode::BAD_REQUEST, "invalid_request", Some(detail))
}

/// Why a token's signature was not accepted.
#[derive(Debug, thiserror::Error)]
pub enum SignatureError {
    /// Not three base64url parts with JSON header and claims.
    #[error("the logout token is not a signed JWT")]
    Malformed,
    /// The `alg` is not in the allowlist.
    #[error("the logout token's algorithm is not accepted")]
    Algorithm,
    /// The `typ` header is neither `logout+jwt` nor `JWT`.
    #[error("the logout token's type is not logout+jwt")]
    Type,
    /// No signing key of the issuer has the token's `kid`.
    #[error("no signing key of the issuer matches the logout token")]
    UnknownKey,
    /// The signature does not verify.
    #[error("the logout token's signature does not verify")]
    BadSignature,
}

#[derive(Deserialize)]
struct Header {
    alg: Value,
    kid: Option<String>,
    typ: Option<String>,
}

/// Checks the JWS signature against `keys`; answers the claims.
pub fn verify_signature(token: &str, keys: &CoreJsonWebKeySet) -> Result<Value, SignatureError> {
    let mut parts = token.split('.');
    let (Some(header), Some(payload), Some(signature), None) = (parts.next(), parts.next(), parts.next(), parts.next())
    else {
        return Err(SignatureError::Malformed);
    };
    let decode = |part: &str| URL_SAFE_NO_PAD.decode(part).map_err(|_| SignatureError::Malformed);
    let head: Header = serde_json::from_slice(&decode(header)?).map_err(|_| SignatureError::Malformed)?;
    let alg: CoreJwsSigningAlgorithm = serde_json::from_value(head.alg).map_err(|_| SignatureError::Algorithm)?;
    if !ALLOWED_SIGNING_ALGORITHMS.contains(&alg) {
        return Err(SignatureError::Algorithm);
    }
    if let Some(typ) = &head.typ
        && !typ.eq_ignore_ascii_case("logout+jwt")
        && !typ.eq_ignore_ascii_case("application/logout+jwt")
        && !typ.eq_ignore_ascii_case("JWT")
    {
        return Err(SignatureError::Type);
    }
    let signature = decode(signature)?;
    let message = format!("{header}.{payload}");
    let candidates: Vec<_> = keys
        .keys()
        .iter()
        .filter(|k| head.kid.is_none() || k.key_id().map(|id| id.as_str()) == head.kid.as_deref())
        .filter(|k| k.key_use().is_none_or(|u| u.allows_signature()))
        .collect();
    if candidates.is_empty() {
        return Err(SignatureError::UnknownKey);
    }
    if !candidates.iter().any(|k| k.verify_signature(&alg, message.as_bytes(), &signature).is_ok()) {
        return Err(SignatureError::BadSignature);
    }
    serde_json::from_slice(&decode(payload)?).map_err(|_| SignatureError::Malformed)
}

/// Checks the claims of a logout token whose signature verified.
pub fn check_claims(claims: &Value, expected: &Expected<'_>) -> Result<LogoutSubject, String> {
    let text = |name: &str| claims.get(name).and_then(Value::as_str).map(String::from);
    let issuer = text("iss").ok_or("the logout token has no iss")?;
    if issuer.trim_end_matches('/') != expected.issuer.trim_end_matches('/') {
        return Err("the logout token comes from another issuer".into());
    }
    let audience_ok = match claims.get("aud") {
        Some(Value::String(aud)) => aud == expected.client_id,
        Some(Value::Array(auds)) => auds.iter().any(|a| a.as_str() == Some(expected.client_id)),
        _ => false,
    };
    if !audience_ok {
        return Err("the logout token is not meant for this client (aud)".into());
    }
    let iat = claims.get("iat").and_then(Value::as_i64).ok_or("the logout token has no iat")?;
    if (expected.now - iat).abs() > expected.max_age_secs {
        return Err("the logout token was not issued recently (iat)".into());
    }
    if let Some(exp) = claims.get("exp")
        && exp.as_i64().is_none_or(|exp| exp <= expected.now)
    {
        return Err("the logout token has expired (exp)".into());
    }
    let event_ok = claims
        .get("events")
        .and_then(Value::as_object)
        .and_then(|events| events.get(BACKCHANNEL_LOGOUT_EVENT))
        .is_some_and(Value::is_object);
    if !event_ok {
        return Err("the logout token has no back-channel logout event".into());
    }
    if claims.get("nonce").is_some() {
        return Err("a logout token must not carry a nonce".into());
    }
    let (sid, sub) = (text("sid"), text("sub"));
    if sid.is_none() && sub.is_none() {
        return Err("the logout token names neither sid nor sub".into());
    }
    Ok(LogoutSubject { sid, sub, jti: text("jti") })
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    const ISSUER: &str = "http://127.0.0.1:1/t/acme/idp";

    fn expected() -> Expected<'static> {
        Expected { issuer: ISSUER, client_id: "learner-portal", now: 1_000_000, max_age_secs: 120 }
    }

    fn valid() -> Value {
        json!({
            "iss": ISSUER, "aud": "learner-portal", "iat": 1_000_000, "jti": "j1", "sid": "s1", "sub": "u1",
            "events": { BACKCHANNEL_LOGOUT_EVENT: {} },
        })
    }

    #[test]
    fn logout_token_claims_follow_back_channel_logout_section_2_6() {
        let change = |f: &dyn Fn(&mut Value)| {
            let mut v = valid();
            f(&mut v);
            v
        };
        let cases: Vec<(&str, Value, Option<&str>)> = vec![
            ("valid", valid(), None),
            ("aud in a list", change(&|v| v["aud"] = json!(["other", "learner-portal"])), None),
            ("sub only", change(&|v| v.as_object_mut().map(|o| o.remove("sid")).map(drop).unwrap_or(())), None),
            ("other issuer", change(&|v| v["iss"] = json!("http://evil")), Some("another issuer")),
            ("wrong aud", change(&|v| v["aud"] = json!("other")), Some("aud")),
            ("old iat", change(&|v| v["iat"] = json!(1_000_000 - 121)), Some("iat")),
            ("future iat", change(&|v| v["iat"] = json!(1_000_000 + 121)), Some("iat")),
            ("expired", change(&|v| v["exp"] = json!(999_999)), Some("exp")),
            ("no events", change(&|v| v["events"] = json!({})), Some("event")),
            ("nonce", change(&|v| v["nonce"] = json!("n")), Some("nonce")),
            (
                "neither sid nor sub",
                change(&|v| {
                    if let Some(o) = v.as_object_mut() {
                        o.remove("sid");
                        o.remove("sub");
                    }
                }),
                Some("neither sid nor sub"),
            ),
        ];
        for (name, claims, refusal) in cases {
            let result = check_claims(&claims, &expected());
            match refusal {
                None => assert!(result.is_ok(), "{name}: {result:?}"),
                Some(part) => {
                    let err = result.expect_err(name);
                    assert!(err.contains(part), "{name}: {err}");
                }
            }
        }
    }

    #[test]
    fn unsigned_and_symmetric_tokens_are_refused() {
        let keys = CoreJsonWebKeySet::new(vec![]);
        let part = |v: Value| URL_SAFE_NO_PAD.encode(v.to_string());
        let none = format!("{}.{}.", part(json!({"alg": "none"})), part(valid()));
        assert!(matches!(verify_signature(&none, &keys), Err(SignatureError::Algorithm)));
        let hs = format!("{}.{}.c2ln", part(json!({"alg": "HS256"})), part(valid()));
        assert!(matches!(verify_signature(&hs, &keys), Err(SignatureError::Algorithm)));
        assert!(matches!(verify_signature("a.b", &keys), Err(SignatureError::Malformed)));
        let rs = format!("{}.{}.c2ln", part(json!({"alg": "RS256", "kid": "k"})), part(valid()));
        assert!(matches!(verify_signature(&rs, &keys), Err(SignatureError::UnknownKey)));
    }
}
