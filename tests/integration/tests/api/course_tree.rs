//! `/api/bff/courses/{objectiveId}/tree` and `/api/bff/workflows/{workflowId}`: the contents
//! of ada's seeded courses through the whole stack.

use reqwest::StatusCode;
use serde_json::Value;

use crate::helpers::{TestApp, ada, get_ok, objective, seconds_until, shift_clock};

async fn tree_of(app: &TestApp, browser: &reqwest::Client, name: &str) -> Value {
    get_ok(app, browser, &format!("/api/bff/courses/{}/tree", objective(name))).await
}

fn item<'a>(view: &'a Value, path: &str) -> &'a Value {
    view["items"]
        .as_array()
        .expect("items")
        .iter()
        .find(|i| i["activityPathId"] == path)
        .unwrap_or_else(|| panic!("no item {path} in {view}"))
}

fn paths(view: &Value) -> Vec<&str> {
    view["items"].as_array().expect("items").iter().map(|i| i["activityPathId"].as_str().expect("path")).collect()
}

#[tokio::test]
async fn deep_course_shows_statuses_locks_with_reasons_and_hides_archived_items() {
    let (app, browser) = ada().await;
    let view = tree_of(&app, &browser, "Cybersecurity Program").await;
    let paths = paths(&view);
    assert_eq!(
        paths,
        ["1", "1.1", "1.2", "1.3", "1.3.1", "1.3.2", "2", "2.1", "2.2", "2.4", "3", "3.1", "3.2", "4", "6", "6.1"],
        "archived 2.3 and module 5 (with its children) are hidden"
    );
    assert_eq!(item(&view, "1.1")["status"], "completed", "Welcome finished");
    assert_eq!(item(&view, "1.2")["status"], "notStarted");
    assert_eq!(item(&view, "1.3.1")["depth"], 2);
    assert_eq!(item(&view, "1.3.2")["status"], "optional");
    let module2 = item(&view, "2");
    assert_eq!(
        (&module2["status"], &module2["locked"], &module2["lockReason"]),
        (&Value::from("locked"), &Value::from(true), &Value::from("completePrevious"))
    );
    let draft = item(&view, "2.4");
    assert_eq!((&draft["status"], &draft["lockReason"]), (&Value::from("comingSoon"), &Value::from("comingSoon")));
    assert_eq!(item(&view, "3")["disabled"], true, "module 3 starts in 15 days");
    assert_eq!(item(&view, "3.1")["proctored"], true, "proctored LTI exam");
    assert_eq!(item(&view, "3.2")["proctored"], false);
    assert_eq!(item(&view, "4")["optional"], true);
    assert_eq!(item(&view, "6")["status"], "comingSoon");
    assert_eq!(view["openNext"], "1.2", "first available not-started activity, descending into module 1");
    assert!(seconds_until(&view["refreshAt"]) > 0, "a constraint date ahead: {view}");
}

#[tokio::test]
async fn tree_changes_only_at_refresh_at() {
    let (app, browser) = ada().await;
    let items = |v: &Value| v["items"].clone();
    let mut view = tree_of(&app, &browser, "Cybersecurity Program").await;
    let mut changed = false;
    for _ in 0..8 {
        let Some(_) = view["refreshAt"].as_str() else { break };
        let wait = seconds_until(&view["refreshAt"]);
        shift_clock(&app, wait - 120).await;
        let before = tree_of(&app, &browser, "Cybersecurity Program").await;
        assert_eq!(items(&before), items(&view), "nothing changes before refreshAt {}", view["refreshAt"]);
        shift_clock(&app, wait + 5).await;
        let after = tree_of(&app, &browser, "Cybersecurity Program").await;
        assert_ne!(after["refreshAt"], view["refreshAt"], "the next boundary moves on");
        changed |= items(&after) != items(&view);
        view = after;
    }
    assert!(changed, "some boundary changed the contents");
}

#[tokio::test]
async fn every_item_type_is_in_the_contents_and_open_next_is_the_running_one() {
    let (app, browser) = ada().await;
    let view = tree_of(&app, &browser, "Activity Types Tour").await;
    let kinds: Vec<&str> = view["items"].as_array().expect("items").iter().filter_map(|i| i["kind"].as_str()).collect();
    for kind in ["text", "video", "discussion", "event", "lti", "composite", "proctored", "collaborative"] {
        assert!(kinds.contains(&kind), "{kind} in {kinds:?}");
    }
    assert_eq!(item(&view, "1")["status"], "completed", "reading finished");
    assert_eq!(item(&view, "8.1")["status"], "optional");
    assert_eq!(view["openNext"], "2", "the lecture is running");
    assert!(view["refreshAt"].is_null(), "no dates: {view}");
}

#[tokio::test]
async fn proctored_lti_exam_has_the_proctored_mark() {
    let (app, browser) = ada().await;
    let view = tree_of(&app, &browser, "Proctored Final Exam").await;
    assert_eq!(item(&view, "1")["status"], "completed");
    assert_eq!(item(&view, "2")["proctored"], true);
    assert_eq!(item(&view, "1")["proctored"], false);
}

#[tokio::test]
async fn review_policy_never_locks_finished_items_with_review_hidden() {
    let (app, browser) = ada().await;
    let view = tree_of(&app, &browser, "Hidden Grades Quiz").await;
    for item in view["items"].as_array().expect("items") {
        assert_eq!(item["status"], "completed", "{item}");
        assert_eq!((&item["locked"], &item["disabled"]), (&Value::from(true), &Value::from(true)), "{item}");
        assert_eq!(item["lockReason"], "reviewHidden", "{item}");
    }
}

#[tokio::test]
async fn review_after_revealing_results_without_disclosure_policy_follows_the_course_reveal() {
    let (app, browser) = ada().await;
    let view = tree_of(&app, &browser, "Customer Service Excellence").await;
    // The parts set no disclosure policy: the course's reveal date (ahead) stands in, so review
    // stays hidden until then, as details offers no Review.
    for item in view["items"].as_array().expect("items") {
        assert_eq!((&item["status"], &item["disabled"]), (&Value::from("completed"), &Value::from(true)), "{item}");
        assert_eq!(item["lockReason"], "reviewHidden", "{item}");
    }
    let details =
        get_ok(&app, &browser, &format!("/api/bff/courses/{}", objective("Customer Service Excellence"))).await;
    assert_eq!(view["refreshAt"], details["refreshAt"], "the grade reveal date is the next boundary of both");
}

#[tokio::test]
async fn failed_course_items_are_below_passing_score() {
    let (app, browser) = ada().await;
    let view = tree_of(&app, &browser, "Financial Literacy").await;
    let statuses: Vec<&str> =
        view["items"].as_array().expect("items").iter().filter_map(|i| i["status"].as_str()).collect();
    assert_eq!(statuses, ["belowPassingScore"; 3]);
}

#[tokio::test]
async fn trees_of_unstarted_unknown_or_foreign_workflows_are_404_and_bad_ids_400() {
    let (app, browser) = ada().await;
    let status = |path: String| {
        let (app, browser) = (&app, &browser);
        async move { app.api(browser, "localhost", &path).await.status() }
    };
    assert_eq!(status("/api/bff/courses/nope/tree".into()).await, StatusCode::BAD_REQUEST);
    let cyber = objective("Cybersecurity Program");
    assert_eq!(status(format!("/api/bff/courses/{cyber}/tree?workflowId=1")).await, StatusCode::BAD_REQUEST);
    let unknown = "00000000-0000-4000-8000-000000000002";
    assert_eq!(status(format!("/api/bff/courses/{unknown}/tree")).await, StatusCode::NOT_FOUND);
    let not_started = objective("Data Privacy Basics");
    assert_eq!(status(format!("/api/bff/courses/{not_started}/tree")).await, StatusCode::NOT_FOUND);
    let other = get_ok(&app, &browser, &format!("/api/bff/courses/{}", objective("Time Management"))).await;
    let foreign = other["workflowId"].as_str().expect("a workflow");
    assert_eq!(status(format!("/api/bff/courses/{cyber}/tree?workflowId={foreign}")).await, StatusCode::NOT_FOUND);
    let own = get_ok(&app, &browser, &format!("/api/bff/courses/{cyber}")).await;
    let own = own["workflowId"].as_str().expect("a workflow");
    let view = get_ok(&app, &browser, &format!("/api/bff/courses/{cyber}/tree?workflowId={own}")).await;
    assert_eq!(view["workflowId"], own);
}

#[tokio::test]
async fn workflow_view_lists_the_lti_activities_with_their_workflows() {
    let (app, browser) = ada().await;
    let python = get_ok(&app, &browser, &format!("/api/bff/courses/{}", objective("Introduction to Python"))).await;
    let workflow = python["workflowId"].as_str().expect("a workflow");
    let view = get_ok(&app, &browser, &format!("/api/bff/workflows/{workflow}")).await;
    assert_eq!(view["workflowId"], workflow);
    assert_eq!(view["status"], "finished");
    assert_eq!(view["progressPercent"], 100);
    let activities = view["activities"].as_array().expect("activities");
    assert_eq!(activities.len(), 1, "a single LTI activity: {view}");
    assert!(activities[0]["activityWorkflowId"].is_string(), "{view}");
    let tour = get_ok(&app, &browser, &format!("/api/bff/courses/{}", objective("Activity Types Tour"))).await;
    let view =
        get_ok(&app, &browser, &format!("/api/bff/workflows/{}", tour["workflowId"].as_str().expect("id"))).await;
    assert_eq!(view["status"], "inProgress");
    let names: Vec<&str> =
        view["activities"].as_array().expect("activities").iter().filter_map(|a| a["name"].as_str()).collect();
    assert_eq!(names, ["Quiz"], "only LTI activities");
    let bad = app.api(&browser, "localhost", "/api/bff/workflows/xyz").await;
    assert_eq!(bad.status(), StatusCode::BAD_REQUEST);
    let unknown = app.api(&browser, "localhost", "/api/bff/workflows/00000000-0000-4000-8000-000000000003").await;
    assert_eq!(unknown.status(), StatusCode::NOT_FOUND);
}
