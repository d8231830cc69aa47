//! Application state: what every handler shares. The routes are in [`crate::routes`].

use std::{ops::Deref, sync::Arc, time::Duration};

use crate::{
    auth::{self, session::SessionStore},
    bff,
    cache::Caches,
    config::Config,
    events::EventQueue,
    metrics::{CountingStore, Metrics},
    tenant::Tenants,
    upstream::forward::{ForwardClient, USER_AGENT},
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
    pub session_slots: moka::sync::Cache<String, Arc<tokio::sync::Semaphore>, foldhash::quality::RandomState>,
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
    /// The `/api/lms` pass-through's own upstream client.
    pub forward: ForwardClient,
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
        let forward = ForwardClient::new(
            http.clone(),
            Duration::from_secs(config.limits.upstream_connect_timeout_secs),
            Duration::from_secs(config.limits.upstream_timeout_secs),
        )?;
        let metrics = Arc::new(Metrics::new());
        let tenants = Tenants::new(&config, &http, &metrics);
        let sessions: Arc<dyn SessionStore> = Arc::new(CountingStore { store: sessions, metrics: metrics.clone() });
        let login_sealer = auth::pending::LoginSealer::random();
        let session_slots = moka::sync::Cache::builder()
            .max_capacity(config.session.max_sessions)
            .time_to_idle(Duration::from_secs(60))
            .build_with_hasher(foldhash::quality::RandomState::default());
        let refresh_locks = moka::future::Cache::builder()
            .max_capacity(config.session.max_sessions)
            .time_to_idle(Duration::from_secs(60))
            .build();
        let caches = Caches::new(&config.cache, metrics.clone());
        // Analytics runs only in prod and test (spec section 7).
        let forward_events = config.environment.forwards_events();
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
            forward,
        };
        Ok(AppState(Arc::new(app)))
    }
}

/// One pooled HTTP client for every upstream and issuer call but the pass-through's (which has
/// its own, [`ForwardClient`], and sends through this one what a proxy must carry): explicit
/// timeouts, no redirects.
fn upstream_http_client(config: &Config) -> anyhow::Result<reqwest::Client> {
    reqwest::Client::builder()
        .connect_timeout(Duration::from_secs(config.limits.upstream_connect_timeout_secs))
        .timeout(Duration::from_secs(config.limits.upstream_timeout_secs))
        .redirect(reqwest::redirect::Policy::none())
        .user_agent(USER_AGENT)
        .build()
        .map_err(|e| anyhow::anyhow!("building the upstream HTTP client: {e}"))
}
