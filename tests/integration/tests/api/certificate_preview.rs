//! `/api/bff/certificates/{certificateNumber}`: ada's seeded certificates (Workplace Safety,
//! valid; Introduction to Python, expired) through the whole stack.

use lms_sandbox::seed::certificate_number;
use reqwest::StatusCode;
use serde_json::Value;
use time::{OffsetDateTime, format_description::well_known::Rfc3339};

use crate::helpers::{TestApp, ada};

fn number(course: &str) -> String {
    certificate_number("acme", &format!("acme/ada/{course}"))
}

async fn preview(app: &TestApp, browser: &reqwest::Client, number: &str) -> reqwest::Response {
    app.api(browser, "localhost", &format!("/api/bff/certificates/{number}")).await
}

async fn ok_json(response: reqwest::Response) -> Value {
    assert_eq!(response.status(), StatusCode::OK);
    response.json().await.expect("json")
}

#[tokio::test]
async fn ada_previews_her_valid_and_her_expired_certificate() {
    let (app, browser) = ada().await;

    let valid = ok_json(preview(&app, &browser, &number("Workplace Safety")).await).await;
    assert_eq!(valid["certificateNumber"], number("Workplace Safety"));
    assert_eq!(valid["studentName"], "Ada Lovelace");
    assert_eq!(valid["courseName"], "Workplace Safety");
    assert_eq!(valid["courseCode"], "SAF-100");
    assert_eq!(valid["score"]["percent"], 92);
    assert_eq!(valid["grade"], "A");
    assert_eq!(valid["expired"], false);
    assert_eq!(valid["refreshAt"], valid["expiresAt"], "the view changes when the certificate expires");
    assert_eq!(valid["sharePath"], format!("/learn/certificate/{}", number("Workplace Safety")));
    assert!(valid["pdfUrl"].as_str().is_some_and(|u| u.ends_with("certificate.pdf")), "{valid}");
    let expires = OffsetDateTime::parse(valid["expiresAt"].as_str().expect("expiry"), &Rfc3339).expect("rfc3339");
    assert!(expires > OffsetDateTime::now_utc() + time::Duration::days(300), "valid about a year: {expires}");

    let expired = ok_json(preview(&app, &browser, &number("Introduction to Python")).await).await;
    assert_eq!(expired["courseName"], "Introduction to Python");
    assert_eq!(expired["grade"], "B");
    assert_eq!(expired["expired"], true);
    assert!(expired.get("refreshAt").is_none(), "nothing ahead: {expired}");
}

#[tokio::test]
async fn unknown_and_other_users_certificates_are_404_and_bad_numbers_400() {
    let app = TestApp::builder().spawn().await;
    let grace = app.browser();
    app.sign_in(&grace, "localhost", "grace", None).await;
    let response = preview(&app, &grace, &number("Workplace Safety")).await;
    assert_eq!(response.status(), StatusCode::NOT_FOUND, "ada's certificate is not grace's");
    assert_eq!(preview(&app, &grace, "ACME-NOPE").await.status(), StatusCode::NOT_FOUND);
    for bad in ["a%20b", "x".repeat(65).as_str(), "a.b"] {
        let response = preview(&app, &grace, bad).await;
        assert_eq!(response.status(), StatusCode::BAD_REQUEST, "{bad}");
        let body: Value = response.json().await.expect("problem");
        assert!(body["detail"].as_str().is_some_and(|d| d.contains("certificate number")), "{body}");
    }
}

#[tokio::test]
async fn the_preview_turns_expired_at_its_refresh_at() {
    // The sandbox clock is moved to a minute before the certificate's expiry, then past it.
    let (app, browser) = ada().await;
    let before = ok_json(preview(&app, &browser, &number("Workplace Safety")).await).await;
    assert_eq!(before["expired"], false, "{before}");
    let wait = crate::helpers::seconds_until(&before["refreshAt"]);
    assert!(wait > 86_400, "refreshAt is the expiry, days ahead: {wait}");
    crate::helpers::shift_clock(&app, wait - 60).await;
    let just_before = ok_json(preview(&app, &browser, &number("Workplace Safety")).await).await;
    assert_eq!(just_before["expired"], false, "{just_before}");
    crate::helpers::shift_clock(&app, wait + 5).await;
    let after = ok_json(preview(&app, &browser, &number("Workplace Safety")).await).await;
    assert_eq!(after["expired"], true, "{after}");
    assert!(after.get("refreshAt").is_none_or(|r| r.is_null()));
}
