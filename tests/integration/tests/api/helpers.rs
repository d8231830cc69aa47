//! `TestApp::builder()...spawn()`: a sandbox and a gateway on free ports, and a browser-like
//! client that keeps cookies and does not follow redirects, so tests can walk through a login
//! step by step; and what the test modules share (signed-in browsers, seeded ids, requests the
//! way the client sends them).

use std::{net::SocketAddr, path::PathBuf, time::Duration};

use gateway::{Server, config::Config};
use lms_sandbox::{RunningSandbox, SandboxConfig, clock::ClockMode};
use reqwest::{
    StatusCode,
    header::{HeaderMap, LOCATION},
    redirect::Policy,
};
use scraper::{Html, Selector};
use serde_json::Value;
use tokio::sync::oneshot;
use url::Url;

use crate::redis_server::{KEY_A, RedisServer, redis_store_config};

/// A running gateway with its sandbox.
pub(crate) struct TestApp {
    /// The gateway's port.
    pub(crate) port: u16,
    /// The sandbox's base URL.
    pub(crate) sandbox_url: Url,
    sandbox: Option<RunningSandbox>,
    /// The gateway's config layers (after the test config), for another instance like it.
    layers: Vec<String>,
    client_dir: tempfile::TempDir,
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

/// Where [`TestAppBuilder::seed_clock`] fixes the sandbox clock: the seed's dates are relative
/// to the clock at start, so with it every business date of a view is the same on every run.
pub(crate) const SEED_CLOCK: &str = "2026-01-31T12:00:00Z";

/// The gateway's `[commands]` waits of [`TestAppBuilder::fast_commands`]: short, so the suite
/// stays fast. A later [`TestAppBuilder::config`] layer can replace single keys.
const FAST_COMMANDS: &str = "[commands]\npoll_interval_ms = 50\npoll_timeout_ms = 5000\n\
                             enroll_poll_attempts = 20\nenroll_poll_interval_ms = 100\n";

/// A config layer, written once the sandbox's base URL is known.
type Layer<'a> = Box<dyn FnOnce(&Url) -> String + 'a>;

/// What [`TestApp::builder`] starts: a sandbox, and a gateway for it whose config is the test
/// config (the tenants acme and globex on the sandbox) with the builder's layers over it.
#[must_use = "nothing runs before `spawn`"]
pub(crate) struct TestAppBuilder<'a> {
    sandbox: SandboxConfig,
    gateway_port: u16,
    layers: Vec<Layer<'a>>,
}

impl TestApp {
    /// A sandbox in memory (real clock, no faults) and a gateway on free ports, unless told otherwise.
    pub(crate) fn builder<'a>() -> TestAppBuilder<'a> {
        TestAppBuilder {
            sandbox: SandboxConfig::in_memory(SocketAddr::from(([127, 0, 0, 1], 0))),
            gateway_port: 0,
            layers: Vec::new(),
        }
    }
}

impl<'a> TestAppBuilder<'a> {
    /// Adjusts the sandbox's config now (after what earlier calls set).
    pub(crate) fn sandbox(mut self, adjust: impl FnOnce(&mut SandboxConfig)) -> Self {
        adjust(&mut self.sandbox);
        self
    }

    /// The sandbox's fault rules from its start (a JSON array, see the sandbox README).
    pub(crate) fn faults(self, rules: Value) -> Self {
        let rules = serde_json::from_value(rules).expect("fault rules");
        self.sandbox(|c| c.faults = rules)
    }

    /// The sandbox clock fixed at [`SEED_CLOCK`] (business dates only: tokens and sessions keep
    /// the system clock).
    pub(crate) fn seed_clock(self) -> Self {
        let at = lms_sandbox::clock::parse_rfc3339(SEED_CLOCK).expect("RFC 3339");
        self.sandbox(|c| c.clock = ClockMode::Fixed(at))
    }

    /// Sandbox commands that run after 20 ms and enrolments that show at once, and a gateway
    /// that waits for them briefly ([`FAST_COMMANDS`]).
    pub(crate) fn fast_commands(self) -> Self {
        self.sandbox(|c| {
            c.command_delay = Duration::from_millis(20);
            c.enrollment_delay = (Duration::ZERO, Duration::ZERO);
        })
        .config(FAST_COMMANDS)
    }

    /// One more gateway config layer (keys as in `config/README.md`), loaded after the test
    /// config and the layers before it.
    pub(crate) fn config(self, toml: impl Into<String>) -> Self {
        let toml = toml.into();
        self.config_with(move |_| toml)
    }

    /// A config layer written from the sandbox's base URL (a tenant's `api_url`, a storage host).
    pub(crate) fn config_with(mut self, toml: impl FnOnce(&Url) -> String + 'a) -> Self {
        self.layers.push(Box::new(toml));
        self
    }

    /// Sessions in `redis`, sealed with [`KEY_A`] (what more than one instance needs).
    pub(crate) fn redis(self, redis: &RedisServer) -> Self {
        self.config(redis_store_config(redis, &format!("a:{KEY_A}"), ""))
    }

    /// The gateway on `port` (default 0: any free port), for a peer that must know it first.
    pub(crate) fn gateway_port(mut self, port: u16) -> Self {
        self.gateway_port = port;
        self
    }

    /// Starts the sandbox, then the gateway.
    pub(crate) async fn spawn(self) -> TestApp {
        let sandbox = lms_sandbox::spawn(self.sandbox).await.expect("starting lms-sandbox");
        let sandbox_url = sandbox.base_url();
        let client_dir = fake_client_build();
        let layers: Vec<String> = self.layers.into_iter().map(|layer| layer(&sandbox_url)).collect();
        let gateway = start_gateway(&sandbox_url, client_dir.path(), self.gateway_port, &layers).await;
        TestApp {
            port: gateway.port,
            sandbox_url,
            sandbox: Some(sandbox),
            layers,
            client_dir,
            _config_dir: gateway.config_dir,
            shutdown: Some(gateway.shutdown),
        }
    }
}

/// What the client's build writes: the page, a script, and beside it its brotli and gzip
/// twins and its source map.
fn fake_client_build() -> tempfile::TempDir {
    let dir = tempfile::tempdir().expect("tempdir");
    let files = [
        ("index.html", INDEX_HTML),
        ("main.0123abcd.js", "console.log(1)"),
        ("main.0123abcd.js.br", CLIENT_JS_BR),
        ("main.0123abcd.js.gz", CLIENT_JS_GZ),
        ("main.0123abcd.js.map", "{}"),
    ];
    for (name, content) in files {
        std::fs::write(dir.path().join(name), content).expect(name);
    }
    dir
}

/// A free loopback port (bound and released), for servers whose URL others must know first.
pub(crate) fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0").expect("binding port 0").local_addr().expect("addr").port()
}

/// Another gateway instance (same sandbox and tenants); stops when dropped.
pub(crate) struct Gateway {
    /// Its port.
    pub(crate) port: u16,
    config_dir: tempfile::TempDir,
    shutdown: oneshot::Sender<()>,
}

/// A gateway on `port` (0: any) with the test config for `sandbox_url` and `layers` over it.
async fn start_gateway(sandbox_url: &Url, client_dir: &std::path::Path, port: u16, layers: &[String]) -> Gateway {
    let config_dir = tempfile::tempdir().expect("tempdir");
    let defaults = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../config/default.toml");
    let mut files = vec![defaults, config_dir.path().join("test.toml")];
    std::fs::write(&files[1], gateway_config(sandbox_url, client_dir, port)).expect("config");
    for (index, layer) in layers.iter().enumerate() {
        let file = config_dir.path().join(format!("layer-{index}.toml"));
        std::fs::write(&file, layer).expect("config layer");
        files.push(file);
    }
    let config = Config::load(&files, figment::providers::Env::raw().only(&[])).expect("config");
    let server = Server::bind(config).await.expect("binding the gateway");
    let port = server.local_addr().expect("addr").port();
    let (tx, rx) = oneshot::channel::<()>();
    tokio::spawn(server.run(async {
        let _ = rx.await;
    }));
    Gateway { port, config_dir, shutdown: tx }
}

/// GET an API path the way the client does, with an explicit `Cookie` header.
async fn api_with_cookie(port: u16, cookie: &str, host: &str, path: &str) -> reqwest::Response {
    plain_client(port)
        .get(format!("http://{host}:{port}{path}"))
        .header("x-requested-with", "XMLHttpRequest")
        .header(reqwest::header::COOKIE, cookie)
        .send()
        .await
        .expect("api call")
}

impl Gateway {
    /// GET an API path the way the client does, with an explicit `Cookie` header.
    pub(crate) async fn api(&self, cookie: &str, host: &str, path: &str) -> reqwest::Response {
        api_with_cookie(self.port, cookie, host, path).await
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

    /// Starts another gateway instance like this one: same sandbox, same config layers.
    pub(crate) async fn another_gateway(&self) -> Gateway {
        start_gateway(&self.sandbox_url, self.client_dir.path(), 0, &self.layers).await
    }

    /// Starts another gateway instance on the same sandbox with only `layer` over the test
    /// config (an older or newer configuration of the same deployment).
    pub(crate) async fn gateway_with(&self, layer: &str) -> Gateway {
        start_gateway(&self.sandbox_url, self.client_dir.path(), 0, &[layer.to_string()]).await
    }

    /// Stops this app's own gateway (the sandbox keeps running).
    pub(crate) fn stop_gateway(&mut self) {
        if let Some(tx) = self.shutdown.take() {
            let _ = tx.send(());
        }
    }

    /// GET an API path of this app's gateway the way the client does, with an explicit `Cookie` header.
    pub(crate) async fn api_with_cookie(&self, cookie: &str, host: &str, path: &str) -> reqwest::Response {
        api_with_cookie(self.port, cookie, host, path).await
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

impl TestApp {
    /// The sandbox's request log: `{total, recent}` of what reached its API, issuer and files.
    pub(crate) async fn sandbox_requests(&self) -> Value {
        let url = self.sandbox_url.join("admin/requests").expect("admin url");
        let response = reqwest::get(url).await.expect("admin call");
        assert_eq!(response.status(), StatusCode::OK);
        response.json().await.expect("json")
    }

    /// How many of the requests in the sandbox's log (`sandbox_requests`) have a path ending in
    /// `suffix`.
    pub(crate) fn count_ending(log: &Value, suffix: &str) -> usize {
        log["recent"]
            .as_array()
            .expect("recent")
            .iter()
            .filter(|r| r.as_str().is_some_and(|r| r.ends_with(suffix)))
            .count()
    }

    /// Empties the sandbox's request log.
    pub(crate) async fn clear_sandbox_requests(&self) {
        let url = self.sandbox_url.join("admin/requests").expect("admin url");
        let response = reqwest::Client::new().delete(url).send().await.expect("admin call");
        assert_eq!(response.status(), StatusCode::NO_CONTENT);
    }
}

/// The aggregate id of the card of `course` in a My courses view.
pub(crate) fn aggregate_in(my_courses: &Value, course: &str) -> String {
    my_courses["items"]
        .as_array()
        .and_then(|items| items.iter().find(|c| c["name"] == course))
        .and_then(|c| c["aggregateId"].as_str())
        .unwrap_or_else(|| panic!("{course} in {my_courses}"))
        .to_string()
}

/// Seconds from now until an RFC 3339 instant.
pub(crate) fn seconds_until(rfc3339: &serde_json::Value) -> i64 {
    let at =
        time::OffsetDateTime::parse(rfc3339.as_str().expect("a date"), &time::format_description::well_known::Rfc3339)
            .expect("RFC 3339");
    (at - time::OffsetDateTime::now_utc()).whole_seconds()
}

/// The id of a seeded course (objective) `name` of acme (the seed table of the sandbox README).
pub(crate) fn objective(name: &str) -> String {
    lms_sandbox::seed::id("objective", &format!("acme/{name}")).to_string()
}

/// A browser signed in as `user` on acme.
pub(crate) async fn signed_in(app: &TestApp, user: &str) -> reqwest::Client {
    signed_in_on(app, "localhost", user).await
}

/// A browser signed in as `user` on `host` (`globex.localhost` for globex's users).
pub(crate) async fn signed_in_on(app: &TestApp, host: &str, user: &str) -> reqwest::Client {
    let browser = app.browser();
    app.sign_in(&browser, host, user, None).await;
    browser
}

/// A gateway and sandbox as [`TestApp::builder`] starts them, with ada signed in.
pub(crate) async fn ada() -> (TestApp, reqwest::Client) {
    let app = TestApp::builder().spawn().await;
    let browser = signed_in(&app, "ada").await;
    (app, browser)
}

/// GET an API path on acme, expecting 200 and JSON.
pub(crate) async fn get_ok(app: &TestApp, browser: &reqwest::Client, path: &str) -> Value {
    let response = app.api(browser, "localhost", path).await;
    let status = response.status();
    let body: Value = response.json().await.expect("json");
    assert_eq!(status, StatusCode::OK, "{path}: {body}");
    body
}

/// POSTs a command (with the CSRF header and a same-origin `Origin`), answering the status and
/// the JSON body.
pub(crate) async fn post(
    app: &TestApp,
    browser: &reqwest::Client,
    path: &str,
    body: Option<Value>,
) -> (StatusCode, Value) {
    let mut request = browser
        .post(app.url("localhost", path))
        .header("x-requested-with", "XMLHttpRequest")
        .header("origin", app.url("localhost", ""));
    if let Some(body) = body {
        request = request.json(&body);
    }
    let response = request.send().await.expect("command");
    let status = response.status();
    let text = response.text().await.expect("body");
    (status, serde_json::from_str(&text).unwrap_or(Value::String(text)))
}

/// The My courses card of `name`, if listed.
pub(crate) async fn card(app: &TestApp, browser: &reqwest::Client, name: &str) -> Option<Value> {
    let view = get_ok(app, browser, "/api/bff/my-courses?take=200").await;
    view["items"].as_array().expect("items").iter().find(|c| c["name"] == name).cloned()
}
