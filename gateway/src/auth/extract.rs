//! The `AuthSession` extractor: a valid, fresh session of this tenant, or 401.
//!
//! Extracting it slides the idle expiry (written back once per `session.touch_write_interval_secs`,
//! see `auth::session`), and refreshes the access token shortly before it expires (one refresh
//! at a time per session, across instances). Only the issuer's refusal of the refresh token
//! (`invalid_grant`) ends the session; an issuer that cannot be reached, times out or answers
//! 5xx gets a 503 and the session stays.

use std::{
    sync::Arc,
    time::{Duration, Instant},
};

use axum::{
    extract::FromRequestParts,
    http::{HeaderMap, request::Parts},
};
use contracts::bff::UnauthorizedReason;
use time::OffsetDateTime;
use url::Url;

use super::{
    cookies,
    oidc::OidcError,
    session::{Session, StoreError, check_expiry, needs_write_back, passed},
};
use crate::{
    app::AppState,
    domain::permissions::{LEARNER_AREA, is_allowed},
    error::AppError,
    tenant::Portal,
    upstream::CallContext,
};

/// Refresh the access token when it has less than this left.
const REFRESH_MARGIN: time::Duration = time::Duration::seconds(30);
/// How often a request waiting for another instance's refresh reads the session again.
const REFRESH_POLL: Duration = Duration::from_millis(50);

/// A signed-in request.
#[derive(Debug, Clone)]
pub struct AuthSession {
    /// The session, with its idle expiry already slid; shared with the store, not copied.
    pub session: Arc<Session>,
    /// The portal (tenant and origin) the request reached.
    pub portal: Portal,
    /// What upstream calls of this request carry.
    pub ctx: CallContext,
}

impl FromRequestParts<AppState> for AuthSession {
    type Rejection = AppError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, AppError> {
        let portal = Portal::from_request_parts(parts, state).await?;
        // The cookie as the tenant layer read it (taken: a second extraction reads the header).
        let cookie = parts.extensions.remove::<cookies::SessionCookie>().map(|c| c.0);
        let (id, mut session) = tenant_session(&parts.headers, cookie, state, &portal)
            .await?
            .ok_or(AppError::Unauthorized(UnauthorizedReason::None))?;
        let now = OffsetDateTime::now_utc();
        if let Err(reason) = check_expiry(&session, now, &state.config.session) {
            state.sessions.remove(&id).await?;
            return Err(AppError::Unauthorized(reason));
        }
        if !passed(now, session.tokens.access_expires_at, REFRESH_MARGIN) {
            // Boxed: the refresh (a few KB of state: the store's lock, the issuer's call) is
            // rare, and unboxed it would make every request's extractor future that large.
            let stale = Arc::clone(&session);
            let renewed = move |current: &Session| refreshed_meanwhile(&stale, current, OffsetDateTime::now_utc());
            session = Arc::new(Box::pin(refresh(state, &portal, &id, renewed)).await?);
        }
        if needs_write_back(&session, now, &state.config.session) {
            // Once per `session.touch_write_interval_secs`: the one copy of a request's session.
            let mut slid = (*session).clone();
            slid.last_seen = now;
            state.sessions.put(slid.clone()).await?;
            session = Arc::new(slid);
        }
        let ctx = CallContext::of_request(&parts.headers, session.tokens.access_token.authorization());
        Ok(AuthSession { session, portal, ctx })
    }
}

/// A signed-in request of a user who may use the learner area: spec section 6 'Staying in the
/// learner area requires permission ObjectiveWorkflow.Create' ([`LEARNER_AREA`]), enforced here
/// on every learner view and command, not only by the client's routing. Others get a 403 problem.
#[derive(Debug, Clone)]
pub struct LearnerSession(pub AuthSession);

impl std::ops::Deref for LearnerSession {
    type Target = AuthSession;

    fn deref(&self) -> &AuthSession {
        &self.0
    }
}

impl FromRequestParts<AppState> for LearnerSession {
    type Rejection = AppError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, AppError> {
        let auth = AuthSession::from_request_parts(parts, state).await?;
        if !is_allowed(&auth.session.user.permissions, &LEARNER_AREA) {
            return Err(AppError::Forbidden("the learner area needs the ObjectiveWorkflow.Create permission".into()));
        }
        Ok(LearnerSession(auth))
    }
}

/// Whether the request carries a live session of this portal's tenant whose user may use the
/// learner area: the public course page then offers the course in the portal instead of a
/// sign-in. Only reads: the idle expiry does not slide and no token is refreshed (the portal's
/// own next request does both). A store that cannot be read counts as no session, so the public
/// page still answers.
pub async fn is_signed_in_learner(headers: &HeaderMap, state: &AppState, portal: &Portal) -> bool {
    match tenant_session(headers, None, state, portal).await {
        Ok(Some((_, session))) => {
            check_expiry(&session, OffsetDateTime::now_utc(), &state.config.session).is_ok()
                && is_allowed(&session.user.permissions, &LEARNER_AREA)
        }
        Ok(None) => false,
        Err(e) => {
            tracing::debug!(error = %e, "reading the session of a public page's visitor");
            false
        }
    }
}

/// The id and session the request's session cookie names, when the store holds that session
/// for this portal's tenant (`cookie`: the cookie's value when it was read already). A session
/// is bound to its tenant: another tenant's cookie is no session here. Expiry is the caller's to
/// check.
async fn tenant_session(
    headers: &HeaderMap,
    cookie: Option<String>,
    state: &AppState,
    portal: &Portal,
) -> Result<Option<(String, Arc<Session>)>, StoreError> {
    let Some(id) = cookie.or_else(|| cookies::read(headers, cookies::session_cookie_name(portal))) else {
        return Ok(None);
    };
    let session = state.sessions.get_shared(&id).await?;
    Ok(session.filter(|s| s.tenant_id == portal.tenant.config.id).map(|s| (id, s)))
}

/// Whether `current` (just read from the store) carries tokens that another request obtained
/// after `stale` was read, and that are still valid.
fn refreshed_meanwhile(stale: &Session, current: &Session, now: OffsetDateTime) -> bool {
    let changed = current.tokens.access_token != stale.tokens.access_token
        || current.tokens.refresh_token != stale.tokens.refresh_token;
    (changed && current.tokens.access_expires_at > now) || current.tokens.access_expires_at - now >= REFRESH_MARGIN
}

/// Renews the access token of the request's session after the upstream refused `sent` (the
/// `Authorization` a call of this request carried), even though it has not expired: revoked
/// early, or signed with a key the upstream no longer trusts. Once for all the session's
/// requests refused with that token: when the session already carries another, nothing is
/// done. The session is `id`, of this request's tenant (its handler already found it so). No
/// session any more is a 401; a refused refresh ends the session (401), an issuer
/// that cannot be reached is a 503, as for [`AuthSession`]'s own refresh. Answers the session
/// with its new token.
pub async fn renew_refused(
    state: &AppState,
    portal: &Portal,
    id: &str,
    sent: Option<&axum::http::HeaderValue>,
) -> Result<Session, AppError> {
    let renewed = |current: &Session| current.tokens.access_token.authorization().as_ref() != sent;
    Box::pin(refresh(state, portal, id, renewed)).await
}

/// Refreshes the session's tokens, once for all concurrent requests of the session, unless
/// `renewed` says the session as stored now already has the tokens the caller needs.
///
/// Two locks: an in-process mutex per session, so requests of this instance queue without
/// touching the store, then the store's lock (`SET NX PX` in Redis), so instances sharing the
/// store do not refresh at the same time. A request that finds the store's lock taken re-reads
/// the session every [`REFRESH_POLL`]: as soon as the holder has stored new tokens it uses them.
/// It waits at most `session.refresh_lock_wait_ms`, then answers 503. The store's lock expires
/// after `session.refresh_lock_ttl_ms` should its holder die. With one-time refresh tokens a
/// second refresh with the same token would end the session, so the lock is what keeps
/// concurrent requests signed in.
async fn refresh(
    state: &AppState,
    portal: &Portal,
    id: &str,
    renewed: impl Fn(&Session) -> bool,
) -> Result<Session, AppError> {
    let local = state.refresh_locks.get_with(id.to_string(), async { Arc::new(tokio::sync::Mutex::new(())) }).await;
    let _guard = local.lock().await;
    let deadline = Instant::now() + Duration::from_millis(state.config.session.refresh_lock_wait_ms);
    loop {
        let current = read_again(state, id).await?;
        if renewed(&current) {
            return Ok(current);
        }
        if let Some(lock) = state.sessions.try_lock_refresh(id).await? {
            let result = refresh_holding_lock(state, portal, id, &renewed).await;
            if let Err(e) = state.sessions.unlock_refresh(lock).await {
                // The lock expires by itself; the refresh itself succeeded or failed on its own.
                tracing::warn!(error = %e, "releasing a refresh lock");
            }
            return result;
        }
        if Instant::now() >= deadline {
            return Err(AppError::Unavailable("waited too long for another instance to refresh the session".into()));
        }
        tokio::time::sleep(REFRESH_POLL).await;
    }
}

/// The session as stored now; gone means it was ended meanwhile (logout, failed refresh).
async fn read_again(state: &AppState, id: &str) -> Result<Session, AppError> {
    let mut current = state.sessions.get(id).await?.ok_or(AppError::Unauthorized(UnauthorizedReason::Revoked))?;
    current.id = id.to_string();
    Ok(current)
}

async fn refresh_holding_lock(
    state: &AppState,
    portal: &Portal,
    id: &str,
    renewed: &impl Fn(&Session) -> bool,
) -> Result<Session, AppError> {
    // The previous holder may have finished between our read and taking the lock.
    let mut current = read_again(state, id).await?;
    if renewed(&current) {
        return Ok(current);
    }
    let Some(refresh_token) = current.tokens.refresh_token.clone() else {
        state.sessions.remove(&current.id).await?;
        return Err(AppError::Unauthorized(UnauthorizedReason::Expired));
    };
    let redirect_uri = callback_url(portal)?;
    let provider = portal
        .tenant
        .session_provider(current.provider.as_deref())
        .ok_or(AppError::Unauthorized(UnauthorizedReason::Revoked))?;
    match provider.refresh(&refresh_token.text(), &redirect_uri).await {
        Ok(tokens) => {
            current.tokens.access_token = tokens.access_token.into();
            current.tokens.access_expires_at = tokens.access_expires_at;
            if let Some(rotated) = tokens.refresh_token {
                current.tokens.refresh_token = Some(rotated.into());
            }
            if let Some(id_token) = tokens.id_token {
                current.tokens.id_token = id_token.into();
            }
            // New tokens are always written, with the slid idle expiry.
            current.last_seen = OffsetDateTime::now_utc();
            state.sessions.put(current.clone()).await?;
            Ok(current)
        }
        Err(e @ OidcError::Rejected(_)) => {
            tracing::warn!(error = %e, "token refresh refused; ending the session");
            state.sessions.remove(&current.id).await?;
            Err(AppError::Unauthorized(UnauthorizedReason::RefreshFailed))
        }
        // No answer, a timeout or a 5xx: the issuer has a hiccup, the user did nothing wrong.
        // The session stays (with its old tokens, so the next request tries again); 503.
        Err(e @ OidcError::Unavailable(_)) => {
            Err(AppError::Unavailable(format!("refreshing the session's tokens: {e}")))
        }
    }
}

/// `{origin}/oidc/callback` of this request.
pub fn callback_url(portal: &Portal) -> Result<Url, AppError> {
    Url::parse(&format!("{}/oidc/callback", portal.origin()))
        .map_err(|e| AppError::BadRequest(format!("bad Host header: {e}")))
}
