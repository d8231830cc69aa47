//! Interoperability with a certified OpenID provider: the `oidc-provider` npm package
//! (`tests/oidc-provider/server.mjs`, started under Node by the test) is acme's provider
//! `corporate`, and lms-sandbox's acme API trusts its JWKS. Sign-in through its form, the
//! session and real upstream data, refreshes with rotated refresh tokens, RP-initiated logout.

use std::{collections::BTreeMap, path::PathBuf, process::Stdio, time::Duration};

use lms_sandbox::idp::external::ExternalIssuer;
use reqwest::StatusCode;
use tokio::{
    io::{AsyncBufReadExt, BufReader},
    process::{Child, Command},
};
use url::Url;

use crate::helpers::{TestApp, free_port, location, sign_in_form};

const RESOURCE: &str = "urn:lms:api";

/// Starts the provider for a gateway on `gateway_port`; returns the process and its issuer URL.
async fn start_oidc_provider(gateway_port: u16) -> (Child, String) {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../oidc-provider");
    assert!(
        dir.join("node_modules/oidc-provider").exists(),
        "tests/oidc-provider has no node_modules: run scripts/install-deps.sh --test"
    );
    let mut child = Command::new("node")
        .arg("server.mjs")
        .current_dir(&dir)
        .env("PORT", "0")
        .env("REDIRECT_URI", format!("http://localhost:{gateway_port}/oidc/callback"))
        .env("POST_LOGOUT_REDIRECT_URI", format!("http://localhost:{gateway_port}/learn/"))
        .env("CLIENT_SECRET", "corp-secret")
        .env("API_RESOURCE", RESOURCE)
        .env("ACCESS_TOKEN_TTL", "20")
        .env("ACCOUNTS", r#"{"ada.corp": {"password": "corp-pass", "email": "ada@corp.example"}}"#)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .kill_on_drop(true)
        .spawn()
        .expect("starting node (is Node 20 installed?)");
    let stdout = child.stdout.take().expect("stdout");
    let mut lines = BufReader::new(stdout).lines();
    let issuer = tokio::time::timeout(Duration::from_secs(30), async {
        while let Some(line) = lines.next_line().await.expect("reading the provider's output") {
            if let Some(url) = line.strip_prefix("listening on ") {
                return url.to_string();
            }
        }
        panic!("oidc-provider exited before listening");
    })
    .await
    .expect("oidc-provider did not start within 30 s");
    (child, issuer)
}

/// Follows redirects by hand (the browser never does) from `url` until one leads to a URL
/// starting with `stop`; posts the provider's sign-in form when it shows it.
async fn walk_to(browser: &reqwest::Client, mut url: String, stop: &str, credentials: (&str, &str)) -> String {
    for _ in 0..10 {
        if url.starts_with(stop) {
            return url;
        }
        let response = browser.get(&url).send().await.expect("get");
        let response = if response.status() == StatusCode::OK {
            let html = response.text().await.expect("html");
            let (action, mut fields) = sign_in_form(&html, &url);
            fields.retain(|(name, _)| name != "username" && name != "password");
            fields.push(("username".into(), credentials.0.into()));
            fields.push(("password".into(), credentials.1.into()));
            browser.post(&action).form(&fields).send().await.expect("posting the sign-in form")
        } else {
            response
        };
        assert!(response.status().is_redirection(), "{url} answered {}", response.status());
        url = Url::parse(&url).expect("url").join(&location(response.headers())).expect("location").to_string();
    }
    panic!("no way to {stop}");
}

#[tokio::test]
async fn login_refresh_and_logout_against_a_certified_openid_provider() {
    let gateway_port = free_port();
    let (_provider, issuer) = start_oidc_provider(gateway_port).await;
    let corporate = ExternalIssuer {
        tenant: "acme".into(),
        issuer: issuer.clone(),
        jwks_uri: format!("{issuer}/jwks").parse().expect("url"),
        audience: RESOURCE.into(),
        usernames: BTreeMap::from([("ada.corp".to_string(), "ada".to_string())]),
    };
    let app = TestApp::builder()
        .sandbox(|c| c.external_issuers = vec![corporate])
        .gateway_port(gateway_port)
        .config(format!(
            "[[tenants.acme.providers]]\nid = \"corporate\"\nissuer = \"{issuer}\"\nclient_id = \"learner-portal\"\nclient_secret = \"corp-secret\"\n"
        ))
        .spawn()
        .await;
    let browser = app.browser();
    let callback = app.url("localhost", "/oidc/callback");

    // Sign in through the provider's own form.
    let login = browser.get(app.url("localhost", "/oidc/login?provider=corporate")).send().await.expect("login");
    assert_eq!(login.status(), StatusCode::FOUND);
    let authorize = location(login.headers());
    assert!(authorize.starts_with(&format!("{issuer}/auth?")), "{authorize}");
    let back = walk_to(&browser, authorize, &callback, ("ada.corp", "corp-pass")).await;
    let done = browser.get(&back).send().await.expect("callback");
    assert_eq!(done.status(), StatusCode::FOUND, "the gateway accepted the provider's ID token");
    assert_eq!(location(done.headers()), app.url("localhost", "/learn/"));

    // Session and real upstream data: the sandbox accepted the provider's JWT access token.
    // Access tokens live 20 s and the gateway refreshes 30 s before expiry, so each of these
    // calls refreshes with the refresh token the previous one got (rotation: reuse would fail).
    for round in 0..3 {
        let session = app.api(&browser, "localhost", "/api/bff/session").await;
        assert_eq!(session.status(), StatusCode::OK, "round {round}");
        let body: serde_json::Value = session.json().await.expect("json");
        assert_eq!(body["user"]["fullName"], "Ada Lovelace");
        assert_eq!(body["home"]["kind"], "learner");
        let courses = app.api(&browser, "localhost", "/api/bff/my-courses").await;
        assert_eq!(courses.status(), StatusCode::OK, "round {round}");
        let body: serde_json::Value = courses.json().await.expect("json");
        assert!(body["totalCount"].as_u64().expect("count") > 0, "{body}");
    }

    // RP-initiated logout at the provider's end_session with id_token_hint and the registered
    // post_logout_redirect_uri.
    let logout = browser
        .post(app.url("localhost", "/oidc/logout"))
        .header("origin", app.url("localhost", ""))
        .send()
        .await
        .expect("logout");
    let end_session = Url::parse(&location(logout.headers())).expect("url");
    assert!(end_session.as_str().starts_with(&format!("{issuer}/session/end?")), "{end_session}");
    let query: BTreeMap<String, String> = end_session.query_pairs().into_owned().collect();
    assert!(query.contains_key("id_token_hint"));
    assert_eq!(query["post_logout_redirect_uri"], app.url("localhost", "/learn/"));
    let confirm_page = browser.get(end_session.as_str()).send().await.expect("end session");
    assert_eq!(confirm_page.status(), StatusCode::OK);
    let html = confirm_page.text().await.expect("html");
    let (action, mut fields) = sign_in_form(&html, end_session.as_str());
    fields.push(("logout".into(), "yes".into()));
    let confirmed = browser.post(&action).form(&fields).send().await.expect("confirm");
    assert!(confirmed.status().is_redirection(), "{}", confirmed.status());
    assert!(location(confirmed.headers()).starts_with(&app.url("localhost", "/learn/")));
    assert_eq!(app.api(&browser, "localhost", "/api/bff/session").await.status(), StatusCode::UNAUTHORIZED);

    // The provider's session is over too: signing in again shows its form.
    let login = browser.get(app.url("localhost", "/oidc/login?provider=corporate")).send().await.expect("login");
    let to_interaction = browser.get(location(login.headers())).send().await.expect("authorize");
    assert!(location(to_interaction.headers()).starts_with("/interaction/"), "the provider asks to sign in again");
}
