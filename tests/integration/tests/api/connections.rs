//! Connections cannot be held for free: a request head must arrive within
//! `limits.header_read_timeout_secs` (also the idle keep-alive timeout), a body within
//! `limits.request_body_timeout_secs` (else 408), and at most `limits.max_connections` are open.

use std::time::{Duration, Instant};

use tokio::io::AsyncWriteExt;

use crate::{
    helpers::{TestApp, aggregate_in},
    reliability_common::{connect, read_until_closed, status_of},
};

async fn app_with_limits(limits: &str) -> TestApp {
    TestApp::builder().config(format!("[limits]\n{limits}")).spawn().await
}

#[tokio::test]
async fn a_half_sent_or_trickled_head_is_cut_off_after_the_header_read_timeout() {
    let app = app_with_limits("header_read_timeout_secs = 1\n").await;
    // Nothing at all after connecting.
    let mut silent = connect(&app).await;
    let started = Instant::now();
    let (_, closed) = read_until_closed(&mut silent, Duration::from_secs(5)).await;
    assert!(closed && started.elapsed() < Duration::from_secs(4), "silent: {:?}", started.elapsed());

    // One header line every 300 ms: never a whole head.
    let mut trickle = connect(&app).await;
    let started = Instant::now();
    trickle.write_all(format!("GET /learn/ HTTP/1.1\r\nHost: localhost:{}\r\n", app.port).as_bytes()).await.expect("w");
    let mut cut = false;
    for i in 0..20 {
        tokio::time::sleep(Duration::from_millis(300)).await;
        if trickle.write_all(format!("X-Line-{i}: a\r\n").as_bytes()).await.is_err() {
            cut = true;
            break;
        }
    }
    let (answer, closed) = read_until_closed(&mut trickle, Duration::from_millis(200)).await;
    assert!(cut || closed, "a trickled head was kept open for {:?}", started.elapsed());
    assert!(!answer.starts_with("HTTP/1.1 200"), "{answer}");
}

#[tokio::test]
async fn an_idle_keep_alive_connection_is_closed() {
    let app = app_with_limits("header_read_timeout_secs = 1\n").await;
    let mut stream = connect(&app).await;
    stream.write_all(b"GET /healthz HTTP/1.1\r\nHost: localhost\r\n\r\n").await.expect("request");
    let started = Instant::now();
    let (answer, closed) = read_until_closed(&mut stream, Duration::from_secs(5)).await;
    assert_eq!(status_of(&answer), Some(200), "{answer}");
    assert!(closed && started.elapsed() < Duration::from_secs(4), "idle for {:?}", started.elapsed());
}

#[tokio::test]
async fn a_slow_body_gets_408() {
    let app = app_with_limits("request_body_timeout_secs = 1\n").await;
    let mut stream = connect(&app).await;
    let head = format!(
        "POST /api/events HTTP/1.1\r\nHost: localhost:{}\r\nX-Requested-With: XMLHttpRequest\r\n\
         Content-Type: application/json\r\nContent-Length: 100\r\n\r\n[{{\"type\"",
        app.port
    );
    stream.write_all(head.as_bytes()).await.expect("request");
    let started = Instant::now();
    let (answer, _) = read_until_closed(&mut stream, Duration::from_secs(5)).await;
    assert_eq!(status_of(&answer), Some(408), "{answer}");
    assert!(answer.contains("application/problem+json"), "{answer}");
    assert!(started.elapsed() < Duration::from_secs(3), "{:?}", started.elapsed());
}

#[tokio::test]
async fn connections_beyond_the_cap_wait_until_one_closes() {
    let app = app_with_limits("max_connections = 3\nheader_read_timeout_secs = 30\n").await;
    let mut held = Vec::new();
    for _ in 0..3 {
        held.push(connect(&app).await);
    }
    tokio::time::sleep(Duration::from_millis(200)).await;
    let mut waiting = connect(&app).await;
    waiting.write_all(b"GET /healthz HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n").await.expect("request");
    let (answer, _) = read_until_closed(&mut waiting, Duration::from_millis(800)).await;
    assert!(answer.is_empty(), "served beyond the cap: {answer}");
    drop(held.pop());
    let (answer, _) = read_until_closed(&mut waiting, Duration::from_secs(5)).await;
    assert_eq!(status_of(&answer), Some(200), "served once a connection closed: {answer}");
}

/// Both ways of spreading connections over threads serve a signed-in learner: her views and
/// the pass-through, from several connections at once.
#[tokio::test]
async fn worker_threads_and_work_stealing_both_serve_a_learner() {
    for threads in ["worker_threads = 1\n", "worker_threads = 2\n", "work_stealing = true\nworker_threads = 1\n"] {
        let app = TestApp::builder().config(threads).spawn().await;
        let cookie = app.session_cookie("localhost", "ada").await;
        let view: serde_json::Value =
            app.api_with_cookie(&cookie, "localhost", "/api/bff/my-courses").await.json().await.expect("json");
        let aggregate = aggregate_in(&view, "Cybersecurity Program");
        let model = format!("/api/lms/users/me/objective-workflow-aggregates/{aggregate}/knowledge-model");
        // A client per call: connections of their own, spread over the workers.
        let calls = (0..4).map(|_| app.api_with_cookie(&cookie, "localhost", &model));
        for answer in futures::future::join_all(calls).await {
            assert_eq!(answer.status(), reqwest::StatusCode::OK, "{threads}");
        }
    }
}
