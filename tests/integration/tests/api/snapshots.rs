//! Snapshots of what the client reads: the OpenAPI document, one view of each screen and the
//! session behind the app shell, for ada on the sandbox clock fixed at `SEED_CLOCK`, so a
//! change to a view model's JSON shows up as a diff of a `.snap` file in `snapshots/` to review
//! (how to update them: `tests/integration/README.md`).
//!
//! The seed's ids are derived from names and its dates from the clock, so they are the same on
//! every run and stay in the snapshots; what a run chooses (ports, times read from the system
//! clock) is replaced by a placeholder.

use serde_json::Value;

use crate::helpers::{SEED_CLOCK, TestApp, get_ok, objective, plain_client, signed_in};

/// Compares `value` with the snapshot `name`, with this run's ports and the `redactions`
/// (insta selectors: what the system clock decides) replaced by placeholders.
fn assert_view(app: &TestApp, name: &str, value: &Value, redactions: &[(&str, &str)]) {
    let mut settings = insta::Settings::clone_current();
    settings.set_prepend_module_to_snapshot(false);
    // Keys in order whatever map serde_json builds, so only a changed view is a diff.
    settings.set_sort_maps(true);
    let sandbox_port = app.sandbox_url.port().expect("the sandbox's port");
    for (port, placeholder) in [(app.port, "[gateway port]"), (sandbox_port, "[sandbox port]")] {
        settings.add_filter(&format!(r":{port}\b"), format!(":{placeholder}"));
    }
    for (selector, placeholder) in redactions {
        settings.add_redaction(selector, *placeholder);
    }
    settings.bind(|| insta::assert_json_snapshot!(name, value));
}

/// Ada signed in on a gateway whose sandbox clock stands at [`SEED_CLOCK`].
async fn ada_on_the_seed_clock() -> (TestApp, reqwest::Client) {
    let app = TestApp::builder().seed_clock().spawn().await;
    let browser = signed_in(&app, "ada").await;
    (app, browser)
}

/// Ada's view at `path` against the snapshot `name`.
async fn assert_ada_s_view(name: &str, path: &str, redactions: &[(&str, &str)]) {
    let (app, browser) = ada_on_the_seed_clock().await;
    let view = get_ok(&app, &browser, path).await;
    assert_view(&app, name, &view, redactions);
}

/// A visitor's view at `path` (no session) against the snapshot `name`.
async fn assert_public_view(name: &str, path: &str) {
    let app = TestApp::builder().seed_clock().spawn().await;
    let response = plain_client(app.port).get(app.url("localhost", path)).send().await.expect("public call");
    assert_eq!(response.status(), reqwest::StatusCode::OK, "{path}");
    assert_view(&app, name, &response.json().await.expect("json"), &[]);
}

#[tokio::test]
async fn the_openapi_document() {
    assert_public_view("openapi", "/api/bff/openapi.json").await;
}

#[tokio::test]
async fn the_session_of_the_app_shell() {
    // The idle expiry is the system clock's now plus the idle timeout.
    assert_ada_s_view("session", "/api/bff/session", &[(".idleExpiresAt", "[now + idle timeout]")]).await;
}

#[tokio::test]
async fn my_courses() {
    assert_ada_s_view("my_courses", "/api/bff/my-courses", &[]).await;
}

#[tokio::test]
async fn catalog() {
    assert_ada_s_view("catalog", "/api/bff/catalog", &[]).await;
}

#[tokio::test]
async fn catalog_course() {
    let path = format!("/api/bff/catalog/{}", objective("Negotiation Skills"));
    assert_ada_s_view("catalog_course", &path, &[]).await;
}

#[tokio::test]
async fn course_details() {
    let path = format!("/api/bff/courses/{}", objective("Activity Types Tour"));
    assert_ada_s_view("course_details", &path, &[]).await;
}

#[tokio::test]
async fn course_tree() {
    let path = format!("/api/bff/courses/{}/tree", objective("Activity Types Tour"));
    assert_ada_s_view("course_tree", &path, &[]).await;
}

#[tokio::test]
async fn certificate_preview() {
    let number = lms_sandbox::seed::certificate_number("acme", "acme/ada/Workplace Safety");
    assert_ada_s_view("certificate_preview", &format!("/api/bff/certificates/{number}"), &[]).await;
}

#[tokio::test]
async fn dashboard() {
    assert_ada_s_view("dashboard", "/api/bff/dashboard", &[]).await;
}

#[tokio::test]
async fn calendar() {
    // Four weeks around the seed clock: from a week before to three weeks after.
    let today = time::OffsetDateTime::parse(SEED_CLOCK, &time::format_description::well_known::Rfc3339)
        .expect("RFC 3339")
        .date();
    let (from, to) = (today - time::Duration::days(7), today + time::Duration::days(21));
    assert_ada_s_view("calendar", &format!("/api/bff/calendar?from={from}&to={to}"), &[]).await;
}

#[tokio::test]
async fn profile() {
    assert_ada_s_view("profile", "/api/bff/profile", &[]).await;
}

#[tokio::test]
async fn public_catalog() {
    assert_public_view("public_catalog", "/api/bff/public/catalog").await;
}
