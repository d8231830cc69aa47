//! `/api/bff/email-answer`: the module of an e-mailed answer among ada's seeded courses.

use reqwest::StatusCode;
use serde_json::Value;

use crate::helpers::{ada, urlencode};

#[tokio::test]
async fn an_answer_to_one_of_ada_s_activities_names_its_module_and_result() {
    let (app, browser) = ada().await;
    let courses: Value = app.api(&browser, "localhost", "/api/bff/my-courses").await.json().await.expect("json");
    let tour = courses["items"]
        .as_array()
        .expect("items")
        .iter()
        .find(|c| c["name"] == "Activity Types Tour")
        .expect("the tour")
        .clone();
    // An activity of the tour with a record, read through the pass-through.
    let records_path = format!(
        "/api/lms/users/me/objective-workflow-aggregates/{}/activity-records/query",
        tour["aggregateId"].as_str().expect("aggregate")
    );
    let records: Value = app.api(&browser, "localhost", &records_path).await.json().await.expect("json");
    let record = records["data"].as_array().and_then(|d| d.first()).expect("a record of the tour").clone();
    let activity = record["activityId"].as_str().expect("activityId");

    let path = format!(
        "/api/bff/email-answer?activityId={activity}&answerId=a-1&answerText={}",
        urlencode("Paris, of course")
    );
    let response = app.api(&browser, "localhost", &path).await;
    assert_eq!(response.status(), StatusCode::OK);
    let view: Value = response.json().await.expect("json");
    assert_eq!(view["courseName"], "Activity Types Tour");
    assert_eq!(view["objectiveId"], tour["objectiveId"]);
    assert!(view["moduleName"].as_str().is_some_and(|n| !n.is_empty()), "{view}");
    assert_eq!(view["answerText"], "Paris, of course");
    assert_eq!(view["answerId"], "a-1");
    assert_eq!(view["correct"], record["passed"], "correct follows the module's record: {view}");
    assert_eq!(
        view["reviewLink"],
        format!("/courses/{}/view/content?viewType=REVIEW", tour["objectiveId"].as_str().expect("id"))
    );
}

#[tokio::test]
async fn unknown_modules_are_404_and_bad_queries_400() {
    let (app, browser) = ada().await;
    let unknown = "/api/bff/email-answer?activityId=0f0f0f0f-0f0f-4f0f-8f0f-0f0f0f0f0f0f&answerId=1";
    assert_eq!(app.api(&browser, "localhost", unknown).await.status(), StatusCode::NOT_FOUND, "Module not found");
    let long = format!(
        "/api/bff/email-answer?activityId=0f0f0f0f-0f0f-4f0f-8f0f-0f0f0f0f0f0f&answerText={}",
        "a".repeat(2001)
    );
    for bad in ["/api/bff/email-answer", "/api/bff/email-answer?activityId=nope", long.as_str()] {
        let response = app.api(&browser, "localhost", bad).await;
        assert_eq!(response.status(), StatusCode::BAD_REQUEST, "{bad}");
        let body: Value = response.json().await.expect("problem");
        assert!(body["detail"].is_string(), "{body}");
    }
}
