//! `/t/{tenant}/api/`: bearer checks, `users/me`, terms, collections, grading scales.

use std::collections::HashMap;

use base64::{Engine, engine::general_purpose::URL_SAFE_NO_PAD};
use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::helpers::Sandbox;

#[tokio::test]
async fn the_api_accepts_only_this_tenants_valid_tokens() {
    let sb = Sandbox::start().await;
    let me = |tenant: &str, token: Option<&str>| {
        let mut request = sb.browser.get(sb.url(&format!("t/{tenant}/api/users/me")));
        if let Some(t) = token {
            request = request.bearer_auth(t);
        }
        request.send()
    };
    for response in [me("acme", None).await.expect("me"), me("acme", Some("not.a.jwt")).await.expect("me")] {
        assert_eq!(response.status(), StatusCode::UNAUTHORIZED);
        assert_eq!(response.headers()["www-authenticate"], "Bearer error=\"invalid_token\"");
        let problem: Value = response.json().await.expect("problem");
        assert_eq!(problem["status"], 401);
        assert!(problem["title"].is_string() && problem["detail"].is_string(), "{problem}");
    }
    let access = sb.access_token("acme", "ada").await;
    assert_eq!(me("acme", Some(&access)).await.expect("me").status(), StatusCode::OK);
    let other = me("globex", Some(&access)).await.expect("me");
    assert_eq!(other.status(), StatusCode::UNAUTHORIZED, "another tenant's token");
    assert!(other.headers()["www-authenticate"].to_str().expect("ascii").contains("invalid_token"));
    // A token whose signature was tampered with.
    let mut parts: Vec<String> = access.split('.').map(String::from).collect();
    parts[2] = URL_SAFE_NO_PAD.encode([0u8; 256]);
    assert_eq!(me("acme", Some(&parts.join("."))).await.expect("me").status(), StatusCode::UNAUTHORIZED);
    let unknown = sb.api("nobody", &access, "users/me", &[]).await;
    assert_eq!(unknown.status(), StatusCode::NOT_FOUND);
    let no_route = sb.api("acme", &access, "no-such-thing", &[]).await;
    assert_eq!(no_route.status(), StatusCode::NOT_FOUND);
    assert_eq!(no_route.json::<Value>().await.expect("problem")["status"], 404);
}

fn permission_names(profile: &Value) -> Vec<&str> {
    profile["permissions"].as_array().expect("permissions").iter().filter_map(|p| p["name"].as_str()).collect()
}

#[tokio::test]
async fn users_me_describes_each_demo_account() {
    let sb = Sandbox::start().await;
    let ada = sb.api_json("acme", &sb.access_token("acme", "ada").await, "users/me", &[]).await;
    for field in ["id", "tenant_id", "email", "first_name", "middle_name", "last_name", "timezone", "roles"] {
        assert!(ada.get(field).is_some(), "{field} in {ada}");
    }
    assert!(ada["id"].as_str().is_some_and(|id| id.len() == 36), "a UUID");
    assert_eq!(ada["tenant_id"], "acme");
    assert_eq!(ada["email"], "ada@acme.example");
    assert_eq!((&ada["first_name"], &ada["last_name"]), (&json!("Ada"), &json!("Lovelace")));
    assert_eq!(ada["roles"], json!(["Learner"]));
    assert!(ada["permissions"].as_array().expect("permissions").contains(&json!({
        "name": "ObjectiveWorkflow.Create", "scope_id": null
    })));

    let grace = sb.api_json("acme", &sb.access_token("acme", "grace").await, "users/me", &[]).await;
    assert_eq!(grace["roles"], json!(["Learner", "Instructor"]));
    assert!(permission_names(&grace).contains(&"ObjectiveWorkflow.Create"));
    let ken = sb.api_json("acme", &sb.access_token("acme", "ken").await, "users/me", &[]).await;
    assert_eq!(ken["roles"], json!(["Learner"]));
    assert!(!permission_names(&ken).contains(&"ObjectiveWorkflow.Create"));
    let rosa = sb.api_json("acme", &sb.access_token("acme", "rosa").await, "users/me", &[]).await;
    assert_eq!(permission_names(&rosa), ["Research.Access", "KnowledgeModel.Access"]);
    let linus = sb.api_json("globex", &sb.access_token("globex", "linus").await, "users/me", &[]).await;
    assert_eq!(linus["tenant_id"], "globex");
    assert!(permission_names(&linus).contains(&"ObjectiveWorkflow.Create"));

    let again = Sandbox::start().await;
    let ada_again = again.api_json("acme", &again.access_token("acme", "ada").await, "users/me", &[]).await;
    assert_eq!(ada_again["id"], ada["id"], "seeded ids are the same at every start");
}

#[tokio::test]
async fn terms_scales_and_collections() {
    let sb = Sandbox::start().await;
    let token = sb.access_token("acme", "ada").await;
    let terms = sb.api_json("acme", &token, "users/me/terms", &[]).await;
    let terms = terms.as_array().expect("array");
    assert_eq!(terms.len(), 2);
    assert!(terms.iter().all(|t| t["id"].is_string() && t["name"].is_string()));

    let showcases = sb.api_json("acme", &token, "users/me/enrolled-showcases", &[]).await;
    let counts: HashMap<String, u64> = showcases
        .as_array()
        .expect("array")
        .iter()
        .map(|c| (c["name"].as_str().expect("name").to_string(), c["objectivesCount"].as_u64().expect("count")))
        .collect();
    assert_eq!(counts, HashMap::from([("Onboarding".into(), 4), ("Security".into(), 3)]));
    for field in ["id", "code", "description", "order"] {
        assert!(showcases[0].get(field).is_some(), "{field}");
    }

    let scales = sb.api_json("acme", &token, "grading-scales/query", &[("requireTotalCount", "true")]).await;
    assert_eq!(scales["totalCount"], 1);
    let scale = &scales["data"][0];
    let grades: Vec<(&str, f64)> = scale["objectiveGrades"]
        .as_array()
        .expect("grades")
        .iter()
        .map(|g| (g["name"].as_str().expect("name"), g["normalizedMinScore"].as_f64().expect("min")))
        .collect();
    assert_eq!(grades, [("A", 0.9), ("B", 0.8), ("C", 0.7), ("D", 0.6), ("F", 0.0)]);
    for field in ["name", "description", "maxScore", "normalizedPassingScore", "numberOfGrades", "passingGradeId"] {
        assert!(scale.get(field).is_some(), "{field}");
    }
    let id = scale["id"].as_str().expect("id");
    let filter = format!(r#"[["id","=","{id}"],"or",["id","=","00000000-0000-0000-0000-000000000000"]]"#);
    let by_id = sb.api_json("acme", &token, "grading-scales/query", &[("filter", &filter)]).await;
    assert_eq!(by_id["data"].as_array().map(Vec::len), Some(1));
    let none = sb.api_json("acme", &token, "grading-scales/query", &[("filter", r#"["id","=","nope"]"#)]).await;
    assert_eq!(none["data"], json!([]));
}

#[tokio::test]
async fn units_and_the_time_zone_setting() {
    let sb = Sandbox::start().await;
    let token = sb.access_token("acme", "ada").await;
    let me = sb.api_json("acme", &token, "users/me", &[]).await;
    let id = me["id"].as_str().expect("id");
    let units = sb.api_json("acme", &token, &format!("users/{id}/units"), &[]).await;
    let items = units["items"].as_array().expect("items");
    assert_eq!(items.len(), 2);
    let primary: Vec<&str> = items
        .iter()
        .filter(|u| u["membership"]["is_primary"] == true)
        .map(|u| u["name"].as_str().expect("name"))
        .collect();
    assert_eq!(primary, ["Engineering"], "one primary membership");
    let grace = sb.api_json("acme", &sb.access_token("acme", "grace").await, "users/me", &[]).await;
    let other = sb.api("acme", &token, &format!("users/{}/units", grace["id"].as_str().expect("id")), &[]).await;
    assert_eq!(other.status(), StatusCode::FORBIDDEN, "someone else's units");

    assert_eq!(me["timezone"], "Europe/London");
    let set = |tz: Value| {
        sb.browser
            .post(sb.url(&format!("t/acme/api/users/{id}/timezone")))
            .bearer_auth(&token)
            .json(&json!({ "timezone": tz }))
            .send()
    };
    let saved = set(json!("America/Argentina/Buenos_Aires")).await.expect("post");
    assert_eq!(saved.status(), StatusCode::OK);
    let me = sb.api_json("acme", &token, "users/me", &[]).await;
    assert_eq!(me["timezone"], "America/Argentina/Buenos_Aires", "persisted and shown by users/me");
    for bad in [json!("Mars/Olympus Mons"), json!("london"), json!(""), json!(3), Value::Null] {
        let response = set(bad.clone()).await.expect("post");
        assert_eq!(response.status(), StatusCode::BAD_REQUEST, "{bad}");
        assert!(response.json::<Value>().await.expect("problem")["errors"]["timezone"].is_array());
    }
    assert_eq!(sb.api_json("acme", &token, "users/me", &[]).await["timezone"], "America/Argentina/Buenos_Aires");
    let forbidden = sb
        .browser
        .post(sb.url(&format!("t/acme/api/users/{}/timezone", grace["id"].as_str().expect("id"))))
        .bearer_auth(&token)
        .json(&json!({ "timezone": "UTC" }))
        .send()
        .await
        .expect("post");
    assert_eq!(forbidden.status(), StatusCode::FORBIDDEN);
}
