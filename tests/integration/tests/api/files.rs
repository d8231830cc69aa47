//! `GET /api/bff/files?url=`: files of the tenant's storage origins, streamed through this
//! origin with the learner's token (the sandbox's LMS storage refuses a browser without one);
//! other hosts refused before any call; the storage's 401, 403 and 404 as problems; redirects
//! only within the storage origins; the size and time limits of `[files]`.

use std::{convert::Infallible, net::SocketAddr, time::Duration};

use axum::{
    Router,
    body::{Body, Bytes},
    http::header,
    routing::get,
};
use reqwest::StatusCode;
use serde_json::Value;

use crate::helpers::{TestApp, urlencode};

/// The proxy's address of `url`.
fn proxied(url: &str) -> String {
    format!("/api/bff/files?url={}", urlencode(url))
}

/// A file of the sandbox's LMS storage (it needs a bearer token).
fn stored(app: &TestApp, name: &str) -> String {
    format!("{}t/acme/api/lms-storage/files/{name}", app.sandbox_url)
}

async fn problem(response: reqwest::Response) -> (StatusCode, Value) {
    let status = response.status();
    assert_eq!(response.headers()["content-type"], "application/problem+json", "{status}");
    (status, response.json().await.expect("problem json"))
}

/// The app with the sandbox as acme's storage (and `extra` over it), Ada signed in.
async fn signed_in(extra: &'static str) -> (TestApp, reqwest::Client) {
    let app = TestApp::builder()
        .config_with(move |sandbox| {
            format!("[tenants.acme]\nstorage_origins = [\"{}\"]\n{extra}", sandbox.origin().ascii_serialization())
        })
        .spawn()
        .await;
    let browser = app.browser();
    app.sign_in(&browser, "localhost", "ada", None).await;
    (app, browser)
}

#[tokio::test]
async fn a_storage_file_streams_through_the_gateway_with_the_learners_token() {
    let (app, browser) = signed_in("").await;
    let url = stored(&app, "safety-checklist.pdf");
    // The browser itself cannot read it: the storage wants the learner's token.
    let direct = reqwest::get(&url).await.expect("direct");
    assert_eq!(direct.status(), StatusCode::UNAUTHORIZED);

    let answer = app.api(&browser, "localhost", &proxied(&url)).await;
    assert_eq!(answer.status(), StatusCode::OK);
    let headers = answer.headers().clone();
    assert_eq!(headers["content-type"], "application/pdf");
    assert_eq!(
        headers["content-disposition"],
        "inline; filename=\"safety-checklist.pdf\"; filename*=UTF-8''safety-checklist.pdf"
    );
    assert_eq!(headers["x-content-type-options"], "nosniff");
    assert_eq!(headers["cross-origin-resource-policy"], "same-origin");
    assert!(headers["cache-control"].to_str().expect("ascii").contains("no-store"));
    let length: usize = headers["content-length"].to_str().expect("ascii").parse().expect("a number");
    let bytes = answer.bytes().await.expect("body");
    assert_eq!(bytes.len(), length);
    assert!(bytes.starts_with(b"%PDF-1.4") && bytes.ends_with(b"%%EOF\n"), "the whole PDF");
    // The same file as the sandbox's public storage gives it to anyone.
    let public = format!("{}t/acme/api/public/files/safety-checklist.pdf", app.sandbox_url);
    let original = reqwest::get(&public).await.expect("public copy").bytes().await.expect("bytes");
    assert_eq!(original, bytes, "the storage's bytes, unchanged");

    // A link opens it (a download or a new tab): no X-Requested-With, the browser's
    // Sec-Fetch-Site says it is this site.
    let link = browser
        .get(app.url("localhost", &proxied(&url)))
        .header("sec-fetch-site", "same-origin")
        .header("sec-fetch-mode", "navigate")
        .send()
        .await
        .expect("link");
    assert_eq!(link.status(), StatusCode::OK);
    assert_eq!(link.bytes().await.expect("body"), bytes);
    // Another site cannot make the browser fetch it.
    let foreign = browser
        .get(app.url("localhost", &proxied(&url)))
        .header("sec-fetch-site", "cross-site")
        .send()
        .await
        .expect("cross-site");
    assert_eq!(foreign.status(), StatusCode::FORBIDDEN);

    // Its size label reads the same storage with the token.
    let size = app.api(&browser, "localhost", &format!("/api/bff/attachment-size?url={}", urlencode(&url))).await;
    assert_eq!(size.status(), StatusCode::OK);
    let size: Value = size.json().await.expect("json");
    assert_eq!(size["bytes"].as_u64(), Some(length as u64));
}

#[tokio::test]
async fn html_of_the_storage_is_a_download_and_renamed_files_follow_their_redirect() {
    let (app, browser) = signed_in("").await;
    let page = app.api(&browser, "localhost", &proxied(&stored(&app, "welcome.html"))).await;
    assert_eq!(page.status(), StatusCode::OK);
    assert_eq!(page.headers()["content-type"], "text/html; charset=utf-8", "the storage's type is kept");
    let disposition = page.headers()["content-disposition"].to_str().expect("ascii").to_string();
    assert!(disposition.starts_with("attachment; filename=\"welcome.html\""), "never shown in place: {disposition}");
    assert_eq!(page.headers()["x-content-type-options"], "nosniff");

    let csv = app.api(&browser, "localhost", &proxied(&stored(&app, "emergency-contacts.csv"))).await;
    assert!(csv.headers()["content-disposition"].to_str().expect("ascii").starts_with("attachment;"));
    assert!(csv.text().await.expect("text").starts_with("role,name,phone\n"));

    // A 301 to another name on the same storage is followed.
    let renamed = app.api(&browser, "localhost", &proxied(&stored(&app, "safety-checklist-2023.pdf"))).await;
    assert_eq!(renamed.status(), StatusCode::OK);
    assert!(renamed.headers()["content-disposition"].to_str().expect("ascii").contains("\"safety-checklist.pdf\""));
    assert!(renamed.bytes().await.expect("pdf").starts_with(b"%PDF"));
    // A 302 to another host is not.
    let moved = app.api(&browser, "localhost", &proxied(&stored(&app, "archived-checklist.pdf"))).await;
    let (status, body) = problem(moved).await;
    assert_eq!((status, body["error"].as_str()), (StatusCode::BAD_GATEWAY, Some("redirect_refused")));
}

#[tokio::test]
async fn only_the_tenants_storage_origins_are_read() {
    let (app, browser) = signed_in("").await;
    let sandbox = &app.sandbox_url;
    let other_port = format!("http://127.0.0.1:{}/t/acme/api/lms-storage/files/a.pdf", app.port);
    let other_scheme =
        format!("https://127.0.0.1:{}/t/acme/api/lms-storage/files/a.pdf", sandbox.port().expect("port"));
    let other_name = stored(&app, "safety-checklist.pdf").replace("127.0.0.1", "localhost");
    let with_user = stored(&app, "safety-checklist.pdf").replace("http://", "http://ada:demo@");
    let same_origin = app.url("localhost", "/api/bff/public/certificates/x/certificate.pdf");
    for refused in [
        "https://elsewhere.example/a.pdf",
        "not a url",
        "/t/acme/api/lms-storage/files/safety-checklist.pdf",
        &other_port,
        &other_scheme,
        &other_name,
        &with_user,
        &same_origin,
        "file:///etc/passwd",
    ] {
        let answer = app.api(&browser, "localhost", &proxied(refused)).await;
        let (status, body) = problem(answer).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{refused}: {body}");
    }
}

#[tokio::test]
async fn the_storages_refusals_become_problems_and_no_session_is_a_401() {
    let (app, browser) = signed_in("").await;
    let missing = app.api(&browser, "localhost", &proxied(&stored(&app, "missing.pdf"))).await;
    let (status, body) = problem(missing).await;
    assert_eq!((status, body["error"].as_str()), (StatusCode::NOT_FOUND, Some("not_found")));
    let notes = app.api(&browser, "localhost", &proxied(&stored(&app, "instructor-notes.pdf"))).await;
    let (status, body) = problem(notes).await;
    assert_eq!((status, body["error"].as_str()), (StatusCode::FORBIDDEN, Some("file_forbidden")));

    let anonymous = app.browser();
    let answer = app.api(&anonymous, "localhost", &proxied(&stored(&app, "safety-checklist.pdf"))).await;
    assert_eq!(answer.status(), StatusCode::UNAUTHORIZED);
    let body: Value = answer.json().await.expect("json");
    assert_eq!(body["error"], "unauthorized");
    assert!(body["loginUrl"].as_str().is_some_and(|u| u.starts_with("/oidc/login")), "{body}");
}

#[tokio::test]
async fn a_storage_that_wants_other_credentials_answers_a_401_problem_and_keeps_the_session() {
    let (app, browser) = signed_in("storage_send_token = false\n").await;
    let answer = app.api(&browser, "localhost", &proxied(&stored(&app, "safety-checklist.pdf"))).await;
    let (status, body) = problem(answer).await;
    assert_eq!((status, body["error"].as_str()), (StatusCode::UNAUTHORIZED, Some("file_unauthorized")));
    let session = app.api(&browser, "localhost", "/api/bff/session").await;
    assert_eq!(session.status(), StatusCode::OK, "the storage's 401 is not the session's");
}

/// A storage of this test: a file of 8 KiB announced, the same streamed without a length, 1 KiB
/// streamed, and a file whose head comes late and one whose body stalls.
async fn storage() -> String {
    let chunks = |count: usize| {
        Body::from_stream(futures::stream::iter(
            (0..count).map(|_| Ok::<Bytes, Infallible>(Bytes::from(vec![b'x'; 1024]))),
        ))
    };
    let app = Router::new()
        .route(
            "/announced.bin",
            get(|| async { ([(header::CONTENT_TYPE, "application/octet-stream")], vec![b'x'; 8192]) }),
        )
        .route("/streamed.bin", get(move || async move { chunks(8) }))
        .route("/fits.bin", get(move || async move { chunks(1) }))
        .route(
            "/late.bin",
            get(|| async {
                tokio::time::sleep(Duration::from_secs(10)).await;
                "late"
            }),
        )
        .route(
            "/stalls.bin",
            get(|| async {
                let first = futures::stream::once(async { Ok::<Bytes, Infallible>(Bytes::from_static(b"first")) });
                let never = futures::stream::pending::<Result<Bytes, Infallible>>();
                Body::from_stream(futures::StreamExt::chain(first, never))
            }),
        );
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.expect("bind");
    let addr: SocketAddr = listener.local_addr().expect("addr");
    tokio::spawn(async move { axum::serve(listener, app).await });
    format!("http://{addr}")
}

#[tokio::test]
async fn files_past_the_size_limit_or_the_time_limit_are_refused_or_cut_off() {
    let origin = storage().await;
    let config = format!(
        "[tenants.acme]\nstorage_origins = [\"{origin}\"]\n[files]\nmax_bytes = 4096\ntimeout_secs = 1\nmax_redirects = 3\n"
    );
    let app = TestApp::builder().config(config).spawn().await;
    let browser = app.browser();
    app.sign_in(&browser, "localhost", "ada", None).await;

    let fits = app.api(&browser, "localhost", &proxied(&format!("{origin}/fits.bin"))).await;
    assert_eq!(fits.status(), StatusCode::OK);
    assert_eq!(fits.bytes().await.expect("body").len(), 1024);

    // Announced over the limit: refused before any byte.
    let announced = app.api(&browser, "localhost", &proxied(&format!("{origin}/announced.bin"))).await;
    let (status, body) = problem(announced).await;
    assert_eq!((status, body["error"].as_str()), (StatusCode::BAD_GATEWAY, Some("file_too_large")));
    assert!(body["detail"].as_str().is_some_and(|d| d.contains("4096")), "{body}");

    // Not announced: cut off once past the limit, never passed on whole.
    let streamed = app.api(&browser, "localhost", &proxied(&format!("{origin}/streamed.bin"))).await;
    assert_eq!(streamed.status(), StatusCode::OK, "the head went out before the size was known");
    if let Ok(bytes) = streamed.bytes().await {
        panic!("a whole answer of {} bytes past the limit", bytes.len());
    }

    // A head later than `files.timeout_secs`: 504; a body that stalls: cut off.
    let late = app.api(&browser, "localhost", &proxied(&format!("{origin}/late.bin"))).await;
    let (status, body) = problem(late).await;
    assert_eq!((status, body["error"].as_str()), (StatusCode::GATEWAY_TIMEOUT, Some("upstream_timeout")));
    let started = std::time::Instant::now();
    let stalls = app.api(&browser, "localhost", &proxied(&format!("{origin}/stalls.bin"))).await;
    assert_eq!(stalls.status(), StatusCode::OK);
    assert!(stalls.bytes().await.is_err(), "a stalled body does not end as if it were whole");
    assert!(started.elapsed() < Duration::from_secs(5), "cut off at the time limit: {:?}", started.elapsed());
}
