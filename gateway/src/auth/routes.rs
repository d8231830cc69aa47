//! `/oidc/login`, `/oidc/callback`, `/oidc/logout`.

use axum::{
    extract::State,
    http::{HeaderMap, StatusCode, header},
    response::{IntoResponse, Response},
};
use serde::Deserialize;
use time::OffsetDateTime;
use url::Url;

use super::{
    cookies,
    extract::callback_url,
    oidc::OidcError,
    redirect::checked_redirect,
    session::{Session, Tokens, new_session_id},
};
use crate::{app::AppState, error::AppError, extract::Query, tenant::RequestTenant, upstream::CallContext};

/// A login between `/oidc/login` and `/oidc/callback`, kept server-side by `state`.
#[derive(Debug, Clone)]
pub struct PendingLogin {
    tenant: String,
    provider: String,
    nonce: String,
    pkce_verifier: String,
    return_to: Url,
}

/// Query of `/oidc/login`.
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct LoginQuery {
    redirect_url: Option<String>,
    provider: Option<String>,
    #[serde(rename = "login_hint")]
    login_hint: Option<String>,
}

/// Starts a login at the tenant's issuer.
pub async fn login(
    State(state): State<AppState>,
    rt: RequestTenant,
    headers: HeaderMap,
    Query(query): Query<LoginQuery>,
) -> Result<Response, AppError> {
    let provider_id = query.provider.clone().unwrap_or_else(|| rt.tenant.config.default_provider.clone());
    let Some(provider) = rt.tenant.provider(&provider_id) else {
        let known: Vec<&str> = rt.tenant.providers.iter().map(|(id, _)| id.as_str()).collect();
        return Err(AppError::BadRequest(format!(
            "unknown identity provider `{}`; this tenant signs in with: {}",
            provider_id.chars().take(64).collect::<String>(),
            known.join(", ")
        )));
    };
    let return_to = query
        .redirect_url
        .as_deref()
        .and_then(|u| checked_redirect(u, &rt.host, rt.tenant.config.allow_http_loopback))
        .unwrap_or(client_home(&rt)?);
    let start = provider.begin(&callback_url(&rt)?, query.login_hint.as_deref()).await.map_err(oidc_error)?;
    state
        .pending_logins
        .insert(
            start.state.clone(),
            PendingLogin {
                tenant: rt.tenant.config.id.clone(),
                provider: provider_id,
                nonce: start.nonce,
                pkce_verifier: start.pkce_verifier,
                return_to,
            },
        )
        .await;
    let mut states = cookies::pending_states(&headers, cookies::pending_cookie_name(&rt));
    states.push(start.state);
    let s = &state.config.session;
    // One cookie for every tab: the oldest logins beyond the cap are forgotten here too.
    if states.len() > s.max_pending_logins {
        for dropped in states.drain(..states.len() - s.max_pending_logins) {
            state.pending_logins.invalidate(&dropped).await;
        }
    }
    let cookie = cookies::pending(&rt, states, s.max_pending_logins, s.pending_login_ttl_secs);
    Ok(found(start.authorize_url.as_str(), vec![cookie]))
}

/// Query of `/oidc/callback`.
#[derive(Debug, Deserialize)]
pub struct CallbackQuery {
    code: Option<String>,
    state: Option<String>,
    error: Option<String>,
    error_description: Option<String>,
}

/// Finishes a login: checks state, exchanges the code, verifies the ID token, reads the user,
/// creates a new session (never reusing an old id) and sends the browser where it was going.
pub async fn callback(
    State(state): State<AppState>,
    rt: RequestTenant,
    headers: HeaderMap,
    Query(query): Query<CallbackQuery>,
) -> Result<Response, AppError> {
    let browser_states = cookies::pending_states(&headers, cookies::pending_cookie_name(&rt));
    let Some(login_state) = query.state.filter(|s| browser_states.contains(s)) else {
        // A callback this browser did not start (stale tab, back button, or login CSRF):
        // create nothing and start over from the client.
        tracing::warn!("callback with a state this browser did not start");
        return Ok(found(client_home(&rt)?.as_str(), vec![]));
    };
    let remaining: Vec<String> = browser_states.into_iter().filter(|s| *s != login_state).collect();
    let s = &state.config.session;
    let pending_cookie = cookies::pending(&rt, remaining, s.max_pending_logins, s.pending_login_ttl_secs);
    let Some(pending) = state.pending_logins.remove(&login_state).await else {
        tracing::warn!("callback for an expired or finished login");
        return Ok(found(client_home(&rt)?.as_str(), vec![pending_cookie]));
    };
    if pending.tenant != rt.tenant.config.id {
        return Err(AppError::BadRequest("this sign-in was started for another tenant".into()));
    }
    if let Some(error) = query.error {
        let detail = query.error_description.unwrap_or_default();
        return Err(AppError::BadRequest(format!("the identity provider refused the sign-in: {error} {detail}")));
    }
    let code = query.code.ok_or_else(|| AppError::BadRequest("the callback has no code".into()))?;
    let provider = rt
        .tenant
        .provider(&pending.provider)
        .ok_or_else(|| AppError::BadRequest("this sign-in was started with a provider that is gone".into()))?;
    let tokens = provider
        .finish(&callback_url(&rt)?, &code, &pending.pkce_verifier, &pending.nonce)
        .await
        .map_err(oidc_error)?;
    let ctx = CallContext {
        access_token: tokens.access_token.clone(),
        accept_language: headers.get(header::ACCEPT_LANGUAGE).and_then(|v| v.to_str().ok()).map(String::from),
        request_id: headers.get("x-request-id").and_then(|v| v.to_str().ok()).map(String::from),
    };
    let user = rt.tenant.upstream.current_user(&ctx).await?;
    if let Some(old) = cookies::read(&headers, cookies::session_cookie_name(&rt)) {
        state.sessions.remove(&old).await?;
    }
    let now = OffsetDateTime::now_utc();
    let session = Session {
        id: new_session_id(),
        tenant: rt.tenant.config.id.clone(),
        subject: tokens.subject.unwrap_or_default(),
        sid: tokens.sid,
        provider: Some(pending.provider),
        user,
        tokens: Tokens {
            access_token: tokens.access_token,
            access_expires_at: tokens.access_expires_at,
            refresh_token: tokens.refresh_token,
            id_token: tokens.id_token.unwrap_or_default(),
        },
        created_at: now,
        last_seen: now,
    };
    let cookie = cookies::session(&rt, &session.id);
    state.sessions.put(session).await?;
    state.metrics.session_created();
    Ok(found(pending.return_to.as_str(), vec![pending_cookie, cookie]))
}

/// Ends the session here and at the issuer (RP-initiated logout), then returns to the client.
pub async fn logout(
    State(state): State<AppState>,
    rt: RequestTenant,
    headers: HeaderMap,
) -> Result<Response, AppError> {
    let home = client_home(&rt)?;
    let mut target = home.clone();
    if let Some(id) = cookies::read(&headers, cookies::session_cookie_name(&rt)) {
        let session = state.sessions.get(&id).await?;
        if let Some(session) = session.filter(|s| s.tenant == rt.tenant.config.id) {
            state.sessions.remove(&id).await?;
            state.caches.forget_user(&session.tenant, session.user.id).await;
            let provider = rt.tenant.session_provider(session.provider.as_deref());
            if let Some(provider) = provider
                && let Some(url) = provider.end_session_url(&session.tokens.id_token, &home).await
            {
                target = url;
            }
        }
    }
    Ok(found(target.as_str(), vec![cookies::clear_session(&rt)]))
}

fn client_home(rt: &RequestTenant) -> Result<Url, AppError> {
    Url::parse(&format!("{}/learn/", rt.origin())).map_err(|e| AppError::BadRequest(format!("bad Host header: {e}")))
}

fn found(location: &str, cookies: Vec<header::HeaderValue>) -> Response {
    let mut response = (StatusCode::FOUND, [(header::LOCATION, location)]).into_response();
    for cookie in cookies {
        response.headers_mut().append(header::SET_COOKIE, cookie);
    }
    response
}

fn oidc_error(e: OidcError) -> AppError {
    match e {
        OidcError::Unavailable(_) => AppError::IdentityProviderUnavailable(e.to_string()),
        OidcError::Rejected(_) => {
            tracing::warn!(error = %e, "sign-in rejected");
            AppError::BadRequest("The sign-in could not be completed; please try again.".into())
        }
    }
}
