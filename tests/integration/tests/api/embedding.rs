//! Embedding and response headers: `frame-ancestors` from the tenant's parent origins, the
//! cookies of cross-site embedding tenants, security headers on representative answers, and
//! the request-head limit.

use reqwest::{StatusCode, header::SET_COOKIE};

use crate::helpers::TestApp;

/// Tenant `embed` (plain-http loopback) and tenant `secure` (https, never signs in here: its
/// issuer is only named), both embedded by a page of another site.
async fn app_with_embedding_tenants() -> TestApp {
    TestApp::builder()
        .config_with(|sandbox| {
            format!(
                r#"
[tenants.embed]
hosts = ["embed.localhost"]
allow_http_loopback = true
cross_site_embedding = true
api_url = "{sandbox}t/acme/api/"
[tenants.embed.oidc]
issuer = "{sandbox}t/acme/idp"
client_id = "learner-portal"
client_secret = "demo-secret"
[tenants.embed.ui]
parent_origins = ["https://intranet.partner.example", "https://lms.partner.example:8443"]

[tenants.secure]
hosts = ["portal.example"]
cross_site_embedding = true
api_url = "https://127.0.0.1:1/api/"
[tenants.secure.oidc]
issuer = "https://127.0.0.1:1/idp"
client_id = "learner-portal"
[tenants.secure.ui]
parent_origins = ["https://intranet.partner.example"]
"#
            )
        })
        .spawn()
        .await
}

fn set_cookies(response: &reqwest::Response) -> Vec<String> {
    response.headers().get_all(SET_COOKIE).iter().map(|v| v.to_str().expect("ascii").to_string()).collect()
}

#[tokio::test]
async fn parent_origins_become_frame_ancestors_and_reach_the_client_config() {
    let app = app_with_embedding_tenants().await;
    let browser = app.browser();
    for (host, ancestors) in [
        ("embed.localhost", "frame-ancestors 'self' https://intranet.partner.example https://lms.partner.example:8443"),
        ("localhost", "frame-ancestors 'self'"),
    ] {
        let page = browser.get(app.url(host, "/learn/")).send().await.expect("page");
        let csp = page.headers()["content-security-policy"].to_str().expect("ascii").to_string();
        assert!(csp.ends_with(ancestors), "{host}: {csp}");
        assert!(csp.contains("script-src 'self';"), "no inline script: {csp}");
    }
    let config: serde_json::Value = browser
        .get(app.url("embed.localhost", "/config-ui/config.json"))
        .send()
        .await
        .expect("config")
        .json()
        .await
        .expect("json");
    assert_eq!(
        config["parentOrigins"],
        serde_json::json!(["https://intranet.partner.example", "https://lms.partner.example:8443"])
    );
}

#[tokio::test]
async fn cross_site_tenants_get_partitioned_cookies_over_https_and_on_plain_http_loopback() {
    let app = app_with_embedding_tenants().await;
    let browser = app.browser();
    // https tenant: `__Host-` names, SameSite=None, Partitioned, Secure.
    let logout = browser
        .post(app.url("portal.example", "/oidc/logout"))
        .header("origin", format!("https://portal.example:{}", app.port))
        .send()
        .await
        .expect("logout");
    assert_eq!(
        set_cookies(&logout),
        ["__Host-lp_session=; HttpOnly; SameSite=None; Partitioned; Secure; Path=/; Max-Age=0"]
    );
    assert_eq!(logout.headers()["strict-transport-security"], "max-age=31536000; includeSubDomains");
    let callback = browser
        .get(app.url("portal.example", "/oidc/callback?state=abcdefgh12345678&code=x"))
        .header("cookie", "__Host-lp_login=abcdefgh12345678")
        .send()
        .await
        .expect("callback");
    assert_eq!(
        set_cookies(&callback),
        ["__Host-lp_login=; HttpOnly; SameSite=None; Partitioned; Secure; Path=/; Max-Age=0"],
        "an unknown login is forgotten with the same attributes"
    );
    // Plain-http loopback: the same attributes (Chromium keeps Secure cookies of loopback hosts
    // over http), without the `__Host-` prefix, which needs https. Never Lax.
    let login = browser.get(app.url("embed.localhost", "/oidc/login")).send().await.expect("login");
    let cookies = set_cookies(&login);
    assert_eq!(cookies.len(), 1);
    assert!(cookies[0].starts_with("lp_login="), "{cookies:?}");
    assert!(
        cookies[0].ends_with("; HttpOnly; SameSite=None; Partitioned; Secure; Path=/oidc; Max-Age=600"),
        "{cookies:?}"
    );
    let logout = browser
        .post(app.url("embed.localhost", "/oidc/logout"))
        .header("origin", app.url("embed.localhost", ""))
        .send()
        .await
        .expect("logout");
    assert_eq!(set_cookies(&logout), ["lp_session=; HttpOnly; SameSite=None; Partitioned; Secure; Path=/; Max-Age=0"]);
    // A tenant that is not embedded across sites keeps Lax cookies.
    let login = browser.get(app.url("localhost", "/oidc/login")).send().await.expect("login");
    let cookies = set_cookies(&login);
    assert!(cookies[0].ends_with("; HttpOnly; SameSite=Lax; Path=/oidc; Max-Age=600"), "{cookies:?}");
    let done = app.sign_in_response(&app.browser(), "localhost", "ada", None).await;
    let session = set_cookies(&done).into_iter().find(|c| c.starts_with("lp_session=")).expect("session cookie");
    assert!(session.ends_with("; HttpOnly; SameSite=Lax; Path=/"), "{session}");
}

#[tokio::test]
async fn every_answer_carries_the_security_headers() {
    let app = app_with_embedding_tenants().await;
    let browser = app.browser();
    let cases = [
        ("localhost", "/learn/", StatusCode::OK, false),
        ("localhost", "/learn/main.0123abcd.js", StatusCode::OK, false),
        ("localhost", "/api/bff/session", StatusCode::UNAUTHORIZED, true),
        ("localhost", "/api/bff/nothing-here", StatusCode::NOT_FOUND, true),
        ("localhost", "/oidc/login?provider=nope", StatusCode::FOUND, true),
        ("localhost", "/config-ui/config.json", StatusCode::OK, true),
        ("unknown.example", "/api/bff/session", StatusCode::MISDIRECTED_REQUEST, true),
        ("portal.example", "/api/bff/session", StatusCode::UNAUTHORIZED, true),
    ];
    for (host, path, status, no_store) in cases {
        // Plain-http loopback hosts name the gateway's port; https ones the default port.
        let host = if host == "localhost" { format!("localhost:{}", app.port) } else { host.to_string() };
        let host = host.as_str();
        let response = browser
            .get(app.url("localhost", path))
            .header("host", host)
            .header("x-requested-with", "XMLHttpRequest")
            .send()
            .await
            .expect("call");
        let h = response.headers();
        let what = format!("{host}{path}");
        assert_eq!(response.status(), status, "{what}");
        assert_eq!(h["x-content-type-options"], "nosniff", "{what}");
        assert_eq!(h["referrer-policy"], "same-origin", "{what}");
        let csp = h["content-security-policy"].to_str().expect("ascii");
        assert!(csp.contains("frame-ancestors") && !csp.contains("unsafe-inline"), "{what}: {csp}");
        // A JSON answer is never a page: nothing may load or run in it, nothing may frame it.
        let json = h.get("content-type").is_some_and(|t| t.to_str().is_ok_and(|t| t.contains("json")));
        assert_eq!(csp == "default-src 'none'; frame-ancestors 'none'", json, "{what}: {csp}");
        assert_eq!(h.get("cache-control").is_some_and(|v| v == "no-store"), no_store, "{what}");
        assert_eq!(h.contains_key("strict-transport-security"), host == "portal.example", "{what}: HSTS only on https");
    }
}

#[tokio::test]
async fn request_heads_over_the_configured_limit_get_431() {
    let app = app_with_embedding_tenants().await;
    let browser = app.browser();
    let call = |size: usize| {
        browser.get(app.url("localhost", "/config-ui/config.json")).header("x-padding", "a".repeat(size)).send()
    };
    assert_eq!(call(12_000).await.expect("call").status(), StatusCode::OK, "under the default 16384 bytes");
    let response = call(17_000).await.expect("call");
    assert_eq!(response.status(), StatusCode::REQUEST_HEADER_FIELDS_TOO_LARGE);
    assert_eq!(response.headers()["content-type"], "application/problem+json");
    assert_eq!(response.headers()["x-content-type-options"], "nosniff");
    let body: serde_json::Value = response.json().await.expect("json");
    assert_eq!(body["error"], "request_header_fields_too_large");
    assert_eq!(body["status"], 431);
    assert!(body["detail"].as_str().expect("detail").contains("at most 16384"), "{body}");
}
