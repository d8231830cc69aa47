//! `/oidc/login` and `/oidc/callback`.

use reqwest::{StatusCode, header::SET_COOKIE};

use crate::{
    helpers::{TestApp, ada, location, session_cookie_of},
    metrics::{sample, scrape},
};

#[tokio::test]
async fn sign_in_walks_through_the_issuer_and_returns_to_the_page_asked_for() {
    let app = TestApp::builder().spawn().await;
    let browser = app.browser();
    let target = app.url("localhost", "/learn/courses?keyword=data#top");
    let landed = app.sign_in(&browser, "localhost", "ada", Some(&target)).await;
    assert_eq!(landed, target);
    let session = app.api(&browser, "localhost", "/api/bff/session").await;
    assert_eq!(session.status(), StatusCode::OK);
    let body: serde_json::Value = session.json().await.expect("json");
    assert_eq!(body["user"]["fullName"], "Ada Lovelace");
    assert_eq!(body["tenant"], "acme");
    assert_eq!(body["idleTimeoutSeconds"], 7200);
}

#[tokio::test]
async fn login_redirects_to_the_issuer_with_pkce_state_and_nonce() {
    let app = TestApp::builder().spawn().await;
    let response = app.browser().get(app.url("localhost", "/oidc/login")).send().await.expect("login");
    assert_eq!(response.status(), StatusCode::FOUND);
    let cookie = response.headers().get(SET_COOKIE).expect("pending-login cookie").to_str().expect("ascii").to_string();
    let authorize = url::Url::parse(&location(response.headers())).expect("url");
    let query: std::collections::HashMap<_, _> = authorize.query_pairs().into_owned().collect();
    assert!(authorize.as_str().starts_with(&format!("{}t/acme/idp/authorize", app.sandbox_url)));
    assert_eq!(query["response_type"], "code");
    assert_eq!(query["client_id"], "learner-portal");
    assert_eq!(query["code_challenge_method"], "S256");
    assert_eq!(query["code_challenge"].len(), 43);
    assert!(query["state"].len() >= 16 && query["nonce"].len() >= 16);
    assert_eq!(query["redirect_uri"], app.url("localhost", "/oidc/callback"));
    assert!(query["scope"].split(' ').any(|s| s == "openid"));
    // The started login is sealed into the cookie: nothing of it (state, nonce, verifier,
    // return URL) can be read there.
    let (value, attributes) = cookie.split_once(';').expect("attributes");
    let entry = value.strip_prefix("lp_login=").expect("pending-login cookie");
    assert!(entry.len() > 100 && !entry.contains('.'), "one sealed login: {entry}");
    assert!(!entry.contains(&query["state"]) && !entry.contains(&query["nonce"]), "{entry}");
    assert_eq!(attributes, " HttpOnly; SameSite=Lax; Path=/oidc; Max-Age=600", "literal pending-login cookie");
}

#[tokio::test]
async fn session_cookie_is_host_only_httponly_lax_and_new_at_every_login() {
    let app = TestApp::builder().spawn().await;
    let browser = app.browser();
    let mut ids = Vec::new();
    for round in 0..2 {
        let done = if round == 0 {
            app.sign_in_response(&browser, "localhost", "ada", None).await
        } else {
            // The issuer remembers the first sign-in: the second login needs no form.
            let authorize = app.start_login(&browser, "localhost", None).await;
            let sso = browser.get(&authorize).send().await.expect("authorize");
            assert_eq!(sso.status(), StatusCode::FOUND, "issuer single sign-on");
            browser.get(location(sso.headers())).send().await.expect("callback")
        };
        let literal = done
            .headers()
            .get_all(SET_COOKIE)
            .iter()
            .filter_map(|v| v.to_str().ok())
            .find(|c| c.starts_with("lp_session="))
            .expect("session cookie")
            .to_string();
        let id = session_cookie_of(&done).expect("cookie").trim_start_matches("lp_session=").to_string();
        assert_eq!(id.len(), 43, "256-bit id in base64url");
        assert_eq!(literal, format!("lp_session={id}; HttpOnly; SameSite=Lax; Path=/"), "literal session cookie");
        ids.push(id);
    }
    assert_ne!(ids[0], ids[1], "a new session id at every login");
    // Signing in again ends the session the browser had: an id seen before is worth nothing.
    for (id, expected) in [(&ids[0], StatusCode::UNAUTHORIZED), (&ids[1], StatusCode::OK)] {
        let response = app
            .browser()
            .get(app.url("localhost", "/api/bff/session"))
            .header("x-requested-with", "XMLHttpRequest")
            .header("cookie", format!("lp_session={id}"))
            .send()
            .await
            .expect("session");
        assert_eq!(response.status(), expected);
    }
}

#[tokio::test]
async fn foreign_redirect_urls_land_on_the_client_home() {
    let app = TestApp::builder().spawn().await;
    for target in
        ["https://evil.example/learn/", "http://acme.localhost:1/learn/", "/learn/courses", "javascript:alert(1)"]
    {
        let browser = app.browser();
        let landed = app.sign_in(&browser, "localhost", "ada", Some(target)).await;
        assert_eq!(landed, app.url("localhost", "/learn/"), "{target}");
    }
}

#[tokio::test]
async fn a_callback_this_browser_did_not_start_creates_no_session() {
    let app = TestApp::builder().spawn().await;
    let attacker = app.browser();
    // The attacker starts a login and signs in, but hands the callback to the victim.
    let authorize = app.start_login(&attacker, "localhost", None).await;
    let back = app.submit_credentials(&attacker, &authorize, "grace", "demo").await;
    let callback = location(back.headers());
    // A victim with a login of their own under way starts over from the client home; one with
    // none at all gets the sign-in failure page (a browser that keeps no cookie looks the same).
    let started = app.browser();
    app.start_login(&started, "localhost", None).await;
    for (victim, landing) in [(started, "/learn/"), (app.browser(), "/learn/sign-in-failed?reason=no_cookie")] {
        let response = victim.get(&callback).send().await.expect("callback");
        assert_eq!(response.status(), StatusCode::FOUND);
        assert_eq!(location(response.headers()), app.url("localhost", landing));
        assert_eq!(session_cookie_of(&response), None);
        assert_eq!(app.api(&victim, "localhost", "/api/bff/session").await.status(), StatusCode::UNAUTHORIZED);
    }
}

/// Keeps the cookies of every site but the portal's (`localhost`), as a browser does whose
/// learner (or administrator) blocks this site's cookies.
struct RefusesPortalCookies(reqwest::cookie::Jar);

impl reqwest::cookie::CookieStore for RefusesPortalCookies {
    fn set_cookies(&self, headers: &mut dyn Iterator<Item = &reqwest::header::HeaderValue>, url: &reqwest::Url) {
        if url.host_str() != Some("localhost") {
            self.0.set_cookies(headers, url);
        }
    }

    fn cookies(&self, url: &reqwest::Url) -> Option<reqwest::header::HeaderValue> {
        self.0.cookies(url)
    }
}

/// A browser that keeps no cookie of the portal signs in at the issuer (which keeps its own
/// session, so single sign-on would sign it straight back in) and lands on the sign-in failure
/// page that says why, not on a page whose first call sends it round again: without the stop
/// it would go round for ever.
#[tokio::test]
async fn a_browser_that_keeps_no_cookie_of_the_portal_is_told_so_instead_of_going_round() {
    let app = TestApp::builder().spawn().await;
    let jar = std::sync::Arc::new(RefusesPortalCookies(reqwest::cookie::Jar::default()));
    let loopback = std::net::SocketAddr::from(([127, 0, 0, 1], app.port));
    let browser = reqwest::Client::builder()
        .cookie_provider(jar)
        .redirect(reqwest::redirect::Policy::none())
        .resolve("localhost", loopback)
        .build()
        .expect("client");
    let series = r#"gateway_sign_in_failures_total{tenant="acme",outcome="no_cookie"}"#;
    let target = app.url("localhost", "/learn/courses");
    let landed = app.sign_in(&browser, "localhost", "ada", Some(&target)).await;
    assert_eq!(landed, app.url("localhost", "/learn/sign-in-failed?reason=no_cookie"));
    // Signing in again: the issuer signs the browser in without its form, and it lands there again.
    let authorize = app.start_login(&browser, "localhost", Some(&target)).await;
    let sso = browser.get(&authorize).send().await.expect("authorize");
    assert_eq!(sso.status(), StatusCode::FOUND, "issuer single sign-on");
    let again = browser.get(location(sso.headers())).send().await.expect("callback");
    assert_eq!(location(again.headers()), app.url("localhost", "/learn/sign-in-failed?reason=no_cookie"));
    assert_eq!(again.headers()["cache-control"], "no-store");
    assert_eq!(sample(&scrape(&app).await, series), 2.0, "each counted");
}

#[tokio::test]
async fn wrong_password_keeps_the_user_on_the_sign_in_page() {
    let app = TestApp::builder().spawn().await;
    let browser = app.browser();
    let authorize = app.start_login(&browser, "localhost", None).await;
    let response = app.submit_credentials(&browser, &authorize, "ada", "wrong").await;
    assert_eq!(response.status(), StatusCode::UNAUTHORIZED);
    assert!(response.text().await.expect("html").contains("name=\"password\""), "the form is shown again");
}

#[tokio::test]
async fn prompt_login_asks_the_issuer_for_its_form_even_with_an_issuer_session() {
    let (app, browser) = ada().await;
    // The issuer still knows the browser: a plain login goes straight back with a code.
    let plain = app.start_login(&browser, "localhost", None).await;
    assert!(!plain.contains("prompt="), "{plain}");
    let at_issuer = browser.get(&plain).send().await.expect("authorize");
    assert_eq!(at_issuer.status(), StatusCode::FOUND, "single sign-on answers at once");

    let to_issuer = browser.get(app.url("localhost", "/oidc/login?prompt=login")).send().await.expect("login");
    let authorize = location(to_issuer.headers());
    assert!(authorize.contains("prompt=login"), "{authorize}");
    let form = browser.get(&authorize).send().await.expect("authorize");
    assert_eq!(form.status(), StatusCode::OK, "the sign-in form, not a code");
    assert!(form.text().await.expect("html").contains("name=\"password\""));

    // Any other value is ignored.
    let other = browser.get(app.url("localhost", "/oidc/login?prompt=none")).send().await.expect("login");
    assert!(!location(other.headers()).contains("prompt="));
}
