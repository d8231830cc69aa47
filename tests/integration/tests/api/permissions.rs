//! Permission routing (spec section 6) as `GET /api/bff/session` answers it for the demo users.

use reqwest::StatusCode;

use crate::helpers::{spawn_app, urlencode};

#[tokio::test]
async fn each_demo_user_is_sent_where_their_permissions_allow() {
    let app = spawn_app().await;
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
