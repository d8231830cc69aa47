//! Host → tenant, and sessions bound to their tenant.

use reqwest::{StatusCode, header::SET_COOKIE};

use crate::helpers::{TestApp, signed_in};

/// One path of each kind the gateway serves for a tenant: the client's pages and config, the
/// session, a sign-in start and callback, the public catalog, a view, a command and the
/// passthrough (most of them call the upstream or the issuer when they run).
const TENANT_PATHS: [(&str, &str); 9] = [
    ("GET", "/learn/"),
    ("GET", "/config-ui/config.json"),
    ("GET", "/api/bff/session"),
    ("GET", "/oidc/login"),
    ("GET", "/oidc/callback?code=c&state=s"),
    ("GET", "/api/bff/public/catalog"),
    ("GET", "/api/bff/my-courses"),
    ("POST", "/api/bff/profile/timezone"),
    ("GET", "/api/lms/users/me"),
];

#[tokio::test]
async fn an_unknown_host_gets_421_and_nothing_else_runs() {
    let app = TestApp::builder().spawn().await;
    // A signed-in browser, so a session cookie goes along and could be refreshed or replaced.
    let browser = signed_in(&app, "ada").await;
    app.clear_sandbox_requests().await;
    for (method, path) in TENANT_PATHS {
        let response = browser
            .request(method.parse().expect("method"), app.url("localhost", path))
            .header("host", "unknown.example")
            .header("x-requested-with", "XMLHttpRequest")
            .header("origin", "http://unknown.example")
            .send()
            .await
            .expect("call");
        assert_eq!(response.status(), StatusCode::MISDIRECTED_REQUEST, "{method} {path}");
        assert_eq!(response.headers().get(SET_COOKIE), None, "{method} {path} sets no cookie");
    }
    let log = app.sandbox_requests().await;
    assert_eq!(log["total"], 0, "nothing reached the upstream or the issuer: {log}");

    // The same calls on the tenant's own host do reach them: the log would have shown it.
    let public = app.api(&browser, "localhost", "/api/bff/public/catalog").await;
    assert_eq!(public.status(), StatusCode::OK);
    let log = app.sandbox_requests().await;
    assert!(log["total"].as_u64().is_some_and(|n| n > 0), "{log}");
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
