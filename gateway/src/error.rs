//! One error type, mapped to one problem-JSON shape.
//!
//! 4xx bodies say what was wrong; 5xx bodies stay generic and the cause rides on a response
//! extension ([`ErrorCause`]) that the trace layer records with the request id.

use axum::{
    Json,
    http::{HeaderValue, StatusCode, header},
    response::{IntoResponse, Response},
};
use contracts::bff::{Problem, UnauthorizedReason};

/// Every way a request can fail.
#[derive(Debug, thiserror::Error)]
pub enum AppError {
    /// No valid session. The tenant layer writes the body, with this request's login URL.
    #[error("no valid session ({0:?})")]
    Unauthorized(UnauthorizedReason),
    /// The upstream refused the session's access token (the `Authorization` the call sent, a
    /// sensitive header value). The tenant layer renews the token and, for a read, asks once
    /// more ([`crate::middleware`]); what is still refused then is a 401 `token_refused`.
    #[error("the learning platform refused the session's access token")]
    TokenRefused(Option<HeaderValue>),
    /// The request itself is wrong; the message is shown to the caller.
    #[error("bad request: {0}")]
    BadRequest(String),
    /// The caller may not do this; the message is shown.
    #[error("forbidden: {0}")]
    Forbidden(String),
    /// No such resource.
    #[error("not found")]
    NotFound,
    /// The Host header names no tenant.
    #[error("unknown host")]
    MisdirectedRequest,
    /// The upstream LMS or identity provider took too long.
    #[error("upstream timed out: {0}")]
    UpstreamTimeout(String),
    /// The upstream could not be reached or answered badly.
    #[error("bad upstream answer: {0}")]
    BadGateway(String),
    /// The identity provider could not be reached or answered badly (discovery, keys, token).
    #[error("identity provider unavailable: {0}")]
    IdentityProviderUnavailable(String),
    /// A dependency is unavailable (session store down, load shed).
    #[error("unavailable: {0}")]
    Unavailable(String),
    /// The request body is larger than this route accepts.
    #[error("payload too large: {0}")]
    PayloadTooLarge(String),
    /// The request body is not of a media type this route reads (JSON).
    #[error("unsupported media type: {0}")]
    UnsupportedMediaType(String),
    /// The request conflicts with the resource's state; a stable code and a message are shown.
    #[error("conflict ({0}): {1}")]
    Conflict(&'static str, String),
    /// The upstream refused or failed a command: its first message and its field errors are
    /// shown (spec section 8).
    #[error("command failed: {message}")]
    CommandFailed {
        /// The problem's code: `command_failed` when `message` is the upstream's own words, else
        /// the code of the gateway's fallback text ([`crate::domain::commands::FAILED`] and the
        /// codes beside it).
        code: &'static str,
        /// The first real message, or a fallback of spec section 8.
        message: String,
        /// Messages per field.
        field_errors: std::collections::BTreeMap<String, Vec<String>>,
    },
    /// The course cannot start now (spec sections 4 and 8): its code, message and date are shown.
    #[error("start refused: {}", .0.message())]
    StartRefused(crate::domain::commands::StartRefusal),
    /// A command did not complete while the portal waited (for example 'Time over!'); a stable
    /// code and a message are shown.
    #[error("command not completed in time ({0}): {1}")]
    CommandTimedOut(&'static str, String),
    /// The caller holds too many of something at once (streams per session); the message is shown.
    #[error("too many requests: {0}")]
    TooManyRequests(String),
    /// Anything else; never shown to the caller.
    #[error(transparent)]
    Internal(#[from] anyhow::Error),
}

/// `Retry-After` of every 503 answer: a dependency is unavailable for now, try again soon.
pub const RETRY_AFTER_SECS: &str = "2";

/// The cause of a 5xx answer, for the logs only.
#[derive(Debug, Clone)]
pub struct ErrorCause(pub String);

impl AppError {
    fn status(&self) -> StatusCode {
        match self {
            AppError::Unauthorized(_) | AppError::TokenRefused(_) => StatusCode::UNAUTHORIZED,
            AppError::BadRequest(_) => StatusCode::BAD_REQUEST,
            AppError::Forbidden(_) => StatusCode::FORBIDDEN,
            AppError::NotFound => StatusCode::NOT_FOUND,
            AppError::MisdirectedRequest => StatusCode::MISDIRECTED_REQUEST,
            AppError::UpstreamTimeout(_) => StatusCode::GATEWAY_TIMEOUT,
            AppError::BadGateway(_) | AppError::IdentityProviderUnavailable(_) => StatusCode::BAD_GATEWAY,
            AppError::Unavailable(_) => StatusCode::SERVICE_UNAVAILABLE,
            AppError::PayloadTooLarge(_) => StatusCode::PAYLOAD_TOO_LARGE,
            AppError::UnsupportedMediaType(_) => StatusCode::UNSUPPORTED_MEDIA_TYPE,
            AppError::Conflict(..) | AppError::StartRefused(_) => StatusCode::CONFLICT,
            AppError::CommandFailed { .. } => StatusCode::UNPROCESSABLE_ENTITY,
            AppError::CommandTimedOut(..) => StatusCode::GATEWAY_TIMEOUT,
            AppError::TooManyRequests(_) => StatusCode::TOO_MANY_REQUESTS,
            AppError::Internal(_) => StatusCode::INTERNAL_SERVER_ERROR,
        }
    }
}

/// A problem body for `status` with a stable `error` code.
pub fn problem(status: StatusCode, error: &str, detail: Option<String>) -> Response {
    problem_with_fields(status, error, detail, None)
}

/// A problem body for `status` with a stable `error` code and a title of its own (rather than
/// the status's reason phrase), for answers a client shows as they are.
pub fn problem_titled(status: StatusCode, error: &str, title: &str, detail: Option<String>) -> Response {
    problem_response(Problem { title: title.into(), ..problem_body(status, error, detail) })
}

/// A problem body for `status` with a stable `error` code and messages per field.
pub fn problem_with_fields(
    status: StatusCode,
    error: &str,
    detail: Option<String>,
    field_errors: Option<std::collections::BTreeMap<String, Vec<String>>>,
) -> Response {
    problem_response(Problem { field_errors, ..problem_body(status, error, detail) })
}

/// The fields every problem has, titled by the status's reason phrase.
fn problem_body(status: StatusCode, error: &str, detail: Option<String>) -> Problem {
    Problem {
        error: error.into(),
        title: status.canonical_reason().unwrap_or("Error").into(),
        status: status.as_u16(),
        detail,
        request_id: None,
        field_errors: None,
        date: None,
    }
}

/// The problem as an answer: its status, the JSON body and the problem media type.
fn problem_response(body: Problem) -> Response {
    let status = StatusCode::from_u16(body.status).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR);
    let mut response = (status, Json(body)).into_response();
    response.headers_mut().insert(header::CONTENT_TYPE, HeaderValue::from_static("application/problem+json"));
    response
}

impl IntoResponse for AppError {
    fn into_response(self) -> Response {
        let status = self.status();
        let mut response = match &self {
            AppError::Unauthorized(reason) => crate::middleware::NeedsLogin(*reason).into_response(),
            AppError::TokenRefused(sent) => {
                let mut response = crate::middleware::NeedsLogin(UnauthorizedReason::TokenRefused).into_response();
                response.extensions_mut().insert(crate::middleware::RefusedToken(sent.clone()));
                response
            }
            AppError::BadRequest(m) => problem(status, "bad_request", Some(m.clone())),
            AppError::Forbidden(m) => problem(status, "forbidden", Some(m.clone())),
            AppError::NotFound => problem(status, "not_found", None),
            AppError::MisdirectedRequest => {
                problem(status, "unknown_host", Some("This host does not serve the learner portal.".into()))
            }
            AppError::UpstreamTimeout(_) => {
                problem(status, "upstream_timeout", Some("The learning platform did not answer in time.".into()))
            }
            AppError::BadGateway(_) => {
                problem(status, "bad_gateway", Some("The learning platform could not be reached.".into()))
            }
            AppError::IdentityProviderUnavailable(_) => problem(
                status,
                "identity_provider_unavailable",
                Some("The sign-in service could not be reached; please try again shortly.".into()),
            ),
            AppError::Unavailable(_) => {
                problem(status, "unavailable", Some("The service is unavailable; please try again shortly.".into()))
            }
            AppError::PayloadTooLarge(m) => problem(status, "payload_too_large", Some(m.clone())),
            AppError::UnsupportedMediaType(m) => problem(status, "unsupported_media_type", Some(m.clone())),
            AppError::Conflict(code, m) => problem(status, code, Some(m.clone())),
            AppError::StartRefused(refusal) => problem_response(Problem {
                date: refusal.date(),
                ..problem_body(status, refusal.code(), Some(refusal.message()))
            }),
            AppError::CommandFailed { code, message, field_errors } => problem_with_fields(
                status,
                code,
                Some(message.clone()),
                (!field_errors.is_empty()).then(|| field_errors.clone()),
            ),
            AppError::CommandTimedOut(code, m) => problem(status, code, Some(m.clone())),
            AppError::TooManyRequests(m) => problem(status, "too_many_requests", Some(m.clone())),
            AppError::Internal(_) => problem(status, "internal", None),
        };
        if status == StatusCode::SERVICE_UNAVAILABLE {
            // Transient by definition: the same request may succeed a moment later.
            response.headers_mut().insert(header::RETRY_AFTER, HeaderValue::from_static(RETRY_AFTER_SECS));
        }
        if status.is_server_error() {
            response.extensions_mut().insert(ErrorCause(format!("{self:#}")));
        }
        response
    }
}

impl From<crate::auth::session::StoreError> for AppError {
    fn from(e: crate::auth::session::StoreError) -> Self {
        // Never a silent logout: a store that does not answer is a 503, not "no session".
        AppError::Unavailable(e.to_string())
    }
}

/// Result alias for handlers.
pub type AppResult<T> = Result<T, AppError>;
