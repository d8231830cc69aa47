//! The tenant layer ([`super::apply_tenant_layers`]; its steps are listed in [`super`]) as one
//! tower service in front of the routes.
//!
//! Written as a service rather than with `axum::middleware::from_fn`, which on every request
//! clones the routes below it, boxes them again as its `Next` (which clones them once more when
//! run) and boxes its future. Here a request that needs nothing awaited before its route (no
//! session slot to wait for, no view budget, no token renewal to ask again: the pass-through, the
//! client's files, sign-in) calls its route at once and only wraps the route's future
//! ([`Answer`]); the others take one clone of the routes and one box, as before. The session
//! slots are on moka's synchronous cache, so a slot is found without a future. In the bench
//! (`tests/load/bench.py --against`, the release builds of this and of the `from_fn` layer
//! serving at once, 6 rounds of 5 s each way) a pass-through request took 1.1 and 1.5 µs less
//! CPU, every round less; an earlier try that still boxed every request's future measured 0.8
//! less, within the spread.

use std::{
    convert::Infallible,
    pin::Pin,
    sync::Arc,
    task::{Context, Poll},
    time::Duration,
};

use axum::{
    extract::Request,
    http::{HeaderValue, Method, StatusCode, header},
    response::{IntoResponse, Response},
};
use futures::future::{self, BoxFuture, Either, Ready};
use tokio::sync::{OwnedSemaphorePermit, Semaphore};
use tower::{Layer, Service};

use super::{NeedsLogin, login_url, never_cached, run_renewing, with_headers, without_tenant_headers};
use crate::{
    app::AppState,
    auth::{
        cookies::SessionCookie,
        csrf::{self, CsrfRefusal},
    },
    error::{AppError, problem},
    tenant::{HostRefusal, Portal},
};
use contracts::bff::Unauthorized;

/// The tenant layer over the routes (see the module doc).
#[derive(Debug, Clone)]
pub(super) struct TenantLayer(pub AppState);

impl<S> Layer<S> for TenantLayer {
    type Service = Tenant<S>;

    fn layer(&self, inner: S) -> Tenant<S> {
        Tenant { inner, state: self.0.clone() }
    }
}

/// See [`TenantLayer`]: in front of the routes ([`axum::routing::Route`]), or of the pass-through's handler
/// alone (`crate::routes::Gateway`).
#[derive(Debug, Clone)]
pub(super) struct Tenant<S> {
    inner: S,
    state: AppState,
}

/// What every answer of a tenant route gets on its way out: the login URL of a 401, the
/// security headers and the caching rule.
struct Finish {
    portal: Portal,
    referer: Option<HeaderValue>,
    /// Whether the answer must not be cached ([`never_cached`]).
    no_store: bool,
}

impl Finish {
    fn answer(&self, mut response: Response) -> Response {
        if let Some(NeedsLogin(reason)) = response.extensions().get::<NeedsLogin>().copied() {
            let body = Unauthorized {
                error: "unauthorized".into(),
                reason,
                login_url: login_url(&self.portal, self.referer.as_ref().and_then(|r| r.to_str().ok())),
            };
            response = (StatusCode::UNAUTHORIZED, axum::Json(body)).into_response();
        }
        with_headers(response, &self.portal, self.no_store)
    }
}

type Answered = Result<Response, Infallible>;

impl<S> Service<Request> for Tenant<S>
where
    S: Service<Request, Response = Response, Error = Infallible> + Clone + Send + 'static,
    S::Future: Send + 'static,
{
    type Response = Response;
    type Error = Infallible;
    type Future = Either<Either<Ready<Answered>, Answer<S::Future>>, BoxFuture<'static, Answered>>;

    fn poll_ready(&mut self, cx: &mut Context<'_>) -> Poll<Result<(), Infallible>> {
        self.inner.poll_ready(cx)
    }

    fn call(&mut self, mut req: Request) -> Self::Future {
        let refused = |response| Either::Left(Either::Left(future::ready(Ok(response))));
        let state = &self.state;
        let target = req.uri().authority().map(|a| a.as_str().to_owned());
        let portal = match Portal::resolve(&state.tenants, req.headers(), target.as_deref()) {
            Ok(portal) => portal,
            Err(refusal) => {
                let mut response = match refusal {
                    HostRefusal::Ambiguous => AppError::BadRequest(
                        "The request names its host twice, or two different hosts (RFC 9112 section 3.2).".into(),
                    )
                    .into_response(),
                    HostRefusal::Unknown => AppError::MisdirectedRequest.into_response(),
                };
                without_tenant_headers(response.headers_mut());
                return refused(response);
            }
        };
        let path = req.uri().path();
        let no_store = never_cached(path);
        if let Err(refusal) = csrf::check(req.method(), path, req.headers(), portal.origin()) {
            let detail = match refusal {
                CsrfRefusal::MissingHeader => "API calls must send the header X-Requested-With: XMLHttpRequest.",
                CsrfRefusal::ForeignOrigin => "This request came from another site.",
            };
            let response = problem(StatusCode::FORBIDDEN, "forbidden", Some(detail.into()));
            return refused(with_headers(response, &portal, no_store));
        }
        // One session's requests share `limits.max_in_flight_per_session` slots, so a single
        // session cannot take all of its tenant's upstream slots; more wait in line for at most
        // `limits.session_queue_timeout_ms`, then get 429: a greedy session only slows itself.
        let session_id = if path.starts_with("/api/") {
            crate::auth::cookies::read(req.headers(), crate::auth::cookies::session_cookie_name(&portal))
        } else {
            None
        };
        let limits = &state.config.limits;
        let slots = session_id.as_ref().map(|id| {
            let per_session = limits.max_in_flight_per_session;
            state.session_slots.get_with_by_ref(id.as_str(), || Arc::new(Semaphore::new(per_session)))
        });
        // A free slot is taken at once, with no timer armed.
        let slot = slots.as_ref().and_then(|slots| slots.clone().try_acquire_owned().ok());
        // A view answers within `limits.view_timeout_secs`, however many upstream calls it makes.
        let is_view = req.method() == Method::GET && path.starts_with("/api/bff/");
        // The pass-through renews a refused token itself (`passthrough::forward`), without a copy
        // of the request; any other request of a session is asked again here ([`run_renewing`]).
        let renews = session_id.is_some() && !path.starts_with(crate::passthrough::PREFIX);
        let finish = Finish { referer: req.headers().get(header::REFERER).cloned(), portal, no_store };
        req.extensions_mut().insert(finish.portal.clone());
        let renewing = session_id.as_ref().filter(|_| renews).cloned();
        if let Some(id) = session_id {
            // Read once: the session extractor takes it from here.
            req.extensions_mut().insert(SessionCookie(id));
        }
        if !is_view && !renews && slot.is_some() == slots.is_some() {
            return Either::Left(Either::Right(Answer { answer: self.inner.call(req), finish: Some((finish, slot)) }));
        }
        // Something is awaited before or around the route, so the future takes the routes along
        // (tower's usual swap: the clone stays, the one made ready goes).
        let clone = self.inner.clone();
        let inner = std::mem::replace(&mut self.inner, clone);
        let state = state.clone();
        let (wait, view_budget) =
            (Duration::from_millis(limits.session_queue_timeout_ms), Duration::from_secs(limits.view_timeout_secs));
        Either::Right(Box::pin(async move {
            let _slot = match (slot, slots) {
                (Some(slot), _) => Some(slot),
                (None, Some(slots)) => match tokio::time::timeout(wait, slots.acquire_owned()).await {
                    Ok(Ok(slot)) => Some(slot),
                    _ => return Ok(too_many_requests(&state, &finish)),
                },
                (None, None) => None,
            };
            let run = run_renewing(&state, &finish.portal, renewing.as_deref(), inner, req);
            let response = if is_view {
                match tokio::time::timeout(view_budget, run).await {
                    Ok(response) => response,
                    Err(_) => {
                        AppError::UpstreamTimeout(format!("the view took longer than {view_budget:?}")).into_response()
                    }
                }
            } else {
                run.await
            };
            Ok(finish.answer(response))
        }))
    }
}

/// 429: every slot of the session stayed taken for `limits.session_queue_timeout_ms`.
fn too_many_requests(state: &AppState, finish: &Finish) -> Response {
    let per_session = state.config.limits.max_in_flight_per_session;
    let detail = format!("At most {per_session} requests of one session are served at once.");
    let mut response = problem(StatusCode::TOO_MANY_REQUESTS, "too_many_requests", Some(detail));
    response.headers_mut().insert(header::RETRY_AFTER, HeaderValue::from_static("1"));
    with_headers(response, &finish.portal, finish.no_store)
}

pin_project_lite::pin_project! {
    /// The answer of a route called at once (see the module doc), finished once it is there;
    /// the session's slot, if any, is held until then.
    pub(super) struct Answer<F> {
        #[pin]
        answer: F,
        finish: Option<(Finish, Option<OwnedSemaphorePermit>)>,
    }
}

impl<F: Future<Output = Answered>> Future for Answer<F> {
    type Output = Answered;

    fn poll(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Answered> {
        let this = self.project();
        let Ok(response) = std::task::ready!(this.answer.poll(cx));
        let Some((finish, slot)) = this.finish.take() else { return Poll::Ready(Ok(response)) };
        let response = finish.answer(response);
        drop(slot);
        Poll::Ready(Ok(response))
    }
}
