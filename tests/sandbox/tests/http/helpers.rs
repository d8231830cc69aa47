//! A sandbox on port 0 and a browser-like client (keeps cookies, does not follow redirects),
//! with the steps of a sign-in spelled out so tests can walk through them.

use std::collections::HashMap;

use base64::{Engine, engine::general_purpose::URL_SAFE_NO_PAD};
use lms_sandbox::{RunningSandbox, SandboxConfig, spawn};
use reqwest::{Response, StatusCode, header::LOCATION, redirect::Policy};
use serde_json::Value;
use sha2::{Digest, Sha256};

/// The PKCE verifier the helpers use.
pub(crate) const VERIFIER: &str = "a-verifier-of-at-least-forty-three-characters-0123456789";
/// A registered redirect URI.
pub(crate) const REDIRECT: &str = "http://localhost:9999/oidc/callback";

/// A running in-memory sandbox and a browser.
pub(crate) struct Sandbox {
    /// The sandbox.
    pub(crate) running: RunningSandbox,
    /// Keeps cookies, does not follow redirects.
    pub(crate) browser: reqwest::Client,
}

/// BASE64URL(SHA256(verifier)).
pub(crate) fn challenge(verifier: &str) -> String {
    URL_SAFE_NO_PAD.encode(Sha256::digest(verifier.as_bytes()))
}

/// A new browser that keeps cookies and does not follow redirects.
pub(crate) fn browser() -> reqwest::Client {
    reqwest::Client::builder().cookie_store(true).redirect(Policy::none()).build().expect("client")
}

impl Sandbox {
    /// Starts an in-memory sandbox on port 0.
    pub(crate) async fn start() -> Self {
        Self::start_with(SandboxConfig::in_memory("127.0.0.1:0".parse().expect("addr"))).await
    }

    /// Starts a sandbox with `config`.
    pub(crate) async fn start_with(config: SandboxConfig) -> Self {
        Sandbox { running: spawn(config).await.expect("sandbox"), browser: browser() }
    }

    /// An absolute URL of the sandbox (`path` without a leading slash).
    pub(crate) fn url(&self, path: &str) -> String {
        format!("{}{path}", self.running.base_url())
    }

    /// The issuer of `tenant`.
    pub(crate) fn issuer(&self, tenant: &str) -> String {
        self.url(&format!("t/{tenant}/idp"))
    }

    /// A valid authorization request of `tenant` (state `st`, nonce `nn`), plus `extra`.
    pub(crate) fn authorize_url(&self, tenant: &str, extra: &[(&str, &str)]) -> String {
        let challenge = challenge(VERIFIER);
        let mut url = url::Url::parse(&self.url(&format!("t/{tenant}/idp/authorize"))).expect("url");
        url.query_pairs_mut().extend_pairs([
            ("response_type", "code"),
            ("client_id", "learner-portal"),
            ("redirect_uri", REDIRECT),
            ("scope", "openid profile email offline_access"),
            ("state", "st"),
            ("nonce", "nn"),
            ("code_challenge", challenge.as_str()),
            ("code_challenge_method", "S256"),
        ]);
        url.query_pairs_mut().extend_pairs(extra);
        url.to_string()
    }

    /// Opens the sign-in form of `tenant` with `browser` and posts `user` / `password`.
    pub(crate) async fn sign_in_with(
        &self,
        browser: &reqwest::Client,
        tenant: &str,
        user: &str,
        password: &str,
    ) -> Response {
        let page = browser.get(self.authorize_url(tenant, &[])).send().await.expect("authorize");
        assert_eq!(page.status(), StatusCode::OK, "the sign-in form");
        let mut fields = hidden_inputs(&page.text().await.expect("html"));
        fields.push(("username".into(), user.into()));
        fields.push(("password".into(), password.into()));
        browser.post(self.url(&format!("t/{tenant}/idp/authorize"))).form(&fields).send().await.expect("post")
    }

    /// [`Self::sign_in_with`] the sandbox's own browser.
    pub(crate) async fn sign_in(&self, tenant: &str, user: &str, password: &str) -> Response {
        self.sign_in_with(&self.browser, tenant, user, password).await
    }

    /// Exchanges `code` at the token endpoint (client_secret_basic).
    pub(crate) async fn exchange(&self, tenant: &str, code: &str, verifier: &str) -> Response {
        self.browser
            .post(self.url(&format!("t/{tenant}/idp/token")))
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

    /// Signs `user` in at `tenant` in a fresh browser and returns the token answer.
    pub(crate) async fn tokens_for(&self, tenant: &str, user: &str) -> Value {
        let back = self.sign_in_with(&browser(), tenant, user, "demo").await;
        assert_eq!(back.status(), StatusCode::FOUND, "{user} signs in at {tenant}");
        let answer = self.exchange(tenant, &code_of(&back), VERIFIER).await;
        assert_eq!(answer.status(), StatusCode::OK);
        answer.json().await.expect("json")
    }

    /// The access token of `user` at `tenant`.
    pub(crate) async fn access_token(&self, tenant: &str, user: &str) -> String {
        self.tokens_for(tenant, user).await["access_token"].as_str().expect("access token").to_string()
    }

    /// Uses a refresh token (client_secret_post).
    pub(crate) async fn refresh(&self, tenant: &str, token: &str) -> Response {
        self.browser
            .post(self.url(&format!("t/{tenant}/idp/token")))
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

    /// `GET /t/{tenant}/api/{path}` with a bearer token.
    pub(crate) async fn api(&self, tenant: &str, token: &str, path: &str, query: &[(&str, &str)]) -> Response {
        self.browser
            .get(self.url(&format!("t/{tenant}/api/{path}")))
            .bearer_auth(token)
            .query(query)
            .send()
            .await
            .expect("api call")
    }

    /// Like [`Self::api`], answering JSON with status 200.
    pub(crate) async fn api_json(&self, tenant: &str, token: &str, path: &str, query: &[(&str, &str)]) -> Value {
        let response = self.api(tenant, token, path, query).await;
        assert_eq!(response.status(), StatusCode::OK, "{path} {query:?}");
        response.json().await.expect("json")
    }
}

/// The query parameters of a redirect's `Location`.
pub(crate) fn location_query(response: &Response) -> HashMap<String, String> {
    let location = response.headers().get(LOCATION).expect("a Location header").to_str().expect("ascii");
    url::Url::parse(location).expect("url").query_pairs().into_owned().collect()
}

/// The code of a successful authorization answer (checks the state came back).
pub(crate) fn code_of(response: &Response) -> String {
    let query = location_query(response);
    assert_eq!(query.get("state").map(String::as_str), Some("st"));
    query.get("code").expect("a code").clone()
}

/// The hidden inputs of a page: (name, value), entities decoded.
pub(crate) fn hidden_inputs(html: &str) -> Vec<(String, String)> {
    html.split("<input type=\"hidden\" ")
        .skip(1)
        .filter_map(|chunk| {
            let name = chunk.split("name=\"").nth(1)?.split('"').next()?;
            let value = chunk.split("value=\"").nth(1)?.split('"').next()?;
            Some((name.to_string(), unescape(value)))
        })
        .collect()
}

fn unescape(s: &str) -> String {
    s.replace("&quot;", "\"").replace("&#39;", "'").replace("&lt;", "<").replace("&gt;", ">").replace("&amp;", "&")
}

/// The decoded header and claims of a JWT (not verified).
pub(crate) fn jwt_parts(jwt: &str) -> (Value, Value) {
    let part = |i: usize| -> Value {
        let segment = jwt.split('.').nth(i).expect("a JWT segment");
        serde_json::from_slice(&URL_SAFE_NO_PAD.decode(segment).expect("base64url")).expect("json")
    };
    (part(0), part(1))
}

/// Commands run 20 ms after they are accepted and self-enrolments appear at once, so state
/// machine tests do not wait a second per step.
pub(crate) fn fast_config() -> SandboxConfig {
    let mut config = SandboxConfig::in_memory("127.0.0.1:0".parse().expect("addr"));
    config.command_delay = std::time::Duration::from_millis(20);
    config.enrollment_delay = (std::time::Duration::ZERO, std::time::Duration::ZERO);
    config
}

impl Sandbox {
    /// A sandbox with [`fast_config`].
    pub(crate) async fn start_fast() -> Self {
        Self::start_with(fast_config()).await
    }

    /// `POST /t/{tenant}/api/{path}` with a JSON body and `Prefer: {prefer}`.
    pub(crate) async fn command(&self, tenant: &str, token: &str, path: &str, prefer: &str, body: &Value) -> Response {
        self.browser
            .post(self.url(&format!("t/{tenant}/api/{path}")))
            .bearer_auth(token)
            .header("prefer", prefer)
            .json(body)
            .send()
            .await
            .expect("command")
    }

    /// A `respond-sync` command that must succeed; its result.
    pub(crate) async fn sync(&self, tenant: &str, token: &str, path: &str, body: &Value) -> Value {
        let response = self.command(tenant, token, path, "respond-sync", body).await;
        let status = response.status();
        let answer: Value = response.json().await.expect("json");
        assert_eq!(status, StatusCode::OK, "{path} {body}: {answer}");
        answer
    }

    /// A `respond-async` command: checks the 202 and its `Location`, polls it until the
    /// command is no longer pending (up to 5 s) and returns the final status resource.
    pub(crate) async fn run_async(&self, tenant: &str, token: &str, path: &str, body: &Value) -> Value {
        let accepted = self.command(tenant, token, path, "respond-async", body).await;
        assert_eq!(accepted.status(), StatusCode::ACCEPTED, "{path} {body}");
        let location = accepted.headers()[LOCATION].to_str().expect("ascii").to_string();
        assert!(location.starts_with(&format!("/t/{tenant}/api/commands/")), "{location}");
        self.poll(token, &location).await
    }

    /// Polls a command status address until its status is not 0 (pending), up to 5 s.
    pub(crate) async fn poll(&self, token: &str, location: &str) -> Value {
        for _ in 0..250 {
            let status: Value = self
                .browser
                .get(self.url(location.trim_start_matches('/')))
                .bearer_auth(token)
                .send()
                .await
                .expect("status")
                .json()
                .await
                .expect("json");
            if status["status"] != 0 {
                return status;
            }
            tokio::time::sleep(std::time::Duration::from_millis(20)).await;
        }
        panic!("the command at {location} did not complete in 5 s");
    }

    /// `GET /t/{tenant}/api/{path}` without a token (public calls).
    pub(crate) async fn public(&self, tenant: &str, path: &str, query: &[(&str, &str)]) -> Response {
        self.browser.get(self.url(&format!("t/{tenant}/api/{path}"))).query(query).send().await.expect("public call")
    }

    /// The aggregate of `user`'s course named `name`.
    pub(crate) async fn aggregate(&self, tenant: &str, token: &str, name: &str) -> Value {
        let filter = serde_json::json!(["objective.name", "=", name]).to_string();
        let found = self.api_json(tenant, token, "objective-workflow-aggregates/query", &[("filter", &filter)]).await;
        found["data"][0].clone()
    }
}

/// A new UUID as a JSON string.
pub(crate) fn new_id() -> Value {
    Value::String(uuid::Uuid::new_v4().to_string())
}
