//! What the reliability tests share: the sandbox's fault API, raw TCP exchanges with the
//! gateway (for what an HTTP client library will not send), and the process's memory.

use std::time::Duration;

use reqwest::StatusCode;
use serde_json::Value;
use tokio::{
    io::{AsyncReadExt, AsyncWriteExt},
    net::TcpStream,
};

use crate::helpers::TestApp;

/// Replaces the sandbox's fault rules with `rules` (a JSON array, see the sandbox README).
pub(crate) async fn set_faults(app: &TestApp, rules: Value) {
    let url = app.sandbox_url.join("admin/faults").expect("admin url");
    let response = reqwest::Client::new().put(url).json(&rules).send().await.expect("admin call");
    assert_eq!(response.status(), StatusCode::OK, "fault rules accepted: {rules}");
}

/// No more faults.
pub(crate) async fn clear_faults(app: &TestApp) {
    let url = app.sandbox_url.join("admin/faults").expect("admin url");
    let response = reqwest::Client::new().delete(url).send().await.expect("admin call");
    assert_eq!(response.status(), StatusCode::NO_CONTENT);
}

/// A TCP connection to the gateway.
pub(crate) async fn connect(app: &TestApp) -> TcpStream {
    TcpStream::connect(("127.0.0.1", app.port)).await.expect("connecting to the gateway")
}

/// Sends `raw` on a new connection and reads until the gateway closes it or `wait` passes;
/// answers what was read.
pub(crate) async fn exchange(app: &TestApp, raw: &str, wait: Duration) -> String {
    let mut stream = connect(app).await;
    stream.write_all(raw.as_bytes()).await.expect("sending");
    read_until_closed(&mut stream, wait).await.0
}

/// Reads until the peer closes or `wait` passes: what was read, and whether it closed.
pub(crate) async fn read_until_closed(stream: &mut TcpStream, wait: Duration) -> (String, bool) {
    let mut read = Vec::new();
    let mut buf = [0u8; 8192];
    let deadline = tokio::time::Instant::now() + wait;
    loop {
        match tokio::time::timeout_at(deadline, stream.read(&mut buf)).await {
            Ok(Ok(0)) | Ok(Err(_)) => return (String::from_utf8_lossy(&read).into_owned(), true),
            Ok(Ok(n)) => read.extend_from_slice(&buf[..n]),
            Err(_) => return (String::from_utf8_lossy(&read).into_owned(), false),
        }
    }
}

/// The status code of a raw HTTP/1.1 answer (`HTTP/1.1 408 ...`).
pub(crate) fn status_of(answer: &str) -> Option<u16> {
    answer.strip_prefix("HTTP/1.1 ")?.get(..3)?.parse().ok()
}

/// Resident memory of this test process (gateway and sandbox run in it), in KiB.
pub(crate) fn resident_kib() -> u64 {
    let status = std::fs::read_to_string("/proc/self/status").expect("/proc/self/status");
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmRSS:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
        .expect("VmRSS")
}

/// Heavy tests (load, schemathesis) one at a time, so they do not starve each other.
pub(crate) static HEAVY: tokio::sync::Mutex<()> = tokio::sync::Mutex::const_new(());
