//! The request id (outer layers 1 and 3, see [`super`]): a client's `X-Request-Id` kept when it
//! is fit, a fresh one set when it is absent or dropped, and the id on the answer.
//!
//! Hand-written rather than tower-http's `SetRequestId` and `PropagateRequestId`, which also
//! keep the id in the request's and the answer's extensions (the answer's a map allocated for it
//! alone), where nothing of the gateway reads it: beside the connection's address and the tenant
//! layer's portal, that one more entry made every request's extensions grow their table (about
//! 400 instructions a pass-through request in the bench's count, tests/load/README.md scenario
//! 6). Their id maker also built each id as a string first.

use std::{
    pin::Pin,
    task::{Context, Poll},
};

use axum::{
    extract::Request,
    http::{HeaderValue, Response},
};

use crate::headers::X_REQUEST_ID;

/// Keeps the request's `X-Request-Id` when it is 1 to 64 characters of `[A-Za-z0-9._-]` and
/// comes once (anything else could forge log lines or bloat upstream calls); else sets a fresh
/// one ([`fresh_id`]), so every log line and upstream call has one.
pub(super) fn settle(req: &mut Request) {
    let ids = req.headers().get_all(X_REQUEST_ID);
    let mut values = ids.iter();
    let fit = match (values.next(), values.next()) {
        (Some(id), None) => {
            (1..=64).contains(&id.len())
                && id.as_bytes().iter().all(|b| b.is_ascii_alphanumeric() || matches!(b, b'.' | b'_' | b'-'))
        }
        _ => false,
    };
    if !fit {
        req.headers_mut().insert(X_REQUEST_ID, fresh_id());
    }
}

/// A fresh request id in the shape of a UUID: 64 random bits drawn once per process, then a
/// counter, so ids stay unique across instances without a random draw (a system call) per
/// request.
pub(super) fn fresh_id() -> HeaderValue {
    static PREFIX: std::sync::LazyLock<u64> = std::sync::LazyLock::new(rand::random);
    static NEXT: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(1);
    let n = NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let mut buffer = uuid::Uuid::encode_buffer();
    let id = uuid::Uuid::from_u64_pair(*PREFIX, n).hyphenated().encode_lower(&mut buffer);
    HeaderValue::from_str(id).expect("hex digits and hyphens")
}

/// Puts the request's id ([`settle`]) on its answer, unless the answer names one already.
#[derive(Debug, Clone, Copy)]
pub(super) struct PropagateLayer;

impl<S> tower::Layer<S> for PropagateLayer {
    type Service = Propagate<S>;

    fn layer(&self, inner: S) -> Propagate<S> {
        Propagate { inner }
    }
}

/// See [`PropagateLayer`].
#[derive(Debug, Clone)]
pub(super) struct Propagate<S> {
    inner: S,
}

impl<S, B> tower::Service<Request> for Propagate<S>
where
    S: tower::Service<Request, Response = Response<B>>,
{
    type Response = Response<B>;
    type Error = S::Error;
    type Future = Propagated<S::Future>;

    fn poll_ready(&mut self, cx: &mut Context<'_>) -> Poll<Result<(), S::Error>> {
        self.inner.poll_ready(cx)
    }

    fn call(&mut self, req: Request) -> Self::Future {
        let id = req.headers().get(X_REQUEST_ID).cloned();
        Propagated { answer: self.inner.call(req), id }
    }
}

pin_project_lite::pin_project! {
    /// The answer of the service below, with the request's id.
    pub(super) struct Propagated<F> {
        #[pin]
        answer: F,
        id: Option<HeaderValue>,
    }
}

impl<F, B, E> Future for Propagated<F>
where
    F: Future<Output = Result<Response<B>, E>>,
{
    type Output = F::Output;

    fn poll(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Self::Output> {
        let this = self.project();
        let mut response = std::task::ready!(this.answer.poll(cx))?;
        if let Some(id) = this.id.take()
            && !response.headers().contains_key(X_REQUEST_ID)
        {
            response.headers_mut().insert(X_REQUEST_ID, id);
        }
        Poll::Ready(Ok(response))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tower::{Layer, ServiceExt};

    /// Fresh request ids are UUID-shaped, and no two of a process are the same.
    #[test]
    fn fresh_request_ids_are_uuid_shaped_and_unique() {
        let ids: std::collections::HashSet<String> = (0..1000)
            .map(|_| {
                let text = fresh_id().to_str().expect("ascii").to_owned();
                assert!(uuid::Uuid::try_parse(&text).is_ok(), "{text}");
                text
            })
            .collect();
        assert_eq!(ids.len(), 1000);
    }

    fn request(ids: &[&str]) -> Request {
        let mut req = Request::new(axum::body::Body::empty());
        for id in ids {
            req.headers_mut().append(X_REQUEST_ID, HeaderValue::from_str(id).expect("value"));
        }
        req
    }

    fn ids_of(req: &Request) -> Vec<String> {
        req.headers().get_all(X_REQUEST_ID).iter().map(|v| v.to_str().expect("ascii").to_owned()).collect()
    }

    /// A fit id stays; an unfit one, two of them or none make way for one fresh id.
    #[test]
    fn a_fit_request_id_is_kept_and_any_other_replaced() {
        for kept in ["abc-123", "a", "A.b_C-9", &"x".repeat(64)] {
            let mut req = request(&[kept]);
            settle(&mut req);
            assert_eq!(ids_of(&req), [kept]);
        }
        for refused in [&["a b"][..], &[""], &[&*"x".repeat(65)], &["a\"b"], &["one", "two"], &[]] {
            let mut req = request(refused);
            settle(&mut req);
            let ids = ids_of(&req);
            assert_eq!(ids.len(), 1, "{refused:?}: {ids:?}");
            assert!(uuid::Uuid::try_parse(&ids[0]).is_ok(), "{refused:?}: {ids:?}");
        }
    }

    /// The answer carries the request's id, unless it names one of its own.
    #[tokio::test]
    async fn the_answer_carries_the_request_id() {
        let echo = tower::service_fn(|req: Request| async move {
            let mut response = Response::new(());
            if req.uri().path() == "/own" {
                response.headers_mut().insert(X_REQUEST_ID, HeaderValue::from_static("own"));
            }
            Ok::<_, std::convert::Infallible>(response)
        });
        let service = PropagateLayer.layer(echo);
        let answer = service.clone().oneshot(request(&["req-1"])).await.expect("answer");
        assert_eq!(answer.headers().get(X_REQUEST_ID).expect("id"), "req-1");
        let mut own = request(&["req-2"]);
        *own.uri_mut() = "/own".parse().expect("uri");
        let answer = service.clone().oneshot(own).await.expect("answer");
        assert_eq!(answer.headers().get_all(X_REQUEST_ID).iter().collect::<Vec<_>>(), ["own"]);
        let answer = service.oneshot(request(&[])).await.expect("answer");
        assert!(answer.headers().get(X_REQUEST_ID).is_none());
    }
}
