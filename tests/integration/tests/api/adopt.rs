//! The sign-in handoff to a portal framed by a page of another site: `/oidc/login?parentOrigin=`,
//! the popup's handoff page, and `POST /api/bff/session/adopt` (single use, expiry, tenant
//! binding, anti-forgery rules, two instances over Redis, shared logout).
//!
//! The popup is a cookie-keeping client that signs in through the sandbox issuer's real form;
//! the frame is a separate client without cookies (its own jar), sending what it was given.

use base64::{Engine, engine::general_purpose::STANDARD};
use reqwest::{StatusCode, header::SET_COOKIE};
use scraper::{Html, Selector};
use serde_json::{Value, json};
use sha2::{Digest, Sha256};

use crate::{
    helpers::{TestApp, TestAppBuilder, location, plain_client, urlencode},
    redis_server::RedisServer,
};

/// The example parent page's origin, configured for acme here as in the demo.
const PARENT: &str = "http://127.0.0.1:8090";

/// Acme framed by other sites (`PARENT` and one more).
fn embedding<'a>() -> TestAppBuilder<'a> {
    TestApp::builder().config(format!(
        "[tenants.acme]\ncross_site_embedding = true\n[tenants.acme.ui]\n\
         parent_origins = [\"{PARENT}\", \"https://intranet.partner.example\"]\n"
    ))
}

fn set_cookies(response: &reqwest::Response) -> Vec<String> {
    response.headers().get_all(SET_COOKIE).iter().map(|v| v.to_str().expect("ascii").to_string()).collect()
}

/// `name=value` of the `lp_session` cookie a response sets.
fn session_pair(cookies: &[String]) -> Option<String> {
    cookies.iter().find(|c| c.starts_with("lp_session=")).and_then(|c| c.split(';').next()).map(String::from)
}

/// Signs ada in on `host` the way the parent's popup does: `/oidc/login` with a return page and
/// `parentOrigin`, the issuer's real form, then the callback; answers the callback's response.
async fn popup_sign_in(app: &TestApp, popup: &reqwest::Client, host: &str, parent: Option<&str>) -> reqwest::Response {
    let mut login =
        format!("{}?redirectUrl={}", app.url(host, "/oidc/login"), urlencode(&app.url(host, "/learn/courses")));
    if let Some(parent) = parent {
        login.push_str(&format!("&parentOrigin={}", urlencode(parent)));
    }
    let to_issuer = popup.get(&login).send().await.expect("login");
    assert_eq!(to_issuer.status(), StatusCode::FOUND, "login answers a redirect");
    let back = app.submit_credentials(popup, &location(to_issuer.headers()), "ada", "demo").await;
    assert_eq!(back.status(), StatusCode::FOUND, "the issuer redirects back after sign-in");
    popup.get(location(back.headers())).send().await.expect("callback")
}

/// What the popup's handoff page carries.
struct Handoff {
    code: String,
    /// The popup's own `lp_session=...`.
    popup_cookie: String,
}

/// Checks the callback's answer is the handoff page for `parent`, and reads it.
async fn read_handoff(callback: reqwest::Response, parent: &str) -> Handoff {
    assert_eq!(callback.status(), StatusCode::OK, "the handoff page, not a redirect");
    let h = callback.headers();
    assert_eq!(h["content-type"], "text/html; charset=utf-8");
    assert_eq!(h["cache-control"], "no-store");
    assert_eq!(h["x-frame-options"], "DENY");
    let csp = h["content-security-policy"].to_str().expect("ascii").to_string();
    let cookies = set_cookies(&callback);
    let popup_cookie = session_pair(&cookies).expect("the popup's session cookie is set as usual");
    let session_cookie = cookies.iter().find(|c| c.starts_with("lp_session=")).expect("session cookie");
    assert!(session_cookie.ends_with("; HttpOnly; SameSite=None; Partitioned; Secure; Path=/"), "{session_cookie}");
    let body = callback.text().await.expect("html");
    let doc = Html::parse_document(&body);
    let data = doc.select(&Selector::parse("script#handoff").expect("selector")).next().expect("the data block");
    assert_eq!(data.value().attr("type"), Some("application/json"), "data, never run");
    let data: Value = serde_json::from_str(&data.text().collect::<String>()).expect("json");
    let scripts: Vec<String> = doc
        .select(&Selector::parse("script:not([type])").expect("selector"))
        .map(|s| s.text().collect::<String>())
        .collect();
    assert_eq!(scripts.len(), 1, "one script runs: {body}");
    // The policy allows exactly that script (by its hash), nothing else, and no framing.
    let hash = STANDARD.encode(Sha256::digest(scripts[0].as_bytes()));
    assert_eq!(
        csp,
        format!(
            "default-src 'none'; script-src 'sha256-{hash}'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
        )
    );
    assert!(
        scripts[0].contains(
            "window.opener.postMessage({ type: \"learner-portal:signed-in\", code: data.code }, data.parentOrigin)"
        ),
        "{}",
        scripts[0]
    );
    assert!(scripts[0].contains("window.close()"), "{}", scripts[0]);
    assert!(!body.contains('*'), "never a wildcard target origin: {body}");
    assert_eq!(data["parentOrigin"], parent, "target origin exactly the parent's");
    // Without an opener the page says so in words and links to the portal.
    assert!(body.contains("You are signed in"), "{body}");
    let link = doc.select(&Selector::parse("main a").expect("selector")).next().expect("a link");
    assert!(link.value().attr("href").is_some_and(|h| h.ends_with("/learn/courses")), "{body}");
    let code = data["code"].as_str().expect("a code").to_string();
    assert_eq!(code.len(), 43, "256 bits, base64url: {code}");
    assert!(code.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_'), "{code}");
    Handoff { code, popup_cookie }
}

/// The frame's call: `POST /api/bff/session/adopt` on `port` as the client makes it.
async fn adopt(port: u16, host: &str, body: Value) -> reqwest::Response {
    plain_client(port)
        .post(format!("http://{host}:{port}/api/bff/session/adopt"))
        .header("x-requested-with", "XMLHttpRequest")
        .header("origin", format!("http://{host}:{port}"))
        .json(&body)
        .send()
        .await
        .expect("adopt")
}

/// `GET /api/bff/session` on `port` with `cookie` only.
async fn session_view(port: u16, host: &str, cookie: &str) -> reqwest::Response {
    plain_client(port)
        .get(format!("http://{host}:{port}/api/bff/session"))
        .header("x-requested-with", "XMLHttpRequest")
        .header("cookie", cookie)
        .send()
        .await
        .expect("session")
}

/// Checks a refused adoption: 400 `invalid_adopt_code` problem, no cookie.
async fn assert_refused(response: reqwest::Response, what: &str) {
    assert_eq!(response.status(), StatusCode::BAD_REQUEST, "{what}");
    assert!(set_cookies(&response).is_empty(), "{what}: nothing is set");
    assert_eq!(response.headers()["content-type"], "application/problem+json", "{what}");
    let body: Value = response.json().await.expect("json");
    assert_eq!(body["error"], "invalid_adopt_code", "{what}: {body}");
    assert_eq!(body["title"], "The sign-in code cannot be used", "{what}");
    assert_eq!(body["status"], 400, "{what}");
}

/// Adopts `code` on the app's own gateway and answers the frame's `lp_session=...`.
async fn adopted_cookie(app: &TestApp, code: &str) -> String {
    let adopted = adopt(app.port, "localhost", json!({ "code": code })).await;
    assert_eq!(adopted.status(), StatusCode::NO_CONTENT);
    session_pair(&set_cookies(&adopted)).expect("the frame's session cookie")
}

#[tokio::test]
async fn a_popup_sign_in_hands_a_code_to_exactly_the_configured_parent_and_the_frame_adopts_it() {
    let app = embedding().spawn().await;
    let popup = app.browser();
    let handoff = read_handoff(popup_sign_in(&app, &popup, "localhost", Some(PARENT)).await, PARENT).await;
    let adopted = adopt(app.port, "localhost", json!({ "code": handoff.code })).await;
    assert_eq!(adopted.status(), StatusCode::NO_CONTENT);
    assert_eq!(adopted.headers()["cache-control"], "no-store");
    let cookies = set_cookies(&adopted);
    assert_eq!(cookies.len(), 1, "{cookies:?}");
    // The frame's own cookie, for the popup's (shared) session, with the cross-site attributes.
    assert_eq!(cookies[0], format!("{}; HttpOnly; SameSite=None; Partitioned; Secure; Path=/", handoff.popup_cookie));
    let frame_cookie = session_pair(&cookies).expect("cookie");
    let view = session_view(app.port, "localhost", &frame_cookie).await;
    assert_eq!(view.status(), StatusCode::OK);
    let view: Value = view.json().await.expect("json");
    assert_eq!(view["user"]["fullName"], "Ada Lovelace");
    assert_eq!(view["tenant"], "acme");
    let courses = app.api_with_cookie(&frame_cookie, "localhost", "/api/bff/my-courses").await;
    assert_eq!(courses.status(), StatusCode::OK, "the frame's views work");
    // The popup's own session works too (it is the same one).
    assert_eq!(app.api(&popup, "localhost", "/api/bff/session").await.status(), StatusCode::OK);
}

#[tokio::test]
async fn an_unconfigured_parent_origin_is_dropped_and_the_sign_in_ends_as_usual() {
    let app = embedding().spawn().await;
    let target = app.url("localhost", "/learn/courses");
    // Another site, and near misses of the configured origin: only an exact match counts.
    for parent in ["https://evil.example", "http://127.0.0.1:8090/", "http://127.0.0.1:8091", "HTTP://127.0.0.1:8090"] {
        let popup = app.browser();
        let done = popup_sign_in(&app, &popup, "localhost", Some(parent)).await;
        assert_eq!(done.status(), StatusCode::FOUND, "{parent}: a normal sign-in");
        assert_eq!(location(done.headers()), target, "{parent}");
        let session = set_cookies(&done).into_iter().find(|c| c.starts_with("lp_session=")).expect("session");
        assert!(session.ends_with("; SameSite=None; Partitioned; Secure; Path=/"), "{session}");
        let body = done.text().await.expect("body");
        assert!(!body.contains("learner-portal:signed-in"), "{parent}: no handoff page");
    }
    // Without the parameter, too (the cookies are still the cross-site kind).
    let done = popup_sign_in(&app, &app.browser(), "localhost", None).await;
    assert_eq!(done.status(), StatusCode::FOUND);
    assert_eq!(location(done.headers()), target);
}

#[tokio::test]
async fn a_code_is_used_once_and_bad_codes_or_bodies_set_nothing() {
    let app = embedding().spawn().await;
    let handoff = read_handoff(popup_sign_in(&app, &app.browser(), "localhost", Some(PARENT)).await, PARENT).await;
    adopted_cookie(&app, &handoff.code).await;
    assert_refused(adopt(app.port, "localhost", json!({ "code": handoff.code })).await, "replayed").await;
    let unknown = "A".repeat(43);
    let long = "A".repeat(44);
    for (what, code) in
        [("unknown", unknown.as_str()), ("short", "abc"), ("too long", long.as_str()), ("not base64url", "a+b/c=")]
    {
        assert_refused(adopt(app.port, "localhost", json!({ "code": code })).await, what).await;
    }
    // Bodies that are no adoption: the usual 4xx problems, nothing set.
    let huge = "A".repeat(100_000);
    let bodies: [(&str, Option<String>, StatusCode); 5] = [
        ("no body", None, StatusCode::BAD_REQUEST),
        ("no code", Some("{}".into()), StatusCode::BAD_REQUEST),
        ("code not a string", Some(r#"{"code":5}"#.into()), StatusCode::BAD_REQUEST),
        ("unknown field", Some(format!(r#"{{"code":"{unknown}","more":1}}"#)), StatusCode::BAD_REQUEST),
        ("larger than commands.max_body_bytes", Some(format!(r#"{{"code":"{huge}"}}"#)), StatusCode::PAYLOAD_TOO_LARGE),
    ];
    let client = plain_client(app.port);
    for (what, body, status) in bodies {
        let mut request = client
            .post(app.url("localhost", "/api/bff/session/adopt"))
            .header("x-requested-with", "XMLHttpRequest")
            .header("content-type", "application/json");
        if let Some(body) = body {
            request = request.body(body);
        }
        let response = request.send().await.expect("adopt");
        assert_eq!(response.status(), status, "{what}");
        assert!(set_cookies(&response).is_empty(), "{what}");
        assert_eq!(response.headers()["content-type"], "application/problem+json", "{what}");
    }
    let not_json = client
        .post(app.url("localhost", "/api/bff/session/adopt"))
        .header("x-requested-with", "XMLHttpRequest")
        .body(format!("code={unknown}"))
        .send()
        .await
        .expect("adopt");
    assert_eq!(not_json.status(), StatusCode::UNSUPPORTED_MEDIA_TYPE);
    assert!(set_cookies(&not_json).is_empty());
}

#[tokio::test]
async fn an_expired_code_is_refused() {
    let app = embedding().config("[session]\nadopt_code_ttl_secs = 1\n").spawn().await;
    let handoff = read_handoff(popup_sign_in(&app, &app.browser(), "localhost", Some(PARENT)).await, PARENT).await;
    tokio::time::sleep(std::time::Duration::from_millis(1500)).await;
    assert_refused(adopt(app.port, "localhost", json!({ "code": handoff.code })).await, "after its 1 s").await;
    // The popup's session itself is fine.
    assert_eq!(session_view(app.port, "localhost", &handoff.popup_cookie).await.status(), StatusCode::OK);
}

#[tokio::test]
async fn a_code_made_on_one_tenant_adopts_nothing_on_another_and_is_spent() {
    let app = embedding().spawn().await;
    let handoff = read_handoff(popup_sign_in(&app, &app.browser(), "localhost", Some(PARENT)).await, PARENT).await;
    assert_refused(adopt(app.port, "globex.localhost", json!({ "code": handoff.code })).await, "on globex").await;
    assert_refused(adopt(app.port, "localhost", json!({ "code": handoff.code })).await, "tried once already").await;
}

#[tokio::test]
async fn adopt_follows_the_anti_forgery_rules() {
    let app = embedding().spawn().await;
    let handoff = read_handoff(popup_sign_in(&app, &app.browser(), "localhost", Some(PARENT)).await, PARENT).await;
    let client = plain_client(app.port);
    let url = app.url("localhost", "/api/bff/session/adopt");
    let body = json!({ "code": handoff.code });
    let cases = [
        ("without X-Requested-With", client.post(&url).header("origin", app.url("localhost", "")).json(&body)),
        (
            "from the parent's origin",
            client.post(&url).header("x-requested-with", "XMLHttpRequest").header("origin", PARENT).json(&body),
        ),
        (
            "from an opaque origin",
            client.post(&url).header("x-requested-with", "XMLHttpRequest").header("origin", "null").json(&body),
        ),
    ];
    for (what, request) in cases {
        let response = request.send().await.expect("adopt");
        assert_eq!(response.status(), StatusCode::FORBIDDEN, "{what}");
        assert!(set_cookies(&response).is_empty(), "{what}: nothing set");
        assert_eq!(response.headers()["content-type"], "application/problem+json", "{what}");
    }
    // Refused before the handler ran: the code is still good for the frame itself.
    adopted_cookie(&app, &handoff.code).await;
}

#[tokio::test]
async fn two_instances_over_redis_a_code_made_on_one_is_adopted_once_on_the_other() {
    let redis = RedisServer::start().await;
    let app = embedding().redis(&redis).spawn().await;
    let other = app.another_gateway().await;
    let handoff = read_handoff(popup_sign_in(&app, &app.browser(), "localhost", Some(PARENT)).await, PARENT).await;
    // Kept in Redis under a hashed name, sealed (the session id is not readable there).
    let keys = redis.keys("lp:adopt:*").await;
    assert_eq!(keys.len(), 1, "{keys:?}");
    assert!(!keys[0].contains(&handoff.code), "{keys:?}");
    let id = handoff.popup_cookie.trim_start_matches("lp_session=");
    let raw = redis.get(&keys[0]).await.expect("a value");
    assert!(raw.starts_with("a:") && !raw.contains(id), "sealed: {raw}");
    assert!(redis.pttl(&keys[0]).await <= 60_000, "lives at most 60 s");

    let on_b = adopt(other.port, "localhost", json!({ "code": handoff.code })).await;
    assert_eq!(on_b.status(), StatusCode::NO_CONTENT, "made on A, adopted on B");
    let frame_cookie = session_pair(&set_cookies(&on_b)).expect("cookie");
    assert_eq!(frame_cookie, handoff.popup_cookie, "the shared session");
    assert_eq!(session_view(other.port, "localhost", &frame_cookie).await.status(), StatusCode::OK);
    assert!(redis.keys("lp:adopt:*").await.is_empty(), "taken out of Redis");
    assert_refused(adopt(app.port, "localhost", json!({ "code": handoff.code })).await, "again on A").await;
    assert_refused(adopt(other.port, "localhost", json!({ "code": handoff.code })).await, "again on B").await;
}

#[tokio::test]
async fn concurrent_adoptions_of_one_code_succeed_once() {
    let redis = RedisServer::start().await;
    let app = embedding().redis(&redis).spawn().await;
    let other = app.another_gateway().await;
    let handoff = read_handoff(popup_sign_in(&app, &app.browser(), "localhost", Some(PARENT)).await, PARENT).await;
    let tries = (0..10).map(|i| {
        let port = if i % 2 == 0 { app.port } else { other.port };
        adopt(port, "localhost", json!({ "code": handoff.code }))
    });
    let statuses: Vec<StatusCode> = futures::future::join_all(tries).await.iter().map(|r| r.status()).collect();
    assert_eq!(statuses.iter().filter(|s| **s == StatusCode::NO_CONTENT).count(), 1, "{statuses:?}");
    assert_eq!(statuses.iter().filter(|s| **s == StatusCode::BAD_REQUEST).count(), 9, "{statuses:?}");
}

#[tokio::test]
async fn a_logout_in_the_frame_ends_the_popup_session_too() {
    let app = embedding().spawn().await;
    let popup = app.browser();
    let handoff = read_handoff(popup_sign_in(&app, &popup, "localhost", Some(PARENT)).await, PARENT).await;
    let frame_cookie = adopted_cookie(&app, &handoff.code).await;
    let logout = plain_client(app.port)
        .post(app.url("localhost", "/oidc/logout"))
        .header("origin", app.url("localhost", ""))
        .header("cookie", &frame_cookie)
        .send()
        .await
        .expect("logout");
    assert_eq!(logout.status(), StatusCode::FOUND);
    assert_eq!(set_cookies(&logout), ["lp_session=; HttpOnly; SameSite=None; Partitioned; Secure; Path=/; Max-Age=0"]);
    assert_eq!(session_view(app.port, "localhost", &frame_cookie).await.status(), StatusCode::UNAUTHORIZED);
    let popup_view = app.api(&popup, "localhost", "/api/bff/session").await;
    assert_eq!(popup_view.status(), StatusCode::UNAUTHORIZED, "the shared session is gone");

    // A code whose session ended before the frame used it adopts nothing.
    let again = app.browser();
    let handoff = read_handoff(popup_sign_in(&app, &again, "localhost", Some(PARENT)).await, PARENT).await;
    let popup_logout = again
        .post(app.url("localhost", "/oidc/logout"))
        .header("origin", app.url("localhost", ""))
        .send()
        .await
        .expect("logout");
    assert_eq!(popup_logout.status(), StatusCode::FOUND);
    assert_refused(adopt(app.port, "localhost", json!({ "code": handoff.code })).await, "session ended").await;
}

#[tokio::test]
async fn a_back_channel_logout_ends_the_adopted_session() {
    let app = embedding().spawn().await;
    let uri = url::Url::parse(&app.url("localhost", "/oidc/backchannel-logout")).expect("url");
    app.sandbox().set_backchannel_logout_uris("acme", vec![uri]);
    let popup = app.browser();
    let handoff = read_handoff(popup_sign_in(&app, &popup, "localhost", Some(PARENT)).await, PARENT).await;
    let frame_cookie = adopted_cookie(&app, &handoff.code).await;
    assert_eq!(session_view(app.port, "localhost", &frame_cookie).await.status(), StatusCode::OK);
    // The learner signs out at the issuer (in the popup's jar); it tells the gateway server to server.
    let ended = popup.get(format!("{}t/acme/idp/logout", app.sandbox_url)).send().await.expect("end session");
    assert_eq!(ended.status(), StatusCode::OK);
    let frame = session_view(app.port, "localhost", &frame_cookie).await;
    assert_eq!(frame.status(), StatusCode::UNAUTHORIZED, "the frame's session ended");
    let body: Value = frame.json().await.expect("json");
    assert_eq!(body["reason"], "none");
    assert_eq!(session_view(app.port, "localhost", &handoff.popup_cookie).await.status(), StatusCode::UNAUTHORIZED);
}
