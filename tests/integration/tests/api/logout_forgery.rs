//! Signing out takes a POST from a page of this origin. A GET or HEAD of `/oidc/logout` (a
//! link, an image, a prefetch from anywhere) shows a confirmation and ends nothing, and a
//! sign-in cannot be sent on to the logout URL.

use reqwest::StatusCode;

use crate::helpers::{TestApp, ada};

#[tokio::test]
async fn get_or_head_of_the_logout_url_asks_and_signs_no_one_out() {
    let (app, browser) = ada().await;
    let page = browser
        .get(app.url("localhost", "/oidc/logout"))
        .header("referer", "https://evil.example/")
        .send()
        .await
        .expect("get logout");
    assert_eq!(page.status(), StatusCode::OK);
    assert!(page.headers().get("set-cookie").is_none(), "no cookie cleared");
    let html = page.text().await.expect("html");
    assert!(html.contains(r#"<form method="post" action="/oidc/logout">"#), "{html}");
    let head = browser.head(app.url("localhost", "/oidc/logout")).send().await.expect("head logout");
    assert_eq!(head.status(), StatusCode::OK);
    assert_eq!(app.api(&browser, "localhost", "/api/bff/session").await.status(), StatusCode::OK, "still signed in");
}

#[tokio::test]
async fn a_logout_post_without_origin_is_refused() {
    let (app, browser) = ada().await;
    let response = browser.post(app.url("localhost", "/oidc/logout")).send().await.expect("logout");
    assert_eq!(response.status(), StatusCode::FORBIDDEN);
    assert_eq!(app.api(&browser, "localhost", "/api/bff/session").await.status(), StatusCode::OK, "still signed in");
}

#[tokio::test]
async fn a_sign_in_is_never_sent_on_to_the_logout_url() {
    let app = TestApp::builder().spawn().await;
    let browser = app.browser();
    let went_to = app.sign_in(&browser, "localhost", "ada", Some(&app.url("localhost", "/oidc/logout"))).await;
    assert_eq!(went_to, app.url("localhost", "/learn/"));
    let page = browser.get(app.url("localhost", "/learn/courses")).send().await.expect("page");
    assert_eq!(page.status(), StatusCode::OK);
    assert_eq!(app.api(&browser, "localhost", "/api/bff/session").await.status(), StatusCode::OK);
}
