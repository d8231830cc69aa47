//! `POST /api/bff/courses/{objectiveId}/start`: the start sequence for a course not started, in
//! progress, finished with retake, LTI, not enrolled, and every refusal.

use reqwest::StatusCode;
use serde_json::Value;

use crate::helpers::{TestApp, card, objective, post, signed_in};

async fn start(app: &TestApp, browser: &reqwest::Client, name: &str) -> (StatusCode, Value) {
    post(app, browser, &format!("/api/bff/courses/{}/start", objective(name)), None).await
}

#[tokio::test]
async fn a_course_not_started_gets_a_workflow_and_goes_to_the_next_activity() {
    let app = TestApp::builder().fast_commands().spawn().await;
    let ada = signed_in(&app, "ada").await;
    let id = objective("Data Privacy Basics");
    assert_eq!(card(&app, &ada, "Data Privacy Basics").await.expect("listed")["status"], "notStarted");
    let (status, first) = start(&app, &ada, "Data Privacy Basics").await;
    assert_eq!(status, StatusCode::OK, "{first}");
    assert_eq!((&first["newWorkflow"], &first["enrolled"]), (&true.into(), &false.into()), "{first}");
    assert_eq!(first["destination"], "content");
    let path = first["activityPathId"].as_str().expect("an activity to open");
    assert_eq!(first["url"], format!("/courses/{id}/view/content/{path}"));
    assert_eq!(first["activityWorkflowIds"].as_array().expect("ids").len(), 1, "{first}");
    assert_eq!(card(&app, &ada, "Data Privacy Basics").await.expect("listed")["status"], "inProgress");

    let (status, again) = start(&app, &ada, "Data Privacy Basics").await;
    assert_eq!(status, StatusCode::OK, "{again}");
    assert_eq!(again["newWorkflow"], false, "the workflow in progress goes on");
    assert_eq!(again["workflowId"], first["workflowId"]);
    assert_eq!(again["activityWorkflowIds"], first["activityWorkflowIds"], "the running activity workflow is kept");
}

#[tokio::test]
async fn a_course_in_progress_continues_its_workflow() {
    let app = TestApp::builder().fast_commands().spawn().await;
    let ada = signed_in(&app, "ada").await;
    let (status, body) = start(&app, &ada, "Time Management").await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["newWorkflow"], false);
    assert_eq!(body["destination"], "content");
    assert_eq!(card(&app, &ada, "Time Management").await.expect("listed")["progressPercent"], 60, "same attempt");
}

#[tokio::test]
async fn a_finished_course_with_retake_starts_a_new_attempt() {
    let app = TestApp::builder().fast_commands().spawn().await;
    let ada = signed_in(&app, "ada").await;
    assert_eq!(card(&app, &ada, "Financial Literacy").await.expect("listed")["status"], "finished");
    let (status, body) = start(&app, &ada, "Financial Literacy").await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["newWorkflow"], true);
    assert_eq!(body["destination"], "content");
    let after = card(&app, &ada, "Financial Literacy").await.expect("listed");
    assert_eq!((&after["status"], &after["progressPercent"]), (&"inProgress".into(), &0.into()), "{after}");
}

#[tokio::test]
async fn an_lti_course_reloads_the_course_view() {
    let app = TestApp::builder().fast_commands().spawn().await;
    let ada = signed_in(&app, "ada").await;
    let (status, body) = start(&app, &ada, "Introduction to Python").await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["newWorkflow"], true, "finished with retake allowed");
    assert_eq!(body["destination"], "reloadCourse");
    assert_eq!(body["url"], format!("/courses/{}", objective("Introduction to Python")));
    assert_eq!(body["activityWorkflowIds"].as_array().expect("ids").len(), 1, "the LTI activity's workflow");
}

#[tokio::test]
async fn a_course_not_enrolled_is_self_enrolled_first() {
    let app = TestApp::builder().fast_commands().spawn().await;
    let ada = signed_in(&app, "ada").await;
    let (status, body) = start(&app, &ada, "Negotiation Skills").await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!((&body["enrolled"], &body["newWorkflow"]), (&true.into(), &true.into()), "{body}");
    assert_eq!(card(&app, &ada, "Negotiation Skills").await.expect("listed")["status"], "inProgress");
}

#[tokio::test]
async fn courses_that_cannot_start_are_refused_with_a_reason_and_nothing_changes() {
    let app = TestApp::builder().fast_commands().spawn().await;
    let ada = signed_in(&app, "ada").await;
    let cases = [
        ("Cloud Fundamentals", "coming_soon", "Coming soon"),
        ("Advanced Negotiation", "will_be_available", "Will be available to start on "),
        ("Legacy Systems Overview", "was_available_before", "Was available to start before "),
        ("Effective Communication", "attempt_not_finished", "The last attempt"),
        ("Hidden Grades Quiz", "no_retake", "This course is finished"),
        ("Excel for Analysts", "no_retake", "This course is finished"),
    ];
    for (name, code, detail) in cases {
        let before = card(&app, &ada, name).await;
        let (status, body) = start(&app, &ada, name).await;
        assert_eq!(status, StatusCode::CONFLICT, "{name}: {body}");
        assert_eq!(body["error"], code, "{name}: {body}");
        assert!(body["detail"].as_str().expect("detail").starts_with(detail), "{name}: {body}");
        // The dated refusals name their date apart, for the client to write in the learner's
        // language; it is the one the English detail ends with.
        let dated = matches!(code, "will_be_available" | "was_available_before");
        match body["date"].as_str() {
            Some(date) if dated => {
                time::OffsetDateTime::parse(date, &time::format_description::well_known::Rfc3339)
                    .unwrap_or_else(|e| panic!("{name}: {date} is not RFC 3339: {e}"));
                assert!(body["detail"].as_str().expect("detail").ends_with(date), "{name}: {body}");
            }
            None if !dated => {}
            _ => panic!("{name}: the date is there exactly for the dated refusals: {body}"),
        }
        assert_eq!(card(&app, &ada, name).await, before, "{name}: unchanged");
    }
    let (status, _) = post(&app, &ada, "/api/bff/courses/0000/start", None).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
}
