//! `GET /metrics`: Prometheus counters and histograms move with the traffic of one gateway.

use reqwest::StatusCode;

use crate::helpers::{TestApp, signed_in};

/// The OpenMetrics text of the gateway.
pub(crate) async fn scrape(app: &TestApp) -> String {
    let response = reqwest::get(format!("http://127.0.0.1:{}/metrics", app.port)).await.expect("metrics");
    assert_eq!(response.status(), StatusCode::OK);
    let content_type = response.headers()["content-type"].to_str().expect("ascii").to_string();
    assert!(content_type.starts_with("application/openmetrics-text"), "{content_type}");
    response.text().await.expect("text")
}

/// The value of the sample named exactly `series` (name and labels), 0 when absent.
pub(crate) fn sample(text: &str, series: &str) -> f64 {
    text.lines()
        .find_map(|line| line.strip_prefix(series).and_then(|rest| rest.strip_prefix(' ')))
        .map_or(0.0, |value| value.parse().expect("a number"))
}

#[tokio::test]
async fn counters_move_with_traffic_by_route_template_and_tenant() {
    let app = TestApp::builder().spawn().await;
    let before = scrape(&app).await;
    assert_eq!(sample(&before, r#"gateway_sessions_total{outcome="created"}"#), 0.0);

    let browser = signed_in(&app, "ada").await;
    for _ in 0..2 {
        assert_eq!(app.api(&browser, "localhost", "/api/bff/my-courses?keyword=xyz").await.status(), StatusCode::OK);
    }
    let client_page = browser.get(app.url("localhost", "/learn/courses/123/view")).send().await.expect("client page");
    assert_eq!(client_page.status(), StatusCode::OK);
    let logout = browser
        .post(app.url("localhost", "/oidc/logout"))
        .header("origin", app.url("localhost", ""))
        .send()
        .await
        .expect("logout");
    assert_eq!(logout.status(), StatusCode::FOUND);

    let after = scrape(&app).await;
    let my_courses = r#"gateway_http_requests_total{method="GET",route="/api/bff/my-courses",status="2xx"}"#;
    assert_eq!(sample(&after, my_courses), 2.0, "{after}");
    let histogram =
        r#"gateway_http_request_duration_seconds_count{method="GET",route="/api/bff/my-courses",status="2xx"}"#;
    assert_eq!(sample(&after, histogram), 2.0, "{after}");
    assert!(!after.contains("keyword=xyz"), "no query strings in labels");
    assert!(!after.contains("/learn/courses/123"), "no raw paths in labels: {after}");
    let client_pages = r#"gateway_http_requests_total{method="GET",route="/learn/{*path}",status="2xx"}"#;
    assert_eq!(sample(&after, client_pages), 1.0, "client pages under one route template: {after}");
    assert_eq!(sample(&after, r#"gateway_sessions_total{outcome="created"}"#), 1.0, "{after}");
    assert_eq!(sample(&after, r#"gateway_sessions_total{outcome="ended"}"#), 1.0, "{after}");
    let upstream_calls: f64 = after
        .lines()
        .filter(|l| l.starts_with(r#"gateway_upstream_call_duration_seconds_count{tenant="acme","#))
        .map(|l| l.rsplit(' ').next().expect("value").parse::<f64>().expect("number"))
        .sum();
    assert!(upstream_calls >= 2.0, "upstream calls timed under tenant acme: {after}");
    assert!(!after.contains(r#"tenant="globex""#), "globex had no traffic: {after}");
    // My courses reads the user's terms: upstream once, then from the cache.
    assert_eq!(sample(&after, r#"gateway_cache_lookups_total{cache="terms",outcome="miss"}"#), 1.0, "{after}");
    assert_eq!(sample(&after, r#"gateway_cache_lookups_total{cache="terms",outcome="hit"}"#), 1.0, "{after}");
}

#[tokio::test]
async fn invented_methods_share_one_label_and_make_no_new_series() {
    let app = crate::helpers::TestApp::builder().spawn().await;
    let client = app.browser();
    for i in 0..40 {
        let method = reqwest::Method::from_bytes(format!("INVENTED{i}").as_bytes()).expect("method");
        let _ = client.request(method, app.url("localhost", "/learn/")).send().await.expect("call");
    }
    let text = client.get(app.url("localhost", "/metrics")).send().await.expect("metrics").text().await.expect("text");
    assert!(!text.contains("INVENTED"), "raw methods became labels");
    assert!(text.contains(r#"method="other""#), "{text}");
}

#[tokio::test]
async fn a_configured_token_guards_the_metrics() {
    let app = crate::helpers::TestApp::builder().config("[metrics]\ntoken = \"metrics-secret\"\n").spawn().await;
    let client = app.browser();
    let url = app.url("localhost", "/metrics");
    assert_eq!(client.get(&url).send().await.expect("metrics").status(), reqwest::StatusCode::UNAUTHORIZED);
    let wrong = client.get(&url).bearer_auth("guess").send().await.expect("metrics");
    assert_eq!(wrong.status(), reqwest::StatusCode::UNAUTHORIZED);
    let right = client.get(&url).bearer_auth("metrics-secret").send().await.expect("metrics");
    assert_eq!(right.status(), reqwest::StatusCode::OK);
}
