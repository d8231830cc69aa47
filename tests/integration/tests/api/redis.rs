//! Sessions in Redis: shared by instances, surviving restarts, sealed at rest, rotated keys,
//! Redis outages answered 503 (never a logout; the public course page answers as to a visitor),
//! and the write-back interval.

use reqwest::StatusCode;
use serde_json::Value;

use crate::{
    helpers::{TestApp, objective},
    redis_server::{KEY_A, KEY_B, RedisServer, redis_store_config},
};

#[tokio::test]
async fn sessions_survive_a_gateway_restart_with_redis() {
    let redis = RedisServer::start().await;
    let mut app = TestApp::builder().redis(&redis).spawn().await;
    let cookie = app.session_cookie("localhost", "ada").await;
    assert_eq!(app.api_with_cookie(&cookie, "localhost", "/api/bff/session").await.status(), StatusCode::OK);
    app.stop_gateway();
    let restarted = app.another_gateway().await;
    let session = restarted.api(&cookie, "localhost", "/api/bff/session").await;
    assert_eq!(session.status(), StatusCode::OK);
    let body: Value = session.json().await.expect("json");
    assert_eq!(body["tenant"], "acme");
}

#[tokio::test]
async fn two_instances_share_a_session_and_keep_it_to_its_tenant() {
    let redis = RedisServer::start().await;
    let app = TestApp::builder().redis(&redis).spawn().await;
    let other = app.another_gateway().await;
    let cookie = app.session_cookie("acme.localhost", "ada").await;
    let on_b = other.api(&cookie, "acme.localhost", "/api/bff/my-courses").await;
    assert_eq!(on_b.status(), StatusCode::OK, "signed in on A, used on B");
    let foreign = other.api(&cookie, "globex.localhost", "/api/bff/session").await;
    assert_eq!(foreign.status(), StatusCode::UNAUTHORIZED, "another tenant's cookie is no session");
    let body: Value = foreign.json().await.expect("json");
    assert_eq!(body["reason"], "none");
    assert_eq!(other.api(&cookie, "acme.localhost", "/api/bff/session").await.status(), StatusCode::OK);
}

#[tokio::test]
async fn sessions_are_sealed_at_rest_under_hashed_names() {
    let redis = RedisServer::start().await;
    let app = TestApp::builder().redis(&redis).spawn().await;
    let cookie = app.session_cookie("localhost", "ada").await;
    let id = cookie.trim_start_matches("lp_session=").to_string();
    let session: Value =
        app.api_with_cookie(&cookie, "localhost", "/api/bff/session").await.json().await.expect("json");
    let email = session["user"]["email"].as_str().expect("email").to_string();
    let keys = redis.keys("*").await;
    assert!(keys.iter().all(|k| !k.contains(&id)), "no session id in key names: {keys:?}");
    let session_keys: Vec<&String> = keys.iter().filter(|k| k.starts_with("lp:session:")).collect();
    assert_eq!(session_keys.len(), 1, "{keys:?}");
    let raw = redis.get(session_keys[0]).await.expect("a value");
    assert!(raw.starts_with("a:"), "sealed with key a: {}", &raw[..10]);
    // A JWT shows as `.eyJ` (its claims, `{"`, after the header). The sealed value is base64url,
    // which never holds a `.`; a bare `eyJ` turns up by chance in about one sealed session of 75
    // (3,400 characters, each start a 1 in 64³ match).
    for secret in [".eyJ", &id, &email, "access_token", "refresh_token"] {
        assert!(!raw.contains(secret), "`{secret}` readable in the stored value");
    }
}

#[tokio::test]
async fn rotated_keys_open_old_sessions_and_seal_new_writes_with_the_first_key() {
    let redis = RedisServer::start().await;
    let old = redis_store_config(&redis, &format!("a:{KEY_A}"), "touch_write_interval_secs = 0");
    let mut app = TestApp::builder().config(&old).spawn().await;
    let cookie = app.session_cookie("localhost", "ada").await;
    let key = redis.keys("lp:session:*").await.pop().expect("a session");
    assert!(redis.get(&key).await.expect("value").starts_with("a:"));
    app.stop_gateway();
    let rotated = app
        .gateway_with(&redis_store_config(&redis, &format!("b:{KEY_B},a:{KEY_A}"), "touch_write_interval_secs = 0"))
        .await;
    assert_eq!(rotated.api(&cookie, "localhost", "/api/bff/session").await.status(), StatusCode::OK, "old key opens");
    assert!(redis.get(&key).await.expect("value").starts_with("b:"), "the write-back used the new key");
    rotated.stop();
    // A gateway that no longer has key `b` cannot open the session: it is no session there.
    let without_b = app.gateway_with(&old).await;
    assert_eq!(without_b.api(&cookie, "localhost", "/api/bff/session").await.status(), StatusCode::UNAUTHORIZED);
}

#[tokio::test]
async fn redis_down_is_503_never_a_logout_and_redis_back_works_without_a_restart() {
    let mut redis = RedisServer::start().await;
    let app = TestApp::builder().redis(&redis).spawn().await;
    let cookie = app.session_cookie("localhost", "ada").await;
    redis.stop();
    let ready = app.browser().get(app.url("localhost", "/readyz")).send().await.expect("readyz");
    assert_eq!(ready.status(), StatusCode::SERVICE_UNAVAILABLE);
    let api = app.api_with_cookie(&cookie, "localhost", "/api/bff/my-courses").await;
    assert_eq!(api.status(), StatusCode::SERVICE_UNAVAILABLE, "not 401");
    assert_eq!(api.headers()["content-type"], "application/problem+json");
    let body: Value = api.json().await.expect("json");
    assert_eq!(body["error"], "unavailable");
    assert!(body["detail"].as_str().is_some_and(|d| d.contains("try again")), "{body}");
    // The public course page needs no session: it still answers, as to a visitor.
    let public = format!("/api/bff/public/catalog/{}", objective("Secure Coding 101"));
    let course = app.api_with_cookie(&cookie, "localhost", &public).await;
    assert_eq!(course.status(), StatusCode::OK);
    let course: Value = course.json().await.expect("json");
    assert!(course.get("openLink").is_none(), "{course}");

    redis.start_again().await;
    let mut ready = StatusCode::SERVICE_UNAVAILABLE;
    for _ in 0..50 {
        ready = app.browser().get(app.url("localhost", "/readyz")).send().await.expect("readyz").status();
        if ready == StatusCode::OK {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    assert_eq!(ready, StatusCode::OK, "ready again once Redis is back");
    // Redis came back empty (no persistence): the old session is gone, a new one works.
    let gone = app.api_with_cookie(&cookie, "localhost", "/api/bff/session").await;
    assert_eq!(gone.status(), StatusCode::UNAUTHORIZED);
    let cookie = app.session_cookie("localhost", "ada").await;
    assert_eq!(app.api_with_cookie(&cookie, "localhost", "/api/bff/my-courses").await.status(), StatusCode::OK);
    let course: Value = app.api_with_cookie(&cookie, "localhost", &public).await.json().await.expect("json");
    assert!(course["openLink"].is_string(), "the session is read from Redis again: {course}");
}

#[tokio::test]
async fn last_seen_is_written_back_only_once_per_interval() {
    let redis = RedisServer::start().await;
    let app = TestApp::builder()
        .config(redis_store_config(&redis, &format!("a:{KEY_A}"), "touch_write_interval_secs = 2"))
        .spawn()
        .await;
    let cookie = app.session_cookie("localhost", "ada").await;
    let key = redis.keys("lp:session:*").await.pop().expect("a session");
    let idle_ms = 7_200_000;
    // Interval 2 s: a request 1.5 s after sign-in leaves the entry alone, one 2.5 s after rewrites it.
    tokio::time::sleep(std::time::Duration::from_millis(1500)).await;
    assert_eq!(app.api_with_cookie(&cookie, "localhost", "/api/bff/session").await.status(), StatusCode::OK);
    let ttl = redis.pttl(&key).await;
    assert!(ttl <= idle_ms - 1400, "a request within the interval does not write: {ttl}");
    tokio::time::sleep(std::time::Duration::from_millis(1000)).await;
    assert_eq!(app.api_with_cookie(&cookie, "localhost", "/api/bff/session").await.status(), StatusCode::OK);
    let ttl = redis.pttl(&key).await;
    assert!(ttl > idle_ms - 1000, "a request past the interval slides the expiry: {ttl}");
}
