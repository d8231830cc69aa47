//! lms-sandbox: a stateful stand-in for the upstream LMS API and, per tenant, a dev OpenID
//! Connect issuer. It is a second, independent implementation: it shares no code with the
//! gateway. State lives in SQLite, created and seeded at every start.

pub mod api;
pub mod clock;
mod db;
mod error;
mod html;
pub mod idp;
mod keys;
pub mod loadopts;
pub mod seed;

use std::{
    collections::HashMap,
    net::SocketAddr,
    path::PathBuf,
    sync::{Arc, Mutex, MutexGuard},
};

use anyhow::Context;
use axum::{Router, http::StatusCode, response::IntoResponse};
use rusqlite::Connection;
use tokio::{net::TcpListener, sync::oneshot, task::JoinHandle};
use url::Url;

/// How to start a sandbox.
#[derive(Debug, Clone)]
pub struct SandboxConfig {
    /// Address to bind (port 0 picks a free one).
    pub listen: SocketAddr,
    /// Folder for the database file and the signing keys; `None` keeps everything in memory.
    pub data_dir: Option<PathBuf>,
    /// Public base URL (issuer URLs start with it); default `http://{bound address}/`.
    pub public_url: Option<Url>,
    /// Lifetime of access tokens, in seconds.
    pub access_token_ttl_secs: u64,
    /// How the sandbox clock starts (real time unless a test fixes or shifts it).
    pub clock: clock::ClockMode,
    /// Third-party issuers whose access tokens a tenant's API accepts besides its own issuer's.
    pub external_issuers: Vec<idp::external::ExternalIssuer>,
}

impl Default for SandboxConfig {
    /// In memory on a free loopback port, access tokens valid 600 s.
    fn default() -> Self {
        Self::in_memory(SocketAddr::from(([127, 0, 0, 1], 0)))
    }
}

impl SandboxConfig {
    /// An in-memory sandbox on `listen` with the default token lifetime.
    pub fn in_memory(listen: SocketAddr) -> Self {
        SandboxConfig {
            listen,
            data_dir: None,
            public_url: None,
            access_token_ttl_secs: 600,
            clock: clock::ClockMode::Real,
            external_issuers: Vec::new(),
        }
    }
}

/// The shared state of a running sandbox.
pub struct Sandbox {
    db: Mutex<Connection>,
    keys: HashMap<String, keys::SigningKey>,
    public_url: Url,
    access_token_ttl_secs: u64,
    clock: clock::Clock,
    external: idp::external::Trusted,
}

impl Sandbox {
    /// Seconds since the Unix epoch, as the sandbox clock reads them (business dates).
    #[expect(dead_code, reason = "the API's date rules read it")]
    fn now(&self) -> i64 {
        self.clock.now()
    }

    fn db(&self) -> MutexGuard<'_, Connection> {
        // A panic while holding the lock leaves consistent SQLite state; keep serving.
        self.db.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// `{public_url}t/{tenant}/idp`.
    fn issuer(&self, tenant: &str) -> String {
        format!("{}t/{tenant}/idp", self.public_url)
    }
}

type Shared = Arc<Sandbox>;

/// A sandbox serving in the background; stops when dropped.
pub struct RunningSandbox {
    addr: SocketAddr,
    base_url: Url,
    shutdown: Option<oneshot::Sender<()>>,
    task: Option<JoinHandle<()>>,
}

impl RunningSandbox {
    /// The bound address.
    pub fn addr(&self) -> SocketAddr {
        self.addr
    }

    /// `http://{addr}/` (or the configured public URL).
    pub fn base_url(&self) -> Url {
        self.base_url.clone()
    }

    /// Stops serving and waits for the server task.
    pub async fn shutdown(mut self) {
        if let Some(tx) = self.shutdown.take() {
            let _ = tx.send(());
        }
        if let Some(task) = self.task.take() {
            let _ = task.await;
        }
    }
}

impl Drop for RunningSandbox {
    fn drop(&mut self) {
        if let Some(tx) = self.shutdown.take() {
            let _ = tx.send(());
        }
    }
}

/// Binds, seeds and starts serving.
pub async fn spawn(config: SandboxConfig) -> anyhow::Result<RunningSandbox> {
    let listener = TcpListener::bind(config.listen).await.with_context(|| format!("binding {}", config.listen))?;
    let addr = listener.local_addr().context("reading the bound address")?;
    let public_url = match config.public_url.clone() {
        Some(url) => url,
        None => Url::parse(&format!("http://{addr}/")).context("building the public URL")?,
    };
    let data_dir = config.data_dir.clone();
    let (db, keys) = tokio::task::spawn_blocking(move || open(data_dir)).await.context("starting the sandbox")??;
    let state = Arc::new(Sandbox {
        db: Mutex::new(db),
        keys,
        public_url: public_url.clone(),
        access_token_ttl_secs: config.access_token_ttl_secs,
        clock: clock::Clock::new(config.clock),
        external: idp::external::Trusted::start(config.external_issuers.clone()),
    });
    let app = router(state);
    let (tx, rx) = oneshot::channel::<()>();
    let task = tokio::spawn(async move {
        let serve = axum::serve(listener, app).with_graceful_shutdown(async {
            let _ = rx.await;
        });
        if let Err(e) = serve.await {
            tracing::error!(error = %e, "sandbox server stopped");
        }
    });
    Ok(RunningSandbox { addr, base_url: public_url, shutdown: Some(tx), task: Some(task) })
}

fn open(data_dir: Option<PathBuf>) -> anyhow::Result<(Connection, HashMap<String, keys::SigningKey>)> {
    let db = match &data_dir {
        Some(dir) => {
            std::fs::create_dir_all(dir).with_context(|| format!("creating {}", dir.display()))?;
            let path = dir.join("sandbox.db");
            if path.exists() {
                std::fs::remove_file(&path).with_context(|| format!("removing the old {}", path.display()))?;
            }
            Connection::open(&path).with_context(|| format!("opening {}", path.display()))?
        }
        None => Connection::open_in_memory().context("opening the in-memory database")?,
    };
    db::create_schema(&db).context("creating the schema")?;
    seed::seed(&db).context("seeding")?;
    let mut keys = HashMap::new();
    for (tenant, _) in seed::TENANTS {
        keys.insert(tenant.to_string(), keys::load_or_create(data_dir.as_deref(), tenant)?);
    }
    Ok((db, keys))
}

fn router(state: Shared) -> Router {
    Router::new()
        .merge(idp::routes())
        .merge(api::routes())
        .fallback(|| async { error::ApiError::not_found("no such sandbox route").into_response() })
        .route("/healthz", axum::routing::get(|| async { (StatusCode::OK, "ok") }))
        .layer(tower_http::trace::TraceLayer::new_for_http())
        .with_state(state)
}

/// The display name of a tenant the sandbox serves.
fn tenant_name(tenant: &str) -> Option<&'static str> {
    seed::TENANTS.iter().find(|(id, _)| *id == tenant).map(|(_, name)| *name)
}
