//! Bad input on routes that exist answers a problem, as every other refusal does: a method the
//! route does not serve is a 405 problem with `Allow`; a path parameter that does not decode is a
//! 400 problem; a body of the wrong shape is refused without naming the gateway's types.

use reqwest::{Method, StatusCode};
use serde_json::{Value, json};

use crate::helpers::{TestApp, post, signed_in};

async fn problem_of(response: reqwest::Response) -> (StatusCode, Option<String>, Value) {
    let status = response.status();
    let kind = response.headers().get("content-type").and_then(|v| v.to_str().ok()).map(str::to_string);
    let body = response.json().await.unwrap_or(Value::Null);
    (status, kind, body)
}

#[tokio::test]
async fn a_method_a_route_does_not_serve_is_a_405_problem_naming_the_allowed_ones() {
    let app = TestApp::builder().spawn().await;
    let ada = signed_in(&app, "ada").await;
    let cases = [
        (Method::DELETE, "/api/bff/my-courses", "GET,HEAD"),
        (Method::PUT, "/api/bff/profile/timezone", "POST"),
        (Method::OPTIONS, "/api/bff/session", "GET,HEAD"),
        (Method::PATCH, "/api/events", "POST"),
        (Method::POST, "/healthz", "GET,HEAD"),
    ];
    for (method, path, allowed) in cases {
        let answer = ada
            .request(method.clone(), app.url("localhost", path))
            .header("x-requested-with", "XMLHttpRequest")
            .header("origin", app.url("localhost", ""))
            .send()
            .await
            .expect("call");
        let allow = answer.headers().get("allow").and_then(|v| v.to_str().ok()).map(str::to_string);
        let policy = answer.headers().get("content-security-policy").and_then(|v| v.to_str().ok()).map(str::to_string);
        let (status, kind, body) = problem_of(answer).await;
        assert_eq!(status, StatusCode::METHOD_NOT_ALLOWED, "{method} {path}: {body}");
        assert_eq!(allow.as_deref(), Some(allowed), "{method} {path}");
        assert_eq!(kind.as_deref(), Some("application/problem+json"), "{method} {path}");
        assert_eq!(body["error"], "method_not_allowed", "{method} {path}: {body}");
        if path.starts_with("/api/") {
            assert_eq!(
                policy.as_deref(),
                Some("default-src 'none'; frame-ancestors 'none'"),
                "{method} {path}: a JSON answer's policy"
            );
        }
    }
}

#[tokio::test]
async fn a_path_parameter_that_does_not_decode_is_a_400_problem() {
    let app = TestApp::builder().spawn().await;
    let ada = signed_in(&app, "ada").await;
    for path in [
        "/api/bff/catalog/%ff",
        "/api/bff/courses/%c3%28",
        "/api/bff/courses/%ff/tree",
        "/api/bff/workflows/%ff",
        "/api/bff/chat/channels/%ff",
        "/api/bff/public/certificates/%c3%28",
    ] {
        let (status, kind, body) = problem_of(app.api(&ada, "localhost", path).await).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{path}: {body}");
        assert_eq!(kind.as_deref(), Some("application/problem+json"), "{path}");
        assert_eq!(body["error"], "bad_request", "{path}: {body}");
        assert!(body["detail"].as_str().is_some_and(|d| d.contains("UTF-8")), "{path}: {body}");
    }
    let (status, body) = post(&app, &ada, "/api/bff/courses/%ff/enroll", None).await;
    assert_eq!((status, &body["error"]), (StatusCode::BAD_REQUEST, &json!("bad_request")), "{body}");
}

#[tokio::test]
async fn a_body_of_the_wrong_shape_is_refused_in_words_of_json() {
    let app = TestApp::builder().spawn().await;
    let ada = signed_in(&app, "ada").await;
    for body in [json!("UTC"), json!([]), json!(7)] {
        let (status, answer) = post(&app, &ada, "/api/bff/profile/timezone", Some(body.clone())).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{body}: {answer}");
        let detail = answer["detail"].as_str().unwrap_or_default();
        assert!(detail.contains("expected a JSON object"), "{body}: {detail}");
        assert!(!detail.contains("TimezoneRequest"), "{body}: {detail}");
    }
}
