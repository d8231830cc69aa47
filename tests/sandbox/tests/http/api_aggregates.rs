//! `objective-workflow-aggregates/query`: the seed, and load options over HTTP.

use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::helpers::Sandbox;

const PATH: &str = "objective-workflow-aggregates/query";

fn names(answer: &Value) -> Vec<String> {
    answer["data"]
        .as_array()
        .expect("data")
        .iter()
        .map(|a| a["objective"]["name"].as_str().expect("name").to_string())
        .collect()
}

fn by_name<'a>(all: &'a Value, name: &str) -> &'a Value {
    all["data"].as_array().expect("data").iter().find(|a| a["objective"]["name"] == name).expect(name)
}

#[tokio::test]
async fn the_seed_covers_every_state_and_hides_nothing() {
    let sb = Sandbox::start().await;
    let token = sb.access_token("acme", "ada").await;
    let me = sb.api_json("acme", &token, "users/me", &[]).await;
    let all = sb.api_json("acme", &token, PATH, &[]).await;
    let items = all["data"].as_array().expect("data");
    assert!(items.len() >= 14, "{}", items.len());
    assert!(all.get("totalCount").is_none_or(|t| *t == -1), "no total unless asked");
    for a in items {
        assert_eq!(a["userId"], me["id"]);
        for field in ["id", "objectiveAccess", "isMandatory", "showInCatalog", "termId", "isSelfEnrolled"] {
            assert!(a.get(field).is_some(), "{field} in {a}");
        }
        let o = &a["objective"];
        for field in ["id", "name", "code", "description", "imageUrl", "type", "state", "gradingScaleId", "duration"] {
            assert!(o.get(field).is_some(), "objective.{field} in {a}");
        }
        assert!(o["showcases"].is_array() && o["activity"]["state"].is_i64(), "{a}");
        assert!(a["lastObjectiveWorkflow"].is_null() || a["lastObjectiveWorkflow"]["state"].is_i64());
    }
    let archived = by_name(&all, "Archived Compliance Training");
    assert_eq!(archived["objective"]["activity"]["state"], 4, "archived courses are returned too");
    let bare = by_name(&all, "Negotiation Skills");
    assert_eq!((&bare["isSelfEnrolled"], &bare["isMandatory"]), (&json!(false), &json!(false)));
    assert!(bare["lastObjectiveWorkflow"].is_null() && bare["lastObjectiveRecord"].is_null());
    assert_eq!(by_name(&all, "Project Management Essentials")["lastObjectiveWorkflow"]["progress"], 1.4);
    assert_eq!(by_name(&all, "Company Values Onboarding")["lastObjectiveWorkflow"]["progress"], 0.35);
    assert!(by_name(&all, "Company Values Onboarding")["objective"]["code"].is_null());
    let imported = by_name(&all, "Excel for Analysts");
    assert!(imported["lastObjectiveWorkflow"].is_null() && imported["lastObjectiveRecord"]["passed"] == true);
    let passed = &by_name(&all, "Workplace Safety")["lastObjectiveRecord"];
    assert_eq!(
        (&passed["score"], &passed["maxScore"], &passed["normalizedScore"]),
        (&json!(92.0), &json!(100.0), &json!(0.92))
    );
    assert_eq!(passed["grade"], "A");
    assert_eq!(by_name(&all, "Financial Literacy")["lastObjectiveRecord"]["passed"], false);
    assert_eq!(by_name(&all, "Cloud Fundamentals")["objective"]["state"], 1);
    for state in 1..=6 {
        let with = items.iter().filter(|a| a["lastObjectiveWorkflow"]["state"] == state).count();
        assert!(with > 0, "a workflow in state {state}");
    }
    assert!(items.iter().any(|a| a["objective"]["imageUrl"].is_string()));
    assert!(items.iter().any(|a| a["objective"]["imageUrl"].is_null()));
    assert!(items.iter().any(|a| a["termId"].is_string()));

    let grace = sb.api_json("acme", &sb.access_token("acme", "grace").await, PATH, &[]).await;
    assert!(!names(&grace).is_empty());
    let linus = sb.api_json("globex", &sb.access_token("globex", "linus").await, PATH, &[]).await;
    assert!(names(&linus).contains(&"Kernel Hacking".to_string()));
    assert!(!names(&linus).contains(&"Data Privacy Basics".to_string()), "globex has its own courses");
}

#[tokio::test]
async fn filter_sort_skip_take_and_total_count() {
    let sb = Sandbox::start().await;
    let token = sb.access_token("acme", "ada").await;
    let all = sb.api_json("acme", &token, PATH, &[("requireTotalCount", "true")]).await;
    let total = all["totalCount"].as_u64().expect("total");
    assert_eq!(total as usize, names(&all).len());
    let sort = r#"[{"selector":"objective.name","desc":false}]"#;
    let page = sb
        .api_json("acme", &token, PATH, &[("sort", sort), ("skip", "2"), ("take", "3"), ("requireTotalCount", "true")])
        .await;
    let mut sorted = names(&all);
    sorted.sort_by_key(|n| n.to_lowercase());
    assert_eq!(names(&page), sorted[2..5]);
    assert_eq!(page["totalCount"], total, "the total before paging");
    let desc = sb.api_json("acme", &token, PATH, &[("sort", r#"[{"selector":"objective.name","desc":true}]"#)]).await;
    assert_eq!(names(&desc).first(), sorted.last());
    let unpaged = sb.api_json("acme", &token, PATH, &[("take", "2"), ("requireTotalCount", "false")]).await;
    assert_eq!(names(&unpaged).len(), 2);
    assert!(unpaged.get("totalCount").is_none_or(|t| *t == -1));

    let filter = r#"[["objective.activity.state","<>",4],"and",[["isMandatory","=",true],"or",["lastObjectiveRecord","<>",null]]]"#;
    let filtered = sb.api_json("acme", &token, PATH, &[("filter", filter), ("requireTotalCount", "true")]).await;
    let items = filtered["data"].as_array().expect("data");
    assert!(!items.is_empty());
    assert_eq!(filtered["totalCount"], items.len());
    for a in items {
        assert_ne!(a["objective"]["activity"]["state"], 4);
        assert!(a["isMandatory"] == true || !a["lastObjectiveRecord"].is_null(), "{a}");
    }
    let security =
        sb.api_json("acme", &token, PATH, &[("filter", r#"["objective.showcases.name","=","Security"]"#)]).await;
    let mut security = names(&security);
    security.sort();
    assert_eq!(security, ["Cybersecurity Program", "Data Privacy Basics", "Secure Coding 101"]);
    let in_progress = sb
        .api_json(
            "acme",
            &token,
            PATH,
            &[("filter", r#"[["lastObjectiveWorkflow.state",1],["!",["objective.name","contains","time"]]]"#)],
        )
        .await;
    let mut got = names(&in_progress);
    got.sort();
    assert_eq!(
        got,
        [
            "Activity Types Tour",
            "Company Values Onboarding",
            "Cybersecurity Program",
            "Proctored Final Exam",
            "Project Management Essentials"
        ]
    );
    let search = sb.api_json("acme", &token, PATH, &[("filter", r#"["objective.name","startswith","SECURE"]"#)]).await;
    assert_eq!(names(&search), ["Secure Coding 101"]);
}

#[tokio::test]
async fn malformed_load_options_are_readable_400s() {
    let sb = Sandbox::start().await;
    let token = sb.access_token("acme", "ada").await;
    for query in [
        [("filter", "[oops")],
        [("filter", r#"["name","like","x"]"#)],
        [("filter", r#"[["a",1],"and"]"#)],
        [("filter", r#"{"a":1}"#)],
        [("sort", r#"[{"desc":true}]"#)],
        [("skip", "-1")],
        [("take", "many")],
    ] {
        let response = sb.api("acme", &token, PATH, &query).await;
        assert_eq!(response.status(), StatusCode::BAD_REQUEST, "{query:?}");
        let body: Value = response.json().await.expect("problem");
        assert_eq!(body["status"], 400);
        assert!(body["detail"].as_str().is_some_and(|d| !d.is_empty()), "{body}");
    }
}
