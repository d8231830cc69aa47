//! An identity provider that fails for a while never signs anyone out: a refresh that gets no
//! answer, a timeout or a 5xx keeps the session and answers a retryable 503; only the issuer's
//! refusal (`invalid_grant`) ends it (see `tokens.rs`). A sign-in against a failing token
//! endpoint is a 502 problem, at once.

use std::time::{Duration, Instant};

use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::{
    helpers::{TestApp, location, session_cookie_of, signed_in},
    metrics::{sample, scrape},
    reliability_common::{clear_faults, set_faults},
};

/// Every access token is about to expire, so every request refreshes; upstream and issuer
/// calls give up after 1 s.
async fn app_refreshing_every_request() -> TestApp {
    TestApp::builder()
        .sandbox(|c| c.access_token_ttl_secs = 2)
        .config("[limits]\nupstream_timeout_secs = 1\n")
        .spawn()
        .await
}

#[tokio::test]
async fn a_failing_token_endpoint_during_refresh_keeps_the_session_and_answers_a_retryable_503() {
    let app = app_refreshing_every_request().await;
    let browser = signed_in(&app, "ada").await;
    let faults = [
        json!({"kind": "error", "status": 503, "rate": 1.0}),
        json!({"kind": "reset"}),
        json!({"kind": "latency", "ms": 2500}),
        json!({"kind": "down"}),
    ];
    for fault in faults {
        set_faults(&app, json!([{ "service": "idp", "path": "token", "fault": fault }])).await;
        let started = Instant::now();
        let response = app.api(&browser, "localhost", "/api/bff/my-courses").await;
        assert_eq!(response.status(), StatusCode::SERVICE_UNAVAILABLE, "{fault}");
        assert_eq!(response.headers()["content-type"], "application/problem+json", "{fault}");
        assert!(response.headers().contains_key("retry-after"), "a retryable answer: {fault}");
        assert!(started.elapsed() < Duration::from_secs(5), "{fault}: {:?}", started.elapsed());
        let body: Value = response.json().await.expect("json");
        assert_eq!(body["error"], "unavailable", "{fault}: {body}");
        clear_faults(&app).await;
        // The fault is gone: the same session goes on, with fresh tokens.
        let again = app.api(&browser, "localhost", "/api/bff/my-courses").await;
        assert_eq!(again.status(), StatusCode::OK, "the session survived {fault}");
    }
}

#[tokio::test]
async fn sign_in_against_a_failing_token_endpoint_ends_on_the_sign_in_failure_page_without_a_session() {
    let app = app_refreshing_every_request().await;
    let browser = app.browser();
    let authorize = app.start_login(&browser, "localhost", None).await;
    let back = app.submit_credentials(&browser, &authorize, "ada", "demo").await;
    assert_eq!(back.status(), StatusCode::FOUND);
    let callback = location(back.headers());
    set_faults(
        &app,
        json!([{ "service": "idp", "path": "token", "fault": {"kind": "error", "status": 503, "rate": 1.0} }]),
    )
    .await;
    let started = Instant::now();
    let response = browser.get(&callback).send().await.expect("callback");
    // A page navigation: the learner reads the client's page that says the sign-in service is
    // unavailable for now, not the gateway's 502 problem as raw JSON.
    assert_eq!(response.status(), StatusCode::FOUND);
    assert!(started.elapsed() < Duration::from_secs(5), "{:?}", started.elapsed());
    let to = location(response.headers());
    assert!(to.ends_with("/learn/sign-in-failed?reason=unavailable"), "{to}");
    assert_eq!(session_cookie_of(&response), None, "no session was created");
    let body = response.text().await.expect("body");
    assert!(!body.contains("127.0.0.1"), "no internals: {body}");
    // The request counts as a 3xx; the outage shows in the tenant's sign-in failures.
    assert_eq!(sign_in_failures(&app).await, (1.0, 0.0), "unavailable, refused");
}

#[tokio::test]
async fn a_sign_in_the_identity_provider_refuses_ends_on_the_refused_page_without_a_session() {
    let app = TestApp::builder().spawn().await;
    let browser = app.browser();
    let authorize = app.start_login(&browser, "localhost", None).await;
    let state = url::Url::parse(&authorize)
        .expect("authorize URL")
        .query_pairs()
        .find(|(k, _)| k == "state")
        .map(|(_, v)| v.into_owned())
        .expect("state");
    // The learner cancelled at the issuer (RFC 6749 section 4.1.2.1).
    let callback = app.url("localhost", &format!("/oidc/callback?error=access_denied&state={state}"));
    let response = browser.get(&callback).send().await.expect("callback");
    assert_eq!(response.status(), StatusCode::FOUND);
    assert_eq!(
        location(response.headers()),
        format!("http://localhost:{}/learn/sign-in-failed?reason=refused", app.port)
    );
    assert_eq!(session_cookie_of(&response), None, "no session was created");
    assert_eq!(sign_in_failures(&app).await, (0.0, 1.0), "unavailable, refused");
}

/// The acme tenant's counted sign-in failures: (`unavailable`, `refused`).
async fn sign_in_failures(app: &TestApp) -> (f64, f64) {
    let metrics = scrape(app).await;
    let count = |outcome: &str| {
        sample(&metrics, &format!(r#"gateway_sign_in_failures_total{{tenant="acme",outcome="{outcome}"}}"#))
    };
    (count("unavailable"), count("refused"))
}
