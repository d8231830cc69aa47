//! Prometheus metrics of the process, served at `GET /metrics` in the OpenMetrics text format.
//!
//! One registry per process (like the `metrics` facade's global recorder): upstream clients,
//! caches, the session store and the events queue record into it without being handed a
//! handle. Labels are bounded: requests are labelled by route template (axum's
//! [`MatchedPath`], never the raw path) and status class, upstream calls by tenant id,
//! operation (the fixed description of the call) and outcome.

use std::{
    collections::HashMap,
    sync::{Arc, LazyLock, RwLock},
    time::Instant,
};

use axum::{
    extract::{MatchedPath, Request},
    http::{HeaderValue, StatusCode, header},
    middleware::Next,
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
use url::Url;

use crate::auth::session::{Session, SessionStore, StoreError};

/// Labels of a served request.
#[derive(Debug, Clone, Hash, PartialEq, Eq, EncodeLabelSet)]
pub struct RequestLabels {
    /// HTTP method.
    pub method: String,
    /// Route template such as `/api/lms/{*path}`, or `unmatched`.
    pub route: String,
    /// `2xx`, `3xx`, `4xx` or `5xx`.
    pub status: String,
}

/// Labels of an upstream call.
#[derive(Debug, Clone, Hash, PartialEq, Eq, EncodeLabelSet)]
pub struct UpstreamLabels {
    /// Tenant id (or the API base URL of an upstream no tenant names).
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
    /// Analytics events received, forwarded, dropped (queue full) and failed (sink refused or unreachable).
    pub events: Family<OutcomeLabels, Counter>,
    upstream_tenants: RwLock<HashMap<String, String>>,
}

fn latency_histogram() -> Histogram {
    // 1 ms .. about 16 s
    Histogram::new(exponential_buckets(0.001, 2.0, 15))
}

static METRICS: LazyLock<Metrics> = LazyLock::new(Metrics::new);

/// The process's metrics.
pub fn global() -> &'static Metrics {
    &METRICS
}

impl Metrics {
    fn new() -> Self {
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
        let events = Family::<OutcomeLabels, Counter>::default();
        registry.register("events", "Analytics events by outcome", events.clone());
        Metrics {
            registry,
            requests,
            request_duration,
            upstream_duration,
            cache_lookups,
            sessions,
            events,
            upstream_tenants: RwLock::new(HashMap::new()),
        }
    }

    /// The OpenMetrics text of every metric.
    pub fn render(&self) -> Result<String, std::fmt::Error> {
        let mut text = String::new();
        encode(&mut text, &self.registry)?;
        Ok(text)
    }

    /// Names the tenant whose upstream API lives at `api_url`, for the `tenant` label.
    pub fn name_upstream(&self, api_url: &Url, tenant: &str) {
        let mut names = self.upstream_tenants.write().unwrap_or_else(|p| p.into_inner());
        names.insert(api_url.as_str().to_string(), tenant.to_string());
    }

    /// Records one upstream call attempt.
    pub fn upstream_call(&self, api_url: &Url, operation: &str, outcome: &str, started: Instant) {
        let tenant = {
            let names = self.upstream_tenants.read().unwrap_or_else(|p| p.into_inner());
            names.get(api_url.as_str()).cloned().unwrap_or_else(|| api_url.as_str().to_string())
        };
        let labels = UpstreamLabels { tenant, operation: operation.to_string(), outcome: outcome.to_string() };
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

    fn session(&self, outcome: &str) {
        self.sessions.get_or_create(&OutcomeLabels { outcome: outcome.into() }).inc();
    }
}

/// `GET /metrics`.
pub async fn get_metrics() -> Response {
    match global().render() {
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

/// Middleware counting and timing every request by route template and status class. Apply
/// it with `Router::layer` so it runs after routing (it reads [`MatchedPath`]).
pub async fn track_requests(req: Request, next: Next) -> Response {
    let started = Instant::now();
    let method = req.method().as_str().to_string();
    let route = req.extensions().get::<MatchedPath>().map_or("unmatched", MatchedPath::as_str).to_string();
    let response = next.run(req).await;
    let labels = RequestLabels { method, route, status: status_class(response.status()).into() };
    let metrics = global();
    metrics.requests.get_or_create(&labels).inc();
    metrics.request_duration.get_or_create(&labels).observe(started.elapsed().as_secs_f64());
    response
}

fn status_class(status: StatusCode) -> &'static str {
    match status.as_u16() {
        100..=199 => "1xx",
        200..=299 => "2xx",
        300..=399 => "3xx",
        400..=499 => "4xx",
        _ => "5xx",
    }
}

/// A session store that counts sessions created (a session stored with `last_seen` equal to
/// `created_at`, which only a fresh login does) and ended (removed), around any store.
#[derive(Debug)]
pub struct CountingStore(pub Arc<dyn SessionStore>);

impl SessionStore for CountingStore {
    fn get<'a>(&'a self, id: &'a str) -> BoxFuture<'a, Result<Option<Session>, StoreError>> {
        self.0.get(id)
    }

    fn put(&self, session: Session) -> BoxFuture<'_, Result<(), StoreError>> {
        let created = session.created_at == session.last_seen;
        Box::pin(async move {
            self.0.put(session).await?;
            if created {
                global().session("created");
            }
            Ok(())
        })
    }

    fn remove<'a>(&'a self, id: &'a str) -> BoxFuture<'a, Result<(), StoreError>> {
        Box::pin(async move {
            self.0.remove(id).await?;
            global().session("ended");
            Ok(())
        })
    }

    fn ping(&self) -> BoxFuture<'_, Result<(), StoreError>> {
        self.0.ping()
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

    #[test]
    fn upstream_calls_are_labelled_by_tenant_id() {
        let metrics = global();
        let url = Url::parse("http://127.0.0.1:1/t/metrics-unit/api/").expect("url");
        metrics.name_upstream(&url, "metrics-unit");
        metrics.upstream_call(&url, "reading things", "ok", Instant::now());
        let text = metrics.render().expect("render");
        assert!(
            text.contains(
                r#"gateway_upstream_call_duration_seconds_count{tenant="metrics-unit",operation="reading things",outcome="ok"} 1"#
            ),
            "{text}"
        );
    }
}
