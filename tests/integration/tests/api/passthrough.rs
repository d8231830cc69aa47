//! `/api/lms/**`: allowlisted calls reach the sandbox, everything else is a 404, the browser's
//! Cookie never goes upstream; and `/api/bff/attachment-size` reads only allowed origins.

use std::net::SocketAddr;

use axum::{Json, Router, http::HeaderMap, response::IntoResponse, routing::any};
use reqwest::StatusCode;
use serde_json::{Value, json};
use tokio::io::{AsyncReadExt, AsyncWriteExt};

use crate::helpers::{TestApp, aggregate_in, signed_in};

/// Ada signed in; the aggregate id of one of her courses, from My courses.
async fn ada_and_aggregate(app: &TestApp, course: &str) -> (reqwest::Client, String) {
    let browser = signed_in(app, "ada").await;
    let view: Value = app.api(&browser, "localhost", "/api/bff/my-courses").await.json().await.expect("json");
    (browser, aggregate_in(&view, course))
}

#[tokio::test]
async fn allowlisted_calls_reach_the_sandbox() {
    let app = TestApp::builder().spawn().await;
    let (browser, aggregate) = ada_and_aggregate(&app, "Cybersecurity Program").await;
    let path = format!("/api/lms/users/me/objective-workflow-aggregates/{aggregate}/knowledge-model");
    let response = app.api(&browser, "localhost", &path).await;
    assert_eq!(response.status(), StatusCode::OK);
    assert!(response.headers()["content-type"].to_str().expect("ascii").starts_with("application/json"));
    // Forwarded answers are never stored by the browser (whatever the upstream said); only the
    // named headers come back, once each.
    assert_eq!(response.headers().get_all("cache-control").iter().collect::<Vec<_>>(), ["no-store"]);
    assert_eq!(response.headers().get_all("content-type").iter().count(), 1);
    let body: Value = response.json().await.expect("json");
    assert!(body["knowledgeModelId"].is_string(), "the seeded knowledge model: {body}");

    let (_, tour) = ada_and_aggregate(&app, "Activity Types Tour").await;
    let path = format!(
        "/api/lms/users/me/objective-workflow-aggregates/{tour}/activity-records/query?take=2&requireTotalCount=true"
    );
    let response = app.api(&browser, "localhost", &path).await;
    assert_eq!(response.status(), StatusCode::OK);
    let body: Value = response.json().await.expect("json");
    assert!(body["data"].as_array().is_some_and(|d| d.len() <= 2), "the query string went along: {body}");
    assert!(body["totalCount"].as_i64().is_some_and(|n| n >= 1), "{body}");

    // The same records by the attempt (objective workflow) they belong to.
    let workflow = body["data"][0]["objectiveWorkflowId"].as_str().expect("a workflow id").to_string();
    let path = format!("/api/lms/users/me/objective-workflows/{workflow}/activity-records/query");
    let response = app.api(&browser, "localhost", &path).await;
    assert_eq!(response.status(), StatusCode::OK);
    let by_workflow: Value = response.json().await.expect("json");
    assert!(
        by_workflow["data"].as_array().is_some_and(|d| d.iter().all(|r| r["objectiveWorkflowId"] == workflow.as_str())),
        "{by_workflow}"
    );

    // An upstream refusal comes back as it is.
    let unknown = uuid_like();
    let path = format!("/api/lms/users/me/objective-workflow-aggregates/{unknown}/knowledge-model");
    assert_eq!(app.api(&browser, "localhost", &path).await.status(), StatusCode::NOT_FOUND);
}

fn uuid_like() -> &'static str {
    "0f0f0f0f-0f0f-4f0f-8f0f-0f0f0f0f0f0f"
}

/// Sends a request line as written (no client-side normalisation) and answers the status.
async fn raw_status(port: u16, method: &str, target: &str, cookie: &str) -> u16 {
    let mut stream = tokio::net::TcpStream::connect(SocketAddr::from(([127, 0, 0, 1], port))).await.expect("connect");
    let request = format!(
        "{method} {target} HTTP/1.1\r\nHost: localhost:{port}\r\nX-Requested-With: XMLHttpRequest\r\nCookie: {cookie}\r\nContent-Length: 0\r\nConnection: close\r\n\r\n"
    );
    stream.write_all(request.as_bytes()).await.expect("write");
    let mut answer = Vec::new();
    stream.read_to_end(&mut answer).await.expect("read");
    let text = String::from_utf8_lossy(&answer);
    text.split_whitespace().nth(1).and_then(|s| s.parse().ok()).unwrap_or_else(|| panic!("a status line: {text}"))
}

#[tokio::test]
async fn everything_off_the_allowlist_is_a_404() {
    let app = TestApp::builder().spawn().await;
    let (_, aggregate) = ada_and_aggregate(&app, "Cybersecurity Program").await;
    let cookie = app.session_cookie("localhost", "ada").await;
    let good = format!("/api/lms/users/me/objective-workflow-aggregates/{aggregate}/knowledge-model");
    assert_eq!(raw_status(app.port, "GET", &good, &cookie).await, 200, "the raw client works");
    let refused = [
        ("POST", good.clone()),
        ("DELETE", good.clone()),
        ("GET", "/api/lms/users/me".to_string()),
        ("GET", "/api/lms/users/me/terms".to_string()),
        ("GET", "/api/lms/objective-workflow-aggregates/query".to_string()),
        ("GET", format!("/api/lms/users%2fme/objective-workflow-aggregates/{aggregate}/knowledge-model")),
        ("GET", format!("/api/lms/users%2Fme/objective-workflow-aggregates/{aggregate}/knowledge-model")),
        ("GET", format!("/api/lms/users/me/objective-workflow-aggregates/{aggregate}/%2e%2e/knowledge-model")),
        ("GET", format!("/api/lms/users/me/objective-workflow-aggregates/{aggregate}/../{aggregate}/knowledge-model")),
        ("GET", format!("/api/lms/users/me/./objective-workflow-aggregates/{aggregate}/knowledge-model")),
        ("GET", format!("/api/lms/users/me//objective-workflow-aggregates/{aggregate}/knowledge-model")),
        ("GET", format!("/api/lms/users/me/objective-workflow-aggregates/{aggregate}/knowledge-model/")),
        ("GET", "/api/lms/users/me/objective-workflow-aggregates/not-an-id/knowledge-model".to_string()),
        ("GET", "/api/lms/../bff/session".to_string()),
        ("GET", "/api/lms/".to_string()),
    ];
    for (method, target) in refused {
        assert_eq!(raw_status(app.port, method, &target, &cookie).await, 404, "{method} {target}");
    }
}

#[tokio::test]
async fn large_bodies_get_413() {
    let app = TestApp::builder().config("[passthrough]\nmax_body_bytes = 64\n").spawn().await;
    let browser = signed_in(&app, "ada").await;
    let path = format!("/api/lms/objective-workflows/{}/resource-link", uuid_like());
    let response = browser
        .post(app.url("localhost", &path))
        .header("x-requested-with", "XMLHttpRequest")
        .header("origin", app.url("localhost", ""))
        .json(&json!({ "activityWorkflowIds": ["x".repeat(100)] }))
        .send()
        .await
        .expect("post");
    assert_eq!(response.status(), StatusCode::PAYLOAD_TOO_LARGE);
}

/// An upstream that records what it receives: `users/me` answers a learner; anything else echoes
/// the request's headers.
async fn recording_upstream() -> u16 {
    serve_with_learner(Router::new().fallback(any(|headers: HeaderMap| async move {
        let seen: serde_json::Map<String, Value> = headers
            .iter()
            .map(|(k, v)| (k.as_str().to_string(), Value::String(v.to_str().unwrap_or("?").to_string())))
            .collect();
        Json(json!({ "headers": seen }))
    })))
    .await
}

/// Serves `upstream` on loopback with `users/me` answering a learner (so that sign-in works);
/// answers its port.
async fn serve_with_learner(upstream: Router) -> u16 {
    let app = upstream.route(
        "/api/users/me",
        any(|| async {
            Json(json!({
                "id": "11111111-2222-4333-8444-555555555555", "tenant_id": "rec", "email": "ada@rec.example",
                "first_name": "Ada", "roles": ["Learner"],
                "permissions": [{ "name": "ObjectiveWorkflow.Create", "scope_id": null }]
            }))
        }),
    );
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.expect("bind");
    let port = listener.local_addr().expect("addr").port();
    tokio::spawn(async move {
        let _ = axum::serve(listener, app).await;
    });
    port
}

/// The gateway with the tenant `rec` at `rec.localhost` on the upstream at `port` (and `extra`
/// config), and a browser signed in there.
async fn rec_tenant(port: u16, extra: &'static str) -> (TestApp, reqwest::Client) {
    let app = TestApp::builder()
        .config_with(move |sandbox_url| {
            format!(
                r#"{extra}
[tenants.rec]
hosts = ["rec.localhost"]
allow_http_loopback = true
api_url = "http://127.0.0.1:{port}/api/"
[tenants.rec.oidc]
issuer = "{sandbox_url}t/acme/idp"
client_id = "learner-portal"
client_secret = "demo-secret"
"#
            )
        })
        .spawn()
        .await;
    let browser = reqwest::Client::builder()
        .cookie_store(true)
        .redirect(reqwest::redirect::Policy::none())
        .resolve("rec.localhost", SocketAddr::from(([127, 0, 0, 1], app.port)))
        .build()
        .expect("client");
    app.sign_in(&browser, "rec.localhost", "ada", None).await;
    (app, browser)
}

#[tokio::test]
async fn the_browser_s_cookie_never_goes_upstream_and_the_bearer_token_does() {
    let (app, browser) = rec_tenant(recording_upstream().await, "").await;
    let path = format!("/api/lms/users/me/objective-workflow-aggregates/{}/knowledge-model", uuid_like());
    let response = browser
        .get(app.url("rec.localhost", &path))
        .header("x-requested-with", "XMLHttpRequest")
        .header("accept-language", "de-DE")
        .header("x-custom-secret", "do-not-forward")
        .send()
        .await
        .expect("call");
    assert_eq!(response.status(), StatusCode::OK);
    let seen: Value = response.json().await.expect("json");
    let headers = &seen["headers"];
    assert!(headers.get("cookie").is_none(), "no Cookie upstream: {headers}");
    assert!(headers["authorization"].as_str().is_some_and(|a| a.starts_with("Bearer ey")), "{headers}");
    assert_eq!(headers["accept-language"], "de-DE");
    assert_eq!(headers["x-requested-with"], "XMLHttpRequest");
    assert!(headers.get("x-custom-secret").is_none(), "{headers}");
}

/// An upstream whose knowledge models fail by their id: `5…` answers 500, `7…` answers after
/// 3 s, `4…` refuses the token.
async fn failing_upstream() -> u16 {
    serve_with_learner(Router::new().fallback(any(|uri: axum::http::Uri| async move {
        let id = uri.path().split('/').nth(5).unwrap_or_default().to_string();
        match id.chars().next() {
            Some('5') => (StatusCode::INTERNAL_SERVER_ERROR, "broken").into_response(),
            Some('7') => {
                tokio::time::sleep(std::time::Duration::from_secs(3)).await;
                Json(json!({ "late": true })).into_response()
            }
            Some('4') => StatusCode::UNAUTHORIZED.into_response(),
            _ => Json(json!({ "id": id })).into_response(),
        }
    })))
    .await
}

#[tokio::test]
async fn a_failing_upstream_answers_a_retryable_problem_and_the_learner_stays_signed_in() {
    let (app, browser) = rec_tenant(failing_upstream().await, "[limits]\nupstream_timeout_secs = 1").await;
    let model = |id: &str| format!("/api/lms/users/me/objective-workflow-aggregates/{id}/knowledge-model");
    let ok = app.api(&browser, "rec.localhost", &model("0f0f0f0f-0f0f-4f0f-8f0f-0f0f0f0f0f0f")).await;
    assert_eq!(ok.status(), StatusCode::OK);
    assert_eq!(ok.json::<Value>().await.expect("json")["id"], "0f0f0f0f-0f0f-4f0f-8f0f-0f0f0f0f0f0f");
    let failing = [
        ("5f0f0f0f-0f0f-4f0f-8f0f-0f0f0f0f0f0f", StatusCode::BAD_GATEWAY, "bad_gateway"),
        ("7f0f0f0f-0f0f-4f0f-8f0f-0f0f0f0f0f0f", StatusCode::GATEWAY_TIMEOUT, "upstream_timeout"),
    ];
    for (id, status, code) in failing {
        let started = std::time::Instant::now();
        let response = app.api(&browser, "rec.localhost", &model(id)).await;
        assert_eq!(response.status(), status, "{id}");
        assert!(started.elapsed() < std::time::Duration::from_millis(2500), "{id}: {:?}", started.elapsed());
        let problem: Value = response.json().await.expect("a problem body");
        assert_eq!(problem["error"], code, "{id}: {problem}");
        let session = app.api(&browser, "rec.localhost", "/api/bff/session").await;
        assert_eq!(session.status(), StatusCode::OK, "{id}: still signed in");
    }
    // A refused token is the gateway's usual 401.
    let refused = app.api(&browser, "rec.localhost", &model("4f0f0f0f-0f0f-4f0f-8f0f-0f0f0f0f0f0f")).await;
    assert_eq!(refused.status(), StatusCode::UNAUTHORIZED);
}

#[tokio::test]
async fn attachment_sizes_are_read_only_from_allowed_hosts() {
    let app = TestApp::builder()
        .config_with(move |sandbox_url| {
            format!("[tenants.acme]\nstorage_origins = [\"{}\"]\n", sandbox_url.origin().ascii_serialization())
        })
        .spawn()
        .await;
    let browser = signed_in(&app, "ada").await;
    let number = lms_sandbox::seed::certificate_number("acme", "acme/ada/Workplace Safety");
    // The views give gateway URLs only; the sandbox's own address of the file is a storage link.
    let record: Value = reqwest::get(format!("{}t/acme/api/public/certificate-records/{number}", app.sandbox_url))
        .await
        .expect("sandbox")
        .json()
        .await
        .expect("json");
    let pdf = record["certificatePdfUrl"].as_str().expect("a PDF on the sandbox").to_string();
    let size = |url: &str| format!("/api/bff/attachment-size?url={}", crate::helpers::urlencode(url));
    let response = app.api(&browser, "localhost", &size(&pdf)).await;
    assert_eq!(response.status(), StatusCode::OK);
    let body: Value = response.json().await.expect("json");
    assert!(body["bytes"].as_u64().is_some_and(|n| n > 100), "a one-page PDF: {body}");
    for refused in ["https://elsewhere.example/a.pdf", "not a url", "http://127.0.0.1:9/a.pdf"] {
        let response = app.api(&browser, "localhost", &size(refused)).await;
        assert_eq!(response.status(), StatusCode::BAD_REQUEST, "{refused}");
    }
}

/// A forwarded call refused for its token (the 2nd from now) is sent once more with the
/// renewed token; one refused again is a 401 `token_refused` after one renewal.
#[tokio::test]
async fn a_forwarded_call_refused_for_its_token_is_sent_again_with_the_renewed_one() {
    let app = TestApp::builder().spawn().await;
    let (browser, aggregate) = ada_and_aggregate(&app, "Cybersecurity Program").await;
    let path = format!("/api/lms/users/me/objective-workflow-aggregates/{aggregate}/knowledge-model");
    let refused = |rate: f64| json!([{ "path": "users/me/objective-workflow-aggregates/*/knowledge-model", "fault": {"kind": "error", "status": 401, "rate": rate} }]);
    let tokens = |log: &Value| TestApp::count_ending(log, "/idp/token");
    let forwarded = |log: &Value| TestApp::count_ending(log, "/knowledge-model");

    crate::reliability_common::set_faults(&app, refused(0.5)).await;
    assert_eq!(app.api(&browser, "localhost", &path).await.status(), StatusCode::OK);
    app.clear_sandbox_requests().await;
    let response = app.api(&browser, "localhost", &path).await;
    assert_eq!(response.status(), StatusCode::OK);
    let log = app.sandbox_requests().await;
    assert_eq!((forwarded(&log), tokens(&log)), (2, 1), "refused, renewed, sent again: {log}");

    crate::reliability_common::set_faults(&app, refused(1.0)).await;
    app.clear_sandbox_requests().await;
    let response = app.api(&browser, "localhost", &path).await;
    assert_eq!(response.status(), StatusCode::UNAUTHORIZED);
    let body: Value = response.json().await.expect("json");
    assert_eq!(body["reason"], "token_refused", "{body}");
    let log = app.sandbox_requests().await;
    assert_eq!((forwarded(&log), tokens(&log)), (2, 1), "sent twice, renewed once: {log}");
    crate::reliability_common::clear_faults(&app).await;
}

/// The pass-through is served by a stack of its own beside the router (`routes::Gateway`): it
/// gets what every route gets from the layers around it — counted under its route template,
/// a request id, the security headers, 401 with a login URL — and a path under its prefix that
/// it does not serve is still the router's.
#[tokio::test]
async fn the_pass_through_gets_the_layers_of_every_route() {
    let app = TestApp::builder().spawn().await;
    let (browser, aggregate) = ada_and_aggregate(&app, "Cybersecurity Program").await;
    let path = format!("/api/lms/users/me/objective-workflow-aggregates/{aggregate}/knowledge-model");
    let response = browser
        .get(app.url("localhost", &path))
        .header("x-requested-with", "XMLHttpRequest")
        .header("x-request-id", "passthrough-1")
        .send()
        .await
        .expect("call");
    assert_eq!(response.status(), StatusCode::OK);
    let headers = response.headers();
    assert_eq!(headers["x-request-id"], "passthrough-1", "the request id comes back");
    assert_eq!(headers["x-content-type-options"], "nosniff");
    assert_eq!(headers["content-security-policy"], "default-src 'none'; frame-ancestors 'none'");
    let off_list = app.api(&browser, "localhost", "/api/lms/users/me/secrets").await;
    assert_eq!(off_list.status(), StatusCode::NOT_FOUND);
    assert!(off_list.headers().contains_key("x-request-id"), "a fresh request id when none is sent");
    // Without the anti-forgery header: refused before anything runs.
    let forged = browser.get(app.url("localhost", &path)).send().await.expect("call");
    assert_eq!(forged.status(), StatusCode::FORBIDDEN);
    // Without a session: the gateway's 401, with the login URL.
    let stranger = app.api(&app.browser(), "localhost", &path).await;
    assert_eq!(stranger.status(), StatusCode::UNAUTHORIZED);
    let body: Value = stranger.json().await.expect("json");
    assert!(body["loginUrl"].as_str().is_some_and(|u| u.starts_with("/oidc/login")), "{body}");
    // The prefix alone is no pass-through call: the router's 404 of a path it does not serve.
    let bare = app.api(&browser, "localhost", "/api/lms/").await;
    assert_eq!(bare.status(), StatusCode::NOT_FOUND);
    let body: Value = bare.json().await.expect("json");
    assert!(body["detail"].is_string(), "the router's 404 says why: {body}");

    let metrics = crate::metrics::scrape(&app).await;
    let counted = |status: &str| {
        crate::metrics::sample(
            &metrics,
            &format!(r#"gateway_http_requests_total{{method="GET",route="/api/lms/{{*path}}",status="{status}"}}"#),
        )
    };
    assert_eq!(counted("2xx"), 1.0, "{metrics}");
    assert_eq!(counted("4xx"), 3.0, "off the list, forged and without a session: {metrics}");
}
