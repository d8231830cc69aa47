//! `/admin/`: the admin token guard, bad input, and the helper the other admin tests use.

use lms_sandbox::SandboxConfig;
use reqwest::{Method, Response, StatusCode};
use serde_json::{Value, json};

use crate::helpers::Sandbox;

/// `method /admin/{path}` with an optional JSON body and no admin token.
pub(crate) async fn admin(sb: &Sandbox, method: Method, path: &str, body: Option<Value>) -> Response {
    let mut request = sb.browser.request(method, sb.url(&format!("admin/{path}")));
    if let Some(body) = body {
        request = request.json(&body);
    }
    request.send().await.expect("admin call")
}

/// Like [`admin`], expecting `expected` and answering the JSON body (`null` when empty).
pub(crate) async fn admin_json(
    sb: &Sandbox,
    method: Method,
    path: &str,
    body: Option<Value>,
    expected: StatusCode,
) -> Value {
    let response = admin(sb, method.clone(), path, body).await;
    assert_eq!(response.status(), expected, "{method} /admin/{path}");
    let text = response.text().await.expect("body");
    if text.is_empty() { Value::Null } else { serde_json::from_str(&text).expect("json") }
}

/// Checks a 400 problem whose detail mentions `needle`.
pub(crate) async fn assert_bad_request(response: Response, needle: &str) {
    assert_eq!(response.status(), StatusCode::BAD_REQUEST);
    assert_eq!(response.headers()["content-type"], "application/problem+json");
    let problem: Value = response.json().await.expect("problem");
    assert_eq!(problem["status"], 400);
    let detail = problem["detail"].as_str().expect("detail");
    assert!(detail.contains(needle), "`{needle}` in {detail}");
}

#[tokio::test]
async fn a_configured_admin_token_guards_every_admin_call() {
    let config = SandboxConfig { admin_token: Some("let-me-in".into()), ..SandboxConfig::default() };
    let sb = Sandbox::start_with(config).await;
    let calls = [
        (Method::GET, "clock", None),
        (Method::PUT, "clock", Some(json!({ "mode": "offset", "seconds": 60 }))),
        (Method::GET, "faults", None),
        (Method::PUT, "faults", Some(json!([]))),
        (Method::DELETE, "faults", None),
        (Method::GET, "events", None),
        (Method::DELETE, "events", None),
        (Method::GET, "requests", None),
        (Method::DELETE, "requests", None),
    ];
    for (method, path, body) in calls {
        for token in [None, Some("wrong"), Some("let-me-in")] {
            let mut request = sb.browser.request(method.clone(), sb.url(&format!("admin/{path}")));
            if let Some(body) = &body {
                request = request.json(body);
            }
            if let Some(token) = token {
                request = request.bearer_auth(token);
            }
            let response = request.send().await.expect("admin call");
            if token == Some("let-me-in") {
                assert!(response.status().is_success(), "{method} {path}: {}", response.status());
            } else {
                assert_eq!(response.status(), StatusCode::UNAUTHORIZED, "{method} {path} with {token:?}");
                let problem: Value = response.json().await.expect("problem");
                assert!(problem["detail"].as_str().expect("detail").contains("admin token"), "{problem}");
            }
        }
    }
    // The clock was changed only by the call that carried the token.
    let clock: Value = sb
        .browser
        .get(sb.url("admin/clock"))
        .bearer_auth("let-me-in")
        .send()
        .await
        .expect("clock")
        .json()
        .await
        .expect("json");
    assert_eq!(clock["mode"], "offset");
    // The API itself does not take the admin token.
    assert_eq!(sb.api("acme", "let-me-in", "users/me", &[]).await.status(), StatusCode::UNAUTHORIZED);
}

#[tokio::test]
async fn without_a_token_the_admin_api_is_open() {
    let sb = Sandbox::start().await;
    let clock = admin_json(&sb, Method::GET, "clock", None, StatusCode::OK).await;
    assert_eq!(clock["mode"], "real");
    assert_eq!(admin_json(&sb, Method::GET, "faults", None, StatusCode::OK).await, json!([]));
    let unknown = admin(&sb, Method::GET, "no-such-thing", None).await;
    assert_eq!(unknown.status(), StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn the_request_log_counts_what_reached_the_api_and_the_issuer_but_not_the_admin_api() {
    let sb = Sandbox::start().await;
    let empty = json!({ "total": 0, "recent": [] });
    assert_eq!(admin_json(&sb, Method::GET, "requests", None, StatusCode::OK).await, empty);
    let discovery = sb.browser.get(format!("{}/.well-known/openid-configuration", sb.issuer("acme"))).send().await;
    assert_eq!(discovery.expect("discovery").status(), StatusCode::OK);
    let unauthenticated = sb.api("globex", "not-a-token", "users/me", &[("select", "id")]).await;
    assert_eq!(unauthenticated.status(), StatusCode::UNAUTHORIZED);
    let log = admin_json(&sb, Method::GET, "requests", None, StatusCode::OK).await;
    assert_eq!(
        log,
        json!({
            "total": 2,
            "recent": ["GET /t/acme/idp/.well-known/openid-configuration", "GET /t/globex/api/users/me"]
        }),
        "method and path, without the query; the admin calls are not in it"
    );
    admin_json(&sb, Method::DELETE, "requests", None, StatusCode::NO_CONTENT).await;
    assert_eq!(admin_json(&sb, Method::GET, "requests", None, StatusCode::OK).await, empty);
}

#[tokio::test]
async fn bad_admin_input_is_a_readable_400() {
    let sb = Sandbox::start().await;
    let raw = |path: &str, body: &str| {
        sb.browser
            .put(sb.url(&format!("admin/{path}")))
            .header("content-type", "application/json")
            .body(body.to_string())
            .send()
    };
    assert_bad_request(raw("clock", "not json").await.expect("put"), "cannot read the request body").await;
    assert_bad_request(raw("clock", r#"{"mode":"weekly"}"#).await.expect("put"), "weekly").await;
    assert_bad_request(raw("clock", r#"{"mode":"offset"}"#).await.expect("put"), "seconds").await;
    assert_bad_request(raw("clock", r#"{"mode":"offset","seconds":"soon"}"#).await.expect("put"), "invalid type").await;
    assert_bad_request(raw("clock", r#"{"mode":"fixed","at":"tomorrow"}"#).await.expect("put"), "RFC 3339").await;
    assert_bad_request(raw("clock", r#"{"mode":"real","at":"x"}"#).await.expect("put"), "unknown field").await;
    assert_bad_request(raw("faults", r#"{"kind":"down"}"#).await.expect("put"), "cannot read").await;
    assert_bad_request(raw("faults", r#"[{"fault":{"kind":"explode"}}]"#).await.expect("put"), "explode").await;
    assert_bad_request(raw("faults", r#"[{"fault":{"kind":"down"},"tenat":"acme"}]"#).await.expect("put"), "tenat")
        .await;
    assert_bad_request(
        raw("faults", r#"[{"fault":{"kind":"down"}},{"fault":{"kind":"error","status":200,"rate":1}}]"#)
            .await
            .expect("put"),
        "fault rule 1",
    )
    .await;
    assert_bad_request(raw("faults", r#"[{"fault":{"kind":"latency","ms":600000}}]"#).await.expect("put"), "limit")
        .await;
    assert_bad_request(admin(&sb, Method::GET, "events?tenant=nobody", None).await, "nobody").await;
    assert_bad_request(admin(&sb, Method::GET, "events?tennant=acme", None).await, "tennant").await;
    // Nothing bad was kept.
    assert_eq!(admin_json(&sb, Method::GET, "clock", None, StatusCode::OK).await["mode"], "real");
    assert_eq!(admin_json(&sb, Method::GET, "faults", None, StatusCode::OK).await, json!([]));
}
