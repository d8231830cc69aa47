//! Schemathesis (from PyPI, pinned by `scripts/install-schemathesis.sh`) against
//! `/api/bff/openapi.json`, with a session and without, a bounded number of examples per
//! operation: no 5xx, and every answer conforms to the document (status code, content type,
//! body schema).

use std::{path::PathBuf, process::Stdio, time::Instant};

use crate::{helpers::TestApp, reliability_common::HEAVY};

/// Examples per operation and run.
const MAX_EXAMPLES: &str = "12";

/// The pinned schemathesis, installed on first use.
async fn schemathesis() -> PathBuf {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..");
    let status = tokio::process::Command::new(root.join("scripts/install-schemathesis.sh"))
        .status()
        .await
        .expect("running scripts/install-schemathesis.sh");
    assert!(status.success(), "scripts/install-schemathesis.sh failed (it needs python3 with venv and PyPI)");
    root.join("target/venv-schemathesis/bin/schemathesis")
}

/// Runs schemathesis with `headers`; panics with its report unless it found nothing.
async fn run(app: &TestApp, label: &str, headers: &[String]) {
    let started = Instant::now();
    let mut command = tokio::process::Command::new(schemathesis().await);
    command
        .arg("run")
        .arg(app.url("localhost", "/api/bff/openapi.json"))
        // One worker: CPython 3.11 can fail parsing in two threads at once ("AST constructor
        // recursion depth mismatch"), inside hypothesis.
        .args(["--max-examples", MAX_EXAMPLES, "--seed", "16", "--workers", "1", "--request-timeout", "20"])
        // The streams (chat events, tutor answers) run for minutes by design: not for a fuzzer.
        .args(["--exclude-path", "/api/bff/chat/stream", "--exclude-path", "/api/bff/tutor/answers"])
        .args(["--phases", "examples,coverage,fuzzing"])
        .args([
            "--checks",
            "not_a_server_error,status_code_conformance,content_type_conformance,response_schema_conformance",
        ])
        .args(["--suppress-health-check", "all", "--no-color", "--warnings", "off"])
        .env("SCHEMATHESIS_TELEMETRY", "false")
        // Its cache and reports stay under target/, not in the source tree.
        .current_dir(PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../target"))
        .stdin(Stdio::null());
    for header in headers {
        command.args(["-H", header]);
    }
    let output = command.output().await.expect("running schemathesis");
    let stdout = String::from_utf8_lossy(&output.stdout);
    let summary: Vec<&str> = stdout
        .lines()
        .filter(|l| l.contains(" generated, ") || (l.starts_with('=') && l.contains(" in ")))
        .map(|l| l.trim_matches(|c: char| c == '=' || c.is_whitespace()))
        .collect();
    let summary = summary.join("; ");
    println!("schemathesis {label}: {summary} ({:.1} s)", started.elapsed().as_secs_f64());
    assert!(
        output.status.success(),
        "schemathesis {label} found problems:\n{stdout}\n{}",
        String::from_utf8_lossy(&output.stderr)
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn schemathesis_finds_no_5xx_and_no_answer_off_the_document() {
    let _heavy = HEAVY.lock().await;
    let app = TestApp::builder().fast_commands().spawn().await;
    let cookie = app.session_cookie("localhost", "ada").await;
    let xrw = "X-Requested-With: XMLHttpRequest".to_string();
    run(&app, "without a session", std::slice::from_ref(&xrw)).await;
    run(&app, "with a session", &[xrw, format!("Cookie: {cookie}")]).await;
}
