//! A bounded load journey: 50 clients over 10 signed-in sessions for 30 s, each walking
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
    helpers::{TestApp, objective},
    reliability_common::{HEAVY, resident_kib},
};

const CLIENTS: usize = 50;
const SESSIONS: usize = 10;
const WARM_UP: Duration = Duration::from_secs(2);
const RUN: Duration = Duration::from_secs(30);
/// Growth of resident memory allowed between the end of warm-up and the end of the run.
const MEMORY_BOUND_KIB: u64 = 256 * 1024;

/// A browser-like client that keeps its idle connections for 5 s only, below the gateway's
/// idle keep-alive timeout (`limits.header_read_timeout_secs`, 10 s), as a browser or proxy in
/// front would: otherwise, on a starved machine, a connection the gateway closes after 10 s
/// idle can be reused by the client just as it closes, a transport error that says nothing
/// about the gateway's answers.
fn load_client(app: &TestApp) -> reqwest::Client {
    reqwest::Client::builder()
        .cookie_store(true)
        .redirect(reqwest::redirect::Policy::none())
        .pool_idle_timeout(Duration::from_secs(5))
        .resolve("localhost", std::net::SocketAddr::from(([127, 0, 0, 1], app.port)))
        .build()
        .expect("client")
}

#[derive(Default)]
struct Tally {
    requests: AtomicU64,
    server_errors: AtomicU64,
    client_errors: AtomicU64,
    /// The 4xx answers by route and status, for the figures.
    client_error_kinds: std::sync::Mutex<std::collections::BTreeMap<String, u64>>,
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
                let route = response.url().path().replace(course, "{id}");
                let kind = format!("{} {route}", response.status().as_u16());
                *tally.client_error_kinds.lock().expect("tally").entry(kind).or_default() += 1;
            }
            Ok(_) => {}
            Err(e) => {
                // The whole chain: "error sending request" alone does not say what happened.
                let mut cause = e.to_string();
                let mut source = std::error::Error::source(&e);
                while let Some(inner) = source {
                    cause.push_str(&format!(": {inner}"));
                    source = inner.source();
                }
                failures.push(format!("transport: {cause}"));
            }
        }
    }
    failures
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn fifty_clients_for_thirty_seconds_get_no_5xx_and_memory_stays_bounded() {
    let _heavy = HEAVY.lock().await;
    let app = Arc::new(TestApp::builder().fast_commands().spawn().await);
    let mut browsers = Vec::new();
    for _ in 0..SESSIONS {
        let browser = load_client(&app);
        app.sign_in(&browser, "localhost", "ada", None).await;
        browsers.push(browser);
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
        "load: {CLIENTS} clients, {SESSIONS} sessions, {:.1} s: {requests} requests ({:.0}/s), {} 5xx, {} 4xx {:?}; \
         resident memory after warm-up {} MiB, at the end {} MiB",
        elapsed.as_secs_f64(),
        requests as f64 / elapsed.as_secs_f64(),
        tally.server_errors.load(Ordering::Relaxed),
        tally.client_errors.load(Ordering::Relaxed),
        tally.client_error_kinds.lock().expect("tally"),
        before / 1024,
        after / 1024,
    );
    assert!(requests > 0);
    assert!(failures.is_empty(), "{} failures, first ones: {:#?}", failures.len(), &failures[..failures.len().min(10)]);
    assert!(after <= before + MEMORY_BOUND_KIB, "memory grew from {before} KiB to {after} KiB");
    assert_eq!(app.api(&browsers[0], "localhost", "/api/bff/session").await.status(), StatusCode::OK);
}
