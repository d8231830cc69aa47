//! The typed client of a tenant's upstream LMS API. One module per resource area.
//!
//! Every call carries the session's bearer token, the caller's `Accept-Language` and the
//! request id; the browser's cookies never go upstream. Failures are typed by cause (see
//! [`UpstreamError`], which holds its conversion to [`crate::error::AppError`] and the retry
//! rule).
//!
//! Each tenant's client shares the one connection pool, has its own limit of calls in flight
//! (more wait in line for a bounded time, then the request gets 503), and retries an
//! idempotent call once, after a random wait, when the upstream could not be reached or
//! answered 502, 503 or 504. Commands (POST, PUT) are never retried: the upstream may have
//! run them. A call and its retry share one time budget (`limits.upstream_timeout_secs`, see
//! [`Upstream::with_call_budget`]): the retry only gets what the first attempt left, so a slow
//! failure is never followed by a second full wait.

pub mod aggregates;
pub mod catalog;
pub mod commands;
pub mod conversations;
pub mod courses;
mod error;
pub mod files;
pub mod forward;
pub mod learner;
pub mod open_catalog;
pub mod profile;
pub mod users;

use error::transport;
pub use error::{TransportCause, UpstreamError};

use std::{sync::Arc, time::Duration};

use futures::StreamExt;
use rand::Rng;
use reqwest::{
    Method, StatusCode,
    header::{HeaderMap, HeaderValue},
};
use serde::de::DeserializeOwned;
use tokio::sync::Semaphore;
use tracing::Instrument;
use url::Url;

use crate::{auth::session::token::bearer, config::UpstreamSettings, metrics::Metrics, telemetry::RequestTrace};

/// What each upstream call carries from the browser's request.
#[derive(Debug, Clone)]
pub struct CallContext {
    /// `Authorization` with the session's access token ([`crate::auth::session::AccessToken`]);
    /// none for calls made without a session.
    pub authorization: Option<HeaderValue>,
    /// `Accept-Language` of the browser, passed through.
    pub accept_language: Option<HeaderValue>,
    /// The gateway's request id, passed as `X-Request-Id`.
    pub request_id: Option<HeaderValue>,
    /// The request's trace, continued by each call when spans are not exported.
    pub trace: Option<RequestTrace>,
}

impl CallContext {
    /// The context of the calls made for a request with these `headers` (as the outer layers
    /// left them: with a request id and a trace), sending `authorization` (the session's token).
    pub fn of_request(headers: &HeaderMap, authorization: Option<HeaderValue>) -> Self {
        let header = |name: &reqwest::header::HeaderName| headers.get(name).filter(|v| v.to_str().is_ok()).cloned();
        CallContext {
            authorization,
            accept_language: header(&reqwest::header::ACCEPT_LANGUAGE),
            request_id: header(&crate::headers::X_REQUEST_ID),
            trace: RequestTrace::of(headers),
        }
    }

    /// The context of a call without a session (the upstream's `public/...` routes): no bearer
    /// token is sent.
    pub fn anonymous(headers: &HeaderMap) -> Self {
        Self::of_request(headers, None)
    }

    /// Writes into `out` what every upstream call made for the request carries: its trace
    /// context (a span of its own), the session's `Authorization`, the browser's
    /// `Accept-Language` and the request id; each only when there is one.
    pub fn write_headers(&self, out: &mut HeaderMap) {
        crate::telemetry::add_trace_headers(self.trace.as_ref(), out);
        if let Some(authorization) = &self.authorization {
            out.insert(reqwest::header::AUTHORIZATION, authorization.clone());
        }
        if let Some(lang) = &self.accept_language {
            out.insert(reqwest::header::ACCEPT_LANGUAGE, lang.clone());
        }
        if let Some(id) = &self.request_id {
            out.insert(crate::headers::X_REQUEST_ID, id.clone());
        }
    }

    /// The headers of [`Self::write_headers`] in a map of their own, for a reqwest call.
    pub fn headers(&self) -> HeaderMap {
        let mut headers = HeaderMap::new();
        self.write_headers(&mut headers);
        headers
    }

    /// `request` with the session's `Authorization`, when there is a session (and nothing else
    /// of the request: for a call to storage, see `files`).
    pub fn authorize(&self, request: reqwest::RequestBuilder) -> reqwest::RequestBuilder {
        match &self.authorization {
            Some(authorization) => request.header(reqwest::header::AUTHORIZATION, authorization.clone()),
            None => request,
        }
    }

    /// The context of a call made for no request (a background job): the token only.
    pub fn background(access_token: &str) -> Self {
        CallContext { authorization: bearer(access_token), accept_language: None, request_id: None, trace: None }
    }
}

/// A tenant's upstream API.
#[derive(Debug, Clone)]
pub struct Upstream {
    http: reqwest::Client,
    base: Url,
    /// `base`'s scheme and authority as a `Uri`, which the pass-through's proxy rules read and
    /// its connections are opened to (see `forward`), parsed once.
    origin: axum::http::Uri,
    max_response_bytes: usize,
    in_flight: Arc<Semaphore>,
    settings: UpstreamSettings,
    tenant: String,
    metrics: Arc<Metrics>,
    /// How far the upstream's clock is ahead of ours, in seconds (see [`Upstream::now`]).
    clock_skew_secs: Arc<std::sync::atomic::AtomicI64>,
    /// Longest one call may take with its retry, when set (see [`Upstream::with_call_budget`]).
    call_budget: Option<Duration>,
}

/// A retry is not sent with less than this left of the call's budget: it could not finish.
const MIN_RETRY_BUDGET: Duration = Duration::from_millis(50);

/// Upstream clocks closer to ours than this count as ours: an HTTP `Date` has whole seconds.
const CLOCK_SKEW_IGNORED_SECS: i64 = 2;

/// `Prefer` header values of the upstream's commands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Prefer {
    /// Run the command and answer with its result.
    RespondSync,
    /// Accept the command (202) and answer with the `Location` of its status.
    RespondAsync,
}

impl Prefer {
    fn header_value(self) -> &'static str {
        match self {
            Prefer::RespondSync => "respond-sync",
            Prefer::RespondAsync => "respond-async",
        }
    }
}

/// The answer to a command: its status, `Location` (for 202) and JSON body, if any.
#[derive(Debug, Clone)]
pub struct CommandAnswer {
    /// HTTP status.
    pub status: StatusCode,
    /// `Location` resolved against the API base, when the upstream sent one.
    pub location: Option<Url>,
    /// The body, `Null` when empty.
    pub body: serde_json::Value,
}

/// Reading a body failed.
#[derive(Debug, thiserror::Error)]
pub enum BodyError {
    /// Transport failure.
    #[error(transparent)]
    Transport(#[from] reqwest::Error),
    /// Larger than allowed.
    #[error("answer larger than {0} bytes")]
    TooLarge(usize),
}

/// Reads a response body, refusing more than `limit` bytes.
pub async fn read_limited(response: reqwest::Response, limit: usize) -> Result<Vec<u8>, BodyError> {
    if response.content_length().is_some_and(|n| n > limit as u64) {
        return Err(BodyError::TooLarge(limit));
    }
    // Sized once from Content-Length (bounded by the limit), so a large answer is not copied
    // again each time the buffer grows.
    let declared = response.content_length().map_or(0, |n| usize::try_from(n).unwrap_or(limit).min(limit));
    let mut body = Vec::with_capacity(declared);
    let mut stream = response.bytes_stream();
    while let Some(chunk) = stream.next().await {
        let chunk = chunk?;
        if body.len() + chunk.len() > limit {
            return Err(BodyError::TooLarge(limit));
        }
        body.extend_from_slice(&chunk);
    }
    Ok(body)
}

impl Upstream {
    /// Whether the upstream answers at all: any answer below 500 (a 401 included) to `GET
    /// users/me` without a token within `timeout` (for `/readyz`; outside the in-flight limit,
    /// no retry).
    pub async fn reachable(&self, timeout: Duration) -> bool {
        let Ok(url) = self.base.join("users/me") else { return false };
        match tokio::time::timeout(timeout, self.http.get(url).send()).await {
            Ok(Ok(response)) => !response.status().is_server_error(),
            _ => false,
        }
    }

    /// A client for the API at `base` (ending with `/`), over the shared pool `http`.
    /// Calls are timed into `metrics` under `tenant`.
    pub fn new(
        http: reqwest::Client,
        base: Url,
        max_response_bytes: usize,
        settings: &UpstreamSettings,
        tenant: &str,
        metrics: Arc<Metrics>,
    ) -> Self {
        Upstream {
            tenant: tenant.to_string(),
            metrics,
            http,
            // A parsed URL's origin is a valid `Uri`; the empty one (no host) would only fail
            // each forwarded call as unreachable.
            origin: base[..url::Position::BeforePath].parse().unwrap_or_default(),
            base,
            max_response_bytes,
            in_flight: Arc::new(Semaphore::new(settings.max_in_flight_per_tenant)),
            settings: settings.clone(),
            clock_skew_secs: Arc::new(std::sync::atomic::AtomicI64::new(0)),
            call_budget: None,
        }
    }

    /// Bounds each call, its retry included, to `budget` from its first attempt (the HTTP
    /// client's own timeout bounds each attempt alone). Without it a 503 arriving just before
    /// the timeout would be retried with a whole new timeout, doubling the wait.
    pub fn with_call_budget(mut self, budget: Duration) -> Self {
        self.call_budget = Some(budget);
        self
    }

    /// The upstream's business time: ours, moved by the skew of the last `Date` header the
    /// upstream sent (business dates such as availability and constraints are the upstream's;
    /// a skew under [`CLOCK_SKEW_IGNORED_SECS`] is rounding and ignored).
    pub fn now(&self) -> time::OffsetDateTime {
        let skew = self.clock_skew_secs.load(std::sync::atomic::Ordering::Relaxed);
        time::OffsetDateTime::now_utc() + time::Duration::seconds(skew)
    }

    fn note_upstream_date(&self, headers: &reqwest::header::HeaderMap) {
        let Some(date) = headers.get(reqwest::header::DATE).and_then(|v| v.to_str().ok()) else { return };
        let Ok(at) = httpdate::parse_http_date(date) else { return };
        let upstream = time::OffsetDateTime::from(at).unix_timestamp();
        let skew = upstream - time::OffsetDateTime::now_utc().unix_timestamp();
        let skew = if skew.abs() < CLOCK_SKEW_IGNORED_SECS { 0 } else { skew };
        self.clock_skew_secs.store(skew, std::sync::atomic::Ordering::Relaxed);
    }

    /// The API base URL.
    pub fn base(&self) -> &Url {
        &self.base
    }

    /// GET `path` (relative to the API base) with `query`, decoded as `T`.
    pub async fn get<T: DeserializeOwned>(
        &self,
        ctx: &CallContext,
        what: &str,
        path: &str,
        query: &[(&str, String)],
    ) -> Result<T, UpstreamError> {
        let url = self.url(what, path)?;
        let body = self.call(ctx, what, Method::GET, &url, query, None, None).await?.2;
        serde_json::from_slice(&body).map_err(|e| UpstreamError::Bad(what.into(), format!("unreadable answer: {e}")))
    }

    /// GET an absolute `url` on this upstream (a command status `Location`), decoded as `T`.
    pub async fn get_url<T: DeserializeOwned>(
        &self,
        ctx: &CallContext,
        what: &str,
        url: &Url,
    ) -> Result<T, UpstreamError> {
        if url.origin() != self.base.origin() {
            return Err(UpstreamError::Bad(what.into(), "status address on another origin".into()));
        }
        let body = self.call(ctx, what, Method::GET, url, &[], None, None).await?.2;
        serde_json::from_slice(&body).map_err(|e| UpstreamError::Bad(what.into(), format!("unreadable answer: {e}")))
    }

    /// Sends a command (`POST` or `PUT`) with a JSON body and `Prefer`. A 400 or 422 is
    /// [`UpstreamError::Rejected`] with the upstream's body (its field errors).
    pub async fn command(
        &self,
        ctx: &CallContext,
        what: &str,
        method: Method,
        path: &str,
        body: &serde_json::Value,
        prefer: Prefer,
    ) -> Result<CommandAnswer, UpstreamError> {
        let url = self.url(what, path)?;
        let (status, location, bytes) = self.call(ctx, what, method, &url, &[], Some(body), Some(prefer)).await?;
        let body = if bytes.is_empty() {
            serde_json::Value::Null
        } else {
            serde_json::from_slice(&bytes)
                .map_err(|e| UpstreamError::Bad(what.into(), format!("unreadable answer: {e}")))?
        };
        let location = location.and_then(|l| self.base.join(&l).ok());
        Ok(CommandAnswer { status, location, body })
    }

    /// `upstream.reads_in_flight_per_view`: most reads of one list a view makes at once.
    pub fn reads_in_flight_per_view(&self) -> usize {
        self.settings.reads_in_flight_per_view
    }

    fn url(&self, what: &str, path: &str) -> Result<Url, UpstreamError> {
        self.base.join(path).map_err(|e| UpstreamError::Bad(what.into(), e.to_string()))
    }

    /// One of the tenant's in-flight slots, waiting at most `upstream.queue_timeout_ms` for it
    /// (then [`UpstreamError::Busy`]). A free slot is taken at once, with no timer armed.
    async fn slot(&self, what: &str) -> Result<tokio::sync::SemaphorePermit<'_>, UpstreamError> {
        if let Ok(permit) = self.in_flight.try_acquire() {
            return Ok(permit);
        }
        let queue = Duration::from_millis(self.settings.queue_timeout_ms);
        match tokio::time::timeout(queue, self.in_flight.acquire()).await {
            Ok(Ok(permit)) => Ok(permit),
            _ => Err(UpstreamError::Busy(what.into())),
        }
    }

    /// One call through the tenant's in-flight limit, with the retry rule for idempotent
    /// methods. Answers the status, the `Location` header and the body.
    #[expect(clippy::too_many_arguments, reason = "one private call site per public method")]
    async fn call(
        &self,
        ctx: &CallContext,
        what: &str,
        method: Method,
        url: &Url,
        query: &[(&str, String)],
        body: Option<&serde_json::Value>,
        prefer: Option<Prefer>,
    ) -> Result<(StatusCode, Option<String>, Vec<u8>), UpstreamError> {
        let _permit = self.slot(what).await?;
        let idempotent = method == Method::GET || method == Method::HEAD;
        let deadline = self.call_budget.map(|budget| tokio::time::Instant::now() + budget);
        let mut attempt = 0;
        // The first attempt has the whole budget, a retry what is left of it.
        let mut attempt_timeout = self.call_budget;
        loop {
            let started = std::time::Instant::now();
            let span = tracing::info_span!("upstream call", operation = what, http.method = %method, attempt);
            let result = self
                .send_once(ctx, what, method.clone(), url, query, body, prefer, attempt_timeout)
                .instrument(span)
                .await;
            let outcome = match &result {
                Ok(_) => "ok",
                Err(e) => e.outcome(),
            };
            self.metrics.upstream_call(&self.tenant, what, outcome, started);
            let transient = result.as_ref().is_err_and(UpstreamError::is_transient);
            if !(idempotent && transient && attempt < self.settings.idempotent_retries) {
                return result;
            }
            let jitter = Duration::from_millis(rand::rng().random_range(0..=self.settings.retry_jitter_ms));
            if let Some(deadline) = deadline {
                let left = deadline.saturating_duration_since(tokio::time::Instant::now() + jitter);
                if left < MIN_RETRY_BUDGET {
                    return result;
                }
                attempt_timeout = Some(left);
            }
            attempt += 1;
            tokio::time::sleep(jitter).await;
        }
    }

    #[expect(clippy::too_many_arguments, reason = "the parts of one HTTP request")]
    async fn send_once(
        &self,
        ctx: &CallContext,
        what: &str,
        method: Method,
        url: &Url,
        query: &[(&str, String)],
        body: Option<&serde_json::Value>,
        prefer: Option<Prefer>,
        timeout: Option<Duration>,
    ) -> Result<(StatusCode, Option<String>, Vec<u8>), UpstreamError> {
        let mut request = self.http.request(method, url.clone()).query(query).headers(ctx.headers());
        if let Some(timeout) = timeout {
            // Replaces the client's timeout for this attempt, body included.
            request = request.timeout(timeout);
        }
        if let Some(prefer) = prefer {
            request = request.header("prefer", prefer.header_value());
        }
        if let Some(body) = body {
            request = request.json(body);
        }
        let response = request.send().await.map_err(|e| transport(what, e))?;
        let status = response.status();
        self.note_upstream_date(response.headers());
        let location =
            response.headers().get(reqwest::header::LOCATION).and_then(|v| v.to_str().ok()).map(str::to_string);
        let rejected = matches!(status.as_u16(), 400 | 422);
        match status.as_u16() {
            200..=299 => {}
            400 | 422 => {}
            401 => return Err(UpstreamError::Unauthorized(what.into(), ctx.authorization.clone())),
            403 => return Err(UpstreamError::Forbidden(what.into())),
            404 => return Err(UpstreamError::NotFound(what.into())),
            _ => return Err(UpstreamError::Status(what.into(), status)),
        }
        let bytes = read_limited(response, self.max_response_bytes).await.map_err(|e| match e {
            BodyError::Transport(e) => transport(what, e),
            e @ BodyError::TooLarge(_) => UpstreamError::Bad(what.into(), e.to_string()),
        })?;
        if rejected {
            let body = serde_json::from_slice(&bytes).unwrap_or(serde_json::Value::Null);
            return Err(UpstreamError::Rejected(what.into(), body));
        }
        Ok((status, location, bytes))
    }
}

#[cfg(test)]
mod tests;
