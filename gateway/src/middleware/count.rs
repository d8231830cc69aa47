//! The request metrics of [`super::count_requests`] as a tower service.

use std::{borrow::Cow, sync::Arc, time::Instant};

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
pub(super) struct CountRequestsLayer {
    pub metrics: Arc<Metrics>,
    /// The route template of a service that serves one route without the router (which says
    /// the template of each request it routes as [`MatchedPath`]).
    pub route: Option<&'static str>,
}

impl<S> tower::Layer<S> for CountRequestsLayer {
    type Service = CountRequests<S>;

    fn layer(&self, inner: S) -> Self::Service {
        CountRequests { inner, metrics: self.metrics.clone(), route: self.route }
    }
}

#[derive(Debug, Clone)]
pub(super) struct CountRequests<S> {
    inner: S,
    metrics: Arc<Metrics>,
    route: Option<&'static str>,
}

/// The route template a request is counted under.
#[derive(Debug, Clone)]
enum Template {
    Routed(MatchedPath),
    Fixed(&'static str),
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
        let route = match self.route {
            Some(route) => Some(Template::Fixed(route)),
            None => req.extensions().get::<MatchedPath>().cloned().map(Template::Routed),
        };
        Counted { answer: self.inner.call(req), counted: Some((self.metrics.clone(), method, route, started)) }
    }
}

pin_project_lite::pin_project! {
    /// The answer of the service below, counted once it is there.
    pub(super) struct Counted<F> {
        #[pin]
        answer: F,
        counted: Option<(Arc<Metrics>, Method, Option<Template>, Instant)>,
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
                route.map(|route| match route {
                    Template::Routed(matched) => Cow::Owned(matched.as_str().to_owned()),
                    Template::Fixed(route) => Cow::Borrowed(route),
                }),
                response.status(),
                started.elapsed(),
            );
        }
        std::task::Poll::Ready(answer)
    }
}
