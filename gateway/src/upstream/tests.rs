use std::sync::atomic::{AtomicUsize, Ordering};

use axum::{Router, http::StatusCode as AxumStatus, routing::any};

use super::*;
use crate::error::AppError;

/// A real HTTP server on loopback answering `answers` in turn (then the last one), counting hits.
async fn server(answers: Vec<(u16, &'static str)>, delay_ms: u64) -> (Url, Arc<AtomicUsize>) {
    let hits = Arc::new(AtomicUsize::new(0));
    let counter = hits.clone();
    let app = Router::new().route(
        "/{*rest}",
        any(move || {
            let counter = counter.clone();
            let answers = answers.clone();
            async move {
                let n = counter.fetch_add(1, Ordering::SeqCst);
                tokio::time::sleep(Duration::from_millis(delay_ms)).await;
                let (status, body) = answers[n.min(answers.len() - 1)];
                (AxumStatus::from_u16(status).unwrap_or(AxumStatus::INTERNAL_SERVER_ERROR), body)
            }
        }),
    );
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.expect("bind");
    let addr = listener.local_addr().expect("addr");
    tokio::spawn(async move {
        let _ = axum::serve(listener, app).await;
    });
    (Url::parse(&format!("http://{addr}/api/")).expect("url"), hits)
}

fn settings(max_in_flight: usize, queue_ms: u64, retries: u32) -> UpstreamSettings {
    UpstreamSettings {
        max_in_flight_per_tenant: max_in_flight,
        queue_timeout_ms: queue_ms,
        idempotent_retries: retries,
        retry_jitter_ms: 5,
        reads_in_flight_per_view: 8,
    }
}

fn ctx() -> CallContext {
    CallContext::background("t")
}

fn upstream(base: Url, s: &UpstreamSettings) -> Upstream {
    Upstream::new(reqwest::Client::new(), base, 1 << 20, s, "unit", Arc::new(Metrics::new()))
}

#[tokio::test]
async fn a_get_is_retried_once_after_503() {
    let (base, hits) = server(vec![(503, "busy"), (200, "[1]")], 0).await;
    let up = upstream(base, &settings(4, 1000, 1));
    let answer: Vec<u32> = up.get(&ctx(), "reading", "x", &[]).await.expect("the retry succeeds");
    assert_eq!(answer, vec![1]);
    assert_eq!(hits.load(Ordering::SeqCst), 2);
}

#[tokio::test]
async fn a_get_is_retried_after_503_whatever_the_call_is_named() {
    for what in ["", "status 500", "reading the learner's courses"] {
        let (base, hits) = server(vec![(503, "busy"), (200, "[1]")], 0).await;
        let up = upstream(base, &settings(4, 1000, 1));
        let answer: Vec<u32> = up.get(&ctx(), what, "x", &[]).await.expect("the retry succeeds");
        assert_eq!((answer, hits.load(Ordering::SeqCst)), (vec![1], 2), "{what:?}");
    }
}

/// A raw TCP server on loopback that reads each request head, then closes the first
/// `broken` connections without answering and answers the others `200 [1]`.
async fn breaking_server(broken: usize) -> (Url, Arc<AtomicUsize>) {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.expect("bind");
    let addr = listener.local_addr().expect("addr");
    let hits = Arc::new(AtomicUsize::new(0));
    let counter = hits.clone();
    tokio::spawn(async move {
        while let Ok((mut socket, _)) = listener.accept().await {
            let mut head = [0u8; 4096];
            let _ = socket.read(&mut head).await;
            if counter.fetch_add(1, Ordering::SeqCst) >= broken {
                let answer = "HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: 3\r\n\r\n[1]";
                let _ = socket.write_all(answer.as_bytes()).await;
            }
        }
    });
    (Url::parse(&format!("http://{addr}/api/")).expect("url"), hits)
}

#[tokio::test]
async fn a_connection_that_breaks_off_is_a_reset_and_a_get_is_retried() {
    let (base, hits) = breaking_server(1).await;
    let up = upstream(base, &settings(4, 1000, 0));
    let err = up.get::<Vec<u32>>(&ctx(), "reading", "x", &[]).await.expect_err("closed without an answer");
    assert!(matches!(err, UpstreamError::Transport(_, TransportCause::Reset, _)), "{err:?}");
    assert_eq!(hits.load(Ordering::SeqCst), 1);

    let (base, hits) = breaking_server(1).await;
    let up = upstream(base, &settings(4, 1000, 1));
    let answer: Vec<u32> = up.get(&ctx(), "reading", "x", &[]).await.expect("the retry succeeds");
    assert_eq!((answer, hits.load(Ordering::SeqCst)), (vec![1], 2));
}

#[tokio::test]
async fn an_upstream_nobody_listens_on_is_a_connect_failure() {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.expect("bind");
    let addr = listener.local_addr().expect("addr");
    drop(listener);
    let up = upstream(Url::parse(&format!("http://{addr}/api/")).expect("url"), &settings(4, 1000, 1));
    let err = up.get::<Vec<u32>>(&ctx(), "reading", "x", &[]).await.expect_err("refused");
    assert!(matches!(err, UpstreamError::Transport(_, TransportCause::Connect, _)), "{err:?}");
    assert!(matches!(AppError::from(err), AppError::BadGateway(_)));
}

#[tokio::test]
async fn a_get_is_retried_at_most_once() {
    let (base, hits) = server(vec![(502, "down")], 0).await;
    let up = upstream(base, &settings(4, 1000, 1));
    let err = up.get::<Vec<u32>>(&ctx(), "reading", "x", &[]).await.expect_err("still down");
    assert!(matches!(err, UpstreamError::Status(_, StatusCode::BAD_GATEWAY)), "{err:?}");
    assert_eq!(hits.load(Ordering::SeqCst), 2);
}

#[tokio::test]
async fn a_retry_gets_only_what_is_left_of_the_call_budget() {
    // Each answer is a 503 after 300 ms; the call may take 400 ms in all.
    let (base, hits) = server(vec![(503, "busy")], 300).await;
    let up = upstream(base, &settings(4, 1000, 1)).with_call_budget(Duration::from_millis(400));
    let started = std::time::Instant::now();
    let err = up.get::<Vec<u32>>(&ctx(), "reading", "x", &[]).await.expect_err("503, then out of time");
    let took = started.elapsed();
    assert!(matches!(err, UpstreamError::Timeout(_)), "{err:?}");
    assert_eq!(hits.load(Ordering::SeqCst), 2, "the retry was sent, with the time left");
    assert!(took >= Duration::from_millis(400) && took < Duration::from_millis(500), "{took:?}");

    // Too little left for a retry: the 503 is the answer.
    let (base, hits) = server(vec![(503, "busy")], 380).await;
    let up = upstream(base, &settings(4, 1000, 1)).with_call_budget(Duration::from_millis(400));
    let err = up.get::<Vec<u32>>(&ctx(), "reading", "x", &[]).await.expect_err("503");
    assert!(matches!(err, UpstreamError::Status(_, StatusCode::SERVICE_UNAVAILABLE)), "{err:?}");
    assert_eq!(hits.load(Ordering::SeqCst), 1);
}

#[tokio::test]
async fn no_retry_when_retries_are_off_or_the_status_is_not_transient() {
    let (base, hits) = server(vec![(503, "busy"), (200, "[1]")], 0).await;
    let up = upstream(base, &settings(4, 1000, 0));
    assert!(up.get::<Vec<u32>>(&ctx(), "reading", "x", &[]).await.is_err());
    assert_eq!(hits.load(Ordering::SeqCst), 1);

    let (base, hits) = server(vec![(500, "boom"), (200, "[1]")], 0).await;
    let up = upstream(base, &settings(4, 1000, 1));
    assert!(up.get::<Vec<u32>>(&ctx(), "reading", "x", &[]).await.is_err());
    assert_eq!(hits.load(Ordering::SeqCst), 1);
}

#[tokio::test]
async fn a_command_is_never_retried() {
    let (base, hits) = server(vec![(503, "busy"), (200, "{}")], 0).await;
    let up = upstream(base, &settings(4, 1000, 1));
    let err = up
        .command(&ctx(), "starting", Method::POST, "x", &serde_json::json!({}), Prefer::RespondSync)
        .await
        .expect_err("503");
    assert!(matches!(err, UpstreamError::Status(_, StatusCode::SERVICE_UNAVAILABLE)), "{err:?}");
    assert_eq!(hits.load(Ordering::SeqCst), 1);
}

#[tokio::test]
async fn a_rejected_command_carries_the_upstream_body() {
    let (base, _) = server(vec![(400, r#"{"errors":{"id":["Field is required"]}}"#)], 0).await;
    let up = upstream(base, &settings(4, 1000, 1));
    let err = up
        .command(&ctx(), "enrolling", Method::POST, "x", &serde_json::json!({}), Prefer::RespondSync)
        .await
        .expect_err("400");
    match err {
        UpstreamError::Rejected(_, body) => assert_eq!(body["errors"]["id"][0], "Field is required"),
        other => panic!("expected Rejected, got {other:?}"),
    }
}

#[tokio::test]
async fn an_accepted_command_answers_its_location_on_the_api_base() {
    let app =
        Router::new().route("/api/x", any(|| async { (AxumStatus::ACCEPTED, [("location", "commands/42")], "") }));
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.expect("bind");
    let addr = listener.local_addr().expect("addr");
    tokio::spawn(async move {
        let _ = axum::serve(listener, app).await;
    });
    let base = Url::parse(&format!("http://{addr}/api/")).expect("url");
    let up = upstream(base.clone(), &settings(4, 1000, 1));
    let answer = up
        .command(&ctx(), "submitting", Method::POST, "x", &serde_json::json!({}), Prefer::RespondAsync)
        .await
        .expect("202");
    assert_eq!(answer.status, StatusCode::ACCEPTED);
    assert_eq!(answer.location, Some(base.join("commands/42").expect("join")));
}

#[tokio::test]
async fn calls_beyond_the_in_flight_limit_wait_then_get_busy() {
    let (base, hits) = server(vec![(200, "[1]")], 300).await;
    let up = upstream(base, &settings(1, 50, 0));
    let slow = {
        let up = up.clone();
        tokio::spawn(async move { up.get::<Vec<u32>>(&ctx(), "reading", "x", &[]).await })
    };
    tokio::time::sleep(Duration::from_millis(50)).await;
    let err = up.get::<Vec<u32>>(&ctx(), "reading", "x", &[]).await.expect_err("no free slot");
    assert!(matches!(err, UpstreamError::Busy(_)), "{err:?}");
    assert!(matches!(AppError::from(err), AppError::Unavailable(_)));
    assert!(slow.await.expect("join").is_ok());
    assert_eq!(hits.load(Ordering::SeqCst), 1);
}

#[tokio::test]
async fn a_status_address_on_another_origin_is_refused() {
    let (base, hits) = server(vec![(200, "{}")], 0).await;
    let up = upstream(base, &settings(4, 1000, 1));
    let foreign = Url::parse("http://127.0.0.1:9/commands/1").expect("url");
    assert!(up.get_url::<serde_json::Value>(&ctx(), "polling", &foreign).await.is_err());
    assert_eq!(hits.load(Ordering::SeqCst), 0);
}
