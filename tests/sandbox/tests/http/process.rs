//! The sandbox with a data folder, and the `lms-sandbox` binary itself.

use std::{
    io::{BufRead, BufReader},
    process::{Command, Stdio},
    time::Duration,
};

use lms_sandbox::SandboxConfig;
use serde_json::Value;

use crate::helpers::Sandbox;

async fn kid(sb: &Sandbox, tenant: &str) -> String {
    let jwks: Value =
        sb.browser.get(sb.url(&format!("t/{tenant}/idp/jwks"))).send().await.expect("jwks").json().await.expect("json");
    jwks["keys"][0]["kid"].as_str().expect("kid").to_string()
}

#[tokio::test]
async fn a_data_folder_keeps_the_keys_and_reseeds_the_database() {
    let dir = tempfile::tempdir().expect("tempdir");
    let mut config = SandboxConfig::in_memory("127.0.0.1:0".parse().expect("addr"));
    config.data_dir = Some(dir.path().to_path_buf());
    let first = Sandbox::start_with(config.clone()).await;
    assert!(dir.path().join("sandbox.db").is_file());
    assert!(dir.path().join("keys/acme.pem").is_file() && dir.path().join("keys/globex.pem").is_file());
    let kid_before = kid(&first, "acme").await;
    let token = first.tokens_for("acme", "ada").await;
    // The same port again, so the issuer (and with it the token) stays valid.
    config.listen = first.running.addr();
    first.running.shutdown().await;

    let second = Sandbox::start_with(config).await;
    assert_eq!(kid(&second, "acme").await, kid_before, "the key is reused");
    assert_ne!(kid(&second, "globex").await, kid_before);
    let access = token["access_token"].as_str().expect("at");
    let me = second.api("acme", access, "users/me", &[]).await;
    assert_eq!(me.status(), reqwest::StatusCode::OK, "tokens survive a restart: same key, same issuer");
    let refresh = second.refresh("acme", token["refresh_token"].as_str().expect("rt")).await;
    assert_eq!(refresh.status(), reqwest::StatusCode::BAD_REQUEST, "the database starts afresh");
}

#[tokio::test]
async fn a_second_sandbox_on_a_data_folder_in_use_refuses_to_start_and_names_it() {
    let dir = tempfile::tempdir().expect("tempdir");
    let mut config = SandboxConfig::in_memory("127.0.0.1:0".parse().expect("addr"));
    config.data_dir = Some(dir.path().to_path_buf());
    let first = Sandbox::start_with(config.clone()).await;
    let token = first.tokens_for("acme", "ada").await;

    let second = lms_sandbox::spawn(config.clone()).await;
    let message = format!("{:#}", second.err().expect("the second sandbox must not start"));
    assert!(message.contains(&dir.path().display().to_string()), "names the folder: {message}");
    assert!(message.contains("in use"), "{message}");
    // The first one still writes to its database: a refresh rotates the token.
    let refresh = first.refresh("acme", token["refresh_token"].as_str().expect("rt")).await;
    assert_eq!(refresh.status(), reqwest::StatusCode::OK, "the first sandbox's database is untouched");

    // Once the first stops, the folder is free again.
    first.running.shutdown().await;
    let third = lms_sandbox::spawn(config).await.expect("the folder is free after the first stopped");
    third.shutdown().await;
}

#[tokio::test]
async fn the_binary_prints_where_it_listens_and_serves() {
    let dir = tempfile::tempdir().expect("tempdir");
    let mut child = Command::new(env!("CARGO_BIN_EXE_lms-sandbox"))
        .args(["--listen", "127.0.0.1:0", "--data-dir"])
        .arg(dir.path())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("starting lms-sandbox");
    let stdout = child.stdout.take().expect("stdout");
    let line = tokio::task::spawn_blocking(move || {
        let mut line = String::new();
        BufReader::new(stdout).read_line(&mut line).map(|_| line)
    });
    let line = tokio::time::timeout(Duration::from_secs(60), line).await;
    let line = match line {
        Ok(Ok(Ok(line))) => line,
        other => {
            let _ = child.kill();
            panic!("no listening line: {other:?}");
        }
    };
    let url = line.trim_end().strip_prefix("lms-sandbox listening on ").map(String::from);
    let discovery = match &url {
        Some(url) if url.starts_with("http://127.0.0.1:") && !url.ends_with(":0") => {
            reqwest::get(format!("{url}/t/acme/idp/.well-known/openid-configuration")).await.ok()
        }
        _ => None,
    };
    let _ = child.kill();
    let _ = child.wait();
    let discovery = discovery.unwrap_or_else(|| panic!("unexpected first line {line:?}"));
    let body: Value = discovery.json().await.expect("json");
    assert_eq!(body["issuer"], format!("{}/t/acme/idp", url.unwrap_or_default()));
}
