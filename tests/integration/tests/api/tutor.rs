//! `POST /api/bff/tutor/answers`: the tutor's answer streamed through the gateway.

use std::time::{Duration, Instant};

use futures::StreamExt;
use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::helpers::{TestApp, objective, signed_in};

const TUTOR_ON: &str = "[tenants.acme.ui]\nai_tutor_enabled = true\n";

async fn ask(app: &TestApp, browser: &reqwest::Client, body: Value) -> reqwest::Response {
    browser
        .post(app.url("localhost", "/api/bff/tutor/answers"))
        .header("x-requested-with", "XMLHttpRequest")
        .header("origin", app.url("localhost", ""))
        .json(&body)
        .send()
        .await
        .expect("ask")
}

#[tokio::test]
async fn the_answer_streams_through_the_gateway_and_cites_the_course() {
    let app =
        TestApp::builder().sandbox(|c| c.tutor_token_delay = Duration::from_millis(5)).config(TUTOR_ON).spawn().await;
    let browser = signed_in(&app, "ada").await;
    let began = Instant::now();
    let response = ask(
        &app,
        &browser,
        json!({ "objectiveId": objective("Cybersecurity Program"), "question": "What is this Cybersecurity Program about?" }),
    )
    .await;
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(response.headers()["content-type"], "text/event-stream");
    let mut body = response.bytes_stream();
    let first = body.next().await.expect("a first chunk").expect("bytes");
    let first_token = began.elapsed();
    let mut text = String::from_utf8_lossy(&first).to_string();
    while let Some(chunk) = body.next().await {
        text.push_str(&String::from_utf8_lossy(&chunk.expect("bytes")));
    }
    assert!(text.contains("event: citation"), "{text}");
    assert!(text.contains("Cybersecurity Program"), "{text}");
    assert!(text.contains("event: done"), "{text}");
    assert!(first_token < Duration::from_secs(5), "first bytes after {first_token:?}");
}

#[tokio::test]
async fn questions_are_checked_and_the_tutor_is_off_unless_configured() {
    let app = TestApp::builder().config(TUTOR_ON).spawn().await;
    let browser = signed_in(&app, "ada").await;
    let course = objective("Cybersecurity Program");
    for (body, status) in [
        (json!({ "objectiveId": course, "question": "   " }), StatusCode::BAD_REQUEST),
        (json!({ "objectiveId": course, "question": "x".repeat(1001) }), StatusCode::BAD_REQUEST),
        (json!({ "objectiveId": "not-an-id", "question": "What?" }), StatusCode::BAD_REQUEST),
        (json!({ "objectiveId": course }), StatusCode::BAD_REQUEST),
        (json!({ "objectiveId": "00000000-0000-0000-0000-000000000001", "question": "What?" }), StatusCode::NOT_FOUND),
    ] {
        let response = ask(&app, &browser, body.clone()).await;
        assert_eq!(response.status(), status, "{body}");
        let problem: Value = response.json().await.expect("problem");
        assert!(problem["error"].is_string(), "{problem}");
    }
    // globex has no tutor.
    let linus = app.browser();
    app.sign_in(&linus, "globex.localhost", "linus", None).await;
    let off = linus
        .post(app.url("globex.localhost", "/api/bff/tutor/answers"))
        .header("x-requested-with", "XMLHttpRequest")
        .json(&json!({ "objectiveId": course, "question": "What?" }))
        .send()
        .await
        .expect("ask");
    assert_eq!(off.status(), StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn one_answer_at_a_time_and_a_browser_that_leaves_cancels_the_answer_upstream() {
    // Slow tokens, so an answer lasts a few seconds.
    let app =
        TestApp::builder().sandbox(|c| c.tutor_token_delay = Duration::from_millis(200)).config(TUTOR_ON).spawn().await;
    let browser = signed_in(&app, "ada").await;
    let question = json!({ "objectiveId": objective("Cybersecurity Program"), "question": "What is this Cybersecurity Program about?" });
    let first = ask(&app, &browser, question.clone()).await;
    assert_eq!(first.status(), StatusCode::OK);
    let second = ask(&app, &browser, question.clone()).await;
    assert_eq!(second.status(), StatusCode::TOO_MANY_REQUESTS);

    // The browser goes away mid-answer: the slot is free again at once, and a new question is answered.
    let mut body = first.bytes_stream();
    let _ = body.next().await;
    drop(body);
    let deadline = Instant::now() + Duration::from_secs(5);
    let third = loop {
        let response = ask(&app, &browser, question.clone()).await;
        if response.status() != StatusCode::TOO_MANY_REQUESTS || Instant::now() > deadline {
            break response;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    };
    assert_eq!(third.status(), StatusCode::OK, "the slot was freed when the browser left");
}

/// A gateway whose tutor answers with `fault` (a sandbox fault rule on `tutor/**`), and which
/// waits at most 1 s for the first token.
async fn faulty_tutor(fault: Value) -> TestApp {
    let rule = json!({ "path": "tutor/**", "fault": fault });
    TestApp::builder()
        .faults(json!([rule]))
        .config(format!(
            "{TUTOR_ON}[tutor]\nmax_question_chars = 1000\nmax_streams_per_session = 1\n\
             first_token_timeout_secs = 1\nmax_answer_secs = 5\n"
        ))
        .spawn()
        .await
}

#[tokio::test]
async fn a_tutor_that_fails_or_stalls_gets_a_clear_problem_in_time() {
    let question = json!({ "objectiveId": objective("Cybersecurity Program"), "question": "What is it about?" });

    let failing = faulty_tutor(json!({ "kind": "error", "status": 503, "rate": 1.0 })).await;
    let browser = failing.browser();
    failing.sign_in(&browser, "localhost", "ada", None).await;
    let failed = ask(&failing, &browser, question.clone()).await;
    assert_eq!(failed.status(), StatusCode::BAD_GATEWAY);
    let problem: Value = failed.json().await.expect("problem");
    assert_eq!(problem["error"], "bad_gateway");

    let stalling = faulty_tutor(json!({ "kind": "latency", "ms": 4000 })).await;
    let browser = stalling.browser();
    stalling.sign_in(&browser, "localhost", "ada", None).await;
    let began = Instant::now();
    let stalled = ask(&stalling, &browser, question).await;
    assert_eq!(stalled.status(), StatusCode::GATEWAY_TIMEOUT);
    let problem: Value = stalled.json().await.expect("problem");
    assert_eq!(problem["error"], "upstream_timeout");
    assert!(began.elapsed() < Duration::from_millis(2500), "answered at the 1 s limit, not after the 4 s stall");
}

#[tokio::test]
async fn the_courses_own_knowledge_model_goes_along_else_the_tenants_default() {
    let app = TestApp::builder()
        .sandbox(|c| c.tutor_token_delay = Duration::ZERO)
        .config(format!("{TUTOR_ON}ai_tutor_knowledge_model_id = \"km-default\"\n"))
        .spawn()
        .await;
    let browser = signed_in(&app, "ada").await;
    let model_of = |course: &'static str| {
        let (app, browser) = (&app, &browser);
        async move {
            let text = ask(app, browser, json!({ "objectiveId": objective(course), "question": "What is it about?" }))
                .await
                .text()
                .await
                .expect("body");
            let done = text.split("event: done\ndata: ").nth(1).expect("a done event").lines().next().expect("data");
            serde_json::from_str::<Value>(done).expect("json")["knowledgeModelId"].clone()
        }
    };
    let own = lms_sandbox::seed::id("knowledge-model", "acme/Cybersecurity Program").to_string();
    assert_eq!(model_of("Cybersecurity Program").await, json!(own), "the course's own model");
    assert_eq!(model_of("Data Privacy Basics").await, json!("km-default"), "the tenant's default");
}
