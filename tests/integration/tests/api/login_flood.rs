//! `GET /oidc/login` without a cookie costs the gateway nothing to keep: started logins live
//! sealed in the browser's own cookie. A flood of anonymous logins cannot push out the login
//! a real user is in the middle of.

use reqwest::StatusCode;

use crate::helpers::{TestApp, location, plain_client};

#[tokio::test]
async fn anonymous_login_floods_do_not_cost_other_users_their_sign_in() {
    // A small session cap: the gateway used to keep started logins in a cache of this size.
    // The limit per client address is lifted, so the whole flood reaches the sign-in (the limit
    // itself is tested in `login_rate_limit`).
    let toml = "[session]\nmax_sessions = 20\n\
                [login_rate_limit]\nrequests_per_minute = 1000000\nburst = 100000\nmax_clients = 1000\n";
    let app = TestApp::builder().config(toml).spawn().await;
    let flood = plain_client(app.port);
    let mut browsers = Vec::new();
    let flood_logins = |n: usize| {
        let (flood, url) = (flood.clone(), app.url("localhost", "/oidc/login"));
        async move {
            for _ in 0..n {
                let response = flood.get(&url).send().await.expect("flood");
                assert_eq!(response.status(), StatusCode::FOUND);
            }
        }
    };
    for round in 0..3 {
        // Anonymous clients start logins they never finish...
        flood_logins(150).await;
        // ...a real user starts signing in...
        let browser = app.browser();
        let authorize = app.start_login(&browser, "localhost", Some(&app.url("localhost", "/learn/courses"))).await;
        // ...and the flood goes on...
        flood_logins(150).await;
        // ...and the user's sign-in still completes, to the page they asked for.
        let back = app.submit_credentials(&browser, &authorize, "ada", "demo").await;
        let done = browser.get(location(back.headers())).send().await.expect("callback");
        assert_eq!(done.status(), StatusCode::FOUND, "round {round}");
        assert_eq!(location(done.headers()), app.url("localhost", "/learn/courses"), "round {round}");
        browsers.push(browser);
    }
    for browser in &browsers {
        assert_eq!(app.api(browser, "localhost", "/api/bff/session").await.status(), StatusCode::OK);
    }
}

#[tokio::test]
async fn a_tampered_pending_login_cookie_signs_no_one_in() {
    let app = TestApp::builder().config("").spawn().await;
    let browser = app.browser();
    let authorize = app.start_login(&browser, "localhost", None).await;
    let back = app.submit_credentials(&browser, &authorize, "ada", "demo").await;
    let callback = location(back.headers());
    // Another client with the callback URL but a forged cookie: nothing opens it.
    let forged = plain_client(app.port)
        .get(&callback)
        .header("cookie", "lp_login=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA")
        .send()
        .await
        .expect("callback");
    assert_eq!(forged.status(), StatusCode::FOUND);
    assert_eq!(location(forged.headers()), app.url("localhost", "/learn/"));
    assert!(forged.headers().get("set-cookie").is_none_or(|c| !c.to_str().unwrap_or("").starts_with("lp_session=")));
}
