//! The learner portal's gateway: a backend-for-frontend between the browser and each tenant's
//! upstream LMS and identity provider. Every route is in [`routes`], every layer in [`middleware`].

// Long functions hide their steps: none over `too-many-lines-threshold` (clippy.toml) lines.
#![warn(clippy::too_many_lines)]

pub mod app;
pub mod auth;
pub mod bff;
pub mod cache;
pub mod config;
pub mod domain;
pub mod error;
pub mod events;
pub mod extract;
pub mod files;
pub mod headers;
pub mod login_limit;
pub mod metrics;
pub mod middleware;
pub mod openapi;
pub mod ops;
pub mod passthrough;
pub mod routes;
pub mod serve;
pub mod telemetry;
pub mod tenant;
pub mod upstream;

use std::sync::Arc;

pub use app::AppState;
pub use routes::build_app;
use tokio::net::TcpListener;

/// A gateway serving on a bound listener.
pub struct Server {
    listener: TcpListener,
    state: AppState,
}

impl Server {
    /// Binds `config.listen` and builds the app with the configured session store.
    pub async fn bind(mut config: config::Config) -> anyhow::Result<Self> {
        let listener =
            TcpListener::bind(config.listen).await.map_err(|e| anyhow::anyhow!("binding {}: {e}", config.listen))?;
        // The bound address (port 0 becomes the port given): requests must name this port
        // (or `public_port`), see `tenant::Portal::resolve`.
        config.listen = listener.local_addr().map_err(|e| anyhow::anyhow!("reading the bound address: {e}"))?;
        let sessions: Arc<dyn auth::session::SessionStore> = match config.session.store {
            config::SessionStoreKind::Memory => Arc::new(auth::session::MemoryStore::new(&config.session)),
            config::SessionStoreKind::Redis => {
                let (Some(redis), Some(keys)) = (&config.redis, &config.session_keys) else {
                    anyhow::bail!("the redis session store needs [redis] and session.encryption_keys");
                };
                Arc::new(auth::session::RedisStore::connect(redis, &config.session, keys.clone()).await?)
            }
        };
        let state = AppState::new(config, sessions)?;
        Ok(Server { listener, state })
    }

    /// The bound address.
    pub fn local_addr(&self) -> std::io::Result<std::net::SocketAddr> {
        self.listener.local_addr()
    }

    /// Serves until `shutdown` completes, then finishes in-flight requests (for at most
    /// `limits.request_timeout_secs`, the longest a request may run).
    pub async fn run(self, shutdown: impl Future<Output = ()> + Send + 'static) -> anyhow::Result<()> {
        let limits = self.state.config.limits.clone();
        let drain = std::time::Duration::from_secs(limits.request_timeout_secs);
        let threads = if self.state.config.work_stealing {
            serve::Threads::Shared
        } else {
            serve::Threads::PerWorker(self.state.config.worker_threads)
        };
        let app = build_app(self.state);
        serve::serve(self.listener, app, &limits, threads, shutdown, drain)
            .await
            .map_err(|e| anyhow::anyhow!("serving: {e}"))
    }
}
