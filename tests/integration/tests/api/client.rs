//! The client under `/learn`, with the security headers of every answer.

use reqwest::{StatusCode, header};

use crate::helpers::{CLIENT_JS_BR, CLIENT_JS_GZ, INDEX_HTML, TestApp, location};

#[tokio::test]
async fn client_routes_get_index_html_and_missing_files_404() {
    let app = TestApp::builder().spawn().await;
    let browser = app.browser();
    for path in ["/learn", "/learn/", "/learn/courses", "/learn/courses/123/view/content?tab=1"] {
        let response = browser.get(app.url("localhost", path)).send().await.expect("page");
        assert_eq!(response.status(), StatusCode::OK, "{path}");
        assert_eq!(response.headers()[header::CACHE_CONTROL], "no-cache");
        let csp = response.headers()[header::CONTENT_SECURITY_POLICY].to_str().expect("csp").to_string();
        assert!(csp.contains("script-src 'self'") && !csp.contains("unsafe-inline"), "{csp}");
        assert!(csp.contains("frame-ancestors 'self'"), "{csp}");
        assert_eq!(response.headers()[header::X_CONTENT_TYPE_OPTIONS], "nosniff");
        assert_eq!(response.text().await.expect("html"), INDEX_HTML);
    }
    let asset = browser.get(app.url("localhost", "/learn/main.0123abcd.js")).send().await.expect("asset");
    assert_eq!(asset.status(), StatusCode::OK);
    assert_eq!(asset.headers()[header::CACHE_CONTROL], "public, max-age=31536000, immutable");
    let missing = browser.get(app.url("localhost", "/learn/missing.js")).send().await.expect("missing");
    assert_eq!(missing.status(), StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn the_root_leads_to_the_client() {
    let app = TestApp::builder().spawn().await;
    let response = app.browser().get(app.url("localhost", "/")).send().await.expect("root");
    assert_eq!(response.status(), StatusCode::SEE_OTHER);
    assert_eq!(location(response.headers()), "/learn/");
}

#[tokio::test]
async fn over_long_path_segments_are_a_client_route_or_a_404_never_a_5xx() {
    let app = TestApp::builder().spawn().await;
    let client = app.browser();
    let long = "a".repeat(256);
    let page = client.get(app.url("localhost", &format!("/learn/{long}"))).send().await.expect("page");
    assert_eq!(page.status(), StatusCode::OK);
    assert_eq!(page.text().await.expect("html"), INDEX_HTML);
    for path in [format!("/learn/{long}.js"), format!("/learn/{}/x", "b".repeat(300))] {
        let response = client.get(app.url("localhost", &path)).send().await.expect("file");
        assert!(!response.status().is_server_error(), "{path}: {}", response.status());
    }
    let file = client.get(app.url("localhost", &format!("/learn/{long}.js"))).send().await.expect("file");
    assert_eq!(file.status(), StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn precompressed_files_go_to_browsers_that_accept_them() {
    let app = TestApp::builder().spawn().await;
    let browser = app.browser();
    let url = app.url("localhost", "/learn/main.0123abcd.js");
    for (accept, encoding, body) in [
        (Some("gzip, deflate, br"), Some("br"), CLIENT_JS_BR),
        (Some("gzip"), Some("gzip"), CLIENT_JS_GZ),
        (None, None, "console.log(1)"),
    ] {
        let mut request = browser.get(&url);
        if let Some(accept) = accept {
            request = request.header(header::ACCEPT_ENCODING, accept);
        }
        let response = request.send().await.expect("asset");
        assert_eq!(response.status(), StatusCode::OK, "{accept:?}");
        assert_eq!(response.headers().get(header::CONTENT_ENCODING).map(|v| v.to_str().expect("ascii")), encoding);
        assert_eq!(response.headers()[header::VARY], "accept-encoding", "{accept:?}");
        assert_eq!(response.headers()[header::CACHE_CONTROL], "public, max-age=31536000, immutable", "{accept:?}");
        assert!(response.headers()[header::CONTENT_TYPE].to_str().expect("ascii").contains("javascript"));
        assert_eq!(response.text().await.expect("body"), body, "{accept:?}");
    }
}

#[tokio::test]
async fn source_maps_are_served_only_when_configured() {
    let app = TestApp::builder().spawn().await;
    let map = app.browser().get(app.url("localhost", "/learn/main.0123abcd.js.map")).send().await.expect("map");
    assert_eq!(map.status(), StatusCode::NOT_FOUND);

    let app = TestApp::builder().config("client_source_maps = true\n").spawn().await;
    let map = app.browser().get(app.url("localhost", "/learn/main.0123abcd.js.map")).send().await.expect("map");
    assert_eq!(map.status(), StatusCode::OK);
    assert_eq!(map.text().await.expect("body"), "{}");
}
