//! What crosses between the browser and the upstream: the browser's `Cookie` header never goes
//! upstream, the tokens the gateway uses upstream never reach the browser, and every call made
//! for a request (views, the pass-through, the tutor's stream) carries its request id, trace
//! context and the browser's language.
//!
//! Tenant `embed` reads its API through a recording proxy on loopback that forwards every call
//! to the sandbox and keeps the request headers it saw.

use std::sync::{Arc, Mutex};

use axum::{
    Router,
    body::Bytes,
    extract::State,
    http::{HeaderMap, HeaderValue, Method},
    response::IntoResponse,
};
use reqwest::StatusCode;
use url::Url;

use serde_json::json;

use crate::helpers::{TestApp, objective, session_cookie_of};

#[derive(Clone, Default)]
struct Recorder {
    target: Arc<Mutex<Option<Url>>>,
    /// Each call's path and request headers.
    seen: Arc<Mutex<Vec<(String, HeaderMap)>>>,
}

/// Forwards a call to the sandbox's acme API, keeping its path and headers; the answer comes
/// back whole, with its content type.
async fn forward(
    State(rec): State<Recorder>,
    method: Method,
    uri: axum::http::Uri,
    headers: HeaderMap,
    body: Bytes,
) -> impl IntoResponse {
    rec.seen.lock().expect("lock").push((uri.path().to_string(), headers.clone()));
    let target = rec.target.lock().expect("lock").clone().expect("target set");
    let url = target.join(uri.path_and_query().map_or("", |p| p.as_str()).trim_start_matches('/')).expect("url");
    let mut request = reqwest::Client::new().request(method, url).body(body);
    for (name, value) in &headers {
        if name != "host" {
            request = request.header(name, value);
        }
    }
    let answer = request.send().await.expect("sandbox");
    let status = StatusCode::from_u16(answer.status().as_u16()).expect("status");
    let kind = answer.headers().get("content-type").cloned().unwrap_or(HeaderValue::from_static("application/json"));
    let body: Bytes = answer.bytes().await.expect("body");
    (status, [("content-type", kind)], body)
}

#[tokio::test]
async fn the_browser_cookie_never_goes_upstream_and_tokens_never_reach_the_browser() {
    let recorder = Recorder::default();
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.expect("bind");
    let proxy = format!("http://{}/", listener.local_addr().expect("addr"));
    let app_router = Router::new().fallback(forward).with_state(recorder.clone());
    tokio::spawn(async move { axum::serve(listener, app_router).await });
    let target = recorder.target.clone();
    let app = TestApp::builder()
        .config_with(move |sandbox| {
            *target.lock().expect("lock") = Some(sandbox.join("t/acme/api/").expect("url"));
            format!(
                r#"
[tenants.embed]
hosts = ["embed.localhost"]
allow_http_loopback = true
api_url = "{proxy}"
[tenants.embed.oidc]
issuer = "{sandbox}t/acme/idp"
client_id = "learner-portal"
client_secret = "demo-secret"
[tenants.embed.ui]
ai_tutor_enabled = true
"#
            )
        })
        .spawn()
        .await;

    let browser = app.browser();
    let callback = app.sign_in_response(&browser, "embed.localhost", "ada", None).await;
    let session = session_cookie_of(&callback).expect("a session cookie");
    let mut visible = format!("{:?}", callback.headers());
    visible.push_str(&callback.text().await.expect("body"));
    for path in ["/api/bff/session", "/api/bff/my-courses"] {
        let answer = browser
            .get(app.url("embed.localhost", path))
            .header("x-requested-with", "XMLHttpRequest")
            .header("cookie", format!("tracking=browser-only-value; {session}"))
            .send()
            .await
            .expect("api call");
        assert_eq!(answer.status(), StatusCode::OK, "{path}");
        visible.push_str(&format!("{:?}", answer.headers()));
        visible.push_str(&answer.text().await.expect("body"));
    }
    // The tutor's answer, a stream read by its own kind of call.
    let answer = browser
        .post(app.url("embed.localhost", "/api/bff/tutor/answers"))
        .header("x-requested-with", "XMLHttpRequest")
        .header("origin", app.url("embed.localhost", ""))
        .header("accept-language", "ar-AR")
        .header("cookie", session.clone())
        .json(&json!({ "objectiveId": objective("Cybersecurity Program"), "question": "What is this about?" }))
        .send()
        .await
        .expect("ask the tutor");
    assert_eq!(answer.status(), StatusCode::OK);
    let text = answer.text().await.expect("the answer");
    assert!(text.contains("event: done"), "{text}");
    visible.push_str(&text);

    let seen = recorder.seen.lock().expect("lock").clone();
    assert!(!seen.is_empty(), "My courses read the upstream through the recorder");
    let tutor: Vec<&HeaderMap> =
        seen.iter().filter(|(path, _)| path.ends_with("/tutor/answers")).map(|(_, h)| h).collect();
    assert_eq!(tutor.len(), 1, "the tutor was asked through the recorder");
    assert_eq!(tutor[0].get("accept-language").map(HeaderValue::as_bytes), Some(&b"ar-AR"[..]), "{:?}", tutor[0]);
    let mut tokens = Vec::new();
    for (path, headers) in &seen {
        assert!(headers.contains_key("x-request-id"), "{path} carries the request id: {headers:?}");
        assert!(headers.contains_key("traceparent"), "{path} carries the trace context: {headers:?}");
        assert!(!headers.contains_key("cookie"), "a Cookie header went upstream: {headers:?}");
        let authorization = headers.get("authorization").expect("a bearer token upstream").to_str().expect("ascii");
        let token = authorization.strip_prefix("Bearer ").expect("bearer");
        assert!(token.len() > 20, "a real access token: {token}");
        tokens.push(token.to_string());
    }
    for token in &tokens {
        assert!(!visible.contains(token.as_str()), "the access token reached the browser");
    }
    // `.eyJ`: a JWT's claims after its header; a bare `eyJ` may turn up by chance in a random
    // cookie value.
    assert!(!visible.contains(".eyJ"), "no JWT (access, refresh or ID token) in what the browser saw");
}
