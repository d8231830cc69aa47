//! Contract details: a body of the wrong media type is a 415 problem, as documented; a client's
//! `X-Request-Id` is kept only when short and plain, else replaced.

use reqwest::StatusCode;

use crate::helpers::{TestApp, signed_in};

#[tokio::test]
async fn a_command_body_that_is_not_json_is_a_415_problem() {
    let app = TestApp::builder().spawn().await;
    let ada = signed_in(&app, "ada").await;
    let response = ada
        .post(app.url("localhost", "/api/bff/profile/timezone"))
        .header("x-requested-with", "XMLHttpRequest")
        .header("content-type", "text/plain")
        .body(r#"{"timezone":"UTC"}"#)
        .send()
        .await
        .expect("post");
    assert_eq!(response.status(), StatusCode::UNSUPPORTED_MEDIA_TYPE);
    assert_eq!(response.headers()["content-type"], "application/problem+json");
}

#[tokio::test]
async fn only_short_plain_request_ids_are_kept() {
    let app = TestApp::builder().spawn().await;
    let client = app.browser();
    let echo = |id: String| {
        let request = client.get(app.url("localhost", "/healthz")).header("x-request-id", id);
        async move { request.send().await.expect("call").headers()["x-request-id"].to_str().expect("ascii").to_string() }
    };
    assert_eq!(echo("abc-123_x.y".into()).await, "abc-123_x.y");
    let long = "a".repeat(65);
    let replaced = echo(long.clone()).await;
    assert_ne!(replaced, long);
    assert_eq!(replaced.len(), 36, "a fresh UUID: {replaced}");
    let forged = echo("id\" injected=\"1".into()).await;
    assert_eq!(forged.len(), 36, "{forged}");
}

#[tokio::test]
async fn the_document_names_problem_answers_and_the_enforced_limits() {
    let app = TestApp::builder().spawn().await;
    let doc: serde_json::Value = app
        .browser()
        .get(app.url("localhost", "/api/bff/openapi.json"))
        .send()
        .await
        .expect("document")
        .json()
        .await
        .expect("json");
    let catalog = &doc["paths"]["/api/bff/public/catalog"]["get"];
    assert!(catalog["responses"]["400"]["content"]["application/problem+json"].is_object(), "{catalog}");
    assert!(catalog["responses"]["400"]["content"]["application/json"].is_null(), "{catalog}");
    let take = catalog["parameters"].as_array().expect("params").iter().find(|p| p["name"] == "take").expect("take");
    assert_eq!((&take["schema"]["minimum"], &take["schema"]["maximum"]), (&1.into(), &200.into()), "{take}");
    let from = &doc["paths"]["/api/bff/calendar"]["get"]["parameters"][0];
    assert_eq!(from["schema"]["format"], "date", "{from}");
    let ids = &doc["components"]["schemas"]["FinishActivitiesRequest"]["properties"]["activityWorkflowIds"];
    assert_eq!(ids["minItems"], 1, "{ids}");
    let timezone = &doc["paths"]["/api/bff/profile/timezone"]["post"]["responses"];
    assert!(timezone["415"]["content"]["application/problem+json"].is_object(), "{timezone}");
}
