//! The sections of the files that are read as they are written (`[limits]`, `[session]`,
//! `[cache]`, ...): each key with its meaning and unit. Their checks are in [`super::checks`];
//! the tenants are in [`super::tenant`].

use std::fmt;

use serde::Deserialize;
use url::Url;

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
    /// Sessions the in-process store also keeps decoded, those of the latest requests, so a
    /// request of a session read moments ago does not decode its record again (at most this
    /// many, about 3 KB each; 0: none). See `auth::session::memory`.
    #[serde(default = "default_decoded_sessions")]
    pub decoded_sessions: u64,
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
    /// Most reads of one list a view makes at once (the activity trees of its courses, the
    /// courses whose proctoring sessions it checks, the sessions of one course); more wait for
    /// one of them to finish. Each read also takes one of the tenant's
    /// `max_in_flight_per_tenant` slots (and waits for one when they are taken). My courses of a new
    /// session and the calendar read a tree per started course: at 4 a list of 15 took four
    /// rounds of upstream latency, at 8 two.
    #[serde(default = "default_reads_in_flight_per_view")]
    pub reads_in_flight_per_view: usize,
}

fn default_reads_in_flight_per_view() -> usize {
    8
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

fn default_decoded_sessions() -> u64 {
    256
}
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
pub const MAX_REDIS_POOL_SIZE: usize = 64;

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
    /// Time-to-live of the ids remembered per learner and course (aggregate, last attempt,
    /// grading scale, proctored activities), in seconds. It also bounds how long My courses and
    /// the dashboard go on skipping the tree of an attempt seen without a proctored activity
    /// (a proctored activity added to a running attempt shows there at most this long after).
    pub course_ids_ttl_secs: u64,
    /// Most learner and course pairs whose ids are remembered.
    pub course_ids_max_entries: u64,
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
    /// Redirects followed, each only to a storage origin of the tenant; at most
    /// [`MAX_FILE_REDIRECTS`].
    pub max_redirects: u32,
}

/// Most redirects `files.max_redirects` may allow.
pub const MAX_FILE_REDIRECTS: u32 = 10;

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
