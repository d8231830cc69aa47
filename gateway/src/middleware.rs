//! Every tower layer, composed in one place; the routes they wrap are in [`crate::routes`].
//!
//! Request metrics wrap everything else ([`count_requests`]): they run after routing, so they
//! label a request by its route template, and they also count the answers of the layers below
//! (413, 431, 504).
//!
//! Outer layers (all routes, ops included), outermost first:
//! 1. request id: a client's `X-Request-Id` is kept only when it is 1 to 64 characters of
//!    `[A-Za-z0-9._-]` (anything else could forge log lines or bloat upstream calls); set one
//!    when absent or dropped, so every log line and upstream call has one; and, when spans are
//!    not exported, a `traceparent` for the upstream calls to continue
//!    ([`crate::telemetry::settle_trace_context`]);
//! 2. trace: one span per request (when its log lines are wanted, or spans are exported) with
//!    method, path (never the query: it may carry codes), request id; logs status, latency and
//!    the cause of 5xx answers;
//! 3. request id propagation to the response (1 and 3 in [`request_id`]);
//! 4. panic catcher: a bug answers a generic 500 problem instead of dropping the connection;
//! 5. head limit: a request line and headers (as the client sent them, measured before the
//!    layers above add theirs) over `limits.max_request_header_bytes` get a 431
//!    problem (hyper's own, much larger, buffer limit stays as a backstop for the raw bytes);
//! 6. body read: a request body is read whole, at most `limits.request_body_bytes` of it (413
//!    beyond, at once when `Content-Length` says so), within `limits.request_body_timeout_secs`
//!    of the head, else 408: a client trickling its body holds no handler (what goes on is a
//!    body read whole within the limit, or one that had ended: nothing below can read more, so
//!    no second limit wraps it);
//! 7. timeout: no request runs longer than `limits.request_timeout_secs` (504).
//!
//! The head and body limits (5 and 6) are in [`limits`]. Connection limits (count, time to send
//! a head, idle keep-alive) are in [`crate::serve`].
//!
//! Tenant layer (every route but the ops probes), in order:
//! 1. Host → tenant (the authority of an absolute target wins); an unknown host, or a port this
//!    gateway does not serve, gets 421, two or contradicting hosts 400, and nothing else runs;
//! 2. the CSRF rules of [`crate::auth::csrf`];
//!    then, for `/api/**` with a session cookie, one of the session's
//!    `limits.max_in_flight_per_session` slots (429 when none frees up within
//!    `limits.session_queue_timeout_ms`), and for views
//!    (`GET /api/bff/**`) the time budget `limits.view_timeout_secs` (504);
//! 3. an upstream's refusal of the session's access token renews the token and asks a read
//!    once more ([`run_renewing`]);
//! 4. 401 answers get the login URL of this request (back to the page that asked);
//! 5. security headers (a page of the gateway's own, the sign-in handoff of
//!    [`crate::auth::adopt`], keeps its stricter policy), and `Cache-Control: no-store` on API
//!    and auth answers.
//!
//! The pass-through (`/api/lms/**`) is served by the same layers composed around its handler
//! alone, beside the router ([`passthrough_service`], `crate::routes::Gateway`): the request
//! metrics, then the outer layers, then the tenant layer, as every route of the router has them.
//!
//! Layers of some routes only, applied in the route table:
//! - sign-in starts (`GET /oidc/login`) are limited per client address ([`limit_login_starts`],
//!   `login_rate_limit.*`, see [`crate::login_limit`]);
//! - a command's body is at most `commands.max_body_bytes` ([`limit_command_bodies`]);
//! - at most `catalog.public_max_in_flight` public views are served at once, more are shed with
//!   a 503 at once ([`shed_public_load`]).

mod count;
mod limits;
mod request_id;
mod tenant_layer;

use std::{convert::Infallible, sync::Arc, time::Duration};

use axum::{
    Router,
    body::Body,
    error_handling::HandleErrorLayer,
    extract::{DefaultBodyLimit, Request},
    http::{HeaderValue, Method, StatusCode, header},
    middleware,
    response::{IntoResponse, Response},
    routing::{MethodRouter, Route},
};
use contracts::bff::UnauthorizedReason;
use tower::{Layer, Service, ServiceBuilder, ServiceExt};
use tower_http::{catch_panic::CatchPanicLayer, timeout::TimeoutLayer, trace::TraceLayer};
use tracing::Span;
use utoipa_axum::router::OpenApiRouter;

use crate::{
    app::AppState,
    auth::{adopt::OwnContentSecurityPolicy, redirect_check::checked_redirect},
    config::{Config, Limits},
    error::{AppError, ErrorCause, problem},
    headers::X_REQUEST_ID,
    login_limit::{self, LoginLimiter},
    tenant::Portal,
};

/// Marks a 401 answer whose body gets this request's login URL.
#[derive(Debug, Clone, Copy)]
pub struct NeedsLogin(pub UnauthorizedReason);

/// Marks the answer of a request whose upstream call was refused with this `Authorization`
/// (a sensitive header value): the tenant layer renews the session's token ([`run_renewing`]).
#[derive(Debug, Clone)]
pub struct RefusedToken(pub Option<HeaderValue>);

/// Request metrics: every request counted and timed by method, route template and status
/// class ([`crate::metrics::Metrics::request_served`]). Wraps the whole app, so it runs after
/// routing (it reads [`axum::extract::MatchedPath`]) and sees the answers of every other layer.
pub fn count_requests(router: Router, state: AppState) -> Router {
    router.layer(count::CountRequestsLayer::Routed(state.metrics.clone()))
}

/// Sign-in starts: each client address may start `login_rate_limit.burst` sign-ins at once and
/// `login_rate_limit.requests_per_minute` sustained, then gets 429 ([`crate::login_limit`]).
pub fn limit_login_starts(route: MethodRouter<AppState>, state: &AppState) -> MethodRouter<AppState> {
    let limiter = LoginLimiter::new(&state.config.login_rate_limit, state.config.trusted_proxies.clone());
    route.layer(middleware::from_fn_with_state(Arc::new(limiter), login_limit::limit))
}

/// Commands: the JSON body a command reads is at most `commands.max_body_bytes` (413 beyond),
/// well below the `limits.request_body_bytes` of every request.
pub fn limit_command_bodies(commands: OpenApiRouter<AppState>, config: &Config) -> OpenApiRouter<AppState> {
    commands.layer(DefaultBodyLimit::max(config.commands.max_body_bytes))
}

/// Public views: at most `catalog.public_max_in_flight` served at once; beyond that a request
/// is shed at once with a 503 problem rather than queued (the request timeout of the outer
/// layers still applies), so visitors without a session cannot take every upstream slot.
pub fn shed_public_load(public: OpenApiRouter<AppState>, config: &Config) -> OpenApiRouter<AppState> {
    let limit = ServiceBuilder::new()
        .layer(HandleErrorLayer::new(|_: tower::BoxError| async {
            problem(
                StatusCode::SERVICE_UNAVAILABLE,
                "unavailable",
                Some("Too many public requests at once; please try again shortly.".into()),
            )
        }))
        .load_shed()
        .concurrency_limit(config.catalog.public_max_in_flight);
    public.route_layer(limit)
}

/// Layers of every route, ops probes included.
pub fn apply_outer_layers(router: Router, state: &AppState) -> Router {
    let limits = state.config.limits.clone();
    router.layer(tower::layer::layer_fn(move |route: Route| with_outer_layers(route, &limits)))
}

/// `inner` behind the outer layers (see the module doc): each route of the router
/// ([`apply_outer_layers`]), and the pass-through's own stack ([`passthrough_service`]).
fn with_outer_layers<S>(
    inner: S,
    limits: &Limits,
) -> impl Service<Request, Response = Response, Error = Infallible, Future: Send + 'static> + Clone + Send + Sync + use<S>
where
    S: Service<Request, Response = Response, Error = Infallible> + Clone + Send + Sync + 'static,
    S::Future: Send + 'static,
{
    ServiceBuilder::new()
        .map_response(|response: Response<_>| response.map(Body::new))
        .map_request(|mut req: Request| {
            limits::note_sent_head(&mut req);
            request_id::settle(&mut req);
            crate::telemetry::settle_trace_context(req.headers_mut());
            req
        })
        .layer(
            TraceLayer::new_for_http()
                .make_span_with(|req: &Request| {
                    let span = tracing::info_span!("request", method = %req.method(), path = %req.uri().path(), request_id = tracing::field::Empty);
                    // The id is looked up only for a span that is kept.
                    if !span.is_disabled() {
                        let id = req.headers().get(X_REQUEST_ID).and_then(|v| v.to_str().ok()).unwrap_or("");
                        span.record("request_id", tracing::field::display(id));
                    }
                    crate::telemetry::follow_incoming_trace(&span, req.headers());
                    span
                })
                .on_request(())
                .on_response(log_response),
        )
        .layer(request_id::PropagateLayer)
        .layer(CatchPanicLayer::custom(|_| problem(StatusCode::INTERNAL_SERVER_ERROR, "internal", None)))
        .layer(limits::RequestLimitsLayer {
            max_head_bytes: limits.max_request_header_bytes,
            body_timeout: Duration::from_secs(limits.request_body_timeout_secs),
            max_body_bytes: limits.request_body_bytes,
        })
        .layer(TimeoutLayer::with_status_code(StatusCode::GATEWAY_TIMEOUT, Duration::from_secs(limits.request_timeout_secs)))
        .service(inner)
}

/// The pass-through (`/api/lms/{*path}`, [`crate::passthrough::forward`]) as a stack of its own:
/// the same request metrics, outer layers and tenant layer as every route of the router, composed
/// around its handler alone (see [`crate::routes::Gateway`]).
pub fn passthrough_service(
    state: &AppState,
) -> impl Service<Request, Response = Response, Error = Infallible, Future: Send + 'static> + Clone + Send + Sync + use<>
{
    let handler = axum::handler::Handler::with_state(crate::passthrough::forward, state.clone());
    let tenant = tenant_layer::TenantLayer(state.clone()).layer(handler);
    let outer = with_outer_layers(tenant, &state.config.limits);
    count::CountRequestsLayer::Fixed(state.metrics.route(crate::passthrough::ROUTE)).layer(outer)
}

/// The request's last log line. The cause of a 5xx also names the request id: its line is
/// written at any level above `info`, where the request's span (which names it too) is not kept.
fn log_response<B>(response: &axum::http::Response<B>, latency: Duration, _span: &Span) {
    let status = response.status().as_u16();
    let latency_ms = latency.as_secs_f64() * 1000.0;
    match response.extensions().get::<ErrorCause>() {
        Some(ErrorCause(cause)) => {
            let request_id = response.headers().get(X_REQUEST_ID).and_then(|v| v.to_str().ok()).unwrap_or("");
            tracing::error!(status, latency_ms, cause, request_id, "answered");
        }
        None => tracing::info!(status, latency_ms, "answered"),
    }
}

/// Layers of every tenant route.
pub fn apply_tenant_layers(router: Router<AppState>, state: AppState) -> Router<AppState> {
    router.layer(tenant_layer::TenantLayer(state))
}

/// Runs the request. When the upstream refused the session's access token ([`RefusedToken`]),
/// the token is renewed ([`crate::auth::extract::renew_refused`]) and a read (GET or HEAD) runs
/// once more with the new one, so a token the issuer revoked early, or one signed with a key
/// the upstream has stopped trusting, costs the learner nothing. What the upstream still
/// refuses then answers 401 `token_refused`. A command is not sent again (a command that makes
/// several calls may have done part of its work before the refusal): once the token is renewed
/// it answers a retryable 503, so the learner's next press goes through and nothing they
/// entered is lost. A GET's body, which has no meaning (RFC 9110 section 9.3.1), is not sent
/// again.
async fn run_renewing<S>(state: &AppState, portal: &Portal, session_id: Option<&str>, next: S, req: Request) -> Response
where
    S: tower::Service<Request, Response = Response, Error = Infallible> + Clone,
{
    // No session, or the pass-through, which sends its one call again itself (the tenant layer
    // passes no id for it): the request runs once, nothing copied.
    let Some(id) = session_id else {
        return answer(next.oneshot(req).await);
    };
    let again = matches!(*req.method(), Method::GET | Method::HEAD).then(|| {
        let mut copy = Request::new(Body::empty());
        *copy.method_mut() = req.method().clone();
        *copy.uri_mut() = req.uri().clone();
        *copy.version_mut() = req.version();
        *copy.headers_mut() = req.headers().clone();
        *copy.extensions_mut() = req.extensions().clone();
        (copy, next.clone())
    });
    let response = answer(next.oneshot(req).await);
    let Some(RefusedToken(sent)) = response.extensions().get::<RefusedToken>().cloned() else { return response };
    if let Err(e) = crate::auth::extract::renew_refused(state, portal, id, sent.as_ref()).await {
        return e.into_response();
    }
    match again {
        Some((copy, next)) => {
            let response = answer(next.oneshot(copy).await);
            if response.extensions().get::<RefusedToken>().is_some() {
                tracing::warn!("the upstream refused the session's access token again after renewing it");
            }
            response
        }
        None => AppError::Unavailable("the upstream refused the session's access token; it was renewed".into())
            .into_response(),
    }
}

/// `/oidc/login`, returning to `referer` when it is a page of this origin.
fn login_url(portal: &Portal, referer: Option<&str>) -> String {
    match referer.and_then(|r| checked_redirect(r, &portal.host, portal.tenant.config.allow_http_loopback)) {
        Some(back) => {
            let query: String =
                url::form_urlencoded::Serializer::new(String::new()).append_pair("redirectUrl", back.as_str()).finish();
            format!("/oidc/login?{query}")
        }
        None => "/oidc/login".into(),
    }
}

/// Headers of answers given before a tenant is known (421, 431): nothing may frame, run or
/// cache them.
/// The policy of an answer that is never a page: a JSON answer (views, commands, problems) or
/// the refusal of an unknown host. Nothing may load or run in it, and nothing may frame it, as
/// the OWASP REST Security Cheat Sheet advises for APIs. The header is 67 bytes; the portal's
/// policy, which every JSON answer carried before, is about 470 in the demo.
const NOTHING_RUNS_POLICY: &str = "default-src 'none'; frame-ancestors 'none'";

/// Whether the answer is JSON (`application/json`, `application/problem+json`, ...).
fn is_json(h: &axum::http::HeaderMap) -> bool {
    h.get(header::CONTENT_TYPE).and_then(|v| v.to_str().ok()).is_some_and(|t| {
        let essence = t.split(';').next().unwrap_or("").trim();
        essence.starts_with("application/") && (essence.ends_with("/json") || essence.ends_with("+json"))
    })
}

fn without_tenant_headers(h: &mut axum::http::HeaderMap) {
    h.insert(header::X_CONTENT_TYPE_OPTIONS, HeaderValue::from_static("nosniff"));
    h.insert(header::REFERRER_POLICY, HeaderValue::from_static("same-origin"));
    h.insert(header::CONTENT_SECURITY_POLICY, HeaderValue::from_static(NOTHING_RUNS_POLICY));
    h.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
}

/// A route's answer (routes do not fail).
fn answer(result: Result<Response, Infallible>) -> Response {
    match result {
        Ok(response) => response,
        Err(never) => match never {},
    }
}

/// Whether answers to `path` must not be cached: API and auth answers, and the client's config.
fn never_cached(path: &str) -> bool {
    path.starts_with("/api/") || path.starts_with("/oidc/") || path == "/config-ui/config.json"
}

/// The security headers of a tenant's answer, and `Cache-Control: no-store` when `no_store`.
fn with_headers(mut response: Response<Body>, portal: &Portal, no_store: bool) -> Response<Body> {
    // A page of the gateway's own (the sign-in handoff) brings a stricter policy of its own.
    let own_policy = response.extensions().get::<OwnContentSecurityPolicy>().map(|p| p.0.clone());
    let h = response.headers_mut();
    h.insert(header::X_CONTENT_TYPE_OPTIONS, HeaderValue::from_static("nosniff"));
    h.insert(header::REFERRER_POLICY, HeaderValue::from_static("same-origin"));
    if portal.secure() {
        h.insert(header::STRICT_TRANSPORT_SECURITY, HeaderValue::from_static("max-age=31536000; includeSubDomains"));
    }
    match own_policy {
        Some(csp) => {
            h.insert(header::CONTENT_SECURITY_POLICY, csp);
        }
        None if is_json(h) => {
            h.insert(header::CONTENT_SECURITY_POLICY, HeaderValue::from_static(NOTHING_RUNS_POLICY));
        }
        None => {
            let csp = portal
                .tenant
                .content_security_policy
                .get_or_init(|| HeaderValue::from_str(&content_security_policy(portal)).ok());
            if let Some(csp) = csp {
                h.insert(header::CONTENT_SECURITY_POLICY, csp.clone());
            }
        }
    }
    if no_store {
        h.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    }
    response
}

/// The one inline style the client adds: react-aria's press handling puts a `<style>` element
/// (`touch-action: pan-x pan-y pinch-zoom` on pressable elements, so a double tap does not zoom)
/// into the page's head. Allowed by the hash of its exact text rather than `'unsafe-inline'`;
/// the browser journeys fail on any policy violation, so a library update that changes the text
/// shows up there.
const REACT_ARIA_PRESS_STYLE: &str = "'sha256-38RhXrc7EdReTKsOm23ZPOCUgniTUUcjky8QOOrQx6o='";

/// A strict policy: no inline script, no foreign script or connections; frames only from the
/// tenant's parent origins; forms may go to the issuer (logout redirects there).
///
/// LTI launches (spec section 7): the client submits the platform's resource form into a named
/// iframe or a new window, so `frame-src` and `form-action` also name the tenant's LTI origins
/// ([`crate::bff::lti_launch::lti_origins`]: its LMS's origin, from the tenant's `api_url`;
/// never a wildcard). The launch route refuses a form whose action is elsewhere. Rich content
/// frames pages (video players) of the tenant's `ui.embed_origins` only: `frame-src` names them
/// too.
fn content_security_policy(portal: &Portal) -> String {
    let config = &portal.tenant.config;
    let ancestors: Vec<&str> = config.ui.parent_origins.iter().map(String::as_str).collect();
    let mut issuers: Vec<String> =
        config.providers.iter().map(|p| p.oidc.issuer.origin().ascii_serialization()).collect();
    issuers.dedup();
    let lti_origins = crate::bff::lti_launch::lti_origins(&config.api_url);
    let mut frames = lti_origins.clone();
    for origin in &config.ui.embed_origins {
        if !frames.contains(origin) {
            frames.push(origin.clone());
        }
    }
    let lti = frames.join(" ");
    let mut form_targets: Vec<String> = issuers;
    for origin in lti_origins {
        if !form_targets.contains(&origin) {
            form_targets.push(origin);
        }
    }
    let forms = form_targets.join(" ");
    // Activity videos and their caption tracks, from the tenant's media hosts (`ui.media_origins`).
    let media: String = config.ui.media_origins.iter().map(|o| format!(" {o}")).collect();
    format!(
        "default-src 'self'; script-src 'self'; style-src 'self' {REACT_ARIA_PRESS_STYLE}; img-src 'self' data: https:; \
         media-src 'self'{media}; \
         font-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'self'; \
         frame-src 'self' {lti}; form-action 'self' {forms}; frame-ancestors 'self'{}{}",
        if ancestors.is_empty() { "" } else { " " },
        ancestors.join(" ")
    )
}

impl IntoResponse for NeedsLogin {
    fn into_response(self) -> Response {
        let mut response = StatusCode::UNAUTHORIZED.into_response();
        response.extensions_mut().insert(self);
        response
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::Config;

    /// JSON answers get the policy under which nothing runs; pages, scripts and streams keep the
    /// portal's.
    #[test]
    fn only_json_answers_get_the_nothing_runs_policy() {
        let cases = [
            ("application/json", true),
            ("application/problem+json", true),
            ("application/json; charset=utf-8", true),
            ("text/html; charset=utf-8", false),
            ("text/javascript", false),
            ("text/event-stream", false),
            ("application/pdf", false),
            ("image/png", false),
            ("application/jsonx", false),
        ];
        for (content_type, expected) in cases {
            let mut h = axum::http::HeaderMap::new();
            h.insert(header::CONTENT_TYPE, HeaderValue::from_static(content_type));
            assert_eq!(is_json(&h), expected, "{content_type}");
        }
        assert!(!is_json(&axum::http::HeaderMap::new()), "no content type");
    }

    fn tenant(host: &str, parents: &str) -> Portal {
        tenant_with(host, parents, "")
    }

    fn tenant_with(host: &str, parents: &str, embeds: &str) -> Portal {
        let config = Config::with_defaults(&format!(
            r#"[tenants.t]
            hosts = ["localhost", "portal.example"]
            allow_http_loopback = true
            api_url = "https://lms.example/api/"
            [tenants.t.oidc]
            issuer = "https://idp.example/realms/t"
            client_id = "c"
            [tenants.t.ui]
            parent_origins = [{parents}]
            embed_origins = [{embeds}]"#
        ));
        Portal::for_test(&config, host)
    }

    #[test]
    fn login_url_returns_only_to_pages_of_this_origin() {
        let portal = tenant("portal.example", "");
        assert_eq!(
            login_url(&portal, Some("https://portal.example/learn/courses?keyword=a%20b")),
            "/oidc/login?redirectUrl=https%3A%2F%2Fportal.example%2Flearn%2Fcourses%3Fkeyword%3Da%2520b"
        );
        assert_eq!(login_url(&portal, Some("https://evil.example/")), "/oidc/login");
        assert_eq!(login_url(&portal, None), "/oidc/login");
        let dev = tenant("localhost:8080", "");
        assert_eq!(dev.scheme, "http");
        assert!(login_url(&dev, Some("http://localhost:8080/learn/")).contains("redirectUrl="));
    }

    #[test]
    fn csp_lets_only_configured_parents_frame_the_portal() {
        let csp = content_security_policy(&tenant("portal.example", r#""https://intranet.example""#));
        assert!(csp.contains("frame-ancestors 'self' https://intranet.example"), "{csp}");
        assert!(csp.contains("form-action 'self' https://idp.example https://lms.example;"), "{csp}");
        // LTI tools are framed only from the tenant's LMS origin, never any origin.
        assert!(csp.contains("frame-src 'self' https://lms.example;"), "{csp}");
        assert!(!csp.contains('*'), "{csp}");
        assert!(csp.contains("script-src 'self';"), "{csp}");
        let csp = content_security_policy(&tenant("portal.example", ""));
        assert!(csp.ends_with("frame-ancestors 'self'"), "{csp}");
        assert!(csp.contains("media-src 'self';"), "no media host configured: {csp}");
    }

    #[test]
    fn csp_plays_media_only_from_this_origin_and_the_configured_media_hosts() {
        // The helper closes the list of parents: this one closes it early and opens the media list.
        let media = r#""https://intranet.example"]
                media_origins = ["https://media.lms.example", "http://127.0.0.1:8081""#;
        let csp = content_security_policy(&tenant("portal.example", media));
        assert!(csp.contains("media-src 'self' https://media.lms.example http://127.0.0.1:8081;"), "{csp}");
        assert!(!csp.contains('*'), "{csp}");
    }

    #[test]
    fn csp_frames_only_the_configured_embed_origins() {
        let csp = content_security_policy(&tenant("portal.example", ""));
        assert!(csp.contains("frame-src 'self' https://lms.example;"), "none configured: {csp}");
        let portal = tenant_with("portal.example", "", r#""https://video.example", "https://lms.example""#);
        let csp = content_security_policy(&portal);
        assert!(csp.contains("frame-src 'self' https://lms.example https://video.example;"), "{csp}");
        assert!(!csp.contains('*'), "{csp}");
    }
}
