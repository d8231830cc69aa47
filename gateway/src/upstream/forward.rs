//! Forwarding one already-checked request of the `/api/lms` pass-through (see
//! `crate::passthrough`): through the tenant's in-flight limit, with the session's bearer
//! token and only the headers named here, never retried (the browser decides that).

use reqwest::{Method, StatusCode, header::HeaderMap};

use super::{BodyError, CallContext, Upstream, UpstreamError, read_limited, transport};

/// Request headers of the browser that go upstream; everything else (Cookie, Authorization,
/// hop-by-hop headers, Host) stays behind.
pub const FORWARDED_REQUEST_HEADERS: [&str; 4] = ["accept", "content-type", "prefer", "x-requested-with"];

/// Response headers of the upstream that go back to the browser.
pub const FORWARDED_RESPONSE_HEADERS: [&str; 3] = ["content-type", "location", "cache-control"];

/// The upstream's answer to a forwarded request.
#[derive(Debug)]
pub struct ForwardedAnswer {
    /// Its status.
    pub status: StatusCode,
    /// The headers of [`FORWARDED_RESPONSE_HEADERS`] it sent.
    pub headers: HeaderMap,
    /// Its body (at most the configured upstream answer size).
    pub body: Vec<u8>,
}

impl Upstream {
    /// Sends `method path?query` (path relative to the API base, already allowlisted) with
    /// `body` and the browser's `headers` of [`FORWARDED_REQUEST_HEADERS`].
    pub async fn forward(
        &self,
        ctx: &CallContext,
        method: Method,
        path: &str,
        query: Option<&str>,
        headers: &HeaderMap,
        body: Vec<u8>,
    ) -> Result<ForwardedAnswer, UpstreamError> {
        let what = "forwarding a client call";
        let mut url = self.url(what, path)?;
        url.set_query(query);
        let _permit = self.slot(what).await?;
        let mut request = self.http.request(method, url).bearer_auth(&ctx.access_token);
        for name in FORWARDED_REQUEST_HEADERS {
            for value in headers.get_all(name) {
                request = request.header(name, value);
            }
        }
        if let Some(lang) = &ctx.accept_language {
            request = request.header(reqwest::header::ACCEPT_LANGUAGE, lang);
        }
        if let Some(id) = &ctx.request_id {
            request = request.header("x-request-id", id);
        }
        if !body.is_empty() {
            request = request.body(body);
        }
        let response = request.send().await.map_err(|e| transport(what, e))?;
        let status = response.status();
        if status == StatusCode::UNAUTHORIZED {
            return Err(UpstreamError::Unauthorized(what.into()));
        }
        let mut forwarded = HeaderMap::new();
        for name in FORWARDED_RESPONSE_HEADERS {
            for value in response.headers().get_all(name) {
                forwarded.append(name, value.clone());
            }
        }
        let body = read_limited(response, self.max_response_bytes).await.map_err(|e| match e {
            BodyError::Transport(e) => transport(what, e),
            e @ BodyError::TooLarge(_) => UpstreamError::Bad(what.into(), e.to_string()),
        })?;
        Ok(ForwardedAnswer { status, headers: forwarded, body })
    }
}
