//! `POST /oidc/backchannel-logout`: the issuer ends sessions server to server.

use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::{
    helpers::{TestApp, plain_client, session_cookie_of},
    redis_server::RedisServer,
};

const EVENT: &str = "http://schemas.openid.net/event/backchannel-logout";

#[tokio::test]
async fn logout_at_the_issuer_ends_the_session_on_every_instance() {
    let redis = RedisServer::start().await;
    let app = TestApp::builder().redis(&redis).spawn().await;
    let other = app.another_gateway().await;
    let uri = url::Url::parse(&app.url("acme.localhost", "/oidc/backchannel-logout")).expect("url");
    app.sandbox().set_backchannel_logout_uris("acme", vec![uri]);
    let discovery: Value = reqwest::get(format!("{}t/acme/idp/.well-known/openid-configuration", app.sandbox_url))
        .await
        .expect("discovery")
        .json()
        .await
        .expect("json");
    assert_eq!(discovery["backchannel_logout_supported"], true);
    assert_eq!(discovery["backchannel_logout_session_supported"], true);

    let browser = app.browser();
    let done = app.sign_in_response(&browser, "acme.localhost", "ada", None).await;
    let cookie = session_cookie_of(&done).expect("a session cookie");
    let bystander = app.session_cookie("acme.localhost", "grace").await;
    assert_eq!(other.api(&cookie, "acme.localhost", "/api/bff/session").await.status(), StatusCode::OK);

    // The user signs out at the issuer; it posts a logout token to instance A.
    let ended = browser.get(format!("{}t/acme/idp/logout", app.sandbox_url)).send().await.expect("end session");
    assert_eq!(ended.status(), StatusCode::OK);

    let on_b = other.api(&cookie, "acme.localhost", "/api/bff/session").await;
    assert_eq!(on_b.status(), StatusCode::UNAUTHORIZED, "gone on instance B too");
    let body: Value = on_b.json().await.expect("json");
    assert_eq!(body["reason"], "none");
    assert_eq!(
        app.api_with_cookie(&cookie, "acme.localhost", "/api/bff/session").await.status(),
        StatusCode::UNAUTHORIZED
    );
    assert_eq!(
        other.api(&bystander, "acme.localhost", "/api/bff/session").await.status(),
        StatusCode::OK,
        "another user's session stays"
    );
}

async fn post_logout_token(port: u16, host: &str, token: &str) -> reqwest::Response {
    plain_client(port)
        .post(format!("http://{host}:{port}/oidc/backchannel-logout"))
        .form(&[("logout_token", token)])
        .send()
        .await
        .expect("back-channel call")
}

#[tokio::test]
async fn bad_logout_tokens_are_refused_with_400_and_end_nothing() {
    let app = TestApp::builder().spawn().await;
    let cookie = app.session_cookie("localhost", "ada").await;
    let session: Value =
        app.api_with_cookie(&cookie, "localhost", "/api/bff/session").await.json().await.expect("json");
    let sub = session["user"]["id"].as_str().expect("user id").to_string();
    let sandbox = app.sandbox();
    let valid = || {
        let mut claims = sandbox.logout_token_claims("acme", &sub, "unknown-sid");
        if let Some(o) = claims.as_object_mut() {
            o.remove("sid");
        }
        claims
    };
    let with = |f: &dyn Fn(&mut serde_json::Map<String, Value>)| {
        let mut claims = valid();
        if let Some(o) = claims.as_object_mut() {
            f(o);
        }
        sandbox.sign_logout_token("acme", &claims).expect("signed")
    };
    let good = sandbox.sign_logout_token("acme", &valid()).expect("signed");
    let (head, rest) = good.split_once('.').expect("jwt");
    let (payload, _) = rest.split_once('.').expect("jwt");
    let now = time::OffsetDateTime::now_utc().unix_timestamp();
    let cases: Vec<(&str, String, &str)> = vec![
        ("bad signature", format!("{head}.{payload}.c2lnbmF0dXJl"), "signature"),
        ("wrong aud", with(&|o| drop(o.insert("aud".into(), json!("someone-else")))), "aud"),
        ("missing events", with(&|o| drop(o.remove("events"))), "event"),
        ("other event", with(&|o| drop(o.insert("events".into(), json!({"urn:other": {}})))), "event"),
        ("event not an object", with(&|o| drop(o.insert("events".into(), json!({EVENT: "yes"})))), "event"),
        ("nonce present", with(&|o| drop(o.insert("nonce".into(), json!("n")))), "nonce"),
        ("neither sid nor sub", with(&|o| drop(o.remove("sub"))), "neither sid nor sub"),
        ("expired iat", with(&|o| drop(o.insert("iat".into(), json!(now - 3600)))), "iat"),
        ("other issuer", with(&|o| drop(o.insert("iss".into(), json!("http://127.0.0.1:1/t/acme/idp")))), "issuer"),
        ("not a JWT", "not-a-jwt".into(), "JWT"),
        ("empty", String::new(), "logout_token"),
    ];
    for (name, token, part) in &cases {
        let response = post_logout_token(app.port, "localhost", token).await;
        assert_eq!(response.status(), StatusCode::BAD_REQUEST, "{name}");
        assert_eq!(response.headers()["cache-control"], "no-store", "{name}");
        assert_eq!(response.headers()["content-type"], "application/problem+json", "{name}");
        let body: Value = response.json().await.expect("json");
        assert!(body["detail"].as_str().is_some_and(|d| d.contains(part)), "{name}: {body}");
    }
    // A token of another tenant's issuer, sent to this tenant's host, does not verify here.
    let globex = sandbox.sign_logout_token("globex", &valid()).expect("signed");
    assert_eq!(post_logout_token(app.port, "localhost", &globex).await.status(), StatusCode::BAD_REQUEST);
    assert_eq!(app.api_with_cookie(&cookie, "localhost", "/api/bff/session").await.status(), StatusCode::OK);

    // The valid one (sub only) ends the user's sessions, once: a replay is refused.
    let ok = post_logout_token(app.port, "localhost", &good).await;
    assert_eq!(ok.status(), StatusCode::OK);
    assert_eq!(ok.headers()["cache-control"], "no-store");
    assert_eq!(app.api_with_cookie(&cookie, "localhost", "/api/bff/session").await.status(), StatusCode::UNAUTHORIZED);
    let replay = post_logout_token(app.port, "localhost", &good).await;
    assert_eq!(replay.status(), StatusCode::BAD_REQUEST, "jti replay");
}
