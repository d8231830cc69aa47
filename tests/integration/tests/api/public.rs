//! `/api/bff/public/...`: the open catalog, the public course page and the shared certificate,
//! for visitors without a session: no cookie, no `X-Requested-With`, still bound to the tenant
//! of the Host header.

use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::helpers::{TestApp, objective, plain_client, signed_in};

/// The acme courses in the open catalog: the 120 generated ones, Secure Coding 101 and
/// Negotiation Skills.
const OPEN_CATALOG: u64 = 122;

/// A visitor's GET: no cookie, no `X-Requested-With`.
async fn visit(app: &TestApp, host: &str, path: &str) -> reqwest::Response {
    plain_client(app.port).get(app.url(host, path)).send().await.expect("public call")
}

async fn visit_json(app: &TestApp, host: &str, path: &str) -> (StatusCode, Value) {
    let response = visit(app, host, path).await;
    let status = response.status();
    (status, response.json().await.unwrap_or(Value::Null))
}

/// The certificate number of ada's certificate of `course`, read from the sandbox's public
/// record (by its seeded id).
async fn certificate_number(app: &TestApp, course: &str) -> String {
    let id = lms_sandbox::seed::id("certificate", &format!("acme/ada/{course}"));
    let url = app.sandbox_url.join(&format!("t/acme/api/public/certificate-records/{id}")).expect("url");
    let record: Value = reqwest::get(url).await.expect("sandbox").json().await.expect("json");
    record["certificateNumber"].as_str().expect("a number").to_string()
}

#[tokio::test]
async fn the_open_catalog_needs_no_session_and_pages_by_name() {
    let app = TestApp::builder().spawn().await;
    let (status, first) = visit_json(&app, "localhost", "/api/bff/public/catalog?take=100").await;
    assert_eq!(status, StatusCode::OK, "{first}");
    assert_eq!(first["totalCount"], OPEN_CATALOG);
    let (_, second) = visit_json(&app, "localhost", "/api/bff/public/catalog?skip=100&take=100").await;
    let names: Vec<&str> = [&first, &second]
        .iter()
        .flat_map(|v| v["items"].as_array().expect("items"))
        .map(|c| c["name"].as_str().expect("name"))
        .collect();
    assert_eq!(names.len() as u64, OPEN_CATALOG);
    let mut sorted = names.clone();
    sorted.sort_by_key(|n| n.to_lowercase());
    assert_eq!(names, sorted, "sorted by name ascending");
    assert!(names.contains(&"Secure Coding 101") && names.contains(&"Negotiation Skills"));
    assert!(!names.contains(&"Data Privacy Basics"), "not in the open catalog");
    let card = &first["items"][0];
    let id = card["objectiveId"].as_str().expect("id");
    assert_eq!(card["link"], format!("/open-catalog/{id}/view/details"));
    assert!(card["description"].is_string());
    let chips: Vec<&str> =
        first["collections"].as_array().expect("chips").iter().filter_map(|c| c["name"].as_str()).collect();
    assert_eq!(chips, ["Security", "Languages", "Technology", "Management", ""], "with uncategorized last");

    let (_, found) = visit_json(&app, "localhost", "/api/bff/public/catalog?keyword=%20SECURE").await;
    assert_eq!(found["keyword"], "secure");
    assert_eq!(found["items"][0]["name"], "Secure Coding 101");
    let security = first["collections"][0]["id"].as_str().expect("id");
    let (_, security_only) =
        visit_json(&app, "localhost", &format!("/api/bff/public/catalog?collection={security}")).await;
    assert_eq!(security_only["totalCount"], 1);
    assert_eq!(security_only["collectionsApplied"], json!([security]));
    let (_, unknown) = visit_json(&app, "localhost", "/api/bff/public/catalog?collection=nope&take=1").await;
    assert_eq!((&unknown["filtersUnavailable"], &unknown["totalCount"]), (&json!(true), &json!(OPEN_CATALOG)));

    for bad in ["/api/bff/public/catalog?take=0", "/api/bff/public/catalog?take=500", "/api/bff/public/catalog/42"] {
        let response = visit(&app, "localhost", bad).await;
        assert_eq!(response.status(), StatusCode::BAD_REQUEST, "{bad}");
        assert_eq!(response.headers()["content-type"], "application/problem+json");
    }
}

#[tokio::test]
async fn the_public_course_page_shows_open_catalog_courses_only() {
    let app = TestApp::builder().spawn().await;
    let (status, course) =
        visit_json(&app, "acme.localhost", &format!("/api/bff/public/catalog/{}", objective("Secure Coding 101")))
            .await;
    assert_eq!(status, StatusCode::OK, "{course}");
    assert_eq!((&course["name"], &course["code"]), (&json!("Secure Coding 101"), &json!("SEC-101")));
    assert_eq!(course["collections"][0]["name"], "Security");
    assert!(course["about"].as_str().is_some_and(|a| a.starts_with("<p>")));
    let login = course["loginUrl"].as_str().expect("login url");
    assert!(login.starts_with("/oidc/login?redirectUrl=") && login.contains(&objective("Secure Coding 101")));
    let (status, _) =
        visit_json(&app, "acme.localhost", &format!("/api/bff/public/catalog/{}", objective("Data Privacy Basics")))
            .await;
    assert_eq!(status, StatusCode::NOT_FOUND, "a course outside the open catalog");
}

/// A learner signed in to the portal who opens a course's share link is offered the course in
/// the portal; a visitor, and a signed-in user who may not use the learner area, are offered
/// the sign-in.
#[tokio::test]
async fn the_public_course_page_offers_the_portal_to_a_signed_in_learner() {
    let app = TestApp::builder().spawn().await;
    let id = objective("Secure Coding 101");
    let path = format!("/api/bff/public/catalog/{id}");
    let (_, visitor) = visit_json(&app, "localhost", &path).await;
    assert!(visitor.get("openLink").is_none(), "{visitor}");
    let ada = signed_in(&app, "ada").await;
    let course: Value = ada.get(app.url("localhost", &path)).send().await.expect("call").json().await.expect("json");
    assert_eq!(course["openLink"], json!(format!("/catalog/{id}")), "{course}");
    assert!(course["loginUrl"].as_str().is_some(), "the sign-in stays in the view");
    let ken = signed_in(&app, "ken").await;
    let course: Value = ken.get(app.url("localhost", &path)).send().await.expect("call").json().await.expect("json");
    assert!(course.get("openLink").is_none(), "ken may not use the learner area: {course}");
    // The session cookie alone is what counts: the same request with an unknown session id is a visitor's.
    let session = app.session_cookie("localhost", "ada").await;
    let course: Value = app.api_with_cookie(&session, "localhost", &path).await.json().await.expect("json");
    assert_eq!(course["openLink"], json!(format!("/catalog/{id}")), "{course}");
    let stale = format!("{}=not-a-session", session.split('=').next().expect("cookie name"));
    let course: Value = app.api_with_cookie(&stale, "localhost", &path).await.json().await.expect("json");
    assert!(course.get("openLink").is_none(), "an unknown session: {course}");
}

#[tokio::test]
async fn public_routes_are_bound_to_the_tenant_of_the_host() {
    let app = TestApp::builder().spawn().await;
    // globex has its catalog turned off: no open catalog there, not even acme's courses.
    let (status, body) = visit_json(&app, "globex.localhost", "/api/bff/public/catalog").await;
    assert_eq!((status, &body["error"]), (StatusCode::NOT_FOUND, &json!("not_found")));
    let path = format!("/api/bff/public/catalog/{}", objective("Secure Coding 101"));
    assert_eq!(visit(&app, "globex.localhost", &path).await.status(), StatusCode::NOT_FOUND);
    let number = certificate_number(&app, "Workplace Safety").await;
    let path = format!("/api/bff/public/certificates/{number}");
    assert_eq!(visit(&app, "globex.localhost", &path).await.status(), StatusCode::NOT_FOUND, "acme's certificate");
    assert_eq!(visit(&app, "acme.localhost", &path).await.status(), StatusCode::OK);
    let unknown_host = plain_client(app.port)
        .get(format!("http://127.0.0.1:{}/api/bff/public/catalog", app.port))
        .header("host", "other.example")
        .send()
        .await
        .expect("call");
    assert_eq!(unknown_host.status(), StatusCode::MISDIRECTED_REQUEST);
    // The private views keep their header rule.
    assert_eq!(visit(&app, "localhost", "/api/bff/catalog").await.status(), StatusCode::FORBIDDEN);
}

#[tokio::test]
async fn a_shared_certificate_shows_holder_course_dates_expiry_and_files() {
    let app = TestApp::builder().spawn().await;
    let valid = certificate_number(&app, "Workplace Safety").await;
    let (status, view) = visit_json(&app, "localhost", &format!("/api/bff/public/certificates/{valid}")).await;
    assert_eq!(status, StatusCode::OK, "{view}");
    assert_eq!(view["certificateNumber"], valid);
    assert_eq!(view["holderName"], "Ada Lovelace");
    assert_eq!(view["courseName"], "Workplace Safety");
    assert_eq!(view["expired"], false);
    assert!(view["issuedAt"].is_string());
    assert_eq!(view["refreshAt"], view["expiresAt"], "the view changes when it expires");
    assert_eq!(view["shareUrl"], format!("/learn/certificate/{valid}"));
    let pdf_path = view["pdfUrl"].as_str().expect("pdf");
    assert_eq!(pdf_path, format!("/api/bff/public/certificates/{valid}/certificate.pdf"), "same origin");
    let pdf = visit(&app, "localhost", pdf_path).await;
    assert_eq!((pdf.status(), pdf.headers()["content-type"].to_str().ok()), (StatusCode::OK, Some("application/pdf")));
    let bytes = pdf.bytes().await.expect("bytes");
    assert!(bytes.starts_with(b"%PDF-") && String::from_utf8_lossy(&bytes).contains(&valid));
    let png = visit(&app, "localhost", view["pngUrl"].as_str().expect("png")).await;
    assert_eq!(png.headers()["content-type"], "image/png");
    assert!(png.bytes().await.expect("bytes").starts_with(&[0x89, b'P', b'N', b'G']));

    let expired = certificate_number(&app, "Introduction to Python").await;
    let (_, view) = visit_json(&app, "localhost", &format!("/api/bff/public/certificates/{expired}")).await;
    assert_eq!((&view["expired"], &view["courseName"]), (&json!(true), &json!("Introduction to Python")));
    assert!(view.get("refreshAt").is_none(), "nothing changes any more: {view}");

    let (status, _) = visit_json(&app, "localhost", "/api/bff/public/certificates/ACME-000000x").await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let long = "9".repeat(65);
    for bad in ["/api/bff/public/certificates/a%20b", &format!("/api/bff/public/certificates/{long}")] {
        let response = visit(&app, "localhost", bad).await;
        assert_eq!(response.status(), StatusCode::BAD_REQUEST, "{bad}");
        let body: Value = response.json().await.expect("problem");
        assert!(body["detail"].as_str().is_some_and(|d| d.contains("certificateNumber")), "{body}");
    }
}

/// `catalog.public_max_in_flight` public requests at once; the next is shed with a 503 problem.
#[tokio::test]
async fn public_requests_beyond_the_in_flight_limit_are_shed() {
    let app = TestApp::builder()
        .faults(json!([{ "path": "public/open-catalog/objectives/query", "fault": { "kind": "latency", "ms": 1500 } }]))
        .config("[catalog]\ndefault_take = 10\nmax_take = 50\nmax_keyword_chars = 50\npublic_max_in_flight = 1\n")
        .spawn()
        .await;
    let first = visit(&app, "localhost", "/api/bff/public/catalog");
    let second = async {
        tokio::time::sleep(std::time::Duration::from_millis(300)).await;
        visit(&app, "localhost", "/api/bff/public/catalog").await
    };
    let (first, second) = tokio::join!(first, second);
    assert_eq!(first.status(), StatusCode::OK);
    assert_eq!(first.json::<Value>().await.expect("json")["items"].as_array().map(Vec::len), Some(10), "default_take");
    assert_eq!(second.status(), StatusCode::SERVICE_UNAVAILABLE);
    assert_eq!(second.headers()["content-type"], "application/problem+json");
    assert_eq!(visit(&app, "localhost", "/api/bff/public/catalog?take=51").await.status(), StatusCode::BAD_REQUEST);
}
