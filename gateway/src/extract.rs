//! Extractors whose rejections use the one problem shape of [`AppError`]. `clippy.toml`
//! disallows axum's own `Path` and `Query` everywhere else, so no route answers axum's
//! plain-text rejections.
#![expect(clippy::disallowed_types, reason = "the wrappers of the disallowed extractors")]

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
            _ => AppError::BadRequest(without_type_names(&rejection.body_text())),
        }
    }
}

/// serde's words for a body of the wrong shape name the gateway's types (`expected struct
/// TimezoneRequest`); the caller reads what it should have sent instead (`expected a JSON
/// object`). Field names, positions and values stay as serde wrote them.
fn without_type_names(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    loop {
        let found = [("struct ", "a JSON object"), ("enum ", "one of its values")]
            .into_iter()
            .filter_map(|(kind, words)| rest.find(kind).map(|at| (at, kind, words)))
            .min_by_key(|(at, ..)| *at);
        let Some((at, kind, words)) = found else { break };
        let name_start = at + kind.len();
        let name_len = rest[name_start..]
            .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
            .unwrap_or(rest.len() - name_start);
        if name_len == 0 {
            out.push_str(&rest[..name_start]);
        } else {
            out.push_str(&rest[..at]);
            out.push_str(words);
        }
        rest = &rest[name_start + name_len..];
    }
    out.push_str(rest);
    out
}

#[cfg(test)]
mod tests {
    use super::without_type_names;

    #[test]
    fn json_refusals_name_no_type_of_the_gateway() {
        let cases = [
            (
                "Failed to deserialize the JSON body into the target type: invalid type: string \"UTC\", expected struct TimezoneRequest at line 1 column 5",
                "Failed to deserialize the JSON body into the target type: invalid type: string \"UTC\", expected a JSON object at line 1 column 5",
            ),
            (
                "invalid length 0, expected struct PostChatMessage with 1 element",
                "invalid length 0, expected a JSON object with 1 element",
            ),
            ("unknown variant `x`, expected enum Kind", "unknown variant `x`, expected one of its values"),
            ("missing field `timezone` at line 1 column 2", "missing field `timezone` at line 1 column 2"),
            ("a struct  alone", "a struct  alone"),
            ("expected enum A or struct B", "expected one of its values or a JSON object"),
        ];
        for (serde, expected) in cases {
            assert_eq!(without_type_names(serde), expected);
        }
    }
}

/// `axum::extract::Path`, answering a readable 400 problem when a path parameter does not
/// decode (percent-encoded bytes that are not UTF-8) or does not parse; a route whose
/// parameters do not fit its handler is the gateway's fault (500).
#[derive(Debug, FromRequestParts)]
#[from_request(via(axum::extract::Path), rejection(AppError))]
pub struct Path<T>(pub T);

impl From<axum::extract::rejection::PathRejection> for AppError {
    fn from(rejection: axum::extract::rejection::PathRejection) -> Self {
        if rejection.status().is_server_error() {
            AppError::Internal(anyhow::anyhow!("path parameters: {}", rejection.body_text()))
        } else {
            AppError::BadRequest(rejection.body_text())
        }
    }
}
