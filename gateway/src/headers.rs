//! Names of the headers the gateway reads or writes on every request that `http` has no
//! constant for. Looked up as [`HeaderName`]s rather than as text, a name is not parsed again at
//! each use.

use axum::http::HeaderName;

/// The request's id, kept from the browser when fit or set by the gateway ([`crate::middleware`]).
pub const X_REQUEST_ID: HeaderName = HeaderName::from_static("x-request-id");
/// `X-Requested-With: XMLHttpRequest`, which API calls must send ([`crate::auth::csrf`]).
pub const X_REQUESTED_WITH: HeaderName = HeaderName::from_static("x-requested-with");
/// RFC 7240 `Prefer`, passed on to the upstream.
pub const PREFER: HeaderName = HeaderName::from_static("prefer");
/// W3C Trace Context ([`crate::telemetry`]).
pub const TRACEPARENT: HeaderName = HeaderName::from_static("traceparent");
/// W3C Trace Context ([`crate::telemetry`]).
pub const TRACESTATE: HeaderName = HeaderName::from_static("tracestate");
/// Fetch metadata: where the browser says a request came from ([`crate::auth::csrf`]).
pub const SEC_FETCH_SITE: HeaderName = HeaderName::from_static("sec-fetch-site");
