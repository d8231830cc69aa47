//! `GET /api/bff/session` and the activity heartbeat.

use axum::{Json, extract::State, http::StatusCode};
use contracts::bff::{SessionUser, SessionView};
use time::format_description::well_known::Rfc3339;

use crate::{
    app::AppState,
    auth::{extract::AuthSession, session::expires_at},
    domain::profile::full_name,
    error::AppResult,
};

/// Who is signed in, and until when.
pub async fn get_session(State(state): State<AppState>, auth: AuthSession) -> AppResult<Json<SessionView>> {
    let session = &auth.session;
    let user = &session.user;
    let idle_expires_at = expires_at(session, &state.config.session)
        .format(&Rfc3339)
        .map_err(|e| anyhow::anyhow!("formatting the session expiry: {e}"))?;
    Ok(Json(SessionView {
        user: SessionUser {
            id: user.id.to_string(),
            email: user.email.clone(),
            full_name: full_name(user),
            timezone: user.timezone.clone(),
        },
        tenant: session.tenant.clone(),
        roles: user.roles.clone(),
        permissions: user.permissions.iter().map(|p| p.name.clone()).collect(),
        idle_timeout_seconds: u32::try_from(state.config.session.idle_timeout_secs).unwrap_or(u32::MAX),
        idle_expires_at,
        logout_url: "/oidc/logout".into(),
    }))
}

/// `POST /api/bff/session/touch`: the client's activity heartbeat; extracting the session
/// slides its idle expiry.
pub async fn touch_session(_auth: AuthSession) -> StatusCode {
    StatusCode::NO_CONTENT
}
