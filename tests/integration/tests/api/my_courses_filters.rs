//! `/api/bff/my-courses` filters (spec section 4 'Progress filter', 'Priority'; section 5 URL
//! filter params) against ada's seeded courses.

use reqwest::StatusCode;
use serde_json::Value;

use crate::helpers::{TestApp, ada};

/// Ada signed in, asking My courses with several queries.
struct Ada {
    app: TestApp,
    browser: reqwest::Client,
}

impl Ada {
    async fn sign_in() -> Ada {
        let (app, browser) = ada().await;
        Ada { app, browser }
    }

    async fn view(&self, query: &str) -> Value {
        let response = self.app.api(&self.browser, "localhost", &format!("/api/bff/my-courses{query}")).await;
        assert_eq!(response.status(), StatusCode::OK, "{query}");
        response.json().await.expect("json")
    }

    /// The course names of a filtered view, checking `totalCount` agrees with the page.
    async fn names(&self, query: &str) -> Vec<String> {
        let view = self.view(query).await;
        let names = names(&view);
        assert_eq!(view["totalCount"], names.len(), "{query}: total agrees with the page");
        assert_eq!(view["filtersUnavailable"], false, "{query}");
        names
    }
}

fn names(view: &Value) -> Vec<String> {
    view["items"].as_array().expect("items").iter().map(|c| c["name"].as_str().expect("name").to_string()).collect()
}

fn cards(view: &Value) -> &Vec<Value> {
    view["items"].as_array().expect("items")
}

fn assert_has(names: &[String], present: &[&str], absent: &[&str], what: &str) {
    for name in present {
        assert!(names.iter().any(|n| n == name), "{what}: {name} expected in {names:?}");
    }
    for name in absent {
        assert!(!names.iter().any(|n| n == name), "{what}: {name} not expected in {names:?}");
    }
}

#[tokio::test]
async fn progress_filter_not_started_in_progress_completed() {
    let ada = Ada::sign_in().await;
    let all = ada.names("").await;

    let view = ada.view("?courseProgress=notStarted").await;
    assert!(cards(&view).iter().all(|c| c["status"] == "notStarted"), "{view}");
    assert_eq!(view["filter"]["progress"], serde_json::json!(["notStarted"]));
    let not_started = names(&view);
    assert_has(
        &not_started,
        &["Data Privacy Basics", "Advanced Negotiation", "Cloud Fundamentals", "Secure Coding 101"],
        &["Time Management", "Excel for Analysts"],
        "notStarted",
    );

    let view = ada.view("?courseProgress=inProgress").await;
    let in_progress = names(&view);
    for card in cards(&view) {
        let status = card["status"].as_str().expect("status");
        assert!(["inProgress", "inGrading", "gradingApproved"].contains(&status), "{card}");
    }
    assert_has(
        &in_progress,
        &["Time Management", "Leadership Foundations", "Agile Team Practices", "Project Management Essentials"],
        // submitted (2) and graded (4) match no progress value
        &["Effective Communication", "Customer Service Excellence", "Data Privacy Basics"],
        "inProgress",
    );

    let view = ada.view("?courseProgress=completed").await;
    let completed = names(&view);
    assert!(cards(&view).iter().all(|c| c["status"] == "finished"), "{view}");
    assert_has(
        &completed,
        // Excel for Analysts: a record without workflow
        &["Workplace Safety", "Financial Literacy", "Excel for Analysts", "Introduction to Python"],
        &["Time Management", "Data Privacy Basics"],
        "completed",
    );

    let two = ada.names("?courseProgress=notStarted,completed").await;
    assert_eq!(two.len(), not_started.len() + completed.len(), "values of one param are alternatives");
    assert!(not_started.len() + in_progress.len() + completed.len() < all.len(), "submitted and graded match none");
}

#[tokio::test]
async fn priority_filter_mandatory_or_optional() {
    let ada = Ada::sign_in().await;
    let all = ada.names("").await;
    let view = ada.view("?coursePriority=mandatory").await;
    assert!(cards(&view).iter().all(|c| c["isMandatory"] == true), "{view}");
    let mandatory = names(&view);
    assert_has(&mandatory, &["Data Privacy Basics", "Workplace Safety"], &["Time Management"], "mandatory");
    let view = ada.view("?coursePriority=optional").await;
    assert!(cards(&view).iter().all(|c| c["isMandatory"] == false), "{view}");
    let optional = names(&view);
    assert_has(&optional, &["Time Management"], &["Data Privacy Basics"], "optional");
    assert_eq!(mandatory.len() + optional.len(), all.len());
    assert_eq!(ada.names("?coursePriority=mandatory,optional").await, all, "both: no narrowing");
}

#[tokio::test]
async fn collection_and_term_filters_use_the_learner_s_ids() {
    let ada = Ada::sign_in().await;
    let view = ada.view("").await;
    let chip = |name: &str| {
        view["collections"]
            .as_array()
            .expect("collections")
            .iter()
            .find(|c| c["name"] == name)
            .and_then(|c| c["id"].as_str())
            .unwrap_or_else(|| panic!("collection {name} in {view}"))
            .to_string()
    };
    let term = |name: &str| {
        view["terms"]
            .as_array()
            .expect("terms")
            .iter()
            .find(|t| t["name"] == name)
            .and_then(|t| t["id"].as_str())
            .unwrap_or_else(|| panic!("term {name} in {view}"))
            .to_string()
    };
    let security = ada.names(&format!("?collection={}", chip("Security"))).await;
    let mut expected = vec!["Cybersecurity Program", "Data Privacy Basics", "Secure Coding 101"];
    expected.sort();
    assert_eq!(security, expected, "Security");

    let onboarding = ada.names(&format!("?collection={}", chip("Onboarding"))).await;
    assert_has(
        &onboarding,
        &["Company Values Onboarding", "Time Management", "Workplace Safety"],
        &["Data Privacy Basics"],
        "Onboarding",
    );

    let nil = uuid_nil();
    let uncategorized = ada.names(&format!("?collection={nil}")).await;
    assert_has(
        &uncategorized,
        &["Financial Literacy", "Effective Communication"],
        &["Data Privacy Basics", "Time Management"],
        "uncategorized",
    );
    let both = ada.names(&format!("?collection={},{nil}", chip("Security"))).await;
    assert_eq!(both.len(), security.len() + uncategorized.len());

    let spring = ada.names(&format!("?term={}", term("Spring 2026"))).await;
    assert_has(
        &spring,
        &["Data Privacy Basics", "Company Values Onboarding"],
        &["Financial Literacy", "Time Management"],
        "Spring",
    );
    let autumn = ada.names(&format!("?term={}", term("Autumn 2026"))).await;
    assert_has(&autumn, &["Financial Literacy", "Workplace Safety"], &["Data Privacy Basics"], "Autumn");

    // the params combine with `and`, and with the keyword
    let combined = ada
        .names(&format!(
            "?collection={}&term={}&courseProgress=notStarted&coursePriority=mandatory",
            chip("Security"),
            term("Spring 2026")
        ))
        .await;
    assert_eq!(combined, vec!["Data Privacy Basics"]);
    assert_eq!(
        ada.names(&format!("?collection={}&keyword=cyber", chip("Security"))).await,
        vec!["Cybersecurity Program"]
    );
}

fn uuid_nil() -> &'static str {
    "00000000-0000-0000-0000-000000000000"
}

#[tokio::test]
async fn unknown_values_are_dropped_and_flagged_unknown_params_ignored() {
    let ada = Ada::sign_in().await;
    let all = ada.names("").await;
    for query in [
        "?collection=not-a-collection",
        "?term=11111111-1111-1111-1111-111111111111",
        "?courseProgress=done",
        "?coursePriority=urgent",
    ] {
        let view = ada.view(query).await;
        assert_eq!(view["filtersUnavailable"], true, "{query}");
        assert_eq!(names(&view), all, "{query}: the dropped value does not narrow");
        assert_eq!(view["filter"], serde_json::json!({"collections": [], "terms": [], "progress": [], "priority": []}));
    }
    let view = ada.view("?courseProgress=completed,done").await;
    assert_eq!(view["filtersUnavailable"], true);
    assert_eq!(view["filter"]["progress"], serde_json::json!(["completed"]), "the known value stays");
    assert!(cards(&view).iter().all(|c| c["status"] == "finished"), "{view}");
    // unknown params are stripped silently
    assert_eq!(ada.names("?utm_source=mail&Collection=zz").await, all);
}

#[tokio::test]
async fn an_overlong_query_is_a_readable_400() {
    let ada = Ada::sign_in().await;
    let long = format!("?collection={}", "a,".repeat(5000));
    let response = ada.app.api(&ada.browser, "localhost", &format!("/api/bff/my-courses{long}")).await;
    assert_eq!(response.status(), StatusCode::BAD_REQUEST);
    let body: Value = response.json().await.expect("problem");
    assert!(body["detail"].as_str().is_some_and(|d| d.contains("query")), "{body}");
}
