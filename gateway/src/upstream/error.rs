//! How an upstream call fails, as types: the retry rule and the answer the browser gets
//! ([`AppError`]) are decided from the variant, the status and the transport cause, never from
//! the words of a message (those are for logs only).

use reqwest::StatusCode;

use crate::error::AppError;

/// Why a call got no answer from the upstream (a timeout is [`UpstreamError::Timeout`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TransportCause {
    /// The connection could not be opened: refused, unreachable, name or TLS failure.
    Connect,
    /// The connection broke off: reset, aborted, or closed before the answer was complete.
    Reset,
    /// Any other failure to send the request or read the answer.
    Other,
}

/// A failed upstream call; the first `String` says what the gateway was doing.
#[derive(Debug, Clone, thiserror::Error)]
pub enum UpstreamError {
    /// The call timed out.
    #[error("{0}: timed out")]
    Timeout(String),
    /// The upstream could not be reached, or the connection failed; the last field is the HTTP
    /// client's own description.
    #[error("{0}: {2}")]
    Transport(String, TransportCause, String),
    /// The upstream refused the token; the second field is the `Authorization` the call sent
    /// (a sensitive header value: its `Debug` never shows the token), so the gateway can tell
    /// whether the session has renewed it since.
    #[error("{0}: token refused")]
    Unauthorized(String, Option<reqwest::header::HeaderValue>),
    /// The upstream refused the user.
    #[error("{0}: forbidden")]
    Forbidden(String),
    /// No such resource upstream.
    #[error("{0}: not found")]
    NotFound(String),
    /// The upstream refused the input; the body carries its field errors.
    #[error("{0}: refused ({1})")]
    Rejected(String, serde_json::Value),
    /// Too many calls to this tenant's upstream in flight for too long.
    #[error("{0}: too many upstream calls in flight")]
    Busy(String),
    /// An answer with any other status.
    #[error("{0}: status {1}")]
    Status(String, StatusCode),
    /// An answer the gateway cannot use (unreadable, too large, a status address on another
    /// origin), or an address it could not build.
    #[error("{0}: {1}")]
    Bad(String, String),
}

impl UpstreamError {
    /// Whether sending the same idempotent call again may succeed: the connection failed (any
    /// [`TransportCause`]), or a gateway in front of the upstream answered 502, 503 or 504. A
    /// timeout is not retried: the call already used its whole time.
    pub fn is_transient(&self) -> bool {
        match self {
            UpstreamError::Transport(..) => true,
            UpstreamError::Status(_, status) => matches!(
                *status,
                StatusCode::BAD_GATEWAY | StatusCode::SERVICE_UNAVAILABLE | StatusCode::GATEWAY_TIMEOUT
            ),
            UpstreamError::Timeout(_)
            | UpstreamError::Unauthorized(..)
            | UpstreamError::Forbidden(_)
            | UpstreamError::NotFound(_)
            | UpstreamError::Rejected(..)
            | UpstreamError::Busy(_)
            | UpstreamError::Bad(..) => false,
        }
    }

    /// Whether the call failed on the platform's side (no answer, a timeout, a 5xx or unusable
    /// answer, no upstream slot), rather than refusing this request (401, 403, 404, 400/422).
    /// A view can show itself without a part whose read failed so.
    pub fn is_platform_failure(&self) -> bool {
        match self {
            UpstreamError::Timeout(_)
            | UpstreamError::Transport(..)
            | UpstreamError::Status(..)
            | UpstreamError::Bad(..)
            | UpstreamError::Busy(_) => true,
            UpstreamError::Unauthorized(..)
            | UpstreamError::Forbidden(_)
            | UpstreamError::NotFound(_)
            | UpstreamError::Rejected(..) => false,
        }
    }

    /// The `outcome` label of an upstream call's metrics.
    pub(super) fn outcome(&self) -> &'static str {
        match self {
            UpstreamError::Timeout(_) => "timeout",
            UpstreamError::Transport(..) => "connect",
            UpstreamError::Unauthorized(..) => "unauthorized",
            UpstreamError::Forbidden(_) => "forbidden",
            UpstreamError::NotFound(_) => "not_found",
            UpstreamError::Rejected(..) => "rejected",
            UpstreamError::Busy(_) => "busy",
            UpstreamError::Status(..) | UpstreamError::Bad(..) => "bad",
        }
    }
}

impl From<UpstreamError> for AppError {
    fn from(e: UpstreamError) -> Self {
        match e {
            UpstreamError::Timeout(_) => AppError::UpstreamTimeout(e.to_string()),
            UpstreamError::Transport(..) | UpstreamError::Status(..) | UpstreamError::Bad(..) => {
                AppError::BadGateway(e.to_string())
            }
            UpstreamError::Unauthorized(_, sent) => AppError::TokenRefused(sent),
            UpstreamError::Forbidden(_) => AppError::Forbidden("The learning platform refused this request.".into()),
            UpstreamError::NotFound(_) => AppError::NotFound,
            UpstreamError::Rejected(..) => AppError::BadGateway(e.to_string()),
            UpstreamError::Busy(_) => AppError::Unavailable(e.to_string()),
        }
    }
}

/// The error of a call the HTTP client could not complete, by cause.
pub(super) fn transport(what: &str, e: reqwest::Error) -> UpstreamError {
    if e.is_timeout() {
        return UpstreamError::Timeout(what.into());
    }
    transport_by_cause(what, e.is_connect(), &e)
}

/// The error of a call that got no whole answer and did not time out: [`TransportCause::Connect`]
/// when the client says the connection could not be opened, else by the error's sources.
pub(super) fn transport_by_cause(what: &str, connect: bool, e: &(dyn std::error::Error + 'static)) -> UpstreamError {
    let cause = if connect {
        TransportCause::Connect
    } else if broke_off(e) {
        TransportCause::Reset
    } else {
        TransportCause::Other
    };
    UpstreamError::Transport(what.into(), cause, error_chain(e))
}

/// `e` and its sources, joined by ": " (hyper's errors name only their own layer).
fn error_chain(e: &(dyn std::error::Error + 'static)) -> String {
    let mut text = e.to_string();
    let mut source = e.source();
    while let Some(cause) = source {
        let more = cause.to_string();
        if !text.contains(&more) {
            text.push_str(": ");
            text.push_str(&more);
        }
        source = cause.source();
    }
    text
}

/// Whether the connection broke off under the call: an I/O reset, abort or early end, or the
/// peer closing before a whole answer, found in the error or anywhere in its sources.
fn broke_off(e: &(dyn std::error::Error + 'static)) -> bool {
    let mut source = Some(e);
    while let Some(cause) = source {
        if let Some(io) = cause.downcast_ref::<std::io::Error>()
            && matches!(
                io.kind(),
                std::io::ErrorKind::ConnectionReset
                    | std::io::ErrorKind::ConnectionAborted
                    | std::io::ErrorKind::BrokenPipe
                    | std::io::ErrorKind::UnexpectedEof
            )
        {
            return true;
        }
        if cause.downcast_ref::<hyper::Error>().is_some_and(hyper::Error::is_incomplete_message) {
            return true;
        }
        source = cause.source();
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn platform_failures_are_the_platforms_not_refusals_of_the_request() {
        let cases = [
            (UpstreamError::Timeout("x".into()), true),
            (UpstreamError::Transport("x".into(), TransportCause::Reset, "reset".into()), true),
            (UpstreamError::Status("x".into(), StatusCode::INTERNAL_SERVER_ERROR), true),
            (UpstreamError::Bad("x".into(), "not JSON".into()), true),
            (UpstreamError::Busy("x".into()), true),
            (UpstreamError::Unauthorized("x".into(), None), false),
            (UpstreamError::Forbidden("x".into()), false),
            (UpstreamError::NotFound("x".into()), false),
            (UpstreamError::Rejected("x".into(), serde_json::Value::Null), false),
        ];
        for (e, platform) in cases {
            assert_eq!(e.is_platform_failure(), platform, "{e:?}");
            if platform {
                let answer = axum::response::IntoResponse::into_response(AppError::from(e)).status();
                assert!(answer.is_server_error(), "a platform failure is the gateway's 5xx, not {answer}");
            }
        }
    }

    #[test]
    fn the_retry_rule_reads_the_error_type_never_its_words() {
        // Whatever the operation is called and whatever the client's description says, the
        // type alone decides; a message that looks like a retryable one does not retry.
        for words in ["reading", "", "gateway status 503", "status 500 Internal Server Error", "timed out"] {
            let transient = [
                UpstreamError::Status(words.into(), StatusCode::BAD_GATEWAY),
                UpstreamError::Status(words.into(), StatusCode::SERVICE_UNAVAILABLE),
                UpstreamError::Status(words.into(), StatusCode::GATEWAY_TIMEOUT),
                UpstreamError::Transport(words.into(), TransportCause::Connect, words.into()),
                UpstreamError::Transport(words.into(), TransportCause::Reset, words.into()),
                UpstreamError::Transport(words.into(), TransportCause::Other, words.into()),
            ];
            for e in &transient {
                assert!(e.is_transient(), "{e:?}");
            }
            let final_ = [
                UpstreamError::Status(words.into(), StatusCode::INTERNAL_SERVER_ERROR),
                UpstreamError::Status(words.into(), StatusCode::CONFLICT),
                UpstreamError::Bad(words.into(), format!("gateway status 503 {words}")),
                UpstreamError::Timeout(words.into()),
                UpstreamError::Busy(words.into()),
                UpstreamError::NotFound(words.into()),
                UpstreamError::Rejected(words.into(), serde_json::Value::Null),
            ];
            for e in &final_ {
                assert!(!e.is_transient(), "{e:?}");
            }
        }
    }

    #[test]
    fn each_failure_maps_to_its_answer() {
        use axum::response::IntoResponse;
        let cases = [
            (UpstreamError::Timeout("x".into()), StatusCode::GATEWAY_TIMEOUT),
            (UpstreamError::Transport("x".into(), TransportCause::Reset, "reset".into()), StatusCode::BAD_GATEWAY),
            (UpstreamError::Status("x".into(), StatusCode::SERVICE_UNAVAILABLE), StatusCode::BAD_GATEWAY),
            (UpstreamError::Bad("x".into(), "unreadable".into()), StatusCode::BAD_GATEWAY),
            (UpstreamError::Rejected("x".into(), serde_json::Value::Null), StatusCode::BAD_GATEWAY),
            (UpstreamError::Unauthorized("x".into(), None), StatusCode::UNAUTHORIZED),
            (UpstreamError::Forbidden("x".into()), StatusCode::FORBIDDEN),
            (UpstreamError::NotFound("x".into()), StatusCode::NOT_FOUND),
            (UpstreamError::Busy("x".into()), StatusCode::SERVICE_UNAVAILABLE),
        ];
        for (e, status) in cases {
            let shown = format!("{e:?}");
            assert_eq!(AppError::from(e).into_response().status(), status, "{shown}");
        }
    }
}
