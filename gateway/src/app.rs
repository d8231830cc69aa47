//! Application state and the route table.

use std::{ops::Deref, sync::Arc, time::Duration};

use axum::{
    Router,
    routing::{any, get, post},
};

use crate::{
    auth::{self, session::SessionStore},
    bff,
    cache::Caches,
    config::Config,
    middleware, ops, passthrough,
    tenant::Tenants,
};

/// Everything handlers share, built once from validated config.
#[derive(Debug)]
pub struct App {
    /// The validated config.
    pub config: Config,
    /// Tenants by host.
    pub tenants: Tenants,
    /// Where sessions live.
    pub sessions: Arc<dyn SessionStore>,
    /// Logins started and not yet finished, by `state`.
    pub pending_logins: moka::future::Cache<String, auth::routes::PendingLogin>,
    /// One lock per session while its tokens are refreshed.
    pub refresh_locks: moka::future::Cache<String, Arc<tokio::sync::Mutex<()>>>,
    /// Caches of upstream data.
    pub caches: Caches,
}

/// Cheap-to-clone handle on [`App`].
#[derive(Debug, Clone)]
pub struct AppState(pub Arc<App>);

impl Deref for AppState {
    type Target = App;
    fn deref(&self) -> &App {
        &self.0
    }
}

impl AppState {
    /// Builds the state from validated config with the given session store.
    pub fn new(config: Config, sessions: Arc<dyn SessionStore>) -> anyhow::Result<Self> {
        let http = upstream_http_client(&config)?;
        let tenants = Tenants::new(&config, &http);
        let pending_logins = moka::future::Cache::builder()
            .max_capacity(config.session.max_sessions)
            .time_to_live(Duration::from_secs(config.session.pending_login_ttl_secs))
            .build();
        let refresh_locks = moka::future::Cache::builder()
            .max_capacity(config.session.max_sessions)
            .time_to_idle(Duration::from_secs(60))
            .build();
        let caches = Caches::new(&config.cache);
        Ok(AppState(Arc::new(App { config, tenants, sessions, pending_logins, refresh_locks, caches })))
    }
}

/// One pooled HTTP client for every upstream and issuer: explicit timeouts, no redirects.
fn upstream_http_client(config: &Config) -> anyhow::Result<reqwest::Client> {
    reqwest::Client::builder()
        .connect_timeout(Duration::from_secs(config.limits.upstream_connect_timeout_secs))
        .timeout(Duration::from_secs(config.limits.upstream_timeout_secs))
        .redirect(reqwest::redirect::Policy::none())
        .user_agent(concat!("learner-portal-gateway/", env!("CARGO_PKG_VERSION")))
        .build()
        .map_err(|e| anyhow::anyhow!("building the upstream HTTP client: {e}"))
}

/// The whole HTTP surface: the route table plus every layer.
pub fn build_app(state: AppState) -> Router {
    let tenant_routes = Router::new()
        // auth
        .route("/oidc/login", get(auth::routes::login))
        .route("/oidc/callback", get(auth::routes::callback))
        .route("/oidc/logout", get(auth::routes::logout).post(auth::routes::logout))
        .route("/oidc/backchannel-logout", post(auth::backchannel::backchannel_logout))
        // runtime config of the client
        .route("/config-ui/config.json", get(bff::ui_config::get_ui_config))
        // views
        .route("/api/bff/session", get(bff::session::get_session))
        .route("/api/bff/my-courses", get(bff::my_courses::get_my_courses))
        // learner views: profile, calendar, dashboard, email answer, certificate preview
        .route("/api/bff/profile", get(bff::profile::get_profile))
        .route("/api/bff/calendar", get(bff::calendar::get_calendar))
        .route("/api/bff/dashboard", get(bff::dashboard::get_dashboard))
        .route("/api/bff/certificates/{certificate_number}", get(bff::certificate_preview::get_certificate_preview))
        .route("/api/bff/email-answer", get(bff::email_answer::get_email_answer))
        .route("/api/bff/attachment-size", get(passthrough::get_attachment_size))
        // the allowlisted pass-through of the calls the client makes directly
        .route("/api/lms/{*path}", any(passthrough::forward))
        // commands
        .route("/api/bff/session/touch", post(bff::session::touch_session))
        // the client
        .route("/", get(bff::client::redirect_to_client))
        .nest_service("/learn", bff::client::service(&state.config.client_dir))
        .fallback(bff::client::not_found);
    let tenant_routes = middleware::apply_tenant_layers(tenant_routes, state.clone());
    let ops_routes = Router::new()
        // ops: no tenant, so load balancers can probe by address
        .route("/healthz", get(ops::healthz))
        .route("/readyz", get(ops::readyz));
    middleware::apply_outer_layers(ops_routes.merge(tenant_routes).with_state(state.clone()), &state)
}
