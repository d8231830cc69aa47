//! `POST /api/bff/profile/timezone`: saved only when different; bad names; the CSRF rules.

use reqwest::StatusCode;
use serde_json::json;

use crate::helpers::{TestApp, post, signed_in};

#[tokio::test]
async fn the_time_zone_is_saved_once_and_not_again_when_unchanged() {
    let app = TestApp::builder().fast_commands().spawn().await;
    let ada = signed_in(&app, "ada").await;
    let (status, body) = post(&app, &ada, "/api/bff/profile/timezone", Some(json!({ "timezone": "Asia/Tokyo" }))).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body, json!({ "timezone": "Asia/Tokyo", "changed": true }));
    let (status, body) = post(&app, &ada, "/api/bff/profile/timezone", Some(json!({ "timezone": "Asia/Tokyo" }))).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["changed"], false, "the upstream already has it: {body}");
    let (_, body) = post(&app, &ada, "/api/bff/profile/timezone", Some(json!({ "timezone": "Europe/Paris" }))).await;
    assert_eq!(body["changed"], true);
}

#[tokio::test]
async fn bad_time_zones_and_requests_are_refused_readably() {
    let app = TestApp::builder().fast_commands().spawn().await;
    let ada = signed_in(&app, "ada").await;
    // Names outside the IANA database are the gateway's to refuse: the platform would keep
    // `Not/AZone` (it checks the shape only) and every dated view would then fall back to UTC.
    for body in [
        json!({ "timezone": "" }),
        json!({ "timezone": "<script>" }),
        json!({ "timezone": "Nowhere" }),
        json!({ "timezone": "Not/AZone" }),
        json!({ "zone": "UTC" }),
        json!("UTC"),
    ] {
        let (status, answer) = post(&app, &ada, "/api/bff/profile/timezone", Some(body.clone())).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{body}: {answer}");
        assert_eq!(answer["error"], "bad_request", "{answer}");
    }
    let profile: serde_json::Value = app.api(&ada, "localhost", "/api/bff/profile").await.json().await.expect("json");
    assert!(
        profile["timezone"].is_string() && profile["timezone"] != "Not/AZone",
        "nothing refused is kept: {profile}"
    );
    // A name of the database the platform refuses (it knows zones with a slash and UTC only).
    let (status, answer) = post(&app, &ada, "/api/bff/profile/timezone", Some(json!({ "timezone": "Japan" }))).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "the upstream's refusal: {answer}");
    assert_eq!(answer["detail"], "`Japan` is not a time zone name");

    let url = app.url("localhost", "/api/bff/profile/timezone");
    let no_header = ada.post(&url).json(&json!({ "timezone": "UTC" })).send().await.expect("post");
    assert_eq!(no_header.status(), StatusCode::FORBIDDEN);
    let foreign = ada
        .post(&url)
        .header("x-requested-with", "XMLHttpRequest")
        .header("origin", "http://evil.example")
        .json(&json!({ "timezone": "UTC" }))
        .send()
        .await
        .expect("post");
    assert_eq!(foreign.status(), StatusCode::FORBIDDEN);
    let anonymous = app
        .browser()
        .post(&url)
        .header("x-requested-with", "XMLHttpRequest")
        .json(&json!({ "timezone": "UTC" }))
        .send()
        .await
        .expect("post");
    assert_eq!(anonymous.status(), StatusCode::UNAUTHORIZED);
}

#[tokio::test]
async fn the_session_view_follows_the_saved_time_zone() {
    let app = TestApp::builder().fast_commands().spawn().await;
    let ada = signed_in(&app, "ada").await;
    let (status, body) = post(&app, &ada, "/api/bff/profile/timezone", Some(json!({ "timezone": "Asia/Tokyo" }))).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let session: serde_json::Value = app.api(&ada, "localhost", "/api/bff/session").await.json().await.expect("json");
    assert_eq!(session["user"]["timezone"], "Asia/Tokyo", "the client's dates follow the session view");
}
