//! One check per section of the files. Each adds what is wrong to the error list, naming the
//! key, and hands the section on when it is there; checks that compare two sections take the
//! other one as it was found. The tenants are checked in [`super::tenant`].

use std::net::SocketAddr;

use url::Url;

use super::{
    Environment,
    sections::{
        CacheSettings, CatalogSettings, ChatSettings, CommandSettings, EventsSettings, FileSettings, Limits,
        LoginRateLimit, MAX_ADOPT_CODE_TTL_SECS, MAX_FILE_REDIRECTS, MAX_REDIS_POOL_SIZE, PassthroughSettings,
        RedisSettings, SessionSettings, SessionStoreKind, TelemetrySettings, TutorSettings, UpstreamSettings,
        ViewSettings,
    },
};
use crate::auth::session::crypto::KeyRing;

/// The section, or `{key}: missing section`.
fn require<T>(value: Option<T>, key: &str, errors: &mut Vec<String>) -> Option<T> {
    if value.is_none() {
        errors.push(format!("{key}: missing section"));
    }
    value
}

/// `{key}: must be greater than 0` for a zero.
fn positive(value: u64, key: &str, errors: &mut Vec<String>) {
    if value == 0 {
        errors.push(format!("{key}: must be greater than 0"));
    }
}

/// Most `worker_threads`: far more than any machine's cores, so a typo is not taken as a
/// thousand threads.
pub(super) const MAX_WORKER_THREADS: usize = 256;

/// `worker_threads`: 0 (one per core, the default) to [`MAX_WORKER_THREADS`].
pub(super) fn worker_threads(raw: Option<usize>, errors: &mut Vec<String>) -> usize {
    let threads = raw.unwrap_or(0);
    if threads > MAX_WORKER_THREADS {
        errors.push(format!("worker_threads: at most {MAX_WORKER_THREADS} (0: one per core), not {threads}"));
    }
    threads
}

/// `listen`: a socket address, required.
pub(super) fn listen(raw: Option<&str>, errors: &mut Vec<String>) -> Option<SocketAddr> {
    match raw.map(str::parse::<SocketAddr>) {
        Some(Ok(addr)) => Some(addr),
        Some(Err(e)) => {
            errors.push(format!("listen: not a socket address ({e})"));
            None
        }
        None => {
            errors.push("listen: missing".into());
            None
        }
    }
}

/// `environment`: `dev` (the default), `test` or `prod`.
pub(super) fn environment(raw: Option<&str>, errors: &mut Vec<String>) -> Option<Environment> {
    let name = raw.unwrap_or("dev");
    let environment = Environment::from_name(name);
    if environment.is_none() {
        errors.push(format!("environment: `{name}` is not one of dev, test, prod"));
    }
    environment
}

/// `[limits]`: every limit above zero.
pub(super) fn limits(raw: Option<Limits>, errors: &mut Vec<String>) -> Option<Limits> {
    let l = require(raw, "limits", errors)?;
    positive(l.request_body_bytes as u64, "limits.request_body_bytes", errors);
    positive(l.max_request_header_bytes as u64, "limits.max_request_header_bytes", errors);
    positive(l.request_timeout_secs, "limits.request_timeout_secs", errors);
    positive(l.upstream_timeout_secs, "limits.upstream_timeout_secs", errors);
    positive(l.upstream_connect_timeout_secs, "limits.upstream_connect_timeout_secs", errors);
    positive(l.upstream_max_response_bytes as u64, "limits.upstream_max_response_bytes", errors);
    positive(l.header_read_timeout_secs, "limits.header_read_timeout_secs", errors);
    positive(l.request_body_timeout_secs, "limits.request_body_timeout_secs", errors);
    positive(l.max_connections as u64, "limits.max_connections", errors);
    positive(l.max_in_flight_per_session as u64, "limits.max_in_flight_per_session", errors);
    positive(l.view_timeout_secs, "limits.view_timeout_secs", errors);
    Some(l)
}

/// `[session]`: lifetimes and bounds; a refresh lock outlives an issuer call (`limits`).
pub(super) fn session(
    raw: Option<SessionSettings>,
    limits: Option<&Limits>,
    errors: &mut Vec<String>,
) -> Option<SessionSettings> {
    let s = require(raw, "session", errors)?;
    positive(s.idle_timeout_secs, "session.idle_timeout_secs", errors);
    positive(s.max_sessions, "session.max_sessions", errors);
    positive(s.max_pending_logins as u64, "session.max_pending_logins", errors);
    positive(s.pending_login_ttl_secs, "session.pending_login_ttl_secs", errors);
    if s.absolute_lifetime_secs < s.idle_timeout_secs {
        errors.push("session.absolute_lifetime_secs: must not be shorter than session.idle_timeout_secs".into());
    }
    positive(s.refresh_lock_ttl_ms, "session.refresh_lock_ttl_ms", errors);
    if let Some(l) = limits
        && s.refresh_lock_ttl_ms <= l.upstream_timeout_secs * 1000
    {
        // Shorter, the lock could expire while its holder still waits for the issuer.
        errors.push("session.refresh_lock_ttl_ms: must be longer than limits.upstream_timeout_secs".into());
    }
    positive(s.refresh_lock_wait_ms, "session.refresh_lock_wait_ms", errors);
    positive(s.logout_token_max_age_secs, "session.logout_token_max_age_secs", errors);
    if !(1..=MAX_ADOPT_CODE_TTL_SECS).contains(&s.adopt_code_ttl_secs) {
        errors.push(format!("session.adopt_code_ttl_secs: must be between 1 and {MAX_ADOPT_CODE_TTL_SECS}"));
    }
    Some(s)
}

/// `session.encryption_keys`, when given: the key ring (its problems never show key material).
pub(super) fn session_keys(session: Option<&SessionSettings>, errors: &mut Vec<String>) -> Option<KeyRing> {
    let keys = session?.encryption_keys.as_ref()?;
    KeyRing::parse(&keys.0)
        .map_err(|problems| errors.extend(problems.into_iter().map(|p| format!("session.encryption_keys: {p}"))))
        .ok()
}

/// `[redis]` when given, and what the Redis session store needs (the section, a key).
pub(super) fn redis(raw: Option<&RedisSettings>, session: Option<&SessionSettings>, errors: &mut Vec<String>) {
    if let Some(r) = raw {
        match Url::parse(&r.url) {
            Ok(url) if url.scheme() == "redis" => {}
            Ok(url) => errors.push(format!("redis.url: scheme `{}` is not supported (use redis://)", url.scheme())),
            Err(e) => errors.push(format!("redis.url: not a URL ({e})")),
        }
        positive(r.connect_timeout_ms, "redis.connect_timeout_ms", errors);
        positive(r.command_timeout_ms, "redis.command_timeout_ms", errors);
        if r.pool_size == 0 || r.pool_size > MAX_REDIS_POOL_SIZE {
            errors.push(format!("redis.pool_size: must be between 1 and {MAX_REDIS_POOL_SIZE}"));
        }
    }
    if let Some(s) = session
        && s.store == SessionStoreKind::Redis
    {
        if raw.is_none() {
            errors.push("redis: missing section (session.store is redis)".into());
        }
        if s.encryption_keys.is_none() {
            errors.push(
                "session.encryption_keys: required when session.store is redis (set LP_SESSION__ENCRYPTION_KEYS)"
                    .into(),
            );
        }
    }
}

/// `[cache]`.
pub(super) fn cache(raw: Option<CacheSettings>, errors: &mut Vec<String>) -> Option<CacheSettings> {
    let c = require(raw, "cache", errors)?;
    positive(c.max_entries, "cache.max_entries", errors);
    positive(c.course_ids_max_entries, "cache.course_ids_max_entries", errors);
    Some(c)
}

/// `[upstream]`: at most one retry.
pub(super) fn upstream(raw: Option<UpstreamSettings>, errors: &mut Vec<String>) -> Option<UpstreamSettings> {
    let u = require(raw, "upstream", errors)?;
    positive(u.max_in_flight_per_tenant as u64, "upstream.max_in_flight_per_tenant", errors);
    positive(u.queue_timeout_ms, "upstream.queue_timeout_ms", errors);
    positive(u.reads_in_flight_per_view as u64, "upstream.reads_in_flight_per_view", errors);
    if u.idempotent_retries > 1 {
        errors.push("upstream.idempotent_retries: must be 0 or 1".into());
    }
    Some(u)
}

/// `[events]`.
pub(super) fn events(raw: Option<EventsSettings>, errors: &mut Vec<String>) -> Option<EventsSettings> {
    let e = require(raw, "events", errors)?;
    positive(e.queue_capacity as u64, "events.queue_capacity", errors);
    positive(e.batch_size as u64, "events.batch_size", errors);
    positive(e.flush_interval_ms, "events.flush_interval_ms", errors);
    positive(e.max_per_request as u64, "events.max_per_request", errors);
    positive(e.max_body_bytes as u64, "events.max_body_bytes", errors);
    positive(e.max_comment_chars as u64, "events.max_comment_chars", errors);
    Some(e)
}

/// `[telemetry]`: a ratio, a name, an http(s) endpoint when given.
pub(super) fn telemetry(raw: Option<TelemetrySettings>, errors: &mut Vec<String>) -> Option<TelemetrySettings> {
    let t = require(raw, "telemetry", errors)?;
    if !(0.0..=1.0).contains(&t.sampling_ratio) {
        errors.push("telemetry.sampling_ratio: must be between 0.0 and 1.0".into());
    }
    if t.service_name.is_empty() {
        errors.push("telemetry.service_name: must not be empty".into());
    }
    positive(t.export_interval_ms, "telemetry.export_interval_ms", errors);
    positive(t.export_timeout_ms, "telemetry.export_timeout_ms", errors);
    positive(t.max_queued_spans as u64, "telemetry.max_queued_spans", errors);
    if let Some(url) = &t.otlp_endpoint
        && !matches!(url.scheme(), "http" | "https")
    {
        errors.push("telemetry.otlp_endpoint: must be an http or https URL".into());
    }
    Some(t)
}

/// `[catalog]`: the default page within the largest.
pub(super) fn catalog(raw: Option<CatalogSettings>, errors: &mut Vec<String>) -> Option<CatalogSettings> {
    let c = require(raw, "catalog", errors)?;
    positive(c.max_take.into(), "catalog.max_take", errors);
    positive(c.max_keyword_chars as u64, "catalog.max_keyword_chars", errors);
    positive(c.public_max_in_flight as u64, "catalog.public_max_in_flight", errors);
    if c.default_take == 0 || c.default_take > c.max_take {
        errors.push("catalog.default_take: must be between 1 and catalog.max_take".into());
    }
    Some(c)
}

/// `[commands]`: every wait ends before the request timeout (`limits`).
pub(super) fn commands(
    raw: Option<CommandSettings>,
    limits: Option<&Limits>,
    errors: &mut Vec<String>,
) -> Option<CommandSettings> {
    let c = require(raw, "commands", errors)?;
    positive(c.poll_interval_ms, "commands.poll_interval_ms", errors);
    positive(c.poll_timeout_ms, "commands.poll_timeout_ms", errors);
    positive(u64::from(c.enroll_poll_attempts), "commands.enroll_poll_attempts", errors);
    positive(c.enroll_poll_interval_ms, "commands.enroll_poll_interval_ms", errors);
    positive(c.max_body_bytes as u64, "commands.max_body_bytes", errors);
    if let Some(l) = limits {
        // A command waits for the upstream within one request: every wait must end, with its
        // own clear answer, before the request timeout cuts it off.
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
    Some(c)
}

/// `[views]`.
pub(super) fn views(raw: Option<ViewSettings>, errors: &mut Vec<String>) -> Option<ViewSettings> {
    let v = require(raw, "views", errors)?;
    positive(u64::from(v.calendar_max_range_days), "views.calendar_max_range_days", errors);
    positive(u64::from(v.dashboard_due_soon_days), "views.dashboard_due_soon_days", errors);
    positive(u64::from(v.dashboard_recently_finished_count), "views.dashboard_recently_finished_count", errors);
    Some(v)
}

/// `[passthrough]`.
pub(super) fn passthrough(raw: Option<PassthroughSettings>, errors: &mut Vec<String>) -> Option<PassthroughSettings> {
    let p = require(raw, "passthrough", errors)?;
    positive(p.max_body_bytes as u64, "passthrough.max_body_bytes", errors);
    Some(p)
}

/// `[files]`: at most [`MAX_FILE_REDIRECTS`] redirects.
pub(super) fn files(raw: Option<FileSettings>, errors: &mut Vec<String>) -> Option<FileSettings> {
    let f = require(raw, "files", errors)?;
    positive(f.max_bytes, "files.max_bytes", errors);
    positive(f.timeout_secs, "files.timeout_secs", errors);
    if f.max_redirects > MAX_FILE_REDIRECTS {
        errors.push(format!("files.max_redirects: at most {MAX_FILE_REDIRECTS}"));
    }
    Some(f)
}

/// `[chat]`: a page of at most 200 messages (the chat service's page).
pub(super) fn chat(raw: Option<ChatSettings>, errors: &mut Vec<String>) -> Option<ChatSettings> {
    let c = require(raw, "chat", errors)?;
    positive(c.max_message_chars as u64, "chat.max_message_chars", errors);
    positive(c.page_size.into(), "chat.page_size", errors);
    positive(c.stream_heartbeat_secs, "chat.stream_heartbeat_secs", errors);
    positive(c.stream_max_secs, "chat.stream_max_secs", errors);
    positive(c.max_streams_per_session.into(), "chat.max_streams_per_session", errors);
    if c.page_size > 200 {
        errors.push("chat.page_size: at most 200 (the chat service's page)".into());
    }
    Some(c)
}

/// `[tutor]`.
pub(super) fn tutor(raw: Option<TutorSettings>, errors: &mut Vec<String>) -> Option<TutorSettings> {
    let t = require(raw, "tutor", errors)?;
    positive(t.max_question_chars as u64, "tutor.max_question_chars", errors);
    positive(t.max_streams_per_session.into(), "tutor.max_streams_per_session", errors);
    positive(t.first_token_timeout_secs, "tutor.first_token_timeout_secs", errors);
    positive(t.max_answer_secs, "tutor.max_answer_secs", errors);
    Some(t)
}

/// `[login_rate_limit]`.
pub(super) fn login_rate_limit(raw: Option<LoginRateLimit>, errors: &mut Vec<String>) -> Option<LoginRateLimit> {
    let l = require(raw, "login_rate_limit", errors)?;
    positive(l.requests_per_minute.into(), "login_rate_limit.requests_per_minute", errors);
    positive(l.burst.into(), "login_rate_limit.burst", errors);
    positive(l.max_clients, "login_rate_limit.max_clients", errors);
    Some(l)
}

/// `trusted_proxies`: addresses or CIDR ranges (host bits dropped).
pub(super) fn trusted_proxies(raw: &[String], errors: &mut Vec<String>) -> Vec<ipnet::IpNet> {
    raw.iter()
        .filter_map(|entry| {
            let net = entry.parse::<ipnet::IpNet>().or_else(|_| entry.parse::<std::net::IpAddr>().map(Into::into));
            net.map(|n| n.trunc())
                .map_err(|_| errors.push(format!("trusted_proxies: `{entry}` is not an IP address or CIDR range")))
                .ok()
        })
        .collect()
}
