//! `POST /api/bff/courses/{objectiveId}/enroll`: self-enrolment with its polling, the failure
//! message, the timeout, and the query flows `occflow=addToMyCourses` / `startTheCourse`.

use std::time::{Duration, Instant};

use reqwest::StatusCode;

use crate::helpers::{TestApp, card, objective, post, signed_in};

#[tokio::test]
async fn enrolling_a_catalog_course_waits_until_it_is_in_my_courses() {
    let app = TestApp::builder()
        .fast_commands()
        .sandbox(|c| c.enrollment_delay = (Duration::from_millis(400), Duration::from_millis(400)))
        .spawn()
        .await;
    let ada = signed_in(&app, "ada").await;
    assert!(card(&app, &ada, "Negotiation Skills").await.is_none(), "a catalog course is not in My courses yet");
    let started = Instant::now();
    let (status, body) =
        post(&app, &ada, &format!("/api/bff/courses/{}/enroll", objective("Negotiation Skills")), None).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert!(started.elapsed() >= Duration::from_millis(350), "waited for the enrolment to show");
    assert_eq!(body["courseName"], "Negotiation Skills");
    assert_eq!(body["alreadyEnrolled"], false);
    assert_eq!(body["objectiveId"], objective("Negotiation Skills"));
    assert!(body.get("start").is_none(), "{body}");
    let listed = card(&app, &ada, "Negotiation Skills").await.expect("now in My courses");
    assert_eq!(listed["aggregateId"], body["aggregateId"]);
    assert_eq!(listed["status"], "notStarted");
}

#[tokio::test]
async fn a_refused_enrolment_answers_the_servers_first_message() {
    let app = TestApp::builder().fast_commands().spawn().await;
    let ada = signed_in(&app, "ada").await;
    let (status, body) =
        post(&app, &ada, &format!("/api/bff/courses/{}/enroll", objective("Data Privacy Basics")), None).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    assert_eq!(body["error"], "command_failed");
    assert_eq!(body["detail"], "You are already enrolled in this course.");
    assert_eq!(body["fieldErrors"]["objectiveAccessId"][0], "You are already enrolled in this course.");
}

#[tokio::test]
async fn an_enrolment_that_never_shows_is_a_clear_problem() {
    let app = TestApp::builder()
        .fast_commands()
        .sandbox(|c| c.enrollment_delay = (Duration::from_secs(30), Duration::from_secs(30)))
        .config("[commands]\nenroll_poll_attempts = 3\n")
        .spawn()
        .await;
    let ada = signed_in(&app, "ada").await;
    let started = Instant::now();
    let (status, body) =
        post(&app, &ada, &format!("/api/bff/courses/{}/enroll", objective("Negotiation Skills")), None).await;
    assert_eq!(status, StatusCode::GATEWAY_TIMEOUT, "{body}");
    assert_eq!(body["error"], "enrollment_not_visible");
    assert_eq!(body["detail"], "Unknown error. Please refresh the page and try again.");
    assert!(started.elapsed() < Duration::from_secs(5), "three reads 100 ms apart, not the defaults");
}

#[tokio::test]
async fn add_to_my_courses_flow_is_a_no_op_when_enrolled_and_start_the_course_starts_it() {
    let app = TestApp::builder().fast_commands().spawn().await;
    let ada = signed_in(&app, "ada").await;
    let privacy = objective("Data Privacy Basics");
    let (status, body) =
        post(&app, &ada, &format!("/api/bff/courses/{privacy}/enroll?occflow=addToMyCourses"), None).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!((&body["alreadyEnrolled"], &body["courseName"]), (&true.into(), &"Data Privacy Basics".into()));

    let negotiation = objective("Negotiation Skills");
    let (status, body) =
        post(&app, &ada, &format!("/api/bff/courses/{negotiation}/enroll?occflow=startTheCourse"), None).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["alreadyEnrolled"], false);
    let start = &body["start"];
    assert_eq!(start["newWorkflow"], true, "{body}");
    assert!(start["url"].as_str().expect("url").starts_with(&format!("/courses/{negotiation}/")), "{body}");
    assert_eq!(card(&app, &ada, "Negotiation Skills").await.expect("listed")["status"], "inProgress");
}

#[tokio::test]
async fn bad_ids_and_flows_are_readable_400s() {
    let app = TestApp::builder().fast_commands().spawn().await;
    let ada = signed_in(&app, "ada").await;
    for path in [
        "/api/bff/courses/not-a-uuid/enroll".to_string(),
        format!("/api/bff/courses/{}/enroll?occflow=somethingElse", objective("Negotiation Skills")),
        format!("/api/bff/courses/{}/enroll?unknown=1", objective("Negotiation Skills")),
    ] {
        let (status, body) = post(&app, &ada, &path, None).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{path}: {body}");
        assert!(body["detail"].is_string(), "{path}: {body}");
    }
}
