//! Extractors whose rejections use the one problem shape of [`AppError`].

use axum::extract::{FromRequestParts, rejection::QueryRejection};

use crate::error::AppError;

/// `axum::extract::Query`, answering a readable 400 problem when the query does not parse.
#[derive(Debug, FromRequestParts)]
#[from_request(via(axum::extract::Query), rejection(AppError))]
pub struct Query<T>(pub T);

impl From<QueryRejection> for AppError {
    fn from(rejection: QueryRejection) -> Self {
        AppError::BadRequest(rejection.body_text())
    }
}

/// `axum::Json`, answering a readable 400 problem when the body is not the expected JSON, 415
/// without a JSON content type, and 413 when it is larger than the route's body limit.
#[derive(Debug, axum::extract::FromRequest)]
#[from_request(via(axum::Json), rejection(AppError))]
pub struct Json<T>(pub T);

impl From<axum::extract::rejection::JsonRejection> for AppError {
    fn from(rejection: axum::extract::rejection::JsonRejection) -> Self {
        use axum::http::StatusCode;
        match rejection.status() {
            StatusCode::PAYLOAD_TOO_LARGE => AppError::PayloadTooLarge(rejection.body_text()),
            StatusCode::UNSUPPORTED_MEDIA_TYPE => AppError::UnsupportedMediaType(rejection.body_text()),
            _ => AppError::BadRequest(rejection.body_text()),
        }
    }
}
