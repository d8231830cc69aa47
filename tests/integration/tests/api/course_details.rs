//! `/api/bff/courses/{objectiveId}`: the details page of each of ada's seeded courses (the
//! seed table of the sandbox README), through the whole stack.

use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::{
    helpers::{TestApp, ada, get_ok, objective, post, seconds_until, shift_clock, signed_in},
    reliability_common::{clear_faults, set_faults},
};

async fn details(name: &str) -> Value {
    let (app, browser) = ada().await;
    get_ok(&app, &browser, &format!("/api/bff/courses/{}", objective(name))).await
}

fn strings(v: &Value) -> Vec<&str> {
    v.as_array().expect("an array").iter().map(|s| s.as_str().expect("a string")).collect()
}

#[tokio::test]
async fn in_progress_course_continues_and_is_enrolled() {
    let view = details("Activity Types Tour").await;
    assert_eq!(view["status"], "inProgress");
    assert_eq!(view["progressPercent"], 20);
    assert_eq!(strings(&view["buttons"]), ["continue", "enrolled"]);
    assert_eq!(strings(&view["notices"]), Vec::<&str>::new());
    assert!(view["redirect"].is_null(), "{view}");
    assert!(view["workflowId"].is_string());
}

#[tokio::test]
async fn before_availability_says_when_and_refreshes_then_offers_start() {
    let (app, browser) = ada().await;
    let path = format!("/api/bff/courses/{}", objective("Advanced Negotiation"));
    let view = get_ok(&app, &browser, &path).await;
    assert_eq!(view["status"], "notStarted");
    assert_eq!(strings(&view["notices"]), ["willBeAvailable"]);
    assert_eq!(strings(&view["buttons"]), Vec::<&str>::new(), "start refused");
    assert_eq!(view["refreshAt"], view["availabilityDate"]);
    let wait = seconds_until(&view["refreshAt"]);
    assert!(wait > 9 * 86_400, "about ten days ahead: {wait}");
    shift_clock(&app, wait - 120).await;
    let before = get_ok(&app, &browser, &path).await;
    assert_eq!(strings(&before["notices"]), ["willBeAvailable"], "not yet");
    shift_clock(&app, wait + 5).await;
    let after = get_ok(&app, &browser, &path).await;
    assert_eq!(strings(&after["notices"]), Vec::<&str>::new());
    assert_eq!(strings(&after["buttons"]), ["start"]);
    assert!(after["refreshAt"].is_null(), "no later boundary: {after}");
}

#[tokio::test]
async fn grading_approved_shows_the_grade_from_the_scale() {
    let view = details("Agile Team Practices").await;
    assert_eq!(view["status"], "gradingApproved");
    assert_eq!(view["result"]["gradeHidden"], false);
    assert_eq!(view["result"]["grade"], "D");
    assert_eq!(view["result"]["score"]["percent"], 64);
    assert_eq!(view["result"]["score"]["color"], "accent");
    assert_eq!(view["result"]["score"]["points"], json!({"score": 64.0, "maxScore": 100.0}));
    assert!(!strings(&view["buttons"]).contains(&"review"), "review needs a finished workflow");
}

#[tokio::test]
async fn archived_course_is_not_available_and_cannot_start() {
    let view = details("Archived Compliance Training").await;
    assert_eq!(strings(&view["notices"]), ["notAvailable"]);
    let buttons = strings(&view["buttons"]);
    assert!(!buttons.contains(&"start") && !buttons.contains(&"retake"), "{buttons:?}");
    assert!(view["redirect"].is_null(), "archived courses are not sent to the catalog");
}

#[tokio::test]
async fn draft_course_is_coming_soon() {
    let view = details("Cloud Fundamentals").await;
    assert_eq!(view["status"], "notStarted");
    assert_eq!(strings(&view["notices"]), ["comingSoon"]);
    assert_eq!(strings(&view["buttons"]), Vec::<&str>::new());
}

#[tokio::test]
async fn mandatory_in_progress_course_shows_progress_and_due_date() {
    let view = details("Company Values Onboarding").await;
    assert_eq!(view["status"], "inProgress");
    assert_eq!(view["progressPercent"], 35);
    assert_eq!(view["isMandatory"], true);
    assert!(seconds_until(&view["dueDate"]) < 0, "overdue: {}", view["dueDate"]);
    assert_eq!(view["overdue"], true, "the page says so, as the card does");
    assert_eq!(strings(&view["buttons"]), ["continue"]);
    // Due in a few weeks: not overdue yet, and the page changes when the due date passes.
    let ahead = details("Cybersecurity Program").await;
    assert_eq!(ahead["overdue"], false, "{ahead}");
    let at = |field: &str| {
        time::OffsetDateTime::parse(ahead[field].as_str().expect(field), &time::format_description::well_known::Rfc3339)
            .expect("RFC 3339")
    };
    assert!(seconds_until(&ahead["refreshAt"]) > 0, "{ahead}");
    assert!(at("refreshAt") <= at("dueDate"), "refreshAt at the latest at the due date: {ahead}");
}

#[tokio::test]
async fn protected_results_have_no_review() {
    let view = details("Confidential Assessment").await;
    assert_eq!(view["status"], "finished");
    assert_eq!(view["result"]["passed"], true);
    assert_eq!(view["result"]["score"]["percent"], 85);
    assert!(!strings(&view["buttons"]).contains(&"review"), "{view}");
}

#[tokio::test]
async fn graded_before_the_reveal_date_is_grading_in_progress_until_refresh_at() {
    let (app, browser) = ada().await;
    let path = format!("/api/bff/courses/{}", objective("Customer Service Excellence"));
    let view = get_ok(&app, &browser, &path).await;
    assert_eq!(view["status"], "graded");
    assert_eq!(strings(&view["notices"]), ["gradingInProgress"]);
    assert_eq!(view["result"]["gradeHidden"], true);
    assert!(view["result"]["grade"].is_null() && view["result"]["score"].is_null(), "{view}");
    let wait = seconds_until(&view["refreshAt"]);
    assert!((6 * 86_400..8 * 86_400).contains(&wait), "the reveal date, +7 d: {wait}");
    shift_clock(&app, wait + 5).await;
    let after = get_ok(&app, &browser, &path).await;
    assert_eq!(strings(&after["notices"]), Vec::<&str>::new());
    assert_eq!(after["result"]["gradeHidden"], false);
    assert_eq!(after["result"]["grade"], "B");
    assert_eq!(after["result"]["score"]["percent"], 81);
    assert_eq!(after["result"]["score"]["color"], "success");
}

#[tokio::test]
async fn mandatory_not_started_course_offers_start_only() {
    let view = details("Data Privacy Basics").await;
    assert_eq!(view["status"], "notStarted");
    assert_eq!(strings(&view["buttons"]), ["start"]);
    assert!(view["redirect"].is_null());
    assert_eq!(view["collections"], json!(["Security"]));
}

#[tokio::test]
async fn submitted_course_shows_its_status() {
    let view = details("Effective Communication").await;
    assert_eq!(view["status"], "submitted");
    assert_eq!(strings(&view["buttons"]), ["enrolled"]);
}

#[tokio::test]
async fn imported_results_say_no_review_or_retake() {
    let view = details("Excel for Analysts").await;
    assert_eq!(view["status"], "finished");
    assert_eq!(strings(&view["notices"]), ["noReviewRetake"]);
    assert_eq!(strings(&view["buttons"]), Vec::<&str>::new());
    assert_eq!(view["result"]["grade"], "C");
    assert_eq!(view["result"]["score"]["percent"], 75);
    assert_eq!(view["result"]["passed"], true);
    assert!(view["redirect"].is_null(), "a record counts as started");
}

#[tokio::test]
async fn failed_course_with_retake_offers_start_again() {
    let view = details("Financial Literacy").await;
    assert_eq!(view["status"], "finished");
    assert_eq!(strings(&view["buttons"])[0], "retake");
    assert_eq!(view["result"]["passed"], false);
    assert_eq!(view["result"]["grade"], "F");
    assert_eq!(view["result"]["score"]["percent"], 30);
    assert_eq!(view["result"]["score"]["color"], "danger");
    assert!(!view["attempts"].as_array().expect("attempts").is_empty());
}

#[tokio::test]
async fn never_revealed_grades_are_hidden_without_review() {
    let view = details("Hidden Grades Quiz").await;
    assert_eq!(view["result"]["gradeHidden"], true);
    assert!(view["result"]["grade"].is_null() && view["result"]["score"].is_null());
    assert!(!strings(&view["buttons"]).contains(&"review"));
    assert_eq!(view["attemptsScoreColumn"], false);
    for attempt in view["attempts"].as_array().expect("attempts") {
        assert!(attempt["score"].is_null() && attempt["grade"].is_null(), "{attempt}");
    }
}

#[tokio::test]
async fn expired_lti_course_can_retake_and_shows_its_expired_certificate() {
    let view = details("Introduction to Python").await;
    assert_eq!(view["status"], "finished");
    assert!(strings(&view["buttons"]).contains(&"retake"), "{view}");
    assert_eq!(view["result"]["grade"], "B");
    let certificates = view["certificates"].as_array().expect("certificates");
    assert_eq!(certificates.len(), 1, "{view}");
    assert_eq!(certificates[0]["expired"], true);
    assert!(seconds_until(&certificates[0]["expires"]) < 0);
}

#[tokio::test]
async fn in_grading_course_says_it_is_being_graded() {
    let view = details("Leadership Foundations").await;
    assert_eq!(view["status"], "inGrading");
    assert_eq!(strings(&view["notices"]), ["gradingInProgress"]);
    assert_eq!(strings(&view["buttons"]), Vec::<&str>::new());
}

#[tokio::test]
async fn after_availability_end_says_it_was_available_before() {
    let view = details("Legacy Systems Overview").await;
    assert_eq!(strings(&view["notices"]), ["wasAvailableBefore"]);
    assert!(!strings(&view["buttons"]).contains(&"start"));
    assert!(seconds_until(&view["availabilityEndDate"]) < 0);
}

#[tokio::test]
async fn catalog_access_redirects_to_the_catalog_page() {
    let view = details("Negotiation Skills").await;
    assert_eq!(view["redirect"], "catalog");
    assert_eq!(strings(&view["buttons"]), ["start", "addToMyCourses"]);
}

#[tokio::test]
async fn proctoring_mismatch_is_treated_as_in_grading() {
    let view = details("Proctored Final Exam").await;
    assert_eq!(view["status"], "inGrading", "the status every view shows");
    assert_eq!(strings(&view["notices"]), ["gradingInProgress"]);
    assert!(!strings(&view["buttons"]).contains(&"continue"), "{view}");
}

#[tokio::test]
async fn in_progress_course_shows_its_progress() {
    let view = details("Time Management").await;
    assert_eq!((&view["status"], &view["progressPercent"]), (&json!("inProgress"), &json!(60)));
    assert_eq!(view["collections"], json!(["Onboarding"]));
}

#[tokio::test]
async fn progress_over_one_is_clamped() {
    assert_eq!(details("Project Management Essentials").await["progressPercent"], 100);
}

#[tokio::test]
async fn self_enrolled_not_started_course_offers_start_and_enrolled() {
    let view = details("Secure Coding 101").await;
    assert_eq!(strings(&view["buttons"]), ["start", "enrolled"]);
    assert!(view["redirect"].is_null(), "enrolled courses stay on details");
}

#[tokio::test]
async fn passed_course_shows_grade_a_and_a_valid_certificate_refreshing_at_expiry() {
    let view = details("Workplace Safety").await;
    assert_eq!(view["result"]["grade"], "A");
    assert_eq!(view["result"]["score"]["percent"], 92);
    let certificates = view["certificates"].as_array().expect("certificates");
    assert_eq!(certificates.len(), 1, "{view}");
    assert_eq!(certificates[0]["expired"], false);
    assert!(certificates[0]["certificateNumber"].is_string());
    assert_eq!(view["refreshAt"], certificates[0]["expires"], "the view changes when it expires");
}

#[tokio::test]
async fn bad_uuid_is_400_and_unknown_course_is_404_problem() {
    let (app, browser) = ada().await;
    let bad = app.api(&browser, "localhost", "/api/bff/courses/not-a-uuid").await;
    assert_eq!(bad.status(), StatusCode::BAD_REQUEST);
    assert_eq!(bad.headers()["content-type"], "application/problem+json");
    let body: Value = bad.json().await.expect("json");
    assert!(body["detail"].as_str().expect("detail").contains("objectiveId"), "{body}");
    let unknown = app.api(&browser, "localhost", "/api/bff/courses/00000000-0000-4000-8000-000000000001").await;
    assert_eq!(unknown.status(), StatusCode::NOT_FOUND);
    assert_eq!(unknown.headers()["content-type"], "application/problem+json");
    let body: Value = unknown.json().await.expect("json");
    assert_eq!(body["error"], "not_found");
}

/// Milliseconds `path` takes to answer 200 as ada, and its body.
async fn timed(app: &TestApp, browser: &reqwest::Client, path: &str) -> (u128, Value) {
    let started = std::time::Instant::now();
    let body = get_ok(app, browser, path).await;
    (started.elapsed().as_millis(), body)
}

/// 300 ms on every read of the details page, so each round of reads shows in its time.
async fn slow_details_reads(app: &TestApp) {
    let rule = |path: &str| json!({ "method": "GET", "path": path, "fault": { "kind": "latency", "ms": 300 } });
    crate::reliability_common::set_faults(
        app,
        json!([
            rule("users/me/objectives/*/objective-access"),
            rule("certificate-records/query"),
            rule("objective-workflow-aggregates/*/objective-records"),
            rule("users/me/objective-workflows/*/activity-with-aggregates"),
            rule("users/me/objective-workflows/*/activity-workflows/*/last-proctoring-session"),
        ]),
    )
    .await;
}

/// The access names the attempt, the attempt its tree, the tree its proctored activities: read
/// one after another that is three rounds. Once a view has seen those ids, every read starts
/// at once: one round, the same answer.
#[tokio::test]
async fn reads_run_in_one_round_once_the_ids_are_known() {
    let (app, browser) = ada().await;
    slow_details_reads(&app).await;
    let proctored = format!("/api/bff/courses/{}", objective("Proctored Final Exam"));
    let (first_ms, first) = timed(&app, &browser, &proctored).await;
    assert!(first_ms >= 900, "access, tree, then sessions: {first_ms} ms");
    let (again_ms, again) = timed(&app, &browser, &proctored).await;
    println!("details of a proctored course: {first_ms} ms, then {again_ms} ms");
    assert!(again_ms < 600, "one round of 300 ms reads: {again_ms} ms");
    assert_eq!(again, first, "the same view");
    assert_eq!(again["status"], "inGrading", "its session still disagrees");

    // My courses names the ids of every card: the first visit of a course is one round too.
    crate::reliability_common::clear_faults(&app).await;
    get_ok(&app, &browser, "/api/bff/my-courses").await;
    slow_details_reads(&app).await;
    let graded = format!("/api/bff/courses/{}", objective("Workplace Safety"));
    let (ms, view) = timed(&app, &browser, &graded).await;
    println!("first details of a graded course after My courses: {ms} ms");
    assert!(ms < 600, "one round: {ms} ms");
    assert_eq!(view["result"]["grade"], "A", "the grade from the scale: {view}");
    crate::reliability_common::clear_faults(&app).await;
    assert_eq!(get_ok(&app, &browser, &graded).await, view, "the same view read again");
}

/// An attempt started since the ids were last seen: the tree of the new attempt is read once
/// the access names it, and the view is the one a fresh read gives.
#[tokio::test]
async fn an_attempt_started_since_the_last_visit_is_the_one_shown() {
    let app = TestApp::builder().fast_commands().spawn().await;
    let browser = signed_in(&app, "ada").await;
    let path = format!("/api/bff/courses/{}", objective("Financial Literacy"));
    let before = get_ok(&app, &browser, &path).await;
    let old = before["workflowId"].as_str().expect("a finished attempt").to_string();
    let (status, started) = post(&app, &browser, &format!("{path}/start"), None).await;
    assert_eq!(status, StatusCode::OK, "{started}");
    assert_eq!(started["newWorkflow"], true, "{started}");
    let after = get_ok(&app, &browser, &path).await;
    assert_eq!(after["workflowId"], started["workflowId"], "the new attempt, not {old}");
    assert_eq!(after["status"], "inProgress", "{after}");
    assert_eq!(get_ok(&app, &browser, &path).await, after, "read again with the ids confirmed: the same view");
}

#[tokio::test]
async fn certificates_or_attempts_failing_for_now_leave_the_rest_of_the_page() {
    let (app, browser) = ada().await;
    let path = format!("/api/bff/courses/{}", objective("Financial Literacy"));
    let whole = get_ok(&app, &browser, &path).await;
    assert_eq!(whole["unavailable"], json!([]), "{whole}");
    assert!(!whole["attempts"].as_array().expect("attempts").is_empty());

    set_faults(
        &app,
        json!([{ "path": "certificate-records/**", "fault": {"kind": "error", "status": 503, "rate": 1.0} }]),
    )
    .await;
    let view = get_ok(&app, &browser, &path).await;
    assert_eq!(view["unavailable"], json!(["certificates"]), "{view}");
    assert_eq!(view["certificates"], json!([]));
    for same in ["status", "buttons", "result", "attempts", "name"] {
        assert_eq!(view[same], whole[same], "{same} as on the whole page");
    }

    set_faults(
        &app,
        json!([{ "path": "objective-workflow-aggregates/*/objective-records", "fault": {"kind": "error", "status": 502, "rate": 1.0} }]),
    )
    .await;
    let view = get_ok(&app, &browser, &path).await;
    assert_eq!(view["unavailable"], json!(["attempts"]), "{view}");
    // The last attempt is the access's own (the seed has one per course); the earlier ones are
    // what could not be read.
    assert_eq!(view["attempts"], whole["attempts"], "{view}");
    assert_eq!(
        (&view["result"], &view["buttons"]),
        (&whole["result"], &whole["buttons"]),
        "the last result is the access's"
    );

    // A refusal of the learner is the page's, not a part's.
    set_faults(
        &app,
        json!([{ "path": "certificate-records/**", "fault": {"kind": "error", "status": 403, "rate": 1.0} }]),
    )
    .await;
    let response = app.api(&browser, "localhost", &path).await;
    assert_eq!(response.status(), StatusCode::FORBIDDEN);
    clear_faults(&app).await;
    assert_eq!(get_ok(&app, &browser, &path).await["unavailable"], json!([]));
}
