//! Several identity providers per tenant: `/oidc/login?provider=`, `login_hint`, the callback,
//! refresh and logout going to the provider the login used; no redirects followed at issuers;
//! the pending-login cap.

use std::{
    collections::BTreeMap,
    sync::{
        Arc,
        atomic::{AtomicUsize, Ordering},
    },
};

use lms_sandbox::idp::external::ExternalIssuer;
use reqwest::{StatusCode, header::SET_COOKIE};

use crate::helpers::{TestApp, free_port, location};

/// The sandbox's acme API also trusts globex's dev issuer (globex's `linus` acts as acme's
/// `grace`), and the gateway's acme tenant has that issuer as provider `partner`. Access tokens
/// live 20 s, so every API call refreshes (the gateway refreshes 30 s before expiry).
async fn app_with_partner_provider() -> TestApp {
    let sandbox_port = free_port();
    let partner = format!("http://127.0.0.1:{sandbox_port}/t/globex/idp");
    let globex = ExternalIssuer {
        tenant: "acme".into(),
        issuer: partner.clone(),
        jwks_uri: format!("{partner}/jwks").parse().expect("url"),
        audience: "learner-portal".into(),
        usernames: BTreeMap::from([(lms_sandbox::seed::id("user", "globex/linus").to_string(), "grace".into())]),
    };
    TestApp::builder()
        .sandbox(|c| {
            c.listen = ([127, 0, 0, 1], sandbox_port).into();
            c.access_token_ttl_secs = 20;
            c.external_issuers = vec![globex];
        })
        .config(format!(
            "[[tenants.acme.providers]]\nid = \"partner\"\nissuer = \"{partner}\"\nclient_id = \"learner-portal\"\nclient_secret = \"demo-secret\"\n"
        ))
        .spawn()
        .await
}

#[tokio::test]
async fn the_provider_parameter_picks_the_issuer_and_the_session_stays_with_it() {
    let app = app_with_partner_provider().await;
    let browser = app.browser();
    let login = browser
        .get(app.url("localhost", "/oidc/login?provider=partner&login_hint=linus%40globex.example"))
        .send()
        .await
        .expect("login");
    assert_eq!(login.status(), StatusCode::FOUND);
    let authorize = location(login.headers());
    assert!(authorize.starts_with(&format!("{}t/globex/idp/authorize?", app.sandbox_url)), "{authorize}");
    let query: BTreeMap<String, String> =
        url::Url::parse(&authorize).expect("url").query_pairs().into_owned().collect();
    assert_eq!(query["login_hint"], "linus@globex.example", "login_hint is passed through");

    let back = app.submit_credentials(&browser, &authorize, "linus", "demo").await;
    assert_eq!(back.status(), StatusCode::FOUND);
    let done = browser.get(location(back.headers())).send().await.expect("callback");
    assert_eq!(done.status(), StatusCode::FOUND, "the callback verified the partner's ID token");

    // Every call refreshes (20 s tokens): at the partner's token endpoint, or it would fail.
    for path in ["/api/bff/session", "/api/bff/my-courses", "/api/bff/session"] {
        let response = app.api(&browser, "localhost", path).await;
        assert_eq!(response.status(), StatusCode::OK, "{path}");
        if path == "/api/bff/session" {
            let body: serde_json::Value = response.json().await.expect("json");
            assert_eq!(body["user"]["fullName"], "Grace Hopper", "the partner's subject maps to grace");
            assert_eq!(body["tenant"], "acme");
        }
    }

    let logout = browser
        .post(app.url("localhost", "/oidc/logout"))
        .header("origin", app.url("localhost", ""))
        .send()
        .await
        .expect("logout");
    assert_eq!(logout.status(), StatusCode::FOUND);
    let end_session = location(logout.headers());
    assert!(end_session.starts_with(&format!("{}t/globex/idp/logout?", app.sandbox_url)), "{end_session}");
}

#[tokio::test]
async fn without_a_provider_the_default_issuer_is_used_and_unknown_providers_are_a_refused_sign_in() {
    let app = app_with_partner_provider().await;
    let browser = app.browser();
    for login in ["/oidc/login", "/oidc/login?provider=default"] {
        let response = browser.get(app.url("localhost", login)).send().await.expect("login");
        assert!(location(response.headers()).starts_with(&format!("{}t/acme/idp/authorize?", app.sandbox_url)));
    }
    // A page navigation: the learner reads the client's sign-in failure page, not a problem body.
    let response = browser.get(app.url("localhost", "/oidc/login?provider=nope")).send().await.expect("login");
    assert_eq!(response.status(), StatusCode::FOUND);
    assert_eq!(
        location(response.headers()),
        format!("http://localhost:{}/learn/sign-in-failed?reason=refused", app.port)
    );
    assert_eq!(response.headers()["cache-control"], "no-store");
    assert!(response.headers().get(SET_COOKIE).is_none(), "no pending login for a refused provider");
}

/// An issuer whose every answer is a 302 to a path it counts; the gateway must not go there.
async fn redirecting_issuer() -> (String, Arc<AtomicUsize>) {
    use axum::{Router, extract::State, http::Uri, response::Redirect};
    let followed = Arc::new(AtomicUsize::new(0));
    let app = Router::new()
        .route(
            "/moved/{*rest}",
            axum::routing::get(|State(n): State<Arc<AtomicUsize>>| async move {
                n.fetch_add(1, Ordering::SeqCst);
                "{}"
            }),
        )
        .fallback(|uri: Uri| async move { Redirect::to(&format!("/moved{}", uri.path())) })
        .with_state(followed.clone());
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.expect("bind");
    let url = format!("http://{}", listener.local_addr().expect("addr"));
    tokio::spawn(async move { axum::serve(listener, app).await });
    (url, followed)
}

#[tokio::test]
async fn a_redirecting_discovery_is_not_followed_and_the_login_fails_as_unavailable() {
    let (issuer, followed) = redirecting_issuer().await;
    let app = TestApp::builder()
        .config(format!(
            "[[tenants.acme.providers]]\nid = \"moved\"\nissuer = \"{issuer}\"\nclient_id = \"learner-portal\"\n"
        ))
        .spawn()
        .await;
    let response = app.browser().get(app.url("localhost", "/oidc/login?provider=moved")).send().await.expect("login");
    assert_eq!(response.status(), StatusCode::FOUND);
    assert_eq!(
        location(response.headers()),
        format!("http://localhost:{}/learn/sign-in-failed?reason=unavailable", app.port)
    );
    assert_eq!(response.headers()["cache-control"], "no-store");
    assert!(response.headers().get(SET_COOKIE).is_none(), "no pending login when the issuer failed");
    assert_eq!(followed.load(Ordering::SeqCst), 0, "the redirect was not followed");
}

#[tokio::test]
async fn one_browser_keeps_one_pending_login_cookie_with_the_newest_five_logins() {
    let app = TestApp::builder().spawn().await;
    let browser = app.browser();
    let mut authorizes = Vec::new();
    for tab in 1..=7 {
        let response = browser.get(app.url("localhost", "/oidc/login")).send().await.expect("login");
        let cookies: Vec<String> =
            response.headers().get_all(SET_COOKIE).iter().map(|v| v.to_str().expect("ascii").to_string()).collect();
        let authorize = location(response.headers());
        authorizes.push(authorize);
        // One cookie, holding the newest five logins (each sealed, so counted, not read).
        assert_eq!(cookies.len(), 1, "tab {tab}: {cookies:?}");
        let (value, attributes) = cookies[0].split_once(';').expect("attributes");
        let entries = value.strip_prefix("lp_login=").expect("pending-login cookie").split('.').count();
        assert_eq!(entries, tab.min(5), "tab {tab}: the newest five logins");
        assert_eq!(attributes, " HttpOnly; SameSite=Lax; Path=/oidc; Max-Age=600", "tab {tab}");
    }
    // The oldest login was pushed out: finishing it creates no session.
    let back = app.submit_credentials(&browser, &authorizes[0], "ada", "demo").await;
    let done = browser.get(location(back.headers())).send().await.expect("callback");
    assert_eq!(location(done.headers()), app.url("localhost", "/learn/"));
    assert!(crate::helpers::session_cookie_of(&done).is_none());
    // The newest one still signs in (the issuer remembers the user: no form this time).
    let sso = browser.get(&authorizes[6]).send().await.expect("authorize");
    let done = browser.get(location(sso.headers())).send().await.expect("callback");
    assert!(crate::helpers::session_cookie_of(&done).is_some(), "the newest login completes");
}
