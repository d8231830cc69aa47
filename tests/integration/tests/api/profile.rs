//! `/api/bff/profile`: the profile page of seeded users through the whole stack.

use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::helpers::TestApp;

async fn profile_of(app: &crate::helpers::TestApp, host: &str, user: &str) -> Value {
    let browser = app.browser();
    app.sign_in(&browser, host, user, None).await;
    let response = app.api(&browser, host, "/api/bff/profile").await;
    assert_eq!(response.status(), StatusCode::OK);
    response.json().await.expect("json")
}

#[tokio::test]
async fn ada_sees_her_name_primary_unit_privacy_link_and_time_zone() {
    let app = TestApp::builder()
        .config("[tenants.acme.ui]\nprivacy_policy_url = \"https://acme.example/privacy\"\n")
        .spawn()
        .await;
    let view = profile_of(&app, "localhost", "ada").await;
    assert_eq!(view["user"]["fullName"], "Ada Lovelace");
    assert_eq!(view["user"]["email"], "ada@acme.example");
    // Ada belongs to Engineering (primary) and Research Lab (not primary).
    assert_eq!(view["primaryUnit"]["name"], "Engineering", "{view}");
    assert!(view["primaryUnit"]["id"].is_string());
    assert_eq!(view["privacyPolicyUrl"], "https://acme.example/privacy");
    assert_eq!(view["timezone"], "Europe/London");
    assert_eq!(view["timezoneChosen"], true);
    assert_eq!(view["user"]["timezone"], "Europe/London");
}

#[tokio::test]
async fn without_a_privacy_link_the_field_is_absent_and_other_tenants_answer_their_users() {
    let app = TestApp::builder().spawn().await;
    let view = profile_of(&app, "globex.localhost", "linus").await;
    assert!(view["user"]["fullName"].as_str().is_some_and(|n| n.starts_with("Linus")), "{view}");
    assert_eq!(view["primaryUnit"]["name"], "Engineering");
    assert!(view.get("privacyPolicyUrl").is_none(), "{view}");
}

#[tokio::test]
async fn without_a_session_the_profile_is_401() {
    let app = TestApp::builder().spawn().await;
    let response = app.api(&app.browser(), "localhost", "/api/bff/profile").await;
    assert_eq!(response.status(), StatusCode::UNAUTHORIZED);
    let body: Value = response.json().await.expect("json");
    assert_eq!(body["error"], json!("unauthorized"));
}
