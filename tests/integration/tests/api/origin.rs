//! The request's origin is always a configured one: the host a configured host of a tenant,
//! the port one this gateway serves. So no Host header can turn the attachment-size check or
//! the sign-in's `redirect_uri` towards another local service; an absolute request target
//! wins over the Host header (RFC 9112 section 3.2.2) and two or contradicting hosts are a 400.

use std::time::Duration;

use reqwest::StatusCode;

use crate::{
    helpers::{TestApp, ada, urlencode},
    reliability_common::{exchange, status_of},
};

#[tokio::test]
async fn attachment_size_never_follows_a_host_header_to_another_port() {
    let (app, browser) = ada().await;
    let other = app.sandbox_url.port().expect("sandbox port");
    let target = format!("http://localhost:{other}/admin/clock");
    let path = format!("/api/bff/attachment-size?url={}", urlencode(&target));
    // The Host header names the other service's port: not an origin of this gateway.
    let spoofed = browser
        .get(app.url("localhost", &path))
        .header("host", format!("localhost:{other}"))
        .header("x-requested-with", "XMLHttpRequest")
        .send()
        .await
        .expect("call");
    assert_eq!(spoofed.status(), StatusCode::MISDIRECTED_REQUEST);
    // With the real Host the link is on another origin: refused before any call.
    let honest = app.api(&browser, "localhost", &path).await;
    assert_eq!(honest.status(), StatusCode::BAD_REQUEST);
}

#[tokio::test]
async fn sign_in_never_builds_its_redirect_uri_from_a_foreign_port() {
    let app = TestApp::builder().spawn().await;
    let answer = exchange(
        &app,
        "GET /oidc/login HTTP/1.1\r\nHost: localhost:1\r\nConnection: close\r\n\r\n",
        Duration::from_secs(5),
    )
    .await;
    assert_eq!(status_of(&answer), Some(421), "{answer}");
    assert!(!answer.contains("localhost%3A1"), "{answer}");
}

#[tokio::test]
async fn an_absolute_target_names_the_tenant_and_two_hosts_are_a_400() {
    let app = TestApp::builder().spawn().await;
    let port = app.port;
    let config = |host: &str, target: &str| {
        format!("GET {target}/config-ui/config.json HTTP/1.1\r\n{host}Connection: close\r\n\r\n")
    };
    let globex = format!("http://globex.localhost:{port}");
    let answer =
        exchange(&app, &config(&format!("Host: globex.localhost:{port}\r\n"), &globex), Duration::from_secs(5)).await;
    assert_eq!(status_of(&answer), Some(200), "{answer}");
    assert!(answer.contains("Courses of globex"), "{answer}");
    // The target names globex, the Host acme: contradicting, refused.
    let answer = exchange(&app, &config(&format!("Host: localhost:{port}\r\n"), &globex), Duration::from_secs(5)).await;
    assert_eq!(status_of(&answer), Some(400), "{answer}");
    // Two Host headers.
    let two = format!("Host: localhost:{port}\r\nHost: globex.localhost:{port}\r\n");
    let answer = exchange(&app, &config(&two, ""), Duration::from_secs(5)).await;
    assert_eq!(status_of(&answer), Some(400), "{answer}");
}
