//! `/api/bff/my-courses`: ada's seeded courses through the whole stack.

use reqwest::StatusCode;
use serde_json::Value;

use crate::helpers::{TestApp, ada, signed_in};

async fn my_courses(query: &str) -> Value {
    let (app, browser) = ada().await;
    let response = app.api(&browser, "localhost", &format!("/api/bff/my-courses{query}")).await;
    assert_eq!(response.status(), StatusCode::OK);
    response.json().await.expect("json")
}

fn names(view: &Value) -> Vec<String> {
    view["items"].as_array().expect("items").iter().map(|c| c["name"].as_str().expect("name").to_string()).collect()
}

#[tokio::test]
async fn ada_sees_her_listed_courses_sorted_by_name() {
    let view = my_courses("").await;
    let names = names(&view);
    assert!(names.len() >= 10, "at least ten cards: {names:?}");
    let mut sorted = names.clone();
    sorted.sort_by_key(|n| n.to_lowercase());
    assert_eq!(names, sorted, "default sort is name ascending");
    assert_eq!(view["totalCount"], names.len());
    assert_eq!(view["catalogEnabled"], true);
    assert_eq!(view["keyword"], "");
    for card in view["items"].as_array().expect("items") {
        let link = card["link"].as_str().expect("link");
        let objective = card["objectiveId"].as_str().expect("id");
        let expected = match card["status"].as_str().expect("status") {
            // Only a course the learner can go on working in opens the content (in grading and
            // approved ones go to the course's entry, as details offers no Continue for them).
            "inProgress" => format!("/courses/{objective}/view/content"),
            "finished" => format!("/courses/{objective}"),
            _ => format!("/courses/{objective}/{}", card["aggregateId"].as_str().expect("aggregate")),
        };
        assert_eq!(link, expected, "{card}");
        let progress = card["progressPercent"].as_u64().expect("progress");
        assert!(progress <= 100, "progress clamped: {card}");
        assert!(card["imageUrl"].is_string() != card["color"].is_string(), "image or colour: {card}");
    }
}

#[tokio::test]
async fn archived_and_unlisted_courses_are_hidden_and_states_are_shown() {
    let view = my_courses("").await;
    let items = view["items"].as_array().expect("items");
    let statuses: std::collections::HashSet<&str> = items.iter().filter_map(|c| c["status"].as_str()).collect();
    for status in ["notStarted", "inProgress", "finished"] {
        assert!(statuses.contains(status), "a {status} course: {statuses:?}");
    }
    assert!(items.iter().any(|c| c["isMandatory"] == true), "a mandatory course");
    let finished_with_score = items.iter().find(|c| c["result"]["scorePercent"].is_u64()).expect("a scored course");
    assert!(finished_with_score["result"]["grade"].is_string(), "grade from the scale: {finished_with_score}");
    let names = names(&view).join(" | ").to_lowercase();
    assert!(!names.contains("archived"), "archived course hidden: {names}");
    assert!(view["collections"].as_array().expect("collections").iter().any(|c| c["uncategorized"] == true));
    assert!(view["terms"].as_array().expect("terms").len() >= 2);
}

#[tokio::test]
async fn keyword_narrows_by_name_case_insensitively_after_normalising() {
    let all = my_courses("").await;
    let first = names(&all)[0].clone();
    let word = first.split_whitespace().next().expect("a word").to_string();
    let view = my_courses(&format!("?keyword=%20%20{}", word.to_uppercase())).await;
    assert_eq!(view["keyword"], word.to_lowercase());
    let found = names(&view);
    assert!(!found.is_empty() && found.len() < names(&all).len(), "{word}: {found:?}");
    assert!(found.iter().all(|n| n.to_lowercase().contains(&word.to_lowercase())), "{found:?}");
    let none = my_courses("?keyword=zzzz-no-such-course").await;
    assert_eq!(none["items"], serde_json::json!([]));
    assert_eq!(none["totalCount"], 0);
}

#[tokio::test]
async fn bad_paging_is_a_readable_400() {
    let (app, browser) = ada().await;
    for query in ["?take=0", "?take=100000", "?skip=-1"] {
        let response = app.api(&browser, "localhost", &format!("/api/bff/my-courses{query}")).await;
        assert_eq!(response.status(), StatusCode::BAD_REQUEST, "{query}");
        let body: Value = response.json().await.expect("json problem body");
        assert!(body["detail"].is_string() || body["title"].is_string(), "{body}");
    }
}

#[tokio::test]
async fn paging_and_keyword_limits_are_the_configured_list_limits_as_in_the_catalog() {
    let limits = "[catalog]\ndefault_take = 2\nmax_take = 3\nmax_keyword_chars = 4\n";
    let app = TestApp::builder().config(limits).spawn().await;
    let browser = signed_in(&app, "ada").await;
    let get = |query: &'static str| {
        let (app, browser) = (&app, &browser);
        async move { app.api(browser, "localhost", &format!("/api/bff/my-courses{query}")).await }
    };
    let page: Value = get("").await.json().await.expect("json");
    assert_eq!(names(&page).len(), 2, "catalog.default_take: {page}");
    assert!(page["totalCount"].as_u64().is_some_and(|n| n > 3), "{page}");
    let page: Value = get("?take=3").await.json().await.expect("json");
    assert_eq!(names(&page).len(), 3, "catalog.max_take is allowed: {page}");
    for query in ["?take=4", "?keyword=abcde"] {
        let response = get(query).await;
        assert_eq!(response.status(), StatusCode::BAD_REQUEST, "{query}");
        let body: Value = response.json().await.expect("json problem body");
        assert!(body["detail"].as_str().is_some_and(|d| d.contains('3') || d.contains('4')), "{query}: {body}");
    }
}
