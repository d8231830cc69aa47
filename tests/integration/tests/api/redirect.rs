//! `/api/bff/redirect`: the redirect entry's resolution for ada's seeded courses.

use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::helpers::{ada, get_ok, objective};

#[tokio::test]
async fn redirect_entry_resolves_activities_and_falls_back_to_details() {
    let (app, browser) = ada().await;
    let go = |query: String| {
        let (app, browser) = (&app, &browser);
        async move { get_ok(app, browser, &format!("/api/bff/redirect?{query}")).await }
    };
    let cyber = objective("Cybersecurity Program");
    let view = go(format!("objectiveId={cyber}&activityPathId=1.2")).await;
    assert_eq!(view, json!({"target": "content", "path": format!("/courses/{cyber}/view/content/1.2")}));
    let tree = get_ok(&app, &browser, &format!("/api/bff/courses/{cyber}/tree")).await;
    let lab = tree["items"].as_array().expect("items").iter().find(|i| i["activityPathId"] == "1.3.1").expect("lab");
    let by_id = go(format!("objectiveId={cyber}&activityId={}", lab["activityId"].as_str().expect("id"))).await;
    assert_eq!(by_id["path"], format!("/courses/{cyber}/view/content/1.3.1"), "found by activity id");
    let missing = go(format!("objectiveId={cyber}&activityPathId=9.9")).await;
    assert_eq!(missing, json!({"target": "details", "path": format!("/courses/{cyber}")}), "activity not found");
    let plain = go(format!("objectiveId={cyber}")).await;
    assert_eq!(plain["path"], format!("/courses/{cyber}/view/content"));

    let unknown = "00000000-0000-4000-8000-000000000004";
    let view = go(format!("objectiveId={unknown}")).await;
    assert_eq!(view, json!({"target": "details", "path": format!("/courses/{unknown}")}), "course not found");
    let not_started = objective("Data Privacy Basics");
    assert_eq!(go(format!("objectiveId={not_started}&activityPathId=1")).await["target"], "details", "no workflow");
    let python = objective("Introduction to Python");
    let view = go(format!("objectiveId={python}&activityPathId=1")).await;
    assert_eq!(view, json!({"target": "content", "path": format!("/courses/{python}/view/content")}), "non-composite");

    let exam = objective("Proctored Final Exam");
    let view = go(format!("objectiveId={exam}&activityPathId=2&inProctoringIframe=true")).await;
    assert_eq!(
        view,
        json!({"target": "proctor", "path": format!("/courses/proctor/{exam}/2?inProctoringIframe=true")})
    );
    let view = go(format!("objectiveId={exam}&activityPathId=2")).await;
    assert_eq!(view["target"], "content", "outside the proctoring frame");
}

#[tokio::test]
async fn redirect_entry_refuses_bad_input_with_a_problem() {
    let (app, browser) = ada().await;
    let cyber = objective("Cybersecurity Program");
    for query in [
        String::new(),
        "objectiveId=nope".to_string(),
        format!("objectiveId={cyber}&activityId=nope"),
        format!("objectiveId={cyber}&activityPathId=..%2Fx"),
        format!("objectiveId={cyber}&inProctoringIframe=maybe"),
    ] {
        let response = app.api(&browser, "localhost", &format!("/api/bff/redirect?{query}")).await;
        assert_eq!(response.status(), StatusCode::BAD_REQUEST, "{query}");
        let body: Value = response.json().await.expect("problem");
        assert_eq!(body["error"], "bad_request", "{query}: {body}");
    }
}
