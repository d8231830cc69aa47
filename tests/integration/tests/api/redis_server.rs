//! A real `redis-server` on a free loopback port, without persistence, killed when dropped.

use std::{
    net::TcpListener,
    process::{Child, Command, Stdio},
    time::Duration,
};

use fred::prelude::{Builder, ClientLike, Config, KeysInterface};

/// Where the tests find Redis.
const REDIS_SERVER: &str = "redis-server";

/// A running `redis-server`.
pub(crate) struct RedisServer {
    /// Its port.
    pub(crate) port: u16,
    child: Option<Child>,
}

impl RedisServer {
    /// Starts `redis-server --port N --save '' --appendonly no` on a free port and waits until it answers.
    pub(crate) async fn start() -> Self {
        let port = TcpListener::bind("127.0.0.1:0").expect("a free port").local_addr().expect("addr").port();
        let mut server = RedisServer { port, child: None };
        server.start_again().await;
        server
    }

    /// Starts the server again on the same port (after [`Self::stop`]); its data is gone.
    pub(crate) async fn start_again(&mut self) {
        let child = Command::new(REDIS_SERVER)
            .args(["--port", &self.port.to_string(), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"])
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("starting redis-server (is it installed?)");
        self.child = Some(child);
        for _ in 0..100 {
            if std::net::TcpStream::connect(("127.0.0.1", self.port)).is_ok() {
                return;
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        panic!("redis-server did not listen on port {}", self.port);
    }

    /// Kills the server.
    pub(crate) fn stop(&mut self) {
        if let Some(mut child) = self.child.take() {
            let _ = child.kill();
            let _ = child.wait();
        }
    }

    /// `redis://127.0.0.1:{port}`.
    pub(crate) fn url(&self) -> String {
        format!("redis://127.0.0.1:{}", self.port)
    }

    /// A connected client, for tests that read what the gateway stored.
    pub(crate) async fn client(&self) -> fred::prelude::Client {
        let client = Builder::from_config(Config::from_url(&self.url()).expect("url")).build().expect("client");
        client.init().await.expect("connecting to redis");
        client
    }

    /// Names of the keys matching `pattern`.
    pub(crate) async fn keys(&self, pattern: &str) -> Vec<String> {
        let client = self.client().await;
        let keys: Vec<String> = client.custom(fred::cmd!("KEYS"), vec![pattern.to_string()]).await.expect("KEYS");
        let _ = client.quit().await;
        keys
    }

    /// The raw value of `key`.
    pub(crate) async fn get(&self, key: &str) -> Option<String> {
        let client = self.client().await;
        let value: Option<String> = client.get(key).await.expect("GET");
        let _ = client.quit().await;
        value
    }

    /// Milliseconds `key` has left.
    pub(crate) async fn pttl(&self, key: &str) -> i64 {
        let client = self.client().await;
        let ttl: i64 = client.pttl(key).await.expect("PTTL");
        let _ = client.quit().await;
        ttl
    }
}

impl Drop for RedisServer {
    fn drop(&mut self) {
        self.stop();
    }
}

/// Gateway config for the Redis store at `redis` with these encryption keys.
pub(crate) fn redis_store_config(redis: &RedisServer, keys: &str, extra_session: &str) -> String {
    format!(
        "[session]\nstore = \"redis\"\nencryption_keys = \"{keys}\"\n{extra_session}\n\
         [redis]\nurl = \"{}\"\nconnect_timeout_ms = 500\ncommand_timeout_ms = 500\npool_size = 2\n",
        redis.url()
    )
}

/// Two AES-256 test keys, base64.
pub(crate) const KEY_A: &str = "AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8=";
pub(crate) const KEY_B: &str = "HxwdHBsaGRgXFhUUExIREA8ODQwLCgkIBwYFBAMCAQA=";
