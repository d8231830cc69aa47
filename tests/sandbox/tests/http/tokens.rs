//! What the tokens say, userinfo, refresh rotation, end-session, token expiry, the API's checks of
//! issuer, audience, tenant and time on well-signed tokens, and trusted third-party issuers.

use std::collections::BTreeMap;

use base64::{Engine, engine::general_purpose::URL_SAFE_NO_PAD};
use lms_sandbox::{SandboxConfig, idp::external::ExternalIssuer};
use reqwest::{StatusCode, header::LOCATION};
use serde_json::{Value, json};

use crate::helpers::{Sandbox, code_of, jwt_parts};

#[tokio::test]
async fn tokens_carry_the_claims_the_gateway_reads() {
    let sb = Sandbox::start().await;
    let tokens = sb.tokens_for("acme", "ada").await;
    assert_eq!(tokens["token_type"], "Bearer");
    assert_eq!(tokens["expires_in"], 600);
    assert_eq!(tokens["scope"], "openid profile email offline_access");
    let jwks: Value = sb.browser.get(sb.url("t/acme/idp/jwks")).send().await.expect("jwks").json().await.expect("json");
    let kid = &jwks["keys"][0]["kid"];

    let (header, access) = jwt_parts(tokens["access_token"].as_str().expect("access"));
    assert_eq!((&header["alg"], &header["kid"]), (&Value::from("RS256"), kid));
    let me = sb.api_json("acme", tokens["access_token"].as_str().expect("at"), "users/me", &[]).await;
    assert_eq!(access["iss"], sb.issuer("acme"));
    assert_eq!(access["aud"], "learner-portal");
    assert_eq!(access["sub"], me["id"]);
    assert_eq!(access["tenant"], "acme");
    assert_eq!(access["exp"].as_i64().expect("exp") - access["iat"].as_i64().expect("iat"), 600);
    assert!(access["sid"].is_string());

    let (header, id) = jwt_parts(tokens["id_token"].as_str().expect("id"));
    assert_eq!(header["kid"], *kid);
    assert_eq!(id["iss"], sb.issuer("acme"));
    assert_eq!(id["aud"], "learner-portal");
    assert_eq!(id["sub"], me["id"]);
    assert_eq!(id["nonce"], "nn");
    assert_eq!(id["sid"], access["sid"]);
    assert_eq!(id["email"], "ada@acme.example");
    assert_eq!(id["name"], "Ada Lovelace");
    assert_eq!((&id["given_name"], &id["family_name"]), (&Value::from("Ada"), &Value::from("Lovelace")));
    assert_eq!(id["preferred_username"], "ada");
    assert!(id["auth_time"].as_i64().is_some_and(|t| t <= id["iat"].as_i64().unwrap_or(0)));
}

#[tokio::test]
async fn userinfo_answers_for_the_bearer() {
    let sb = Sandbox::start().await;
    let token = sb.access_token("globex", "linus").await;
    let info: Value = sb
        .browser
        .get(sb.url("t/globex/idp/userinfo"))
        .bearer_auth(&token)
        .send()
        .await
        .expect("userinfo")
        .json()
        .await
        .expect("json");
    assert_eq!(info["preferred_username"], "linus");
    assert_eq!(info["name"], "Linus Torvalds");
    assert_eq!(info["email"], "linus@globex.example");
    assert!(info["sub"].is_string());
    let anonymous = sb.browser.get(sb.url("t/globex/idp/userinfo")).send().await.expect("userinfo");
    assert_eq!(anonymous.status(), StatusCode::UNAUTHORIZED);
    let foreign = sb.browser.get(sb.url("t/acme/idp/userinfo")).bearer_auth(&token).send().await.expect("userinfo");
    assert_eq!(foreign.status(), StatusCode::UNAUTHORIZED);
}

#[tokio::test]
async fn refresh_tokens_rotate_and_a_reused_one_revokes_the_family() {
    let sb = Sandbox::start().await;
    let first = sb.tokens_for("acme", "ada").await;
    let r1 = first["refresh_token"].as_str().expect("rt").to_string();
    let second = sb.refresh("acme", &r1).await;
    assert_eq!(second.status(), StatusCode::OK);
    let second: Value = second.json().await.expect("json");
    let r2 = second["refresh_token"].as_str().expect("rt").to_string();
    assert_ne!(r1, r2);
    let access = second["access_token"].as_str().expect("at");
    assert_ne!(access, first["access_token"].as_str().expect("at"));
    assert_eq!(sb.api("acme", access, "users/me", &[]).await.status(), StatusCode::OK);
    assert_eq!(sb.refresh("globex", &r2).await.status(), StatusCode::BAD_REQUEST, "not globex's token");
    let reused = sb.refresh("acme", &r1).await;
    assert_eq!(reused.status(), StatusCode::BAD_REQUEST, "reuse refused");
    assert_eq!(reused.json::<Value>().await.expect("json")["error"], "invalid_grant");
    assert_eq!(sb.refresh("acme", &r2).await.status(), StatusCode::BAD_REQUEST, "family revoked");
    assert_eq!(sb.refresh("acme", "made-up").await.status(), StatusCode::BAD_REQUEST);
}

#[tokio::test]
async fn end_session_ends_single_sign_on_and_revokes_refresh_tokens() {
    let sb = Sandbox::start().await;
    let code = code_of(&sb.sign_in("acme", "ada", "demo").await);
    let tokens: Value = sb.exchange("acme", &code, crate::helpers::VERIFIER).await.json().await.expect("json");
    let logout = sb
        .browser
        .get(sb.url("t/acme/idp/logout"))
        .query(&[
            ("id_token_hint", tokens["id_token"].as_str().expect("id")),
            ("post_logout_redirect_uri", "http://localhost:9999/learn/"),
            ("state", "bye"),
            ("client_id", "learner-portal"),
        ])
        .send()
        .await
        .expect("logout");
    assert_eq!(logout.status(), StatusCode::FOUND);
    assert_eq!(logout.headers()[LOCATION], "http://localhost:9999/learn/?state=bye");
    let cleared = logout.headers()["set-cookie"].to_str().expect("ascii");
    assert!(cleared.contains("sandbox_sso=;") && cleared.contains("Max-Age=0"), "{cleared}");
    let form = sb.browser.get(sb.authorize_url("acme", &[])).send().await.expect("authorize");
    assert_eq!(form.status(), StatusCode::OK, "the form again");
    let refreshed = sb.refresh("acme", tokens["refresh_token"].as_str().expect("rt")).await;
    assert_eq!(refreshed.status(), StatusCode::BAD_REQUEST);

    let foreign = sb
        .browser
        .get(sb.url("t/acme/idp/logout"))
        .query(&[("post_logout_redirect_uri", "https://evil.example/")])
        .send()
        .await
        .expect("logout");
    assert_eq!(foreign.status(), StatusCode::OK, "no redirect to a foreign host");
    assert!(foreign.text().await.expect("html").contains("You are signed out"));
    let forged = sb
        .browser
        .get(sb.url("t/acme/idp/logout"))
        .query(&[("id_token_hint", "e30.e30.AAAA")])
        .send()
        .await
        .expect("logout");
    assert_eq!(forged.status(), StatusCode::BAD_REQUEST);
}

#[tokio::test]
async fn expired_access_tokens_are_refused() {
    let mut config = SandboxConfig::in_memory("127.0.0.1:0".parse().expect("addr"));
    config.access_token_ttl_secs = 1;
    let sb = Sandbox::start_with(config).await;
    let token = sb.access_token("acme", "ada").await;
    tokio::time::sleep(std::time::Duration::from_millis(2100)).await;
    let late = sb.api("acme", &token, "users/me", &[]).await;
    assert_eq!(late.status(), StatusCode::UNAUTHORIZED);
    let problem: Value = late.json().await.expect("problem");
    assert_eq!(problem["status"], 401);
}

#[tokio::test]
async fn a_well_signed_token_still_needs_this_issuer_audience_tenant_and_time() {
    // With a data folder the tenant's private key is a file the test can sign with.
    let dir = tempfile::tempdir().expect("tempdir");
    let mut config = SandboxConfig::in_memory("127.0.0.1:0".parse().expect("addr"));
    config.data_dir = Some(dir.path().to_path_buf());
    let sb = Sandbox::start_with(config).await;
    let tokens = sb.tokens_for("acme", "ada").await;
    let (header, claims) = jwt_parts(tokens["access_token"].as_str().expect("access token"));
    let id_token = sb.api("acme", tokens["id_token"].as_str().expect("id token"), "users/me", &[]).await;
    assert_eq!(id_token.status(), StatusCode::UNAUTHORIZED, "an ID token is no access token");
    let pem = std::fs::read(dir.path().join("keys").join("acme.pem")).expect("acme's key");
    let key = jsonwebtoken::EncodingKey::from_rsa_pem(&pem).expect("an RSA key");
    let mut jwt_header = jsonwebtoken::Header::new(jsonwebtoken::Algorithm::RS256);
    jwt_header.kid = header["kid"].as_str().map(String::from);
    let signed_with = |changes: Value| {
        let mut changed = claims.clone();
        for (name, value) in changes.as_object().expect("claims") {
            changed[name] = value.clone();
        }
        jsonwebtoken::encode(&jwt_header, &changed, &key).expect("sign")
    };
    let unchanged = sb.api("acme", &signed_with(json!({})), "users/me", &[]).await;
    assert_eq!(unchanged.status(), StatusCode::OK, "the same claims signed again are accepted");
    let now = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).expect("time").as_secs() as i64;
    for (what, change) in [
        ("another issuer", json!({ "iss": sb.issuer("globex") })),
        ("an issuer of another host", json!({ "iss": "https://idp.example/t/acme/idp" })),
        ("another audience", json!({ "aud": "another-client" })),
        ("expired a second ago", json!({ "exp": now - 1 })),
        ("another tenant's claim", json!({ "tenant": "globex" })),
    ] {
        let response = sb.api("acme", &signed_with(change), "users/me", &[]).await;
        assert_eq!(response.status(), StatusCode::UNAUTHORIZED, "{what}");
        assert!(response.headers()["www-authenticate"].to_str().expect("ascii").contains("invalid_token"), "{what}");
        let problem: Value = response.json().await.expect("problem");
        assert!(problem["detail"].as_str().is_some_and(|d| !d.is_empty()), "{what}: {problem}");
    }
}

#[tokio::test]
async fn a_tenant_can_trust_a_third_party_issuer_through_its_jwks() {
    // A second sandbox plays the third party: its globex issuer signs the tokens.
    let third_party = Sandbox::start().await;
    let issuer = third_party.issuer("globex");
    let token = third_party.access_token("globex", "linus").await;
    let (_, claims) = jwt_parts(&token);
    let trusted = |tenant: &str, usernames: BTreeMap<String, String>| ExternalIssuer {
        tenant: tenant.into(),
        issuer: issuer.clone(),
        jwks_uri: format!("{issuer}/jwks").parse().expect("url"),
        audience: "learner-portal".into(),
        usernames,
    };
    let mut config = SandboxConfig::in_memory("127.0.0.1:0".parse().expect("addr"));
    let subject = claims["sub"].as_str().expect("sub").to_string();
    config.external_issuers = vec![
        trusted("acme", BTreeMap::from([(subject, "ada".to_string())])),
        // No table: subjects are matched by an email claim.
        trusted("globex", BTreeMap::new()),
    ];
    let sb = Sandbox::start_with(config).await;
    // The keys are fetched in the background after the start.
    let mut me = sb.api("acme", &token, "users/me", &[]).await;
    for _ in 0..50 {
        if me.status() == StatusCode::OK {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
        me = sb.api("acme", &token, "users/me", &[]).await;
    }
    assert_eq!(me.status(), StatusCode::OK, "the third party's token is accepted once its keys are known");
    assert_eq!(me.json::<Value>().await.expect("json")["email"], "ada@acme.example", "mapped by the table");
    // The dev issuer's access tokens carry no email: an unmapped subject is no user here.
    let mut detail = String::new();
    for _ in 0..50 {
        let unmapped = sb.api("globex", &token, "users/me", &[]).await;
        assert_eq!(unmapped.status(), StatusCode::UNAUTHORIZED);
        detail = unmapped.json::<Value>().await.expect("problem")["detail"].as_str().unwrap_or_default().to_string();
        if detail.contains("no user of this tenant") {
            break;
        }
        // Until the keys are fetched the signature cannot be checked yet.
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    assert!(detail.contains("no user of this tenant"), "an unmapped subject: {detail}");

    let mut parts: Vec<String> = token.split('.').map(String::from).collect();
    parts[2] = URL_SAFE_NO_PAD.encode([0u8; 256]);
    let forged = sb.api("acme", &parts.join("."), "users/me", &[]).await;
    assert_eq!(forged.status(), StatusCode::UNAUTHORIZED, "a bad signature of the trusted issuer");
    let untrusted = third_party.access_token("acme", "ada").await;
    assert_eq!(
        sb.api("acme", &untrusted, "users/me", &[]).await.status(),
        StatusCode::UNAUTHORIZED,
        "an issuer nobody named"
    );
}
