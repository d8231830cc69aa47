//! `GET /oidc/login` per client address: a flood from one address gets 429 problems with
//! `Retry-After` while a real sign-in from another address goes through; `X-Forwarded-For`
//! names the client only when the connection comes from a configured trusted proxy.

use std::{
    net::SocketAddr,
    sync::{
        Arc,
        atomic::{AtomicBool, AtomicU64, Ordering},
    },
    time::{Duration, Instant},
};

use reqwest::{StatusCode, redirect::Policy};
use serde_json::Value;

use crate::helpers::{TestApp, location, plain_client};

/// A small limit, so a test floods past it quickly.
const LIMIT: &str = "[login_rate_limit]\nrequests_per_minute = 60\nburst = 10\nmax_clients = 1000\n";
const BURST: u64 = 10;

/// A browser behind the trusted proxy on loopback, which names it `address`.
fn browser_at(app: &TestApp, address: &str) -> reqwest::Client {
    let mut headers = reqwest::header::HeaderMap::new();
    headers.insert("x-forwarded-for", address.parse().expect("header value"));
    reqwest::Client::builder()
        .cookie_store(true)
        .redirect(Policy::none())
        .default_headers(headers)
        .resolve("localhost", SocketAddr::from(([127, 0, 0, 1], app.port)))
        .build()
        .expect("client")
}

/// Checks a 429 answer: a problem body and a whole number of seconds in `Retry-After`.
async fn assert_limited(response: reqwest::Response) {
    assert_eq!(response.status(), StatusCode::TOO_MANY_REQUESTS);
    assert_eq!(response.headers()["content-type"], "application/problem+json");
    let retry_after: u64 = response.headers()["retry-after"].to_str().expect("ascii").parse().expect("seconds");
    assert!((1..=60).contains(&retry_after), "Retry-After: {retry_after}");
    let body: Value = response.json().await.expect("problem body");
    assert_eq!(body["status"], 429, "{body}");
    assert_eq!(body["error"], "too_many_requests", "{body}");
}

#[tokio::test]
async fn a_flood_from_one_address_gets_429_while_another_address_signs_in() {
    let app = TestApp::builder().config(format!("trusted_proxies = [\"127.0.0.1\"]\n{LIMIT}")).spawn().await;
    let (passed, limited, stop) =
        (Arc::new(AtomicU64::new(0)), Arc::new(AtomicU64::new(0)), Arc::new(AtomicBool::new(false)));
    let started = Instant::now();
    let flooders: Vec<_> = (0..4)
        .map(|_| {
            let (flood, url) = (browser_at(&app, "203.0.113.9"), app.url("localhost", "/oidc/login"));
            let (passed, limited, stop) = (passed.clone(), limited.clone(), stop.clone());
            tokio::spawn(async move {
                let mut first_refusal = None;
                while !stop.load(Ordering::Relaxed) {
                    let response = flood.get(&url).send().await.expect("flood");
                    match response.status() {
                        StatusCode::FOUND => passed.fetch_add(1, Ordering::Relaxed),
                        StatusCode::TOO_MANY_REQUESTS => {
                            if first_refusal.is_none() {
                                first_refusal = Some(response);
                            }
                            limited.fetch_add(1, Ordering::Relaxed)
                        }
                        other => panic!("flood answered {other}"),
                    };
                }
                first_refusal
            })
        })
        .collect();
    // Wait until the flood is being refused...
    while limited.load(Ordering::Relaxed) == 0 {
        assert!(started.elapsed() < Duration::from_secs(10), "the flood was never limited");
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    // ...then a whole real sign-in from another address behind the same proxy.
    let browser = browser_at(&app, "198.51.100.20");
    let authorize = app.start_login(&browser, "localhost", Some(&app.url("localhost", "/learn/courses"))).await;
    let back = app.submit_credentials(&browser, &authorize, "ada", "demo").await;
    let done = browser.get(location(back.headers())).send().await.expect("callback");
    assert_eq!(done.status(), StatusCode::FOUND);
    assert_eq!(location(done.headers()), app.url("localhost", "/learn/courses"));
    assert_eq!(app.api(&browser, "localhost", "/api/bff/session").await.status(), StatusCode::OK);
    let limited_during_sign_in = limited.load(Ordering::Relaxed);
    stop.store(true, Ordering::Relaxed);
    let mut refusals = Vec::new();
    for flooder in flooders {
        refusals.extend(flooder.await.expect("flood task"));
    }
    let (passed, limited, elapsed) =
        (passed.load(Ordering::Relaxed), limited.load(Ordering::Relaxed), started.elapsed());
    println!("flood for {:.1} s: {passed} sign-in starts passed, {limited} got 429", elapsed.as_secs_f64());
    // The burst, then one a second (60 a minute).
    assert!(passed <= BURST + elapsed.as_secs() + 1, "{passed} passed in {elapsed:?}");
    assert!(limited_during_sign_in > 0 && limited > passed, "{limited} limited, {passed} passed");
    assert!(!refusals.is_empty());
    for refusal in refusals {
        assert_limited(refusal).await;
    }
}

#[tokio::test]
async fn without_a_trusted_proxy_a_forged_forwarded_for_does_not_escape_the_limit() {
    let app = TestApp::builder().config(LIMIT).spawn().await;
    let client = plain_client(app.port);
    let url = app.url("localhost", "/oidc/login");
    let started = Instant::now();
    let mut passed = 0;
    // Each request claims to come from another address.
    for i in 0..(BURST * 3) {
        let forged = format!("198.51.100.{i}");
        let response = client.get(&url).header("x-forwarded-for", forged).send().await.expect("login");
        match response.status() {
            StatusCode::FOUND => passed += 1,
            StatusCode::TOO_MANY_REQUESTS => {}
            other => panic!("answered {other}"),
        }
    }
    assert!(passed <= BURST + started.elapsed().as_secs() + 1, "{passed} passed");
    let response = client.get(&url).header("x-forwarded-for", "192.0.2.200").send().await.expect("login");
    assert_limited(response).await;
}
