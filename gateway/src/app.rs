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
    login_limit,
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
    /// Seals the logins started and not yet finished into the browser's cookie.
    pub login_sealer: auth::pending::LoginSealer,
    /// The in-flight slots of each session (by cookie value), `limits.max_in_flight_per_session` each.
    pub session_slots: moka::future::Cache<String, Arc<tokio::sync::Semaphore>>,
    /// One lock per session while its tokens are refreshed.
    pub refresh_locks: moka::future::Cache<String, Arc<tokio::sync::Mutex<()>>>,
    /// Caches of upstream data.
    pub caches: Caches,
    /// Analytics events waiting to be forwarded.
    pub events: EventQueue,
    /// This app's Prometheus metrics.
    pub metrics: Arc<Metrics>,
    /// Long-lived answers (chat streams, tutor answers) held per session.
    pub streams: Arc<bff::streams::StreamSlots>,
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
        let login_sealer = auth::pending::LoginSealer::random();
        let session_slots = moka::future::Cache::builder()
            .max_capacity(config.session.max_sessions)
            .time_to_idle(Duration::from_secs(60))
            .build();
        let refresh_locks = moka::future::Cache::builder()
            .max_capacity(config.session.max_sessions)
            .time_to_idle(Duration::from_secs(60))
            .build();
        let caches = Caches::new(&config.cache, metrics.clone());
        // Analytics runs only in prod and test (spec section 7).
        let forward_events = matches!(config.environment.as_str(), "prod" | "test");
        let events = EventQueue::start(&config.events, forward_events, metrics.clone());
        let streams = Arc::new(bff::streams::StreamSlots::default());
        let app = App {
            config,
            tenants,
            sessions,
            login_sealer,
            session_slots,
            refresh_locks,
            caches,
            events,
            metrics,
            streams,
        };
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
    let client = bff::client::service(&state.config.client_dir, state.config.client_source_maps);
    let login_limiter =
        Arc::new(login_limit::LoginLimiter::new(&state.config.login_rate_limit, state.config.trusted_proxies.clone()));
    let tenant_routes = Router::new()
        // auth; sign-in starts are limited per client address
        .route(
            "/oidc/login",
            get(auth::routes::login).layer(axum::middleware::from_fn_with_state(login_limiter, login_limit::limit)),
        )
        .route("/oidc/callback", get(auth::routes::callback))
        .route("/oidc/logout", get(auth::routes::confirm_logout).post(auth::routes::logout))
        .route("/oidc/backchannel-logout", post(auth::backchannel::backchannel_logout))
        // runtime config of the client
        .route("/config-ui/config.json", get(bff::ui_config::get_ui_config))
        // views, commands and the public views, with their OpenAPI document
        .merge(openapi::router(&state))
        // analytics
        .route("/api/events", post(events::post_events))
        // the allowlisted pass-through of the calls the client makes directly
        .route("/api/lms/{*path}", any(passthrough::forward))
        // the client
        .route("/", get(bff::client::redirect_to_client))
        .route_service(bff::client::MOUNT, client.clone())
        .route_service(&format!("{}/", bff::client::MOUNT), client.clone())
        .route_service(bff::client::ROUTE, client)
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
