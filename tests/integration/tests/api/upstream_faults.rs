//! The upstream LMS failing, through the sandbox's fault API: past the timeout a 504 problem
//! within the timeout plus 100 ms, also when a slow 503 leaves too little time for a retry;
//! 502/503 bursts retried once for reads only, never for commands;
//! resets and slow bodies are problems, not hangs; an upstream down and back is used again
//! without a restart. The session survives all of it.

use std::time::{Duration, Instant};

use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::{
    helpers::{TestApp, post, signed_in},
    reliability_common::{clear_faults, set_faults},
};

/// Upstream calls give up after 1 s.
const UPSTREAM_TIMEOUT: Duration = Duration::from_secs(1);
/// What the gateway may add to the upstream timeout before its 504 is received.
const TIMEOUT_SLACK: Duration = Duration::from_millis(100);

async fn app_with_short_upstream_timeout() -> TestApp {
    let toml = format!("[limits]\nupstream_timeout_secs = {}\n", UPSTREAM_TIMEOUT.as_secs());
    TestApp::builder().config(&toml).spawn().await
}

/// The profile view: its status, body and the time from sending the request to receiving the status.
async fn profile(app: &TestApp, browser: &reqwest::Client) -> (StatusCode, Value, Duration) {
    let started = Instant::now();
    let response = app.api(browser, "localhost", "/api/bff/profile").await;
    let took = started.elapsed();
    let status = response.status();
    let problem = status.is_client_error() || status.is_server_error();
    if problem {
        assert_eq!(response.headers()["content-type"], "application/problem+json", "{status}");
    }
    let body = response.json().await.unwrap_or(Value::Null);
    (status, body, took)
}

#[tokio::test]
async fn latency_past_the_timeout_is_a_504_problem_within_the_timeout_plus_100_ms() {
    let app = app_with_short_upstream_timeout().await;
    let browser = signed_in(&app, "ada").await;
    // Warm the connection pool, so the timed call measures the gateway, not a first connect.
    assert_eq!(profile(&app, &browser).await.0, StatusCode::OK);
    set_faults(&app, json!([{ "method": "GET", "path": "users/me", "fault": {"kind": "latency", "ms": 3000} }])).await;
    let (status, body, took) = profile(&app, &browser).await;
    println!("latency 3000 ms, upstream timeout 1000 ms: {status} after {} ms", took.as_millis());
    assert_eq!(status, StatusCode::GATEWAY_TIMEOUT, "{body}");
    assert_eq!(body["error"], "upstream_timeout");
    assert!(took >= UPSTREAM_TIMEOUT && took <= UPSTREAM_TIMEOUT + TIMEOUT_SLACK, "{took:?}");
    clear_faults(&app).await;
    assert_eq!(profile(&app, &browser).await.0, StatusCode::OK, "the session survived");
}

#[tokio::test]
async fn a_slow_503_is_retried_only_within_the_timeout() {
    let app = app_with_short_upstream_timeout().await;
    let browser = signed_in(&app, "ada").await;
    assert_eq!(profile(&app, &browser).await.0, StatusCode::OK);
    // Every read of the profile answers 503 after 700 ms: the retry has only 300 ms left.
    set_faults(
        &app,
        json!([
            { "method": "GET", "path": "users/me", "fault": {"kind": "latency", "ms": 700} },
            { "method": "GET", "path": "users/me", "fault": {"kind": "error", "status": 503, "rate": 1.0} },
        ]),
    )
    .await;
    let (status, body, took) = profile(&app, &browser).await;
    println!("503 after 700 ms, upstream timeout 1000 ms: {status} after {} ms", took.as_millis());
    assert_eq!(status, StatusCode::GATEWAY_TIMEOUT, "the retry ran out of time: {body}");
    assert_eq!(body["error"], "upstream_timeout");
    assert!(took <= UPSTREAM_TIMEOUT + TIMEOUT_SLACK, "{took:?}");
    clear_faults(&app).await;
    assert_eq!(profile(&app, &browser).await.0, StatusCode::OK, "the session survived");
}

#[tokio::test]
async fn bursts_of_503_are_retried_once_for_reads_and_never_for_commands() {
    let app = TestApp::builder().fast_commands().spawn().await;
    let ada = signed_in(&app, "ada").await;
    // Every second call fails (the 2nd, 4th, ...): each read that fails is retried once, and
    // its retry is the next, odd, call.
    set_faults(
        &app,
        json!([{ "method": "GET", "path": "users/me", "fault": {"kind": "error", "status": 503, "rate": 0.5} }]),
    )
    .await;
    for i in 0..4 {
        let (status, body, _) = profile(&app, &ada).await;
        assert_eq!(status, StatusCode::OK, "read {i}: {body}");
    }
    // The same for the time-zone command: the 2nd call fails and must not be sent again.
    set_faults(
        &app,
        json!([{ "method": "POST", "path": "users/*/timezone", "fault": {"kind": "error", "status": 503, "rate": 0.5} }]),
    )
    .await;
    let (status, body) = post(&app, &ada, "/api/bff/profile/timezone", Some(json!({ "timezone": "Asia/Tokyo" }))).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let (status, body) =
        post(&app, &ada, "/api/bff/profile/timezone", Some(json!({ "timezone": "Europe/Paris" }))).await;
    assert!(status.is_server_error(), "a command is not retried blindly: {status} {body}");
    let (status, body) =
        post(&app, &ada, "/api/bff/profile/timezone", Some(json!({ "timezone": "Europe/Paris" }))).await;
    assert_eq!(status, StatusCode::OK, "the 3rd call goes through: {body}");
    assert_eq!(body["changed"], true, "the failed command had not been sent again: {body}");
}

#[tokio::test]
async fn resets_and_slow_bodies_are_problems_not_hangs() {
    let app = app_with_short_upstream_timeout().await;
    let browser = signed_in(&app, "ada").await;
    for fault in [json!({"kind": "reset"}), json!({"kind": "slow_body", "ms": 4000, "chunks": 4})] {
        set_faults(&app, json!([{ "method": "GET", "path": "users/me", "fault": fault }])).await;
        let (status, body, took) = profile(&app, &browser).await;
        println!("{fault}: {status} after {} ms", took.as_millis());
        assert!(matches!(status, StatusCode::BAD_GATEWAY | StatusCode::GATEWAY_TIMEOUT), "{fault}: {status} {body}");
        assert!(took < Duration::from_millis(3000), "{fault}: {took:?}");
        clear_faults(&app).await;
        assert_eq!(profile(&app, &browser).await.0, StatusCode::OK, "the session survived {fault}");
    }
}

#[tokio::test]
async fn an_upstream_down_and_back_is_used_again_without_a_restart() {
    let app = app_with_short_upstream_timeout().await;
    let browser = signed_in(&app, "ada").await;
    set_faults(&app, json!([{ "fault": {"kind": "down"} }])).await;
    for _ in 0..3 {
        let (status, body, _) = profile(&app, &browser).await;
        assert!(matches!(status, StatusCode::BAD_GATEWAY | StatusCode::SERVICE_UNAVAILABLE), "{status} {body}");
    }
    clear_faults(&app).await;
    let (status, _, _) = profile(&app, &browser).await;
    assert_eq!(status, StatusCode::OK, "back without a restart");
    assert_eq!(app.api(&browser, "localhost", "/api/bff/my-courses").await.status(), StatusCode::OK);
}
