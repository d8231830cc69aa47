//! The session's tokens: refreshed before they expire, one refresh at a time; a failed
//! refresh ends the session; a gone upstream is a 502 problem, never a logout.

use reqwest::StatusCode;
use serde_json::Value;

use crate::helpers::{TestApp, signed_in};

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
