//! Prometheus metrics of the process, served at `GET /metrics` in the OpenMetrics text format.
//!
//! One registry per app ([`crate::app::AppState`]), handed to the upstream clients, caches,
//! session store and events queue that record into it, so apps in one process (tests) count
//! apart. Labels are bounded: requests are labelled by route template (axum's
//! [`axum::extract::MatchedPath`], never the raw path) and status class, upstream calls by tenant id,
//! operation (the fixed description of the call) and outcome.

use sha2::Digest;
use std::{
    borrow::Cow,
    sync::{Arc, OnceLock},
    time::{Duration, Instant},
};

use crate::{
    app::AppState,
    auth::session::{AdoptGrant, RefreshLock, Session, SessionStore, StoreError},
};
use axum::{
    extract::State,
    http::{HeaderValue, StatusCode, header},
    response::{IntoResponse, Response},
};
use futures::future::BoxFuture;
use prometheus_client::{
    encoding::{EncodeLabelSet, text::encode},
    metrics::{
        counter::Counter,
        family::Family,
        histogram::{Histogram, exponential_buckets},
    },
    registry::Registry,
};

/// Labels of a served request.
#[derive(Debug, Clone, Hash, PartialEq, Eq, EncodeLabelSet)]
pub struct RequestLabels {
    /// HTTP method, from a closed set.
    pub method: &'static str,
    /// Route template such as `/api/lms/{*path}`, or `unmatched`: borrowed when the template is
    /// a constant, so counting a request builds no string.
    pub route: Cow<'static, str>,
    /// `2xx`, `3xx`, `4xx` or `5xx`.
    pub status: &'static str,
}

/// Labels of an upstream call.
#[derive(Debug, Clone, Hash, PartialEq, Eq, EncodeLabelSet)]
pub struct UpstreamLabels {
    /// Tenant id.
    pub tenant: String,
    /// What the gateway was doing (`reading the current user`, ...), a fixed text per call site.
    pub operation: String,
    /// `ok`, or the kind of failure (`timeout`, `connect`, `unauthorized`, ...).
    pub outcome: String,
}

/// Labels of a cache lookup.
#[derive(Debug, Clone, Hash, PartialEq, Eq, EncodeLabelSet)]
pub struct CacheLabels {
    /// `terms` or `grading_scales`.
    pub cache: String,
    /// `hit` or `miss`.
    pub outcome: String,
}

/// Labels of a sign-in that failed: each tenant has its own identity providers.
#[derive(Debug, Clone, Hash, PartialEq, Eq, EncodeLabelSet)]
pub struct SignInLabels {
    /// Tenant id.
    pub tenant: String,
    /// `unavailable` (a service it needs failed for now) or `refused`.
    pub outcome: String,
}

/// Labels of the session and event counters.
#[derive(Debug, Clone, Hash, PartialEq, Eq, EncodeLabelSet)]
pub struct OutcomeLabels {
    /// What happened (`created`, `ended`; `received`, `forwarded`, `dropped`, `failed`).
    pub outcome: String,
}

type Histograms<L> = Family<L, Histogram, fn() -> Histogram>;

/// Every metric the gateway exports.
#[derive(Debug)]
pub struct Metrics {
    registry: Registry,
    /// Requests served.
    pub requests: Family<RequestLabels, Counter>,
    /// Time to the response head, in seconds.
    pub request_duration: Histograms<RequestLabels>,
    /// Upstream call time (one attempt), in seconds.
    pub upstream_duration: Histograms<UpstreamLabels>,
    /// Cache hits and misses.
    pub cache_lookups: Family<CacheLabels, Counter>,
    /// Sessions created and ended.
    pub sessions: Family<OutcomeLabels, Counter>,
    /// Sign-ins that could not start or finish, by tenant and reason (`unavailable`: a service
    /// they need failed for now; `refused`). The browser is sent to the client's failure page,
    /// so these requests count as 3xx in `requests`: an issuer outage during sign-in shows here.
    pub sign_in_failures: Family<SignInLabels, Counter>,
    /// Analytics events received, forwarded, dropped (queue full) and failed (sink refused or unreachable).
    pub events: Family<OutcomeLabels, Counter>,
}

fn latency_histogram() -> Histogram {
    // 1 ms .. about 16 s
    Histogram::new(exponential_buckets(0.001, 2.0, 15))
}

impl Default for Metrics {
    fn default() -> Self {
        Self::new()
    }
}

impl Metrics {
    /// A registry with every metric at zero.
    pub fn new() -> Self {
        let mut registry = Registry::with_prefix("gateway");
        let requests = Family::<RequestLabels, Counter>::default();
        registry.register("http_requests", "HTTP requests served", requests.clone());
        let request_duration: Histograms<RequestLabels> = Family::new_with_constructor(latency_histogram);
        registry.register("http_request_duration_seconds", "Time to answer a request", request_duration.clone());
        let upstream_duration: Histograms<UpstreamLabels> = Family::new_with_constructor(latency_histogram);
        registry.register(
            "upstream_call_duration_seconds",
            "Time of one upstream call attempt",
            upstream_duration.clone(),
        );
        let cache_lookups = Family::<CacheLabels, Counter>::default();
        registry.register("cache_lookups", "Cache lookups by cache and outcome", cache_lookups.clone());
        let sessions = Family::<OutcomeLabels, Counter>::default();
        registry.register("sessions", "Sessions created and ended", sessions.clone());
        let sign_in_failures = Family::<SignInLabels, Counter>::default();
        registry.register(
            "sign_in_failures",
            "Sign-ins that could not start or finish, by tenant and reason",
            sign_in_failures.clone(),
        );
        let events = Family::<OutcomeLabels, Counter>::default();
        registry.register("events", "Analytics events by outcome", events.clone());
        Metrics {
            registry,
            requests,
            request_duration,
            upstream_duration,
            cache_lookups,
            sessions,
            sign_in_failures,
            events,
        }
    }

    /// The OpenMetrics text of every metric.
    pub fn render(&self) -> Result<String, std::fmt::Error> {
        let mut text = String::new();
        encode(&mut text, &self.registry)?;
        Ok(text)
    }

    /// Counts and times one answered request, labelled by its route template (`unmatched` when
    /// no route matched) and status class, its method from a closed set.
    pub fn request_served(
        &self,
        method: &axum::http::Method,
        route: Option<Cow<'static, str>>,
        status: StatusCode,
        took: Duration,
    ) {
        let labels = RequestLabels {
            method: method_label(method),
            route: route.unwrap_or(Cow::Borrowed("unmatched")),
            status: status_class(status),
        };
        self.requests.get_or_create(&labels).inc();
        self.request_duration.get_or_create(&labels).observe(took.as_secs_f64());
    }

    /// The request metrics of the one route template `route`, for a service that serves that
    /// route alone ([`RouteMetrics`]).
    pub fn route(self: &Arc<Self>, route: &'static str) -> RouteMetrics {
        RouteMetrics { metrics: self.clone(), route, handles: Arc::new(std::array::from_fn(|_| OnceLock::new())) }
    }

    /// Records one upstream call attempt to `tenant`'s API.
    pub fn upstream_call(&self, tenant: &str, operation: &str, outcome: &str, started: Instant) {
        let labels = UpstreamLabels {
            tenant: tenant.to_string(),
            operation: operation.to_string(),
            outcome: outcome.to_string(),
        };
        self.upstream_duration.get_or_create(&labels).observe(started.elapsed().as_secs_f64());
    }

    /// Counts a cache hit or miss.
    pub fn cache_lookup(&self, cache: &str, hit: bool) {
        let outcome = if hit { "hit" } else { "miss" };
        self.cache_lookups.get_or_create(&CacheLabels { cache: cache.into(), outcome: outcome.into() }).inc();
    }

    /// Adds `n` to the events counter of `outcome`.
    pub fn events(&self, outcome: &str, n: u64) {
        self.events.get_or_create(&OutcomeLabels { outcome: outcome.into() }).inc_by(n);
    }

    /// Counts a sign-in to `tenant` that could not start or finish, by its reason
    /// (`unavailable`, `refused`).
    pub fn sign_in_failed(&self, tenant: &str, reason: &str) {
        self.sign_in_failures.get_or_create(&SignInLabels { tenant: tenant.into(), outcome: reason.into() }).inc();
    }

    /// Counts a session created by a login.
    pub fn session_created(&self) {
        self.session("created");
    }

    fn session(&self, outcome: &str) {
        self.sessions.get_or_create(&OutcomeLabels { outcome: outcome.into() }).inc();
    }
}

/// `GET /metrics`.
pub async fn get_metrics(State(state): State<AppState>, headers: axum::http::HeaderMap) -> Response {
    if let Some(token) = &state.config.metrics_token {
        let sent =
            headers.get(header::AUTHORIZATION).and_then(|v| v.to_str().ok()).and_then(|v| v.strip_prefix("Bearer "));
        // Compared by digest, so the time taken says nothing about the token.
        let digest = |t: &str| sha2::Sha256::digest(t.as_bytes());
        if sent.is_none_or(|sent| digest(sent) != digest(&token.0)) {
            let mut response = crate::error::problem(
                StatusCode::UNAUTHORIZED,
                "unauthorized",
                Some("Metrics need `Authorization: Bearer` with the configured metrics.token.".into()),
            );
            response.headers_mut().insert(header::WWW_AUTHENTICATE, HeaderValue::from_static("Bearer"));
            return response;
        }
    }
    match state.metrics.render() {
        Ok(text) => {
            let mut response = text.into_response();
            response.headers_mut().insert(
                header::CONTENT_TYPE,
                HeaderValue::from_static("application/openmetrics-text; version=1.0.0; charset=utf-8"),
            );
            response
        }
        Err(e) => crate::error::AppError::Internal(anyhow::anyhow!("encoding metrics: {e}")).into_response(),
    }
}

/// The method as a label from a closed set: invented methods would each make new series.
/// The methods of [`method_label`]'s closed set, `other` last.
const METHOD_LABELS: [&str; 8] = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS", "other"];

/// The status classes of [`status_class`].
const STATUS_CLASSES: [&str; 5] = ["1xx", "2xx", "3xx", "4xx", "5xx"];

/// The request counter and histogram of one route template, one pair per method and status
/// class, each found in its family the first time it is used and kept
/// ([`Metrics::route`]). Counting a request of such a route is then an update of each,
/// without the families' look-up (their lock, and a SipHash of the labels' text: the families
/// of prometheus-client have no other hasher), which took about 1,250 instructions of every
/// pass-through request in the bench's count (tests/load/README.md, scenario 6). The handles
/// share their values with the families, so `/metrics` shows the same counts.
#[derive(Debug, Clone)]
pub struct RouteMetrics {
    metrics: Arc<Metrics>,
    route: &'static str,
    handles: Arc<[OnceLock<(Counter, Histogram)>; METHOD_LABELS.len() * STATUS_CLASSES.len()]>,
}

impl RouteMetrics {
    /// [`Metrics::request_served`] for this route.
    pub fn request_served(&self, method: &axum::http::Method, status: StatusCode, took: Duration) {
        let (m, c) = (method_index(method), class_index(status));
        let (requests, duration) = self.handles[m * STATUS_CLASSES.len() + c].get_or_init(|| {
            let labels =
                RequestLabels { method: METHOD_LABELS[m], route: Cow::Borrowed(self.route), status: STATUS_CLASSES[c] };
            (
                self.metrics.requests.get_or_create(&labels).clone(),
                self.metrics.request_duration.get_or_create(&labels).clone(),
            )
        });
        requests.inc();
        duration.observe(took.as_secs_f64());
    }
}

fn method_label(method: &axum::http::Method) -> &'static str {
    METHOD_LABELS[method_index(method)]
}

/// The place of `method` in [`METHOD_LABELS`].
fn method_index(method: &axum::http::Method) -> usize {
    use axum::http::Method;
    match *method {
        Method::GET => 0,
        Method::HEAD => 1,
        Method::POST => 2,
        Method::PUT => 3,
        Method::PATCH => 4,
        Method::DELETE => 5,
        Method::OPTIONS => 6,
        _ => 7,
    }
}

fn status_class(status: StatusCode) -> &'static str {
    STATUS_CLASSES[class_index(status)]
}

/// The place of `status`'s class in [`STATUS_CLASSES`].
fn class_index(status: StatusCode) -> usize {
    match status.as_u16() {
        100..=199 => 0,
        200..=299 => 1,
        300..=399 => 2,
        400..=499 => 3,
        _ => 4,
    }
}

/// A session store that counts sessions ended (removed: logout, expiry, revocation), around
/// any store. Sessions created are counted by the login ([`Metrics::session_created`]).
#[derive(Debug)]
pub struct CountingStore {
    /// The store that keeps the sessions.
    pub store: Arc<dyn SessionStore>,
    /// Where sessions are counted.
    pub metrics: Arc<Metrics>,
}

impl SessionStore for CountingStore {
    fn get<'a>(&'a self, id: &'a str) -> BoxFuture<'a, Result<Option<Session>, StoreError>> {
        self.store.get(id)
    }

    fn get_shared<'a>(&'a self, id: &'a str) -> BoxFuture<'a, Result<Option<Arc<Session>>, StoreError>> {
        self.store.get_shared(id)
    }

    fn put(&self, session: Session) -> BoxFuture<'_, Result<(), StoreError>> {
        self.store.put(session)
    }

    fn remove<'a>(&'a self, id: &'a str) -> BoxFuture<'a, Result<(), StoreError>> {
        Box::pin(async move {
            self.store.remove(id).await?;
            self.metrics.session("ended");
            Ok(())
        })
    }

    fn remove_for_logout<'a>(
        &'a self,
        tenant: &'a str,
        sid: Option<&'a str>,
        subject: Option<&'a str>,
    ) -> BoxFuture<'a, Result<Vec<Session>, StoreError>> {
        Box::pin(async move {
            let removed = self.store.remove_for_logout(tenant, sid, subject).await?;
            for _ in &removed {
                self.metrics.session("ended");
            }
            Ok(removed)
        })
    }

    fn try_lock_refresh<'a>(&'a self, id: &'a str) -> BoxFuture<'a, Result<Option<RefreshLock>, StoreError>> {
        self.store.try_lock_refresh(id)
    }

    fn unlock_refresh(&self, lock: RefreshLock) -> BoxFuture<'_, Result<(), StoreError>> {
        self.store.unlock_refresh(lock)
    }

    fn first_use<'a>(&'a self, key: &'a str, ttl: Duration) -> BoxFuture<'a, Result<bool, StoreError>> {
        self.store.first_use(key, ttl)
    }

    fn put_adopt_code<'a>(
        &'a self,
        code: &'a str,
        grant: AdoptGrant,
        ttl: Duration,
    ) -> BoxFuture<'a, Result<(), StoreError>> {
        self.store.put_adopt_code(code, grant, ttl)
    }

    fn take_adopt_code<'a>(&'a self, code: &'a str) -> BoxFuture<'a, Result<Option<AdoptGrant>, StoreError>> {
        self.store.take_adopt_code(code)
    }

    fn ping(&self) -> BoxFuture<'_, Result<(), StoreError>> {
        self.store.ping()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn status_classes() {
        for (status, class) in [(200, "2xx"), (204, "2xx"), (302, "3xx"), (404, "4xx"), (503, "5xx")] {
            assert_eq!(status_class(StatusCode::from_u16(status).expect("status")), class);
        }
    }

    /// A route's kept handles count into the same series as the families: `/metrics` shows one
    /// line per method and status class, each with every request of it.
    #[test]
    fn a_routes_handles_count_into_its_families() {
        let metrics = Arc::new(Metrics::new());
        let route = metrics.route("/api/lms/{*path}");
        let took = Duration::from_millis(2);
        for status in [200, 204, 404] {
            route.request_served(&axum::http::Method::GET, StatusCode::from_u16(status).expect("status"), took);
        }
        route.request_served(&axum::http::Method::POST, StatusCode::OK, took);
        metrics.request_served(&axum::http::Method::GET, Some(Cow::Borrowed("/api/lms/{*path}")), StatusCode::OK, took);
        route.clone().request_served(
            &axum::http::Method::from_bytes(b"PROPFIND").expect("method"),
            StatusCode::OK,
            took,
        );
        let text = metrics.render().expect("render");
        for (line, count) in [
            (r#"gateway_http_requests_total{method="GET",route="/api/lms/{*path}",status="2xx"}"#, 3),
            (r#"gateway_http_requests_total{method="GET",route="/api/lms/{*path}",status="4xx"}"#, 1),
            (r#"gateway_http_requests_total{method="POST",route="/api/lms/{*path}",status="2xx"}"#, 1),
            (r#"gateway_http_requests_total{method="other",route="/api/lms/{*path}",status="2xx"}"#, 1),
            (r#"gateway_http_request_duration_seconds_count{method="GET",route="/api/lms/{*path}",status="2xx"}"#, 3),
        ] {
            assert!(text.contains(&format!("{line} {count}\n")), "{line} {count} in {text}");
        }
    }

    #[test]
    fn upstream_calls_are_labelled_by_tenant_id() {
        let metrics = Metrics::new();
        metrics.upstream_call("metrics-unit", "reading things", "ok", Instant::now());
        let text = metrics.render().expect("render");
        assert!(
            text.contains(
                r#"gateway_upstream_call_duration_seconds_count{tenant="metrics-unit",operation="reading things",outcome="ok"} 1"#
            ),
            "{text}"
        );
    }
}
