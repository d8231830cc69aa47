//! lms-sandbox: a stateful stand-in for the upstream LMS API and, per tenant, a dev OpenID
//! Connect issuer. It is a second, independent implementation: it shares no code with the
//! gateway. State lives in SQLite, created and seeded at every start.

// Functions stay short (the threshold is in clippy.toml at the workspace root).
#![warn(clippy::too_many_lines)]

mod admin;
pub mod api;
pub mod clock;
mod db;
mod error;
pub mod events;
pub mod faults;
mod html;
pub mod idp;
mod keys;
pub mod loadopts;
mod requests;
pub mod seed;
mod video;

use std::{
    collections::{BTreeMap, HashMap},
    net::SocketAddr,
    path::PathBuf,
    sync::{Arc, Mutex, MutexGuard},
    time::Duration,
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
    /// The token every `/admin/` call must carry as `Authorization: Bearer <token>`; `None`
    /// leaves the admin API open (tests, the demo on loopback).
    pub admin_token: Option<String>,
    /// Fault rules in force from the start (`PUT /admin/faults` replaces them).
    pub faults: Vec<faults::FaultRule>,
    /// The most analytics events the sink keeps; older ones are dropped and counted.
    pub max_stored_events: usize,
    /// The largest request body the events sink takes, in bytes.
    pub events_body_limit_bytes: usize,
    /// How long an asynchronous command (`Prefer: respond-async`) stays pending.
    pub command_delay: Duration,
    /// A self-enrolment's aggregate appears after a random delay in this range.
    pub enrollment_delay: (Duration, Duration),
    /// Pause between two words of a tutor answer (`api/tutor.rs`).
    pub tutor_token_delay: Duration,
    /// Back-channel logout URIs of the client, by tenant: loopback http(s) URLs the issuer
    /// POSTs a logout token to when a session ends at its end-session endpoint
    /// (`LMS_SANDBOX_BACKCHANNEL_URIS`, see [`parse_backchannel_uris`]).
    pub backchannel_logout_uris: BTreeMap<String, Vec<Url>>,
    /// Third-party issuers whose access tokens a tenant's API accepts besides its own issuer's.
    pub external_issuers: Vec<idp::external::ExternalIssuer>,
}

/// Parses `tenant=url,tenant=url` (for `LMS_SANDBOX_BACKCHANNEL_URIS`); only loopback URLs.
pub fn parse_backchannel_uris(spec: &str) -> Result<BTreeMap<String, Vec<Url>>, String> {
    let mut uris: BTreeMap<String, Vec<Url>> = BTreeMap::new();
    for entry in spec.split(',').map(str::trim).filter(|e| !e.is_empty()) {
        let (tenant, uri) = entry.split_once('=').ok_or(format!("`{entry}` is not tenant=url"))?;
        let url = idp::loopback_uri(uri).ok_or(format!("`{uri}` is not a loopback http(s) URL"))?;
        uris.entry(tenant.to_string()).or_default().push(url);
    }
    Ok(uris)
}

impl Default for SandboxConfig {
    /// In memory on a free loopback port, access tokens valid 600 s, real clock, no faults,
    /// an open admin API, up to 10,000 stored events in batches of up to 1 MiB.
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
            admin_token: None,
            faults: Vec::new(),
            max_stored_events: 10_000,
            events_body_limit_bytes: 1024 * 1024,
            command_delay: Duration::from_secs(1),
            enrollment_delay: (Duration::from_secs(1), Duration::from_secs(3)),
            tutor_token_delay: api::tutor::DEFAULT_TOKEN_DELAY,
            backchannel_logout_uris: BTreeMap::new(),
            external_issuers: Vec::new(),
        }
    }
}

/// The shared state of a running sandbox.
pub struct Sandbox {
    /// The data folder's lock, held while this sandbox runs (released when it is dropped).
    _data_lock: Option<std::fs::File>,
    db: Mutex<Connection>,
    keys: HashMap<String, keys::SigningKey>,
    public_url: Url,
    access_token_ttl_secs: u64,
    clock: clock::Clock,
    admin_token: Option<String>,
    faults: faults::Faults,
    events: events::EventStore,
    events_body_limit_bytes: usize,
    command_delay: Duration,
    enrollment_delay: (Duration, Duration),
    tutor_token_delay: Duration,
    backchannel_logout_uris: Mutex<BTreeMap<String, Vec<Url>>>,
    external: idp::external::Trusted,
    list_rows: api::ListRows,
    requests: requests::RequestLog,
}

impl Sandbox {
    /// Seconds since the Unix epoch, as the sandbox clock reads them (business dates).
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
    state: Shared,
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

    /// Replaces the back-channel logout URIs of `tenant` (tests learn the gateway's port late).
    pub fn set_backchannel_logout_uris(&self, tenant: &str, uris: Vec<Url>) {
        let mut all = self.state.backchannel_logout_uris.lock().unwrap_or_else(|p| p.into_inner());
        all.insert(tenant.to_string(), uris);
    }

    /// A logout token of `tenant` with these claims, signed with the tenant's key (RS256):
    /// a test hook for the relying party's checks.
    pub fn sign_logout_token(&self, tenant: &str, claims: &serde_json::Value) -> anyhow::Result<String> {
        idp::sign_logout_token(&self.state, tenant, claims)
    }

    /// The claims the issuer puts in a logout token for `sub` and `sid` of `tenant`, issued now.
    pub fn logout_token_claims(&self, tenant: &str, sub: &str, sid: &str) -> serde_json::Value {
        idp::logout_token_claims(&self.state, tenant, sub, sid)
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
    for (index, rule) in config.faults.iter().enumerate() {
        rule.validate().map_err(|e| anyhow::anyhow!("fault rule {index}: {e}"))?;
    }
    let listener = TcpListener::bind(config.listen).await.with_context(|| format!("binding {}", config.listen))?;
    let addr = listener.local_addr().context("reading the bound address")?;
    let public_url = match config.public_url.clone() {
        Some(url) => url,
        None => Url::parse(&format!("http://{addr}/")).context("building the public URL")?,
    };
    let data_dir = config.data_dir.clone();
    let clock = clock::Clock::new(config.clock);
    let seeded_at = clock.now();
    let seed_url = public_url.clone();
    let (data_lock, db, keys) = tokio::task::spawn_blocking(move || open(data_dir, seeded_at, &seed_url))
        .await
        .context("starting the sandbox")??;
    let state = Arc::new(Sandbox {
        _data_lock: data_lock,
        db: Mutex::new(db),
        keys,
        public_url: public_url.clone(),
        access_token_ttl_secs: config.access_token_ttl_secs,
        admin_token: config.admin_token.clone(),
        faults: faults::Faults::new(config.faults.clone()),
        events: events::EventStore::new(config.max_stored_events),
        events_body_limit_bytes: config.events_body_limit_bytes,
        clock,
        command_delay: config.command_delay,
        enrollment_delay: config.enrollment_delay,
        tutor_token_delay: config.tutor_token_delay,
        backchannel_logout_uris: Mutex::new(config.backchannel_logout_uris.clone()),
        external: idp::external::Trusted::start(config.external_issuers.clone()),
        list_rows: api::ListRows::default(),
        requests: requests::RequestLog::default(),
    });
    let app = router(state.clone());
    let (tx, rx) = oneshot::channel::<()>();
    let task = tokio::spawn(async move {
        let serve = axum::serve(listener, app).with_graceful_shutdown(async {
            let _ = rx.await;
        });
        if let Err(e) = serve.await {
            tracing::error!(error = %e, "sandbox server stopped");
        }
    });
    Ok(RunningSandbox { addr, base_url: public_url, state, shutdown: Some(tx), task: Some(task) })
}

/// The database, the signing keys, and with a data folder the lock that keeps a second sandbox
/// from re-seeding a running one's database under it.
type Opened = (Option<std::fs::File>, Connection, HashMap<String, keys::SigningKey>);

/// Locks `dir` for this process: a second sandbox on the same folder stops with a message
/// naming it, instead of re-seeding the first one's database (whose every write would then fail).
fn lock_data_dir(dir: &std::path::Path) -> anyhow::Result<std::fs::File> {
    let path = dir.join("sandbox.lock");
    let file = std::fs::OpenOptions::new()
        .create(true)
        .truncate(false)
        .write(true)
        .open(&path)
        .with_context(|| format!("opening {}", path.display()))?;
    match file.try_lock() {
        Ok(()) => Ok(file),
        Err(std::fs::TryLockError::WouldBlock) => anyhow::bail!(
            "the data folder {} is in use by another running lms-sandbox; stop that one or pass another --data-dir",
            dir.display()
        ),
        Err(std::fs::TryLockError::Error(e)) => Err(e).with_context(|| format!("locking {}", path.display())),
    }
}

fn open(data_dir: Option<PathBuf>, now: i64, public_url: &Url) -> anyhow::Result<Opened> {
    let lock = data_dir.as_deref().map(|dir| {
        std::fs::create_dir_all(dir).with_context(|| format!("creating {}", dir.display()))?;
        lock_data_dir(dir)
    });
    let lock = lock.transpose()?;
    let db = match &data_dir {
        Some(dir) => {
            let path = dir.join("sandbox.db");
            if path.exists() {
                std::fs::remove_file(&path).with_context(|| format!("removing the old {}", path.display()))?;
            }
            Connection::open(&path).with_context(|| format!("opening {}", path.display()))?
        }
        None => Connection::open_in_memory().context("opening the in-memory database")?,
    };
    db::create_schema(&db).context("creating the schema")?;
    api::chat::create_schema(&db).context("creating the chat schema")?;
    seed::seed(&db, now, public_url).context("seeding")?;
    api::chat::seed(&db, now).context("seeding the chats")?;
    let mut keys = HashMap::new();
    for (tenant, _) in seed::TENANTS {
        keys.insert(tenant.to_string(), keys::load_or_create(data_dir.as_deref(), tenant)?);
    }
    Ok((lock, db, keys))
}

fn router(state: Shared) -> Router {
    // Faults apply to the API and the issuer (rules name which), never to the admin API.
    let faults = axum::middleware::from_fn_with_state(state.clone(), faults::inject);
    let api = api::routes()
        .merge(events::routes(state.events_body_limit_bytes))
        .layer(axum::middleware::from_fn_with_state(state.clone(), clock::date_header));
    Router::new()
        .merge(idp::routes().layer(faults.clone()))
        .merge(api.layer(faults))
        .merge(admin::routes(state.clone()))
        .merge(video::routes())
        .fallback(|| async { error::ApiError::not_found("no such sandbox route").into_response() })
        .route("/healthz", axum::routing::get(|| async { (StatusCode::OK, "ok") }))
        .layer(axum::middleware::from_fn_with_state(state.clone(), requests::record))
        .layer(tower_http::trace::TraceLayer::new_for_http())
        .with_state(state)
}

/// The display name of a tenant the sandbox serves.
fn tenant_name(tenant: &str) -> Option<&'static str> {
    seed::TENANTS.iter().find(|(id, _)| *id == tenant).map(|(_, name)| *name)
}

#[cfg(test)]
mod tests {
    use super::parse_backchannel_uris;

    #[test]
    fn backchannel_uris_are_loopback_urls_by_tenant() {
        let uris = parse_backchannel_uris(
            "acme=http://acme.localhost:8080/oidc/backchannel-logout, acme=http://127.0.0.1:9/x,globex=http://globex.localhost:8080/oidc/backchannel-logout",
        )
        .expect("valid");
        assert_eq!(uris["acme"].len(), 2);
        assert_eq!(uris["globex"][0].as_str(), "http://globex.localhost:8080/oidc/backchannel-logout");
        assert!(parse_backchannel_uris("acme=https://example.com/logout").is_err(), "not loopback");
        assert!(parse_backchannel_uris("http://localhost/x").is_err(), "no tenant");
        assert!(parse_backchannel_uris("").expect("empty").is_empty());
    }
}
