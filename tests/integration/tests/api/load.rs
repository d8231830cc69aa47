//! A bounded load journey: 50 clients over 10 signed-in sessions for 10 s, each walking
//! session, My courses, course details, content tree, start and analytics events. No answer
//! may be a 5xx, and the memory of the process (gateway and sandbox) must stay within a
//! generous bound after warm-up. The figures are printed (`--nocapture` shows them).

use std::{
    sync::{
        Arc,
        atomic::{AtomicU64, Ordering},
    },
    time::{Duration, Instant},
};

use reqwest::StatusCode;
use serde_json::json;

use crate::{
    commands_common::{fast_app, objective, signed_in},
    helpers::TestApp,
    reliability_common::{HEAVY, resident_kib},
};

const CLIENTS: usize = 50;
const SESSIONS: usize = 10;
const WARM_UP: Duration = Duration::from_secs(2);
const RUN: Duration = Duration::from_secs(10);
/// Growth of resident memory allowed between the end of warm-up and the end of the run.
const MEMORY_BOUND_KIB: u64 = 256 * 1024;

#[derive(Default)]
struct Tally {
    requests: AtomicU64,
    server_errors: AtomicU64,
    client_errors: AtomicU64,
}

async fn journey(app: &TestApp, browser: &reqwest::Client, course: &str, tally: &Tally) -> Vec<String> {
    let mut failures = Vec::new();
    let get =
        |path: String| browser.get(app.url("localhost", &path)).header("x-requested-with", "XMLHttpRequest").send();
    let post = |path: &str, body: serde_json::Value| {
        browser
            .post(app.url("localhost", path))
            .header("x-requested-with", "XMLHttpRequest")
            .header("origin", app.url("localhost", ""))
            .json(&body)
            .send()
    };
    let answers = [
        get("/api/bff/session".into()).await,
        get("/api/bff/my-courses".into()).await,
        get(format!("/api/bff/courses/{course}")).await,
        get(format!("/api/bff/courses/{course}/tree")).await,
        post(&format!("/api/bff/courses/{course}/start"), json!({})).await,
        post("/api/events", json!([{ "name": "objective_start", "objectiveId": course }])).await,
    ];
    for answer in answers {
        tally.requests.fetch_add(1, Ordering::Relaxed);
        match answer {
            Ok(response) if response.status().is_server_error() => {
                tally.server_errors.fetch_add(1, Ordering::Relaxed);
                let (path, status) = (response.url().path().to_string(), response.status());
                failures.push(format!("{path} {status}: {}", response.text().await.unwrap_or_default()));
            }
            Ok(response) if response.status().is_client_error() => {
                tally.client_errors.fetch_add(1, Ordering::Relaxed);
            }
            Ok(_) => {}
            Err(e) => failures.push(format!("transport: {e}")),
        }
    }
    failures
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn fifty_clients_for_ten_seconds_get_no_5xx_and_memory_stays_bounded() {
    let _heavy = HEAVY.lock().await;
    let app = Arc::new(fast_app(&[]).await);
    let mut browsers = Vec::new();
    for _ in 0..SESSIONS {
        browsers.push(signed_in(&app, "ada").await);
    }
    let course = objective("Data Privacy Basics");
    let tally = Arc::new(Tally::default());
    let started = Instant::now();
    let memory_at_warm_up = Arc::new(AtomicU64::new(0));
    let tasks: Vec<_> = (0..CLIENTS)
        .map(|i| {
            let (app, browser, course, tally) =
                (app.clone(), browsers[i % SESSIONS].clone(), course.clone(), tally.clone());
            let memory_at_warm_up = memory_at_warm_up.clone();
            tokio::spawn(async move {
                let mut failures = Vec::new();
                while started.elapsed() < WARM_UP + RUN {
                    if i == 0 && started.elapsed() >= WARM_UP && memory_at_warm_up.load(Ordering::Relaxed) == 0 {
                        memory_at_warm_up.store(resident_kib(), Ordering::Relaxed);
                    }
                    failures.extend(journey(&app, &browser, &course, &tally).await);
                }
                failures
            })
        })
        .collect();
    let mut failures = Vec::new();
    for task in tasks {
        failures.extend(task.await.expect("client task"));
    }
    let elapsed = started.elapsed();
    let (before, after) = (memory_at_warm_up.load(Ordering::Relaxed), resident_kib());
    let requests = tally.requests.load(Ordering::Relaxed);
    println!(
        "load: {CLIENTS} clients, {SESSIONS} sessions, {:.1} s: {requests} requests ({:.0}/s), {} 5xx, {} 4xx; \
         resident memory after warm-up {} MiB, at the end {} MiB",
        elapsed.as_secs_f64(),
        requests as f64 / elapsed.as_secs_f64(),
        tally.server_errors.load(Ordering::Relaxed),
        tally.client_errors.load(Ordering::Relaxed),
        before / 1024,
        after / 1024,
    );
    assert!(requests > 0);
    assert!(failures.is_empty(), "{} failures, first ones: {:#?}", failures.len(), &failures[..failures.len().min(10)]);
    assert!(after <= before + MEMORY_BOUND_KIB, "memory grew from {before} KiB to {after} KiB");
    assert_eq!(app.api(&browsers[0], "localhost", "/api/bff/session").await.status(), StatusCode::OK);
}
