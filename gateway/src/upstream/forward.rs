//! Forwarding one already-checked request of the `/api/lms` pass-through (see
//! `crate::passthrough`): through the tenant's in-flight limit, with the session's bearer
//! token and only the headers named here, never retried (the browser decides that).
//!
//! It has its own client, [`ForwardClient`]: hyper's HTTP/1.1 connections over hyper-rustls's
//! connector, the libraries reqwest is built on, with the same roots, crypto provider, timeouts
//! and (no) redirects as the upstream client of the views, kept in a pool per thread
//! ([`pool`]). The pass-through is the gateway's hot path, and reqwest's layers parse every
//! call's address again twice (for its redirect policy and its response) and wrap each call in
//! a timer of their own; sending a prebuilt address straight to hyper took a pass-through
//! request from about 130 to about 100 µs of CPU in the bench (tests/load/report.md, hot path).
//! A call the environment's proxy rules catch (`HTTPS_PROXY`, `HTTP_PROXY`, `ALL_PROXY`,
//! `NO_PROXY`, read as reqwest reads them) goes through the views' reqwest client instead,
//! which follows the same rules, so an upstream behind an egress proxy is reached the same way
//! by every call.

use std::{sync::Arc, time::Duration};

use axum::body::Bytes;
use http_body_util::{BodyExt, Full, LengthLimitError, Limited};
use hyper_rustls::HttpsConnector;
use hyper_util::client::{legacy::connect::HttpConnector, proxy::matcher::Matcher};
use reqwest::{
    Method, StatusCode,
    header::{self, HeaderMap, HeaderName, HeaderValue},
};

use url::Position;

use self::pool::Pool;
use super::{CallContext, Upstream, UpstreamError, error::transport_by_cause, transport};
use crate::headers::{PREFER, X_REQUESTED_WITH};

/// Request headers of the browser that go upstream; everything else (Cookie, Authorization,
/// hop-by-hop headers, Host) stays behind.
pub const FORWARDED_REQUEST_HEADERS: [HeaderName; 4] = [header::ACCEPT, header::CONTENT_TYPE, PREFER, X_REQUESTED_WITH];

/// Response headers of the upstream that go back to the browser.
pub const FORWARDED_RESPONSE_HEADERS: [HeaderName; 3] = [header::CONTENT_TYPE, header::LOCATION, header::CACHE_CONTROL];

/// What the gateway was doing, in a forwarded call's errors.
const WHAT: &str = "forwarding a client call";

/// The `User-Agent` of every upstream and issuer call.
pub const USER_AGENT: &str = concat!("learner-portal-gateway/", env!("CARGO_PKG_VERSION"));

/// The upstream's answer to a forwarded request.
#[derive(Debug)]
pub struct ForwardedAnswer {
    /// Its status.
    pub status: StatusCode,
    /// The headers of [`FORWARDED_RESPONSE_HEADERS`] it sent.
    pub headers: HeaderMap,
    /// Its body (at most the configured upstream answer size).
    pub body: Bytes,
}

/// The pass-through's pooled HTTP/1.1 client (see the module doc): HTTPS with the Web PKI roots
/// (as reqwest's `rustls-tls`), plain HTTP where a tenant's config allows it (loopback only).
/// Each thread calling it has its own pool (see [`pool`]).
#[derive(Clone)]
pub struct ForwardClient {
    /// Opens the upstream connections of every thread's pool.
    connector: HttpsConnector<HttpConnector>,
    /// The idle connections of each thread that called (see [`pool`]).
    pools: Arc<thread_local::ThreadLocal<Pool>>,
    /// The proxy rules of the environment.
    proxies: Arc<Matcher>,
    /// Sends the calls `proxies` catch.
    proxied: reqwest::Client,
    /// The longest one call may take, answer body included.
    timeout: Duration,
}

impl std::fmt::Debug for ForwardClient {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ForwardClient").field("timeout", &self.timeout).finish_non_exhaustive()
    }
}

impl ForwardClient {
    /// A client trusting the Web PKI roots, opening a connection within `connect_timeout`,
    /// ending each call within `timeout`, and sending what the environment's proxy rules catch
    /// through `proxied` (a reqwest client, which reads the same rules).
    pub fn new(proxied: reqwest::Client, connect_timeout: Duration, timeout: Duration) -> anyhow::Result<Self> {
        let roots = rustls::RootCertStore { roots: webpki_roots::TLS_SERVER_ROOTS.to_vec() };
        Self::with_parts(roots, Matcher::from_system(), proxied, connect_timeout, timeout)
    }

    /// A client trusting `roots` only, with the proxy rules `proxies`.
    pub fn with_parts(
        roots: rustls::RootCertStore,
        proxies: Matcher,
        proxied: reqwest::Client,
        connect_timeout: Duration,
        timeout: Duration,
    ) -> anyhow::Result<Self> {
        let tls = rustls::ClientConfig::builder_with_provider(Arc::new(rustls::crypto::ring::default_provider()))
            .with_safe_default_protocol_versions()
            .map_err(|e| anyhow::anyhow!("the TLS versions of the pass-through client: {e}"))?
            .with_root_certificates(roots)
            .with_no_client_auth();
        let mut http = HttpConnector::new();
        http.enforce_http(false);
        http.set_nodelay(true);
        http.set_connect_timeout(Some(connect_timeout));
        let https = hyper_rustls::HttpsConnectorBuilder::new()
            .with_tls_config(tls)
            .https_or_http()
            .enable_http1()
            .wrap_connector(http);
        Ok(ForwardClient { connector: https, pools: Arc::default(), proxies: Arc::new(proxies), proxied, timeout })
    }

    /// The calling thread's pool (see [`pool`]).
    fn pool(&self) -> &Pool {
        self.pools.get_or_default()
    }
}

impl Upstream {
    /// Sends `method path?query` (path relative to the API base, already allowlisted) with
    /// `body` and those of the browser's `headers` named in [`FORWARDED_REQUEST_HEADERS`].
    #[expect(clippy::too_many_arguments, reason = "the parts of one forwarded request")]
    pub async fn forward(
        &self,
        client: &ForwardClient,
        ctx: &CallContext,
        method: Method,
        path: &str,
        query: Option<&str>,
        headers: &HeaderMap,
        body: Bytes,
    ) -> Result<ForwardedAnswer, UpstreamError> {
        let what = WHAT;
        let bad = |e: &dyn std::fmt::Display| UpstreamError::Bad(what.into(), e.to_string());
        // The base's path joined with the allowlisted path (which has no dot segments or
        // escapes, so joining is appending) and the query as the browser sent it, in origin
        // form: the upstream's origin is where the connection goes.
        let origin = &self.base[..Position::BeforePath];
        let base_path = self.base.path();
        let mut target = String::with_capacity(base_path.len() + 1 + path.len() + query.map_or(0, |q| q.len() + 1));
        target.push_str(base_path);
        if !base_path.ends_with('/') {
            target.push('/');
        }
        target.push_str(path);
        if let Some(query) = query {
            target.push('?');
            target.push_str(query);
        }
        // Built in place rather than by `Request::builder`, which moves the request's parts
        // along at each step.
        let mut request = axum::http::Request::new(body);
        *request.method_mut() = method;
        let out = request.headers_mut();
        // What every upstream call carries (trace, token, language, request id), then the
        // browser's headers that are forwarded (none of those names).
        ctx.write_headers(out);
        out.insert(header::USER_AGENT, HeaderValue::from_static(USER_AGENT));
        // The browser's few headers looked at once each, rather than a look-up of each name.
        for (name, value) in headers.iter().filter(|(name, _)| FORWARDED_REQUEST_HEADERS.contains(name)) {
            out.append(name.clone(), value.clone());
        }
        let _permit = self.slot(what).await?;
        // This future is part of every pass-through request's handler future, which is copied
        // whole when it is boxed: what only some calls need (a proxy, a new connection in
        // `pool::send`) is boxed, so it stays about 2 KB (7.7 KB in the release build before).
        tokio::time::timeout(client.timeout, async {
            if client.pool().proxied(origin, || client.proxies.intercept(&self.origin).is_some()) {
                // Boxed: only an upstream behind an egress proxy is called this way.
                Box::pin(async move {
                    // The proxy takes the whole address.
                    *request.uri_mut() = axum::http::Uri::try_from(format!("{origin}{target}")).map_err(|e| bad(&e))?;
                    let request =
                        reqwest::Request::try_from(request.map(reqwest::Body::from)).map_err(|e| transport(what, e))?;
                    let response = client.proxied.execute(request).await.map_err(|e| transport(what, e))?;
                    self.forward_answer(ctx, axum::http::Response::from(response)).await
                })
                .await
            } else {
                *request.uri_mut() = axum::http::Uri::try_from(target).map_err(|e| bad(&e))?;
                let (response, conn) =
                    pool::send(&client.pools, &client.connector, origin, &self.origin, request.map(Full::new))
                        .await
                        .map_err(|e| match e {
                            pool::SendError::Connect(e) => transport_by_cause(what, true, &*e),
                            pool::SendError::Send(e) => transport_by_cause(what, false, &e),
                        })?;
                let answer = self.forward_answer(ctx, response).await?;
                // Read whole: the connection serves the next call.
                client.pool().put(conn);
                Ok(answer)
            }
        })
        .await
        .unwrap_or_else(|_| Err(UpstreamError::Timeout(what.into())))
    }

    /// The status, the headers of [`FORWARDED_RESPONSE_HEADERS`] and the body (within
    /// `max_response_bytes`) of a forwarded call's answer; a 401 is [`UpstreamError::Unauthorized`].
    async fn forward_answer<B>(
        &self,
        ctx: &CallContext,
        response: axum::http::Response<B>,
    ) -> Result<ForwardedAnswer, UpstreamError>
    where
        B: hyper::body::Body<Data = Bytes>,
        B::Error: Into<Box<dyn std::error::Error + Send + Sync>>,
    {
        let what = WHAT;
        let (parts, body) = response.into_parts();
        if parts.status == StatusCode::UNAUTHORIZED {
            return Err(UpstreamError::Unauthorized(what.into(), ctx.authorization.clone()));
        }
        let limit = self.max_response_bytes;
        let declared = parts.headers.get(header::CONTENT_LENGTH).and_then(|v| v.to_str().ok()?.parse::<u64>().ok());
        if declared.is_some_and(|n| n > limit as u64) {
            return Err(too_large(what, limit));
        }
        let mut forwarded = HeaderMap::new();
        for (name, value) in parts.headers.iter().filter(|(name, _)| FORWARDED_RESPONSE_HEADERS.contains(name)) {
            forwarded.append(name.clone(), value.clone());
        }
        let body = Limited::new(body, limit).collect().await.map_err(|e| {
            if e.is::<LengthLimitError>() {
                too_large(what, limit)
            } else if let Some(e) = e.downcast_ref::<reqwest::Error>()
                && e.is_timeout()
            {
                UpstreamError::Timeout(what.into())
            } else {
                transport_by_cause(what, false, &*e)
            }
        })?;
        Ok(ForwardedAnswer { status: parts.status, headers: forwarded, body: body.to_bytes() })
    }
}

fn too_large(what: &str, limit: usize) -> UpstreamError {
    UpstreamError::Bad(what.into(), super::BodyError::TooLarge(limit).to_string())
}

pub mod pool;

#[cfg(test)]
mod tests;
