//! The course player's routes: `GET /api/bff/courses/{objectiveId}/activities/{activityPathId}`,
//! `POST /api/bff/workflows/{workflowId}/activities/start` and
//! `PUT /api/bff/workflows/{workflowId}/activities/{activityWorkflowId}/progress`, on the seed.

use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::helpers::{TestApp, get_ok, objective, post, signed_in};

async fn activity(app: &TestApp, browser: &reqwest::Client, name: &str, path: &str, query: &str) -> Value {
    get_ok(app, browser, &format!("/api/bff/courses/{}/activities/{path}{query}", objective(name))).await
}

async fn put(app: &TestApp, browser: &reqwest::Client, path: &str, body: Value) -> (StatusCode, Value) {
    let response = browser
        .put(app.url("localhost", path))
        .header("x-requested-with", "XMLHttpRequest")
        .header("origin", app.url("localhost", ""))
        .json(&body)
        .send()
        .await
        .expect("command");
    let status = response.status();
    (status, response.json().await.unwrap_or(Value::Null))
}

#[tokio::test]
async fn a_started_course_opens_its_first_activity_starts_it_saves_progress_and_marks_it_done() {
    let app = TestApp::builder().fast_commands().spawn().await;
    let ada = signed_in(&app, "ada").await;
    let (status, started) =
        post(&app, &ada, &format!("/api/bff/courses/{}/start", objective("Data Privacy Basics")), None).await;
    assert_eq!(status, StatusCode::OK, "{started}");
    let workflow = started["workflowId"].as_str().expect("workflow").to_string();
    let first = started["activityPathId"].as_str().expect("open next").to_string();

    let view = activity(&app, &ada, "Data Privacy Basics", &first, "").await;
    assert_eq!(view["workflowId"], workflow.as_str());
    assert_eq!(view["reviewMode"], false);
    let opened = &view["activity"];
    assert_eq!((&opened["kind"], &opened["workflowStatus"]), (&"text".into(), &"notStarted".into()), "{view}");
    assert_eq!((&opened["canStart"], &opened["canFinish"]), (&true.into(), &false.into()));
    assert_eq!(view["course"]["name"], "Data Privacy Basics");
    assert_eq!(view["course"]["status"], "inProgress");
    assert_eq!(view["course"]["canSubmit"], true);
    assert_eq!(view["course"]["presentationMode"], "tree");
    assert!(view["course"]["finishCheck"]["incompleteMandatory"].as_u64().expect("count") >= 3, "{view}");

    let start = format!("/api/bff/workflows/{workflow}/activities/start");
    let (status, body) = post(&app, &ada, &start, Some(json!({ "activityPathIds": [first] }))).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let aw = body["activityWorkflowIds"][0].as_str().expect("activity workflow").to_string();
    let (status, again) = post(&app, &ada, &start, Some(json!({ "activityPathIds": [first] }))).await;
    assert_eq!((status, &again["activityWorkflowIds"][0]), (StatusCode::OK, &Value::from(aw.as_str())), "kept");

    let running = activity(&app, &ada, "Data Privacy Basics", &first, "").await;
    let opened = &running["activity"];
    assert_eq!(opened["activityWorkflowId"], aw.as_str());
    assert_eq!(
        (&opened["workflowStatus"], &opened["canStart"], &opened["canFinish"]),
        (&"inProgress".into(), &false.into(), &true.into())
    );

    let progress = format!("/api/bff/workflows/{workflow}/activities/{aw}/progress");
    let (status, saved) = put(&app, &ada, &progress, json!({ "progress": 0.5, "positionSeconds": 12.5 })).await;
    assert_eq!(status, StatusCode::OK, "{saved}");
    assert_eq!(saved["progress"], 0.5);
    let (status, refused) = put(&app, &ada, &progress, json!({ "progress": 1.5 })).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{refused}");
    assert_eq!(activity(&app, &ada, "Data Privacy Basics", &first, "").await["activity"]["progress"], 0.5);

    let finish = format!("/api/bff/workflows/{workflow}/activities/finish");
    let (status, body) = post(&app, &ada, &finish, Some(json!({ "activityWorkflowIds": [aw] }))).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let done = activity(&app, &ada, "Data Privacy Basics", &first, "").await;
    assert_eq!((&done["activity"]["status"], &done["activity"]["canFinish"]), (&"completed".into(), &false.into()));
}

#[tokio::test]
async fn locked_draft_and_composite_activities_carry_their_reasons_children_and_review_mode() {
    let app = TestApp::builder().fast_commands().spawn().await;
    let ada = signed_in(&app, "ada").await;
    let module2 = activity(&app, &ada, "Cybersecurity Program", "2", "").await;
    let opened = &module2["activity"];
    assert_eq!((&opened["locked"], &opened["lockReason"]), (&true.into(), &"completePrevious".into()), "{module2}");
    let children: Vec<&str> = module2["children"]
        .as_array()
        .expect("children")
        .iter()
        .map(|c| c["activityPathId"].as_str().unwrap())
        .collect();
    assert_eq!(children, ["2.1", "2.2", "2.4"], "archived 2.3 left out");

    let draft = activity(&app, &ada, "Cybersecurity Program", "2.4", "").await;
    assert_eq!((&draft["activity"]["banner"], &draft["activity"]["canStart"]), (&"comingSoon".into(), &false.into()));

    let module1 = activity(&app, &ada, "Cybersecurity Program", "1", "").await;
    assert_eq!(module1["activity"]["kind"], "composite");
    assert_eq!(module1["children"].as_array().expect("children").len(), 3, "{module1}");
    assert_eq!(module1["finishCheck"]["incompleteOptional"], 1, "the optional lab notes: {module1}");

    let review = activity(&app, &ada, "Cybersecurity Program", "1.2", "?viewType=REVIEW").await;
    assert_eq!((&review["reviewMode"], &review["activity"]["canStart"]), (&true.into(), &false.into()));
    assert_eq!(review["course"]["canSubmit"], false, "review is read-only");

    let workflow = module1["workflowId"].as_str().expect("workflow");
    let start = format!("/api/bff/workflows/{workflow}/activities/start");
    let (status, refused) = post(&app, &ada, &start, Some(json!({ "activityPathIds": ["2.1"] }))).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "a locked activity does not start: {refused}");
    assert!(refused["detail"].is_string(), "{refused}");
}

#[tokio::test]
async fn bad_ids_paths_and_unknown_activities_are_problems() {
    let app = TestApp::builder().fast_commands().spawn().await;
    let ada = signed_in(&app, "ada").await;
    let course = objective("Cybersecurity Program");
    let bad = app.api(&ada, "localhost", &format!("/api/bff/courses/{course}/activities/1..2")).await;
    assert_eq!(bad.status(), StatusCode::BAD_REQUEST);
    let missing = app.api(&ada, "localhost", &format!("/api/bff/courses/{course}/activities/9.9")).await;
    assert_eq!(missing.status(), StatusCode::NOT_FOUND);
    let archived = app.api(&ada, "localhost", &format!("/api/bff/courses/{course}/activities/2.3")).await;
    assert_eq!(archived.status(), StatusCode::NOT_FOUND, "archived activities are not shown");
    let never = app
        .api(&ada, "localhost", &format!("/api/bff/courses/{}/activities/1", objective("Data Privacy Basics")))
        .await;
    assert_eq!(never.status(), StatusCode::NOT_FOUND, "a course never started has no player");
    let (status, body) =
        post(&app, &ada, "/api/bff/workflows/not-a-uuid/activities/start", Some(json!({ "activityPathIds": ["1"] })))
            .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
}
