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
    events::{self, EventQueue},
    metrics::{self, CountingStore, Metrics},
    middleware, openapi, ops, passthrough,
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
    /// Analytics events waiting to be forwarded.
    pub events: EventQueue,
    /// This app's Prometheus metrics.
    pub metrics: Arc<Metrics>,
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
        let metrics = Arc::new(Metrics::new());
        let tenants = Tenants::new(&config, &http, &metrics);
        let sessions: Arc<dyn SessionStore> = Arc::new(CountingStore { store: sessions, metrics: metrics.clone() });
        let pending_logins = moka::future::Cache::builder()
            .max_capacity(config.session.max_sessions)
            .time_to_live(Duration::from_secs(config.session.pending_login_ttl_secs))
            .build();
        let refresh_locks = moka::future::Cache::builder()
            .max_capacity(config.session.max_sessions)
            .time_to_idle(Duration::from_secs(60))
            .build();
        let caches = Caches::new(&config.cache, metrics.clone());
        // Analytics runs only in prod and test (spec section 7).
        let forward_events = matches!(config.environment.as_str(), "prod" | "test");
        let events = EventQueue::start(&config.events, forward_events, metrics.clone());
        let app = App { config, tenants, sessions, pending_logins, refresh_locks, caches, events, metrics };
        Ok(AppState(Arc::new(app)))
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
    let command_body = axum::extract::DefaultBodyLimit::max(state.config.commands.max_body_bytes);
    let tenant_routes = Router::new()
        // auth
        .route("/oidc/login", get(auth::routes::login))
        .route("/oidc/callback", get(auth::routes::callback))
        .route("/oidc/logout", get(auth::routes::logout).post(auth::routes::logout))
        .route("/oidc/backchannel-logout", post(auth::backchannel::backchannel_logout))
        // runtime config of the client
        .route("/config-ui/config.json", get(bff::ui_config::get_ui_config))
        // views and commands, with their OpenAPI document
        .merge(openapi::router())
        // analytics
        .route("/api/events", post(events::post_events))
        // catalog views; the public open catalog and certificate (no session) with their limit
        .route("/api/bff/catalog", get(bff::catalog::get_catalog))
        .route("/api/bff/catalog/{objectiveId}", get(bff::catalog::get_catalog_course))
        .merge(bff::public::routes(&state))
        // course screens: details, content tree, redirect entry, LTI workflow view
        .route("/api/bff/courses/{objectiveId}", get(bff::course_details::get_course_details))
        .route("/api/bff/courses/{objectiveId}/tree", get(bff::course_tree::get_course_tree))
        .route("/api/bff/redirect", get(bff::redirect::get_redirect))
        .route("/api/bff/workflows/{workflowId}", get(bff::workflow_view::get_workflow))
        // commands: enrol, start, submit, finish, time zone (bodies limited to commands.max_body_bytes)
        .route("/api/bff/courses/{objectiveId}/enroll", post(bff::enroll::enroll_course).layer(command_body))
        .route("/api/bff/courses/{objectiveId}/start", post(bff::start::start_course).layer(command_body))
        .route("/api/bff/workflows/{workflowId}/submit", post(bff::workflows::submit_workflow).layer(command_body))
        .route(
            "/api/bff/workflows/{workflowId}/activities/finish",
            post(bff::workflows::finish_activities).layer(command_body),
        )
        .route("/api/bff/workflows/{workflowId}/finish", post(bff::workflows::finish_workflow).layer(command_body))
        .route("/api/bff/profile/timezone", post(bff::timezone::save_timezone).layer(command_body))
        // learner views: profile, calendar, dashboard, email answer, certificate preview
        .route("/api/bff/profile", get(bff::profile::get_profile))
        .route("/api/bff/calendar", get(bff::calendar::get_calendar))
        .route("/api/bff/dashboard", get(bff::dashboard::get_dashboard))
        .route("/api/bff/certificates/{certificateNumber}", get(bff::certificate_preview::get_certificate_preview))
        .route("/api/bff/email-answer", get(bff::email_answer::get_email_answer))
        .route("/api/bff/attachment-size", get(passthrough::get_attachment_size))
        // the allowlisted pass-through of the calls the client makes directly
        .route("/api/lms/{*path}", any(passthrough::forward))
        // the client
        .route("/", get(bff::client::redirect_to_client))
        .nest_service("/learn", bff::client::service(&state.config.client_dir))
        .fallback(bff::client::not_found);
    let tenant_routes = middleware::apply_tenant_layers(tenant_routes, state.clone());
    let ops_routes = Router::new()
        // ops: no tenant, so load balancers can probe by address
        .route("/healthz", get(ops::healthz))
        .route("/readyz", get(ops::readyz))
        .route("/metrics", get(metrics::get_metrics));
    let app = middleware::apply_outer_layers(ops_routes.merge(tenant_routes).with_state(state.clone()), &state);
    // Request metrics wrap every route and its layers, after routing, so they see the route
    // template and also count the answers of the outer layers (413, 504).
    app.layer(axum::middleware::from_fn_with_state(state, metrics::track_requests))
}
