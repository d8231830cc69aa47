//! The activities that run outside the portal's pages, through the whole stack:
//! `POST /api/bff/workflows/{workflowId}/launch` (resource link and form, then the sandbox's
//! stand-in tool scores it), the proctored activity (`.../proctoring/{path}` and its start
//! token) and the collaborative one (`.../collaboration/{path}` and join), plus the
//! Content-Security-Policy that lets the tool be framed.

use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::helpers::{TestApp, get_ok, objective, post, signed_in};

async fn start(app: &TestApp, browser: &reqwest::Client, name: &str) -> String {
    let (status, body) = post(app, browser, &format!("/api/bff/courses/{}/start", objective(name)), None).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    body["workflowId"].as_str().expect("workflow").to_string()
}

async fn launch(app: &TestApp, browser: &reqwest::Client, workflow: &str, body: Value) -> (StatusCode, Value) {
    post(app, browser, &format!("/api/bff/workflows/{workflow}/launch"), Some(body)).await
}

fn tree_item<'a>(tree: &'a Value, path: &str) -> &'a Value {
    tree["items"].as_array().expect("items").iter().find(|i| i["activityPathId"] == path).expect("item")
}

#[tokio::test]
async fn an_lti_activity_launches_into_the_stand_in_tool_which_scores_it() {
    let app = TestApp::builder().fast_commands().spawn().await;
    let ada = signed_in(&app, "ada").await;
    let course = objective("Data Privacy Basics");
    let workflow = start(&app, &ada, "Data Privacy Basics").await;

    let (status, first) = launch(&app, &ada, &workflow, json!({ "objectiveId": course, "activityPathId": "3" })).await;
    assert_eq!(status, StatusCode::OK, "{first}");
    assert_eq!(first["workflowId"], workflow.as_str());
    assert_eq!(first["activityPathId"], "3");
    assert_eq!(first["displayMode"], "fullscreen", "a composite course of display mode 1: {first}");
    let sandbox = app.sandbox_url.as_str().trim_end_matches('/');
    let aw = first["activityWorkflowId"].as_str().expect("aw").to_string();
    let action = first["form"]["action"].as_str().expect("action").to_string();
    assert_eq!(action, format!("{sandbox}/t/acme/lti/launch/{aw}"), "the tool's URL, on the LMS origin");
    assert!(first["targetLinkUri"].as_str().expect("link").starts_with(&format!("{sandbox}/t/acme/lti/launch/{aw}")));
    assert_eq!(first["form"]["method"], "POST");
    let fields: Vec<(String, String)> = first["form"]["fields"]
        .as_array()
        .expect("fields")
        .iter()
        .map(|f| (f["name"].as_str().expect("name").into(), f["value"].as_str().expect("value").into()))
        .collect();
    assert!(fields.iter().any(|(k, _)| k == "id_token"), "{first}");

    // Launching again keeps the running activity workflow.
    let (_, again) = launch(&app, &ada, &workflow, json!({ "objectiveId": course, "activityPathId": "3" })).await;
    assert_eq!(again["activityWorkflowId"], aw.as_str());
    let tree = get_ok(&app, &ada, &format!("/api/bff/courses/{course}/tree")).await;
    assert_eq!(tree_item(&tree, "3")["status"], "notStarted", "started, not finished: {tree}");

    // The browser submits the form to the tool, and the tool's score form; the tool sends it
    // back to this portal's callback with the course.
    let tool = reqwest::Client::builder().redirect(reqwest::redirect::Policy::none()).build().expect("client");
    let page = tool.post(&action).form(&fields).send().await.expect("launch page");
    assert_eq!(page.status(), StatusCode::OK);
    assert!(page.text().await.expect("html").contains("Submit score"));
    let id_token = &fields.iter().find(|(k, _)| k == "id_token").expect("token").1;
    let scored = tool
        .post(format!("{action}/score"))
        .form(&[("id_token", id_token.as_str()), ("score", "9")])
        .send()
        .await
        .expect("score");
    assert_eq!(scored.status(), StatusCode::SEE_OTHER);
    assert_eq!(
        scored.headers()["location"].to_str().expect("location"),
        app.url("localhost", &format!("/learn/lti-tool-callback?objectiveId={course}"))
    );
    let tree = get_ok(&app, &ada, &format!("/api/bff/courses/{course}/tree")).await;
    assert_eq!(tree_item(&tree, "3")["status"], "completed", "scored and finished: {tree}");
    let view = get_ok(&app, &ada, &format!("/api/bff/workflows/{workflow}")).await;
    let quiz =
        view["activities"].as_array().expect("activities").iter().find(|a| a["activityPathId"] == "3").expect("quiz");
    assert_eq!((&quiz["activityWorkflowId"], &quiz["status"]), (&json!(aw), &json!("finished")));

    // A finished activity is launched as it is (the tool shows its score), never restarted.
    let (status, after) = launch(&app, &ada, &workflow, json!({ "objectiveId": course, "activityPathId": "3" })).await;
    assert_eq!((status, &after["activityWorkflowId"]), (StatusCode::OK, &json!(aw)), "{after}");
}

#[tokio::test]
async fn launch_refusals_are_problems() {
    let app = TestApp::builder().fast_commands().spawn().await;
    let ada = signed_in(&app, "ada").await;
    let course = objective("Data Privacy Basics");
    let workflow = start(&app, &ada, "Data Privacy Basics").await;
    let (status, body) =
        launch(&app, &ada, &workflow, json!({ "objectiveId": course, "activityPathId": "3", "review": true })).await;
    assert_eq!((status, &body["error"]), (StatusCode::CONFLICT, &json!("activity_not_started")), "{body}");
    let (status, body) = launch(&app, &ada, &workflow, json!({ "objectiveId": course, "activityPathId": "9" })).await;
    assert_eq!(status, StatusCode::NOT_FOUND, "{body}");
    let (status, body) =
        launch(&app, &ada, &workflow, json!({ "objectiveId": course, "activityPathId": "1/../2" })).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    let (status, body) = launch(&app, &ada, &workflow, json!({ "objectiveId": "nope" })).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    let (status, body) = launch(&app, &ada, &workflow, json!({ "objectiveId": course, "extra": 1 })).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "unknown fields are refused: {body}");
}

#[tokio::test]
async fn the_portal_may_frame_and_post_forms_to_the_lms_origin_only() {
    let app = TestApp::builder().fast_commands().spawn().await;
    let page = app.browser().get(app.url("localhost", "/learn/")).send().await.expect("client");
    let csp = page.headers()["content-security-policy"].to_str().expect("csp").to_string();
    let lms = app.sandbox_url.origin().ascii_serialization();
    assert!(csp.contains(&format!("frame-src 'self' {lms};")), "{csp}");
    assert!(csp.contains(&format!("form-action 'self' {lms};")), "the issuer is on the same origin, named once: {csp}");
    assert!(!csp.contains('*'), "{csp}");
}

#[tokio::test]
async fn a_proctored_activity_shows_its_session_the_in_grading_rule_and_gives_a_start_token() {
    let app = TestApp::builder().fast_commands().spawn().await;
    let ada = signed_in(&app, "ada").await;
    // The seeded exam runs with its session still created: the spec's mismatch, in grading.
    let exam = objective("Proctored Final Exam");
    let view = get_ok(&app, &ada, &format!("/api/bff/courses/{exam}/proctoring/2")).await;
    assert_eq!(view["name"], "Final exam");
    assert_eq!(view["courseName"], "Proctored Final Exam");
    assert_eq!((&view["session"], &view["inGrading"]), (&json!("created"), &json!(true)));
    assert_eq!(view["canStart"], true, "the session is open: the upstream gives a start token");
    assert_eq!(view["activityStatus"], "inProgress");

    // The tour's supervised test: no session until it is started; then a token per request.
    let tour = objective("Activity Types Tour");
    let path = format!("/api/bff/courses/{tour}/proctoring/6");
    let before = get_ok(&app, &ada, &path).await;
    assert_eq!(
        (&before["name"], &before["session"], &before["canStart"]),
        (&json!("Supervised test"), &Value::Null, &json!(false))
    );
    let (status, refused) = post(&app, &ada, &format!("{path}/start-token"), None).await;
    assert_eq!((status, &refused["error"]), (StatusCode::CONFLICT, &json!("no_proctoring_session")), "{refused}");
    let workflow = before["workflowId"].as_str().expect("workflow").to_string();
    let (status, launched) = launch(&app, &ada, &workflow, json!({ "objectiveId": tour, "activityPathId": "6" })).await;
    assert_eq!(status, StatusCode::OK, "{launched}");
    let after = get_ok(&app, &ada, &path).await;
    // Created while in progress is a mismatch as the spec words it (see `domain::reveal`).
    assert_eq!(
        (&after["session"], &after["inGrading"], &after["canStart"]),
        (&json!("created"), &json!(true), &json!(true))
    );
    let (status, token) = post(&app, &ada, &format!("{path}/start-token"), None).await;
    assert_eq!(status, StatusCode::OK, "{token}");
    assert_eq!(token["token"].as_str().map(str::len), Some(32));
    assert_eq!(token["activityWorkflowId"], launched["activityWorkflowId"]);
    assert_eq!(token["workflowId"], workflow.as_str());
    let response = app.api(&ada, "localhost", &format!("/api/bff/courses/{tour}/proctoring/a-b")).await;
    assert_eq!(response.status(), StatusCode::BAD_REQUEST);
}

#[tokio::test]
async fn a_collaborative_activity_shows_the_group_workflow_its_members_share_and_joins_it() {
    let app = TestApp::builder().fast_commands().spawn().await;
    let ada = signed_in(&app, "ada").await;
    let grace = signed_in(&app, "grace").await;
    let tour = objective("Activity Types Tour");
    let path = format!("/api/bff/courses/{tour}/collaboration/7");
    let seen_by_ada = get_ok(&app, &ada, &path).await;
    let seen_by_grace = get_ok(&app, &grace, &path).await;
    assert_eq!(seen_by_ada["name"], "Team assignment");
    assert_eq!(seen_by_ada["group"]["name"], "Team Blue");
    assert_eq!(seen_by_ada["group"]["id"], seen_by_grace["group"]["id"], "one group workflow, shared");
    assert_ne!(seen_by_ada["workflowId"], seen_by_grace["workflowId"], "each member has their own attempt");
    let names = |view: &Value, list: &str| -> Vec<(String, bool)> {
        view[list]
            .as_array()
            .expect("list")
            .iter()
            .map(|m| (m["name"].as_str().expect("name").to_string(), m["isMe"].as_bool().expect("isMe")))
            .collect()
    };
    assert_eq!(
        names(&seen_by_ada, "participants"),
        [("Grace Hopper".to_string(), false), ("Ada Lovelace".to_string(), true)],
        "sorted by last name, the learner marked"
    );
    let members: Vec<(String, bool)> = names(&seen_by_grace["group"], "members");
    assert!(
        members.contains(&("Grace Hopper".into(), true)) && members.contains(&("Ada Lovelace".into(), false)),
        "{members:?}"
    );
    assert_eq!((&seen_by_ada["action"], &seen_by_ada["group"]["status"]), (&json!("join"), &json!("inProgress")));

    let (status, joined) = post(&app, &ada, &format!("{path}/join"), None).await;
    assert_eq!(status, StatusCode::OK, "{joined}");
    assert_eq!(joined["groupId"], seen_by_ada["group"]["id"]);
    let after = get_ok(&app, &ada, &path).await;
    assert_eq!((&after["action"], &after["status"]), (&json!("open"), &json!("inProgress")), "{after}");
    assert_eq!(after["activityWorkflowId"], joined["activityWorkflowId"]);
    assert_eq!(get_ok(&app, &grace, &path).await["action"], "join", "grace has not joined yet");
}
