//! `public/files/{name}`: the seeded attachments a public storage host serves (GET and HEAD
//! with `Content-Length`, no token); `lms-storage/files/{name}`: the LMS's storage, for signed-in
//! users only; the video host's embed page; and the rich About HTML of Ada's courses that links
//! them.

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
async fn the_lms_storage_gives_files_to_signed_in_users_only() {
    let sb = Sandbox::start().await;
    let token = sb.access_token("acme", "ada").await;
    let url = |name: &str| sb.url(&format!("t/acme/api/lms-storage/files/{name}"));
    let get = |name: &str, token: Option<&str>| {
        let request = sb.browser.get(url(name));
        match token {
            Some(token) => request.bearer_auth(token),
            None => request,
        }
        .send()
    };
    let anonymous = get("safety-checklist.pdf", None).await.expect("get");
    assert_eq!(anonymous.status(), StatusCode::UNAUTHORIZED, "no token, no file");
    let forged = get("safety-checklist.pdf", Some("not-a-token")).await.expect("get");
    assert_eq!(forged.status(), StatusCode::UNAUTHORIZED);
    let other_tenant = sb.access_token("globex", "linus").await;
    let foreign = get("safety-checklist.pdf", Some(&other_tenant)).await.expect("get");
    assert_eq!(foreign.status(), StatusCode::UNAUTHORIZED, "another tenant's token");

    let pdf = get("safety-checklist.pdf", Some(&token)).await.expect("get");
    assert_eq!(pdf.status(), StatusCode::OK);
    assert_eq!(pdf.headers()["content-type"], "application/pdf");
    assert!(pdf.headers().get("access-control-allow-origin").is_none(), "not for browsers to read");
    let bytes = pdf.bytes().await.expect("pdf");
    assert!(bytes.starts_with(b"%PDF-1.4") && bytes.ends_with(b"%%EOF\n"), "a whole PDF");
    let head = sb.browser.head(url("emergency-contacts.csv")).bearer_auth(&token).send().await.expect("head");
    assert_eq!(head.status(), StatusCode::OK);
    assert!(head.headers()["content-length"].to_str().expect("ascii").parse::<usize>().expect("length") > 50);

    let notes = get("instructor-notes.pdf", Some(&token)).await.expect("get");
    assert_eq!(notes.status(), StatusCode::FORBIDDEN, "no learner reads the instructors' notes");
    let renamed = get("safety-checklist-2023.pdf", Some(&token)).await.expect("get");
    assert_eq!(renamed.status(), StatusCode::MOVED_PERMANENTLY);
    assert_eq!(renamed.headers()["location"], "safety-checklist.pdf", "the new name, on the same storage");
    let archived = get("archived-checklist.pdf", Some(&token)).await.expect("get");
    assert_eq!(archived.status(), StatusCode::FOUND);
    assert!(archived.headers()["location"].to_str().expect("ascii").starts_with("https://archive.storage.invalid/"));
    let page = get("welcome.html", Some(&token)).await.expect("get");
    assert_eq!(page.headers()["content-type"], "text/html; charset=utf-8");
    assert_eq!(get("missing.pdf", Some(&token)).await.expect("get").status(), StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn the_video_host_serves_a_player_page_anyone_may_frame() {
    let sb = Sandbox::start().await;
    let page = sb.browser.get(sb.url("video/embed/workplace-safety-intro?hl=ar")).send().await.expect("get");
    assert_eq!(page.status(), StatusCode::OK);
    assert_eq!(page.headers()["content-type"], "text/html; charset=utf-8");
    assert!(page.headers().get("x-frame-options").is_none());
    assert!(page.headers().get("content-security-policy").is_none());
    let html = page.text().await.expect("html");
    assert!(html.contains("<title>Workplace safety in five minutes</title>"), "{html}");
    assert!(html.contains("lang=\"ar\" dir=\"rtl\""), "the interface language of ?hl=");
    let missing = sb.browser.get(sb.url("video/embed/nothing")).send().await.expect("get");
    assert_eq!(missing.status(), StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn workplace_safety_about_exercises_every_rich_content_behaviour() {
    let sb = Sandbox::start().await;
    let token = sb.access_token("acme", "ada").await;
    let course = sb.aggregate("acme", &token, "Workplace Safety").await;
    let about = course["objective"]["about"].as_str().expect("about HTML");
    let number = lms_sandbox::seed::certificate_number("acme", "acme/ada/Workplace Safety");
    let storage = sb.url("t/acme/api/lms-storage/files/");
    // The video host is the sandbox under its other loopback name: an origin of its own.
    let video = sb.url("video/embed/workplace-safety-intro").replace("127.0.0.1", "localhost");
    for (what, needle) in [
        ("a table with a caption", "<caption>Weekly plan</caption>".to_string()),
        ("headings with ids", "<h2 id=\"overview\">".to_string()),
        ("an h3 with an id", "<h3 id=\"schedule\">".to_string()),
        ("gallery images", "<img src=\"data:image/svg+xml,".to_string()),
        ("a same-origin PDF link", format!("href=\"/api/bff/public/certificates/{number}/certificate.pdf\"")),
        ("a storage-host attachment", format!("href=\"{storage}safety-checklist.pdf\" download")),
        ("a marked attachment", format!("href=\"{storage}emergency-contacts.csv\" class=\"attachment\"")),
        ("an attachment no learner may read", format!("href=\"{storage}instructor-notes.pdf\"")),
        ("a video embed of the video host", format!("<iframe src=\"{video}\"")),
        ("a details toggle", "<details><summary>".to_string()),
        ("an LMS-marked toggle", "<div class=\"toggle\"><p class=\"toggle-title\">".to_string()),
    ] {
        assert!(about.contains(&needle), "{what}: {needle} in {about}");
    }
    assert_eq!(about.matches("<img ").count(), 3, "three gallery images");
    // Every file the About HTML links on the storage is served to the signed-in learner, and
    // the video it frames is there.
    for name in ["safety-checklist.pdf", "emergency-contacts.csv"] {
        let response = sb.browser.head(format!("{storage}{name}")).bearer_auth(&token).send().await.expect("head");
        assert_eq!(response.status(), StatusCode::OK, "{name}");
    }
    let frame = sb.browser.get(&video).send().await.expect("the video host answers on localhost");
    assert_eq!(frame.status(), StatusCode::OK);
    // The YouTube embed (language hints) is on the other rich course.
    let negotiation = sb.aggregate("acme", &token, "Negotiation Skills").await;
    let about = negotiation["objective"]["about"].as_str().expect("about HTML");
    assert!(about.contains("<iframe src=\"https://www.youtube-nocookie.com/embed/"), "{about}");
}
