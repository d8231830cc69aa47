//! Files that rich content links to on the tenant's storage (spec section 5: only same-origin or
//! storage links are opened), read through this origin because the browser cannot read the
//! storage with the learner's session:
//!
//! - `GET /api/bff/files?url=` streams a file of one of the tenant's `storage_origins` (exact
//!   scheme, host and port; never one named by the request) with the learner's upstream token
//!   (unless `storage_send_token = false`). Redirects are followed only to those origins, at
//!   most `files.max_redirects`; the file may take `files.timeout_secs` and have
//!   `files.max_bytes`. The storage's `Content-Type` is kept, with `nosniff` and a
//!   `Content-Disposition` that shows only PDFs, raster images, plain text, audio and video in
//!   place: anything else (HTML, SVG, XML, scripts) is a download, so nothing the storage sends
//!   runs on this origin. Links open it (a download, a new tab), so it is the one `/api` route
//!   that needs no `X-Requested-With` from this site (see `auth::csrf`); its answers carry
//!   `Cross-Origin-Resource-Policy: same-origin`.
//! - `GET /api/bff/attachment-size?url=` reads the size of a same-origin or storage file with
//!   `HEAD` (the attachment size label).
//!
//! The storage's 401, 403 and 404 become problems (`file_unauthorized`, `file_forbidden`,
//! `not_found`) the client turns into the PDF viewer's messages (spec section 8); a 401 of the
//! storage is not the session's and signs nobody out.

use std::time::Duration;

use axum::{
    Json,
    body::{Body, Bytes},
    extract::State,
    http::{HeaderValue, StatusCode, header},
    response::{IntoResponse, Response},
};
use contracts::bff::{Problem, Unauthorized};
use futures::StreamExt;
use percent_encoding::{AsciiSet, NON_ALPHANUMERIC, percent_decode_str, utf8_percent_encode};
use reqwest::Method;
use serde::{Deserialize, Serialize};
use url::Url;
use utoipa::IntoParams;

use crate::{
    app::AppState,
    auth::extract::LearnerSession,
    domain::files::{FileLink, file_link},
    error::{AppError, AppResult, problem},
    extract::Query,
    upstream::files::{FileError, FileRead},
};

/// Where the file proxy is mounted (the CSRF rules name it).
pub const FILES_PATH: &str = "/api/bff/files";

/// Query of `GET /api/bff/files` and `GET /api/bff/attachment-size`.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct FileQuery {
    /// Absolute URL of the file as the content links it.
    url: String,
}

/// Answer of `GET /api/bff/attachment-size`.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct AttachmentSize {
    /// `Content-Length` of the attachment; `null` when the host did not say.
    bytes: Option<u64>,
}

/// The link of `raw` as spec section 5 sees it from this request.
fn classify(auth: &LearnerSession, raw: &str) -> AppResult<(Url, FileLink)> {
    let url = Url::parse(raw).map_err(|_| AppError::BadRequest("url must be an absolute URL".into()))?;
    let origin = Url::parse(auth.portal.origin()).map_err(|e| AppError::Internal(anyhow::anyhow!("origin: {e}")))?;
    let link = file_link(&url, &origin, &auth.portal.tenant.config.storage_origins);
    Ok((url, link))
}

/// `GET /api/bff/files?url=`: a file of the tenant's storage (see the module doc).
#[utoipa::path(get, path = "/api/bff/files", tag = "views", params(
    FileQuery,
), responses(
    (status = 200, description = "The file, streamed: the storage's `Content-Type`, `Content-Disposition` inline for PDFs, raster images, plain text, audio and video, else attachment", content_type = "application/octet-stream"),
    (status = 400, description = "Not an absolute URL, or not on a storage origin of the tenant", body = Problem),
    (status = 401, description = "No valid session (`unauthorized`, with the login URL), or the storage asked for credentials (`file_unauthorized` problem)", body = Unauthorized),
    (status = 403, description = "The storage refused the learner (`file_forbidden`), or the user may not use the learner area", body = Problem),
    (status = 404, description = "The storage has no such file", body = Problem),
    (status = 502, description = "The file is larger than `files.max_bytes` (`file_too_large`), the storage redirected off the storage origins (`redirect_refused`), or it failed", body = Problem),
    (status = 503, description = "Too many upstream calls of the tenant at once", body = Problem),
    (status = 504, description = "The storage did not answer in time", body = Problem),
))]
pub async fn get_file(
    State(state): State<AppState>,
    auth: LearnerSession,
    Query(query): Query<FileQuery>,
) -> AppResult<Response> {
    let (url, link) = classify(&auth, &query.url)?;
    if link != FileLink::Storage {
        return Err(AppError::BadRequest("only files on a storage origin of this portal are read".into()));
    }
    let settings = &state.config.files;
    let tenant = &auth.portal.tenant;
    let storage = &tenant.config.storage_origins;
    let allowed = |next: &Url| {
        matches!(next.scheme(), "http" | "https")
            && next.username().is_empty()
            && next.password().is_none()
            && storage.contains(&next.origin().ascii_serialization())
    };
    let read = FileRead {
        send_token: tenant.config.storage_send_token,
        timeout: Duration::from_secs(settings.timeout_secs),
        max_bytes: settings.max_bytes,
        max_redirects: settings.max_redirects,
        allowed: &allowed,
    };
    let answer = match tenant.upstream.open_file(&auth.ctx, Method::GET, url, read).await {
        Ok(answer) => answer,
        Err(e) => return Ok(refusal(e)),
    };
    let content_type = answer
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|v| HeaderValue::from_bytes(v.as_bytes()).ok())
        .unwrap_or(HeaderValue::from_static("application/octet-stream"));
    let disposition = content_disposition(content_type.to_str().unwrap_or(""), answer.url());
    let length = answer.content_length();
    let limit = settings.max_bytes;
    let mut sent: u64 = 0;
    // Within the announced size or without one: counted as it goes, and cut off (the
    // connection closes before the end) once it passes the limit.
    let body = answer.bytes_stream().map(move |chunk| {
        let chunk: Bytes = chunk.map_err(std::io::Error::other)?;
        sent += chunk.len() as u64;
        if sent > limit {
            tracing::warn!(limit, "a storage file grew past files.max_bytes; cut off");
            return Err(std::io::Error::other("the file is larger than files.max_bytes"));
        }
        Ok(chunk)
    });
    let mut response = Response::new(Body::from_stream(body));
    let headers = response.headers_mut();
    headers.insert(header::CONTENT_TYPE, content_type);
    if let Some(length) = length {
        headers.insert(header::CONTENT_LENGTH, HeaderValue::from(length));
    }
    if let Ok(value) = HeaderValue::from_str(&disposition) {
        headers.insert(header::CONTENT_DISPOSITION, value);
    }
    headers.insert(header::X_CONTENT_TYPE_OPTIONS, HeaderValue::from_static("nosniff"));
    headers.insert("cross-origin-resource-policy", HeaderValue::from_static("same-origin"));
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("private, no-store"));
    Ok(response)
}

/// `GET /api/bff/attachment-size?url=`: the size of a same-origin or storage attachment.
#[utoipa::path(get, path = "/api/bff/attachment-size", tag = "views", params(
    FileQuery,
), responses(
    (status = 200, description = "The size of the attachment", body = AttachmentSize),
    (status = 400, description = "Not an absolute URL, or not on this site or a storage origin of the tenant", body = Problem),
    (status = 401, description = "No valid session (`unauthorized`), or the storage asked for credentials (`file_unauthorized`)", body = Unauthorized),
    (status = 403, description = "The storage refused the learner, or the user may not use the learner area (no ObjectiveWorkflow.Create)", body = Problem),
    (status = 404, description = "No such file", body = Problem),
    (status = 502, description = "The host failed or redirected elsewhere", body = Problem),
    (status = 504, description = "The host did not answer in time", body = Problem),
))]
pub async fn get_attachment_size(
    State(state): State<AppState>,
    auth: LearnerSession,
    Query(query): Query<FileQuery>,
) -> AppResult<Response> {
    let (url, link) = classify(&auth, &query.url)?;
    if link == FileLink::Blocked {
        return Err(AppError::BadRequest("only links on this site or a storage origin of this portal are read".into()));
    }
    let settings = &state.config.files;
    let tenant = &auth.portal.tenant;
    let origin = url.origin();
    // A redirect stays on the link's own origin.
    let allowed = |next: &Url| next.origin() == origin && next.username().is_empty() && next.password().is_none();
    let read = FileRead {
        send_token: link == FileLink::Storage && tenant.config.storage_send_token,
        timeout: Duration::from_secs(settings.timeout_secs),
        max_bytes: settings.max_bytes,
        max_redirects: settings.max_redirects,
        allowed: &allowed,
    };
    match tenant.upstream.open_file(&auth.ctx, Method::HEAD, url, read).await {
        Ok(answer) => {
            let bytes =
                answer.headers().get(header::CONTENT_LENGTH).and_then(|v| v.to_str().ok()).and_then(|v| v.parse().ok());
            Ok(Json(AttachmentSize { bytes }).into_response())
        }
        Err(e) => Ok(refusal(e)),
    }
}

/// The problem of a file the storage would not give.
fn refusal(e: FileError) -> Response {
    match e {
        FileError::Unauthorized => problem(
            StatusCode::UNAUTHORIZED,
            "file_unauthorized",
            Some("The storage asks for a sign-in to give this file.".into()),
        ),
        FileError::Forbidden => problem(
            StatusCode::FORBIDDEN,
            "file_forbidden",
            Some("The storage does not give this file to this learner.".into()),
        ),
        FileError::NotFound => AppError::NotFound.into_response(),
        FileError::TooLarge { limit, .. } => problem(
            StatusCode::BAD_GATEWAY,
            "file_too_large",
            Some(format!("The file is larger than the {limit} bytes this portal passes on.")),
        ),
        FileError::RedirectRefused | FileError::TooManyRedirects(_) => problem(
            StatusCode::BAD_GATEWAY,
            "redirect_refused",
            Some("The storage sent the file on to an address this portal does not read.".into()),
        ),
        FileError::Upstream(e) => AppError::from(e).into_response(),
    }
}

/// Content types a browser may show in place: none of them runs script (with `nosniff` a
/// browser keeps to the type); every other type is downloaded.
fn shown_in_place(content_type: &str) -> bool {
    let essence = content_type.split(';').next().unwrap_or("").trim().to_ascii_lowercase();
    matches!(
        essence.as_str(),
        "application/pdf" | "image/png" | "image/jpeg" | "image/gif" | "image/webp" | "image/avif" | "text/plain"
    ) || essence.starts_with("audio/")
        || essence.starts_with("video/")
}

/// Characters a `filename*` value keeps as they are (RFC 8187 `attr-char`).
const ATTR_CHAR: &AsciiSet = &NON_ALPHANUMERIC
    .remove(b'!')
    .remove(b'#')
    .remove(b'$')
    .remove(b'&')
    .remove(b'+')
    .remove(b'-')
    .remove(b'.')
    .remove(b'^')
    .remove(b'_')
    .remove(b'`')
    .remove(b'|')
    .remove(b'~');

/// `Content-Disposition` of a file at `url` of `content_type`: `inline` only for the types of
/// [`shown_in_place`], else `attachment`; the name is the last path segment (`file` when there
/// is none), plain ASCII in `filename` and exact in `filename*` (RFC 6266).
pub fn content_disposition(content_type: &str, url: &Url) -> String {
    let segment = url.path_segments().and_then(|mut s| s.next_back()).unwrap_or("");
    let decoded = percent_decode_str(segment).decode_utf8_lossy();
    let name: String = decoded.chars().filter(|c| !c.is_control() && !matches!(c, '/' | '\\')).collect();
    let name = if name.trim().is_empty() { "file".to_string() } else { name.trim().to_string() };
    let ascii: String =
        name.chars().map(|c| if c.is_ascii_graphic() && c != '"' && c != '%' || c == ' ' { c } else { '_' }).collect();
    let kind = if shown_in_place(content_type) { "inline" } else { "attachment" };
    format!("{kind}; filename=\"{ascii}\"; filename*=UTF-8''{}", utf8_percent_encode(&name, ATTR_CHAR))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_types_without_script_are_shown_in_place() {
        let cases = [
            ("application/pdf", true),
            ("Application/PDF; charset=binary", true),
            ("image/png", true),
            ("image/jpeg", true),
            ("text/plain; charset=utf-8", true),
            ("video/mp4", true),
            ("audio/mpeg", true),
            ("text/html", false),
            ("text/html; charset=utf-8", false),
            ("application/xhtml+xml", false),
            ("image/svg+xml", false),
            ("text/xml", false),
            ("application/javascript", false),
            ("text/csv", false),
            ("application/octet-stream", false),
            ("", false),
        ];
        for (content_type, expected) in cases {
            assert_eq!(shown_in_place(content_type), expected, "{content_type}");
        }
    }

    #[test]
    fn the_disposition_names_the_file_safely() {
        let url = |raw: &str| Url::parse(raw).expect("url");
        let cases = [
            (
                "application/pdf",
                "https://files.example/t/a/safety-checklist.pdf?sig=1",
                "inline; filename=\"safety-checklist.pdf\"; filename*=UTF-8''safety-checklist.pdf",
            ),
            (
                "text/html",
                "https://files.example/page.html",
                "attachment; filename=\"page.html\"; filename*=UTF-8''page.html",
            ),
            (
                "text/csv",
                "https://files.example/Notfall%20Kontakte%20%C3%BC.csv",
                "attachment; filename=\"Notfall Kontakte _.csv\"; filename*=UTF-8''Notfall%20Kontakte%20%C3%BC.csv",
            ),
            (
                "application/pdf",
                "https://files.example/a%22b%0D%0A.pdf",
                "inline; filename=\"a_b.pdf\"; filename*=UTF-8''a%22b.pdf",
            ),
            ("application/pdf", "https://files.example/", "inline; filename=\"file\"; filename*=UTF-8''file"),
            (
                "application/zip",
                "https://files.example/dir/..%2F..%2Fetc%2Fpasswd",
                "attachment; filename=\"....etcpasswd\"; filename*=UTF-8''....etcpasswd",
            ),
        ];
        for (content_type, raw, expected) in cases {
            assert_eq!(content_disposition(content_type, &url(raw)), expected, "{raw}");
            assert!(HeaderValue::from_str(expected).is_ok(), "a valid header value: {expected}");
        }
    }
}
