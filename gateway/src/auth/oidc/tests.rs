//! Tests of the OIDC client against a stand-in issuer: key rotation, refused signing
//! algorithms, and the ID token checks (issuer, audience, expiry, nonce).

use std::sync::{
    Arc, Mutex,
    atomic::{AtomicUsize, Ordering},
};

use axum::{Json, Router, extract::State, routing::get};
use serde_json::json;

use super::*;

/// A key from RFC 7517's examples; only its id matters here.
const N: &str = "0vx7agoebGcQSuuPiLJXZptN9nndrQmbXEps2aiAFbWhM78LhWx4cbbfAAtVT86zwu1RK7aPFFxuhDR1L6tSoc_BJECPebWKRXjBZCiFV4n3oknjhMstn64tZ_2W-5JsGY4Hc5n9yBXArwl93lqt7_RN5w6Cf0h4QyQ5v-65YGjQR0_FDW2QvzqY368QQMicAtaSqzs8KJZgnYb9c7d0zgdAZHzu6qMQvRL5hajrn1n91CbOpbISD08qNLyrdkt-bFTWhAI4vMQFh6WeZu0fM4lFd2NcRwr3XPksINHaQ-G_xBniIqbw0Ls1jF44-csFCur-kEgU8awapJzKnqDKgw";

/// Makes the ID token the token endpoint answers, given the issuer URL.
type MakeIdToken = Arc<dyn Fn(&str) -> String + Send + Sync>;

/// A real RSA key, made once for the tests that sign ID tokens, and its JWK modulus.
static RSA_KEY: std::sync::LazyLock<(jsonwebtoken::EncodingKey, String)> = std::sync::LazyLock::new(|| {
    use rsa::{pkcs1::EncodeRsaPrivateKey, traits::PublicKeyParts};
    let key = rsa::RsaPrivateKey::new(&mut rsa::rand_core::OsRng, 2048).expect("generating a key");
    let pem = key.to_pkcs1_pem(rsa::pkcs1::LineEnding::LF).expect("pem");
    let n = URL_SAFE_NO_PAD.encode(key.n().to_bytes_be());
    (jsonwebtoken::EncodingKey::from_rsa_pem(pem.as_bytes()).expect("key"), n)
});

#[derive(Clone)]
struct Issuer {
    base: Arc<Mutex<String>>,
    kid: Arc<Mutex<String>>,
    modulus: Arc<Mutex<String>>,
    jwks_reads: Arc<AtomicUsize>,
    id_token: Arc<Mutex<MakeIdToken>>,
}

/// A local issuer serving discovery and a one-key JWKS whose key id the test changes.
async fn issuer() -> (Url, Issuer) {
    let state = Issuer {
        base: Arc::new(Mutex::new(String::new())),
        kid: Arc::new(Mutex::new("k1".into())),
        modulus: Arc::new(Mutex::new(N.into())),
        jwks_reads: Arc::new(AtomicUsize::new(0)),
        id_token: Arc::new(Mutex::new(Arc::new(|_: &str| String::new()))),
    };
    let app = Router::new()
        .route(
            "/.well-known/openid-configuration",
            get(|State(s): State<Issuer>| async move {
                let base = s.base.lock().expect("lock").clone();
                Json(json!({
                    "issuer": base, "authorization_endpoint": format!("{base}/auth"),
                    "token_endpoint": format!("{base}/token"), "jwks_uri": format!("{base}/jwks"),
                    "response_types_supported": ["code"], "subject_types_supported": ["public"],
                    "id_token_signing_alg_values_supported": ["RS256", "HS256", "none"],
                }))
            }),
        )
        .route(
            "/jwks",
            get(|State(s): State<Issuer>| async move {
                s.jwks_reads.fetch_add(1, Ordering::SeqCst);
                let kid = s.kid.lock().expect("lock").clone();
                let n = s.modulus.lock().expect("lock").clone();
                Json(json!({ "keys": [{ "kty": "RSA", "use": "sig", "alg": "RS256", "kid": kid, "n": n, "e": "AQAB" }] }))
            }),
        )
        .route(
            "/token",
            axum::routing::post(|State(s): State<Issuer>| async move {
                let base = s.base.lock().expect("lock").clone();
                let make = s.id_token.lock().expect("lock").clone();
                Json(json!({
                    "access_token": "a", "token_type": "Bearer", "expires_in": 60,
                    "id_token": make(&base),
                }))
            }),
        )
        .with_state(state.clone());
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.expect("bind");
    let base = format!("http://{}", listener.local_addr().expect("addr"));
    *state.base.lock().expect("lock") = base.clone();
    tokio::spawn(async move { axum::serve(listener, app).await });
    (Url::parse(&base).expect("url"), state)
}

fn provider(issuer: Url) -> OidcProvider {
    let settings = OidcSettings { issuer, client_id: "c".into(), client_secret: Some("secret".into()), scopes: vec![] };
    let http = reqwest::Client::builder().redirect(reqwest::redirect::Policy::none()).build().expect("client");
    OidcProvider::new(settings, http, 1 << 20)
}

#[tokio::test]
async fn an_unknown_key_id_reads_the_keys_again_at_most_once_per_interval() {
    let (url, issuer) = issuer().await;
    let provider = provider(url);
    let reads = || issuer.jwks_reads.load(Ordering::SeqCst);
    let md = provider.metadata(false).await.expect("discovery");
    assert!(has_key(&md, "k1"));
    provider.metadata(false).await.expect("cached");
    assert_eq!(reads(), 1, "keys are cached");

    // The issuer rotates to k2; a token naming k2 makes us read the keys once.
    *issuer.kid.lock().expect("lock") = "k2".into();
    let md = provider.metadata_for_unknown_key("k2").await.expect("refresh");
    assert!(has_key(&md, "k2") && !has_key(&md, "k1"));
    assert_eq!(reads(), 2);

    // Another unknown key right after: no new read (rate limit), the cached keys answer.
    *issuer.kid.lock().expect("lock") = "k3".into();
    let md = provider.metadata_for_unknown_key("k3").await.expect("cached");
    assert!(!has_key(&md, "k3"));
    assert_eq!(reads(), 2, "at most one key refresh per {KEY_REFRESH_MIN_INTERVAL:?}");
}

fn claims(issuer: &str) -> serde_json::Value {
    let now = OffsetDateTime::now_utc().unix_timestamp();
    json!({ "iss": issuer, "aud": "c", "sub": "u", "iat": now, "exp": now + 60, "nonce": "n" })
}

/// An ID token MAC-signed with the client secret, or unsigned, is refused even when
/// discovery advertises HS256 and `none`.
#[tokio::test]
async fn symmetric_and_unsigned_id_tokens_are_refused() {
    let hs256 = |issuer: &str| {
        let key = jsonwebtoken::EncodingKey::from_secret(b"secret");
        jsonwebtoken::encode(&jsonwebtoken::Header::new(jsonwebtoken::Algorithm::HS256), &claims(issuer), &key)
            .expect("signing")
    };
    let unsigned = |issuer: &str| {
        let header = URL_SAFE_NO_PAD.encode(br#"{"alg":"none"}"#);
        format!("{header}.{}.", URL_SAFE_NO_PAD.encode(claims(issuer).to_string()))
    };
    let (url, issuer) = issuer().await;
    let provider = provider(url);
    let callback = Url::parse("http://localhost/oidc/callback").expect("url");
    let cases: [(MakeIdToken, &str, &str); 2] = [
        (Arc::new(hs256), "HS256", "algorithm `HS256` is not one of"),
        (Arc::new(unsigned), "none", "No signature found"),
    ];
    for (make, alg, why) in cases {
        *issuer.id_token.lock().expect("lock") = make;
        let error = provider.finish(&callback, "code", &"v".repeat(43), "n").await.expect_err(alg).to_string();
        assert!(error.contains(why), "{alg}: {error}");
    }
}

/// An RS256 ID token signed by the issuer's own key is accepted only when its issuer,
/// audience, expiry and nonce are all right.
#[tokio::test]
async fn id_tokens_with_a_wrong_issuer_audience_expiry_or_nonce_are_refused() {
    let (url, issuer) = issuer().await;
    *issuer.modulus.lock().expect("lock") = RSA_KEY.1.clone();
    let provider = provider(url);
    let callback = Url::parse("http://localhost/oidc/callback").expect("url");
    let now = OffsetDateTime::now_utc().unix_timestamp();
    type Change = fn(&mut serde_json::Value, i64);
    let cases: [(&str, Change, Option<&str>); 5] = [
        ("valid", |_, _| {}, None),
        ("other issuer", |c, _| c["iss"] = json!("https://elsewhere.example"), Some("issuer")),
        ("other audience", |c, _| c["aud"] = json!("someone-else"), Some("audience")),
        ("expired", |c, now| c["exp"] = json!(now - 600), Some("expired")),
        ("other nonce", |c, _| c["nonce"] = json!("replayed"), Some("nonce")),
    ];
    for (name, change, why) in cases {
        let make: MakeIdToken = Arc::new(move |iss: &str| {
            let mut claims = claims(iss);
            change(&mut claims, now);
            let mut header = jsonwebtoken::Header::new(jsonwebtoken::Algorithm::RS256);
            header.kid = Some("k1".into());
            jsonwebtoken::encode(&header, &claims, &RSA_KEY.0).expect("signing")
        });
        *issuer.id_token.lock().expect("lock") = make;
        let result = provider.finish(&callback, "code", &"v".repeat(43), "n").await;
        match why {
            None => assert_eq!(result.expect(name).subject.as_deref(), Some("u")),
            Some(why) => {
                let error = result.err().unwrap_or_else(|| panic!("{name} was accepted")).to_string();
                assert!(error.to_lowercase().contains(why), "{name}: {error}");
            }
        }
    }
}

#[test]
fn the_kid_comes_from_the_jwt_header() {
    let header = URL_SAFE_NO_PAD.encode(br#"{"alg":"RS256","kid":"abc"}"#);
    assert_eq!(jwt_header_kid(&format!("{header}.e30.sig")).as_deref(), Some("abc"));
    assert_eq!(jwt_header_kid("not a jwt"), None);
    let no_kid = URL_SAFE_NO_PAD.encode(br#"{"alg":"RS256"}"#);
    assert_eq!(jwt_header_kid(&format!("{no_kid}.e30.sig")), None);
}

#[test]
fn only_asymmetric_token_signing_algorithms_are_allowed() {
    for refused in
        [CoreJwsSigningAlgorithm::None, CoreJwsSigningAlgorithm::HmacSha256, CoreJwsSigningAlgorithm::HmacSha512]
    {
        assert!(!ALLOWED_SIGNING_ALGORITHMS.contains(&refused), "{refused:?}");
    }
    assert!(ALLOWED_SIGNING_ALGORITHMS.contains(&CoreJwsSigningAlgorithm::RsaSsaPkcs1V15Sha256));
    assert!(ALLOWED_SIGNING_ALGORITHMS.contains(&CoreJwsSigningAlgorithm::EcdsaP256Sha256));
    assert!(ALLOWED_SIGNING_ALGORITHMS.contains(&CoreJwsSigningAlgorithm::RsaSsaPssSha256));
}
