//! The upstream API over HTTP: load options on the aggregates query, terms, scales, collections.

use std::collections::HashMap;

use base64::{Engine, engine::general_purpose::URL_SAFE_NO_PAD};
use lms_sandbox::{RunningSandbox, SandboxConfig, spawn};
use reqwest::{StatusCode, header::LOCATION, redirect::Policy};
use serde_json::Value;
use sha2::{Digest, Sha256};

const VERIFIER: &str = "a-verifier-of-at-least-forty-three-characters-0123456789";
const REDIRECT: &str = "http://localhost:9999/oidc/callback";

/// A sandbox and an access token of ada.
async fn ada() -> (RunningSandbox, reqwest::Client, String) {
    let s = spawn(SandboxConfig::in_memory("127.0.0.1:0".parse().expect("addr"))).await.expect("sandbox");
    let client = reqwest::Client::builder().redirect(Policy::none()).build().expect("client");
    let challenge = URL_SAFE_NO_PAD.encode(Sha256::digest(VERIFIER.as_bytes()));
    let back = client
        .post(format!("{}t/acme/idp/authorize", s.base_url()))
        .form(&[
            ("response_type", "code"),
            ("client_id", "learner-portal"),
            ("redirect_uri", REDIRECT),
            ("scope", "openid"),
            ("code_challenge", &challenge),
            ("code_challenge_method", "S256"),
            ("username", "ada"),
            ("password", "demo"),
        ])
        .send()
        .await
        .expect("sign in");
    let location = url::Url::parse(back.headers()[LOCATION].to_str().expect("ascii")).expect("url");
    let code = location.query_pairs().find(|(k, _)| k == "code").expect("code").1.into_owned();
    let tokens: Value = client
        .post(format!("{}t/acme/idp/token", s.base_url()))
        .basic_auth("learner-portal", Some("demo-secret"))
        .form(&[
            ("grant_type", "authorization_code"),
            ("code", &code),
            ("redirect_uri", REDIRECT),
            ("code_verifier", VERIFIER),
        ])
        .send()
        .await
        .expect("token")
        .json()
        .await
        .expect("json");
    let token = tokens["access_token"].as_str().expect("access token").to_string();
    (s, client, token)
}

async fn get(
    s: &RunningSandbox,
    client: &reqwest::Client,
    token: &str,
    path: &str,
    query: &[(&str, &str)],
) -> reqwest::Response {
    client.get(format!("{}t/acme/api/{path}", s.base_url())).bearer_auth(token).query(query).send().await.expect("call")
}

fn names(answer: &Value) -> Vec<String> {
    answer["data"]
        .as_array()
        .expect("data")
        .iter()
        .map(|a| a["objective"]["name"].as_str().expect("name").to_string())
        .collect()
}

#[tokio::test]
async fn aggregates_query_filters_sorts_pages_and_counts() {
    let (s, client, token) = ada().await;
    let all: Value = get(&s, &client, &token, "objective-workflow-aggregates/query", &[("requireTotalCount", "true")])
        .await
        .json()
        .await
        .expect("json");
    let total = all["totalCount"].as_u64().expect("total");
    assert!(total >= 14, "seed has every state: {total}");
    let sort = r#"[{"selector":"objective.name","desc":false}]"#;
    let page: Value = get(
        &s,
        &client,
        &token,
        "objective-workflow-aggregates/query",
        &[("sort", sort), ("skip", "2"), ("take", "3"), ("requireTotalCount", "true")],
    )
    .await
    .json()
    .await
    .expect("json");
    let mut sorted = names(&all);
    sorted.sort_by_key(|n| n.to_lowercase());
    assert_eq!(names(&page), sorted[2..5]);
    assert_eq!(page["totalCount"], total);

    let filter = r#"[["objective.activity.state","<>",4],"and",[["isMandatory","=",true],"or",["lastObjectiveRecord","<>",null]]]"#;
    let filtered: Value = get(&s, &client, &token, "objective-workflow-aggregates/query", &[("filter", filter)])
        .await
        .json()
        .await
        .expect("json");
    let items = filtered["data"].as_array().expect("data");
    assert!(!items.is_empty());
    for a in items {
        assert_ne!(a["objective"]["activity"]["state"], 4);
        assert!(a["isMandatory"] == true || !a["lastObjectiveRecord"].is_null(), "{a}");
    }
    let by_collection = r#"["objective.showcases.name","=","Security"]"#;
    let security: Value = get(&s, &client, &token, "objective-workflow-aggregates/query", &[("filter", by_collection)])
        .await
        .json()
        .await
        .expect("json");
    assert_eq!(names(&security).len(), 2);
}

#[tokio::test]
async fn a_malformed_filter_is_a_readable_400() {
    let (s, client, token) = ada().await;
    for filter in ["[oops", r#"["name","like","x"]"#, r#"[["a",1],"and"]"#] {
        let response = get(&s, &client, &token, "objective-workflow-aggregates/query", &[("filter", filter)]).await;
        assert_eq!(response.status(), StatusCode::BAD_REQUEST, "{filter}");
        let body: Value = response.json().await.expect("problem");
        assert!(body["detail"].as_str().is_some_and(|d| !d.is_empty()), "{body}");
    }
}

#[tokio::test]
async fn terms_scales_and_collections() {
    let (s, client, token) = ada().await;
    let terms: Value = get(&s, &client, &token, "users/me/terms", &[]).await.json().await.expect("json");
    assert_eq!(terms.as_array().map(Vec::len), Some(2));
    let showcases: Value =
        get(&s, &client, &token, "users/me/enrolled-showcases", &[]).await.json().await.expect("json");
    let counts: HashMap<String, u64> = showcases
        .as_array()
        .expect("array")
        .iter()
        .map(|c| (c["name"].as_str().expect("name").to_string(), c["objectivesCount"].as_u64().expect("count")))
        .collect();
    assert_eq!(counts.get("Security"), Some(&2));
    let scales: Value = get(&s, &client, &token, "grading-scales/query", &[]).await.json().await.expect("json");
    let scale = &scales["data"][0];
    assert_eq!(scale["objectiveGrades"].as_array().map(Vec::len), Some(5));
    let id = scale["id"].as_str().expect("id");
    let by_id: Value =
        get(&s, &client, &token, "grading-scales/query", &[("filter", &format!(r#"[["id","=","{id}"]]"#))])
            .await
            .json()
            .await
            .expect("json");
    assert_eq!(by_id["data"].as_array().map(Vec::len), Some(1));
}
