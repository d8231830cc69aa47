//! `/admin/clock`: reading and setting the sandbox clock over HTTP, and the date rules it moves.

use std::{
    io::{BufRead, BufReader},
    process::{Command, Stdio},
    time::{Duration, SystemTime, UNIX_EPOCH},
};

use lms_sandbox::{SandboxConfig, clock::ClockMode};
use reqwest::{Method, StatusCode};
use serde_json::{Value, json};
use time::{OffsetDateTime, format_description::well_known::Rfc3339};

use crate::{
    admin::admin_json,
    helpers::{Sandbox, new_id},
};

fn unix(rfc3339: &Value) -> i64 {
    OffsetDateTime::parse(rfc3339.as_str().expect("a string"), &Rfc3339).expect("RFC 3339").unix_timestamp()
}

fn system_now() -> i64 {
    SystemTime::now().duration_since(UNIX_EPOCH).expect("after 1970").as_secs() as i64
}

#[tokio::test]
async fn a_fixed_clock_stands_still_and_an_offset_clock_runs_shifted() {
    let sb = Sandbox::start().await;
    let real = admin_json(&sb, Method::GET, "clock", None, StatusCode::OK).await;
    assert_eq!(real["mode"], "real");
    assert!((unix(&real["now"]) - system_now()).abs() <= 1, "{real}");

    let at = "2026-01-31T12:00:00Z";
    let set = admin_json(&sb, Method::PUT, "clock", Some(json!({ "mode": "fixed", "at": at })), StatusCode::OK).await;
    assert_eq!(set, json!({ "mode": "fixed", "at": at, "now": at }));
    tokio::time::sleep(Duration::from_millis(1_100)).await;
    let later = admin_json(&sb, Method::GET, "clock", None, StatusCode::OK).await;
    assert_eq!(later["now"], at, "a fixed clock does not move");

    let offset = json!({ "mode": "offset", "seconds": -3_600 });
    let shifted = admin_json(&sb, Method::PUT, "clock", Some(offset), StatusCode::OK).await;
    assert_eq!((&shifted["mode"], &shifted["seconds"]), (&json!("offset"), &json!(-3_600)));
    let read = admin_json(&sb, Method::GET, "clock", None, StatusCode::OK).await;
    assert!((unix(&read["now"]) - (system_now() - 3_600)).abs() <= 1, "{read}");

    let back = admin_json(&sb, Method::PUT, "clock", Some(json!({ "mode": "real" })), StatusCode::OK).await;
    assert_eq!(back["mode"], "real");
    assert!((unix(&back["now"]) - system_now()).abs() <= 1, "{back}");
}

#[tokio::test]
async fn the_clock_can_start_fixed_and_tokens_stay_on_the_system_clock() {
    let config = SandboxConfig {
        clock: "fixed:2030-06-01T08:30:00+02:00".parse::<ClockMode>().expect("mode"),
        ..SandboxConfig::default()
    };
    let sb = Sandbox::start_with(config).await;
    let clock = admin_json(&sb, Method::GET, "clock", None, StatusCode::OK).await;
    assert_eq!(clock["mode"], "fixed");
    assert_eq!(clock["now"], "2030-06-01T06:30:00Z");
    // Tokens are issued and checked on the system clock, whatever the business clock says.
    let tokens = sb.tokens_for("acme", "ada").await;
    let (_, claims) = crate::helpers::jwt_parts(tokens["access_token"].as_str().expect("at"));
    assert!((claims["iat"].as_i64().expect("iat") - system_now()).abs() <= 2, "{claims}");
    let me = sb.api("acme", tokens["access_token"].as_str().expect("at"), "users/me", &[]).await;
    assert_eq!(me.status(), StatusCode::OK);
}

#[tokio::test]
async fn the_binary_reads_the_clock_and_the_admin_token_from_environment_and_flags() {
    let dir = tempfile::tempdir().expect("tempdir");
    let mut child = Command::new(env!("CARGO_BIN_EXE_lms-sandbox"))
        .args(["--listen", "127.0.0.1:0", "--admin-token", "from-the-flag", "--data-dir"])
        .arg(dir.path())
        .env("LMS_SANDBOX_CLOCK", "offset:+86400")
        .env("LMS_SANDBOX_ADMIN_TOKEN", "from-the-environment")
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("starting lms-sandbox");
    let stdout = child.stdout.take().expect("stdout");
    let line = tokio::task::spawn_blocking(move || {
        let mut line = String::new();
        BufReader::new(stdout).read_line(&mut line).map(|_| line)
    });
    let url = match tokio::time::timeout(Duration::from_secs(60), line).await {
        Ok(Ok(Ok(line))) => line.trim_end().strip_prefix("lms-sandbox listening on ").map(String::from),
        _ => None,
    };
    let client = reqwest::Client::new();
    let mut answers = Vec::new();
    if let Some(url) = &url {
        for token in ["from-the-environment", "from-the-flag"] {
            let answer = client.get(format!("{url}/admin/clock")).bearer_auth(token).send().await;
            answers.push(match answer {
                Ok(answer) => (answer.status(), answer.json::<Value>().await.unwrap_or(Value::Null)),
                Err(e) => (StatusCode::IM_A_TEAPOT, Value::String(e.to_string())),
            });
        }
    }
    let _ = child.kill();
    let _ = child.wait();
    assert!(url.is_some(), "the binary did not say where it listens");
    assert_eq!(answers[0].0, StatusCode::UNAUTHORIZED, "the flag wins over the environment");
    let (status, clock) = &answers[1];
    assert_eq!(*status, StatusCode::OK, "{clock}");
    assert_eq!((&clock["mode"], &clock["seconds"]), (&json!("offset"), &json!(86_400)));
    assert!((unix(&clock["now"]) - (system_now() + 86_400)).abs() <= 2, "{clock}");

    let refused = Command::new(env!("CARGO_BIN_EXE_lms-sandbox"))
        .args(["--listen", "127.0.0.1:0", "--clock", "next-tuesday"])
        .output()
        .expect("running lms-sandbox");
    assert_eq!(refused.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&refused.stderr);
    assert!(stderr.contains("next-tuesday") && stderr.contains("--clock"), "{stderr}");
}

#[tokio::test]
async fn api_answers_carry_the_sandbox_clock_in_their_date_header() {
    let sb = Sandbox::start().await;
    let at = "2030-06-01T08:00:00Z";
    admin_json(&sb, Method::PUT, "clock", Some(json!({ "mode": "fixed", "at": at })), StatusCode::OK).await;
    let response = reqwest::get(sb.url("t/acme/api/public/open-catalog/showcases")).await.expect("request");
    assert_eq!(response.status(), StatusCode::OK);
    let date = response.headers().get(reqwest::header::DATE).expect("a Date header").to_str().expect("ascii");
    assert_eq!(date, "Sat, 01 Jun 2030 08:00:00 GMT");
}

#[tokio::test]
async fn moving_the_clock_through_the_admin_api_moves_the_date_rules() {
    let sb = Sandbox::start_with(crate::helpers::fast_config()).await;
    let token = sb.access_token("acme", "ada").await;
    let start = |course: &'static str| {
        let sb = &sb;
        let token = &token;
        async move {
            let aggregate = sb.aggregate("acme", token, course).await;
            let body = json!({ "id": new_id(), "objectiveWorkflowAggregateId": aggregate["id"] });
            sb.command("acme", token, "start-objective-workflows", "respond-sync", &body).await
        }
    };
    // Advanced Negotiation opens in 10 days, Legacy Systems Overview closed 5 days ago.
    assert_eq!(start("Advanced Negotiation").await.status(), StatusCode::BAD_REQUEST, "not yet available");
    let eleven_days = json!({ "mode": "offset", "seconds": 11 * 86_400 });
    admin_json(&sb, Method::PUT, "clock", Some(eleven_days), StatusCode::OK).await;
    assert_eq!(start("Advanced Negotiation").await.status(), StatusCode::OK, "available eleven days later");

    assert_eq!(start("Legacy Systems Overview").await.status(), StatusCode::BAD_REQUEST, "long closed");
    let six_days_ago = json!({ "mode": "offset", "seconds": -6 * 86_400 });
    admin_json(&sb, Method::PUT, "clock", Some(six_days_ago), StatusCode::OK).await;
    assert_eq!(start("Legacy Systems Overview").await.status(), StatusCode::OK, "still open six days ago");
}
