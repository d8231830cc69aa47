//! The request limits of the outer layers ([`super::apply_outer_layers`]): the head's size as
//! the client sent it, and the body read whole within its time and size.

use std::{
    convert::Infallible,
    task::{Context, Poll},
    time::Duration,
};

use axum::{
    BoxError,
    body::{Body, Bytes, HttpBody},
    extract::Request,
    http::{HeaderValue, StatusCode, header},
    response::Response,
};
use futures::future::{self, BoxFuture, Either, FutureExt, Map, Ready};
use tower::{Layer, Service};

use super::without_tenant_headers;
use crate::error::problem;

/// The size of the request head as the client sent it: taken before the outer layers add their
/// own headers (request id, trace context), which do not count against the client's limit.
#[derive(Debug, Clone, Copy)]
struct SentHeadSize(usize);

/// Notes the head's size as sent, for [`RequestLimits`]; first of the outer layers.
pub(super) fn note_sent_head(req: &mut Request) {
    let sent = SentHeadSize(request_head_size(req));
    req.extensions_mut().insert(sent);
}

/// The head and body limits (outer layers 5 and 6, see [`super`]) as one tower service, in
/// front of `S`.
///
/// Written as a service rather than with `axum::middleware::from_fn`, which on every request
/// clones the whole stack of services below it (each boxed route level allocating again) and
/// boxes its `Next` and its future. In the bench (`tests/load/bench.py --against`, both builds
/// serving at once, medians of 6 rounds), these two limits and the request metrics written as
/// services took 2.1 and 3.1 µs less CPU per pass-through request than with `from_fn` (about 4 %
/// of it); a build without the two limits at all, 5.5 less. Here a request without a body goes
/// on to `S` at once, with nothing cloned or boxed; only a request with a body to read first
/// takes the clone and the box (commands, a few per page).
#[derive(Debug, Clone, Copy)]
pub(super) struct RequestLimitsLayer {
    /// `limits.max_request_header_bytes`.
    pub max_head_bytes: usize,
    /// `limits.request_body_timeout_secs`.
    pub body_timeout: Duration,
    /// `limits.request_body_bytes`.
    pub max_body_bytes: usize,
}

impl<S> Layer<S> for RequestLimitsLayer {
    type Service = RequestLimits<S>;

    fn layer(&self, inner: S) -> Self::Service {
        RequestLimits { inner, limits: *self }
    }
}

/// See [`RequestLimitsLayer`].
#[derive(Debug, Clone)]
pub(super) struct RequestLimits<S> {
    inner: S,
    limits: RequestLimitsLayer,
}

/// An answer of the service below, with its body as axum's.
type Answered<B> = fn(Result<Response<B>, Infallible>) -> Result<Response, Infallible>;

fn answered<B>(result: Result<Response<B>, Infallible>) -> Result<Response, Infallible>
where
    B: HttpBody<Data = Bytes> + Send + 'static,
    B::Error: Into<BoxError>,
{
    result.map(|response| response.map(Body::new))
}

impl<S, B> Service<Request> for RequestLimits<S>
where
    S: Service<Request, Response = Response<B>, Error = Infallible> + Clone + Send + 'static,
    S::Future: Send + 'static,
    B: HttpBody<Data = Bytes> + Send + 'static,
    B::Error: Into<BoxError>,
{
    type Response = Response;
    type Error = Infallible;
    type Future = Either<
        Either<Ready<Result<Response, Infallible>>, Map<S::Future, Answered<B>>>,
        BoxFuture<'static, Result<Response, Infallible>>,
    >;

    fn poll_ready(&mut self, cx: &mut Context<'_>) -> Poll<Result<(), Infallible>> {
        self.inner.poll_ready(cx)
    }

    fn call(&mut self, mut req: Request) -> Self::Future {
        let limits = self.limits;
        // Taken out, not read: the request's extensions then have room for those of the tenant
        // layer (portal, session cookie) beside the connection's address without growing.
        let sent = req.extensions_mut().remove::<SentHeadSize>();
        if let Some(refusal) = head_refusal(&req, sent, limits.max_head_bytes) {
            return Either::Left(Either::Left(future::ready(Ok(refusal))));
        }
        if req.body().is_end_stream() {
            return Either::Left(Either::Right(self.inner.call(req).map(answered::<B> as Answered<B>)));
        }
        // The body is read before the service below is called, so the future takes that
        // service along: the clone stays here, ready or not, and the one made ready by
        // `poll_ready` goes (tower's usual swap).
        let clone = self.inner.clone();
        let mut inner = std::mem::replace(&mut self.inner, clone);
        Either::Right(Box::pin(async move {
            match read_body_in_time(req, limits.body_timeout, limits.max_body_bytes).await {
                Ok(req) => answered(inner.call(req).await),
                Err(refusal) => Ok(refusal),
            }
        }))
    }
}

/// 431 when the request line and headers, counted as on the wire, exceed `max_bytes`.
/// (`sent`: the size [`note_sent_head`] noted, else it is counted now).
fn head_refusal(req: &Request, sent: Option<SentHeadSize>, max_bytes: usize) -> Option<Response> {
    let size = sent.map_or_else(|| request_head_size(req), |sent| sent.0);
    if size <= max_bytes {
        return None;
    }
    let mut response = problem(
        StatusCode::REQUEST_HEADER_FIELDS_TOO_LARGE,
        "request_header_fields_too_large",
        Some(format!("The request headers take {size} bytes; at most {max_bytes} are accepted.")),
    );
    without_tenant_headers(response.headers_mut());
    response.headers_mut().insert(header::CONNECTION, HeaderValue::from_static("close"));
    Some(response)
}

/// Reads the request body whole within `limit`: 408 when the client is slower, 413 past
/// `max_bytes`, 400 when the body breaks off.
async fn read_body_in_time(req: Request, limit: Duration, max_bytes: usize) -> Result<Request, Response> {
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
        return Err(too_large());
    }
    let (parts, body) = req.into_parts();
    match tokio::time::timeout(limit, axum::body::to_bytes(body, max_bytes)).await {
        Ok(Ok(bytes)) => Ok(Request::from_parts(parts, Body::from(bytes))),
        Ok(Err(e)) if too_long(&e) => Err(too_large()),
        Ok(Err(_)) => {
            let mut response =
                problem(StatusCode::BAD_REQUEST, "bad_request", Some("The request body broke off.".into()));
            without_tenant_headers(response.headers_mut());
            Err(response)
        }
        Err(_) => {
            let mut response = problem(
                StatusCode::REQUEST_TIMEOUT,
                "request_timeout",
                Some(format!("The request body did not arrive within {} s.", limit.as_secs())),
            );
            without_tenant_headers(response.headers_mut());
            response.headers_mut().insert(header::CONNECTION, HeaderValue::from_static("close"));
            Err(response)
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
    use std::sync::{
        Arc,
        atomic::{AtomicUsize, Ordering},
    };

    use tower::ServiceExt;

    use super::*;

    /// The service below: answers 200 with the length of the body it got, and counts how often
    /// it is cloned.
    #[derive(Debug)]
    struct Echo(Arc<AtomicUsize>);

    impl Clone for Echo {
        fn clone(&self) -> Self {
            self.0.fetch_add(1, Ordering::Relaxed);
            Echo(self.0.clone())
        }
    }

    impl Service<Request> for Echo {
        type Response = Response;
        type Error = Infallible;
        type Future = BoxFuture<'static, Result<Response, Infallible>>;

        fn poll_ready(&mut self, _: &mut Context<'_>) -> Poll<Result<(), Infallible>> {
            Poll::Ready(Ok(()))
        }

        fn call(&mut self, req: Request) -> Self::Future {
            Box::pin(async move {
                let body = axum::body::to_bytes(req.into_body(), usize::MAX).await.expect("a body read whole");
                Ok(Response::new(Body::from(body.len().to_string())))
            })
        }
    }

    const LIMITS: RequestLimitsLayer =
        RequestLimitsLayer { max_head_bytes: 200, body_timeout: Duration::from_millis(200), max_body_bytes: 10 };

    /// The answer to `req` through the limits, and how often the service below was cloned.
    async fn answer(req: Request) -> (StatusCode, String, usize) {
        let clones = Arc::new(AtomicUsize::new(0));
        let response = LIMITS.layer(Echo(clones.clone())).oneshot(req).await.expect("infallible");
        let status = response.status();
        let body = axum::body::to_bytes(response.into_body(), usize::MAX).await.expect("answer body");
        (status, String::from_utf8_lossy(&body).into_owned(), clones.load(Ordering::Relaxed))
    }

    fn post(body: Body) -> Request {
        axum::http::Request::post("/api/bff/profile/timezone").body(body).expect("request")
    }

    fn chunks(parts: Vec<Result<&'static str, std::io::Error>>) -> Body {
        Body::from_stream(futures::stream::iter(parts.into_iter().map(|p| p.map(|s| Bytes::from_static(s.as_bytes())))))
    }

    #[tokio::test]
    async fn a_request_without_a_body_goes_on_at_once_without_a_clone() {
        let req = axum::http::Request::get("/api/lms/x").body(Body::empty()).expect("request");
        assert_eq!(answer(req).await, (StatusCode::OK, "0".into(), 0));
    }

    #[tokio::test]
    async fn a_body_within_the_limits_goes_on_read_whole() {
        let (status, body, _) = answer(post(chunks(vec![Ok("12345"), Ok("6789")]))).await;
        assert_eq!((status, body.as_str()), (StatusCode::OK, "9"));
    }

    #[tokio::test]
    async fn a_head_over_the_limit_gets_431_and_goes_no_further() {
        let req = axum::http::Request::get("/api/lms/x").header("x-long", "a".repeat(200)).body(Body::empty());
        let (status, body, _) = answer(req.expect("request")).await;
        assert_eq!(status, StatusCode::REQUEST_HEADER_FIELDS_TOO_LARGE);
        assert!(body.contains("request_header_fields_too_large"), "{body}");
    }

    #[tokio::test]
    async fn a_body_over_the_limit_gets_413_declared_or_not() {
        let declared = axum::http::Request::post("/api/events")
            .header(header::CONTENT_LENGTH, "11")
            .body(chunks(vec![Ok("12345678901")]));
        for req in [declared.expect("request"), post(chunks(vec![Ok("123456"), Ok("789012")]))] {
            let (status, body, _) = answer(req).await;
            assert_eq!(status, StatusCode::PAYLOAD_TOO_LARGE);
            assert!(body.contains("payload_too_large"), "{body}");
        }
    }

    #[tokio::test]
    async fn a_body_slower_than_its_time_gets_408_and_one_that_breaks_off_400() {
        let never = Body::from_stream(futures::stream::pending::<Result<Bytes, std::io::Error>>());
        let (status, body, _) = answer(post(never)).await;
        assert_eq!(status, StatusCode::REQUEST_TIMEOUT, "{body}");
        let broken = chunks(vec![Ok("12"), Err(std::io::Error::other("reset"))]);
        let (status, body, _) = answer(post(broken)).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    }

    #[tokio::test]
    async fn the_limits_refusals_carry_the_headers_of_an_answer_without_a_tenant() {
        let never = Body::from_stream(futures::stream::pending::<Result<Bytes, std::io::Error>>());
        let broken = chunks(vec![Ok("12"), Err(std::io::Error::other("reset"))]);
        let long = axum::http::Request::get("/api/lms/x").header("x-long", "a".repeat(200)).body(Body::empty());
        for req in [post(never), post(broken), post(chunks(vec![Ok("123456"), Ok("789012")])), long.expect("request")] {
            let response = LIMITS.layer(Echo(Arc::default())).oneshot(req).await.expect("infallible");
            let h = response.headers();
            assert!(response.status().is_client_error(), "{}", response.status());
            assert_eq!(
                h.get(header::CACHE_CONTROL).map(|v| v.as_bytes()),
                Some(&b"no-store"[..]),
                "{}",
                response.status()
            );
            assert_eq!(h.get(header::X_CONTENT_TYPE_OPTIONS).map(|v| v.as_bytes()), Some(&b"nosniff"[..]));
        }
    }

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
