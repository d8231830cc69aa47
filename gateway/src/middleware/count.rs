//! The request metrics of [`super::count_requests`] as a tower service.

use std::{borrow::Cow, sync::Arc, time::Instant};

use axum::{
    extract::{MatchedPath, Request},
    http::Method,
    response::Response,
};

use crate::metrics::{Metrics, RouteMetrics};

/// The request metrics as a tower service (see [`super::count_requests`]). Written as one rather than
/// with `axum::middleware::from_fn`, which clones the whole stack of services below it and boxes
/// twice on every request (see `limits::RequestLimitsLayer` for what that cost): this one calls
/// the service below at once and only wraps its future.
#[derive(Debug, Clone)]
pub(super) enum CountRequestsLayer {
    /// Behind the router, which says the template of each request it routes as [`MatchedPath`].
    Routed(Arc<Metrics>),
    /// A service that serves one route without the router: its template's metrics.
    Fixed(RouteMetrics),
}

impl<S> tower::Layer<S> for CountRequestsLayer {
    type Service = CountRequests<S>;

    fn layer(&self, inner: S) -> Self::Service {
        CountRequests { inner, metrics: self.clone() }
    }
}

#[derive(Debug, Clone)]
pub(super) struct CountRequests<S> {
    inner: S,
    metrics: CountRequestsLayer,
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
        // The template the router matched, when the router routed the request.
        let matched = match &self.metrics {
            CountRequestsLayer::Routed(_) => req.extensions().get::<MatchedPath>().cloned(),
            CountRequestsLayer::Fixed(_) => None,
        };
        Counted { answer: self.inner.call(req), counted: Some((method, self.metrics.clone(), matched, started)) }
    }
}

pin_project_lite::pin_project! {
    /// The answer of the service below, counted once it is there.
    pub(super) struct Counted<F> {
        #[pin]
        answer: F,
        counted: Option<(Method, CountRequestsLayer, Option<MatchedPath>, Instant)>,
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
        if let (Ok(response), Some((method, counter, matched, started))) = (&answer, this.counted.take()) {
            match counter {
                CountRequestsLayer::Routed(metrics) => metrics.request_served(
                    &method,
                    matched.map(|matched| Cow::Owned(matched.as_str().to_owned())),
                    response.status(),
                    started.elapsed(),
                ),
                CountRequestsLayer::Fixed(route) => route.request_served(&method, response.status(), started.elapsed()),
            }
        }
        std::task::Poll::Ready(answer)
    }
}
