//! What crosses between the browser and the upstream: the browser's `Cookie` header never goes
//! upstream, and the tokens the gateway uses upstream never reach the browser.
//!
//! Tenant `embed` reads its API through a recording proxy on loopback that forwards every call
//! to the sandbox and keeps the request headers it saw.

use std::sync::{Arc, Mutex};

use axum::{Router, body::Bytes, extract::State, http::HeaderMap, response::IntoResponse};
use reqwest::StatusCode;
use url::Url;

use crate::helpers::{TestApp, session_cookie_of};

#[derive(Clone, Default)]
struct Recorder {
    target: Arc<Mutex<Option<Url>>>,
    seen: Arc<Mutex<Vec<HeaderMap>>>,
}

/// Forwards `GET`s to the sandbox's acme API, keeping their headers.
async fn forward(State(rec): State<Recorder>, uri: axum::http::Uri, headers: HeaderMap) -> impl IntoResponse {
    rec.seen.lock().expect("lock").push(headers.clone());
    let target = rec.target.lock().expect("lock").clone().expect("target set");
    let url = target.join(uri.path_and_query().map_or("", |p| p.as_str()).trim_start_matches('/')).expect("url");
    let mut request = reqwest::Client::new().get(url);
    for (name, value) in &headers {
        if name != "host" {
            request = request.header(name, value);
        }
    }
    let answer = request.send().await.expect("sandbox");
    let status = StatusCode::from_u16(answer.status().as_u16()).expect("status");
    let body: Bytes = answer.bytes().await.expect("body");
    (status, [("content-type", "application/json")], body)
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

    let seen = recorder.seen.lock().expect("lock").clone();
    assert!(!seen.is_empty(), "My courses read the upstream through the recorder");
    let mut tokens = Vec::new();
    for headers in &seen {
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
