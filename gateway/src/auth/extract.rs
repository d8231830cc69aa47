//! The `AuthSession` extractor: a valid, fresh session of this tenant, or 401.
//!
//! Extracting it slides the idle expiry, and refreshes the access token shortly before it
//! expires (one refresh at a time per session; a failed refresh ends the session).

use std::sync::Arc;

use axum::{extract::FromRequestParts, http::request::Parts};
use contracts::bff::UnauthorizedReason;
use time::OffsetDateTime;
use url::Url;

use super::{
    cookies,
    session::{Session, check_expiry},
};
use crate::{app::AppState, error::AppError, tenant::RequestTenant, upstream::CallContext};

/// Refresh the access token when it has less than this left.
const REFRESH_MARGIN: time::Duration = time::Duration::seconds(30);

/// A signed-in request.
#[derive(Debug, Clone)]
pub struct AuthSession {
    /// The session, with its idle expiry already slid.
    pub session: Session,
    /// The request's tenant.
    pub tenant: RequestTenant,
    /// What upstream calls of this request carry.
    pub ctx: CallContext,
}

impl FromRequestParts<AppState> for AuthSession {
    type Rejection = AppError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, AppError> {
        let rt = RequestTenant::from_request_parts(parts, state).await?;
        let id = cookies::read(&parts.headers, cookies::session_cookie_name(&rt))
            .ok_or(AppError::Unauthorized(UnauthorizedReason::None))?;
        let mut session = state.sessions.get(&id).await?.ok_or(AppError::Unauthorized(UnauthorizedReason::None))?;
        if session.tenant != rt.tenant.config.id {
            // A session is bound to its tenant: another tenant's cookie is no session here.
            return Err(AppError::Unauthorized(UnauthorizedReason::None));
        }
        let now = OffsetDateTime::now_utc();
        if let Err(reason) = check_expiry(&session, now, &state.config.session) {
            state.sessions.remove(&id).await?;
            return Err(AppError::Unauthorized(reason));
        }
        if session.tokens.access_expires_at - now < REFRESH_MARGIN {
            session = refresh(state, &rt, session).await?;
        }
        session.last_seen = now;
        state.sessions.put(session.clone()).await?;
        let header = |name: &str| parts.headers.get(name).and_then(|v| v.to_str().ok()).map(String::from);
        let ctx = CallContext {
            access_token: session.tokens.access_token.clone(),
            accept_language: header("accept-language"),
            request_id: header("x-request-id"),
        };
        Ok(AuthSession { session, tenant: rt, ctx })
    }
}

/// Refreshes the session's tokens; concurrent requests of one session wait for one refresh.
async fn refresh(state: &AppState, rt: &RequestTenant, session: Session) -> Result<Session, AppError> {
    let lock = state.refresh_locks.get_with(session.id.clone(), async { Arc::new(tokio::sync::Mutex::new(())) }).await;
    let _guard = lock.lock().await;
    // Another request may have refreshed while we waited.
    let mut current =
        state.sessions.get(&session.id).await?.ok_or(AppError::Unauthorized(UnauthorizedReason::Revoked))?;
    current.id = session.id.clone();
    if current.tokens.access_expires_at - OffsetDateTime::now_utc() >= REFRESH_MARGIN {
        return Ok(current);
    }
    let Some(refresh_token) = current.tokens.refresh_token.clone() else {
        state.sessions.remove(&current.id).await?;
        return Err(AppError::Unauthorized(UnauthorizedReason::Expired));
    };
    let redirect_uri = callback_url(rt)?;
    let provider = rt
        .tenant
        .session_provider(current.provider.as_deref())
        .ok_or(AppError::Unauthorized(UnauthorizedReason::Revoked))?;
    match provider.refresh(&refresh_token, &redirect_uri).await {
        Ok(tokens) => {
            current.tokens.access_token = tokens.access_token;
            current.tokens.access_expires_at = tokens.access_expires_at;
            if let Some(rotated) = tokens.refresh_token {
                current.tokens.refresh_token = Some(rotated);
            }
            if let Some(id_token) = tokens.id_token {
                current.tokens.id_token = id_token;
            }
            state.sessions.put(current.clone()).await?;
            Ok(current)
        }
        Err(e) => {
            tracing::warn!(error = %e, "token refresh failed; ending the session");
            state.sessions.remove(&current.id).await?;
            Err(AppError::Unauthorized(UnauthorizedReason::RefreshFailed))
        }
    }
}

/// `{origin}/oidc/callback` of this request.
pub fn callback_url(rt: &RequestTenant) -> Result<Url, AppError> {
    Url::parse(&format!("{}/oidc/callback", rt.origin()))
        .map_err(|e| AppError::BadRequest(format!("bad Host header: {e}")))
}
