//! `create-self-enrollments`: by objective access or by open-catalog objective; the aggregate
//! takes the configured delay (1 to 3 s by default) to show the enrolment.

use std::time::Duration;

use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::helpers::{Sandbox, fast_config, new_id};

#[tokio::test]
async fn enrolling_shows_on_the_aggregate_only_after_the_delay() {
    let mut config = fast_config();
    config.enrollment_delay = (Duration::from_millis(300), Duration::from_millis(400));
    let sb = Sandbox::start_with(config).await;
    let token = sb.access_token("acme", "ada").await;
    let item = sb.aggregate("acme", &token, "Negotiation Skills").await;
    assert_eq!((&item["isSelfEnrolled"], &item["showInCatalog"]), (&json!(false), &json!(true)));
    let objective = item["objective"]["id"].as_str().expect("id").to_string();
    let access = sb.api_json("acme", &token, &format!("users/me/objectives/{objective}/objective-access"), &[]).await;
    assert_eq!(access["id"], item["objectiveAccess"]["id"]);
    // The accesses query keeps its rows between calls: each answer below must still be new.
    let of_objective = [("filter", format!(r#"["objective.id","=","{objective}"]"#))];
    let of_objective: Vec<(&str, &str)> = of_objective.iter().map(|(k, v)| (*k, v.as_str())).collect();
    let listed = || async { sb.api_json("acme", &token, "users/me/objective-accesses/query", &of_objective).await };
    assert_eq!(listed().await["data"][0]["objectiveWorkflowAggregate"]["isSelfEnrolled"], false);
    let request = json!({ "id": new_id(), "objectiveAccessId": access["id"] });
    let answer = sb.sync("acme", &token, "create-self-enrollments", &request).await;
    assert_eq!((&answer["id"], &answer["objectiveAccessId"]), (&request["id"], &access["id"]));
    let path = format!("objectives/{objective}/objective-workflow-aggregate");
    assert_eq!(sb.api_json("acme", &token, &path, &[]).await["isSelfEnrolled"], false, "not yet");
    let mut polls = 0;
    while sb.api_json("acme", &token, &path, &[]).await["isSelfEnrolled"] != true {
        polls += 1;
        assert!(polls < 40, "the enrolment never appeared");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert!(polls >= 3, "it took the configured delay ({polls} polls)");
    assert_eq!(listed().await["data"][0]["objectiveWorkflowAggregate"]["isSelfEnrolled"], true, "the list too");
    let twice = sb.command("acme", &token, "create-self-enrollments", "respond-sync", &request).await;
    assert_eq!(twice.status(), StatusCode::BAD_REQUEST);
    let problem: Value = twice.json().await.expect("problem");
    assert!(
        problem["errors"]["objectiveAccessId"][0].as_str().is_some_and(|m| m.contains("already enrolled")),
        "{problem}"
    );
    // Enrolled: it can start now.
    let started = sb
        .sync(
            "acme",
            &token,
            "start-objective-workflows",
            &json!({ "id": new_id(), "objectiveWorkflowAggregateId": item["id"] }),
        )
        .await;
    assert_eq!(started["state"], 1);
    let attempt = sb.api_json("acme", &token, &path, &[]).await["lastObjectiveWorkflow"]["id"].clone();
    assert!(attempt.is_string(), "started: {attempt}");
    assert_eq!(listed().await["data"][0]["lastObjectiveWorkflow"]["id"], attempt, "the started attempt is listed");
}

#[tokio::test]
async fn an_open_catalog_course_gets_a_new_access_that_appears_later() {
    let mut config = fast_config();
    config.enrollment_delay = (Duration::from_millis(200), Duration::from_millis(200));
    let sb = Sandbox::start_with(config).await;
    let token = sb.access_token("acme", "grace").await;
    let catalog = sb
        .public("acme", "public/open-catalog/objectives/query", &[("filter", r#"["name","=","Rust Essentials"]"#)])
        .await;
    let objective =
        catalog.json::<Value>().await.expect("json")["data"][0]["id"].as_str().expect("a catalog course").to_string();
    let path = format!("objectives/{objective}/objective-workflow-aggregate");
    assert_eq!(sb.api("acme", &token, &path, &[]).await.status(), StatusCode::NOT_FOUND);
    let answer =
        sb.sync("acme", &token, "create-self-enrollments", &json!({ "id": new_id(), "objectiveId": objective })).await;
    assert!(answer["objectiveAccessId"].is_string());
    assert_eq!(sb.api("acme", &token, &path, &[]).await.status(), StatusCode::NOT_FOUND, "not visible at once");
    tokio::time::sleep(Duration::from_millis(300)).await;
    let aggregate = sb.api_json("acme", &token, &path, &[]).await;
    assert_eq!(
        (&aggregate["isSelfEnrolled"], &aggregate["objectiveAccess"]["id"]),
        (&json!(true), &answer["objectiveAccessId"])
    );

    for (body, field) in [
        (json!({ "id": new_id(), "objectiveId": objective }), "objectiveId"),
        (json!({ "id": new_id(), "objectiveId": new_id() }), "objectiveId"),
        (json!({ "id": "not-a-uuid", "objectiveAccessId": new_id() }), "id"),
        (json!({ "objectiveAccessId": new_id() }), "id"),
        (json!({ "id": new_id() }), "objectiveAccessId"),
    ] {
        let response = sb.command("acme", &token, "create-self-enrollments", "respond-sync", &body).await;
        assert_eq!(response.status(), StatusCode::BAD_REQUEST, "{body}");
        let problem: Value = response.json().await.expect("problem");
        assert!(problem["errors"][field].is_array(), "{body}: {problem}");
    }
}

#[tokio::test]
async fn by_default_an_enrolment_shows_after_one_to_three_seconds() {
    let sb = Sandbox::start().await;
    let token = sb.access_token("acme", "ada").await;
    let item = sb.aggregate("acme", &token, "Negotiation Skills").await;
    let path = format!("objectives/{}/objective-workflow-aggregate", item["objective"]["id"].as_str().expect("id"));
    let request = json!({ "id": new_id(), "objectiveAccessId": item["objectiveAccess"]["id"] });
    sb.sync("acme", &token, "create-self-enrollments", &request).await;
    let answered = std::time::Instant::now();
    while sb.api_json("acme", &token, &path, &[]).await["isSelfEnrolled"] != true {
        assert!(answered.elapsed() < Duration::from_millis(3_500), "the enrolment never appeared");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let took = answered.elapsed();
    // The delay starts a moment before the answer arrives.
    assert!(took >= Duration::from_millis(900), "it appeared after {took:?}");
}

#[tokio::test]
async fn a_list_call_shows_an_enrolment_and_a_new_access_once_their_delay_passes() {
    let mut config = fast_config();
    config.enrollment_delay = (Duration::from_millis(300), Duration::from_millis(300));
    let sb = Sandbox::start_with(config).await;
    let token = sb.access_token("acme", "ada").await;
    let list = |filter: Value| {
        let (sb, token) = (&sb, &token);
        async move {
            let filter = filter.to_string();
            let query = [("filter", filter.as_str()), ("requireTotalCount", "true")];
            sb.api_json("acme", token, "objective-workflow-aggregates/query", &query).await
        }
    };
    let enrolled = json!(["isSelfEnrolled", "=", true]);
    let before = list(enrolled.clone()).await["totalCount"].as_u64().expect("a count");
    let item = sb.aggregate("acme", &token, "Negotiation Skills").await;
    let request = json!({ "id": new_id(), "objectiveAccessId": item["objectiveAccess"]["id"] });
    sb.sync("acme", &token, "create-self-enrollments", &request).await;
    // Listed again and again while nothing is written: the answer still changes when the delay passes.
    assert_eq!(list(enrolled.clone()).await["totalCount"], before, "not yet");
    let mut polls = 0;
    while list(enrolled.clone()).await["totalCount"] == before {
        polls += 1;
        assert!(polls < 40, "the enrolment never showed in the list");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert!(polls >= 3, "it took the configured delay ({polls} polls)");
    let named = list(json!(["objective.name", "=", "Negotiation Skills"])).await;
    assert_eq!(named["data"][0]["isSelfEnrolled"], true);

    let grace = sb.access_token("acme", "grace").await;
    let catalog = sb
        .public("acme", "public/open-catalog/objectives/query", &[("filter", r#"["name","=","Rust Essentials"]"#)])
        .await;
    let objective = catalog.json::<Value>().await.expect("json")["data"][0]["id"].clone();
    let rust = json!(["objective.id", "=", objective]).to_string();
    let count = |filter: String| {
        let (sb, grace) = (&sb, &grace);
        async move {
            let query = [("filter", filter.as_str()), ("requireTotalCount", "true")];
            sb.api_json("acme", grace, "objective-workflow-aggregates/query", &query).await["totalCount"].clone()
        }
    };
    assert_eq!(count(rust.clone()).await, 0);
    sb.sync("acme", &grace, "create-self-enrollments", &json!({ "id": new_id(), "objectiveId": objective })).await;
    assert_eq!(count(rust.clone()).await, 0, "not visible at once");
    let mut polls = 0;
    while count(rust.clone()).await == 0 {
        polls += 1;
        assert!(polls < 40, "the new access never showed in the list");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert!(polls >= 3, "it took the configured delay ({polls} polls)");
}
