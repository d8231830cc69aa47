//! `GET /api/bff/session` and the activity heartbeat.

use axum::{Json, extract::State, http::StatusCode};
use contracts::bff::{HomeKind, SessionHome, SessionNavigation, SessionUser, SessionView, Unauthorized};
use contracts::upstream::Permission;
use serde::Deserialize;
use time::format_description::well_known::Rfc3339;
use utoipa::IntoParams;

use crate::{
    app::AppState,
    auth::{extract::AuthSession, session::expires_at},
    config::UiSettings,
    domain::{
        permissions::{Home, NAVIGATION, Required, Requirement, ScopeRule, Strategy, home, is_allowed},
        profile::full_name,
    },
    error::AppResult,
    extract::Query,
    tenant::RequestTenant,
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
    rt: RequestTenant,
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
        navigation: session_navigation(&rt.tenant.config.ui, &user.permissions),
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
