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

/// The value at a JSON pointer, null when absent.
fn at<'a>(item: &'a Value, pointer: &str) -> &'a Value {
    item.pointer(pointer).unwrap_or(&Value::Null)
}

fn showcase_names(aggregate: &Value) -> Vec<&str> {
    aggregate["objective"]["showcases"]
        .as_array()
        .expect("showcases")
        .iter()
        .filter_map(|s| s["name"].as_str())
        .collect()
}

#[tokio::test]
async fn every_row_of_the_seed_table_shows_its_state() {
    let sb = Sandbox::start().await;
    let token = sb.access_token("acme", "ada").await;
    let all = sb.api_json("acme", &token, PATH, &[]).await;
    let terms = sb.api_json("acme", &token, "users/me/terms", &[]).await;
    let term =
        |name: &str| terms.as_array().expect("terms").iter().find(|t| t["name"] == name).expect(name)["id"].clone();
    let (spring, autumn) = (term("Spring 2026"), term("Autumn 2026"));
    const WF: &str = "/lastObjectiveWorkflow/state";
    const PROGRESS: &str = "/lastObjectiveWorkflow/progress";
    const SCORE: &str = "/lastObjectiveRecord/score";
    const GRADE: &str = "/lastObjectiveRecord/grade";
    let rows: Vec<(&str, Vec<(&str, Value)>)> = vec![
        ("Activity Types Tour", vec![(WF, json!(1)), (PROGRESS, json!(0.2)), ("/objective/code", json!("TOUR-1"))]),
        ("Advanced Negotiation", vec![(WF, Value::Null), ("/isMandatory", json!(true))]),
        ("Agile Team Practices", vec![(WF, json!(5)), (SCORE, json!(64.0)), (GRADE, json!("D"))]),
        ("Archived Compliance Training", vec![("/objective/activity/state", json!(4)), (SCORE, json!(70.0))]),
        ("Cloud Fundamentals", vec![("/objective/state", json!(1)), ("/isMandatory", json!(true)), (WF, Value::Null)]),
        ("Company Values Onboarding", vec![(WF, json!(1)), (PROGRESS, json!(0.35)), ("/termId", spring.clone())]),
        (
            "Confidential Assessment",
            vec![(WF, json!(6)), (SCORE, json!(85.0)), ("/lastObjectiveRecord/protectResults", json!(true))],
        ),
        ("Customer Service Excellence", vec![(WF, json!(4)), (SCORE, json!(81.0)), (GRADE, json!("B"))]),
        (
            "Cybersecurity Program",
            vec![(WF, json!(1)), ("/isMandatory", json!(true)), ("/isSelfEnrolled", json!(false))],
        ),
        ("Data Privacy Basics", vec![(WF, Value::Null), ("/lastObjectiveRecord", Value::Null), ("/termId", spring)]),
        ("Effective Communication", vec![(WF, json!(2))]),
        (
            "Excel for Analysts",
            vec![(WF, Value::Null), (SCORE, json!(75.0)), (GRADE, json!("C")), ("/isSelfEnrolled", json!(false))],
        ),
        (
            "Financial Literacy",
            vec![(WF, json!(6)), (SCORE, json!(30.0)), (GRADE, json!("F")), ("/termId", autumn.clone())],
        ),
        ("Hidden Grades Quiz", vec![(WF, json!(6)), (SCORE, json!(78.0))]),
        ("Introduction to Python", vec![("/objective/state", json!(3)), (WF, json!(6)), (GRADE, json!("B"))]),
        ("Leadership Foundations", vec![(WF, json!(3)), ("/isMandatory", json!(true))]),
        ("Legacy Systems Overview", vec![(WF, Value::Null), ("/isSelfEnrolled", json!(true))]),
        (
            "Negotiation Skills",
            vec![("/isSelfEnrolled", json!(false)), ("/isMandatory", json!(false)), ("/showInCatalog", json!(true))],
        ),
        ("Proctored Final Exam", vec![(WF, json!(1)), ("/isMandatory", json!(true))]),
        ("Project Management Essentials", vec![(WF, json!(1)), (PROGRESS, json!(1.4))]),
        ("Secure Coding 101", vec![(WF, Value::Null), ("/lastObjectiveRecord", Value::Null)]),
        ("Time Management", vec![(WF, json!(1)), (PROGRESS, json!(0.6)), ("/isSelfEnrolled", json!(true))]),
        ("Workplace Safety", vec![(WF, json!(6)), (SCORE, json!(92.0)), (GRADE, json!("A")), ("/termId", autumn)]),
    ];
    for (course, expected) in &rows {
        let aggregate = by_name(&all, course);
        for (pointer, value) in expected {
            assert_eq!(at(aggregate, pointer), value, "{course}: {pointer}");
        }
    }
    for (course, collections) in [
        ("Company Values Onboarding", vec!["Onboarding"]),
        ("Cybersecurity Program", vec!["Security"]),
        ("Secure Coding 101", vec!["Security"]),
        ("Effective Communication", vec![]),
        ("Hidden Grades Quiz", vec![]),
    ] {
        assert_eq!(showcase_names(by_name(&all, course)), collections, "{course}: no collection is 'uncategorized'");
    }

    // Review policies sit on the leaf parts of the tree.
    for (course, policy) in [
        ("Hidden Grades Quiz", "never"),
        ("Customer Service Excellence", "afterRevealingResults"),
        ("Time Management", "afterSubmission"),
    ] {
        let ow = by_name(&all, course)["lastObjectiveWorkflow"]["id"].as_str().expect("workflow").to_string();
        let tree = sb
            .api_json("acme", &token, &format!("users/me/objective-workflows/{ow}/activity-with-aggregates"), &[])
            .await;
        let parts = tree["children"].as_array().expect("parts");
        assert!(!parts.is_empty(), "{course}");
        for part in parts {
            assert_eq!(part["activityConstraint"]["reviewPolicy"], policy, "{course}: {part}");
        }
    }
    // The open catalog holds Secure Coding 101 and no archived course.
    let open = sb
        .public("acme", "public/open-catalog/objectives/query", &[("filter", r#"["code","=","SEC-101"]"#)])
        .await
        .json::<Value>()
        .await
        .expect("json");
    assert_eq!(open["data"][0]["name"], "Secure Coding 101");
}

#[tokio::test]
async fn my_courses_filter_by_term_and_select_term_ids() {
    let sb = Sandbox::start().await;
    let token = sb.access_token("acme", "ada").await;
    let terms = sb.api_json("acme", &token, "users/me/terms", &[]).await;
    let autumn = terms.as_array().expect("terms").iter().find(|t| t["name"] == "Autumn 2026").expect("autumn")["id"]
        .as_str()
        .expect("id")
        .to_string();
    let filter = json!(["termId", "=", autumn]).to_string();
    let in_autumn = sb.api_json("acme", &token, PATH, &[("filter", &filter)]).await;
    let mut got = names(&in_autumn);
    got.sort();
    assert_eq!(got, ["Financial Literacy", "Workplace Safety"]);
    let ids = sb.api_json("acme", &token, PATH, &[("select", r#"["termId"]"#), ("requireTotalCount", "true")]).await;
    let data = ids["data"].as_array().expect("data");
    assert_eq!(ids["totalCount"], data.len());
    assert!(data.iter().all(|item| item.as_object().is_some_and(|o| o.len() == 1 && o.contains_key("termId"))));
    assert_eq!(data.iter().filter(|item| item["termId"] == autumn.as_str()).count(), 2);
}
