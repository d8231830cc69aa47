//! `GET /api/bff/session` and the activity heartbeat.

use axum::{Json, extract::State, http::StatusCode};
use contracts::bff::{HomeKind, SessionHome, SessionUser, SessionView, Unauthorized};
use serde::Deserialize;
use time::format_description::well_known::Rfc3339;
use utoipa::IntoParams;

use crate::{
    app::AppState,
    auth::{extract::AuthSession, session::expires_at},
    domain::{
        permissions::{Home, NAVIGATION, home},
        profile::full_name,
    },
    error::AppResult,
    extract::Query,
};

/// Query of `GET /api/bff/session`.
#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct SessionQuery {
    /// The URL the browser asked for (with its hash), so a redirect keeps a chat hash.
    requested_url: Option<String>,
}

/// Who is signed in, until when, and where they belong.
#[utoipa::path(get, path = "/api/bff/session", tag = "session", params(SessionQuery), responses(
    (status = 200, description = "The signed-in user, the idle expiry and where the user belongs", body = SessionView),
    (status = 401, description = "No valid session", body = Unauthorized),
))]
pub async fn get_session(
    State(state): State<AppState>,
    auth: AuthSession,
    Query(query): Query<SessionQuery>,
) -> AppResult<Json<SessionView>> {
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
        home: session_home(&home(&user.permissions, NAVIGATION, query.requested_url.as_deref())),
    }))
}

fn session_home(home: &Home) -> SessionHome {
    let kind = match home {
        Home::Learner => HomeKind::Learner,
        Home::Redirect(_) => HomeKind::Redirect,
        Home::Forbidden => HomeKind::Forbidden,
        Home::Platform => HomeKind::Platform,
    };
    SessionHome { kind, url: home.url().to_string() }
}

/// `POST /api/bff/session/touch`: the client's activity heartbeat; extracting the session
/// slides its idle expiry.
#[utoipa::path(post, path = "/api/bff/session/touch", tag = "session", responses(
    (status = 204, description = "The idle expiry was slid"),
    (status = 401, description = "No valid session", body = Unauthorized),
))]
pub async fn touch_session(_auth: AuthSession) -> StatusCode {
    StatusCode::NO_CONTENT
}
