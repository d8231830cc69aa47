//! Every route of the gateway, in one table: method, path, handler.
//!
//! The `/api/bff` routes are registered with [`utoipa_axum::routes!`], so the router and the
//! OpenAPI document ([`crate::openapi`]) are built from the same `#[utoipa::path]` annotation of
//! each handler. The method and path written beside each handler here are checked against that
//! annotation when the table is built ([`api!`]), so the table cannot say something the router
//! does not serve. The layers around the routes (tenant, CSRF, limits, headers, metrics) are in
//! [`crate::middleware`].

use std::{convert::Infallible, sync::Arc};

use axum::{
    Router,
    extract::Request,
    response::Response,
    routing::{get, post},
};
use tower::Service;
use utoipa::OpenApi;
use utoipa_axum::router::{OpenApiRouter, UtoipaMethodRouter};

use crate::{app::AppState, auth, bff, events, files, metrics, middleware, openapi, ops, passthrough};

/// One `/api/bff` route: `api!(GET "/api/bff/session" => bff::session::get_session)`, for
/// [`OpenApiRouter::routes`]. The handler's annotation gives the router and the document their
/// method and path; [`checked`] makes sure they are the ones written here.
macro_rules! api {
    ($method:ident $path:literal => $($handler:ident)::+) => {
        checked(stringify!($method), $path, utoipa_axum::routes!($($handler)::+))
    };
}

/// The whole HTTP surface: the router (every route, then every layer, [`crate::middleware`]) and
/// beside it the pass-through ([`Gateway`]).
pub fn build_app(
    state: AppState,
) -> Gateway<
    impl Service<Request, Response = Response, Error = Infallible, Future: Send + 'static> + Clone + Send + Sync + use<>,
> {
    let passthrough = middleware::passthrough_service(&state);
    Gateway { router: build_router(state), passthrough }
}

/// Every route but the pass-through's, then every layer ([`crate::middleware`]).
fn build_router(state: AppState) -> Router {
    let client = bff::client::service(&state.config.client_dir, state.config.client_source_maps);
    let (bff_routes, document) = bff_routes(&state).split_for_parts();
    let document = Arc::new(openapi::as_served(document, &state));
    let tenant_routes = Router::new()
        // sign-in and sign-out (OpenID Connect); sign-in starts are limited per client address
        .route("/oidc/login", middleware::limit_login_starts(get(auth::routes::login), &state))
        .route("/oidc/callback", get(auth::routes::callback))
        .route("/oidc/logout", get(auth::routes::confirm_logout).post(auth::routes::logout))
        .route("/oidc/backchannel-logout", post(auth::backchannel::backchannel_logout))
        // the client's runtime config
        .route("/config-ui/config.json", get(bff::ui_config::get_ui_config))
        // views, commands and public views (listed in `bff_routes`), and their OpenAPI document
        .merge(bff_routes)
        .route("/api/bff/openapi.json", get(openapi::get_document).with_state(document))
        // analytics events
        .route("/api/events", post(events::post_events))
        // (the allowlisted pass-through of the calls the client makes to the LMS directly,
        // `/api/lms/{*path}`, is served beside the router: see `Gateway`)
        // the client's files; any other path is a 404 problem
        .route("/", get(bff::client::redirect_to_client))
        .route_service("/learn", client.clone())
        .route_service("/learn/", client.clone())
        .route_service("/learn/{*path}", client)
        .fallback(bff::client::not_found)
        .method_not_allowed_fallback(bff::client::method_not_allowed);
    // ops probes: no tenant, so load balancers can probe by address
    let ops_routes = Router::new()
        .route("/healthz", get(ops::healthz))
        .route("/readyz", get(ops::readyz))
        .route("/metrics", get(metrics::get_metrics))
        .method_not_allowed_fallback(bff::client::method_not_allowed);
    let tenant_routes = middleware::apply_tenant_layers(tenant_routes, state.clone());
    let app = middleware::apply_outer_layers(ops_routes.merge(tenant_routes).with_state(state.clone()), &state);
    middleware::count_requests(app, state)
}

/// What the gateway serves: the router of every other route, and the pass-through (every path
/// [`passthrough::serves`]) with its own stack of the same layers
/// ([`middleware::passthrough_service`]), so the calls the client makes most often skip the
/// router's work: finding the route among all of them, the boxed copy of each layer's service
/// it takes per request and the boxed future of each. In the bench (`tests/load/bench.py
/// --against`, the release builds of this and of the router alone serving at once, 6 rounds of
/// 5 s each way) a pass-through request took 4.2 and 4.1 µs less CPU, every round less (2.6 to
/// 7.2).
#[derive(Clone)]
pub struct Gateway<P> {
    router: Router,
    passthrough: P,
}

impl<P> Service<Request> for Gateway<P>
where
    P: Service<Request, Response = Response, Error = Infallible>,
{
    type Response = Response;
    type Error = Infallible;
    type Future = futures::future::Either<P::Future, <Router as Service<Request>>::Future>;

    fn poll_ready(&mut self, cx: &mut std::task::Context<'_>) -> std::task::Poll<Result<(), Infallible>> {
        // Neither waits (the limits of both are per request or per session, decided when
        // called), so both are ready for whichever the request goes to.
        std::task::ready!(self.passthrough.poll_ready(cx))?;
        Service::<Request>::poll_ready(&mut self.router, cx)
    }

    fn call(&mut self, req: Request) -> Self::Future {
        if passthrough::serves(req.uri().path()) {
            futures::future::Either::Left(self.passthrough.call(req))
        } else {
            futures::future::Either::Right(self.router.call(req))
        }
    }
}

/// The `/api/bff` routes: one view per screen (`GET`), one command per user action, and the
/// public views; the OpenAPI document is built from the same handlers.
pub fn bff_routes(state: &AppState) -> OpenApiRouter<AppState> {
    let views = OpenApiRouter::with_openapi(openapi::ApiDoc::openapi())
        // the session: who is signed in, and that they are still there
        .routes(api!(GET "/api/bff/session" => bff::session::get_session))
        .routes(api!(POST "/api/bff/session/touch" => bff::session::touch_session))
        // the learner's courses, the catalog and a course's pages
        .routes(api!(GET "/api/bff/my-courses" => bff::my_courses::get_my_courses))
        .routes(api!(GET "/api/bff/catalog" => bff::catalog::get_catalog))
        .routes(api!(GET "/api/bff/catalog/{objectiveId}" => bff::catalog::get_catalog_course))
        .routes(api!(GET "/api/bff/courses/{objectiveId}" => bff::course_details::get_course_details))
        .routes(api!(GET "/api/bff/courses/{objectiveId}/tree" => bff::course_tree::get_course_tree))
        .routes(api!(GET "/api/bff/courses/{objectiveId}/activities/{activityPathId}" => bff::activity::get_activity))
        .routes(api!(GET "/api/bff/courses/{objectiveId}/proctoring/{activityPathId}"
            => bff::proctoring::get_proctoring))
        .routes(api!(GET "/api/bff/courses/{objectiveId}/collaboration/{activityPathId}"
            => bff::collaboration::get_collaboration))
        .routes(api!(GET "/api/bff/workflows/{workflowId}" => bff::workflow_view::get_workflow))
        .routes(api!(GET "/api/bff/redirect" => bff::redirect_entry::get_redirect))
        .routes(api!(GET "/api/bff/attachment-size" => files::get_attachment_size))
        .routes(api!(GET "/api/bff/files" => files::get_file))
        // the learner's other screens
        .routes(api!(GET "/api/bff/profile" => bff::profile::get_profile))
        .routes(api!(GET "/api/bff/calendar" => bff::calendar::get_calendar))
        .routes(api!(GET "/api/bff/dashboard" => bff::dashboard::get_dashboard))
        .routes(api!(GET "/api/bff/certificates/{certificateNumber}"
            => bff::certificate_preview::get_certificate_preview))
        .routes(api!(GET "/api/bff/email-answer" => bff::email_answer::get_email_answer))
        // chat: channels, one channel, the live stream
        .routes(api!(GET "/api/bff/chat/channels" => bff::chat::get_chat_channels))
        .routes(api!(GET "/api/bff/chat/channels/{channelId}" => bff::chat::get_chat_channel))
        .routes(api!(GET "/api/bff/chat/stream" => bff::chat::get_chat_stream));
    let commands = OpenApiRouter::new()
        // courses: enrol, start
        .routes(api!(POST "/api/bff/courses/{objectiveId}/enroll" => bff::enroll::enroll_course))
        .routes(api!(POST "/api/bff/courses/{objectiveId}/start" => bff::start::start_course))
        // workflows and their activities
        .routes(api!(POST "/api/bff/workflows/{workflowId}/submit" => bff::workflows::submit_workflow))
        .routes(api!(POST "/api/bff/workflows/{workflowId}/activities/finish" => bff::workflows::finish_activities))
        .routes(api!(POST "/api/bff/workflows/{workflowId}/finish" => bff::workflows::finish_workflow))
        .routes(api!(POST "/api/bff/workflows/{workflowId}/activities/start"
            => bff::activity_commands::start_activities))
        .routes(api!(PUT "/api/bff/workflows/{workflowId}/activities/{activityWorkflowId}/progress"
            => bff::activity_commands::save_activity_progress))
        .routes(api!(POST "/api/bff/workflows/{workflowId}/launch" => bff::lti_launch::launch_activity))
        .routes(api!(POST "/api/bff/courses/{objectiveId}/proctoring/{activityPathId}/start-token"
            => bff::proctoring::start_token))
        .routes(api!(POST "/api/bff/courses/{objectiveId}/collaboration/{activityPathId}/join"
            => bff::collaboration::join_collaboration))
        // the profile
        .routes(api!(POST "/api/bff/profile/timezone" => bff::timezone::save_timezone))
        // chat and the tutor
        .routes(api!(POST "/api/bff/chat/channels/{channelId}/messages" => bff::chat::post_chat_message))
        .routes(api!(POST "/api/bff/chat/channels/{channelId}/read" => bff::chat::mark_chat_read))
        .routes(api!(POST "/api/bff/tutor/answers" => bff::tutor::ask_tutor))
        // a framed portal adopting the session its sign-in popup made
        .routes(api!(POST "/api/bff/session/adopt" => bff::session::adopt_session));
    let public = OpenApiRouter::new()
        // the open catalog and public course page, without a session
        .routes(api!(GET "/api/bff/public/catalog" => bff::public::get_public_catalog))
        .routes(api!(GET "/api/bff/public/catalog/{objectiveId}" => bff::public::get_public_course))
        // a shared certificate, its PDF and its picture
        .routes(api!(GET "/api/bff/public/certificates/{certificateNumber}" => bff::public::get_public_certificate))
        .routes(api!(GET "/api/bff/public/certificates/{certificateNumber}/certificate.pdf"
            => bff::public::get_certificate_pdf))
        .routes(api!(GET "/api/bff/public/certificates/{certificateNumber}/certificate.png"
            => bff::public::get_certificate_png));
    views
        .merge(middleware::limit_command_bodies(commands, &state.config))
        .merge(middleware::shed_public_load(public, &state.config))
}

/// `route`, once its handler's annotation is found to declare exactly `method` at `path`.
///
/// Panics otherwise: the table is code, so a mismatch is a bug of this file that every test
/// building the app (and [`tests::the_table_says_what_the_handlers_declare`]) shows at once.
fn checked(method: &str, path: &str, route: UtoipaMethodRouter<AppState>) -> UtoipaMethodRouter<AppState> {
    let declared: Vec<(String, String)> = route
        .1
        .paths
        .iter()
        .flat_map(|(path, item)| {
            let operations = [
                ("GET", &item.get),
                ("POST", &item.post),
                ("PUT", &item.put),
                ("PATCH", &item.patch),
                ("DELETE", &item.delete),
                ("HEAD", &item.head),
                ("OPTIONS", &item.options),
                ("TRACE", &item.trace),
            ];
            operations.into_iter().filter(|(_, op)| op.is_some()).map(|(m, _)| (m.to_owned(), path.clone()))
        })
        .collect();
    assert!(
        declared == [(method.to_owned(), path.to_owned())],
        "the route table lists {method} {path}, but its handler declares {declared:?}"
    );
    route
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::{auth::session::MemoryStore, config::Config};

    fn state() -> AppState {
        let config = Config::with_defaults(
            r#"[tenants.t]
                hosts = ["localhost"]
                api_url = "https://lms.example/api/"
                [tenants.t.oidc]
                issuer = "https://idp.example/realms/t"
                client_id = "c""#,
        );
        let sessions = Arc::new(MemoryStore::new(&config.session));
        AppState::new(config, sessions).expect("state")
    }

    #[tokio::test]
    async fn the_table_says_what_the_handlers_declare() {
        // Every entry is checked while the table is built; building it must not panic.
        let (_, doc) = bff_routes(&state()).split_for_parts();
        assert!(doc.paths.paths.contains_key("/api/bff/session"));
        assert!(doc.paths.paths.contains_key("/api/bff/public/catalog"));
    }

    /// The head limit counts the head as the client sent it: the request id and trace context
    /// the gateway adds on the way in do not push a head of exactly the limit over it.
    #[tokio::test]
    async fn a_head_of_exactly_the_limit_is_served() {
        use tower::ServiceExt;
        let state = state();
        let limit = state.config.limits.max_request_header_bytes;
        // `GET /healthz HTTP/1.1\r\n` (23 bytes) and `x-padding: …\r\n` (13 bytes and the value).
        let call = |padding: usize| {
            axum::http::Request::get("/healthz")
                .header("x-padding", "a".repeat(padding))
                .body(axum::body::Body::empty())
                .expect("request")
        };
        let app = build_app(state);
        let at_limit = app.clone().oneshot(call(limit - 36)).await.expect("answer");
        assert_eq!(at_limit.status(), axum::http::StatusCode::OK, "{limit} bytes as sent");
        let over = app.oneshot(call(limit - 35)).await.expect("answer");
        assert_eq!(over.status(), axum::http::StatusCode::REQUEST_HEADER_FIELDS_TOO_LARGE, "one byte more");
    }

    /// A request's span, when it is kept, names the request's id (looked up only then) in each
    /// of its log lines.
    #[test]
    fn a_kept_request_span_names_the_request_id() {
        use std::sync::Mutex;
        use tower::ServiceExt;
        #[derive(Clone, Default)]
        struct Lines(Arc<Mutex<Vec<u8>>>);
        impl std::io::Write for Lines {
            fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
                self.0.lock().expect("lock").extend_from_slice(buf);
                Ok(buf.len())
            }
            fn flush(&mut self) -> std::io::Result<()> {
                Ok(())
            }
        }
        let lines = Lines::default();
        let writer = lines.clone();
        let subscriber = tracing_subscriber::fmt()
            .with_writer(move || writer.clone())
            .with_max_level(tracing::Level::INFO)
            .with_ansi(false)
            .finish();
        tracing::subscriber::with_default(subscriber, || {
            let runtime = tokio::runtime::Builder::new_current_thread().enable_all().build().expect("runtime");
            runtime.block_on(async {
                let request = axum::http::Request::get("/healthz")
                    .header("x-request-id", "req-42")
                    .body(axum::body::Body::empty())
                    .expect("request");
                let answer = build_app(state()).oneshot(request).await.expect("answer");
                assert_eq!(answer.status(), axum::http::StatusCode::OK);
            });
        });
        let text = String::from_utf8(lines.0.lock().expect("lock").clone()).expect("utf-8");
        assert!(text.contains("request_id=req-42") && text.contains("answered"), "{text}");
    }

    /// Without an exporter, the upstream calls of a request continue its trace: the browser's
    /// `traceparent` when it sends one, else a trace started for the request.
    #[tokio::test]
    async fn upstream_calls_continue_the_request_trace() {
        use std::sync::Mutex;
        use tower::ServiceExt;
        let seen = Arc::new(Mutex::new(Vec::<String>::new()));
        let noted = seen.clone();
        let upstream = Router::new().fallback(move |headers: axum::http::HeaderMap| async move {
            let traceparent = headers.get("traceparent").and_then(|v| v.to_str().ok()).unwrap_or("none");
            noted.lock().expect("lock").push(traceparent.to_owned());
            axum::http::StatusCode::NOT_FOUND
        });
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.expect("bind");
        let port = listener.local_addr().expect("addr").port();
        tokio::spawn(async move { axum::serve(listener, upstream).await.expect("serve") });
        let config = Config::with_defaults(&format!(
            r#"[tenants.t]
            hosts = ["localhost"]
            allow_http_loopback = true
            api_url = "http://127.0.0.1:{port}/api/"
            [tenants.t.oidc]
            issuer = "https://idp.example/realms/t"
            client_id = "c""#
        ));
        let sessions = Arc::new(MemoryStore::new(&config.session));
        let app = build_app(AppState::new(config, sessions).expect("state"));
        let certificate = |traceparent: Option<&'static str>| {
            let request =
                axum::http::Request::get("/api/bff/public/certificates/CERT-1").header("host", "localhost:8080");
            let request = match traceparent {
                Some(value) => request.header("traceparent", value),
                None => request,
            };
            request.body(axum::body::Body::empty()).expect("request")
        };
        let incoming = "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01";
        app.clone().oneshot(certificate(Some(incoming))).await.expect("answer");
        app.oneshot(certificate(None)).await.expect("answer");
        let seen = seen.lock().expect("lock").clone();
        assert_eq!(seen.len(), 2, "one upstream call each: {seen:?}");
        let parts: Vec<Vec<&str>> = seen.iter().map(|t| t.split('-').collect()).collect();
        assert!(parts.iter().all(|p| p.len() == 4), "a traceparent on every call: {seen:?}");
        assert_eq!(parts[0][1], "4bf92f3577b34da6a3ce929d0e0e4736", "the browser's trace goes on: {seen:?}");
        assert_ne!(parts[0][2], "00f067aa0ba902b7", "with a span id of the call's own: {seen:?}");
        assert_eq!((parts[1].len(), parts[1][0], parts[1][1].len()), (4, "00", 32), "a trace of its own: {seen:?}");
        assert_ne!(parts[1][1], parts[0][1], "{seen:?}");
    }

    #[test]
    #[should_panic(expected = "the route table lists POST /api/bff/session, but its handler declares")]
    fn a_method_the_handler_does_not_declare_stops_the_build() {
        let _ = api!(POST "/api/bff/session" => bff::session::get_session);
    }

    #[test]
    #[should_panic(expected = "the route table lists GET /api/bff/sessions, but its handler declares")]
    fn a_path_the_handler_does_not_declare_stops_the_build() {
        let _ = api!(GET "/api/bff/sessions" => bff::session::get_session);
    }
}
