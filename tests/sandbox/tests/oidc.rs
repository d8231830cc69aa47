//! The dev issuer over HTTP: discovery, keys, the code flow with PKCE, refresh rotation,
//! single sign-on and end-session.

use std::collections::HashMap;

use base64::{Engine, engine::general_purpose::URL_SAFE_NO_PAD};
use lms_sandbox::{RunningSandbox, SandboxConfig, spawn};
use reqwest::{StatusCode, header::LOCATION, redirect::Policy};
use serde_json::Value;
use sha2::{Digest, Sha256};

const VERIFIER: &str = "a-verifier-of-at-least-forty-three-characters-0123456789";
const REDIRECT: &str = "http://localhost:9999/oidc/callback";

async fn sandbox() -> (RunningSandbox, reqwest::Client) {
    let s = spawn(SandboxConfig::in_memory("127.0.0.1:0".parse().expect("addr"))).await.expect("sandbox");
    let client = reqwest::Client::builder().cookie_store(true).redirect(Policy::none()).build().expect("client");
    (s, client)
}

fn challenge(verifier: &str) -> String {
    URL_SAFE_NO_PAD.encode(Sha256::digest(verifier.as_bytes()))
}

fn authorize_url(s: &RunningSandbox, tenant: &str) -> String {
    format!(
        "{}t/{tenant}/idp/authorize?response_type=code&client_id=learner-portal&redirect_uri={}&scope=openid%20profile&state=st&nonce=nn&code_challenge={}&code_challenge_method=S256",
        s.base_url(),
        url::form_urlencoded::byte_serialize(REDIRECT.as_bytes()).collect::<String>(),
        challenge(VERIFIER)
    )
}

/// Posts the sign-in form of `tenant`; returns the issuer's answer.
async fn sign_in(
    s: &RunningSandbox,
    client: &reqwest::Client,
    tenant: &str,
    user: &str,
    password: &str,
) -> reqwest::Response {
    let page = client.get(authorize_url(s, tenant)).send().await.expect("authorize");
    assert_eq!(page.status(), StatusCode::OK);
    let html = page.text().await.expect("html");
    let mut fields: Vec<(String, String)> = html
        .split("<input type=\"hidden\" ")
        .skip(1)
        .filter_map(|chunk| {
            let name = chunk.split("name=\"").nth(1)?.split('"').next()?;
            let value = chunk.split("value=\"").nth(1)?.split('"').next()?;
            Some((name.to_string(), value.replace("&amp;", "&")))
        })
        .collect();
    fields.push(("username".into(), user.into()));
    fields.push(("password".into(), password.into()));
    client.post(format!("{}t/{tenant}/idp/authorize", s.base_url())).form(&fields).send().await.expect("post")
}

fn code_of(response: &reqwest::Response) -> String {
    let location = url::Url::parse(response.headers()[LOCATION].to_str().expect("ascii")).expect("url");
    let query: HashMap<_, _> = location.query_pairs().into_owned().collect();
    assert_eq!(query["state"], "st");
    query["code"].clone()
}

async fn exchange(
    s: &RunningSandbox,
    client: &reqwest::Client,
    tenant: &str,
    code: &str,
    verifier: &str,
) -> reqwest::Response {
    client
        .post(format!("{}t/{tenant}/idp/token", s.base_url()))
        .basic_auth("learner-portal", Some("demo-secret"))
        .form(&[
            ("grant_type", "authorization_code"),
            ("code", code),
            ("redirect_uri", REDIRECT),
            ("code_verifier", verifier),
        ])
        .send()
        .await
        .expect("token")
}

#[tokio::test]
async fn discovery_names_the_endpoints_and_keys() {
    let (s, client) = sandbox().await;
    let d: Value = client
        .get(format!("{}t/acme/idp/.well-known/openid-configuration", s.base_url()))
        .send()
        .await
        .expect("d")
        .json()
        .await
        .expect("json");
    assert_eq!(d["issuer"], format!("{}t/acme/idp", s.base_url()));
    assert_eq!(d["code_challenge_methods_supported"], serde_json::json!(["S256"]));
    let jwks: Value =
        client.get(d["jwks_uri"].as_str().expect("uri")).send().await.expect("jwks").json().await.expect("json");
    assert_eq!(jwks["keys"][0]["alg"], "RS256");
    assert!(jwks["keys"][0]["n"].as_str().expect("n").len() > 300);
    let missing =
        client.get(format!("{}t/nobody/idp/.well-known/openid-configuration", s.base_url())).send().await.expect("d");
    assert_eq!(missing.status(), StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn code_flow_checks_pkce_and_codes_are_single_use() {
    let (s, client) = sandbox().await;
    let wrong_password = sign_in(&s, &client, "acme", "ada", "nope").await;
    assert_eq!(wrong_password.status(), StatusCode::UNAUTHORIZED);
    assert!(wrong_password.text().await.expect("html").contains("role=\"alert\""));

    let back = sign_in(&s, &client, "acme", "ada", "demo").await;
    assert_eq!(back.status(), StatusCode::FOUND);
    let code = code_of(&back);
    let refused = exchange(&s, &client, "acme", &code, "another-verifier-of-at-least-forty-three-characters-xx").await;
    assert_eq!(refused.status(), StatusCode::BAD_REQUEST);
    // The failed attempt used the code up.
    let reused = exchange(&s, &client, "acme", &code, VERIFIER).await;
    assert_eq!(reused.status(), StatusCode::BAD_REQUEST);

    // Single sign-on: the issuer remembers ada and issues a new code without the form.
    let sso = client.get(authorize_url(&s, "acme")).send().await.expect("authorize");
    assert_eq!(sso.status(), StatusCode::FOUND);
    let tokens: Value = exchange(&s, &client, "acme", &code_of(&sso), VERIFIER).await.json().await.expect("json");
    assert_eq!(tokens["token_type"], "Bearer");
    for key in ["access_token", "id_token", "refresh_token"] {
        assert!(tokens[key].is_string(), "{key} in {tokens}");
    }
    let bad_client = client
        .post(format!("{}t/acme/idp/token", s.base_url()))
        .basic_auth("learner-portal", Some("wrong"))
        .form(&[("grant_type", "refresh_token"), ("refresh_token", tokens["refresh_token"].as_str().expect("rt"))])
        .send()
        .await
        .expect("token");
    assert_eq!(bad_client.status(), StatusCode::UNAUTHORIZED);
}

async fn tokens_for(s: &RunningSandbox, client: &reqwest::Client, tenant: &str, user: &str) -> Value {
    let code = code_of(&sign_in(s, client, tenant, user, "demo").await);
    exchange(s, client, tenant, &code, VERIFIER).await.json().await.expect("json")
}

async fn refresh(s: &RunningSandbox, client: &reqwest::Client, token: &str) -> reqwest::Response {
    client
        .post(format!("{}t/acme/idp/token", s.base_url()))
        .form(&[
            ("grant_type", "refresh_token"),
            ("refresh_token", token),
            ("client_id", "learner-portal"),
            ("client_secret", "demo-secret"),
        ])
        .send()
        .await
        .expect("refresh")
}

#[tokio::test]
async fn refresh_tokens_rotate_and_a_reused_one_revokes_the_family() {
    let (s, client) = sandbox().await;
    let first = tokens_for(&s, &client, "acme", "ada").await;
    let r1 = first["refresh_token"].as_str().expect("rt").to_string();
    let second: Value = refresh(&s, &client, &r1).await.json().await.expect("json");
    let r2 = second["refresh_token"].as_str().expect("rt").to_string();
    assert_ne!(r1, r2);
    assert_eq!(refresh(&s, &client, &r1).await.status(), StatusCode::BAD_REQUEST, "reuse refused");
    assert_eq!(refresh(&s, &client, &r2).await.status(), StatusCode::BAD_REQUEST, "family revoked");
}

#[tokio::test]
async fn the_api_accepts_only_this_tenants_valid_tokens() {
    let (s, client) = sandbox().await;
    let me = |tenant: &str, token: Option<&str>| {
        let mut request = client.get(format!("{}t/{tenant}/api/users/me", s.base_url()));
        if let Some(t) = token {
            request = request.bearer_auth(t);
        }
        request.send()
    };
    assert_eq!(me("acme", None).await.expect("me").status(), StatusCode::UNAUTHORIZED);
    assert_eq!(me("acme", Some("not.a.jwt")).await.expect("me").status(), StatusCode::UNAUTHORIZED);
    let acme = tokens_for(&s, &client, "acme", "ada").await;
    let access = acme["access_token"].as_str().expect("at");
    let profile: Value = me("acme", Some(access)).await.expect("me").json().await.expect("json");
    assert_eq!(profile["first_name"], "Ada");
    assert_eq!(profile["tenant_id"], "acme");
    assert_eq!(profile["permissions"][0]["name"], "ObjectiveWorkflow.Create");
    let other = me("globex", Some(access)).await.expect("me");
    assert_eq!(other.status(), StatusCode::UNAUTHORIZED, "another tenant's token");
    assert!(other.headers()["www-authenticate"].to_str().expect("ascii").contains("invalid_token"));
    // A token whose signature was tampered with.
    let mut parts: Vec<String> = access.split('.').map(String::from).collect();
    parts[2] = URL_SAFE_NO_PAD.encode([0u8; 256]);
    assert_eq!(me("acme", Some(&parts.join("."))).await.expect("me").status(), StatusCode::UNAUTHORIZED);
}

#[tokio::test]
async fn end_session_ends_single_sign_on_and_revokes_refresh_tokens() {
    let (s, client) = sandbox().await;
    let tokens = tokens_for(&s, &client, "acme", "ada").await;
    let logout = client
        .get(format!("{}t/acme/idp/logout", s.base_url()))
        .query(&[
            ("id_token_hint", tokens["id_token"].as_str().expect("id")),
            ("post_logout_redirect_uri", "http://localhost:9999/learn/"),
        ])
        .send()
        .await
        .expect("logout");
    assert_eq!(logout.status(), StatusCode::FOUND);
    assert_eq!(logout.headers()[LOCATION], "http://localhost:9999/learn/");
    assert_eq!(
        client.get(authorize_url(&s, "acme")).send().await.expect("authorize").status(),
        StatusCode::OK,
        "form again"
    );
    let refreshed = refresh(&s, &client, tokens["refresh_token"].as_str().expect("rt")).await;
    assert_eq!(refreshed.status(), StatusCode::BAD_REQUEST);
    let foreign = client
        .get(format!("{}t/acme/idp/logout", s.base_url()))
        .query(&[("post_logout_redirect_uri", "https://evil.example/")])
        .send()
        .await
        .expect("logout");
    assert_eq!(foreign.status(), StatusCode::OK, "no redirect to a foreign host");
}

#[tokio::test]
async fn authorize_refuses_unknown_clients_and_missing_pkce() {
    let (s, client) = sandbox().await;
    let base = format!("{}t/acme/idp/authorize", s.base_url());
    let unknown = client
        .get(format!("{base}?response_type=code&client_id=x&redirect_uri={REDIRECT}&scope=openid"))
        .send()
        .await
        .expect("a");
    assert_eq!(unknown.status(), StatusCode::BAD_REQUEST);
    let foreign = client
        .get(format!("{base}?response_type=code&client_id=learner-portal&redirect_uri=https://evil.example/oidc/callback&scope=openid"))
        .send()
        .await
        .expect("a");
    assert_eq!(foreign.status(), StatusCode::BAD_REQUEST, "never redirects to an unregistered URI");
    let no_pkce = client
        .get(format!(
            "{base}?response_type=code&client_id=learner-portal&redirect_uri={REDIRECT}&scope=openid&state=st"
        ))
        .send()
        .await
        .expect("a");
    assert_eq!(no_pkce.status(), StatusCode::FOUND);
    assert!(no_pkce.headers()[LOCATION].to_str().expect("ascii").contains("error=invalid_request"));
}
