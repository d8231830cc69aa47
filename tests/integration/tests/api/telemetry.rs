//! Traces: spans exported over OTLP/HTTP to a receiver in the test, and the W3C `traceparent`
//! the gateway sends upstream, seen by a recording relay between the gateway and the sandbox.
//!
//! The sandbox does not record the headers it receives, so tenant `acme`'s `api_url` points at
//! a relay on loopback that notes each `traceparent` and forwards the call to the sandbox.

use std::{
    sync::{Arc, Mutex},
    time::Duration,
};

use axum::{
    Router,
    body::Bytes,
    extract::{Request, State},
    http::header,
    response::{IntoResponse, Response},
    routing::post,
};
use gateway::config::TelemetrySettings;
use reqwest::StatusCode;
use serde_json::Value;
use url::Url;

use crate::helpers::{TestApp, aggregate_in, signed_in};

/// Serves `router` on a free loopback port from synchronous code inside the runtime.
fn serve(router: Router) -> u16 {
    let listener = std::net::TcpListener::bind("127.0.0.1:0").expect("bind");
    listener.set_nonblocking(true).expect("nonblocking");
    let port = listener.local_addr().expect("addr").port();
    let listener = tokio::net::TcpListener::from_std(listener).expect("tokio listener");
    tokio::spawn(async move { axum::serve(listener, router).await.expect("serve") });
    port
}

/// An OTLP/HTTP traces receiver keeping every JSON body posted to `/v1/traces`.
fn start_otlp_receiver() -> (u16, Arc<Mutex<Vec<Value>>>) {
    let bodies = Arc::new(Mutex::new(Vec::new()));
    let router = Router::new()
        .route(
            "/v1/traces",
            post(|State(bodies): State<Arc<Mutex<Vec<Value>>>>, body: Bytes| async move {
                let body: Value = serde_json::from_slice(&body).expect("an OTLP JSON body");
                bodies.lock().expect("lock").push(body);
                StatusCode::OK
            }),
        )
        .with_state(bodies.clone());
    (serve(router), bodies)
}

#[derive(Clone)]
struct Relay {
    sandbox: Url,
    http: reqwest::Client,
    traceparents: Arc<Mutex<Vec<String>>>,
}

/// Notes the `traceparent` of a call and forwards it, unchanged, to the sandbox.
async fn relay(State(relay): State<Relay>, req: Request) -> Response {
    let (parts, body) = req.into_parts();
    if let Some(traceparent) = parts.headers.get("traceparent") {
        relay.traceparents.lock().expect("lock").push(traceparent.to_str().expect("ascii").to_string());
    }
    let body = axum::body::to_bytes(body, 1 << 20).await.expect("body");
    let path = parts.uri.path_and_query().map_or("", |p| p.as_str()).trim_start_matches('/');
    let mut headers = parts.headers.clone();
    headers.remove(header::HOST);
    let answer = relay
        .http
        .request(parts.method, relay.sandbox.join(path).expect("url"))
        .headers(headers)
        .body(body)
        .send()
        .await
        .expect("the sandbox answers");
    let status = answer.status();
    let answer_headers = answer.headers().clone();
    let mut response = (status, answer.bytes().await.expect("body")).into_response();
    for name in [header::CONTENT_TYPE, header::LOCATION] {
        if let Some(value) = answer_headers.get(&name) {
            response.headers_mut().insert(name, value.clone());
        }
    }
    response
}

/// Every exported span as `(traceId, spanId, name)`.
fn exported_spans(bodies: &Mutex<Vec<Value>>) -> Vec<(String, String, String)> {
    let bodies = bodies.lock().expect("lock");
    let mut spans = Vec::new();
    for body in bodies.iter() {
        for resource in body["resourceSpans"].as_array().into_iter().flatten() {
            for scope in resource["scopeSpans"].as_array().into_iter().flatten() {
                for span in scope["spans"].as_array().into_iter().flatten() {
                    let text = |key: &str| span[key].as_str().unwrap_or_default().to_lowercase();
                    spans.push((text("traceId"), text("spanId"), text("name")));
                }
            }
        }
    }
    spans
}

/// `(trace id, parent span id)` of a `traceparent` value (`00-TRACE-PARENT-FLAGS`).
fn parse_traceparent(value: &str) -> (String, String) {
    let parts: Vec<&str> = value.split('-').collect();
    assert_eq!(parts.len(), 4, "a W3C traceparent: {value}");
    assert_eq!(parts[0], "00", "version 00: {value}");
    assert_eq!(parts[1].len(), 32, "a 16-byte trace id: {value}");
    assert_ne!(parts[1], "0".repeat(32), "a valid trace id: {value}");
    (parts[1].to_string(), parts[2].to_string())
}

#[tokio::test]
async fn upstream_calls_carry_the_trace_context_of_exported_spans() {
    let (otlp_port, bodies) = start_otlp_receiver();
    let settings = TelemetrySettings {
        otlp_endpoint: Some(Url::parse(&format!("http://127.0.0.1:{otlp_port}/v1/traces")).expect("url")),
        service_name: "gateway-under-test".into(),
        sampling_ratio: 1.0,
        export_interval_ms: 100,
        export_timeout_ms: 2000,
        max_queued_spans: 2048,
    };
    // No log lines: the subscriber is process-wide and would print for every other test.
    let quiet = tracing_subscriber::EnvFilter::new("off");
    gateway::telemetry::init_with_log_filter(&settings, quiet).expect("telemetry");
    let traceparents = Arc::new(Mutex::new(Vec::new()));
    let seen = traceparents.clone();
    let app = TestApp::builder()
        .config_with(move |sandbox| {
            let relay = Relay { sandbox: sandbox.clone(), http: reqwest::Client::new(), traceparents: seen };
            let port = serve(Router::new().fallback(self::relay).with_state(relay));
            format!("[tenants.acme]\napi_url = \"http://127.0.0.1:{port}/t/acme/api/\"\n")
        })
        .spawn()
        .await;
    let browser = signed_in(&app, "ada").await;

    // A request without trace context starts a trace; its upstream calls carry it.
    traceparents.lock().expect("lock").clear();
    let response = app.api(&browser, "localhost", "/api/bff/my-courses").await;
    assert_eq!(response.status(), StatusCode::OK);
    let sent = traceparents.lock().expect("lock").clone();
    assert!(!sent.is_empty(), "my-courses calls the upstream with a traceparent");
    let (trace_id, parent_span_id) = parse_traceparent(&sent[0]);
    assert!(sent.iter().all(|t| parse_traceparent(t).0 == trace_id), "one trace per request: {sent:?}");

    let mut exported = Vec::new();
    for _ in 0..100 {
        exported = exported_spans(&bodies);
        if exported.iter().any(|(t, s, _)| *t == trace_id && *s == parent_span_id)
            && exported.iter().any(|(t, _, n)| *t == trace_id && n == "request")
        {
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let upstream_span = exported.iter().find(|(t, s, _)| *t == trace_id && *s == parent_span_id);
    assert_eq!(
        upstream_span.map(|(.., name)| name.as_str()),
        Some("upstream call"),
        "the span named in the traceparent was exported: {exported:?}"
    );
    assert!(exported.iter().any(|(t, _, n)| *t == trace_id && n == "request"), "the request span: {exported:?}");
    let service = bodies.lock().expect("lock").iter().any(|b| b.to_string().contains("gateway-under-test"));
    assert!(service, "spans carry the configured service.name");

    // A request with a traceparent continues that trace upstream, a view's calls and a call of
    // the `/api/lms` pass-through alike.
    let (response, sent) = with_traceparent(&app, &browser, "/api/bff/my-courses", &traceparents).await;
    assert!(!sent.is_empty(), "upstream calls were made");
    let aggregate = aggregate_in(&response, "Cybersecurity Program");
    let model = format!("/api/lms/users/me/objective-workflow-aggregates/{aggregate}/knowledge-model");
    let (_, forwarded) = with_traceparent(&app, &browser, &model, &traceparents).await;
    assert_eq!(forwarded.len(), 1, "one forwarded call: {forwarded:?}");
    for traceparent in sent.iter().chain(&forwarded) {
        let (trace, parent) = parse_traceparent(traceparent);
        assert_eq!(trace, INCOMING_TRACE, "{traceparent}");
        assert_ne!(parent, "00f067aa0ba902b7", "the gateway's own span is the parent upstream");
    }
}

/// A trace id a browser (or a proxy in front) sends in its `traceparent`.
const INCOMING_TRACE: &str = "4bf92f3577b34da6a3ce929d0e0e4736";

/// GETs `path` (answering 200 with JSON) with a `traceparent` of [`INCOMING_TRACE`]; answers its
/// JSON and the `traceparent`s the relay noted meanwhile.
async fn with_traceparent(
    app: &TestApp,
    browser: &reqwest::Client,
    path: &str,
    noted: &Mutex<Vec<String>>,
) -> (Value, Vec<String>) {
    noted.lock().expect("lock").clear();
    let response = browser
        .get(app.url("localhost", path))
        .header("x-requested-with", "XMLHttpRequest")
        .header("traceparent", format!("00-{INCOMING_TRACE}-00f067aa0ba902b7-01"))
        .send()
        .await
        .expect("call");
    assert_eq!(response.status(), StatusCode::OK, "{path}");
    let body = response.json().await.expect("json");
    (body, noted.lock().expect("lock").clone())
}
