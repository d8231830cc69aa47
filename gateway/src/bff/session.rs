//! `GET /api/bff/session`, the activity heartbeat, and the adoption of a session by a framed
//! portal.

use axum::{
    Json,
    extract::State,
    http::{HeaderMap, StatusCode, header},
    response::{IntoResponse, Response},
};
use contracts::bff::{
    AdoptSessionRequest, HomeKind, Problem, SessionHome, SessionNavigation, SessionUser, SessionView, Unauthorized,
};
use contracts::upstream::Permission;
use serde::Deserialize;
use utoipa::IntoParams;

use super::fields::rfc3339;
use crate::{
    app::AppState,
    auth::{
        adopt, cookies,
        extract::AuthSession,
        session::{check_expiry, expires_at},
    },
    config::UiSettings,
    domain::{
        permissions::{Home, NAVIGATION, Required, Requirement, ScopeRule, Strategy, home, is_allowed},
        profile::full_name,
    },
    error::{AppResult, problem_titled},
    extract::{self, Query},
    tenant::Portal,
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
    portal: Portal,
    auth: AuthSession,
    Query(query): Query<SessionQuery>,
) -> AppResult<Json<SessionView>> {
    let session = &auth.session;
    let user = &session.user;
    let idle_expires_at = rfc3339(expires_at(session, &state.config.session))
        .ok_or_else(|| anyhow::anyhow!("the session expiry cannot be written as RFC 3339"))?;
    Ok(Json(SessionView {
        user: SessionUser {
            id: user.id.to_string(),
            email: user.email.clone(),
            full_name: full_name(user),
            timezone: user.timezone.clone(),
        },
        tenant: session.tenant_id.clone(),
        roles: user.roles.clone(),
        permissions: user.permissions.iter().map(|p| p.name.clone()).collect(),
        idle_timeout_seconds: u32::try_from(state.config.session.idle_timeout_secs).unwrap_or(u32::MAX),
        idle_expires_at,
        logout_url: "/oidc/logout".into(),
        home: session_home(&home(&user.permissions, NAVIGATION, query.requested_url.as_deref())),
        navigation: session_navigation(&portal.tenant.config.ui, &user.permissions),
    }))
}

/// Research projects and knowledge models need unscoped `Research.Access` (spec section 6).
const RESEARCH_ACCESS: Requirement<'static> = Requirement {
    permissions: &[Required { name: "Research.Access", scope: ScopeRule::Unscoped }],
    strategy: Strategy::All,
};

/// The permission-dependent navigation items: a platform item needs the tenant's feature, its
/// navigation flag and `Research.Access`; the portal item needs a page of the platform navigation
/// other than research and knowledge models.
fn session_navigation(ui: &UiSettings, held: &[Permission]) -> SessionNavigation {
    let research = is_allowed(held, &RESEARCH_ACCESS);
    let item = |feature: &str, flag: bool, path: &str| {
        (research && flag && ui.platform_features.iter().any(|f| f == feature)).then(|| format!("{path}?returnUrl=/"))
    };
    let portal = NAVIGATION.iter().any(|node| !node.research_or_knowledge_model && is_allowed(held, &node.requirement));
    SessionNavigation {
        research_projects_url: item("research", ui.research_projects_enabled, "/platform/research-projects"),
        knowledge_models_url: item("knowledgeModels", ui.knowledge_models_enabled, "/platform/knowledge-models"),
        portal_url: portal.then(|| ui.portal_url.clone()),
    }
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

/// `POST /api/bff/session/adopt`: a portal framed by a page of another site exchanges the
/// one-time code of a sign-in in its parent's popup for its own session cookie (see
/// [`crate::auth::adopt`]). The cookie names the popup's session itself: the frame shares that
/// session (one refresh token, rotated by the issuer, cannot serve two sessions), so a logout
/// in either place, an expiry or a back-channel logout ends both.
///
/// Needs no session, but the usual anti-forgery rules apply (`X-Requested-With` and, when the
/// browser sends one, this origin's `Origin`). A used, expired, unknown, malformed or other
/// tenant's code is a 400 problem that sets nothing; the code is spent by any attempt.
#[utoipa::path(post, path = "/api/bff/session/adopt", tag = "session", security(()),
    request_body = AdoptSessionRequest, responses(
    (status = 204, description = "The frame's session cookie is set (`Set-Cookie`); it shares the session of the sign-in"),
    (status = 400, description = "The code is used, expired, unknown, of another tenant or malformed, or the body is bad; nothing is set", body = Problem),
    (status = 403, description = "Without `X-Requested-With: XMLHttpRequest`, or from another site's `Origin`", body = Problem),
    (status = 413, description = "The body is larger than `commands.max_body_bytes`", body = Problem),
    (status = 503, description = "The session store is unavailable; try again", body = Problem),
))]
pub async fn adopt_session(
    State(state): State<AppState>,
    portal: Portal,
    headers: HeaderMap,
    extract::Json(request): extract::Json<AdoptSessionRequest>,
) -> AppResult<Response> {
    let refused = |why: &str| {
        tracing::warn!(tenant = %portal.tenant.config.id, why, "a session adoption was refused");
        Ok(problem_titled(
            StatusCode::BAD_REQUEST,
            "invalid_adopt_code",
            "The sign-in code cannot be used",
            Some("The sign-in code is unknown, already used, expired or not for this portal; sign in again.".into()),
        ))
    };
    if !adopt::is_well_formed(&request.code) {
        return refused("malformed code");
    }
    // Taken out of the store whatever follows: a code is tried once.
    let Some(grant) = state.sessions.take_adopt_code(&request.code).await? else {
        return refused("unknown or used code");
    };
    if grant.tenant_id != portal.tenant.config.id {
        return refused("code of another tenant");
    }
    let now = time::OffsetDateTime::now_utc();
    if grant.expires_at <= now.unix_timestamp() {
        return refused("expired code");
    }
    let session = state.sessions.get(&grant.session_id).await?.filter(|s| s.tenant_id == grant.tenant_id);
    let Some(session) = session.filter(|s| check_expiry(s, now, &state.config.session).is_ok()) else {
        return refused("the session of the code has ended");
    };
    // The frame's previous session, if any other, ends here, as at a sign-in.
    if let Some(old) = cookies::read(&headers, cookies::session_cookie_name(&portal))
        && old != session.id
        && state.sessions.get(&old).await?.is_some_and(|s| s.tenant_id == portal.tenant.config.id)
    {
        state.sessions.remove(&old).await?;
    }
    Ok((StatusCode::NO_CONTENT, [(header::SET_COOKIE, cookies::session(&portal, &session.id))]).into_response())
}
