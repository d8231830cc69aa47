//! `public/files/{name}`: the seeded attachments a storage host serves (GET and HEAD with
//! `Content-Length`, no token), and the rich About HTML of Ada's courses that links them.

use reqwest::StatusCode;

use crate::helpers::Sandbox;

#[tokio::test]
async fn seeded_files_answer_get_and_head_with_their_length() {
    let sb = Sandbox::start().await;
    for (name, kind) in
        [("safety-checklist.pdf", "application/pdf"), ("emergency-contacts.csv", "text/csv; charset=utf-8")]
    {
        let url = sb.url(&format!("t/acme/api/public/files/{name}"));
        let head = sb.browser.head(&url).send().await.expect("head");
        assert_eq!(head.status(), StatusCode::OK, "{name}");
        assert_eq!(head.headers()["content-type"], kind, "{name}");
        assert_eq!(head.headers()["access-control-allow-origin"], "*", "{name}: a portal's viewer may load it");
        let length: usize = head.headers()["content-length"].to_str().expect("ascii").parse().expect("a number");
        assert!(head.bytes().await.expect("body").is_empty(), "a HEAD answer has no body");
        let body = sb.browser.get(&url).send().await.expect("get").bytes().await.expect("body");
        assert_eq!(length, body.len(), "{name}: the length the attachment label shows");
        assert!(length > 50, "{name}: {length} bytes");
    }
    let pdf = sb.public("acme", "public/files/safety-checklist.pdf", &[]).await.bytes().await.expect("pdf");
    assert!(pdf.starts_with(b"%PDF-1.4") && pdf.ends_with(b"%%EOF\n"), "a whole PDF");
}

#[tokio::test]
async fn unknown_files_and_tenants_are_not_found() {
    let sb = Sandbox::start().await;
    for path in ["t/acme/api/public/files/missing.pdf", "t/nowhere/api/public/files/safety-checklist.pdf"] {
        let response = sb.browser.get(sb.url(path)).send().await.expect("get");
        assert_eq!(response.status(), StatusCode::NOT_FOUND, "{path}");
        let head = sb.browser.head(sb.url(path)).send().await.expect("head");
        assert_eq!(head.status(), StatusCode::NOT_FOUND, "{path}");
    }
}

#[tokio::test]
async fn workplace_safety_about_exercises_every_rich_content_behaviour() {
    let sb = Sandbox::start().await;
    let token = sb.access_token("acme", "ada").await;
    let course = sb.aggregate("acme", &token, "Workplace Safety").await;
    let about = course["objective"]["about"].as_str().expect("about HTML");
    let number = lms_sandbox::seed::certificate_number("acme", "acme/ada/Workplace Safety");
    let storage = sb.url("t/acme/api/public/files/");
    for (what, needle) in [
        ("a table with a caption", "<caption>Weekly plan</caption>".to_string()),
        ("headings with ids", "<h2 id=\"overview\">".to_string()),
        ("an h3 with an id", "<h3 id=\"schedule\">".to_string()),
        ("gallery images", "<img src=\"data:image/svg+xml,".to_string()),
        ("a same-origin PDF link", format!("href=\"/api/bff/public/certificates/{number}/certificate.pdf\"")),
        ("a storage-host attachment", format!("href=\"{storage}safety-checklist.pdf\" download")),
        ("a marked attachment", format!("href=\"{storage}emergency-contacts.csv\" class=\"attachment\"")),
        ("a video embed", "<iframe src=\"https://www.youtube-nocookie.com/embed/".to_string()),
        ("a same-origin iframe", format!("<iframe src=\"/api/bff/public/certificates/{number}/certificate.png\"")),
        ("a details toggle", "<details><summary>".to_string()),
        ("an LMS-marked toggle", "<div class=\"toggle\"><p class=\"toggle-title\">".to_string()),
    ] {
        assert!(about.contains(&needle), "{what}: {needle} in {about}");
    }
    assert_eq!(about.matches("<img ").count(), 3, "three gallery images");
    // Every file the About HTML links on the storage host is served.
    for name in ["safety-checklist.pdf", "emergency-contacts.csv"] {
        let response = sb.browser.head(format!("{storage}{name}")).send().await.expect("head");
        assert_eq!(response.status(), StatusCode::OK, "{name}");
    }
}
