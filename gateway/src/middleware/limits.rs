//! The request limits of the outer layers ([`super::apply_outer_layers`]): the head's size as
//! the client sent it, and the body read whole within its time and size.

use std::time::Duration;

use axum::{
    body::Body,
    extract::{Request, State},
    http::{HeaderValue, StatusCode, header},
    middleware::Next,
    response::Response,
};

use super::without_tenant_headers;
use crate::error::problem;

/// The size of the request head as the client sent it: taken before the outer layers add their
/// own headers (request id, trace context), which do not count against the client's limit.
#[derive(Debug, Clone, Copy)]
struct SentHeadSize(usize);

/// Notes the head's size as sent, for [`limit_request_head`]; first of the outer layers.
pub(super) fn note_sent_head(req: &mut Request) {
    let sent = SentHeadSize(request_head_size(req));
    req.extensions_mut().insert(sent);
}

/// 431 when the request line and headers, counted as on the wire, exceed `max_bytes`.
pub(super) async fn limit_request_head(State(max_bytes): State<usize>, req: Request, next: Next) -> Response {
    let size = req.extensions().get::<SentHeadSize>().map_or_else(|| request_head_size(&req), |sent| sent.0);
    if size > max_bytes {
        let mut response = problem(
            StatusCode::REQUEST_HEADER_FIELDS_TOO_LARGE,
            "request_header_fields_too_large",
            Some(format!("The request headers take {size} bytes; at most {max_bytes} are accepted.")),
        );
        without_tenant_headers(response.headers_mut());
        response.headers_mut().insert(header::CONNECTION, HeaderValue::from_static("close"));
        return response;
    }
    next.run(req).await
}

/// Reads the request body whole within `limit`: 408 when the client is slower, 413 past
/// `max_bytes`, 400 when the body breaks off.
pub(super) async fn read_body_in_time(
    State((limit, max_bytes)): State<(Duration, usize)>,
    req: Request,
    next: Next,
) -> Response {
    use axum::body::HttpBody;
    if req.body().is_end_stream() {
        return next.run(req).await;
    }
    let too_large = || {
        let mut response = problem(
            StatusCode::PAYLOAD_TOO_LARGE,
            "payload_too_large",
            Some(format!("The request body is larger than the {max_bytes} bytes this server accepts.")),
        );
        without_tenant_headers(response.headers_mut());
        response
    };
    let declared = req.headers().get(header::CONTENT_LENGTH).and_then(|v| v.to_str().ok()?.parse::<u64>().ok());
    if declared.is_some_and(|n| n > max_bytes as u64) {
        return too_large();
    }
    let (parts, body) = req.into_parts();
    match tokio::time::timeout(limit, axum::body::to_bytes(body, max_bytes)).await {
        Ok(Ok(bytes)) => next.run(Request::from_parts(parts, Body::from(bytes))).await,
        Ok(Err(e)) if too_long(&e) => too_large(),
        Ok(Err(_)) => problem(StatusCode::BAD_REQUEST, "bad_request", Some("The request body broke off.".into())),
        Err(_) => {
            let mut response = problem(
                StatusCode::REQUEST_TIMEOUT,
                "request_timeout",
                Some(format!("The request body did not arrive within {} s.", limit.as_secs())),
            );
            without_tenant_headers(response.headers_mut());
            response.headers_mut().insert(header::CONNECTION, HeaderValue::from_static("close"));
            response
        }
    }
}

/// Whether a body error is the body limit's.
fn too_long(e: &axum::Error) -> bool {
    let first: &(dyn std::error::Error + 'static) = e;
    std::iter::successors(Some(first), |e| e.source()).any(|e| e.is::<http_body_util::LengthLimitError>())
}

/// Bytes of `METHOD target HTTP/1.1\r\n` plus `name: value\r\n` for every header.
fn request_head_size<B>(req: &axum::http::Request<B>) -> usize {
    let uri = req.uri();
    // The target as sent: `scheme://authority` of an absolute target, then path and query.
    let target = uri.scheme_str().map_or(0, |s| s.len() + 3)
        + uri.authority().map_or(0, |a| a.as_str().len())
        + uri.path_and_query().map_or(0, |p| p.as_str().len());
    let line = req.method().as_str().len() + target + 12;
    line + req.headers().iter().map(|(name, value)| name.as_str().len() + value.len() + 4).sum::<usize>()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The head is counted as on the wire: the target as sent, whatever its form.
    #[test]
    fn a_request_head_is_counted_as_sent() {
        for target in ["/api/lms/a?b=c", "/", "http://portal.example:8443/learn/x?y", "*"] {
            let req = axum::http::Request::builder()
                .uri(target)
                .header("x-requested-with", "XMLHttpRequest")
                .body(())
                .expect("request");
            let wire = format!("GET {target} HTTP/1.1\r\nx-requested-with: XMLHttpRequest\r\n");
            assert_eq!(request_head_size(&req), wire.len(), "{target}");
        }
    }
}
