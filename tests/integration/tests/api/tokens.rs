//! The session's tokens: refreshed before they expire, one refresh at a time; a failed
//! refresh ends the session; a gone upstream is a 502 problem, never a logout; a token the
//! upstream refuses before it expires is renewed (a read is asked again, a command is not).

use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::{
    helpers::{TestApp, post, signed_in},
    reliability_common::{clear_faults, set_faults},
};

#[tokio::test]
async fn short_lived_access_tokens_are_refreshed_with_the_rotated_refresh_token() {
    // Every access token is about to expire, so every request refreshes; the sandbox's refresh
    // tokens are one-time, so a gateway that kept an old one would be refused at once.
    let app = TestApp::builder().sandbox(|c| c.access_token_ttl_secs = 2).spawn().await;
    let browser = signed_in(&app, "ada").await;
    for _ in 0..3 {
        assert_eq!(app.api(&browser, "localhost", "/api/bff/my-courses").await.status(), StatusCode::OK);
    }
}

#[tokio::test]
async fn concurrent_requests_of_one_session_share_one_refresh() {
    let app = TestApp::builder().sandbox(|c| c.access_token_ttl_secs = 2).spawn().await;
    let browser = signed_in(&app, "ada").await;
    let calls = (0..12).map(|_| app.api(&browser, "localhost", "/api/bff/session"));
    let statuses: Vec<StatusCode> = futures::future::join_all(calls).await.iter().map(|r| r.status()).collect();
    assert!(statuses.iter().all(|s| *s == StatusCode::OK), "{statuses:?}");
}

#[tokio::test]
async fn a_refused_refresh_ends_the_session_with_reason_refresh_failed() {
    let app = TestApp::builder().sandbox(|c| c.access_token_ttl_secs = 2).spawn().await;
    let browser = signed_in(&app, "ada").await;
    // Sign out at the issuer only (its single-sign-on cookie is in the browser): it revokes
    // the refresh tokens of that issuer session behind the gateway's back.
    let ended = browser.get(format!("{}t/acme/idp/logout", app.sandbox_url)).send().await.expect("end session");
    assert_eq!(ended.status(), StatusCode::OK);
    let response = app.api(&browser, "localhost", "/api/bff/my-courses").await;
    assert_eq!(response.status(), StatusCode::UNAUTHORIZED);
    let body: Value = response.json().await.expect("json");
    assert_eq!(body["reason"], "refresh_failed");
    let again = app.api(&browser, "localhost", "/api/bff/session").await;
    let body: Value = again.json().await.expect("json");
    assert_eq!(body["reason"], "none", "the session is gone");
}

#[tokio::test]
async fn an_unreachable_upstream_is_a_502_problem_and_the_session_survives() {
    let mut app = TestApp::builder().spawn().await;
    let browser = signed_in(&app, "ada").await;
    app.stop_sandbox().await;
    let response = app.api(&browser, "localhost", "/api/bff/my-courses").await;
    assert_eq!(response.status(), StatusCode::BAD_GATEWAY);
    assert_eq!(response.headers()["content-type"], "application/problem+json");
    let body: Value = response.json().await.expect("json");
    assert_eq!(body["error"], "bad_gateway");
    assert!(!body.to_string().contains("127.0.0.1"), "no internals in the body: {body}");
    assert_eq!(app.api(&browser, "localhost", "/api/bff/session").await.status(), StatusCode::OK);
}

/// The platform refuses the token on reads of `users/me`: every one at rate 1, the 2nd, 4th...
/// at 0.5 (the sandbox's fault rates are deterministic).
fn refused_reads_of_the_user(rate: f64) -> Value {
    json!([{ "method": "GET", "path": "users/me", "fault": {"kind": "error", "status": 401, "rate": rate} }])
}

/// How many token requests (refreshes, after the sign-in) reached the sandbox's issuer.
async fn token_requests(app: &TestApp) -> usize {
    TestApp::count_ending(&app.sandbox_requests().await, "/idp/token")
}

#[tokio::test]
async fn a_token_the_upstream_refuses_early_is_renewed_and_the_read_asked_again() {
    let app = TestApp::builder().spawn().await;
    let browser = signed_in(&app, "ada").await;
    // The token is far from expiry, but the platform refuses it once (revoked early, or its
    // signing key no longer trusted): the 2nd read of users/me from now is a 401.
    set_faults(&app, refused_reads_of_the_user(0.5)).await;
    assert_eq!(app.api(&browser, "localhost", "/api/bff/profile").await.status(), StatusCode::OK);
    app.clear_sandbox_requests().await;
    let response = app.api(&browser, "localhost", "/api/bff/profile").await;
    let status = response.status();
    let body: Value = response.json().await.expect("json");
    assert_eq!(status, StatusCode::OK, "renewed and asked again: {body}");
    assert_eq!(body["user"]["email"].as_str().map(|e| e.contains('@')), Some(true), "{body}");
    assert_eq!(token_requests(&app).await, 1, "one refresh: {}", app.sandbox_requests().await);
    // The next read carries the new token, with no refresh of its own.
    clear_faults(&app).await;
    app.clear_sandbox_requests().await;
    assert_eq!(app.api(&browser, "localhost", "/api/bff/profile").await.status(), StatusCode::OK);
    assert_eq!(token_requests(&app).await, 0);
}

#[tokio::test]
async fn a_token_still_refused_after_renewal_is_a_401_token_refused_once_per_read() {
    let app = TestApp::builder().spawn().await;
    let browser = signed_in(&app, "ada").await;
    set_faults(&app, refused_reads_of_the_user(1.0)).await;
    app.clear_sandbox_requests().await;
    let response = app.api(&browser, "localhost", "/api/bff/profile").await;
    assert_eq!(response.status(), StatusCode::UNAUTHORIZED);
    let body: Value = response.json().await.expect("json");
    assert_eq!(body["reason"], "token_refused", "{body}");
    assert!(body["loginUrl"].as_str().is_some_and(|u| u.starts_with("/oidc/login")), "{body}");
    let log = app.sandbox_requests().await;
    let reads = TestApp::count_ending(&log, "/api/users/me");
    assert_eq!((reads, token_requests(&app).await), (2, 1), "asked twice, renewed once: {log}");
    clear_faults(&app).await;
    assert_eq!(app.api(&browser, "localhost", "/api/bff/profile").await.status(), StatusCode::OK, "the session stays");
}

#[tokio::test]
async fn a_command_refused_for_its_token_is_not_sent_again_and_answers_a_retryable_503() {
    let app = TestApp::builder().fast_commands().spawn().await;
    let browser = signed_in(&app, "ada").await;
    set_faults(&app, refused_reads_of_the_user(1.0)).await;
    app.clear_sandbox_requests().await;
    let (status, body) =
        post(&app, &browser, "/api/bff/profile/timezone", Some(json!({ "timezone": "Asia/Tokyo" }))).await;
    assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE, "{body}");
    assert_eq!(body["error"], "unavailable", "{body}");
    let log = app.sandbox_requests().await;
    let reads = TestApp::count_ending(&log, "/api/users/me");
    assert_eq!((reads, token_requests(&app).await), (1, 1), "sent once, token renewed: {log}");
    clear_faults(&app).await;
    let (status, body) =
        post(&app, &browser, "/api/bff/profile/timezone", Some(json!({ "timezone": "Asia/Tokyo" }))).await;
    assert_eq!(status, StatusCode::OK, "the learner's second press goes through: {body}");
}
