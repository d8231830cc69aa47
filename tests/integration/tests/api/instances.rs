//! Several gateway instances over one Redis: one token refresh at a time across all of them.

use reqwest::StatusCode;
use serde_json::Value;

use crate::{
    helpers::{TestApp, session_cookie_of},
    redis_server::RedisServer,
};

#[tokio::test]
async fn fifty_concurrent_requests_on_two_instances_share_one_refresh_of_a_one_time_refresh_token() {
    // Access tokens live 2 s, inside the 30 s refresh margin, so every request wants a refresh;
    // the sandbox's refresh tokens are one-time and a reuse revokes the family, so two refreshes
    // with the same token would end the session.
    let redis = RedisServer::start().await;
    let app = TestApp::builder().sandbox(|c| c.access_token_ttl_secs = 2).redis(&redis).spawn().await;
    let other = app.another_gateway().await;
    let cookie = app.session_cookie("localhost", "ada").await;
    let calls = (0..50).map(|i| {
        let cookie = cookie.clone();
        let (app, other) = (&app, &other);
        async move {
            if i % 2 == 0 {
                app.api_with_cookie(&cookie, "localhost", "/api/bff/session").await
            } else {
                other.api(&cookie, "localhost", "/api/bff/session").await
            }
        }
    });
    let responses = futures::future::join_all(calls).await;
    let mut failures = Vec::new();
    for response in responses {
        let status = response.status();
        if status != StatusCode::OK {
            let body: Value = response.json().await.unwrap_or(Value::Null);
            failures.push(format!("{status} {body}"));
        }
    }
    assert!(failures.is_empty(), "{} of 50 failed: {failures:?}", failures.len());
    // The session is alive on both instances afterwards.
    assert_eq!(app.api_with_cookie(&cookie, "localhost", "/api/bff/my-courses").await.status(), StatusCode::OK);
    assert_eq!(other.api(&cookie, "localhost", "/api/bff/my-courses").await.status(), StatusCode::OK);
}

#[tokio::test]
async fn a_refused_refresh_ends_the_redis_session_with_reason_refresh_failed() {
    let redis = RedisServer::start().await;
    let app = TestApp::builder().sandbox(|c| c.access_token_ttl_secs = 2).redis(&redis).spawn().await;
    let other = app.another_gateway().await;
    let browser = app.browser();
    let done = app.sign_in_response(&browser, "localhost", "ada", None).await;
    let cookie = session_cookie_of(&done).expect("a session cookie");
    // Sign out at the issuer only: it revokes the refresh tokens behind the gateway's back.
    let ended = browser.get(format!("{}t/acme/idp/logout", app.sandbox_url)).send().await.expect("end session");
    assert_eq!(ended.status(), StatusCode::OK);
    let response = other.api(&cookie, "localhost", "/api/bff/my-courses").await;
    assert_eq!(response.status(), StatusCode::UNAUTHORIZED);
    let body: Value = response.json().await.expect("json");
    assert_eq!(body["reason"], "refresh_failed");
    let again = app.api_with_cookie(&cookie, "localhost", "/api/bff/session").await;
    let body: Value = again.json().await.expect("json");
    assert_eq!(body["reason"], "none", "the session is gone on every instance");
}
