//! Host → tenant, and sessions bound to their tenant.

use reqwest::StatusCode;

use crate::helpers::TestApp;

#[tokio::test]
async fn an_unknown_host_gets_421_and_nothing_else_runs() {
    let app = TestApp::builder().spawn().await;
    for path in ["/learn/", "/api/bff/session", "/oidc/login", "/config-ui/config.json"] {
        let response = app
            .browser()
            .get(app.url("localhost", path))
            .header("host", "unknown.example")
            .header("x-requested-with", "XMLHttpRequest")
            .send()
            .await
            .expect("call");
        assert_eq!(response.status(), StatusCode::MISDIRECTED_REQUEST, "{path}");
    }
}

#[tokio::test]
async fn each_host_gets_its_tenants_config() {
    let app = TestApp::builder().spawn().await;
    let browser = app.browser();
    for (host, tenant, name, catalog) in
        [("localhost", "acme", "Courses of acme", true), ("globex.localhost", "globex", "Courses of globex", false)]
    {
        let config: serde_json::Value = browser
            .get(app.url(host, "/config-ui/config.json"))
            .send()
            .await
            .expect("config")
            .json()
            .await
            .expect("json");
        assert_eq!(config["tenant"], tenant);
        assert_eq!(config["coursesName"], name);
        assert_eq!(config["catalogEnabled"], catalog);
        // The feedback form's comment limit is the events limit the gateway enforces.
        assert_eq!(config["feedbackCommentMaxChars"], 2000);
    }
}

#[tokio::test]
async fn a_session_of_one_tenant_is_refused_on_another_tenants_host() {
    let app = TestApp::builder().spawn().await;
    // The cookie jar scopes cookies by host, so present acme's cookie on globex's host by hand.
    let cookie = app.session_cookie("localhost", "ada").await;
    for (host, expected) in [("globex.localhost", StatusCode::UNAUTHORIZED), ("localhost", StatusCode::OK)] {
        let response = app
            .browser()
            .get(app.url(host, "/api/bff/session"))
            .header("x-requested-with", "XMLHttpRequest")
            .header("cookie", &cookie)
            .send()
            .await
            .expect("call");
        assert_eq!(response.status(), expected, "{host}");
    }
}

#[tokio::test]
async fn users_of_one_tenant_cannot_sign_in_at_another() {
    let app = TestApp::builder().spawn().await;
    let browser = app.browser();
    let authorize = app.start_login(&browser, "globex.localhost", None).await;
    assert!(authorize.contains("/t/globex/idp/"), "{authorize}");
    let response = app.submit_credentials(&browser, &authorize, "ada", "demo").await;
    assert_eq!(response.status(), StatusCode::UNAUTHORIZED);
    let landed = app.sign_in(&app.browser(), "globex.localhost", "linus", None).await;
    assert_eq!(landed, app.url("globex.localhost", "/learn/"));
}
