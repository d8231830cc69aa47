//! `GET /api/bff/openapi.json`: public, and in step with the routes: every operation it lists is
//! served (no 404 for an unknown path, no 405), and every route of the table is listed.

use reqwest::{Method, StatusCode};
use serde_json::Value;

use crate::helpers::{TestApp, signed_in};

/// The `/api/bff` operations of the route table (see `gateway/src/routes.rs`).
const ROUTES: &[(&str, &str)] = &[
    ("get", "/api/bff/session"),
    ("post", "/api/bff/session/touch"),
    ("post", "/api/bff/session/adopt"),
    ("get", "/api/bff/my-courses"),
    ("get", "/api/bff/catalog"),
    ("get", "/api/bff/catalog/{objectiveId}"),
    ("get", "/api/bff/courses/{objectiveId}"),
    ("get", "/api/bff/courses/{objectiveId}/tree"),
    ("get", "/api/bff/courses/{objectiveId}/activities/{activityPathId}"),
    ("get", "/api/bff/redirect"),
    ("get", "/api/bff/workflows/{workflowId}"),
    ("get", "/api/bff/profile"),
    ("get", "/api/bff/calendar"),
    ("get", "/api/bff/dashboard"),
    ("get", "/api/bff/certificates/{certificateNumber}"),
    ("get", "/api/bff/email-answer"),
    ("get", "/api/bff/attachment-size"),
    ("get", "/api/bff/files"),
    ("post", "/api/bff/courses/{objectiveId}/enroll"),
    ("post", "/api/bff/courses/{objectiveId}/start"),
    ("post", "/api/bff/workflows/{workflowId}/submit"),
    ("post", "/api/bff/workflows/{workflowId}/activities/finish"),
    ("post", "/api/bff/workflows/{workflowId}/finish"),
    ("post", "/api/bff/workflows/{workflowId}/activities/start"),
    ("put", "/api/bff/workflows/{workflowId}/activities/{activityWorkflowId}/progress"),
    ("post", "/api/bff/profile/timezone"),
    ("post", "/api/bff/workflows/{workflowId}/launch"),
    ("get", "/api/bff/courses/{objectiveId}/proctoring/{activityPathId}"),
    ("post", "/api/bff/courses/{objectiveId}/proctoring/{activityPathId}/start-token"),
    ("get", "/api/bff/courses/{objectiveId}/collaboration/{activityPathId}"),
    ("post", "/api/bff/courses/{objectiveId}/collaboration/{activityPathId}/join"),
    ("get", "/api/bff/chat/channels"),
    ("get", "/api/bff/chat/channels/{channelId}"),
    ("get", "/api/bff/chat/stream"),
    ("post", "/api/bff/chat/channels/{channelId}/messages"),
    ("post", "/api/bff/chat/channels/{channelId}/read"),
    ("post", "/api/bff/tutor/answers"),
    ("get", "/api/bff/public/catalog"),
    ("get", "/api/bff/public/catalog/{objectiveId}"),
    ("get", "/api/bff/public/certificates/{certificateNumber}"),
    ("get", "/api/bff/public/certificates/{certificateNumber}/certificate.pdf"),
    ("get", "/api/bff/public/certificates/{certificateNumber}/certificate.png"),
];

#[tokio::test]
async fn the_document_is_public_and_lists_exactly_the_served_routes() {
    let app = TestApp::builder().spawn().await;
    let anonymous = reqwest::Client::new();
    let doc = anonymous.get(app.url("localhost", "/api/bff/openapi.json")).send().await.expect("document");
    assert_eq!(doc.status(), StatusCode::OK, "no session or CSRF header needed");
    let doc: Value = doc.json().await.expect("json");
    assert!(doc["openapi"].as_str().is_some_and(|v| v.starts_with("3.")), "{}", doc["openapi"]);
    assert!(doc["components"]["schemas"]["Problem"].is_object());

    let mut listed: Vec<(String, String)> = Vec::new();
    for (path, item) in doc["paths"].as_object().expect("paths") {
        for method in item.as_object().expect("path item").keys() {
            listed.push((method.clone(), path.clone()));
        }
    }
    listed.sort();
    let mut expected: Vec<(String, String)> = ROUTES.iter().map(|(m, p)| ((*m).into(), (*p).into())).collect();
    expected.sort();
    assert_eq!(listed, expected, "the document lists the route table");

    let browser = signed_in(&app, "ada").await;
    let call = |method: &str, path: &str| {
        let method = Method::from_bytes(method.to_uppercase().as_bytes()).expect("method");
        // Path parameters get a well-formed id that names nothing.
        let path: Vec<&str> = path
            .split('/')
            .map(|segment| if segment.starts_with('{') { "00000000-0000-0000-0000-000000000000" } else { segment })
            .collect();
        let path = path.join("/");
        browser
            .request(method, app.url("localhost", &path))
            .header("x-requested-with", "XMLHttpRequest")
            .header("origin", app.url("localhost", ""))
            .send()
    };
    let unknown = call("get", "/api/bff/no-such-view").await.expect("call");
    assert_eq!(unknown.status(), StatusCode::NOT_FOUND);
    let unknown: Value = unknown.json().await.expect("json");
    for (method, path) in &listed {
        let answer = call(method, path).await.expect("call");
        let status = answer.status();
        assert_ne!(status, StatusCode::METHOD_NOT_ALLOWED, "{method} {path}");
        let streaming = answer
            .headers()
            .get("content-type")
            .and_then(|v| v.to_str().ok())
            .is_some_and(|t| t.starts_with("text/event-stream"));
        if streaming {
            // A live stream is served (it answered with its own type); its body never ends by itself.
            continue;
        }
        let body: Value = answer.json().await.unwrap_or(Value::Null);
        assert_ne!(body, unknown, "{method} {path} is served");
    }
}

/// Every `$ref` of `value`, recursively.
fn refs(value: &Value, out: &mut Vec<String>) {
    match value {
        Value::Object(map) => {
            for (key, inner) in map {
                match (key.as_str(), inner.as_str()) {
                    ("$ref", Some(target)) => out.push(target.to_string()),
                    _ => refs(inner, out),
                }
            }
        }
        Value::Array(items) => items.iter().for_each(|item| refs(item, out)),
        _ => {}
    }
}

#[tokio::test]
async fn every_operation_declares_its_parameters_answers_and_schemas() {
    let app = TestApp::builder().spawn().await;
    let doc: Value = reqwest::Client::new()
        .get(app.url("localhost", "/api/bff/openapi.json"))
        .send()
        .await
        .expect("document")
        .json()
        .await
        .expect("json");
    for (path, item) in doc["paths"].as_object().expect("paths") {
        for (method, operation) in item.as_object().expect("path item") {
            let at = format!("{method} {path}");
            let declared: Vec<&str> = operation["parameters"]
                .as_array()
                .map(|ps| ps.iter().filter(|p| p["in"] == "path").filter_map(|p| p["name"].as_str()).collect())
                .unwrap_or_default();
            let in_path: Vec<&str> = path
                .split('/')
                .filter_map(|segment| segment.strip_prefix('{').and_then(|s| s.strip_suffix('}')))
                .collect();
            assert_eq!(declared, in_path, "{at}: path parameters");
            let responses = operation["responses"].as_object().expect("responses");
            assert!(responses.keys().any(|status| status.starts_with('2')), "{at}: a success answer");
            // The public views, and the adoption of a session by a framed portal (it brings a
            // one-time code instead of a session), need no session.
            let sessionless = path.starts_with("/api/bff/public/") || path == "/api/bff/session/adopt";
            assert_eq!(
                responses.contains_key("401"),
                !sessionless,
                "{at}: 401 without a session, unless none is needed"
            );
            if sessionless {
                assert_eq!(operation["security"], serde_json::json!([{}]), "{at}: no session needed");
            }
            // Session commands call no upstream, so they have no upstream refusal (422).
            if method == "post" && !path.starts_with("/api/bff/session/") {
                assert!(responses.contains_key("413"), "{at}: the command body limit");
                assert!(responses.contains_key("422"), "{at}: the upstream's refusal");
            }
        }
    }
    assert!(doc["paths"]["/api/bff/session/adopt"]["post"]["responses"]["413"].is_object(), "adopt: body limit");
    for (method, path) in [
        ("post", "/api/bff/workflows/{workflowId}/activities/finish"),
        ("post", "/api/bff/profile/timezone"),
        ("post", "/api/bff/session/adopt"),
    ] {
        assert!(doc["paths"][path][method]["requestBody"].is_object(), "{method} {path}: its body");
    }
    let mut targets = Vec::new();
    refs(&doc, &mut targets);
    assert!(targets.len() > 20, "{targets:?}");
    for target in targets {
        let name = target.strip_prefix("#/components/schemas/").expect("a schema reference");
        assert!(doc["components"]["schemas"][name].is_object(), "{target} is defined");
    }
}
