//! `/admin/faults` and each fault kind, seen by a real HTTP client.

use std::time::{Duration, Instant};

use lms_sandbox::{
    SandboxConfig,
    faults::{Fault, FaultRule, Service},
};
use reqwest::{Method, StatusCode};
use serde_json::{Value, json};

use crate::{
    admin::{admin, admin_json, assert_bad_request},
    helpers::{Sandbox, browser},
};

async fn set_faults(sb: &Sandbox, rules: Value) {
    let answer = admin_json(sb, Method::PUT, "faults", Some(rules.clone()), StatusCode::OK).await;
    assert_eq!(answer.as_array().map(Vec::len), rules.as_array().map(Vec::len), "{answer}");
}

/// The time `users/me` of ada takes, body included, and its status.
async fn timed(sb: &Sandbox, token: &str, path: &str) -> (Duration, StatusCode) {
    let started = Instant::now();
    let response = sb.api("acme", token, path, &[]).await;
    let status = response.status();
    response.bytes().await.expect("body");
    (started.elapsed(), status)
}

#[tokio::test]
async fn fault_rules_are_set_listed_and_cleared() {
    let sb = Sandbox::start().await;
    let rules = json!([
        { "tenant": "acme", "method": "GET", "path": "users/**", "fault": { "kind": "latency", "ms": 20 } },
        { "path": "*/query", "fault": { "kind": "error", "status": 500, "rate": 0.5 } },
        { "fault": { "kind": "latency_uniform", "min_ms": 1, "max_ms": 3 } },
        { "fault": { "kind": "latency_lognormal", "p50_ms": 1, "p99_ms": 4 } },
        { "tenant": "globex", "fault": { "kind": "slow_body", "ms": 10 } },
        { "tenant": "nobody", "fault": { "kind": "reset" } },
        { "tenant": "nobody", "fault": { "kind": "down" } }
    ]);
    set_faults(&sb, rules.clone()).await;
    let listed = admin_json(&sb, Method::GET, "faults", None, StatusCode::OK).await;
    assert_eq!(listed[0], rules[0]);
    assert_eq!(listed[2]["path"], "**", "the path defaults to every route");
    assert_eq!(listed[4]["fault"], json!({ "kind": "slow_body", "ms": 10, "chunks": 10 }));
    assert_eq!(admin(&sb, Method::DELETE, "faults", None).await.status(), StatusCode::NO_CONTENT);
    assert_eq!(admin_json(&sb, Method::GET, "faults", None, StatusCode::OK).await, json!([]));
}

#[tokio::test]
async fn latency_delays_only_the_matching_routes() {
    let sb = Sandbox::start().await;
    let ada = sb.access_token("acme", "ada").await;
    set_faults(&sb, json!([{ "tenant": "acme", "path": "users/me", "fault": { "kind": "latency", "ms": 300 } }])).await;
    let (slow, status) = timed(&sb, &ada, "users/me").await;
    assert_eq!(status, StatusCode::OK);
    assert!(slow >= Duration::from_millis(300), "users/me took {slow:?}");
    let (fast, _) = timed(&sb, &ada, "users/me/terms").await;
    assert!(fast < Duration::from_millis(300), "users/me/terms took {fast:?}");
    // Never the admin API or the issuer.
    let started = Instant::now();
    admin_json(&sb, Method::GET, "faults", None, StatusCode::OK).await;
    let discovery = sb.browser.get(sb.url("t/acme/idp/.well-known/openid-configuration")).send().await.expect("d");
    assert_eq!(discovery.status(), StatusCode::OK);
    assert!(started.elapsed() < Duration::from_millis(300));

    set_faults(&sb, json!([{ "fault": { "kind": "latency_uniform", "min_ms": 150, "max_ms": 200 } }])).await;
    let (uniform, _) = timed(&sb, &ada, "users/me/terms").await;
    assert!(uniform >= Duration::from_millis(150), "uniform latency: {uniform:?}");
}

#[tokio::test]
async fn an_error_rate_answers_problems_with_the_status() {
    let sb = Sandbox::start().await;
    let ada = sb.access_token("acme", "ada").await;
    set_faults(
        &sb,
        json!([{ "method": "GET", "path": "users/me", "fault": { "kind": "error", "status": 502, "rate": 1 } }]),
    )
    .await;
    for _ in 0..3 {
        let response = sb.api("acme", &ada, "users/me", &[]).await;
        assert_eq!(response.status(), StatusCode::BAD_GATEWAY);
        assert_eq!(response.headers()["content-type"], "application/problem+json");
        let problem: Value = response.json().await.expect("problem");
        assert_eq!(problem["status"], 502);
        assert!(problem["detail"].as_str().expect("detail").contains("injected"), "{problem}");
    }
    assert_eq!(sb.api("acme", &ada, "users/me/terms", &[]).await.status(), StatusCode::OK);

    set_faults(&sb, json!([{ "fault": { "kind": "error", "status": 500, "rate": 0.5 } }])).await;
    let mut statuses = Vec::new();
    for _ in 0..4 {
        statuses.push(sb.api("acme", &ada, "users/me", &[]).await.status().as_u16());
    }
    assert_eq!(statuses, [200, 500, 200, 500], "every second request fails");
}

#[tokio::test]
async fn a_reset_closes_the_connection_without_an_answer() {
    let sb = Sandbox::start().await;
    let ada = sb.access_token("acme", "ada").await;
    set_faults(&sb, json!([{ "tenant": "acme", "path": "users/me", "fault": { "kind": "reset" } }])).await;
    for client in [browser(), sb.browser.clone()] {
        let outcome = client.get(sb.url("t/acme/api/users/me")).bearer_auth(&ada).send().await;
        let error = match outcome {
            Ok(response) => panic!("an answer came: {}", response.status()),
            Err(error) => error,
        };
        assert!(error.is_request() && !error.is_status() && !error.is_timeout(), "{error:?}");
    }
    // The server itself keeps serving.
    assert_eq!(sb.api("acme", &ada, "users/me/terms", &[]).await.status(), StatusCode::OK);
    admin(&sb, Method::DELETE, "faults", None).await;
    assert_eq!(sb.api("acme", &ada, "users/me", &[]).await.status(), StatusCode::OK);
}

#[tokio::test]
async fn a_slow_body_trickles_out_the_same_answer() {
    let sb = Sandbox::start().await;
    let ada = sb.access_token("acme", "ada").await;
    let normal = sb.api_json("acme", &ada, "objective-workflow-aggregates/query", &[]).await;
    set_faults(&sb, json!([{ "path": "objective-*/query", "fault": { "kind": "slow_body", "ms": 400, "chunks": 8 } }]))
        .await;
    let started = Instant::now();
    let response = sb.api("acme", &ada, "objective-workflow-aggregates/query", &[]).await;
    assert_eq!(response.status(), StatusCode::OK);
    let head_after = started.elapsed();
    let mut response = response;
    let mut pieces = 0;
    let mut body = Vec::new();
    while let Some(chunk) = response.chunk().await.expect("chunk") {
        pieces += 1;
        body.extend_from_slice(&chunk);
    }
    let total = started.elapsed();
    assert!(total >= Duration::from_millis(400), "the body took {total:?}");
    assert!(total - head_after >= Duration::from_millis(300), "the head came at {head_after:?}, the end at {total:?}");
    assert!(pieces >= 2, "{pieces} pieces");
    assert_eq!(serde_json::from_slice::<Value>(&body).expect("json"), normal);
}

#[tokio::test]
async fn a_down_upstream_answers_503_from_the_start() {
    let down = FaultRule {
        tenant: Some("globex".into()),
        service: Service::Api,
        method: None,
        path: "**".into(),
        fault: Fault::Down,
    };
    let config = SandboxConfig { faults: vec![down], ..SandboxConfig::default() };
    let sb = Sandbox::start_with(config).await;
    let linus = sb.access_token("globex", "linus").await;
    for path in ["users/me", "users/me/terms", "grading-scales/query"] {
        let response = sb.api("globex", &linus, path, &[]).await;
        assert_eq!(response.status(), StatusCode::SERVICE_UNAVAILABLE, "{path}");
        let problem: Value = response.json().await.expect("problem");
        assert!(problem["detail"].as_str().expect("detail").contains("down"), "{problem}");
    }
    let ada = sb.access_token("acme", "ada").await;
    assert_eq!(sb.api("acme", &ada, "users/me", &[]).await.status(), StatusCode::OK, "only globex is down");
    let listed = admin_json(&sb, Method::GET, "faults", None, StatusCode::OK).await;
    assert_eq!(listed, json!([{ "tenant": "globex", "path": "**", "fault": { "kind": "down" } }]));
}

#[tokio::test]
async fn bad_start_up_faults_stop_the_start() {
    let config = SandboxConfig {
        faults: vec![FaultRule {
            tenant: None,
            service: Service::Api,
            method: None,
            path: "**".into(),
            fault: Fault::Error { status: 99, rate: 1.0 },
        }],
        ..SandboxConfig::default()
    };
    let error = lms_sandbox::spawn(config).await.err().expect("refused");
    assert!(error.to_string().contains("fault rule 0"), "{error}");
}

#[tokio::test]
async fn issuer_faults_apply_only_when_a_rule_names_the_issuer() {
    let sb = Sandbox::start().await;
    let ada = sb.access_token("acme", "ada").await;
    set_faults(&sb, json!([{ "service": "idp", "tenant": "acme", "path": "token", "fault": { "kind": "down" } }]))
        .await;
    let listed = admin_json(&sb, Method::GET, "faults", None, StatusCode::OK).await;
    assert_eq!(listed[0]["service"], "idp");
    let token = sb.refresh("acme", "any-refresh-token").await;
    assert_eq!(token.status(), StatusCode::SERVICE_UNAVAILABLE, "the token endpoint is down");
    let discovery = sb.browser.get(sb.url("t/acme/idp/.well-known/openid-configuration")).send().await.expect("d");
    assert_eq!(discovery.status(), StatusCode::OK, "other issuer routes are not");
    assert_eq!(sb.api("acme", &ada, "token", &[]).await.status(), StatusCode::NOT_FOUND, "nor the API's `token`");
    assert_eq!(sb.refresh("globex", "any-refresh-token").await.status(), StatusCode::BAD_REQUEST, "nor globex");

    let unknown = json!([{ "service": "issuer", "fault": { "kind": "down" } }]);
    assert_bad_request(admin(&sb, Method::PUT, "faults", Some(unknown)).await, "issuer").await;
}

#[tokio::test]
async fn a_lognormal_latency_spreads_around_its_median() {
    let sb = Sandbox::start().await;
    let ada = sb.access_token("acme", "ada").await;
    let (unfaulted, _) = timed(&sb, &ada, "users/me/terms").await;
    set_faults(
        &sb,
        json!([{ "path": "users/me/terms", "fault": { "kind": "latency_lognormal", "p50_ms": 120, "p99_ms": 240 } }]),
    )
    .await;
    let mut delays = Vec::new();
    for _ in 0..9 {
        let (took, status) = timed(&sb, &ada, "users/me/terms").await;
        assert_eq!(status, StatusCode::OK);
        delays.push(took);
    }
    delays.sort();
    let median = delays[4];
    // With these parameters (sigma = ln 2 / 2.326 = 0.298) one of nine draws is below 25 ms, or
    // their median outside 60..250 ms, with a chance under one in a million.
    assert!(delays[0] >= Duration::from_millis(25), "fastest {:?} (unfaulted {unfaulted:?})", delays[0]);
    assert!(median >= Duration::from_millis(60) && median <= Duration::from_millis(250) + unfaulted * 4, "{delays:?}");
    assert!(delays[8] - delays[0] >= Duration::from_millis(5), "drawn, not fixed: {delays:?}");
}
