//! One session cannot starve its tenant: its `/api` requests share
//! `limits.max_in_flight_per_session` slots (waiting for one at most
//! `limits.session_queue_timeout_ms`, then 429), and a view answers within
//! `limits.view_timeout_secs` however many upstream calls it makes.

use std::time::{Duration, Instant};

use reqwest::StatusCode;
use serde_json::json;

use crate::{
    helpers::{TestApp, aggregate_in, signed_in},
    reliability_common::{clear_faults, set_faults},
};

#[tokio::test]
async fn one_slow_session_cannot_take_every_upstream_slot_of_its_tenant() {
    let app = TestApp::builder()
        .config(
            "[upstream]\nmax_in_flight_per_tenant = 4\nqueue_timeout_ms = 300\n[limits]\nmax_in_flight_per_session = 1\nsession_queue_timeout_ms = 500\n",
        )
        .spawn()
        .await;
    let greedy = app.browser();
    app.sign_in(&greedy, "localhost", "ada", None).await;
    let other = app.browser();
    app.sign_in(&other, "localhost", "grace", None).await;
    set_faults(&app, json!([{ "method": "GET", "path": "users/me", "fault": {"kind": "latency", "ms": 1500} }])).await;
    let burst = futures::future::join_all((0..12).map(|_| app.api(&greedy, "localhost", "/api/bff/profile")));
    let others = async {
        tokio::time::sleep(Duration::from_millis(300)).await;
        // Another user of the tenant and the public catalog are still served.
        let catalog = app.api(&other, "localhost", "/api/bff/catalog").await.status();
        let public = app.api(&other, "localhost", "/api/bff/public/catalog").await.status();
        (catalog, public)
    };
    let (burst, (catalog, public)) = futures::join!(burst, others);
    assert_eq!(catalog, StatusCode::OK);
    assert_eq!(public, StatusCode::OK);
    let statuses: Vec<StatusCode> = burst.iter().map(|r| r.status()).collect();
    assert!(statuses.contains(&StatusCode::TOO_MANY_REQUESTS), "{statuses:?}");
    assert!(statuses.iter().all(|s| *s == StatusCode::OK || *s == StatusCode::TOO_MANY_REQUESTS), "{statuses:?}");
}

async fn app_with_view_budget() -> TestApp {
    TestApp::builder().config("[limits]\nview_timeout_secs = 1\n").spawn().await
}

#[tokio::test]
async fn a_view_answers_within_its_time_budget() {
    let app = app_with_view_budget().await;
    let browser = signed_in(&app, "ada").await;
    set_faults(&app, json!([{ "method": "GET", "path": "users/me", "fault": {"kind": "latency", "ms": 3000} }])).await;
    let started = Instant::now();
    let response = app.api(&browser, "localhost", "/api/bff/profile").await;
    let took = started.elapsed();
    assert_eq!(response.status(), StatusCode::GATEWAY_TIMEOUT);
    assert_eq!(response.headers()["content-type"], "application/problem+json");
    assert!(took < Duration::from_millis(2000), "{took:?}");
}

/// The pass-through takes one of the session's slots like any `/api` request, holds it until its
/// answer is there, and gives it back: with one slot, a second call of the session while the
/// first is under way waits `limits.session_queue_timeout_ms`, then gets 429 (with the tenant's
/// headers and `Retry-After`); once the first has answered, the next call is served.
#[tokio::test]
async fn the_pass_through_holds_a_session_slot_until_it_has_answered() {
    let app = TestApp::builder()
        .config("[limits]\nmax_in_flight_per_session = 1\nsession_queue_timeout_ms = 300\n")
        .spawn()
        .await;
    let browser = signed_in(&app, "ada").await;
    let view: serde_json::Value =
        app.api(&browser, "localhost", "/api/bff/my-courses").await.json().await.expect("json");
    let aggregate = aggregate_in(&view, "Cybersecurity Program");
    let path = format!("/api/lms/users/me/objective-workflow-aggregates/{aggregate}/knowledge-model");
    set_faults(
        &app,
        json!([{ "method": "GET", "path": "users/me/objective-workflow-aggregates/*/knowledge-model", "fault": {"kind": "latency", "ms": 1200} }]),
    )
    .await;
    let first = app.api(&browser, "localhost", &path);
    let second = async {
        tokio::time::sleep(Duration::from_millis(200)).await;
        let started = Instant::now();
        let response = app.api(&browser, "localhost", &path).await;
        (response, started.elapsed())
    };
    let (first, (second, waited)) = futures::join!(first, second);
    assert_eq!(first.status(), StatusCode::OK);
    assert_eq!(second.status(), StatusCode::TOO_MANY_REQUESTS);
    assert!(waited >= Duration::from_millis(300) && waited < Duration::from_millis(1000), "{waited:?}");
    assert_eq!(second.headers()["retry-after"], "1");
    assert_eq!(second.headers()["cache-control"], "no-store");
    assert_eq!(second.headers()["x-content-type-options"], "nosniff");
    clear_faults(&app).await;
    assert_eq!(app.api(&browser, "localhost", &path).await.status(), StatusCode::OK, "the slot came back");
}
