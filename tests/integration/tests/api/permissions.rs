//! Permission routing (spec section 6) as `GET /api/bff/session` answers it for the demo users.

use reqwest::StatusCode;

use crate::helpers::{TestApp, urlencode};

#[tokio::test]
async fn each_demo_user_is_sent_where_their_permissions_allow() {
    let app = TestApp::builder().spawn().await;
    for (user, kind, url) in [
        ("ada", "learner", "/learn/"),
        ("grace", "learner", "/learn/"),
        ("ken", "forbidden", "/learn/forbidden"),
        ("rosa", "platform", "/learn/platform"),
    ] {
        let browser = app.browser();
        app.sign_in(&browser, "localhost", user, None).await;
        let requested = urlencode(&app.url("localhost", "/learn/courses#chat=7"));
        let response = app.api(&browser, "localhost", &format!("/api/bff/session?requestedUrl={requested}")).await;
        assert_eq!(response.status(), StatusCode::OK, "{user}");
        let body: serde_json::Value = response.json().await.expect("json");
        assert_eq!(body["home"], serde_json::json!({ "kind": kind, "url": url }), "{user}");
    }
}

#[tokio::test]
async fn the_session_view_lists_the_navigation_items_each_user_may_see() {
    let toml = r#"
[tenants.acme.ui]
platform_features = ["research"]
research_projects_enabled = true
knowledge_models_enabled = true
portal_url = "/platform/"
rooms_enabled = true
nav_plugins = [{ label = "Help centre", url = "/help" }]
"#;
    let app = TestApp::builder().config(toml).spawn().await;
    for (user, navigation) in [
        ("ada", serde_json::json!({})),
        ("grace", serde_json::json!({ "portalUrl": "/platform/" })),
        // Research is a feature of the tenant and enabled; knowledge models are not a feature here.
        ("rosa", serde_json::json!({ "researchProjectsUrl": "/platform/research-projects?returnUrl=/" })),
    ] {
        let browser = app.browser();
        app.sign_in(&browser, "localhost", user, None).await;
        let body: serde_json::Value =
            app.api(&browser, "localhost", "/api/bff/session").await.json().await.expect("json");
        assert_eq!(body["navigation"], navigation, "{user}");
    }
    let config: serde_json::Value = app
        .browser()
        .get(app.url("localhost", "/config-ui/config.json"))
        .send()
        .await
        .expect("config")
        .json()
        .await
        .expect("json");
    assert_eq!(config["roomsEnabled"], true);
    assert_eq!(config["navPlugins"], serde_json::json!([{ "label": "Help centre", "url": "/help" }]));
}
