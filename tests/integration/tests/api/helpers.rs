//! `spawn_app()`: a sandbox and a gateway on free ports, and a browser-like client that keeps
//! cookies and does not follow redirects, so tests can walk through a login step by step.

use std::{net::SocketAddr, path::PathBuf};

use gateway::{Server, config::Config};
use lms_sandbox::{RunningSandbox, SandboxConfig};
use reqwest::{
    StatusCode,
    header::{HeaderMap, LOCATION},
    redirect::Policy,
};
use scraper::{Html, Selector};
use tokio::sync::oneshot;
use url::Url;

/// A running gateway with its sandbox.
pub(crate) struct TestApp {
    /// The gateway's port.
    pub(crate) port: u16,
    /// The sandbox's base URL.
    pub(crate) sandbox_url: Url,
    sandbox: Option<RunningSandbox>,
    _client_dir: tempfile::TempDir,
    _config_dir: tempfile::TempDir,
    shutdown: Option<oneshot::Sender<()>>,
}

impl Drop for TestApp {
    fn drop(&mut self) {
        if let Some(tx) = self.shutdown.take() {
            let _ = tx.send(());
        }
    }
}

/// The page the fake client build serves, so tests can tell it from other answers.
pub(crate) const INDEX_HTML: &str = "<!doctype html><title>Learner portal test client</title>";
/// Stand-ins for the precompressed twins of `main.0123abcd.js` (served as they are).
pub(crate) const CLIENT_JS_BR: &str = "brotli bytes of main.js";
pub(crate) const CLIENT_JS_GZ: &str = "gzip bytes of main.js";

/// Starts a sandbox and a gateway configured for it, both on port 0.
pub(crate) async fn spawn_app() -> TestApp {
    spawn_app_with(|_| {}).await
}

/// Like [`spawn_app`], with the sandbox's config adjusted first.
pub(crate) async fn spawn_app_with(adjust: impl FnOnce(&mut SandboxConfig)) -> TestApp {
    spawn_app_configured(adjust, |_| String::new()).await
}

/// Like [`spawn_app_with`], with one more gateway config file, written from the sandbox's
/// base URL, loaded last (so it can set `environment`, sections, or a tenant's `api_url`).
pub(crate) async fn spawn_app_configured(
    adjust: impl FnOnce(&mut SandboxConfig),
    extra_config: impl FnOnce(&Url) -> String,
) -> TestApp {
    let mut sandbox_config = SandboxConfig::in_memory("127.0.0.1:0".parse().expect("addr"));
    adjust(&mut sandbox_config);
    spawn_app_layers(sandbox_config, 0, |_| String::new(), extra_config).await
}

/// Like [`spawn_app_with`], with `gateway_toml` loaded last over the gateway's test config
/// (keys as in `config/README.md`, for example a `[session]` and a `[redis]` table).
pub(crate) async fn spawn_app_with_toml(adjust: impl FnOnce(&mut SandboxConfig), gateway_toml: &str) -> TestApp {
    spawn_app_configured(adjust, |_| gateway_toml.to_string()).await
}

/// A free loopback port (bound and released), for servers whose URL others must know first.
pub(crate) fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0").expect("binding port 0").local_addr().expect("addr").port()
}

/// A sandbox with `sandbox_config`, and a gateway on `gateway_port` (0: any) whose config gets
/// `extra_toml(sandbox_url)` appended (further tenants, `[[tenants.acme.providers]]`, ...).
pub(crate) async fn spawn_app_custom(
    sandbox_config: SandboxConfig,
    gateway_port: u16,
    extra_toml: impl FnOnce(&Url) -> String,
) -> TestApp {
    spawn_app_layers(sandbox_config, gateway_port, extra_toml, |_| String::new()).await
}

async fn spawn_app_layers(
    sandbox_config: SandboxConfig,
    gateway_port: u16,
    extra_toml: impl FnOnce(&Url) -> String,
    layered_toml: impl FnOnce(&Url) -> String,
) -> TestApp {
    let sandbox = lms_sandbox::spawn(sandbox_config).await.expect("starting lms-sandbox");
    let sandbox_url = sandbox.base_url();
    let client_dir = tempfile::tempdir().expect("tempdir");
    std::fs::write(client_dir.path().join("index.html"), INDEX_HTML).expect("index.html");
    std::fs::write(client_dir.path().join("main.0123abcd.js"), "console.log(1)").expect("js");
    // What the client's build writes beside a larger file: its brotli and gzip twins, its map.
    std::fs::write(client_dir.path().join("main.0123abcd.js.br"), CLIENT_JS_BR).expect("js.br");
    std::fs::write(client_dir.path().join("main.0123abcd.js.gz"), CLIENT_JS_GZ).expect("js.gz");
    std::fs::write(client_dir.path().join("main.0123abcd.js.map"), "{}").expect("js.map");
    let appended = extra_toml(&sandbox_url);
    let layered = layered_toml(&sandbox_url);
    let gateway = start_gateway(&sandbox_url, client_dir.path(), gateway_port, &appended, &layered).await;
    TestApp {
        port: gateway.port,
        sandbox_url,
        sandbox: Some(sandbox),
        _client_dir: client_dir,
        _config_dir: gateway.config_dir,
        shutdown: Some(gateway.shutdown),
    }
}

/// Another gateway instance (same sandbox and tenants); stops when dropped.
pub(crate) struct Gateway {
    /// Its port.
    pub(crate) port: u16,
    config_dir: tempfile::TempDir,
    shutdown: oneshot::Sender<()>,
}

async fn start_gateway(
    sandbox_url: &Url,
    client_dir: &std::path::Path,
    port: u16,
    appended_toml: &str,
    gateway_toml: &str,
) -> Gateway {
    let config_dir = tempfile::tempdir().expect("tempdir");
    let file = config_dir.path().join("test.toml");
    std::fs::write(&file, gateway_config(sandbox_url, client_dir, port) + appended_toml).expect("config");
    let extra = config_dir.path().join("extra.toml");
    std::fs::write(&extra, gateway_toml).expect("extra config");
    let defaults = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../config/default.toml");
    let config = Config::load(&[defaults, file, extra], figment::providers::Env::raw().only(&[])).expect("config");
    let server = Server::bind(config).await.expect("binding the gateway");
    let port = server.local_addr().expect("addr").port();
    let (tx, rx) = oneshot::channel::<()>();
    tokio::spawn(server.run(async {
        let _ = rx.await;
    }));
    Gateway { port, config_dir, shutdown: tx }
}

impl Gateway {
    /// `http://{host}:{port}{path}` of this instance.
    pub(crate) fn url(&self, host: &str, path: &str) -> String {
        format!("http://{host}:{}{path}", self.port)
    }

    /// GET an API path the way the client does, with an explicit `Cookie` header.
    pub(crate) async fn api(&self, cookie: &str, host: &str, path: &str) -> reqwest::Response {
        plain_client(self.port)
            .get(self.url(host, path))
            .header("x-requested-with", "XMLHttpRequest")
            .header(reqwest::header::COOKIE, cookie)
            .send()
            .await
            .expect("api call")
    }

    /// Stops this instance (in-flight requests finish).
    pub(crate) fn stop(self) {
        let _ = self.shutdown.send(());
    }
}

/// A client without cookies or redirects that resolves the tenant hosts to `port` on loopback.
pub(crate) fn plain_client(port: u16) -> reqwest::Client {
    let loopback = SocketAddr::from(([127, 0, 0, 1], port));
    reqwest::Client::builder()
        .redirect(Policy::none())
        .resolve("localhost", loopback)
        .resolve("acme.localhost", loopback)
        .resolve("globex.localhost", loopback)
        .build()
        .expect("client")
}

fn gateway_config(sandbox: &Url, client_dir: &std::path::Path, port: u16) -> String {
    let tenant = |id: &str, hosts: &str, catalog: bool| {
        format!(
            r#"
[tenants.{id}]
name = "{id}"
hosts = [{hosts}]
allow_http_loopback = true
api_url = "{sandbox}t/{id}/api/"
[tenants.{id}.oidc]
issuer = "{sandbox}t/{id}/idp"
client_id = "learner-portal"
client_secret = "demo-secret"
[tenants.{id}.ui]
courses_name = "Courses of {id}"
catalog_enabled = {catalog}
"#
        )
    };
    format!(
        "listen = \"127.0.0.1:{port}\"\nclient_dir = {:?}\n{}{}",
        client_dir.display().to_string(),
        tenant("acme", "\"localhost\", \"acme.localhost\"", true),
        tenant("globex", "\"globex.localhost\"", false),
    )
}

impl TestApp {
    /// The running sandbox (its test hooks).
    pub(crate) fn sandbox(&self) -> &RunningSandbox {
        self.sandbox.as_ref().expect("the sandbox runs")
    }

    /// Starts another gateway instance on the same sandbox, with `gateway_toml` over its config.
    pub(crate) async fn start_gateway(&self, gateway_toml: &str) -> Gateway {
        start_gateway(&self.sandbox_url, self._client_dir.path(), 0, "", gateway_toml).await
    }

    /// Stops this app's own gateway (the sandbox keeps running).
    pub(crate) fn stop_gateway(&mut self) {
        if let Some(tx) = self.shutdown.take() {
            let _ = tx.send(());
        }
    }

    /// This app's own gateway seen as a [`Gateway`]-like target for [`Gateway::api`] calls.
    pub(crate) async fn api_with_cookie(&self, cookie: &str, host: &str, path: &str) -> reqwest::Response {
        plain_client(self.port)
            .get(self.url(host, path))
            .header("x-requested-with", "XMLHttpRequest")
            .header(reqwest::header::COOKIE, cookie)
            .send()
            .await
            .expect("api call")
    }

    /// Stops the sandbox: the upstream and the issuer are gone.
    pub(crate) async fn stop_sandbox(&mut self) {
        if let Some(sandbox) = self.sandbox.take() {
            sandbox.shutdown().await;
        }
    }

    /// `http://{host}:{port}` of the gateway.
    pub(crate) fn url(&self, host: &str, path: &str) -> String {
        format!("http://{host}:{}{path}", self.port)
    }

    /// A browser: keeps cookies, never follows redirects, resolves the tenant hosts to loopback.
    pub(crate) fn browser(&self) -> reqwest::Client {
        let loopback = |port| SocketAddr::from(([127, 0, 0, 1], port));
        reqwest::Client::builder()
            .cookie_store(true)
            .redirect(Policy::none())
            .resolve("localhost", loopback(self.port))
            .resolve("acme.localhost", loopback(self.port))
            .resolve("globex.localhost", loopback(self.port))
            .resolve("embed.localhost", loopback(self.port))
            .resolve("portal.example", loopback(self.port))
            .build()
            .expect("client")
    }

    /// Starts a login on `host`; returns the issuer's authorize URL the gateway sent us to.
    pub(crate) async fn start_login(&self, browser: &reqwest::Client, host: &str, redirect: Option<&str>) -> String {
        let mut login = self.url(host, "/oidc/login");
        if let Some(r) = redirect {
            login = format!("{login}?redirectUrl={}", urlencode(r));
        }
        let to_issuer = browser.get(&login).send().await.expect("login");
        assert_eq!(to_issuer.status(), StatusCode::FOUND, "login answers a redirect");
        location(to_issuer.headers())
    }

    /// Opens the issuer's sign-in page and posts the real form with these credentials.
    pub(crate) async fn submit_credentials(
        &self,
        browser: &reqwest::Client,
        authorize: &str,
        username: &str,
        password: &str,
    ) -> reqwest::Response {
        let form_page = browser.get(authorize).send().await.expect("authorize");
        assert_eq!(form_page.status(), StatusCode::OK, "the issuer shows its sign-in page");
        let html = form_page.text().await.expect("html");
        let (action, mut fields) = sign_in_form(&html, authorize);
        fields.retain(|(name, _)| name != "username" && name != "password");
        fields.push(("username".into(), username.into()));
        fields.push(("password".into(), password.into()));
        browser.post(action).form(&fields).send().await.expect("posting the sign-in form")
    }

    /// Signs `username` in on `host` by following the real redirects and posting the real
    /// sign-in form; returns the callback's answer (the gateway's redirect and cookies).
    pub(crate) async fn sign_in_response(
        &self,
        browser: &reqwest::Client,
        host: &str,
        username: &str,
        redirect: Option<&str>,
    ) -> reqwest::Response {
        let authorize = self.start_login(browser, host, redirect).await;
        let back = self.submit_credentials(browser, &authorize, username, "demo").await;
        assert_eq!(back.status(), StatusCode::FOUND, "the issuer redirects back after sign-in");
        let callback = location(back.headers());
        assert!(callback.starts_with(&self.url(host, "/oidc/callback")), "back to the gateway: {callback}");
        browser.get(&callback).send().await.expect("callback")
    }

    /// Signs in like [`Self::sign_in_response`]; returns where the gateway sent the browser.
    pub(crate) async fn sign_in(
        &self,
        browser: &reqwest::Client,
        host: &str,
        username: &str,
        redirect: Option<&str>,
    ) -> String {
        let done = self.sign_in_response(browser, host, username, redirect).await;
        assert_eq!(done.status(), StatusCode::FOUND, "callback redirects");
        location(done.headers())
    }

    /// Signs `username` in with a fresh client; returns `lp_session=...` for a Cookie header.
    pub(crate) async fn session_cookie(&self, host: &str, username: &str) -> String {
        let done = self.sign_in_response(&self.browser(), host, username, None).await;
        session_cookie_of(&done).expect("a session cookie")
    }

    /// GET an API path the way the client does.
    pub(crate) async fn api(&self, browser: &reqwest::Client, host: &str, path: &str) -> reqwest::Response {
        browser.get(self.url(host, path)).header("x-requested-with", "XMLHttpRequest").send().await.expect("api call")
    }
}

/// The `Location` header, made absolute against nothing (the gateway and issuer send absolute URLs).
pub(crate) fn location(headers: &HeaderMap) -> String {
    headers.get(LOCATION).expect("a Location header").to_str().expect("ascii").to_string()
}

/// The sign-in form's absolute action and its inputs.
pub(crate) fn sign_in_form(html: &str, page_url: &str) -> (String, Vec<(String, String)>) {
    let doc = Html::parse_document(html);
    let form = doc.select(&Selector::parse("form").expect("selector")).next().expect("a form on the sign-in page");
    let action = form.value().attr("action").unwrap_or("");
    let action = Url::parse(page_url).expect("page url").join(action).expect("action").to_string();
    let fields = form
        .select(&Selector::parse("input[name]").expect("selector"))
        .map(|i| (i.value().attr("name").unwrap_or("").to_string(), i.value().attr("value").unwrap_or("").to_string()))
        .collect();
    (action, fields)
}

/// The `lp_session=...` pair set by a response, if any.
pub(crate) fn session_cookie_of(response: &reqwest::Response) -> Option<String> {
    response
        .headers()
        .get_all(reqwest::header::SET_COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .find(|c| c.starts_with("lp_session="))
        .and_then(|c| c.split(';').next())
        .map(String::from)
}

/// Percent-encodes a query value.
pub(crate) fn urlencode(s: &str) -> String {
    url::form_urlencoded::byte_serialize(s.as_bytes()).collect()
}

/// Moves the sandbox clock by `seconds` from the real time.
pub(crate) async fn shift_clock(app: &TestApp, seconds: i64) {
    let url = app.sandbox_url.join("admin/clock").expect("admin url");
    let response = reqwest::Client::new()
        .put(url)
        .json(&serde_json::json!({ "mode": "offset", "seconds": seconds }))
        .send()
        .await
        .expect("admin call");
    assert_eq!(response.status(), StatusCode::OK);
}

/// Seconds from now until an RFC 3339 instant.
pub(crate) fn seconds_until(rfc3339: &serde_json::Value) -> i64 {
    let at =
        time::OffsetDateTime::parse(rfc3339.as_str().expect("a date"), &time::format_description::well_known::Rfc3339)
            .expect("RFC 3339");
    (at - time::OffsetDateTime::now_utc()).whole_seconds()
}
