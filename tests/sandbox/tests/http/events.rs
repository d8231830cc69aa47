//! `POST /t/{tenant}/api/events` (the analytics sink) and `/admin/events`.

use lms_sandbox::SandboxConfig;
use reqwest::{Method, Response, StatusCode};
use serde_json::{Value, json};

use crate::{
    admin::{admin, admin_json, assert_bad_request},
    helpers::Sandbox,
};

async fn post(sb: &Sandbox, tenant: &str, token: Option<&str>, body: &str) -> Response {
    let mut request = sb
        .browser
        .post(sb.url(&format!("t/{tenant}/api/events")))
        .header("content-type", "application/json")
        .body(body.to_string());
    if let Some(token) = token {
        request = request.bearer_auth(token);
    }
    request.send().await.expect("post events")
}

async fn stored(sb: &Sandbox, query: &str) -> Value {
    admin_json(sb, Method::GET, &format!("events{query}"), None, StatusCode::OK).await
}

fn names(read: &Value) -> Vec<String> {
    read["events"]
        .as_array()
        .expect("events")
        .iter()
        .map(|e| e["event"]["name"].as_str().or(e["event"]["event_name"].as_str()).expect("a name").to_string())
        .collect()
}

#[tokio::test]
async fn batches_and_single_events_are_stored_and_read_back() {
    let sb = Sandbox::start().await;
    let ada = sb.access_token("acme", "ada").await;
    let linus = sb.access_token("globex", "linus").await;
    let batch = json!([{ "name": "page_view", "props": { "page": "my-courses" } }, { "event_name": "course_open" }]);
    let answer = post(&sb, "acme", Some(&ada), &batch.to_string()).await;
    assert_eq!(answer.status(), StatusCode::ACCEPTED);
    assert_eq!(answer.json::<Value>().await.expect("json"), json!({ "accepted": 2 }));
    let single = post(&sb, "globex", Some(&linus), r#"{"name":"sign_out"}"#).await;
    assert_eq!(single.status(), StatusCode::ACCEPTED);

    let acme = stored(&sb, "?tenant=acme").await;
    assert_eq!(names(&acme), ["page_view", "course_open"]);
    assert_eq!(acme["events"][0]["event"], batch[0], "stored as sent");
    assert_eq!(acme["events"][0]["tenant"], "acme");
    assert!(acme["events"][0]["received_at"].as_str().is_some_and(|t| t.ends_with('Z')));
    assert_eq!(names(&stored(&sb, "?tenant=globex").await), ["sign_out"]);
    let all = stored(&sb, "").await;
    assert_eq!((all["stored"].as_u64(), all["dropped"].as_u64()), (Some(3), Some(0)));
    assert_eq!(names(&all), ["page_view", "course_open", "sign_out"]);

    assert_eq!(admin(&sb, Method::DELETE, "events", None).await.status(), StatusCode::NO_CONTENT);
    assert_eq!(stored(&sb, "").await["events"], json!([]));
}

#[tokio::test]
async fn the_sink_keeps_the_newest_events_up_to_its_limit() {
    let config = SandboxConfig { max_stored_events: 3, ..SandboxConfig::default() };
    let sb = Sandbox::start_with(config).await;
    let ada = sb.access_token("acme", "ada").await;
    let batch: Vec<Value> = (1..=5).map(|i| json!({ "name": format!("e{i}") })).collect();
    assert_eq!(post(&sb, "acme", Some(&ada), &Value::from(batch).to_string()).await.status(), StatusCode::ACCEPTED);
    assert_eq!(post(&sb, "acme", Some(&ada), r#"{"name":"e6"}"#).await.status(), StatusCode::ACCEPTED);
    let read = stored(&sb, "?tenant=acme").await;
    assert_eq!(names(&read), ["e4", "e5", "e6"]);
    assert_eq!((read["stored"].as_u64(), read["dropped"].as_u64(), read["max"].as_u64()), (Some(3), Some(3), Some(3)));
    admin(&sb, Method::DELETE, "events", None).await;
    assert_eq!(stored(&sb, "").await["dropped"], 0, "clearing resets the drop count");
}

#[tokio::test]
async fn bad_batches_are_refused_and_nothing_of_them_is_stored() {
    let config = SandboxConfig { events_body_limit_bytes: 1_000, ..SandboxConfig::default() };
    let sb = Sandbox::start_with(config).await;
    let ada = sb.access_token("acme", "ada").await;
    let token = Some(ada.as_str());
    assert_bad_request(post(&sb, "acme", token, "page_view").await, "not JSON").await;
    assert_bad_request(post(&sb, "acme", token, "").await, "not JSON").await;
    assert_bad_request(post(&sb, "acme", token, "42").await, "not 42").await;
    assert_bad_request(post(&sb, "acme", token, r#"{"type":"page_view"}"#).await, "event 0").await;
    assert_bad_request(post(&sb, "acme", token, r#"[{"name":"ok"},{"name":7}]"#).await, "event 1").await;
    assert_bad_request(post(&sb, "acme", token, r#"[{"name":"ok"},"page_view"]"#).await, "event 1").await;
    let too_big = Value::from(vec![json!({ "name": "x".repeat(2_000) })]).to_string();
    assert_eq!(post(&sb, "acme", token, &too_big).await.status(), StatusCode::PAYLOAD_TOO_LARGE);
    assert_eq!(stored(&sb, "").await["stored"], 0);
}

#[tokio::test]
async fn the_sink_needs_a_token_of_its_tenant() {
    let sb = Sandbox::start().await;
    let linus = sb.access_token("globex", "linus").await;
    for token in [None, Some("not.a.jwt"), Some(linus.as_str())] {
        let response = post(&sb, "acme", token, r#"{"name":"page_view"}"#).await;
        assert_eq!(response.status(), StatusCode::UNAUTHORIZED, "{token:?}");
        assert_eq!(response.json::<Value>().await.expect("problem")["status"], 401);
    }
    assert_eq!(post(&sb, "nobody", Some(&linus), r#"{"name":"x"}"#).await.status(), StatusCode::NOT_FOUND);
    assert_eq!(stored(&sb, "").await["stored"], 0);
}
