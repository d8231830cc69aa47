//! Typed configuration: `config/*.toml` files plus `LP_*` environment variables.
//!
//! Loading happens in two steps. [`RawConfig`] mirrors the files (unknown keys are errors);
//! [`Config::from_raw`] checks every key and reports all problems at once, each naming its key,
//! so a bad deployment fails at start and never at first use.

use std::{collections::BTreeMap, fmt, net::SocketAddr, path::PathBuf};

use figment::{
    Figment,
    providers::{Env, Format, Toml},
};
use serde::Deserialize;
use url::Url;

use crate::auth::session::crypto::KeyRing;

/// Everything the gateway needs, validated.
#[derive(Debug, Clone)]
pub struct Config {
    /// Address the HTTP server binds (after binding: the bound address).
    pub listen: SocketAddr,
    /// Port browsers reach the gateway on when it differs from `listen`'s (a proxy in front).
    pub public_port: Option<u16>,
    /// Bearer token `GET /metrics` requires, when set (`metrics.token`).
    pub metrics_token: Option<Secret>,
    /// Folder of the built client (served under `/learn`).
    pub client_dir: PathBuf,
    /// Whether the client's source maps (`*.map`) are served; otherwise they are 404s.
    pub client_source_maps: bool,
    /// Deployment environment: `dev`, `test` or `prod`.
    pub environment: String,
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
    /// Limits of the catalog views and the public (no-session) routes.
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

/// How often one client address may start a sign-in (`GET /oidc/login`), see
/// `crate::login_limit`.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LoginRateLimit {
    /// Sign-in starts per minute one client address may sustain.
    pub requests_per_minute: u32,
    /// Sign-in starts one client address may make at once, before the sustained rate applies.
    pub burst: u32,
    /// Client addresses whose counts are kept at once (the least used are forgotten first).
    pub max_clients: u64,
}

/// How the `/api/bff` commands wait for the upstream (spec section 9).
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CommandSettings {
    /// Pause between two reads of an asynchronous command's status, in milliseconds. Spec
    /// section 9 gives two readings: every 1000 ms (the default) or every 2000 ms for submit.
    pub poll_interval_ms: u64,
    /// Longest wait for an asynchronous command, in milliseconds; then 'Time over!'. Spec
    /// section 9: 60000 ms in both readings.
    pub poll_timeout_ms: u64,
    /// Reads of the aggregate after a self-enrolment before giving up (spec section 9: 15).
    pub enroll_poll_attempts: u32,
    /// Pause between those reads, in milliseconds (spec section 9: 1500).
    pub enroll_poll_interval_ms: u64,
    /// Largest accepted command body, in bytes.
    pub max_body_bytes: usize,
}

/// Explicit limits on what a request may cost.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Limits {
    /// Largest accepted request body, in bytes.
    pub request_body_bytes: usize,
    /// Largest accepted request head (request line and headers), in bytes; larger heads get 431.
    pub max_request_header_bytes: usize,
    /// Total time a request may take, in seconds.
    pub request_timeout_secs: u64,
    /// Time to connect to an upstream, in seconds.
    pub upstream_connect_timeout_secs: u64,
    /// Total time of one upstream call, in seconds.
    pub upstream_timeout_secs: u64,
    /// Largest upstream response body read, in bytes.
    pub upstream_max_response_bytes: usize,
    /// Time for a complete request head, from the connection's accept or the previous answer
    /// (so also the idle keep-alive timeout), in seconds.
    pub header_read_timeout_secs: u64,
    /// Time to receive a whole request body once the head is in, in seconds; then 408.
    pub request_body_timeout_secs: u64,
    /// Connections open at once; further ones wait in the listen queue.
    pub max_connections: usize,
    /// `/api/**` requests of one session served at once; more wait in line.
    pub max_in_flight_per_session: usize,
    /// Longest wait in that line, in milliseconds; then 429.
    pub session_queue_timeout_ms: u64,
    /// Longest a view (`GET /api/bff/**`) may take, all its upstream calls together, in
    /// seconds; then 504.
    pub view_timeout_secs: u64,
}

/// Session lifetimes.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SessionSettings {
    /// Idle expiry, slid by every authenticated request (spec: 7200 s).
    pub idle_timeout_secs: u64,
    /// Absolute lifetime of a session, whatever the activity.
    pub absolute_lifetime_secs: u64,
    /// Most sessions kept in process; the least recently used go first.
    pub max_sessions: u64,
    /// Most logins one browser may have pending at once (one per tab).
    pub max_pending_logins: usize,
    /// How long a started login may take to come back, in seconds.
    pub pending_login_ttl_secs: u64,
    /// Where sessions live: `memory` (one instance) or `redis` (several instances).
    #[serde(default)]
    pub store: SessionStoreKind,
    /// The slid `last_seen` is written back only when the stored one is at least this old, in
    /// seconds (0: on every request). See `auth::session`.
    #[serde(default = "default_touch_write_interval_secs")]
    pub touch_write_interval_secs: u64,
    /// Lifetime of a refresh lock, in milliseconds: longer than one refresh call may take.
    #[serde(default = "default_refresh_lock_ttl_ms")]
    pub refresh_lock_ttl_ms: u64,
    /// Longest a request waits for another request's refresh of its session, in milliseconds;
    /// past it the request gets 503.
    #[serde(default = "default_refresh_lock_wait_ms")]
    pub refresh_lock_wait_ms: u64,
    /// Oldest (and furthest in the future) `iat` of an accepted back-channel logout token, in seconds.
    #[serde(default = "default_logout_token_max_age_secs")]
    pub logout_token_max_age_secs: u64,
    /// Lifetime of the one-time code a framed portal exchanges for the session its parent's
    /// sign-in popup created (`POST /api/bff/session/adopt`), in seconds; 1 to
    /// [`MAX_ADOPT_CODE_TTL_SECS`].
    #[serde(default = "default_adopt_code_ttl_secs")]
    pub adopt_code_ttl_secs: u64,
    /// `kid:base64key` entries, comma-separated (AES-256 keys, 32 bytes): the first seals
    /// sessions at rest, all open them. Required by the Redis store; set it from the
    /// environment (`LP_SESSION__ENCRYPTION_KEYS`), never in a file.
    #[serde(default)]
    pub encryption_keys: Option<Secret>,
}

/// How the gateway calls each tenant's upstream.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct UpstreamSettings {
    /// Most calls in flight to one tenant's upstream; more wait in line.
    pub max_in_flight_per_tenant: usize,
    /// Longest wait in that line, in milliseconds; after it the request gets 503.
    pub queue_timeout_ms: u64,
    /// Retries of an idempotent call (GET) after a connect error or a 502, 503 or 504 (0 or 1).
    pub idempotent_retries: u32,
    /// Upper bound of the random wait before a retry, in milliseconds.
    pub retry_jitter_ms: u64,
}

/// Which session store to use.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum SessionStoreKind {
    /// In process, bounded (one gateway instance).
    #[default]
    Memory,
    /// Redis, shared by several gateway instances; sessions encrypted at rest.
    Redis,
}

fn default_touch_write_interval_secs() -> u64 {
    60
}
fn default_refresh_lock_ttl_ms() -> u64 {
    20_000
}
fn default_refresh_lock_wait_ms() -> u64 {
    10_000
}
fn default_logout_token_max_age_secs() -> u64 {
    120
}

/// Longest lifetime of an adopt code: it only has to cross from the popup to the frame.
pub const MAX_ADOPT_CODE_TTL_SECS: u64 = 60;

fn default_adopt_code_ttl_secs() -> u64 {
    MAX_ADOPT_CODE_TTL_SECS
}

/// Access to `GET /metrics`.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MetricsSettings {
    /// Bearer token required to read the metrics; open when not set.
    pub token: Option<Secret>,
}

/// A secret string; never printed.
#[derive(Clone, Deserialize)]
#[serde(transparent)]
pub struct Secret(pub String);

impl fmt::Debug for Secret {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("<redacted>")
    }
}

/// The Redis connection of the session store.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RedisSettings {
    /// `redis://[user:password@]host:port[/db]`.
    pub url: String,
    /// Time to connect, in milliseconds.
    pub connect_timeout_ms: u64,
    /// Time one command may take, in milliseconds; past it the request gets 503.
    pub command_timeout_ms: u64,
    /// Connections in the pool.
    pub pool_size: usize,
}

/// Most connections a pool may have.
const MAX_REDIS_POOL_SIZE: usize = 64;

/// Cache settings.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CacheSettings {
    /// Time-to-live of cached terms, in seconds.
    pub terms_ttl_secs: u64,
    /// Time-to-live of cached grading scales, in seconds.
    pub grading_scales_ttl_secs: u64,
    /// Most entries per cache.
    pub max_entries: u64,
}

/// Analytics events (`POST /api/events`). Forwarded only when `environment` is `prod` or
/// `test`; in `dev` they are checked and answered but not forwarded.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EventsSettings {
    /// Events waiting to be forwarded; when full, new events are dropped and counted.
    pub queue_capacity: usize,
    /// Most events sent upstream in one batch.
    pub batch_size: usize,
    /// Longest wait before a partial batch is sent, in milliseconds.
    pub flush_interval_ms: u64,
    /// Most events in one request.
    pub max_per_request: usize,
    /// Largest request body of `POST /api/events`, in bytes (413 above).
    pub max_body_bytes: usize,
    /// Longest product-feedback comment, in characters.
    pub max_comment_chars: usize,
}

/// Trace export over OTLP/HTTP; off without an endpoint.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TelemetrySettings {
    /// OTLP/HTTP traces endpoint, such as `http://127.0.0.1:4318/v1/traces`; absent: no export.
    pub otlp_endpoint: Option<Url>,
    /// `service.name` of the exported spans.
    pub service_name: String,
    /// Share of new traces sampled (0.0 to 1.0); a sampled incoming `traceparent` is followed.
    pub sampling_ratio: f64,
    /// Longest wait before finished spans are exported, in milliseconds.
    pub export_interval_ms: u64,
    /// Longest export call, in milliseconds.
    pub export_timeout_ms: u64,
    /// Finished spans waiting for export; when full, new ones are dropped.
    pub max_queued_spans: usize,
}

/// Limits of the course lists (My courses, the catalog, the open catalog) and of the public
/// (no-session) routes.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CatalogSettings {
    /// Cards per page when the client does not say.
    pub default_take: u32,
    /// Most cards one page may ask for; more is a 400.
    pub max_take: u32,
    /// Longest keyword accepted, in characters; longer is a 400.
    pub max_keyword_chars: usize,
    /// Most public requests (open catalog, public certificate) served at once per gateway
    /// instance; more are shed at once with 503, so visitors without a session cannot take the
    /// upstream's capacity from signed-in learners.
    pub public_max_in_flight: usize,
}

/// Limits and windows of the learner views (`[views]`).
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ViewSettings {
    /// Longest calendar range, in days (`from` to `to`, both included).
    pub calendar_max_range_days: u32,
    /// Dashboard: days ahead a due date counts as 'due soon'.
    pub dashboard_due_soon_days: u32,
    /// Dashboard: most courses in 'recently finished'.
    pub dashboard_recently_finished_count: u32,
}

/// The `/api/lms` pass-through (`[passthrough]`).
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PassthroughSettings {
    /// Largest request body forwarded, in bytes; larger bodies get 413.
    pub max_body_bytes: usize,
}

/// The file proxy (`[files]`): how the gateway reads a file of a tenant's storage origins for
/// the browser (`GET /api/bff/files`).
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FileSettings {
    /// Largest file passed on, in bytes: a larger announced size is a 502 `file_too_large`
    /// problem, a stream growing past it is cut off.
    pub max_bytes: u64,
    /// Longest time one file may take, from the request to its last byte, in seconds.
    pub timeout_secs: u64,
    /// Redirects followed, each only to a storage origin of the tenant.
    pub max_redirects: u32,
}

/// Course and team chat (`[chat]`): what a learner may post, and how the live stream of new
/// messages (server-sent events) is bounded.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ChatSettings {
    /// Longest message a learner may post, in characters (400 above).
    pub max_message_chars: usize,
    /// Messages a channel view shows (the newest ones).
    pub page_size: u32,
    /// Seconds between two heartbeat comments on an idle stream (keeps proxies from closing it,
    /// and is when the stream notices a signed-out session).
    pub stream_heartbeat_secs: u64,
    /// Longest life of one stream, in seconds; the browser reconnects with `Last-Event-ID`
    /// (and its session is checked and refreshed then). A stream never outlives its session.
    pub stream_max_secs: u64,
    /// Streams one session may hold at once (more: 429).
    pub max_streams_per_session: u32,
}

/// The AI tutor (`[tutor]`): question length, concurrent answers and time limits.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TutorSettings {
    /// Longest question, in characters (400 above).
    pub max_question_chars: usize,
    /// Answers one session may stream at once (more: 429).
    pub max_streams_per_session: u32,
    /// Seconds the tutor may take to start answering (504 after).
    pub first_token_timeout_secs: u64,
    /// Longest whole answer, in seconds (the stream ends with an `error` event after).
    pub max_answer_secs: u64,
}

/// One tenant, validated.
#[derive(Debug, Clone)]
pub struct TenantConfig {
    /// Tenant id (the key under `[tenants]`).
    pub id: String,
    /// Display name.
    pub name: String,
    /// Host names (without port) that select this tenant.
    pub hosts: Vec<String>,
    /// Whether plain http is accepted on loopback hosts (development only).
    pub allow_http_loopback: bool,
    /// Base URL of the tenant's upstream LMS API (ends with `/`).
    pub api_url: Url,
    /// The tenant's identity providers, in configured order; `/oidc/login?provider=ID` picks one.
    pub providers: Vec<ProviderConfig>,
    /// Id of the provider used when the login names none.
    pub default_provider: String,
    /// Whether the portal is embedded by pages of another site: session and pending-login cookies
    /// are then `SameSite=None; Secure; Partitioned`, also on plain-http loopback (see
    /// `auth::cookies`).
    pub cross_site_embedding: bool,
    /// Origins (`scheme://host[:port]`) of the storage the tenant's rich content links files on:
    /// the gateway reads those files for the browser (`GET /api/bff/files`) and their sizes.
    pub storage_origins: Vec<String>,
    /// Whether the learner's upstream access token goes with those reads (storage of the LMS
    /// itself); off for storage that takes signed links and refuses other credentials.
    pub storage_send_token: bool,
    /// The tenant's runtime client config.
    pub ui: UiSettings,
}

impl TenantConfig {
    /// The provider with this id.
    pub fn provider(&self, id: &str) -> Option<&ProviderConfig> {
        self.providers.iter().find(|p| p.id == id)
    }
}

/// One identity provider of a tenant.
#[derive(Debug, Clone)]
pub struct ProviderConfig {
    /// Provider id, as named by `/oidc/login?provider=`; the `oidc` section is provider `default`.
    pub id: String,
    /// The client registration at this provider.
    pub oidc: OidcSettings,
}

/// A provider besides the `oidc` section, as written under `[[tenants.ID.providers]]`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawProvider {
    id: String,
    #[serde(default)]
    default: bool,
    issuer: Url,
    client_id: String,
    client_secret: Option<String>,
    #[serde(default = "default_scopes")]
    scopes: Vec<String>,
}

/// A tenant's OIDC client registration.
#[derive(Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct OidcSettings {
    /// Issuer URL; discovery is read from `{issuer}/.well-known/openid-configuration`.
    pub issuer: Url,
    /// Client id registered at the issuer.
    pub client_id: String,
    /// Client secret; never printed.
    pub client_secret: Option<String>,
    /// Scopes requested besides `openid`.
    #[serde(default = "default_scopes")]
    pub scopes: Vec<String>,
}

impl fmt::Debug for OidcSettings {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("OidcSettings")
            .field("issuer", &self.issuer.as_str())
            .field("client_id", &self.client_id)
            .field("client_secret", &self.client_secret.as_ref().map(|_| "<redacted>"))
            .field("scopes", &self.scopes)
            .finish()
    }
}

fn default_scopes() -> Vec<String> {
    ["profile", "email", "offline_access"].map(String::from).to_vec()
}

/// A tenant's runtime client config (served at `/config-ui/config.json`).
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct UiSettings {
    /// Product name in the header and page titles.
    #[serde(default = "default_product_name")]
    pub product_name: String,
    /// Heading of My courses.
    #[serde(default = "default_courses_name")]
    pub courses_name: String,
    /// Catalog in the navigation (default on).
    #[serde(default = "yes")]
    pub catalog_enabled: bool,
    /// Learner dashboard (default off).
    #[serde(default)]
    pub dashboard_enabled: bool,
    /// Calendar in the navigation (default on).
    #[serde(default = "yes")]
    pub calendar_enabled: bool,
    /// Product feedback widget (visible unless explicitly false).
    #[serde(default = "yes")]
    pub feedback_enabled: bool,
    /// AI tutor widget (default off).
    #[serde(default)]
    pub ai_tutor_enabled: bool,
    /// The knowledge model the tutor answers from for a course that names none of its own.
    #[serde(default)]
    pub ai_tutor_knowledge_model_id: Option<String>,
    /// Default locale.
    #[serde(default = "default_locale")]
    pub default_locale: String,
    /// Locales offered.
    #[serde(default = "default_locales")]
    pub locales: Vec<String>,
    /// Origins allowed to embed the portal.
    #[serde(default)]
    pub parent_origins: Vec<String>,
    /// Origins the LMS's media (activity videos and their caption tracks) are served from:
    /// the policy's `media-src`, besides this origin.
    #[serde(default)]
    pub media_origins: Vec<String>,
    /// Origins whose pages rich content may frame (video players): the portal's
    /// `Content-Security-Policy` `frame-src` names them besides its own origin.
    #[serde(default)]
    pub embed_origins: Vec<String>,
    /// Privacy-policy link.
    #[serde(default)]
    pub privacy_policy_url: Option<String>,
    /// Rooms in the learner navigation (default off).
    #[serde(default)]
    pub rooms_enabled: bool,
    /// Platform features of the tenant: `research`, `knowledgeModels` (default none).
    #[serde(default)]
    pub platform_features: Vec<String>,
    /// Research projects in the learner navigation (default off; also needs the feature and `Research.Access`).
    #[serde(default)]
    pub research_projects_enabled: bool,
    /// Knowledge models in the learner navigation (default off; also needs the feature and `Research.Access`).
    #[serde(default)]
    pub knowledge_models_enabled: bool,
    /// Where the go-to-portal item leads (default `/`).
    #[serde(default = "default_portal_url")]
    pub portal_url: String,
    /// Plug-in items appended to the learner navigation.
    #[serde(default)]
    pub nav_plugins: Vec<NavPluginSettings>,
}

/// A plug-in item of the learner navigation.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NavPluginSettings {
    /// The item's text.
    pub label: String,
    /// Where it leads.
    pub url: String,
}

fn default_portal_url() -> String {
    "/".into()
}

fn yes() -> bool {
    true
}
fn default_product_name() -> String {
    "Learner portal".into()
}
fn default_courses_name() -> String {
    "My courses".into()
}
fn default_locale() -> String {
    "en-US".into()
}
fn default_locales() -> Vec<String> {
    vec!["en-US".into()]
}

/// The files as written; every key is checked by [`Config::from_raw`].
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawConfig {
    listen: Option<String>,
    public_port: Option<u16>,
    metrics: Option<MetricsSettings>,
    client_dir: Option<PathBuf>,
    client_source_maps: Option<bool>,
    environment: Option<String>,
    limits: Option<Limits>,
    session: Option<SessionSettings>,
    redis: Option<RedisSettings>,
    cache: Option<CacheSettings>,
    upstream: Option<UpstreamSettings>,
    events: Option<EventsSettings>,
    telemetry: Option<TelemetrySettings>,
    catalog: Option<CatalogSettings>,
    commands: Option<CommandSettings>,
    views: Option<ViewSettings>,
    passthrough: Option<PassthroughSettings>,
    files: Option<FileSettings>,
    chat: Option<ChatSettings>,
    tutor: Option<TutorSettings>,
    login_rate_limit: Option<LoginRateLimit>,
    #[serde(default)]
    trusted_proxies: Vec<String>,
    #[serde(default)]
    tenants: BTreeMap<String, RawTenant>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawTenant {
    name: Option<String>,
    #[serde(default)]
    hosts: Vec<String>,
    #[serde(default)]
    allow_http_loopback: bool,
    api_url: Option<String>,
    oidc: Option<OidcSettings>,
    #[serde(default)]
    providers: Vec<RawProvider>,
    #[serde(default)]
    cross_site_embedding: bool,
    #[serde(default)]
    storage_origins: Vec<String>,
    #[serde(default = "yes")]
    storage_send_token: bool,
    ui: Option<UiSettings>,
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

    /// Checks every key of `raw`.
    pub fn from_raw(raw: RawConfig) -> Result<Self, ConfigError> {
        let mut errors = Vec::new();
        let listen = match raw.listen.as_deref().map(str::parse::<SocketAddr>) {
            Some(Ok(addr)) => Some(addr),
            Some(Err(e)) => {
                errors.push(format!("listen: not a socket address ({e})"));
                None
            }
            None => {
                errors.push("listen: missing".into());
                None
            }
        };
        let environment = raw.environment.unwrap_or_else(|| "dev".into());
        if !["dev", "test", "prod"].contains(&environment.as_str()) {
            errors.push(format!("environment: `{environment}` is not one of dev, test, prod"));
        }
        let limits = require(raw.limits, "limits", &mut errors);
        if let Some(l) = &limits {
            positive(l.request_body_bytes as u64, "limits.request_body_bytes", &mut errors);
            positive(l.max_request_header_bytes as u64, "limits.max_request_header_bytes", &mut errors);
            positive(l.request_timeout_secs, "limits.request_timeout_secs", &mut errors);
            positive(l.upstream_timeout_secs, "limits.upstream_timeout_secs", &mut errors);
            positive(l.upstream_connect_timeout_secs, "limits.upstream_connect_timeout_secs", &mut errors);
            positive(l.upstream_max_response_bytes as u64, "limits.upstream_max_response_bytes", &mut errors);
            positive(l.header_read_timeout_secs, "limits.header_read_timeout_secs", &mut errors);
            positive(l.request_body_timeout_secs, "limits.request_body_timeout_secs", &mut errors);
            positive(l.max_connections as u64, "limits.max_connections", &mut errors);
            positive(l.max_in_flight_per_session as u64, "limits.max_in_flight_per_session", &mut errors);
            positive(l.view_timeout_secs, "limits.view_timeout_secs", &mut errors);
        }
        let session = require(raw.session, "session", &mut errors);
        if let Some(s) = &session {
            positive(s.idle_timeout_secs, "session.idle_timeout_secs", &mut errors);
            positive(s.max_sessions, "session.max_sessions", &mut errors);
            positive(s.max_pending_logins as u64, "session.max_pending_logins", &mut errors);
            positive(s.pending_login_ttl_secs, "session.pending_login_ttl_secs", &mut errors);
            if s.absolute_lifetime_secs < s.idle_timeout_secs {
                errors
                    .push("session.absolute_lifetime_secs: must not be shorter than session.idle_timeout_secs".into());
            }
            positive(s.refresh_lock_ttl_ms, "session.refresh_lock_ttl_ms", &mut errors);
            if let Some(l) = &limits
                && s.refresh_lock_ttl_ms <= l.upstream_timeout_secs * 1000
            {
                // Shorter, the lock could expire while its holder still waits for the issuer.
                errors.push("session.refresh_lock_ttl_ms: must be longer than limits.upstream_timeout_secs".into());
            }
            positive(s.refresh_lock_wait_ms, "session.refresh_lock_wait_ms", &mut errors);
            positive(s.logout_token_max_age_secs, "session.logout_token_max_age_secs", &mut errors);
            if !(1..=MAX_ADOPT_CODE_TTL_SECS).contains(&s.adopt_code_ttl_secs) {
                errors.push(format!("session.adopt_code_ttl_secs: must be between 1 and {MAX_ADOPT_CODE_TTL_SECS}"));
            }
        }
        let session_keys = session.as_ref().and_then(|s| s.encryption_keys.as_ref()).and_then(|keys| {
            KeyRing::parse(&keys.0)
                .map_err(|problems| {
                    errors.extend(problems.into_iter().map(|p| format!("session.encryption_keys: {p}")));
                })
                .ok()
        });
        if let Some(r) = &raw.redis {
            match Url::parse(&r.url) {
                Ok(url) if url.scheme() == "redis" => {}
                Ok(url) => errors.push(format!("redis.url: scheme `{}` is not supported (use redis://)", url.scheme())),
                Err(e) => errors.push(format!("redis.url: not a URL ({e})")),
            }
            positive(r.connect_timeout_ms, "redis.connect_timeout_ms", &mut errors);
            positive(r.command_timeout_ms, "redis.command_timeout_ms", &mut errors);
            if r.pool_size == 0 || r.pool_size > MAX_REDIS_POOL_SIZE {
                errors.push(format!("redis.pool_size: must be between 1 and {MAX_REDIS_POOL_SIZE}"));
            }
        }
        if session.as_ref().is_some_and(|s| s.store == SessionStoreKind::Redis) {
            if raw.redis.is_none() {
                errors.push("redis: missing section (session.store is redis)".into());
            }
            if session.as_ref().is_some_and(|s| s.encryption_keys.is_none()) {
                errors.push(
                    "session.encryption_keys: required when session.store is redis (set LP_SESSION__ENCRYPTION_KEYS)"
                        .into(),
                );
            }
        }
        let cache = require(raw.cache, "cache", &mut errors);
        if let Some(c) = &cache {
            positive(c.max_entries, "cache.max_entries", &mut errors);
        }
        let upstream = require(raw.upstream, "upstream", &mut errors);
        if let Some(u) = &upstream {
            positive(u.max_in_flight_per_tenant as u64, "upstream.max_in_flight_per_tenant", &mut errors);
            positive(u.queue_timeout_ms, "upstream.queue_timeout_ms", &mut errors);
            if u.idempotent_retries > 1 {
                errors.push("upstream.idempotent_retries: must be 0 or 1".into());
            }
        }
        let events = require(raw.events, "events", &mut errors);
        if let Some(e) = &events {
            positive(e.queue_capacity as u64, "events.queue_capacity", &mut errors);
            positive(e.batch_size as u64, "events.batch_size", &mut errors);
            positive(e.flush_interval_ms, "events.flush_interval_ms", &mut errors);
            positive(e.max_per_request as u64, "events.max_per_request", &mut errors);
            positive(e.max_body_bytes as u64, "events.max_body_bytes", &mut errors);
            positive(e.max_comment_chars as u64, "events.max_comment_chars", &mut errors);
        }
        let telemetry = require(raw.telemetry, "telemetry", &mut errors);
        if let Some(t) = &telemetry {
            if !(0.0..=1.0).contains(&t.sampling_ratio) {
                errors.push("telemetry.sampling_ratio: must be between 0.0 and 1.0".into());
            }
            if t.service_name.is_empty() {
                errors.push("telemetry.service_name: must not be empty".into());
            }
            positive(t.export_interval_ms, "telemetry.export_interval_ms", &mut errors);
            positive(t.export_timeout_ms, "telemetry.export_timeout_ms", &mut errors);
            positive(t.max_queued_spans as u64, "telemetry.max_queued_spans", &mut errors);
            if let Some(url) = &t.otlp_endpoint
                && !matches!(url.scheme(), "http" | "https")
            {
                errors.push("telemetry.otlp_endpoint: must be an http or https URL".into());
            }
        }
        let catalog = require(raw.catalog, "catalog", &mut errors);
        if let Some(c) = &catalog {
            positive(c.max_take.into(), "catalog.max_take", &mut errors);
            positive(c.max_keyword_chars as u64, "catalog.max_keyword_chars", &mut errors);
            positive(c.public_max_in_flight as u64, "catalog.public_max_in_flight", &mut errors);
            if c.default_take == 0 || c.default_take > c.max_take {
                errors.push("catalog.default_take: must be between 1 and catalog.max_take".into());
            }
        }
        let commands = require(raw.commands, "commands", &mut errors);
        if let Some(c) = &commands {
            positive(c.poll_interval_ms, "commands.poll_interval_ms", &mut errors);
            positive(c.poll_timeout_ms, "commands.poll_timeout_ms", &mut errors);
            positive(u64::from(c.enroll_poll_attempts), "commands.enroll_poll_attempts", &mut errors);
            positive(c.enroll_poll_interval_ms, "commands.enroll_poll_interval_ms", &mut errors);
            positive(c.max_body_bytes as u64, "commands.max_body_bytes", &mut errors);
            if let Some(l) = &limits {
                // A command waits for the upstream within one request: every wait must end, with
                // its own clear answer, before the request timeout cuts it off.
                let request_ms = l.request_timeout_secs * 1000;
                let enroll_ms = u64::from(c.enroll_poll_attempts) * c.enroll_poll_interval_ms;
                if c.poll_timeout_ms + enroll_ms >= request_ms {
                    errors.push(
                        "commands.poll_timeout_ms: with the enrolment wait (enroll_poll_attempts times \
                         enroll_poll_interval_ms) it must be shorter than limits.request_timeout_secs"
                            .into(),
                    );
                }
            }
        }
        let views = require(raw.views, "views", &mut errors);
        if let Some(v) = &views {
            positive(u64::from(v.calendar_max_range_days), "views.calendar_max_range_days", &mut errors);
            positive(u64::from(v.dashboard_due_soon_days), "views.dashboard_due_soon_days", &mut errors);
            positive(
                u64::from(v.dashboard_recently_finished_count),
                "views.dashboard_recently_finished_count",
                &mut errors,
            );
        }
        let passthrough = require(raw.passthrough, "passthrough", &mut errors);
        if let Some(p) = &passthrough {
            positive(p.max_body_bytes as u64, "passthrough.max_body_bytes", &mut errors);
        }
        let files = require(raw.files, "files", &mut errors);
        if let Some(f) = &files {
            positive(f.max_bytes, "files.max_bytes", &mut errors);
            positive(f.timeout_secs, "files.timeout_secs", &mut errors);
            if f.max_redirects > MAX_FILE_REDIRECTS {
                errors.push(format!("files.max_redirects: at most {MAX_FILE_REDIRECTS}"));
            }
        }
        if raw.tenants.is_empty() {
            errors.push("tenants: at least one tenant is required".into());
        }
        let mut tenants = BTreeMap::new();
        let mut seen_hosts = BTreeMap::<String, String>::new();
        for (id, t) in raw.tenants {
            if let Some(tenant) = check_tenant(&id, t, &mut seen_hosts, &mut errors) {
                tenants.insert(id, tenant);
            }
        }
        let (Some(listen), Some(limits), Some(session), Some(cache), Some(upstream)) =
            (listen, limits, session, cache, upstream)
        else {
            return Err(ConfigError(errors));
        };
        let Some(events) = events else { return Err(ConfigError(errors)) };
        let Some(telemetry) = telemetry else { return Err(ConfigError(errors)) };
        let Some(catalog) = catalog else { return Err(ConfigError(errors)) };
        let Some(commands) = commands else { return Err(ConfigError(errors)) };
        let Some(views) = views else { return Err(ConfigError(errors)) };
        let Some(passthrough) = passthrough else { return Err(ConfigError(errors)) };
        let Some(files) = files else { return Err(ConfigError(errors)) };
        let chat = require(raw.chat, "chat", &mut errors);
        if let Some(c) = &chat {
            positive(c.max_message_chars as u64, "chat.max_message_chars", &mut errors);
            positive(c.page_size.into(), "chat.page_size", &mut errors);
            positive(c.stream_heartbeat_secs, "chat.stream_heartbeat_secs", &mut errors);
            positive(c.stream_max_secs, "chat.stream_max_secs", &mut errors);
            positive(c.max_streams_per_session.into(), "chat.max_streams_per_session", &mut errors);
            if c.page_size > 200 {
                errors.push("chat.page_size: at most 200 (the chat service's page)".into());
            }
        }
        let tutor = require(raw.tutor, "tutor", &mut errors);
        if let Some(t) = &tutor {
            positive(t.max_question_chars as u64, "tutor.max_question_chars", &mut errors);
            positive(t.max_streams_per_session.into(), "tutor.max_streams_per_session", &mut errors);
            positive(t.first_token_timeout_secs, "tutor.first_token_timeout_secs", &mut errors);
            positive(t.max_answer_secs, "tutor.max_answer_secs", &mut errors);
        }
        let (Some(chat), Some(tutor)) = (chat, tutor) else { return Err(ConfigError(errors)) };
        let login_rate_limit = require(raw.login_rate_limit, "login_rate_limit", &mut errors);
        if let Some(l) = &login_rate_limit {
            positive(l.requests_per_minute.into(), "login_rate_limit.requests_per_minute", &mut errors);
            positive(l.burst.into(), "login_rate_limit.burst", &mut errors);
            positive(l.max_clients, "login_rate_limit.max_clients", &mut errors);
        }
        let trusted_proxies = raw
            .trusted_proxies
            .iter()
            .filter_map(|entry| {
                let net = entry.parse::<ipnet::IpNet>().or_else(|_| entry.parse::<std::net::IpAddr>().map(Into::into));
                net.map(|n| n.trunc())
                    .map_err(|_| errors.push(format!("trusted_proxies: `{entry}` is not an IP address or CIDR range")))
                    .ok()
            })
            .collect();
        let Some(login_rate_limit) = login_rate_limit else { return Err(ConfigError(errors)) };
        if !errors.is_empty() {
            return Err(ConfigError(errors));
        }
        Ok(Config {
            listen,
            public_port: raw.public_port,
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

fn require<T>(value: Option<T>, key: &str, errors: &mut Vec<String>) -> Option<T> {
    if value.is_none() {
        errors.push(format!("{key}: missing section"));
    }
    value
}

fn positive(value: u64, key: &str, errors: &mut Vec<String>) {
    if value == 0 {
        errors.push(format!("{key}: must be greater than 0"));
    }
}

fn check_tenant(
    id: &str,
    t: RawTenant,
    seen_hosts: &mut BTreeMap<String, String>,
    errors: &mut Vec<String>,
) -> Option<TenantConfig> {
    let key = format!("tenants.{id}");
    let before = errors.len();
    if id.is_empty() || !id.chars().all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_') {
        errors.push(format!("{key}: tenant ids use letters, digits, '-' and '_' only"));
    }
    if t.hosts.is_empty() {
        errors.push(format!("{key}.hosts: at least one host is required"));
    }
    let hosts: Vec<String> = t.hosts.iter().map(|h| h.to_ascii_lowercase()).collect();
    for host in &hosts {
        if host.is_empty() || host.contains([':', '/', ' ']) {
            errors.push(format!("{key}.hosts: `{host}` is not a bare host name"));
        } else if let Some(other) = seen_hosts.insert(host.clone(), id.to_string()) {
            errors.push(format!("{key}.hosts: `{host}` is already used by tenant `{other}`"));
        }
    }
    let api_url = match t.api_url.as_deref().map(Url::parse) {
        Some(Ok(mut url)) => {
            if !url.path().ends_with('/') {
                url.set_path(&format!("{}/", url.path()));
            }
            Some(url)
        }
        Some(Err(e)) => {
            errors.push(format!("{key}.api_url: not a URL ({e})"));
            None
        }
        None => {
            errors.push(format!("{key}.api_url: missing"));
            None
        }
    };
    let (providers, default_provider) = check_providers(&key, t.oidc, t.providers, t.allow_http_loopback, errors);
    let ui = t.ui.unwrap_or_else(UiSettings::defaults);
    if !ui.locales.contains(&ui.default_locale) {
        errors.push(format!("{key}.ui.default_locale: `{}` is not in ui.locales", ui.default_locale));
    }
    for (name, origins) in [("parent_origins", &ui.parent_origins), ("media_origins", &ui.media_origins)] {
        for origin in origins {
            match Url::parse(origin) {
                Ok(u) if u.origin().ascii_serialization() == *origin => {}
                _ => errors.push(format!("{key}.ui.{name}: `{origin}` is not an origin like https://host[:port]")),
            }
        }
    }
    check_origins(&format!("{key}.ui.embed_origins"), &ui.embed_origins, t.allow_http_loopback, errors);
    check_origins(&format!("{key}.storage_origins"), &t.storage_origins, t.allow_http_loopback, errors);
    if errors.len() > before {
        return None;
    }
    Some(TenantConfig {
        id: id.to_string(),
        name: t.name.unwrap_or_else(|| id.to_string()),
        hosts,
        allow_http_loopback: t.allow_http_loopback,
        api_url: api_url?,
        providers,
        default_provider: default_provider?,
        cross_site_embedding: t.cross_site_embedding,
        storage_origins: t.storage_origins,
        storage_send_token: t.storage_send_token,
        ui,
    })
}

/// Most redirects `files.max_redirects` may allow.
const MAX_FILE_REDIRECTS: u32 = 10;

/// Each of `origins` must be an origin as browsers write it (`https://host[:port]`, lower case,
/// no path and no default port), over https unless `allow_http_loopback` and on loopback.
fn check_origins(key: &str, origins: &[String], allow_http_loopback: bool, errors: &mut Vec<String>) {
    for origin in origins {
        match Url::parse(origin) {
            Ok(u) if u.origin().ascii_serialization() == *origin => {
                if u.scheme() != "https" && !(allow_http_loopback && is_loopback_url(&u)) {
                    errors.push(format!(
                        "{key}: `{origin}` must be https (http only on loopback with allow_http_loopback)"
                    ));
                }
            }
            _ => errors.push(format!("{key}: `{origin}` is not an origin like https://host[:port]")),
        }
    }
}

/// The `oidc` section (provider `default`) and the `providers` list: ids unique, exactly one
/// default (the `oidc` section unless a listed provider says `default = true`).
fn check_providers(
    key: &str,
    oidc: Option<OidcSettings>,
    listed: Vec<RawProvider>,
    allow_http_loopback: bool,
    errors: &mut Vec<String>,
) -> (Vec<ProviderConfig>, Option<String>) {
    let mut providers = Vec::new();
    let mut defaults = Vec::new();
    if let Some(oidc) = oidc {
        providers.push((format!("{key}.oidc"), ProviderConfig { id: "default".into(), oidc }));
    }
    for (i, p) in listed.into_iter().enumerate() {
        if p.default {
            defaults.push(p.id.clone());
        }
        let oidc =
            OidcSettings { issuer: p.issuer, client_id: p.client_id, client_secret: p.client_secret, scopes: p.scopes };
        providers.push((format!("{key}.providers[{i}]"), ProviderConfig { id: p.id, oidc }));
    }
    if providers.is_empty() {
        errors.push(format!("{key}.oidc: missing section (or at least one entry in {key}.providers)"));
    }
    let mut seen = std::collections::BTreeSet::new();
    for (pkey, p) in &providers {
        if p.id.is_empty()
            || p.id.len() > 64
            || !p.id.chars().all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
        {
            errors.push(format!("{pkey}.id: provider ids use 1 to 64 letters, digits, '-' and '_'"));
        }
        if !seen.insert(p.id.clone()) {
            errors.push(format!("{pkey}.id: provider `{}` is defined twice", p.id));
        }
        if p.oidc.client_id.is_empty() {
            errors.push(format!("{pkey}.client_id: must not be empty"));
        }
        let plain_http_ok = allow_http_loopback && is_loopback_url(&p.oidc.issuer);
        if p.oidc.issuer.scheme() != "https" && !plain_http_ok {
            errors.push(format!("{pkey}.issuer: must be https (http only on loopback with allow_http_loopback)"));
        }
    }
    let default = match defaults.as_slice() {
        [] => providers.first().map(|(_, p)| p.id.clone()),
        [one] => Some(one.clone()),
        _ => {
            errors.push(format!("{key}.providers: only one provider may say `default = true`"));
            None
        }
    };
    (providers.into_iter().map(|(_, p)| p).collect(), default)
}

impl UiSettings {
    /// The settings of a tenant whose `ui` section is absent.
    fn defaults() -> Self {
        Self {
            product_name: default_product_name(),
            courses_name: default_courses_name(),
            catalog_enabled: true,
            dashboard_enabled: false,
            calendar_enabled: true,
            feedback_enabled: true,
            ai_tutor_enabled: false,
            ai_tutor_knowledge_model_id: None,
            default_locale: default_locale(),
            locales: default_locales(),
            parent_origins: Vec::new(),
            media_origins: Vec::new(),
            embed_origins: Vec::new(),
            privacy_policy_url: None,
            rooms_enabled: false,
            platform_features: Vec::new(),
            research_projects_enabled: false,
            knowledge_models_enabled: false,
            portal_url: default_portal_url(),
            nav_plugins: Vec::new(),
        }
    }
}

/// Whether `url` points at this machine (`localhost`, `*.localhost`, 127.0.0.0/8, `[::1]`).
pub fn is_loopback_url(url: &Url) -> bool {
    url.host_str().is_some_and(is_loopback_host)
}

/// Whether a host name (without port) is a loopback name or address.
pub fn is_loopback_host(host: &str) -> bool {
    let host = host.trim_start_matches('[').trim_end_matches(']').to_ascii_lowercase();
    host == "localhost"
        || host.ends_with(".localhost")
        || host.parse::<std::net::IpAddr>().is_ok_and(|ip| ip.is_loopback())
}

#[cfg(test)]
mod tests {
    use super::*;
    use figment::providers::Serialized;

    fn load(toml: &str) -> Result<Config, ConfigError> {
        let defaults = include_str!("../../config/default.toml");
        let raw: RawConfig = Figment::new()
            .merge(Toml::string(defaults))
            .merge(Toml::string(toml))
            .merge(Serialized::defaults(serde_json::json!({})))
            .extract()
            .map_err(|e| ConfigError(e.into_iter().map(|e| e.to_string()).collect()))?;
        Config::from_raw(raw)
    }

    #[test]
    fn the_demo_config_is_valid() {
        let config = load(include_str!("../../config/demo.toml")).expect("demo config");
        assert_eq!(config.tenants.len(), 2);
        assert_eq!(config.tenants["acme"].hosts, ["localhost", "acme.localhost"]);
        assert!(config.tenants["acme"].cross_site_embedding, "framed by the example parent page");
        assert_eq!(config.tenants["acme"].ui.parent_origins, ["http://127.0.0.1:8090"]);
        assert!(!config.tenants["globex"].ui.catalog_enabled);
        assert_eq!(config.session.idle_timeout_secs, 7200);
    }

    #[test]
    fn adopt_codes_live_at_most_sixty_seconds() {
        let tenant = "[tenants.x]\nhosts = [\"x.example\"]\napi_url = \"https://lms.example/\"\n\
                      [tenants.x.oidc]\nissuer = \"https://idp.example\"\nclient_id = \"c\"\n";
        assert_eq!(load(tenant).expect("defaults").session.adopt_code_ttl_secs, 60);
        assert_eq!(
            load(&format!("{tenant}[session]\nadopt_code_ttl_secs = 1")).expect("1 s").session.adopt_code_ttl_secs,
            1
        );
        for bad in [0, 61, 3600] {
            let err = load(&format!("{tenant}[session]\nadopt_code_ttl_secs = {bad}")).expect_err("out of range");
            assert!(
                err.0.join("\n").contains("session.adopt_code_ttl_secs: must be between 1 and 60"),
                "{bad}: {err:?}"
            );
        }
    }

    #[test]
    fn catalog_limits_are_checked() {
        let config = load(include_str!("../../config/demo.toml")).expect("demo config");
        assert_eq!((config.catalog.default_take, config.catalog.max_take), (100, 200));
        let err = load(
            "[catalog]\ndefault_take = 300\nmax_take = 200\nmax_keyword_chars = 0\npublic_max_in_flight = 0\n\
             [tenants.x]\nhosts = [\"x.example\"]\napi_url = \"https://lms.example/\"\n\
             [tenants.x.oidc]\nissuer = \"https://idp.example\"\nclient_id = \"c\"",
        )
        .expect_err("bad catalog limits");
        let all = err.0.join("\n");
        for key in ["catalog.default_take", "catalog.max_keyword_chars", "catalog.public_max_in_flight"] {
            assert!(all.contains(key), "{key} not named in:\n{all}");
        }
    }

    #[test]
    fn every_bad_key_is_named() {
        let err = load(
            r#"listen = "nowhere"
            [tenants.x]
            hosts = []
            api_url = "not a url"
            [tenants.x.oidc]
            issuer = "http://idp.example.com"
            client_id = """#,
        )
        .expect_err("bad config");
        let all = err.0.join("\n");
        for key in
            ["listen", "tenants.x.hosts", "tenants.x.api_url", "tenants.x.oidc.issuer", "tenants.x.oidc.client_id"]
        {
            assert!(all.contains(key), "{key} not named in:\n{all}");
        }
    }

    #[test]
    fn the_login_rate_limit_and_trusted_proxies_are_checked() {
        let tenant = "[tenants.x]\nhosts = [\"x.example\"]\napi_url = \"https://lms.example/\"\n\
                      [tenants.x.oidc]\nissuer = \"https://idp.example\"\nclient_id = \"c\"\n";
        let config = load(tenant).expect("the defaults are valid");
        assert!(config.trusted_proxies.is_empty(), "no proxy is trusted by default");
        assert!(config.login_rate_limit.requests_per_minute > 0 && config.login_rate_limit.burst > 0);
        let good = format!("trusted_proxies = [\"10.0.0.7\", \"192.168.1.9/24\", \"::1\", \"fd00::/8\"]\n{tenant}");
        let config = load(&good).expect("addresses and ranges");
        let nets: Vec<String> = config.trusted_proxies.iter().map(ToString::to_string).collect();
        assert_eq!(nets, ["10.0.0.7/32", "192.168.1.0/24", "::1/128", "fd00::/8"]);
        let bad = format!(
            "trusted_proxies = [\"10.0.0.0/33\", \"proxy.example\"]\n\
             [login_rate_limit]\nrequests_per_minute = 0\nburst = 0\nmax_clients = 0\n{tenant}"
        );
        let all = load(&bad).expect_err("bad values").0.join("\n");
        for key in [
            "`10.0.0.0/33`",
            "`proxy.example`",
            "login_rate_limit.requests_per_minute",
            "login_rate_limit.burst",
            "login_rate_limit.max_clients",
        ] {
            assert!(all.contains(key), "{key} not named in:\n{all}");
        }
    }

    #[test]
    fn view_passthrough_and_file_limits_are_checked() {
        let tenant = r#"
            [tenants.x]
            hosts = ["x.example"]
            api_url = "https://lms.example/"
            [tenants.x.oidc]
            issuer = "https://idp.example"
            client_id = "c"
        "#;
        let config = load(tenant).expect("the defaults are valid");
        assert_eq!(config.views.calendar_max_range_days, 62);
        assert_eq!(
            (config.files.max_bytes, config.files.timeout_secs, config.files.max_redirects),
            (52_428_800, 120, 3)
        );
        let bad = format!(
            "{tenant}\n[views]\ncalendar_max_range_days = 0\n[passthrough]\nmax_body_bytes = 0\n\
             [files]\nmax_bytes = 0\ntimeout_secs = 0\nmax_redirects = 11\n"
        );
        let all = load(&bad).expect_err("bad limits").0.join("\n");
        for key in [
            "views.calendar_max_range_days",
            "passthrough.max_body_bytes",
            "files.max_bytes",
            "files.timeout_secs",
            "files.max_redirects",
        ] {
            assert!(all.contains(key), "{key} not named in:\n{all}");
        }
    }

    #[test]
    fn media_and_parent_origins_must_be_origins() {
        let tenant = |ui: &str| {
            format!(
                "[tenants.x]\nhosts = [\"x.example\"]\napi_url = \"https://lms.example/\"\n\
                 [tenants.x.oidc]\nissuer = \"https://idp.example\"\nclient_id = \"c\"\n[tenants.x.ui]\n{ui}"
            )
        };
        let config =
            load(&tenant("media_origins = [\"https://media.example\", \"http://127.0.0.1:8081\"]")).expect("valid");
        assert_eq!(config.tenants["x"].ui.media_origins, ["https://media.example", "http://127.0.0.1:8081"]);
        let all = load(&tenant("media_origins = [\"https://media.example/videos/\", \"*\"]\nparent_origins = [\"x\"]"))
            .expect_err("not origins")
            .0
            .join("\n");
        for named in [
            "x.ui.media_origins: `https://media.example/videos/`",
            "x.ui.media_origins: `*`",
            "x.ui.parent_origins: `x`",
        ] {
            assert!(all.contains(named), "{named} not named in:\n{all}");
        }
    }

    #[test]
    fn storage_and_embed_origins_are_origins() {
        let tenant = |loopback: bool, storage: &str, embeds: &str| {
            format!(
                r#"[tenants.x]
                hosts = ["x.example"]
                allow_http_loopback = {loopback}
                api_url = "https://lms.example/"
                storage_origins = [{storage}]
                [tenants.x.oidc]
                issuer = "https://idp.example"
                client_id = "c"
                [tenants.x.ui]
                embed_origins = [{embeds}]"#
            )
        };
        let config =
            load(&tenant(false, r#""https://files.example""#, r#""https://video.example:8443""#)).expect("origins");
        assert_eq!(config.tenants["x"].storage_origins, ["https://files.example"]);
        assert!(config.tenants["x"].storage_send_token, "the token goes along unless switched off");
        assert_eq!(config.tenants["x"].ui.embed_origins, ["https://video.example:8443"]);
        let config = load(&tenant(true, r#""http://127.0.0.1:8081""#, r#""http://localhost:8081""#)).expect("loopback");
        assert_eq!(config.tenants["x"].storage_origins, ["http://127.0.0.1:8081"]);
        let bad = [
            (tenant(false, r#""https://files.example/""#, ""), "tenants.x.storage_origins: `https://files.example/`"),
            (tenant(false, r#""files.example""#, ""), "tenants.x.storage_origins: `files.example`"),
            (tenant(false, r#""https://Files.example""#, ""), "tenants.x.storage_origins: `https://Files.example`"),
            (tenant(false, r#""https://files.example:443""#, ""), "`https://files.example:443`"),
            (tenant(false, r#""http://127.0.0.1:8081""#, ""), "must be https"),
            (tenant(true, r#""http://files.example""#, ""), "must be https"),
            (tenant(false, "", r#""https://video.example/embed""#), "tenants.x.ui.embed_origins"),
            (tenant(false, "", r#""*""#), "tenants.x.ui.embed_origins: `*`"),
        ];
        for (toml, expected) in bad {
            let all = load(&toml).expect_err(expected).0.join("\n");
            assert!(all.contains(expected), "{expected} not named in:\n{all}");
        }
    }

    #[test]
    fn a_tenant_lists_several_providers_with_one_default() {
        let tenant = |extra: &str| {
            format!(
                r#"[tenants.x]
                hosts = ["x.example"]
                api_url = "https://lms.example/"
                [tenants.x.oidc]
                issuer = "https://idp.example"
                client_id = "c"
                [[tenants.x.providers]]
                id = "corporate"
                issuer = "https://corp.example"
                client_id = "lp"
                {extra}"#
            )
        };
        let config = load(&tenant("")).expect("valid");
        let x = &config.tenants["x"];
        assert_eq!(x.providers.iter().map(|p| p.id.as_str()).collect::<Vec<_>>(), ["default", "corporate"]);
        assert_eq!(x.default_provider, "default");
        assert_eq!(x.provider("corporate").map(|p| p.oidc.issuer.as_str()), Some("https://corp.example/"));
        let config = load(&tenant("default = true")).expect("valid");
        assert_eq!(config.tenants["x"].default_provider, "corporate");
        let err = load(&tenant(
            "[[tenants.x.providers]]\nid = \"corporate\"\nissuer = \"http://corp.example\"\nclient_id = \"\"",
        ))
        .expect_err("duplicate id, http issuer, empty client id");
        let all = err.0.join("\n");
        for needle in
            ["providers[1].id: provider `corporate` is defined twice", "providers[1].issuer", "providers[1].client_id"]
        {
            assert!(all.contains(needle), "{needle} not in:\n{all}");
        }
    }

    #[test]
    fn event_and_telemetry_limits_are_checked() {
        let demo = include_str!("../../config/demo.toml");
        let config = load(demo).expect("demo config");
        assert_eq!(config.events.max_body_bytes, 65536);
        assert!(config.telemetry.otlp_endpoint.is_none(), "no export unless configured");
        let bad = format!(
            "{demo}\n[events]\nqueue_capacity = 0\nmax_body_bytes = 0\n\
             [telemetry]\nsampling_ratio = 1.5\notlp_endpoint = \"ftp://127.0.0.1/v1/traces\"\nmax_queued_spans = 0\n"
        );
        let err = load(&bad).expect_err("bad limits").to_string();
        for key in [
            "events.queue_capacity",
            "events.max_body_bytes",
            "telemetry.sampling_ratio",
            "telemetry.otlp_endpoint",
            "telemetry.max_queued_spans",
        ] {
            assert!(err.contains(key), "{key} named in: {err}");
        }
    }

    #[test]
    fn unknown_keys_are_refused() {
        let err = load("colour = \"blue\"").expect_err("unknown key");
        assert!(err.0.join(" ").contains("colour"), "{:?}", err.0);
    }

    #[test]
    fn a_host_serves_one_tenant_only() {
        let tenant = |id: &str| {
            format!(
                "[tenants.{id}]\nhosts=[\"same.example\"]\napi_url=\"https://lms.example/\"\n[tenants.{id}.oidc]\nissuer=\"https://idp.example\"\nclient_id=\"c\"\n"
            )
        };
        let err = load(&format!("{}{}", tenant("a"), tenant("b"))).expect_err("duplicate host");
        assert!(err.0.join(" ").contains("already used by tenant `a`"), "{:?}", err.0);
    }

    #[test]
    #[expect(clippy::result_large_err, reason = "figment's Jail closure returns figment::Error")]
    fn environment_variables_override_the_files_and_are_checked_too() {
        figment::Jail::expect_with(|jail| {
            jail.create_file("default.toml", include_str!("../../config/default.toml"))?;
            jail.create_file("demo.toml", include_str!("../../config/demo.toml"))?;
            jail.set_env("LP_LISTEN", "127.0.0.1:9090");
            jail.set_env("LP_SESSION__IDLE_TIMEOUT_SECS", "3600");
            jail.set_env("LP_TENANTS__ACME__UI__COURSES_NAME", "Learning plan");
            let files = [PathBuf::from("default.toml"), PathBuf::from("demo.toml")];
            let config = Config::load(&files, Config::env()).map_err(|e| e.to_string())?;
            assert_eq!(config.listen.port(), 9090);
            assert_eq!(config.session.idle_timeout_secs, 3600);
            assert_eq!(config.tenants["acme"].ui.courses_name, "Learning plan");
            jail.set_env("LP_SESSION__STORE", "redis");
            jail.set_env("LP_SESSION__ENCRYPTION_KEYS", format!("new:{KEY},old:{KEY}"));
            let config = Config::load(&files, Config::env()).map_err(|e| e.to_string())?;
            assert_eq!(config.session.store, SessionStoreKind::Redis);
            assert_eq!(config.session_keys.as_ref().map(|k| k.current_kid()), Some("new"));
            jail.set_env("LP_SESSION__REFRESH_LOCK_TTL_MS", "15000");
            let err = Config::load(&files, Config::env()).expect_err("lock shorter than an issuer call");
            assert!(err.to_string().contains("session.refresh_lock_ttl_ms"), "{err}");
            jail.set_env("LP_SESSION__REFRESH_LOCK_TTL_MS", "20000");
            jail.set_env("LP_SESSION__IDLE_TIMEOUT_SECS", "0");
            let err = Config::load(&files, Config::env()).expect_err("zero idle timeout");
            assert!(err.to_string().contains("session.idle_timeout_secs"), "{err}");
            Ok(())
        });
    }

    const KEY: &str = "AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8=";

    #[test]
    fn the_redis_store_needs_a_key_and_a_redis_section() {
        let err = load("[session]\nstore = \"redis\"").expect_err("no key");
        let all = err.0.join("\n");
        assert!(all.contains("session.encryption_keys: required when session.store is redis"), "{all}");
        let config = load(&format!(
            "{}\n[session]\nstore = \"redis\"\nencryption_keys = \"k2:{KEY},k1:{KEY}\"\n",
            include_str!("../../config/demo.toml")
        ))
        .expect("valid redis config");
        assert_eq!(config.session.store, SessionStoreKind::Redis);
        assert_eq!(config.session_keys.as_ref().map(|k| k.current_kid()), Some("k2"));
        assert_eq!(config.session.touch_write_interval_secs, 60);
        assert!(!format!("{config:?}").contains(KEY), "keys never print");
    }

    #[test]
    fn bad_session_keys_and_redis_settings_are_named() {
        let err = load(
            "[session]\nencryption_keys = \"good:AAAA,bad\"\n[redis]\nurl = \"rediss://x\"\nconnect_timeout_ms = 0\ncommand_timeout_ms = 1\npool_size = 0",
        )
        .expect_err("bad keys");
        let all = err.0.join("\n");
        for expected in [
            "session.encryption_keys: key `good` is not 32 bytes",
            "session.encryption_keys: entry 2",
            "redis.url: scheme `rediss`",
            "redis.connect_timeout_ms",
            "redis.pool_size",
        ] {
            assert!(all.contains(expected), "{expected} not in:\n{all}");
        }
        assert!(!all.contains("AAAA"), "no key material in errors: {all}");
    }

    #[test]
    fn loopback_hosts() {
        for (host, expected) in [
            ("localhost", true),
            ("acme.localhost", true),
            ("127.0.0.1", true),
            ("[::1]", true),
            ("localhost.example.com", false),
            ("10.0.0.1", false),
        ] {
            assert_eq!(is_loopback_host(host), expected, "{host}");
        }
    }

    #[test]
    fn command_waits_default_to_the_spec_and_end_before_the_request_timeout() {
        let tenant = "[tenants.x]\nhosts=[\"x.example\"]\napi_url=\"https://lms.example/\"\n\
            [tenants.x.oidc]\nissuer=\"https://idp.example\"\nclient_id=\"c\"\n";
        let c = load(tenant).expect("defaults").commands;
        assert_eq!(
            (c.poll_interval_ms, c.poll_timeout_ms, c.enroll_poll_attempts, c.enroll_poll_interval_ms),
            (1000, 60000, 15, 1500),
            "spec section 9"
        );
        let err = load(&format!("[limits]\nrequest_timeout_secs = 60\n[commands]\npoll_interval_ms = 0\n{tenant}"))
            .expect_err("waits longer than a request");
        let all = err.0.join("\n");
        assert!(all.contains("commands.poll_interval_ms: must be greater than 0"), "{all}");
        assert!(all.contains("commands.poll_timeout_ms: with the enrolment wait"), "{all}");
    }
}
