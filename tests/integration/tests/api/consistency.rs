//! The consistency walk: every seeded course of every demo user, through every view that shows
//! its outcome. Card (My courses), details, dashboard and content tree must agree on the
//! course's status, progress, whether its result is hidden (and then hide it everywhere, the
//! pass-through's activity records included) and whether the learner can open it to go on
//! working. The rules are decided once in `gateway::domain::outcome`; this test is the net under
//! every view that uses them.

use std::collections::HashMap;

use reqwest::StatusCode;
use serde_json::Value;

use crate::helpers::{TestApp, objective};

/// GET `path` as the signed-in `browser`, answering the status and the JSON body.
async fn get(app: &TestApp, browser: &reqwest::Client, host: &str, path: &str) -> (StatusCode, Value) {
    let response = app.api(browser, host, path).await;
    let status = response.status();
    let body = response.json().await.unwrap_or(Value::Null);
    (status, body)
}

async fn get_ok(app: &TestApp, browser: &reqwest::Client, host: &str, path: &str) -> Value {
    let (status, body) = get(app, browser, host, path).await;
    assert_eq!(status, StatusCode::OK, "{path}: {body}");
    body
}

/// Every card of My courses, page by page.
async fn all_cards(app: &TestApp, browser: &reqwest::Client, host: &str) -> Vec<Value> {
    let mut cards = Vec::new();
    loop {
        let page = get_ok(app, browser, host, &format!("/api/bff/my-courses?take=200&skip={}", cards.len())).await;
        let items = page["items"].as_array().expect("items").clone();
        let total = page["totalCount"].as_u64().expect("totalCount") as usize;
        if items.is_empty() {
            break;
        }
        cards.extend(items);
        if cards.len() >= total {
            break;
        }
    }
    cards
}

/// The dashboard's entries by objective id (a course can be in several lists: they must agree).
fn dashboard_entries(dashboard: &Value) -> HashMap<String, Vec<Value>> {
    let mut out: HashMap<String, Vec<Value>> = HashMap::new();
    for list in ["inProgress", "dueSoon", "recentlyFinished"] {
        for entry in dashboard[list].as_array().expect("a dashboard list") {
            out.entry(entry["objectiveId"].as_str().expect("id").to_string()).or_default().push(entry.clone());
        }
    }
    out
}

fn strings(v: &Value) -> Vec<&str> {
    v.as_array().map(|a| a.iter().filter_map(Value::as_str).collect()).unwrap_or_default()
}

const RESULT_FIELDS: [&str; 5] = ["score", "maxScore", "normalizedScore", "grade", "passed"];

fn has_result_field(v: &Value) -> bool {
    match v {
        Value::Object(map) => RESULT_FIELDS.iter().any(|f| map.contains_key(*f)) || map.values().any(has_result_field),
        Value::Array(items) => items.iter().any(has_result_field),
        _ => false,
    }
}

/// One course through details and tree, compared with its card and dashboard entries when it
/// has them. Answers how many views were compared.
async fn walk_course(
    app: &TestApp,
    browser: &reqwest::Client,
    host: &str,
    objective: &str,
    card: Option<&Value>,
    dashboard: Option<&Vec<Value>>,
) -> usize {
    let who = card.map_or_else(|| objective.to_string(), |c| c["name"].as_str().unwrap_or(objective).to_string());
    let details = get_ok(app, browser, host, &format!("/api/bff/courses/{objective}")).await;
    let status = details["status"].clone();
    let progress = details["progressPercent"].clone();
    let hidden = details["result"]["gradeHidden"].as_bool().expect("gradeHidden");
    let continues = strings(&details["buttons"]).contains(&"continue");
    if hidden {
        for field in ["score", "grade", "passed"] {
            assert!(details["result"].get(field).is_none(), "{who}: details hides {field}: {details}");
        }
    }
    let mut compared = 1;
    if let Some(card) = card {
        compared += 1;
        assert_eq!(card["status"], status, "{who}: card and details status");
        assert_eq!(card["progressPercent"], progress, "{who}: card and details progress");
        assert_eq!(card["gradeHidden"], hidden, "{who}: card and details result visibility");
        assert_eq!(card.get("color"), details.get("color"), "{who}: card and details cover colour");
        assert_eq!(card.get("imageUrl"), details.get("imageUrl"), "{who}: card and details cover image");
        assert_eq!(card.get("dueDate"), details.get("dueDate"), "{who}: card and details due date");
        assert_eq!(card["overdue"], details["overdue"], "{who}: card and details overdue state");
        let link = card["link"].as_str().expect("link");
        assert_eq!(link.ends_with("/view/content"), continues, "{who}: card link {link} and Continue");
        if hidden {
            assert!(card.get("result").is_none(), "{who}: a hidden grade is not on the card: {card}");
        }
        if let Some(result) = card.get("result") {
            assert_eq!(result.get("scorePercent"), details["result"]["score"].get("percent"), "{who}: score");
            assert_eq!(result.get("grade"), details["result"].get("grade"), "{who}: grade");
            assert_eq!(result.get("passed"), details["result"].get("passed"), "{who}: passed");
        }
        for entry in dashboard.into_iter().flatten() {
            compared += 1;
            assert_eq!(entry["status"], status, "{who}: dashboard and details status");
            assert_eq!(entry["progressPercent"], progress, "{who}: dashboard and details progress");
            assert_eq!(entry["gradeHidden"], hidden, "{who}: dashboard and details result visibility");
            assert_eq!(entry["link"], card["link"], "{who}: dashboard and card link");
            assert_eq!(entry.get("color"), card.get("color"), "{who}: dashboard and card cover colour");
            assert_eq!(entry.get("dueDate"), card.get("dueDate"), "{who}: dashboard and card due date");
            assert_eq!(entry["overdue"], card["overdue"], "{who}: dashboard and card overdue state");
            if hidden {
                assert!(entry.get("passed").is_none(), "{who}: a hidden grade is not on the dashboard: {entry}");
            }
        }
    }
    if details["workflowId"].is_string() {
        compared += 1;
        let tree = get_ok(app, browser, host, &format!("/api/bff/courses/{objective}/tree")).await;
        assert_eq!(tree["status"], status, "{who}: tree and details status");
        assert_eq!(tree["progressPercent"], progress, "{who}: tree and details progress");
        assert_eq!(tree["gradeHidden"], hidden, "{who}: tree and details result visibility");
        assert_eq!(tree["canContinue"], continues, "{who}: tree and details Continue");
        let has_items = !tree["items"].as_array().expect("items").is_empty();
        assert_eq!(
            tree["openNext"].is_string(),
            continues && has_items,
            "{who}: the tree opens only a course it can continue"
        );
    }
    if hidden && let Some(aggregate) = details["aggregateId"].as_str() {
        compared += 1;
        let path = format!("/api/lms/users/me/objective-workflow-aggregates/{aggregate}/activity-records/query");
        let (code, records) = get(app, browser, host, &path).await;
        assert_eq!(code, StatusCode::OK, "{who}: {records}");
        assert!(!has_result_field(&records), "{who}: the pass-through hides the results too: {records}");
    }
    compared
}

/// Walks one learner: every card, its details, tree and dashboard entries, then `unlisted`
/// seeded courses (not in My courses) through details and tree. Answers (courses, views).
async fn walk_learner(app: &TestApp, host: &str, user: &str, unlisted: &[&str]) -> (usize, usize) {
    let browser = app.browser();
    app.sign_in(&browser, host, user, None).await;
    let cards = all_cards(app, &browser, host).await;
    let dashboard = get_ok(app, &browser, host, "/api/bff/dashboard").await;
    let entries = dashboard_entries(&dashboard);
    let mut views = 0;
    for card in &cards {
        let objective = card["objectiveId"].as_str().expect("objectiveId");
        views += walk_course(app, &browser, host, objective, Some(card), entries.get(objective)).await;
    }
    for objective in unlisted {
        views += walk_course(app, &browser, host, objective, None, None).await;
    }
    (cards.len() + unlisted.len(), views)
}

#[tokio::test]
async fn every_seeded_course_of_every_demo_user_agrees_on_card_details_dashboard_and_tree() {
    let app = TestApp::builder().spawn().await;
    let archived = objective("Archived Compliance Training");
    let catalog_only = objective("Negotiation Skills");
    let (courses, views) = walk_learner(&app, "localhost", "ada", &[&archived, &catalog_only]).await;
    assert!(courses >= 22, "every seeded course of ada: {courses}");
    assert!(views > 2 * courses, "{views} views compared");
    let (courses, _) = walk_learner(&app, "localhost", "grace", &[]).await;
    assert_eq!(courses, 4, "grace's four courses");
    let (courses, _) = walk_learner(&app, "globex.localhost", "linus", &[]).await;
    assert_eq!(courses, 3, "linus's three courses");
    let (courses, _) = walk_learner(&app, "localhost", "bulk", &[]).await;
    assert_eq!(courses, 500, "bulk's 500 courses");
    // ken and rosa may not use the learner area: every view answers 403, the same for each.
    let data_privacy = objective("Data Privacy Basics");
    for user in ["ken", "rosa"] {
        let browser = app.browser();
        app.sign_in(&browser, "localhost", user, None).await;
        for path in [
            "/api/bff/my-courses".to_string(),
            "/api/bff/dashboard".to_string(),
            format!("/api/bff/courses/{data_privacy}"),
            format!("/api/bff/courses/{data_privacy}/tree"),
        ] {
            let (status, body) = get(&app, &browser, "localhost", &path).await;
            assert_eq!(status, StatusCode::FORBIDDEN, "{user} {path}: {body}");
        }
    }
}
