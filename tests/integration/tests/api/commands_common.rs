//! What the command tests share: a signed-in browser, POSTing a command the way the client
//! does, seeded course ids, and the My courses card of a course.

use std::time::Duration;

use reqwest::StatusCode;
use serde_json::Value;

use crate::helpers::{TestApp, spawn_app_with_toml};

/// The gateway's `[commands]` table of the command tests: short waits so the suite stays fast,
/// with `overrides` (key, value) replacing keys.
fn commands_toml(overrides: &[(&str, u64)]) -> String {
    let mut keys = vec![
        ("poll_interval_ms", 50),
        ("poll_timeout_ms", 5000),
        ("enroll_poll_attempts", 20),
        ("enroll_poll_interval_ms", 100),
    ];
    for (key, value) in overrides {
        keys.retain(|(k, _)| k != key);
        keys.push((key, *value));
    }
    let lines: String = keys.iter().map(|(k, v)| format!("{k} = {v}\n")).collect();
    format!("[commands]\n{lines}")
}

/// A sandbox whose commands run after 20 ms and enrolments show at once, and a gateway with
/// short command waits (`overrides` as in [`commands_toml`]).
pub(crate) async fn fast_app(overrides: &[(&str, u64)]) -> TestApp {
    fast_app_with(|_| {}, overrides).await
}

/// Like [`fast_app`], with the sandbox's config adjusted after the fast defaults.
pub(crate) async fn fast_app_with(
    adjust: impl FnOnce(&mut lms_sandbox::SandboxConfig),
    overrides: &[(&str, u64)],
) -> TestApp {
    spawn_app_with_toml(
        |c| {
            c.command_delay = Duration::from_millis(20);
            c.enrollment_delay = (Duration::ZERO, Duration::ZERO);
            adjust(c);
        },
        &commands_toml(overrides),
    )
    .await
}

/// A browser signed in as `user` on acme.
pub(crate) async fn signed_in(app: &TestApp, user: &str) -> reqwest::Client {
    let browser = app.browser();
    app.sign_in(&browser, "localhost", user, None).await;
    browser
}

/// POSTs a command (with the CSRF header and a same-origin `Origin`), answering the status and
/// the JSON body.
pub(crate) async fn post(
    app: &TestApp,
    browser: &reqwest::Client,
    path: &str,
    body: Option<Value>,
) -> (StatusCode, Value) {
    let mut request = browser
        .post(app.url("localhost", path))
        .header("x-requested-with", "XMLHttpRequest")
        .header("origin", app.url("localhost", ""));
    if let Some(body) = body {
        request = request.json(&body);
    }
    let response = request.send().await.expect("command");
    let status = response.status();
    let text = response.text().await.expect("body");
    (status, serde_json::from_str(&text).unwrap_or(Value::String(text)))
}

/// The id of ada's seeded course `name` in acme.
pub(crate) fn objective(name: &str) -> String {
    lms_sandbox::seed::id("objective", &format!("acme/{name}")).to_string()
}

/// The My courses card of `name`, if listed.
pub(crate) async fn card(app: &TestApp, browser: &reqwest::Client, name: &str) -> Option<Value> {
    let response = app.api(browser, "localhost", "/api/bff/my-courses?take=200").await;
    assert_eq!(response.status(), StatusCode::OK);
    let view: Value = response.json().await.expect("json");
    view["items"].as_array().expect("items").iter().find(|c| c["name"] == name).cloned()
}
