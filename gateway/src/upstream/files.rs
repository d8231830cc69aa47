//! Reading a file of a tenant's storage for the file proxy (`crate::files`) and the attachment
//! size label: with the learner's token when the tenant says so, redirects followed only to the
//! tenant's storage origins, the answer's size and time bounded by `[files]`.

use std::time::Duration;

use reqwest::{Method, StatusCode, header};
use url::Url;

use super::{CallContext, Upstream, UpstreamError, transport};

/// How one file is read.
#[derive(Clone, Copy)]
pub struct FileRead<'a> {
    /// Send the learner's access token (the tenant's `storage_send_token`).
    pub send_token: bool,
    /// From the request to the last byte of the body.
    pub timeout: Duration,
    /// Largest announced size accepted.
    pub max_bytes: u64,
    /// Redirects followed.
    pub max_redirects: u32,
    /// Whether a redirect may go to this address (a storage origin of the tenant).
    pub allowed: &'a (dyn Fn(&Url) -> bool + Sync),
}

/// Why a file could not be read.
#[derive(Debug, thiserror::Error)]
pub enum FileError {
    /// The storage asked for credentials (401).
    #[error("the storage refused the credentials")]
    Unauthorized,
    /// The storage refused the learner (403).
    #[error("the storage refused the learner")]
    Forbidden,
    /// No such file (404 or 410).
    #[error("no such file")]
    NotFound,
    /// The file announced a size over the limit.
    #[error("the file has {size} bytes, more than {limit}")]
    TooLarge {
        /// The announced size.
        size: u64,
        /// `files.max_bytes`.
        limit: u64,
    },
    /// A redirect to an address that is not a storage origin, or without an address.
    #[error("a redirect off the storage origins")]
    RedirectRefused,
    /// More redirects than `files.max_redirects`.
    #[error("more than {0} redirects")]
    TooManyRedirects(u32),
    /// Unreachable, timed out, busy, or another status.
    #[error(transparent)]
    Upstream(#[from] UpstreamError),
}

impl Upstream {
    /// `method url` of a storage file (`GET` for the file, `HEAD` for its size): the answer
    /// once its head is in and its status is a success; the body is the caller's to read
    /// (within `read.timeout`). The tenant's in-flight limit holds until the head is in.
    pub async fn open_file(
        &self,
        ctx: &CallContext,
        method: Method,
        url: Url,
        read: FileRead<'_>,
    ) -> Result<reqwest::Response, FileError> {
        let what = "reading a storage file";
        let _permit = self.slot(what).await?;
        let mut url = url;
        let mut redirects = 0;
        loop {
            let started = std::time::Instant::now();
            let mut request = self.http.request(method.clone(), url.clone()).timeout(read.timeout);
            if read.send_token {
                request = ctx.authorize(request);
            }
            if let Some(id) = &ctx.request_id {
                request = request.header(crate::headers::X_REQUEST_ID, id);
            }
            let result = request.send().await.map_err(|e| transport(what, e));
            let outcome = match &result {
                Ok(r) if r.status().is_success() || r.status().is_redirection() => "ok",
                Ok(_) => "bad",
                Err(UpstreamError::Timeout(_)) => "timeout",
                Err(_) => "connect",
            };
            self.metrics.upstream_call(&self.tenant, what, outcome, started);
            let response = result?;
            let status = response.status();
            if status.is_redirection() && status != StatusCode::NOT_MODIFIED {
                // The shared client follows no redirect: each hop is checked here.
                if redirects >= read.max_redirects {
                    return Err(FileError::TooManyRedirects(read.max_redirects));
                }
                let next = response
                    .headers()
                    .get(header::LOCATION)
                    .and_then(|v| v.to_str().ok())
                    .and_then(|location| url.join(location).ok())
                    .filter(|next| (read.allowed)(next))
                    .ok_or(FileError::RedirectRefused)?;
                url = next;
                redirects += 1;
                continue;
            }
            return match status.as_u16() {
                200..=299 => match response.content_length() {
                    Some(size) if method == Method::GET && size > read.max_bytes => {
                        Err(FileError::TooLarge { size, limit: read.max_bytes })
                    }
                    _ => Ok(response),
                },
                401 => Err(FileError::Unauthorized),
                403 => Err(FileError::Forbidden),
                404 | 410 => Err(FileError::NotFound),
                _ => Err(UpstreamError::Status(what.into(), status).into()),
            };
        }
    }
}
