//! The typed client of a tenant's upstream LMS API. One module per resource area.
//!
//! Every call carries the session's bearer token, the caller's `Accept-Language` and the
//! request id; the browser's cookies never go upstream. Failures map by cause (see
//! [`UpstreamError`] and its conversion to [`crate::error::AppError`]).

pub mod aggregates;
pub mod catalog;
pub mod users;

use contracts::bff::UnauthorizedReason;
use futures::StreamExt;
use serde::de::DeserializeOwned;
use url::Url;

use crate::error::AppError;

/// What each upstream call carries from the browser's request.
#[derive(Debug, Clone)]
pub struct CallContext {
    /// The session's access token.
    pub access_token: String,
    /// `Accept-Language` of the browser, passed through.
    pub accept_language: Option<String>,
    /// The gateway's request id, passed as `X-Request-Id`.
    pub request_id: Option<String>,
}

/// A tenant's upstream API.
#[derive(Debug, Clone)]
pub struct Upstream {
    http: reqwest::Client,
    base: Url,
    max_response_bytes: usize,
}

/// A failed upstream call; the `String` says what the gateway was doing.
#[derive(Debug, Clone, thiserror::Error)]
pub enum UpstreamError {
    /// The call timed out.
    #[error("{0}: timed out")]
    Timeout(String),
    /// The upstream could not be reached.
    #[error("{0}: {1}")]
    Connect(String, String),
    /// The upstream refused the token.
    #[error("{0}: token refused")]
    Unauthorized(String),
    /// The upstream refused the user.
    #[error("{0}: forbidden")]
    Forbidden(String),
    /// No such resource upstream.
    #[error("{0}: not found")]
    NotFound(String),
    /// Any other status, or an unreadable body.
    #[error("{0}: {1}")]
    Bad(String, String),
}

impl From<UpstreamError> for AppError {
    fn from(e: UpstreamError) -> Self {
        match e {
            UpstreamError::Timeout(_) => AppError::UpstreamTimeout(e.to_string()),
            UpstreamError::Connect(..) | UpstreamError::Bad(..) => AppError::BadGateway(e.to_string()),
            UpstreamError::Unauthorized(_) => AppError::Unauthorized(UnauthorizedReason::Expired),
            UpstreamError::Forbidden(_) => AppError::Forbidden("The learning platform refused this request.".into()),
            UpstreamError::NotFound(_) => AppError::NotFound,
        }
    }
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
    let mut body = Vec::new();
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
    /// A client for the API at `base` (ending with `/`).
    pub fn new(http: reqwest::Client, base: Url, max_response_bytes: usize) -> Self {
        Upstream { http, base, max_response_bytes }
    }

    /// GET `path` (relative to the API base) with `query`, decoded as `T`.
    pub async fn get<T: DeserializeOwned>(
        &self,
        ctx: &CallContext,
        what: &str,
        path: &str,
        query: &[(&str, String)],
    ) -> Result<T, UpstreamError> {
        let url = self.base.join(path).map_err(|e| UpstreamError::Bad(what.into(), e.to_string()))?;
        let mut request = self.http.get(url).bearer_auth(&ctx.access_token).query(query);
        if let Some(lang) = &ctx.accept_language {
            request = request.header(reqwest::header::ACCEPT_LANGUAGE, lang);
        }
        if let Some(id) = &ctx.request_id {
            request = request.header("x-request-id", id);
        }
        let response = request.send().await.map_err(|e| transport(what, e))?;
        let status = response.status();
        match status.as_u16() {
            200..=299 => {}
            401 => return Err(UpstreamError::Unauthorized(what.into())),
            403 => return Err(UpstreamError::Forbidden(what.into())),
            404 => return Err(UpstreamError::NotFound(what.into())),
            _ => return Err(UpstreamError::Bad(what.into(), format!("status {status}"))),
        }
        let body = read_limited(response, self.max_response_bytes).await.map_err(|e| match e {
            BodyError::Transport(e) => transport(what, e),
            e @ BodyError::TooLarge(_) => UpstreamError::Bad(what.into(), e.to_string()),
        })?;
        serde_json::from_slice(&body).map_err(|e| UpstreamError::Bad(what.into(), format!("unreadable answer: {e}")))
    }
}

fn transport(what: &str, e: reqwest::Error) -> UpstreamError {
    if e.is_timeout() {
        UpstreamError::Timeout(what.into())
    } else {
        UpstreamError::Connect(what.into(), e.to_string())
    }
}
