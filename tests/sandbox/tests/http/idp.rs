//! `/t/{tenant}/idp`: discovery, keys, the sign-in form, the code flow with PKCE, single sign-on.

use reqwest::{StatusCode, header::LOCATION};
use serde_json::{Value, json};

use crate::helpers::{REDIRECT, Sandbox, VERIFIER, browser, code_of, location_query};

#[tokio::test]
async fn discovery_names_the_endpoints_and_each_tenant_has_its_own_key() {
    let sb = Sandbox::start().await;
    let mut kids = Vec::new();
    for tenant in ["acme", "globex"] {
        let d: Value = sb
            .browser
            .get(sb.url(&format!("t/{tenant}/idp/.well-known/openid-configuration")))
            .send()
            .await
            .expect("discovery")
            .json()
            .await
            .expect("json");
        let issuer = sb.issuer(tenant);
        assert_eq!(d["issuer"], issuer);
        assert!(!issuer.ends_with('/'));
        for (field, path) in [
            ("authorization_endpoint", "authorize"),
            ("token_endpoint", "token"),
            ("userinfo_endpoint", "userinfo"),
            ("jwks_uri", "jwks"),
            ("end_session_endpoint", "logout"),
        ] {
            assert_eq!(d[field], format!("{issuer}/{path}"), "{field}");
        }
        assert_eq!(d["response_types_supported"], json!(["code"]));
        assert_eq!(d["code_challenge_methods_supported"], json!(["S256"]));
        assert_eq!(d["id_token_signing_alg_values_supported"], json!(["RS256"]));
        assert_eq!(d["grant_types_supported"], json!(["authorization_code", "refresh_token"]));
        assert_eq!(d["token_endpoint_auth_methods_supported"], json!(["client_secret_basic", "client_secret_post"]));
        let jwks: Value = sb
            .browser
            .get(d["jwks_uri"].as_str().expect("uri"))
            .send()
            .await
            .expect("jwks")
            .json()
            .await
            .expect("json");
        let key = &jwks["keys"][0];
        assert_eq!(key["kty"], "RSA");
        assert_eq!(key["use"], "sig");
        assert_eq!(key["alg"], "RS256");
        assert_eq!(key["e"], "AQAB");
        assert!(key["n"].as_str().expect("n").len() > 300, "a 2048-bit modulus");
        kids.push(key["kid"].as_str().expect("kid").to_string());
    }
    assert_ne!(kids[0], kids[1], "acme and globex sign with different keys");
    let missing = sb.browser.get(sb.url("t/nobody/idp/.well-known/openid-configuration")).send().await.expect("d");
    assert_eq!(missing.status(), StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn the_sign_in_page_is_accessible_and_escapes_what_it_repeats() {
    let sb = Sandbox::start().await;
    let hint = "<ada>\"&'";
    let page = sb.browser.get(sb.authorize_url("acme", &[("login_hint", hint)])).send().await.expect("authorize");
    assert_eq!(page.status(), StatusCode::OK);
    let html = page.text().await.expect("html");
    for needle in [
        "<html lang=\"en\"",
        "<title>Sign in to Acme</title>",
        "<main>",
        "<h1>Sign in to Acme</h1>",
        "<label for=\"username\">",
        "<label for=\"password\">",
        "name=\"username\"",
        "name=\"password\"",
        "type=\"password\"",
        "<button type=\"submit\">Sign in</button>",
        "action=\"/t/acme/idp/authorize\"",
        "method=\"post\"",
        "value=\"&lt;ada&gt;&quot;&amp;&#39;\"",
    ] {
        assert!(html.contains(needle), "{needle} in {html}");
    }
    assert!(!html.contains(hint), "the hint is escaped");
    let globex = sb.browser.get(sb.authorize_url("globex", &[])).send().await.expect("authorize");
    assert!(globex.text().await.expect("html").contains("<h1>Sign in to Globex</h1>"));
}

#[tokio::test]
async fn code_flow_checks_credentials_pkce_and_single_use_codes() {
    let sb = Sandbox::start().await;
    let wrong_password = sb.sign_in_with(&browser(), "acme", "ada", "nope").await;
    assert_eq!(wrong_password.status(), StatusCode::UNAUTHORIZED);
    let html = wrong_password.text().await.expect("html");
    assert!(html.contains("role=\"alert\""), "{html}");
    assert!(html.contains("name=\"code_challenge\""), "the form keeps the request");

    let back = sb.sign_in_with(&browser(), "acme", "ada", "demo").await;
    assert_eq!(back.status(), StatusCode::FOUND);
    let query = location_query(&back);
    assert_eq!(query["iss"], sb.issuer("acme"));
    assert!(back.headers()[LOCATION].to_str().expect("ascii").starts_with(&format!("{REDIRECT}?")));
    let code = code_of(&back);
    let refused = sb.exchange("acme", &code, "another-verifier-of-at-least-forty-three-characters-xx").await;
    assert_eq!(refused.status(), StatusCode::BAD_REQUEST);
    assert_eq!(refused.json::<Value>().await.expect("json")["error"], "invalid_grant");
    // The failed attempt used the code up.
    let reused = sb.exchange("acme", &code, VERIFIER).await;
    assert_eq!(reused.status(), StatusCode::BAD_REQUEST);

    let code = code_of(&sb.sign_in_with(&browser(), "acme", "ada", "demo").await);
    assert_eq!(sb.exchange("acme", &code, VERIFIER).await.status(), StatusCode::OK);
    let again = sb.exchange("acme", &code, VERIFIER).await;
    assert_eq!(again.status(), StatusCode::BAD_REQUEST, "a code works once");
    assert_eq!(again.json::<Value>().await.expect("json")["error"], "invalid_grant");
}

#[tokio::test]
async fn the_token_endpoint_checks_the_client_and_the_redirect_uri() {
    let sb = Sandbox::start().await;
    let code = code_of(&sb.sign_in("acme", "ada", "demo").await);
    let token_url = sb.url("t/acme/idp/token");
    let wrong_secret = sb
        .browser
        .post(&token_url)
        .basic_auth("learner-portal", Some("wrong"))
        .form(&[("grant_type", "authorization_code"), ("code", &code), ("redirect_uri", REDIRECT)])
        .send()
        .await
        .expect("token");
    assert_eq!(wrong_secret.status(), StatusCode::UNAUTHORIZED);
    assert_eq!(wrong_secret.json::<Value>().await.expect("json")["error"], "invalid_client");
    let other_redirect = sb
        .browser
        .post(&token_url)
        .form(&[
            ("grant_type", "authorization_code"),
            ("code", code.as_str()),
            ("redirect_uri", "http://localhost:9998/oidc/callback"),
            ("code_verifier", VERIFIER),
            ("client_id", "learner-portal"),
            ("client_secret", "demo-secret"),
        ])
        .send()
        .await
        .expect("token");
    assert_eq!(other_redirect.status(), StatusCode::BAD_REQUEST);
    assert_eq!(other_redirect.json::<Value>().await.expect("json")["error"], "invalid_grant");
}

#[tokio::test]
async fn users_of_one_tenant_cannot_sign_in_at_the_other() {
    let sb = Sandbox::start().await;
    assert_eq!(sb.sign_in_with(&browser(), "acme", "linus", "demo").await.status(), StatusCode::UNAUTHORIZED);
    assert_eq!(sb.sign_in_with(&browser(), "globex", "ada", "demo").await.status(), StatusCode::UNAUTHORIZED);
    assert_eq!(sb.sign_in_with(&browser(), "globex", "linus", "demo").await.status(), StatusCode::FOUND);
}

#[tokio::test]
async fn single_sign_on_skips_the_form_unless_prompt_login() {
    let sb = Sandbox::start().await;
    let back = sb.sign_in("acme", "ada", "demo").await;
    let cookie = back.headers()["set-cookie"].to_str().expect("ascii").to_string();
    for part in ["sandbox_sso=", "Path=/t/acme/idp", "HttpOnly", "SameSite=Lax"] {
        assert!(cookie.contains(part), "{part} in {cookie}");
    }
    let sso = sb.browser.get(sb.authorize_url("acme", &[])).send().await.expect("authorize");
    assert_eq!(sso.status(), StatusCode::FOUND, "no form with a session");
    let tokens: Value = sb.exchange("acme", &code_of(&sso), VERIFIER).await.json().await.expect("json");
    assert!(tokens["access_token"].is_string());
    let forced = sb.browser.get(sb.authorize_url("acme", &[("prompt", "login")])).send().await.expect("authorize");
    assert_eq!(forced.status(), StatusCode::OK, "prompt=login shows the form");
    let other = sb.browser.get(sb.authorize_url("globex", &[])).send().await.expect("authorize");
    assert_eq!(other.status(), StatusCode::OK, "the session is acme's only");
}

#[tokio::test]
async fn authorize_refuses_unknown_clients_foreign_redirects_and_missing_pkce() {
    let sb = Sandbox::start().await;
    let base = sb.url("t/acme/idp/authorize");
    let get = |query: Vec<(&'static str, &'static str)>| sb.browser.get(&base).query(&query).send();
    let request = |overrides: &[(&'static str, &'static str)], without: &[&str]| {
        let mut q: Vec<(&'static str, &'static str)> = vec![
            ("response_type", "code"),
            ("client_id", "learner-portal"),
            ("redirect_uri", REDIRECT),
            ("scope", "openid"),
            ("state", "st"),
            ("code_challenge", "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM"),
            ("code_challenge_method", "S256"),
        ];
        q.retain(|(k, _)| !without.contains(k) && !overrides.iter().any(|(o, _)| o == k));
        q.extend_from_slice(overrides);
        q
    };
    let unknown = get(request(&[("client_id", "x")], &[])).await.expect("a");
    assert_eq!(unknown.status(), StatusCode::BAD_REQUEST);
    assert!(unknown.headers().get(LOCATION).is_none());
    for redirect in [
        "https://evil.example/oidc/callback",
        "http://localhost:9999/other",
        "javascript:alert(1)",
        "http://localhost.evil.example/oidc/callback",
    ] {
        let foreign = get(request(&[("redirect_uri", redirect)], &[])).await.expect("a");
        assert_eq!(foreign.status(), StatusCode::BAD_REQUEST, "{redirect} is never a redirect target");
    }
    for ok in
        ["http://127.0.0.1:1/oidc/callback", "https://acme.localhost/oidc/callback", "http://[::1]:8080/oidc/callback"]
    {
        let fine = get(request(&[("redirect_uri", ok)], &[])).await.expect("a");
        assert_eq!(fine.status(), StatusCode::OK, "{ok} is allowed");
    }
    for (overrides, without, error) in [
        (vec![], vec!["code_challenge"], "invalid_request"),
        (vec![("code_challenge_method", "plain")], vec![], "invalid_request"),
        (vec![("scope", "profile")], vec![], "invalid_scope"),
        (vec![("response_type", "token")], vec![], "unsupported_response_type"),
    ] {
        let answer = get(request(&overrides, &without)).await.expect("a");
        assert_eq!(answer.status(), StatusCode::FOUND);
        let query = location_query(&answer);
        assert_eq!((query["error"].as_str(), query["state"].as_str()), (error, "st"), "{overrides:?} {without:?}");
    }
}
