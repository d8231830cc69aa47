//! `POST /t/{tenant}/api/tutor/answers`: an answer from the course's own text, streamed.

use std::time::{Duration, Instant};

use lms_sandbox::SandboxConfig;
use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::helpers::Sandbox;

/// The events of a server-sent event stream: (event, data).
fn events(body: &str) -> Vec<(String, Value)> {
    body.split("\n\n")
        .filter(|block| !block.trim().is_empty())
        .map(|block| {
            let mut event = String::new();
            let mut data = Value::Null;
            for line in block.lines() {
                if let Some(e) = line.strip_prefix("event: ") {
                    event = e.to_string();
                } else if let Some(d) = line.strip_prefix("data: ") {
                    data = serde_json::from_str(d).expect("json data");
                }
            }
            (event, data)
        })
        .collect()
}

async fn ask(sb: &Sandbox, token: &str, objective: &Value, question: &str) -> reqwest::Response {
    sb.browser
        .post(sb.url("t/acme/api/tutor/answers"))
        .bearer_auth(token)
        .json(&json!({ "objectiveId": objective, "question": question }))
        .send()
        .await
        .expect("ask")
}

#[tokio::test]
async fn the_answer_cites_the_course_and_streams_word_by_word() {
    let mut config = SandboxConfig::in_memory("127.0.0.1:0".parse().expect("addr"));
    config.tutor_token_delay = Duration::from_millis(20);
    let sb = Sandbox::start_with(config).await;
    let ada = sb.access_token("acme", "ada").await;
    let aggregate = sb.aggregate("acme", &ada, "Cybersecurity Program").await;
    let objective = &aggregate["objective"]["id"];
    let modules: Vec<String> = {
        let about = aggregate["objective"]["description"].as_str().unwrap_or_default().to_string();
        about
            .split_whitespace()
            .filter(|w| w.len() >= 5)
            .map(|w| w.trim_matches(|c: char| !c.is_alphanumeric()).to_string())
            .collect()
    };
    assert!(!modules.is_empty(), "the seeded course has a description to ask about: {aggregate}");
    let question = format!("What does this course say about {}?", modules[0]);

    let began = Instant::now();
    let response = ask(&sb, &ada, objective, &question).await;
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(response.headers()["content-type"], "text/event-stream");
    let body = response.text().await.expect("body");
    let took = began.elapsed();
    let events = events(&body);
    let citations: Vec<&Value> = events.iter().filter(|(e, _)| e == "citation").map(|(_, d)| d).collect();
    assert!(!citations.is_empty(), "{body}");
    let passage = citations[0]["passage"].as_str().expect("passage");
    assert!(passage.to_lowercase().contains(&modules[0].to_lowercase()), "{passage}");
    let tokens: Vec<&str> =
        events.iter().filter(|(e, _)| e == "token").map(|(_, d)| d["text"].as_str().expect("text")).collect();
    assert!(tokens.len() > 3);
    let answer = tokens.concat();
    assert!(answer.starts_with("According to Cybersecurity Program:"), "{answer}");
    assert!(answer.contains(passage), "the answer quotes the cited passage");
    assert_eq!(events.last().map(|(e, _)| e.as_str()), Some("done"));
    assert!(
        took >= Duration::from_millis(20) * (tokens.len() as u32 - 1),
        "paced: {took:?} for {} tokens",
        tokens.len()
    );
}

#[tokio::test]
async fn questions_are_checked_and_only_learners_of_the_course_may_ask() {
    let sb = Sandbox::start().await;
    let ada = sb.access_token("acme", "ada").await;
    let objective = sb.aggregate("acme", &ada, "Cybersecurity Program").await["objective"]["id"].clone();
    for question in ["   ".to_string(), "x".repeat(2_001)] {
        let refused = ask(&sb, &ada, &objective, &question).await;
        assert_eq!(refused.status(), StatusCode::BAD_REQUEST);
    }
    let ken = sb.access_token("acme", "ken").await;
    assert_eq!(ask(&sb, &ken, &objective, "What is phishing?").await.status(), StatusCode::NOT_FOUND);
    let unknown = ask(&sb, &ada, &json!("00000000-0000-0000-0000-000000000000"), "What?").await;
    assert_eq!(unknown.status(), StatusCode::NOT_FOUND);
    let nothing = ask(&sb, &ada, &objective, "Weather forecast tomorrow?").await.text().await.expect("body");
    let answer: String = events(&nothing)
        .iter()
        .filter(|(e, _)| e == "token")
        .map(|(_, d)| d["text"].as_str().unwrap_or_default().to_string())
        .collect();
    assert!(answer.starts_with("I could not find that in Cybersecurity Program."), "{answer}");
    // It suggests two of the course's activities by name, not sentences of its description.
    assert!(answer.contains("for example “") && answer.ends_with("”."), "{answer}");
    assert!(!answer.contains("..") && !answer.contains("academy"), "{answer}");
}
