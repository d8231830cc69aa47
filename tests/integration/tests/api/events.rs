//! `POST /api/events`: checked, enriched, and forwarded in batches to the tenant's sink in the
//! sandbox (in the `test` environment), never in `dev`.

use std::time::Duration;

use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::helpers::{TestApp, ada, signed_in};

const OBJECTIVE: &str = "00000000-0000-0000-0000-0000000000aa";
const FIREFOX: &str = "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:120.0) Gecko/20100101 Firefox/120.0";

/// A gateway in the `test` environment, whose events settings are `events`.
async fn forwarding_app(events: &str) -> TestApp {
    let events = events.to_string();
    TestApp::builder().config(format!("environment = \"test\"\n[events]\n{events}")).spawn().await
}

const FAST: &str = "queue_capacity = 100\nbatch_size = 10\nflush_interval_ms = 50\nmax_per_request = 5\nmax_body_bytes = 2048\nmax_comment_chars = 20";

async fn post_events(app: &TestApp, browser: &reqwest::Client, body: &Value) -> reqwest::Response {
    browser
        .post(app.url("localhost", "/api/events"))
        .header("x-requested-with", "XMLHttpRequest")
        .header("user-agent", FIREFOX)
        .json(body)
        .send()
        .await
        .expect("post events")
}

/// What the sandbox's sink stored for `tenant`.
async fn stored(app: &TestApp, tenant: &str) -> Vec<Value> {
    let url = app.sandbox_url.join(&format!("admin/events?tenant={tenant}")).expect("url");
    let read: Value = reqwest::get(url).await.expect("admin events").json().await.expect("json");
    read["events"].as_array().expect("events").iter().map(|e| e["event"].clone()).collect()
}

/// Waits up to 5 s for the sink to hold `n` events of `tenant`.
async fn wait_for_stored(app: &TestApp, tenant: &str, n: usize) -> Vec<Value> {
    for _ in 0..100 {
        let events = stored(app, tenant).await;
        if events.len() >= n {
            return events;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    panic!("the sink did not receive {n} events: {:?}", stored(app, tenant).await);
}

fn cookie_value(cookie: &str) -> &str {
    cookie.split_once('=').expect("name=value").1
}

#[tokio::test]
async fn events_are_enriched_and_forwarded_to_the_tenant_sink() {
    let app = forwarding_app(FAST).await;
    let cookie = app.session_cookie("localhost", "ada").await;
    let browser = app.browser();
    let response = browser
        .post(app.url("localhost", "/api/events"))
        .header("x-requested-with", "XMLHttpRequest")
        .header("user-agent", FIREFOX)
        .header("cookie", &cookie)
        .json(&json!([
            { "name": "objective_start", "objectiveId": OBJECTIVE },
            { "name": "product_feedback", "grade": 4, "details": ["navigation", "reports"], "comment": "clear" },
            { "name": "my_courses_search", "keyword": "rust" },
        ]))
        .send()
        .await
        .expect("post");
    assert_eq!(response.status(), StatusCode::ACCEPTED);
    assert_eq!(response.json::<Value>().await.expect("json")["accepted"], 3);

    let events = wait_for_stored(&app, "acme", 3).await;
    let names: Vec<&str> = events.iter().map(|e| e["name"].as_str().expect("name")).collect();
    assert_eq!(names, ["objective_start", "product_feedback", "my_courses_search"]);
    let session_id = cookie_value(&cookie);
    for event in &events {
        assert_eq!(event["tenant"], "acme", "{event}");
        assert_eq!(event["role"], "learner", "{event}");
        assert!(event["userId"].as_str().is_some_and(|id| id.len() == 36), "{event}");
        assert_eq!(event["sessionHash"], gateway::events::session_hash(session_id), "{event}");
        assert!(!event.to_string().contains(session_id), "the raw session id never leaves: {event}");
        assert!(event["timestamp"].as_str().is_some_and(|t| t.contains('T')), "{event}");
    }
    assert_eq!(events[0]["properties"]["objectiveId"], OBJECTIVE);
    assert_eq!(events[1]["properties"]["grade"], 4);
    assert_eq!(events[1]["properties"]["details"], json!(["navigation", "reports"]));
    assert_eq!(events[1]["client"]["browser"], "Firefox");
    assert_eq!(events[1]["client"]["os"], "Windows 10");
    assert!(events[0].get("client").is_none(), "only feedback carries the client context");
    assert!(stored(&app, "globex").await.is_empty(), "nothing reaches another tenant's sink");
}

#[tokio::test]
async fn bad_events_are_refused_with_a_problem_and_nothing_is_forwarded() {
    let app = forwarding_app(FAST).await;
    let browser = signed_in(&app, "ada").await;
    let cases = [
        (json!({ "name": "page_view" }), "unknown event name `page_view`"),
        (json!({ "name": "product_feedback", "grade": 9 }), "grade must be between 1 and 5"),
        (json!({ "name": "product_feedback", "grade": 2, "details": ["price"] }), "unknown feedback topic"),
        (json!({ "name": "product_feedback", "grade": 2, "comment": "x".repeat(21) }), "longer than 20"),
        (json!({ "name": "objective_start", "objectiveId": "not-an-id" }), "objective_start"),
        (Value::Array(vec![json!({ "name": "my_courses_search", "keyword": "a" }); 6]), "at most 5 events"),
        (json!([{ "name": "my_courses_search", "keyword": "ok" }, { "name": "nope" }]), "event 1"),
    ];
    for (body, expected) in cases {
        let response = post_events(&app, &browser, &body).await;
        assert_eq!(response.status(), StatusCode::BAD_REQUEST, "{body}");
        assert_eq!(response.headers()["content-type"], "application/problem+json");
        let problem: Value = response.json().await.expect("problem");
        assert!(problem["detail"].as_str().is_some_and(|d| d.contains(expected)), "{body}: {problem}");
    }
    let too_large = json!({ "name": "my_courses_search", "keyword": "k".repeat(2048) });
    let response = post_events(&app, &browser, &too_large).await;
    assert_eq!(response.status(), StatusCode::PAYLOAD_TOO_LARGE);
    assert_eq!(response.headers()["content-type"], "application/problem+json");
    let problem: Value = response.json().await.expect("problem");
    assert!(problem["detail"].as_str().is_some_and(|d| d.contains("larger than 2048 bytes")), "{problem}");
    let no_csrf_header = browser
        .post(app.url("localhost", "/api/events"))
        .json(&json!({ "name": "my_courses_search", "keyword": "a" }))
        .send()
        .await
        .expect("post");
    assert_eq!(no_csrf_header.status(), StatusCode::FORBIDDEN);
    let anonymous = post_events(&app, &app.browser(), &json!({ "name": "my_courses_search", "keyword": "a" })).await;
    assert_eq!(anonymous.status(), StatusCode::UNAUTHORIZED);
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert!(stored(&app, "acme").await.is_empty(), "refused events are not forwarded");
}

#[tokio::test]
async fn in_dev_events_are_answered_but_not_forwarded() {
    let (app, browser) = ada().await;
    let response = post_events(&app, &browser, &json!({ "name": "course_restart", "objectiveId": OBJECTIVE })).await;
    assert_eq!(response.status(), StatusCode::ACCEPTED);
    let bad = post_events(&app, &browser, &json!({ "name": "course_restart" })).await;
    assert_eq!(bad.status(), StatusCode::BAD_REQUEST, "dev still checks events");
    // In dev there is no queue at all; a short wait gives a wrongly started forwarder time to show.
    tokio::time::sleep(Duration::from_millis(500)).await;
    assert!(stored(&app, "acme").await.is_empty());
}

#[tokio::test]
async fn a_full_queue_drops_and_counts_but_never_blocks_the_request() {
    // The sink takes 2 s per batch, batches hold one event and the queue holds one more.
    let app = TestApp::builder()
        .faults(json!([{ "method": "POST", "path": "events", "fault": { "kind": "latency", "ms": 2000 } }]))
        .config(
            "environment = \"test\"\n[events]\nqueue_capacity = 1\nbatch_size = 1\nflush_interval_ms = 50\n\
             max_per_request = 10\nmax_body_bytes = 4096\nmax_comment_chars = 20",
        )
        .spawn()
        .await;
    let browser = signed_in(&app, "ada").await;
    let started = std::time::Instant::now();
    let body = Value::Array(vec![json!({ "name": "my_courses_search", "keyword": "a" }); 10]);
    let first = post_events(&app, &browser, &body).await;
    assert_eq!(first.status(), StatusCode::ACCEPTED);
    tokio::time::sleep(Duration::from_millis(100)).await;
    let second = post_events(&app, &browser, &body).await;
    assert_eq!(second.status(), StatusCode::ACCEPTED);
    assert!(started.elapsed() < Duration::from_millis(1500), "requests did not wait for the sink");
    let lost = events_counter(&app, "dropped").await;
    assert!(lost >= 17, "at most one event sending and one queued of 20: {lost} dropped");
}

/// The `gateway_events_total{outcome=...}` counter.
async fn events_counter(app: &TestApp, outcome: &str) -> u64 {
    let text = reqwest::get(format!("http://127.0.0.1:{}/metrics", app.port))
        .await
        .expect("metrics")
        .text()
        .await
        .expect("text");
    let series = format!("gateway_events_total{{outcome=\"{outcome}\"}} ");
    text.lines().find_map(|l| l.strip_prefix(series.as_str())).map_or(0, |n| n.parse().expect("a count"))
}

#[tokio::test]
async fn events_the_sink_refuses_are_counted_as_failed() {
    let app = TestApp::builder()
        .faults(json!([{ "path": "events", "fault": { "kind": "error", "status": 503, "rate": 1.0 } }]))
        .config(format!("environment = \"test\"\n[events]\n{FAST}"))
        .spawn()
        .await;
    let browser = signed_in(&app, "ada").await;
    let body =
        json!([{ "name": "my_courses_search", "keyword": "a" }, { "name": "my_courses_search", "keyword": "b" }]);
    assert_eq!(post_events(&app, &browser, &body).await.status(), StatusCode::ACCEPTED);
    let mut failed = 0;
    for _ in 0..100 {
        failed = events_counter(&app, "failed").await;
        if failed >= 2 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert_eq!(failed, 2, "both events counted as failed");
    assert_eq!(events_counter(&app, "received").await, 2);
    assert_eq!(events_counter(&app, "forwarded").await, 0);
    assert!(stored(&app, "acme").await.is_empty());
}

#[tokio::test]
async fn feedback_is_refused_where_the_tenant_turned_it_off() {
    let app = TestApp::builder()
        .config(format!("environment = \"test\"\n[events]\n{FAST}\n[tenants.acme.ui]\nfeedback_enabled = false\n"))
        .spawn()
        .await;
    let browser = signed_in(&app, "ada").await;
    let feedback = post_events(&app, &browser, &json!({ "name": "product_feedback", "grade": 3 })).await;
    assert_eq!(feedback.status(), StatusCode::FORBIDDEN);
    let problem: Value = feedback.json().await.expect("problem");
    assert!(problem["detail"].as_str().is_some_and(|d| d.contains("feedback is turned off")), "{problem}");
    let search = post_events(&app, &browser, &json!({ "name": "my_courses_search", "keyword": "a" })).await;
    assert_eq!(search.status(), StatusCode::ACCEPTED, "other events still go through");
    let events = wait_for_stored(&app, "acme", 1).await;
    assert_eq!(events.len(), 1);
    assert_eq!(events[0]["name"], "my_courses_search");
}
