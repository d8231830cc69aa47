//! `POST /api/bff/workflows/{workflowId}/submit`, `.../activities/finish` and `.../finish`:
//! submit polled to completion, 'Time over!', failures as problems, and finishing that changes
//! the state and the record.

use std::time::{Duration, Instant};

use reqwest::StatusCode;
use serde_json::json;

use crate::helpers::{TestApp, card, objective, post, signed_in};

async fn workflow_of(app: &TestApp, browser: &reqwest::Client, name: &str) -> serde_json::Value {
    let (status, body) = post(app, browser, &format!("/api/bff/courses/{}/start", objective(name)), None).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    body
}

#[tokio::test]
async fn submit_waits_for_the_command_and_answers_the_new_state() {
    let app =
        TestApp::builder().fast_commands().sandbox(|c| c.command_delay = Duration::from_millis(300)).spawn().await;
    let ada = signed_in(&app, "ada").await;
    let started = workflow_of(&app, &ada, "Time Management").await;
    let workflow = started["workflowId"].as_str().expect("id");
    let before = Instant::now();
    let (status, body) = post(&app, &ada, &format!("/api/bff/workflows/{workflow}/submit"), None).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert!(before.elapsed() >= Duration::from_millis(250), "waited for the asynchronous command");
    assert_eq!(body["workflowId"], workflow);
    assert_eq!(body["state"], 2, "submitted: {body}");
    assert!(body["objectiveRecordId"].is_string(), "{body}");
    assert_eq!(card(&app, &ada, "Time Management").await.expect("listed")["status"], "submitted");

    let (status, again) = post(&app, &ada, &format!("/api/bff/workflows/{workflow}/submit"), None).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "a submitted workflow cannot be submitted: {again}");
    assert_eq!(again["error"], "command_failed");
    assert!(again["detail"].as_str().expect("detail").starts_with("Only a workflow in progress"), "{again}");
    assert!(again["fieldErrors"]["id"].is_array(), "field errors passed on: {again}");
}

#[tokio::test]
async fn submit_that_does_not_complete_in_time_is_time_over() {
    let app = TestApp::builder()
        .fast_commands()
        .sandbox(|c| c.command_delay = Duration::from_secs(3))
        .config("[commands]\npoll_interval_ms = 100\npoll_timeout_ms = 400\n")
        .spawn()
        .await;
    let ada = signed_in(&app, "ada").await;
    let started = workflow_of(&app, &ada, "Time Management").await;
    let workflow = started["workflowId"].as_str().expect("id");
    let before = Instant::now();
    let (status, body) = post(&app, &ada, &format!("/api/bff/workflows/{workflow}/submit"), None).await;
    assert_eq!(status, StatusCode::GATEWAY_TIMEOUT, "{body}");
    assert_eq!((&body["error"], &body["detail"]), (&"time_over".into(), &"Time over!".into()));
    let waited = before.elapsed();
    assert!(waited >= Duration::from_millis(350) && waited < Duration::from_secs(2), "{waited:?}");
}

#[tokio::test]
async fn finishing_the_activity_then_the_course_changes_the_state_and_the_record() {
    let app = TestApp::builder().fast_commands().spawn().await;
    let ada = signed_in(&app, "ada").await;
    // A retake of the single-LTI course: its one activity is the course's activity.
    let started = workflow_of(&app, &ada, "Introduction to Python").await;
    let workflow = started["workflowId"].as_str().expect("id");
    let activities = started["activityWorkflowIds"].clone();
    assert_eq!(card(&app, &ada, "Introduction to Python").await.expect("listed")["progressPercent"], 0);

    let path = format!("/api/bff/workflows/{workflow}/activities/finish");
    let (status, body) = post(&app, &ada, &path, Some(json!({ "activityWorkflowIds": activities }))).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["progressPercent"], 100);
    let card_after = card(&app, &ada, "Introduction to Python").await.expect("listed");
    assert_eq!((&card_after["status"], &card_after["progressPercent"]), (&"inProgress".into(), &100.into()));
    let (status, again) = post(&app, &ada, &path, Some(json!({ "activityWorkflowIds": activities }))).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "already finished: {again}");
    assert!(again["detail"].as_str().expect("detail").contains("already finished"), "{again}");

    let (status, body) = post(&app, &ada, &format!("/api/bff/workflows/{workflow}/finish"), None).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert!(body["objectiveRecordId"].is_string(), "{body}");
    assert_eq!(body["certificateIssued"], false, "an LTI activity without a score fails");
    let finished = card(&app, &ada, "Introduction to Python").await.expect("listed");
    assert_eq!(finished["status"], "finished", "{finished}");
    assert_eq!(finished["result"]["scorePercent"], 0, "the new record: {finished}");
    assert_eq!(finished["result"]["passed"], false, "{finished}");
}

#[tokio::test]
async fn bad_finish_bodies_are_readable_4xx() {
    let app = TestApp::builder().fast_commands().spawn().await;
    let ada = signed_in(&app, "ada").await;
    let started = workflow_of(&app, &ada, "Time Management").await;
    let path = format!("/api/bff/workflows/{}/activities/finish", started["workflowId"].as_str().expect("id"));
    for body in [json!({}), json!({ "activityWorkflowIds": [] }), json!({ "activityWorkflowIds": ["x"] }), json!([1])] {
        let (status, answer) = post(&app, &ada, &path, Some(body.clone())).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{body}: {answer}");
        assert!(answer["detail"].is_string(), "{body}: {answer}");
    }
    let huge = json!({ "activityWorkflowIds": vec!["00000000-0000-0000-0000-000000000000"; 2000] });
    let (status, answer) = post(&app, &ada, &path, Some(huge)).await;
    assert_eq!(status, StatusCode::PAYLOAD_TOO_LARGE, "{answer}");
    let (status, _) = post(&app, &ada, "/api/bff/workflows/nope/finish", None).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
}
