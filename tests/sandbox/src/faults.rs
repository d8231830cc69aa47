//! Fault injection on the API routes (`/t/{tenant}/api/...`) and, when a rule says so, on the
//! issuer (`/t/{tenant}/idp/...`); never on `/admin`.
//!
//! A rule names a tenant (or any), the service (`api` unless `idp`), an HTTP method (or any) and
//! a path glob relative to `/t/{tenant}/{service}/`, and one fault. Every rule that matches a request applies, in order:
//! latencies add up, then the first error, reset or down answers instead of the API, and a
//! slow body trickles out the API's answer. Rules come from `SandboxConfig::faults` at start
//! and from `PUT /admin/faults` while running (which replaces them and restarts the counters).
//!
//! Error rates are deterministic, with no random numbers: with rate `p`, the `n`-th matching
//! request fails when `floor(n * p) > floor((n - 1) * p)`, so rate 1 fails every request,
//! 0.5 every second one and 0.25 every fourth. Only the latency distributions draw random numbers.

use std::{
    sync::{
        RwLock,
        atomic::{AtomicU64, Ordering},
    },
    time::Duration,
};

use axum::{
    body::{Body, Bytes},
    extract::{Request, State},
    http::{Method, StatusCode},
    middleware::Next,
    response::{IntoResponse, Response},
};
use serde::{Deserialize, Serialize};

use crate::{Shared, error::ApiError};

/// The longest delay a fault may add, in milliseconds (one minute), so no request hangs for good.
pub const MAX_FAULT_MS: u64 = 60_000;
/// The most chunks a slow body may be cut into.
pub const MAX_SLOW_BODY_CHUNKS: u32 = 1_000;
/// The largest API answer a slow body buffers before trickling it out (16 MiB).
const MAX_SLOW_BODY_BYTES: usize = 16 * 1024 * 1024;

/// One fault rule: where it applies and what it does.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FaultRule {
    /// The tenant it applies to; `None` for every tenant.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tenant: Option<String>,
    /// The service it applies to: the API (default) or the issuer.
    #[serde(default, skip_serializing_if = "Service::is_api")]
    pub service: Service,
    /// The HTTP method it applies to (`GET`, `POST`, ...); `None` for every method.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub method: Option<String>,
    /// A glob over the path after `/t/{tenant}/{service}/`: `*` matches within one segment, `**`
    /// matches any number of segments (`users/**` is a prefix); default `**` (every route).
    #[serde(default = "every_path")]
    pub path: String,
    /// What happens to a matching request.
    pub fault: Fault,
}

/// The part of the sandbox a rule applies to.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Service {
    /// `/t/{tenant}/api/...`.
    #[default]
    Api,
    /// `/t/{tenant}/idp/...`, the dev issuer.
    Idp,
}

impl Service {
    fn is_api(&self) -> bool {
        *self == Service::Api
    }
}

fn every_path() -> String {
    "**".into()
}

/// What a rule does to a matching request.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
pub enum Fault {
    /// Waits `ms` before answering.
    Latency {
        /// Milliseconds.
        ms: u64,
    },
    /// Waits a time drawn uniformly from `min_ms..=max_ms`.
    LatencyUniform {
        /// Shortest wait, ms.
        min_ms: u64,
        /// Longest wait, ms.
        max_ms: u64,
    },
    /// Waits a log-normally distributed time with the given median and 99th percentile
    /// (`sigma = ln(p99 / p50) / 2.326`), capped at [`MAX_FAULT_MS`].
    LatencyLognormal {
        /// Median, ms.
        p50_ms: u64,
        /// 99th percentile, ms.
        p99_ms: u64,
    },
    /// Answers a problem with `status` instead of the API, for a share `rate` (0..=1) of requests.
    Error {
        /// Status of the answer (400..=599).
        status: u16,
        /// Share of matching requests that fail.
        rate: f64,
    },
    /// Closes the connection without any HTTP answer.
    Reset,
    /// Sends the API's answer in `chunks` pieces spread over `ms` milliseconds.
    SlowBody {
        /// Total time the body takes, ms.
        ms: u64,
        /// Number of pieces (default 10).
        #[serde(default = "default_chunks")]
        chunks: u32,
    },
    /// The upstream is down: every matching call gets 503 with a problem body.
    Down,
}

fn default_chunks() -> u32 {
    10
}

impl FaultRule {
    /// Checks the values; the message says what is wrong.
    pub fn validate(&self) -> Result<(), String> {
        if let Some(method) = &self.method {
            Method::from_bytes(method.as_bytes()).map_err(|_| format!("`{method}` is not an HTTP method"))?;
        }
        if self.path.is_empty() || self.path.starts_with('/') {
            return Err(format!(
                "path `{}` must be a glob relative to /t/{{tenant}}/api/ (or idp/), like users/**",
                self.path
            ));
        }
        let too_long = |ms: u64| ms > MAX_FAULT_MS;
        match &self.fault {
            Fault::Latency { ms } | Fault::SlowBody { ms, .. } if too_long(*ms) => {
                Err(format!("{ms} ms is longer than the limit of {MAX_FAULT_MS} ms"))
            }
            Fault::LatencyUniform { min_ms, max_ms } if min_ms > max_ms || too_long(*max_ms) => {
                Err(format!("uniform latency needs min_ms <= max_ms <= {MAX_FAULT_MS}"))
            }
            Fault::LatencyLognormal { p50_ms, p99_ms } if *p50_ms == 0 || p50_ms > p99_ms || too_long(*p99_ms) => {
                Err(format!("log-normal latency needs 0 < p50_ms <= p99_ms <= {MAX_FAULT_MS}"))
            }
            Fault::Error { status, .. } if !(400..=599).contains(status) => {
                Err(format!("error status {status} is not between 400 and 599"))
            }
            Fault::Error { rate, .. } if !(0.0..=1.0).contains(rate) => {
                Err(format!("error rate {rate} is not between 0 and 1"))
            }
            Fault::SlowBody { chunks, .. } if *chunks == 0 || *chunks > MAX_SLOW_BODY_CHUNKS => {
                Err(format!("a slow body needs 1 to {MAX_SLOW_BODY_CHUNKS} chunks"))
            }
            _ => Ok(()),
        }
    }

    fn applies(&self, tenant: &str, service: Service, method: &Method, path: &str) -> bool {
        self.tenant.as_deref().is_none_or(|t| t == tenant)
            && self.service == service
            && self.method.as_deref().is_none_or(|m| m.eq_ignore_ascii_case(method.as_str()))
            && glob_matches(&self.path, path)
    }
}

/// Whether `path` matches `glob` (segments split at `/`; `**` is any number of segments, `*`
/// any characters within one). Written by hand: a glob crate would bring a regex engine for
/// these two wildcards.
fn glob_matches(glob: &str, path: &str) -> bool {
    fn segments(patterns: &[&str], parts: &[&str]) -> bool {
        match patterns.split_first() {
            None => parts.is_empty(),
            Some((&"**", rest)) => (0..=parts.len()).any(|skip| segments(rest, &parts[skip..])),
            Some((pattern, rest)) => {
                parts.split_first().is_some_and(|(part, others)| segment(pattern, part) && segments(rest, others))
            }
        }
    }
    fn segment(pattern: &str, text: &str) -> bool {
        match pattern.split_once('*') {
            None => pattern == text,
            Some((head, tail)) => text
                .strip_prefix(head)
                .is_some_and(|t| (0..=t.len()).any(|i| t.is_char_boundary(i) && segment(tail, &t[i..]))),
        }
    }
    fn split(s: &str) -> Vec<&str> {
        s.split('/').filter(|p| !p.is_empty()).collect()
    }
    segments(&split(glob), &split(path))
}

/// The rules in force, each with its count of matching requests.
#[derive(Debug, Default)]
pub(crate) struct Faults {
    rules: RwLock<Vec<(FaultRule, AtomicU64)>>,
}

/// What the rules matching one request do to it.
#[derive(Debug, Default)]
struct Plan {
    delay_ms: u64,
    answer: Option<Answer>,
    slow_body: Option<(u64, u32)>,
}

#[derive(Debug)]
enum Answer {
    Error(StatusCode),
    Reset,
    Down,
}

impl Faults {
    /// Rules in force from the start.
    pub(crate) fn new(rules: Vec<FaultRule>) -> Self {
        let faults = Faults::default();
        faults.set(rules);
        faults
    }

    /// The rules in force.
    pub(crate) fn list(&self) -> Vec<FaultRule> {
        self.rules.read().unwrap_or_else(|p| p.into_inner()).iter().map(|(rule, _)| rule.clone()).collect()
    }

    /// Replaces the rules (and restarts their counters).
    pub(crate) fn set(&self, rules: Vec<FaultRule>) {
        *self.rules.write().unwrap_or_else(|p| p.into_inner()) =
            rules.into_iter().map(|rule| (rule, AtomicU64::new(0))).collect();
    }

    fn plan(&self, tenant: &str, service: Service, method: &Method, path: &str) -> Plan {
        let mut plan = Plan::default();
        let rules = self.rules.read().unwrap_or_else(|p| p.into_inner());
        for (rule, seen) in rules.iter().filter(|(rule, _)| rule.applies(tenant, service, method, path)) {
            let n = seen.fetch_add(1, Ordering::Relaxed) + 1;
            match rule.fault {
                Fault::Latency { ms } => plan.delay_ms += ms,
                Fault::LatencyUniform { min_ms, max_ms } => plan.delay_ms += rand::random_range(min_ms..=max_ms),
                Fault::LatencyLognormal { p50_ms, p99_ms } => plan.delay_ms += lognormal_ms(p50_ms, p99_ms),
                Fault::Error { status, rate } => {
                    let fails = (n as f64 * rate).floor() > ((n - 1) as f64 * rate).floor();
                    if fails && plan.answer.is_none() {
                        let status = StatusCode::from_u16(status).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR);
                        plan.answer = Some(Answer::Error(status));
                    }
                }
                Fault::Reset => plan.answer = plan.answer.take().or(Some(Answer::Reset)),
                Fault::Down => plan.answer = plan.answer.take().or(Some(Answer::Down)),
                Fault::SlowBody { ms, chunks } => plan.slow_body = Some((ms, chunks)),
            }
        }
        plan.delay_ms = plan.delay_ms.min(MAX_FAULT_MS);
        plan
    }
}

/// A log-normal draw with median `p50` and 99th percentile `p99`. By hand (Box–Muller over two
/// uniform draws) rather than through `rand_distr`, for this one distribution.
fn lognormal_ms(p50: u64, p99: u64) -> u64 {
    const Z99: f64 = 2.326_347_874;
    let sigma = (p99 as f64 / p50 as f64).ln() / Z99;
    let (u1, u2): (f64, f64) = (1.0 - rand::random::<f64>(), rand::random::<f64>());
    let z = (-2.0 * u1.ln()).sqrt() * (std::f64::consts::TAU * u2).cos();
    ((p50 as f64) * (sigma * z).exp()).round().clamp(0.0, MAX_FAULT_MS as f64) as u64
}

/// `(tenant, service, rest)` of `/t/{tenant}/{api|idp}/{rest}`.
fn service_path(path: &str) -> Option<(&str, Service, &str)> {
    let (tenant, rest) = path.strip_prefix("/t/")?.split_once('/')?;
    let (service, rest) = match rest.split_once('/') {
        Some((service, rest)) => (service, rest),
        None => (rest, ""),
    };
    let service = match service {
        "api" => Service::Api,
        "idp" => Service::Idp,
        _ => return None,
    };
    Some((tenant, service, rest))
}

/// The middleware that applies the rules to the API and issuer routes.
pub(crate) async fn inject(State(s): State<Shared>, request: Request, next: Next) -> Response {
    let Some((tenant, service, path)) = service_path(request.uri().path()) else { return next.run(request).await };
    let plan = s.faults.plan(tenant, service, request.method(), path);
    if plan.delay_ms > 0 {
        tokio::time::sleep(Duration::from_millis(plan.delay_ms)).await;
    }
    match plan.answer {
        Some(Answer::Error(status)) => {
            return ApiError::new(status, format!("injected fault: {status} for {}", request.uri().path()))
                .into_response();
        }
        Some(Answer::Down) => {
            return ApiError::new(StatusCode::SERVICE_UNAVAILABLE, "injected fault: the upstream is down")
                .into_response();
        }
        Some(Answer::Reset) => return reset(),
        None => {}
    }
    let response = next.run(request).await;
    match plan.slow_body {
        Some((ms, chunks)) => trickle(response, ms, chunks).await,
        None => response,
    }
}

/// A response whose body fails before its first byte: hyper then drops the connection without
/// writing the (still buffered) head, so the client sees the connection close with no answer.
fn reset() -> Response {
    let failing = futures::stream::once(async {
        Err::<Bytes, std::io::Error>(std::io::Error::new(std::io::ErrorKind::ConnectionReset, "injected reset"))
    });
    Response::new(Body::from_stream(failing))
}

/// The same response, its body sent in `chunks` pieces, each after `ms / chunks` milliseconds.
async fn trickle(response: Response, ms: u64, chunks: u32) -> Response {
    let (parts, body) = response.into_parts();
    let bytes = match axum::body::to_bytes(body, MAX_SLOW_BODY_BYTES).await {
        Ok(bytes) => bytes,
        Err(e) => {
            return ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, format!("cannot slow this body: {e}"))
                .into_response();
        }
    };
    let size = bytes.len().div_ceil(chunks as usize).max(1);
    let mut pieces: Vec<Bytes> =
        (0..bytes.len()).step_by(size).map(|at| bytes.slice(at..(at + size).min(bytes.len()))).collect();
    if pieces.is_empty() {
        pieces.push(Bytes::new());
    }
    let pause = Duration::from_millis(ms) / pieces.len() as u32;
    let stream = futures::stream::unfold(pieces.into_iter(), move |mut rest| async move {
        let piece = rest.next()?;
        tokio::time::sleep(pause).await;
        Some((Ok::<Bytes, std::io::Error>(piece), rest))
    });
    Response::from_parts(parts, Body::from_stream(stream))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn globs_match_segments_and_prefixes() {
        let cases = [
            ("**", "users/me", true),
            ("**", "", true),
            ("users/me", "users/me", true),
            ("users/me", "users/me/terms", false),
            ("users/**", "users/me/terms", true),
            ("users/**", "users", true),
            ("users/**", "grading-scales/query", false),
            ("*/query", "grading-scales/query", true),
            ("*/query", "users/me/query", false),
            ("**/query", "users/me/query", true),
            ("objective-*/query", "objective-workflow-aggregates/query", true),
            ("objective-*/query", "grading-scales/query", false),
            ("users/*/terms", "users/me/terms", true),
            ("*s", "events", true),
        ];
        for (glob, path, expected) in cases {
            assert_eq!(glob_matches(glob, path), expected, "{glob} on {path}");
        }
    }

    #[test]
    fn paths_give_tenant_service_and_route() {
        assert_eq!(service_path("/t/acme/api/users/me"), Some(("acme", Service::Api, "users/me")));
        assert_eq!(service_path("/t/acme/api"), Some(("acme", Service::Api, "")));
        assert_eq!(service_path("/t/acme/apix/users"), None);
        assert_eq!(service_path("/t/acme/idp/token"), Some(("acme", Service::Idp, "token")));
        assert_eq!(service_path("/admin/faults"), None);
        assert_eq!(service_path("/healthz"), None);
    }

    fn rule(fault: Fault) -> FaultRule {
        FaultRule { tenant: None, service: Service::Api, method: None, path: every_path(), fault }
    }

    #[test]
    fn error_rates_fail_an_exact_share_of_requests() {
        for (rate, expected) in [(1.0, 12), (0.5, 6), (0.25, 3), (0.0, 0), (1.0 / 3.0, 4)] {
            let faults = Faults::new(vec![rule(Fault::Error { status: 502, rate })]);
            let failed = (0..12)
                .filter(|_| {
                    matches!(faults.plan("acme", Service::Api, &Method::GET, "users/me").answer, Some(Answer::Error(_)))
                })
                .count();
            assert_eq!(failed, expected, "rate {rate}");
        }
    }

    #[test]
    fn rules_match_tenant_method_and_path() {
        let mut only = rule(Fault::Down);
        only.tenant = Some("acme".into());
        only.method = Some("get".into());
        only.path = "users/**".into();
        let faults = Faults::new(vec![only, rule(Fault::Latency { ms: 5 }), rule(Fault::Latency { ms: 7 })]);
        let down =
            |t: &str, m: Method, p: &str| matches!(faults.plan(t, Service::Api, &m, p).answer, Some(Answer::Down));
        assert!(down("acme", Method::GET, "users/me"));
        assert!(!down("globex", Method::GET, "users/me"));
        assert!(!down("acme", Method::POST, "users/me"));
        assert!(!down("acme", Method::GET, "grading-scales/query"));
        assert!(!matches!(faults.plan("acme", Service::Idp, &Method::GET, "users/me").answer, Some(Answer::Down)));
        assert_eq!(faults.plan("globex", Service::Api, &Method::GET, "x").delay_ms, 12, "latencies add up");
        assert_eq!(
            faults.plan("globex", Service::Idp, &Method::GET, "token").delay_ms,
            0,
            "the issuer only when named"
        );
    }

    #[test]
    fn bad_rules_are_refused_with_a_reason() {
        let bad = [
            rule(Fault::Latency { ms: MAX_FAULT_MS + 1 }),
            rule(Fault::LatencyUniform { min_ms: 10, max_ms: 5 }),
            rule(Fault::LatencyLognormal { p50_ms: 0, p99_ms: 5 }),
            rule(Fault::LatencyLognormal { p50_ms: 50, p99_ms: 5 }),
            rule(Fault::Error { status: 200, rate: 1.0 }),
            rule(Fault::Error { status: 500, rate: 1.5 }),
            rule(Fault::Error { status: 500, rate: f64::NAN }),
            rule(Fault::SlowBody { ms: 10, chunks: 0 }),
            FaultRule { path: "/t/acme/api/users".into(), ..rule(Fault::Down) },
            FaultRule { method: Some("GE T".into()), ..rule(Fault::Down) },
        ];
        for rule in bad {
            assert!(rule.validate().is_err(), "{rule:?}");
        }
        assert_eq!(rule(Fault::LatencyLognormal { p50_ms: 5, p99_ms: 50 }).validate(), Ok(()));
    }

    #[test]
    fn lognormal_draws_have_about_the_given_median() {
        let mut draws: Vec<u64> = (0..2_001).map(|_| lognormal_ms(100, 400)).collect();
        draws.sort_unstable();
        let median = draws[1_000];
        assert!((80..=125).contains(&median), "median {median}");
        assert!(draws[1_980] > 200 && draws[1_980] < 800, "p99 {}", draws[1_980]);
    }
}
