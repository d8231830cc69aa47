//! The request metrics of [`super::count_requests`] as a tower service.

use std::{sync::Arc, time::Instant};

use axum::{
    extract::{MatchedPath, Request},
    http::Method,
    response::Response,
};

use crate::metrics::Metrics;

/// The request metrics as a tower service (see [`super::count_requests`]). Written as one rather than
/// with `axum::middleware::from_fn`, which clones the whole stack of services below it and boxes
/// twice on every request (see `limits::RequestLimitsLayer` for what that cost): this one calls
/// the service below at once and only wraps its future.
#[derive(Debug, Clone)]
pub(super) struct CountRequestsLayer(pub Arc<Metrics>);

impl<S> tower::Layer<S> for CountRequestsLayer {
    type Service = CountRequests<S>;

    fn layer(&self, inner: S) -> Self::Service {
        CountRequests { inner, metrics: self.0.clone() }
    }
}

#[derive(Debug, Clone)]
pub(super) struct CountRequests<S> {
    inner: S,
    metrics: Arc<Metrics>,
}

impl<S, B> tower::Service<Request> for CountRequests<S>
where
    S: tower::Service<Request, Response = Response<B>>,
{
    type Response = Response<B>;
    type Error = S::Error;
    type Future = Counted<S::Future>;

    fn poll_ready(&mut self, cx: &mut std::task::Context<'_>) -> std::task::Poll<Result<(), Self::Error>> {
        self.inner.poll_ready(cx)
    }

    fn call(&mut self, req: Request) -> Self::Future {
        let started = Instant::now();
        let method = req.method().clone();
        let route = req.extensions().get::<MatchedPath>().cloned();
        Counted { answer: self.inner.call(req), counted: Some((self.metrics.clone(), method, route, started)) }
    }
}

pin_project_lite::pin_project! {
    /// The answer of the service below, counted once it is there.
    pub(super) struct Counted<F> {
        #[pin]
        answer: F,
        counted: Option<(Arc<Metrics>, Method, Option<MatchedPath>, Instant)>,
    }
}

impl<F, B, E> Future for Counted<F>
where
    F: Future<Output = Result<Response<B>, E>>,
{
    type Output = F::Output;

    fn poll(self: std::pin::Pin<&mut Self>, cx: &mut std::task::Context<'_>) -> std::task::Poll<Self::Output> {
        let this = self.project();
        let answer = std::task::ready!(this.answer.poll(cx));
        if let (Ok(response), Some((metrics, method, route, started))) = (&answer, this.counted.take()) {
            metrics.request_served(
                &method,
                route.as_ref().map(MatchedPath::as_str),
                response.status(),
                started.elapsed(),
            );
        }
        std::task::Poll::Ready(answer)
    }
}
