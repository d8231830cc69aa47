//! Objective accesses and aggregates: `users/me/objective-accesses/query`,
//! `users/me/objectives/{id}/objective-access`, `objectives/{id}/objective-workflow-aggregate`,
//! the knowledge model; seeded dates relative to the clock; tenants; speed.

use std::time::{Duration, Instant};

use lms_sandbox::clock::ClockMode;
use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::helpers::{Sandbox, fast_config};

const NOW: i64 = 2_000_000_000;

fn seconds(date: &Value) -> Option<i64> {
    let text = date.as_str()?;
    time::OffsetDateTime::parse(text, &time::format_description::well_known::Rfc3339).ok().map(|t| t.unix_timestamp())
}

fn by_name<'a>(items: &'a Value, name: &str) -> &'a Value {
    items["data"].as_array().expect("data").iter().find(|a| a["objective"]["name"] == name).expect(name)
}

#[tokio::test]
async fn accesses_carry_dates_relative_to_the_clock_and_every_policy() {
    let mut config = fast_config();
    config.clock = ClockMode::Fixed(NOW);
    let sb = Sandbox::start_with(config).await;
    let token = sb.access_token("acme", "ada").await;
    let all = sb.api_json("acme", &token, "users/me/objective-accesses/query", &[("requireTotalCount", "true")]).await;
    assert!(all["totalCount"].as_u64().is_some_and(|n| n > 140), "ada's courses and the catalog");
    for access in all["data"].as_array().expect("data") {
        for field in [
            "id",
            "objective",
            "objectiveWorkflowAggregate",
            "retake",
            "isMandatory",
            "dueDate",
            "availabilityDate",
            "availabilityEndDate",
            "gradeRevealPolicy",
            "gradeRevealDate",
            "userId",
            "lastObjectiveWorkflow",
            "lastObjectiveRecord",
        ] {
            assert!(access.get(field).is_some(), "{field} in {access}");
        }
        assert!(access["objectiveWorkflowAggregate"]["id"].is_string() && access.get("objectiveAccess").is_none());
    }
    let day = |d: i64| Some(NOW + d * 86_400);
    assert_eq!(seconds(&by_name(&all, "Data Privacy Basics")["dueDate"]), day(14), "due in the future");
    assert_eq!(seconds(&by_name(&all, "Company Values Onboarding")["dueDate"]), day(-3), "overdue");
    assert_eq!(seconds(&by_name(&all, "Advanced Negotiation")["availabilityDate"]), day(10));
    assert_eq!(seconds(&by_name(&all, "Legacy Systems Overview")["availabilityEndDate"]), day(-5));
    let policy = |name: &str| {
        (by_name(&all, name)["gradeRevealPolicy"].clone(), seconds(&by_name(&all, name)["gradeRevealDate"]))
    };
    assert_eq!(policy("Hidden Grades Quiz"), (json!("never"), None));
    assert_eq!(policy("Workplace Safety"), (json!("afterFinish"), None));
    assert_eq!(policy("Customer Service Excellence"), (json!("afterDate"), day(7)));
    assert_eq!(policy("Agile Team Practices"), (json!("afterDate"), day(-2)));
    assert_eq!(by_name(&all, "Confidential Assessment")["lastObjectiveRecord"]["protectResults"], true);
    assert_eq!(by_name(&all, "Financial Literacy")["retake"], true);
    assert_eq!(by_name(&all, "Workplace Safety")["retake"], false);
    let enrolled = |name: &str| by_name(&all, name)["objectiveWorkflowAggregate"]["isSelfEnrolled"].clone();
    assert_eq!(enrolled("Secure Coding 101"), json!(true), "the aggregate says who enrolled");
    assert_eq!(enrolled("Negotiation Skills"), json!(false));
    assert_eq!(enrolled("Data Privacy Basics"), json!(false), "mandatory, not self-enrolled");

    // Several sort selectors, select, paging.
    let sort = r#"[{"selector":"isMandatory","desc":true},{"selector":"objective.name","desc":false}]"#;
    let page = sb
        .api_json(
            "acme",
            &token,
            "users/me/objective-accesses/query",
            &[("sort", sort), ("take", "3"), ("select", r#"["objective.name","isMandatory"]"#)],
        )
        .await;
    assert_eq!(
        page["data"],
        json!([
            { "objective": { "name": "Advanced Negotiation" }, "isMandatory": true },
            { "objective": { "name": "Archived Compliance Training" }, "isMandatory": true },
            { "objective": { "name": "Cloud Fundamentals" }, "isMandatory": true },
        ])
    );
    for bad in [[("filter", r#"["objective.name","~","x"]"#)], [("select", "objective.name")]] {
        let response = sb.api("acme", &token, "users/me/objective-accesses/query", &bad).await;
        assert_eq!(response.status(), StatusCode::BAD_REQUEST, "{bad:?}");
        assert!(response.json::<Value>().await.expect("problem")["detail"].is_string());
    }
}

#[tokio::test]
async fn one_access_one_aggregate_and_the_knowledge_model() {
    let sb = Sandbox::start().await;
    let token = sb.access_token("acme", "ada").await;
    let program = sb.aggregate("acme", &token, "Cybersecurity Program").await;
    let objective = program["objective"]["id"].as_str().expect("id");
    let access = sb.api_json("acme", &token, &format!("users/me/objectives/{objective}/objective-access"), &[]).await;
    assert_eq!(access["id"], program["objectiveAccess"]["id"]);
    assert_eq!(access["objectiveWorkflowAggregate"]["id"], program["id"]);
    let aggregate =
        sb.api_json("acme", &token, &format!("objectives/{objective}/objective-workflow-aggregate"), &[]).await;
    assert_eq!(aggregate, program);
    assert_eq!(aggregate["objectiveGradingScale"]["numberOfGrades"], 5);
    let model = sb
        .api_json(
            "acme",
            &token,
            &format!("users/me/objective-workflow-aggregates/{}/knowledge-model", program["id"].as_str().expect("id")),
            &[],
        )
        .await;
    assert!(model["knowledgeModelId"].is_string(), "{model}");
    let plain = sb.aggregate("acme", &token, "Time Management").await;
    let none = sb
        .api_json(
            "acme",
            &token,
            &format!("users/me/objective-workflow-aggregates/{}/knowledge-model", plain["id"].as_str().expect("id")),
            &[],
        )
        .await;
    assert!(none["knowledgeModelId"].is_null());

    let grace = sb.access_token("acme", "grace").await;
    for path in [
        format!("users/me/objectives/{objective}/objective-access"),
        format!("objectives/{objective}/objective-workflow-aggregate"),
        format!("users/me/objective-workflow-aggregates/{}/knowledge-model", program["id"].as_str().expect("id")),
    ] {
        assert_eq!(sb.api("acme", &grace, &path, &[]).await.status(), StatusCode::NOT_FOUND, "not grace's: {path}");
    }
}

#[tokio::test]
async fn every_private_call_wants_this_tenants_token_and_public_ones_none() {
    let sb = Sandbox::start().await;
    let ada = sb.access_token("acme", "ada").await;
    let linus = sb.access_token("globex", "linus").await;
    let zero = "00000000-0000-0000-0000-000000000000";
    let private = [
        "users/me".to_string(),
        "users/me/terms".into(),
        "users/me/enrolled-showcases".into(),
        "users/me/catalog-showcases".into(),
        "users/me/objective-accesses/query".into(),
        format!("users/me/objectives/{zero}/objective-access"),
        "grading-scales/query".into(),
        "objective-workflow-aggregates/query".into(),
        format!("objectives/{zero}/objective-workflow-aggregate"),
        format!("objective-workflow-aggregates/{zero}/objective-records"),
        format!("objective-workflows/{zero}"),
        format!("users/me/objective-workflows/{zero}/activity"),
        format!("users/me/objective-workflows/{zero}/activity/1"),
        format!("users/me/objective-workflows/{zero}/activity/children"),
        format!("users/me/objective-workflows/{zero}/activity/1/children"),
        format!("users/me/objective-workflows/{zero}/activity-with-aggregates"),
        format!("users/me/objective-workflows/{zero}/activity-paths/1/participants/query"),
        format!("users/me/objective-workflow-aggregates/{zero}/group-activity-workflows/{zero}"),
        format!("users/me/objective-workflows/{zero}/activity-workflows/{zero}/last-proctoring-session"),
        format!("users/me/objective-workflows/{zero}/activity-workflows/{zero}/last-proctoring-session/start-token"),
        format!("objective-workflows/{zero}/resource-form/{zero}"),
        format!("users/me/objective-workflows/{zero}/activity-workflow-aggregates/query"),
        format!("users/me/objective-workflows/{zero}/activity-records/query"),
        format!("users/me/objective-workflow-aggregates/{zero}/activity-records/query"),
        format!("users/me/objective-workflow-aggregates/{zero}/knowledge-model"),
        "certificate-records/query".into(),
        "objective-records/query".into(),
        format!("objective-records/{zero}"),
        format!("users/{zero}/units"),
        format!("commands/{zero}"),
    ];
    for path in &private {
        let none = sb.browser.get(sb.url(&format!("t/acme/api/{path}"))).send().await.expect("call");
        assert_eq!(none.status(), StatusCode::UNAUTHORIZED, "{path} without a token");
        assert_eq!(
            sb.api("acme", &linus, path, &[]).await.status(),
            StatusCode::UNAUTHORIZED,
            "{path} with globex's token"
        );
        assert_ne!(sb.api("acme", &ada, path, &[]).await.status(), StatusCode::UNAUTHORIZED, "{path} with ada's token");
    }
    for (path, body) in [
        ("start-objective-workflows", json!({})),
        ("submit-objective-workflows", json!({})),
        ("finish-objective-workflows", json!({})),
        ("start-activity-workflows", json!({})),
        ("finish-activity-workflows", json!({})),
        ("create-self-enrollments", json!({})),
        (&*format!("objective-workflows/{zero}/resource-link"), json!({})),
        (&*format!("users/{zero}/timezone"), json!({ "timezone": "UTC" })),
    ] {
        let response = sb.command("acme", &linus, path, "respond-sync", &body).await;
        assert_eq!(response.status(), StatusCode::UNAUTHORIZED, "{path}");
    }
    let put = format!("t/acme/api/users/me/objective-workflows/{zero}/activity-workflows/{zero}");
    let response = sb.browser.put(sb.url(&put)).bearer_auth(&linus).json(&json!({})).send().await.expect("put");
    assert_eq!(response.status(), StatusCode::UNAUTHORIZED, "PUT an activity workflow with globex's token");
    let cancel = sb.browser.delete(sb.url(&format!("t/acme/api/commands/{zero}"))).send().await.expect("delete");
    assert_eq!(cancel.status(), StatusCode::UNAUTHORIZED, "cancelling a command without a token");
    for path in ["public/open-catalog/objectives/query", "public/open-catalog/showcases"] {
        assert_eq!(sb.public("acme", path, &[]).await.status(), StatusCode::OK, "{path}");
    }
}

#[tokio::test]
async fn five_hundred_courses_answer_quickly() {
    let sb = Sandbox::start().await;
    let token = sb.access_token("acme", "bulk").await;
    let query = [
        (
            "filter",
            r#"[["objective.activity.state","<>",4],"and",[["isMandatory","=",true],"or",["isSelfEnrolled","=",true]]]"#,
        ),
        ("sort", r#"[{"selector":"objective.name","desc":false}]"#),
        ("take", "24"),
        ("requireTotalCount", "true"),
    ];
    let first = sb.api_json("acme", &token, "objective-workflow-aggregates/query", &query).await;
    assert_eq!(first["totalCount"], 500);
    assert_eq!(first["data"][0]["objective"]["name"], "Performance Course 001");
    // A condition on a field outside the list fields takes the path that reads every aggregate
    // in full; both paths answer the same.
    let full_filter = r#"[[["objective.activity.state","<>",4],"and",[["isMandatory","=",true],"or",["isSelfEnrolled","=",true]]],"and",["objective.duration",">",-1]]"#;
    let mut full_query = query;
    full_query[0].1 = full_filter;
    let full = sb.api_json("acme", &token, "objective-workflow-aggregates/query", &full_query).await;
    assert_eq!(full, first);
    assert!(first["data"][0]["objectiveGradingScale"]["objectiveGrades"].is_array(), "page items are whole");
    let mut slowest = Duration::ZERO;
    for path in ["objective-workflow-aggregates/query", "users/me/enrolled-showcases", "users/me/terms", "users/me"] {
        for _ in 0..3 {
            let started = Instant::now();
            sb.api_json("acme", &token, path, &query).await;
            slowest = slowest.max(started.elapsed());
        }
    }
    // An unoptimised build on shared cores is tens of times slower than the release binary, so
    // this bound only catches pathological work (a query per course, a full scan per row).
    assert!(slowest < Duration::from_secs(2), "slowest call took {slowest:?}");
}
