//! Command mechanics: `Prefer`, `202` with `Location`, the status resource, cancelling, and
//! field errors for bodies that are not the command's shape.

use std::time::Duration;

use reqwest::{StatusCode, header::LOCATION};
use serde_json::{Value, json};

use crate::helpers::{Sandbox, fast_config, new_id};

#[tokio::test]
async fn async_commands_complete_after_the_configured_delay() {
    let mut config = fast_config();
    config.command_delay = Duration::from_millis(400);
    let sb = Sandbox::start_with(config).await;
    let token = sb.access_token("acme", "ada").await;
    let course = sb.aggregate("acme", &token, "Secure Coding 101").await;
    let body = json!({ "id": new_id(), "objectiveWorkflowAggregateId": course["id"] });
    // No Prefer header: asynchronous.
    let accepted = sb
        .browser
        .post(sb.url("t/acme/api/start-objective-workflows"))
        .bearer_auth(&token)
        .json(&body)
        .send()
        .await
        .expect("post");
    assert_eq!(accepted.status(), StatusCode::ACCEPTED);
    let location = accepted.headers()[LOCATION].to_str().expect("ascii").to_string();
    let pending: Value = accepted.json().await.expect("json");
    assert_eq!(pending["status"], 0);
    assert!(location.ends_with(pending["id"].as_str().expect("id")));
    let now = sb.api_json("acme", &token, location.trim_start_matches("/t/acme/api/"), &[]).await;
    assert_eq!(now["status"], 0, "still pending");
    assert!(
        sb.aggregate("acme", &token, "Secure Coding 101").await["lastObjectiveWorkflow"].is_null(),
        "nothing ran yet"
    );
    let done = sb.poll(&token, &location).await;
    assert_eq!((&done["status"], &done["result"]["objectiveWorkflowId"]), (&json!(1), &body["id"]));
    assert_eq!(sb.aggregate("acme", &token, "Secure Coding 101").await["lastObjectiveWorkflow"]["id"], body["id"]);
    let grace = sb.access_token("acme", "grace").await;
    let theirs = sb.api("acme", &grace, location.trim_start_matches("/t/acme/api/"), &[]).await;
    assert_eq!(theirs.status(), StatusCode::NOT_FOUND, "another user's command");
    let cancel_done =
        sb.browser.delete(sb.url(location.trim_start_matches('/'))).bearer_auth(&token).send().await.expect("delete");
    assert_eq!(cancel_done.status(), StatusCode::CONFLICT, "a command that ran cannot be canceled");
}

#[tokio::test]
async fn a_canceled_command_never_runs() {
    let mut config = fast_config();
    config.command_delay = Duration::from_millis(300);
    let sb = Sandbox::start_with(config).await;
    let token = sb.access_token("acme", "ada").await;
    let course = sb.aggregate("acme", &token, "Secure Coding 101").await;
    let body = json!({ "id": new_id(), "objectiveWorkflowAggregateId": course["id"] });
    let accepted = sb.command("acme", &token, "start-objective-workflows", "respond-async", &body).await;
    let location = accepted.headers()[LOCATION].to_str().expect("ascii").to_string();
    let canceled =
        sb.browser.delete(sb.url(location.trim_start_matches('/'))).bearer_auth(&token).send().await.expect("delete");
    assert_eq!(canceled.status(), StatusCode::OK);
    tokio::time::sleep(Duration::from_millis(500)).await;
    let status = sb.poll(&token, &location).await;
    assert_eq!(status["status"], 3);
    assert!(sb.aggregate("acme", &token, "Secure Coding 101").await["lastObjectiveWorkflow"].is_null());
}

#[tokio::test]
async fn bodies_that_are_not_the_command_are_400s_with_field_errors() {
    let sb = Sandbox::start_fast().await;
    let token = sb.access_token("acme", "ada").await;
    let cases = [
        ("start-objective-workflows", json!({}), vec!["id", "objectiveWorkflowAggregateId"]),
        (
            "start-objective-workflows",
            json!({ "id": 5, "objectiveWorkflowAggregateId": "x" }),
            vec!["id", "objectiveWorkflowAggregateId"],
        ),
        ("submit-objective-workflows", json!({ "id": null }), vec!["id"]),
        ("finish-objective-workflows", json!({ "id": new_id() }), vec!["objectiveWorkflowId"]),
        (
            "start-activity-workflows",
            json!({ "objectiveWorkflowId": new_id(), "activityPartIds": [] }),
            vec!["activityPartIds"],
        ),
        (
            "start-activity-workflows",
            json!({ "objectiveWorkflowId": new_id(), "activityPartIds": "one" }),
            vec!["activityPartIds"],
        ),
        (
            "finish-activity-workflows",
            json!({ "objectiveWorkflowId": new_id(), "activityWorkflowIds": [1] }),
            vec!["activityWorkflowIds"],
        ),
        ("create-self-enrollments", json!([1, 2]), vec!["body"]),
    ];
    for (path, body, fields) in cases {
        for prefer in ["respond-sync", "respond-async"] {
            let response = sb.command("acme", &token, path, prefer, &body).await;
            assert_eq!(response.status(), StatusCode::BAD_REQUEST, "{path} {body} {prefer}");
            assert_eq!(response.headers()["content-type"], "application/problem+json");
            let problem: Value = response.json().await.expect("problem");
            let mut got: Vec<&str> =
                problem["errors"].as_object().expect("errors").keys().map(String::as_str).collect();
            got.sort();
            assert_eq!(got, fields, "{path} {body}");
            assert!(problem["detail"].as_str().is_some_and(|d| !d.is_empty()));
        }
    }
    let unreadable = sb
        .browser
        .post(sb.url("t/acme/api/submit-objective-workflows"))
        .bearer_auth(&token)
        .header("content-type", "application/json")
        .body("{not json")
        .send()
        .await
        .expect("post");
    assert_eq!(unreadable.status(), StatusCode::BAD_REQUEST);
    assert!(unreadable.json::<Value>().await.expect("problem")["errors"]["body"].is_array());
    let unknown = sb.api("acme", &token, &format!("commands/{}", new_id().as_str().expect("id")), &[]).await;
    assert_eq!(unknown.status(), StatusCode::NOT_FOUND);
}
