//! Typed configuration: `config/*.toml` files plus `LP_*` environment variables.
//!
//! Loading happens in two steps. [`RawConfig`] mirrors the files (unknown keys are errors);
//! [`Config::from_raw`] checks every key and reports all problems at once, each naming its key,
//! so a bad deployment fails at start and never at first use.
//!
//! - [`raw`]: the files as written;
//! - [`sections`]: the sections read as written (`[limits]`, `[session]`, ...), key by key;
//! - [`checks`]: one check per section, each adding its problems to the error list;
//! - [`tenant`]: the tenants (`[tenants.ID]`): hosts, upstream, identity providers, client config,
//!   and their checks.
//!
//! `config/README.md` is the reference of every key.

mod checks;
mod raw;
mod sections;
mod tenant;
#[cfg(test)]
mod tests;

use std::{collections::BTreeMap, net::SocketAddr, path::PathBuf};

use figment::{
    Figment,
    providers::{Env, Format, Toml},
};

pub use raw::RawConfig;
pub use sections::{
    CacheSettings, CatalogSettings, ChatSettings, CommandSettings, EventsSettings, FileSettings, Limits,
    LoginRateLimit, MAX_ADOPT_CODE_TTL_SECS, MAX_FILE_REDIRECTS, MAX_REDIS_POOL_SIZE, MetricsSettings,
    PassthroughSettings, RedisSettings, Secret, SessionSettings, SessionStoreKind, TelemetrySettings, TutorSettings,
    UpstreamSettings, ViewSettings,
};
pub use tenant::{
    NavPluginSettings, OidcSettings, ProviderConfig, TenantConfig, UiSettings, is_loopback_host, is_loopback_url,
};

use crate::auth::session::crypto::KeyRing;

/// Everything the gateway needs, validated.
#[derive(Debug, Clone)]
pub struct Config {
    /// Address the HTTP server binds (after binding: the bound address).
    pub listen: SocketAddr,
    /// Port browsers reach the gateway on when it differs from `listen`'s (a proxy in front).
    pub public_port: Option<u16>,
    /// Threads serving connections (0: one per core): worker threads with an event loop each,
    /// a connection staying on the thread that took it (see `serve::Workers`), or, with
    /// `work_stealing`, the threads of tokio's multi-thread runtime.
    pub worker_threads: usize,
    /// Whether connections are served by tokio's work-stealing runtime instead of worker
    /// threads with a runtime each.
    pub work_stealing: bool,
    /// Bearer token `GET /metrics` requires, when set (`metrics.token`).
    pub metrics_token: Option<Secret>,
    /// Folder of the built client (served under `/learn`).
    pub client_dir: PathBuf,
    /// Whether the client's source maps (`*.map`) are served; otherwise they are 404s.
    pub client_source_maps: bool,
    /// Deployment environment.
    pub environment: Environment,
    /// Request and upstream limits.
    pub limits: Limits,
    /// Session lifetimes and bounds.
    pub session: SessionSettings,
    /// Keys sealing sessions at rest (from `session.encryption_keys`), when given.
    pub session_keys: Option<KeyRing>,
    /// The Redis connection (used when `session.store = "redis"`).
    pub redis: Option<RedisSettings>,
    /// Cache lifetimes and bounds.
    pub cache: CacheSettings,
    /// How upstream calls are limited and retried.
    pub upstream: UpstreamSettings,
    /// Analytics events: limits, queue and batching.
    pub events: EventsSettings,
    /// Trace export (OpenTelemetry over OTLP/HTTP).
    pub telemetry: TelemetrySettings,
    /// Limits of the course lists and the public (no-session) routes.
    pub catalog: CatalogSettings,
    /// Learner views: calendar range and dashboard windows.
    pub views: ViewSettings,
    /// The `/api/lms` pass-through.
    pub passthrough: PassthroughSettings,
    /// The file proxy `GET /api/bff/files` (storage files of rich content).
    pub files: FileSettings,
    /// Course and team chat through `/api/bff/chat`.
    pub chat: ChatSettings,
    /// The AI tutor through `/api/bff/tutor`.
    pub tutor: TutorSettings,
    /// Tenants by id.
    pub tenants: BTreeMap<String, TenantConfig>,
    /// How the `/api/bff` commands wait for the upstream.
    pub commands: CommandSettings,
    /// Sign-in starts allowed per client address.
    pub login_rate_limit: LoginRateLimit,
    /// Proxies in front of the gateway whose `X-Forwarded-For` names the client (none: the
    /// client is always the connection's peer).
    pub trusted_proxies: Vec<ipnet::IpNet>,
}

/// The deployment environment (`environment`): `dev` (the default), `test` or `prod`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Environment {
    /// A developer's machine: analytics events are checked and answered, not forwarded.
    Dev,
    /// A test deployment.
    Test,
    /// Production.
    Prod,
}

impl Environment {
    /// The environment named `dev`, `test` or `prod`.
    pub fn from_name(name: &str) -> Option<Self> {
        match name {
            "dev" => Some(Self::Dev),
            "test" => Some(Self::Test),
            "prod" => Some(Self::Prod),
            _ => None,
        }
    }

    /// Whether analytics events are forwarded upstream (spec section 7: in prod and test only).
    pub fn forwards_events(self) -> bool {
        matches!(self, Self::Test | Self::Prod)
    }
}

/// Every problem found in the configuration, each naming its key.
#[derive(Debug, thiserror::Error)]
#[error("invalid configuration:\n  - {}", .0.join("\n  - "))]
pub struct ConfigError(pub Vec<String>);

impl Config {
    /// Loads `files` in order (later override earlier), then `LP_*` variables from `env`.
    pub fn load(files: &[PathBuf], env: Env) -> Result<Self, ConfigError> {
        let mut figment = Figment::new();
        for file in files {
            if !file.exists() {
                return Err(ConfigError(vec![format!("config file {} does not exist", file.display())]));
            }
            figment = figment.merge(Toml::file_exact(file));
        }
        let raw: RawConfig =
            figment.merge(env).extract().map_err(|e| ConfigError(e.into_iter().map(|e| e.to_string()).collect()))?;
        Self::from_raw(raw)
    }

    /// The `LP_*` environment source (nested keys joined with `__`).
    pub fn env() -> Env {
        Env::prefixed("LP_").split("__")
    }

    /// For unit tests: `config/default.toml` with `toml` over it, checked.
    #[cfg(test)]
    pub fn with_defaults(toml: &str) -> Self {
        let raw: RawConfig = Figment::new()
            .merge(Toml::string(include_str!("../../../config/default.toml")))
            .merge(Toml::string(toml))
            .extract()
            .expect("config");
        Self::from_raw(raw).expect("valid")
    }

    /// Checks every key of `raw`, section by section ([`checks`], [`tenant`]).
    pub fn from_raw(raw: RawConfig) -> Result<Self, ConfigError> {
        let mut errors = Vec::new();
        let e = &mut errors;
        let listen = checks::listen(raw.listen.as_deref(), e);
        let environment = checks::environment(raw.environment.as_deref(), e);
        let worker_threads = checks::worker_threads(raw.worker_threads, e);
        let limits = checks::limits(raw.limits, e);
        let session = checks::session(raw.session, limits.as_ref(), e);
        let session_keys = checks::session_keys(session.as_ref(), e);
        checks::redis(raw.redis.as_ref(), session.as_ref(), e);
        let cache = checks::cache(raw.cache, e);
        let upstream = checks::upstream(raw.upstream, e);
        let events = checks::events(raw.events, e);
        let telemetry = checks::telemetry(raw.telemetry, e);
        let catalog = checks::catalog(raw.catalog, e);
        let commands = checks::commands(raw.commands, limits.as_ref(), e);
        let views = checks::views(raw.views, e);
        let passthrough = checks::passthrough(raw.passthrough, e);
        let files = checks::files(raw.files, e);
        let tenants = tenant::check_tenants(raw.tenants, e);
        let (
            Some(listen),
            Some(limits),
            Some(session),
            Some(cache),
            Some(upstream),
            Some(events),
            Some(telemetry),
            Some(catalog),
            Some(commands),
            Some(views),
            Some(passthrough),
            Some(files),
        ) = (listen, limits, session, cache, upstream, events, telemetry, catalog, commands, views, passthrough, files)
        else {
            return Err(ConfigError(errors));
        };
        let chat = checks::chat(raw.chat, e);
        let tutor = checks::tutor(raw.tutor, e);
        let (Some(chat), Some(tutor)) = (chat, tutor) else { return Err(ConfigError(errors)) };
        let login_rate_limit = checks::login_rate_limit(raw.login_rate_limit, e);
        let trusted_proxies = checks::trusted_proxies(&raw.trusted_proxies, e);
        let (Some(environment), Some(login_rate_limit), true) = (environment, login_rate_limit, errors.is_empty())
        else {
            return Err(ConfigError(errors));
        };
        Ok(Config {
            listen,
            public_port: raw.public_port,
            worker_threads,
            work_stealing: raw.work_stealing.unwrap_or(false),
            metrics_token: raw.metrics.and_then(|m| m.token).filter(|t| !t.0.is_empty()),
            client_dir: raw.client_dir.unwrap_or_else(|| PathBuf::from("client/dist")),
            client_source_maps: raw.client_source_maps.unwrap_or(false),
            environment,
            limits,
            session,
            cache,
            session_keys,
            redis: raw.redis,
            upstream,
            events,
            telemetry,
            catalog,
            commands,
            views,
            passthrough,
            files,
            chat,
            tutor,
            tenants,
            login_rate_limit,
            trusted_proxies,
        })
    }
}
