//! `/oidc/logout`: ends the session here and at the issuer.

use reqwest::{StatusCode, header::SET_COOKIE};

use crate::helpers::{ada, location};

#[tokio::test]
async fn logout_ends_the_session_here_and_at_the_issuer() {
    let (app, browser) = ada().await;
    let response = browser
        .post(app.url("localhost", "/oidc/logout"))
        .header("origin", app.url("localhost", ""))
        .send()
        .await
        .expect("logout");
    assert_eq!(response.status(), StatusCode::FOUND);
    let cleared = response.headers().get(SET_COOKIE).expect("cookie cleared").to_str().expect("ascii");
    assert!(cleared.starts_with("lp_session=;") && cleared.contains("Max-Age=0"), "{cleared}");
    let end_session = url::Url::parse(&location(response.headers())).expect("url");
    assert!(end_session.as_str().starts_with(&format!("{}t/acme/idp/logout", app.sandbox_url)));
    let query: std::collections::HashMap<_, _> = end_session.query_pairs().into_owned().collect();
    assert!(query.contains_key("id_token_hint"), "{end_session}");
    assert_eq!(query["post_logout_redirect_uri"], app.url("localhost", "/learn/"));

    // The gateway forgot the session.
    let session = app.api(&browser, "localhost", "/api/bff/session").await;
    assert_eq!(session.status(), StatusCode::UNAUTHORIZED);

    // The issuer ends its own session and sends the browser back to the portal...
    let back = browser.get(end_session.as_str()).send().await.expect("end session");
    assert_eq!(back.status(), StatusCode::FOUND);
    assert_eq!(location(back.headers()), app.url("localhost", "/learn/"));
    // ...and the next login asks for credentials again.
    let authorize = app.start_login(&browser, "localhost", None).await;
    let page = browser.get(authorize).send().await.expect("authorize");
    assert_eq!(page.status(), StatusCode::OK, "sign-in form, not single sign-on");
}

#[tokio::test]
async fn logout_from_another_site_is_refused() {
    let (app, browser) = ada().await;
    let response = browser
        .post(app.url("localhost", "/oidc/logout"))
        .header("origin", "http://evil.example")
        .send()
        .await
        .expect("logout");
    assert_eq!(response.status(), StatusCode::FORBIDDEN);
    assert_eq!(app.api(&browser, "localhost", "/api/bff/session").await.status(), StatusCode::OK);
}
