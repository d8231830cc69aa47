//! `/api/bff/session`, the 401 shape and the CSRF header rule.

use reqwest::{StatusCode, header};

use crate::helpers::{TestApp, ada, signed_in, urlencode};

#[tokio::test]
async fn without_a_session_api_calls_get_401_with_the_login_url_and_nothing_else() {
    let app = TestApp::builder().spawn().await;
    let page = app.url("localhost", "/learn/courses?keyword=x");
    let response = app
        .browser()
        .get(app.url("localhost", "/api/bff/session"))
        .header("x-requested-with", "XMLHttpRequest")
        .header(header::REFERER, &page)
        .send()
        .await
        .expect("session");
    assert_eq!(response.status(), StatusCode::UNAUTHORIZED);
    assert!(response.headers().get(header::LOCATION).is_none(), "never a redirect");
    assert!(response.headers().get(header::SET_COOKIE).is_none(), "no cookie");
    assert_eq!(response.headers()[header::CACHE_CONTROL], "no-store");
    let body: serde_json::Value = response.json().await.expect("json");
    assert_eq!(
        body,
        serde_json::json!({
            "error": "unauthorized",
            "reason": "none",
            "loginUrl": format!("/oidc/login?redirectUrl={}", urlencode(&page)),
        })
    );
}

#[tokio::test]
async fn a_referer_of_another_site_is_not_carried_into_the_login_url() {
    let app = TestApp::builder().spawn().await;
    let response = app
        .browser()
        .get(app.url("localhost", "/api/bff/my-courses"))
        .header("x-requested-with", "XMLHttpRequest")
        .header(header::REFERER, "https://evil.example/")
        .send()
        .await
        .expect("call");
    let body: serde_json::Value = response.json().await.expect("json");
    assert_eq!(body["loginUrl"], "/oidc/login");
}

#[tokio::test]
async fn api_calls_without_x_requested_with_are_forbidden() {
    let (app, browser) = ada().await;
    let response = browser.get(app.url("localhost", "/api/bff/session")).send().await.expect("call");
    assert_eq!(response.status(), StatusCode::FORBIDDEN);
    assert_eq!(response.headers()[header::CONTENT_TYPE], "application/problem+json");
    let body: serde_json::Value = response.json().await.expect("json");
    assert_eq!(body["error"], "forbidden");
    assert!(body["detail"].as_str().unwrap_or("").contains("X-Requested-With"));
}

#[tokio::test]
async fn touch_slides_the_idle_expiry() {
    // Written back at most once a second here (default: once a minute).
    let app = TestApp::builder().config("[session]\ntouch_write_interval_secs = 1").spawn().await;
    let browser = signed_in(&app, "ada").await;
    let first: serde_json::Value = app.api(&browser, "localhost", "/api/bff/session").await.json().await.expect("json");
    tokio::time::sleep(std::time::Duration::from_millis(1100)).await;
    let touch = browser
        .post(app.url("localhost", "/api/bff/session/touch"))
        .header("x-requested-with", "XMLHttpRequest")
        .header("origin", app.url("localhost", ""))
        .send()
        .await
        .expect("touch");
    assert_eq!(touch.status(), StatusCode::NO_CONTENT);
    let second: serde_json::Value =
        app.api(&browser, "localhost", "/api/bff/session").await.json().await.expect("json");
    let at = |v: &serde_json::Value| {
        time::OffsetDateTime::parse(
            v["idleExpiresAt"].as_str().expect("string"),
            &time::format_description::well_known::Rfc3339,
        )
        .expect("rfc3339")
    };
    assert!(at(&second) > at(&first), "{} then {}", first["idleExpiresAt"], second["idleExpiresAt"]);
}

/// No CORS: neither a preflight nor a cross-origin call is ever answered with an
/// `Access-Control-Allow-*` header, so another site's script cannot read an API answer.
#[tokio::test]
async fn other_origins_never_get_cors_headers() {
    let (app, browser) = ada().await;
    let preflight = browser
        .request(reqwest::Method::OPTIONS, app.url("localhost", "/api/bff/session"))
        .header(header::ORIGIN, "https://evil.example")
        .header(header::ACCESS_CONTROL_REQUEST_METHOD, "GET")
        .header(header::ACCESS_CONTROL_REQUEST_HEADERS, "x-requested-with")
        .send()
        .await
        .expect("preflight");
    let call = browser
        .get(app.url("localhost", "/api/bff/session"))
        .header(header::ORIGIN, "https://evil.example")
        .header("x-requested-with", "XMLHttpRequest")
        .send()
        .await
        .expect("call");
    assert_eq!(call.status(), StatusCode::OK, "the session exists; only CORS headers are absent");
    for (what, response) in [("preflight", &preflight), ("call", &call)] {
        let cors: Vec<_> =
            response.headers().keys().filter(|name| name.as_str().starts_with("access-control-")).collect();
        assert!(cors.is_empty(), "{what}: {cors:?}");
    }
    assert_ne!(preflight.status(), StatusCode::OK, "a preflight is not approved");
}
