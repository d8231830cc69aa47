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
