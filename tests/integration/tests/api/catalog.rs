//! `/api/bff/catalog` and `/api/bff/catalog/{objectiveId}`: ada's seeded catalog through the
//! whole stack (the sandbox README's seed table: 120 generated catalog courses and Negotiation
//! Skills; courses of My courses, drafts and archived ones stay out).

use reqwest::StatusCode;
use serde_json::Value;

use crate::helpers::{TestApp, objective, shift_clock, signed_in, signed_in_on};

/// Ada's catalog courses in the seed: the 120 generated ones and Negotiation Skills.
const ADA_CATALOG: u64 = 121;

async fn get(app: &TestApp, browser: &reqwest::Client, path: &str) -> (StatusCode, Value) {
    let response = app.api(browser, "localhost", path).await;
    let status = response.status();
    (status, response.json().await.unwrap_or(Value::Null))
}

fn names(view: &Value) -> Vec<String> {
    view["items"].as_array().expect("items").iter().map(|c| c["name"].as_str().expect("name").to_string()).collect()
}

#[tokio::test]
async fn the_catalog_lists_only_catalog_courses_by_name_page_by_page() {
    let app = TestApp::builder().spawn().await;
    let browser = signed_in(&app, "ada").await;
    let mut all = Vec::new();
    for skip in [0, 50, 100] {
        let (status, page) = get(&app, &browser, &format!("/api/bff/catalog?skip={skip}&take=50")).await;
        assert_eq!(status, StatusCode::OK, "{page}");
        assert_eq!(page["totalCount"], ADA_CATALOG);
        for card in page["items"].as_array().expect("items") {
            let id = card["objectiveId"].as_str().expect("id");
            assert_eq!(card["link"], format!("/catalog/{id}"));
            assert!(card["imageUrl"].is_string() != card["color"].is_string(), "image or colour: {card}");
            assert!(card["durationMinutes"].as_u64().is_some_and(|m| m > 0), "duration in minutes: {card}");
            assert_eq!(card["isDraft"], false);
        }
        all.extend(names(&page));
    }
    assert_eq!(all.len() as u64, ADA_CATALOG, "three pages cover the catalog once");
    let mut sorted = all.clone();
    sorted.sort_by_key(|n| n.to_lowercase());
    assert_eq!(all, sorted, "default sort is name ascending, across pages");
    assert!(all.contains(&"Negotiation Skills".to_string()), "the catalog access of the seed");
    assert!(all.contains(&"Spanish Essentials".to_string()), "a generated course");
    for hidden in [
        "Secure Coding 101",            // self-enrolled
        "Excel for Analysts",           // a record
        "Time Management",              // a workflow
        "Data Privacy Basics",          // mandatory, not in the catalog
        "Cloud Fundamentals",           // draft and mandatory
        "Archived Compliance Training", // archived
    ] {
        assert!(!all.contains(&hidden.to_string()), "{hidden} is not in the catalog");
    }
}

#[tokio::test]
async fn keyword_collections_terms_progress_and_priority_narrow_the_catalog() {
    let app = TestApp::builder().spawn().await;
    let browser = signed_in(&app, "ada").await;
    let (_, view) = get(&app, &browser, "/api/bff/catalog?keyword=%20%20NEGOTIATION").await;
    assert_eq!(view["keyword"], "negotiation", "lower-cased and left-trimmed");
    let found = names(&view);
    assert_eq!(view["totalCount"], 6, "{found:?}");
    assert!(found.contains(&"Negotiation Skills".to_string()));
    assert!(!found.contains(&"Advanced Negotiation".to_string()), "mandatory, not a catalog course");
    let (_, by_code) = get(&app, &browser, "/api/bff/catalog?keyword=cat-001").await;
    assert_eq!(names(&by_code), ["Spanish Essentials"]);

    let (_, view) = get(&app, &browser, "/api/bff/catalog?take=1").await;
    let chips = view["collections"].as_array().expect("collections");
    let chip_names: Vec<&str> = chips.iter().filter_map(|c| c["name"].as_str()).collect();
    assert_eq!(chip_names, ["Languages", "Technology", "Management", ""], "catalog collections, then uncategorized");
    assert_eq!(chips[3]["uncategorized"], true);
    let mut sum = 0;
    for chip in chips {
        let id = chip["id"].as_str().expect("id");
        let (status, narrowed) = get(&app, &browser, &format!("/api/bff/catalog?collection={id}&take=200")).await;
        assert_eq!(status, StatusCode::OK);
        assert_eq!(narrowed["filter"]["collections"][0], id);
        assert_eq!(narrowed["filtersUnavailable"], false);
        let n = narrowed["totalCount"].as_u64().expect("count");
        assert!(n > 0 && n < ADA_CATALOG, "{} narrows: {n}", chip["name"]);
        assert_eq!(narrowed["items"].as_array().map(Vec::len), Some(n as usize));
        sum += n;
    }
    assert_eq!(sum, ADA_CATALOG, "every catalog course is in one collection or uncategorized");
    let uncategorized = "00000000-0000-0000-0000-000000000000";
    let (_, none) = get(&app, &browser, &format!("/api/bff/catalog?collection={uncategorized}&take=200")).await;
    assert!(names(&none).contains(&"Negotiation Skills".to_string()), "a course without collection");

    let (_, unknown) =
        get(&app, &browser, "/api/bff/catalog?collection=11111111-1111-1111-1111-111111111111&term=nope").await;
    assert_eq!(unknown["filtersUnavailable"], true, "unknown values are dropped with the toast flag");
    assert_eq!(unknown["filter"]["collections"], serde_json::json!([]));
    assert_eq!(unknown["totalCount"], ADA_CATALOG);
    assert!(!unknown["terms"].as_array().expect("terms").is_empty(), "ada's terms for the filter drawer");

    for (query, total) in [
        ("courseProgress=notStarted", ADA_CATALOG),
        ("courseProgress=completed", 0),
        ("courseProgress=inProgress", 0),
        ("coursePriority=optional", ADA_CATALOG),
        ("coursePriority=mandatory", 0),
    ] {
        let (status, view) = get(&app, &browser, &format!("/api/bff/catalog?{query}")).await;
        assert_eq!((status, &view["totalCount"]), (StatusCode::OK, &serde_json::json!(total)), "{query}");
    }
}

#[tokio::test]
async fn bad_queries_are_400_problems() {
    let app = TestApp::builder().spawn().await;
    let browser = signed_in(&app, "ada").await;
    let long = "k".repeat(201);
    for path in [
        "/api/bff/catalog?take=0".to_string(),
        "/api/bff/catalog?take=201".to_string(),
        "/api/bff/catalog?skip=-1".to_string(),
        "/api/bff/catalog?take=many".to_string(),
        format!("/api/bff/catalog?keyword={long}"),
        "/api/bff/catalog/not-a-uuid".to_string(),
    ] {
        let response = app.api(&browser, "localhost", &path).await;
        assert_eq!(response.status(), StatusCode::BAD_REQUEST, "{path}");
        assert_eq!(response.headers()["content-type"], "application/problem+json");
        let body: Value = response.json().await.expect("problem");
        assert_eq!(body["error"], "bad_request");
        assert!(body["detail"].as_str().is_some_and(|d| !d.is_empty()), "a readable detail: {body}");
    }
    let (status, _) = get(&app, &browser, "/api/bff/catalog/00000000-0000-0000-0000-0000000000aa").await;
    assert_eq!(status, StatusCode::NOT_FOUND, "a course without access");
    let anonymous = app.api(&app.browser(), "localhost", "/api/bff/catalog").await;
    assert_eq!(anonymous.status(), StatusCode::UNAUTHORIZED, "the catalog needs a session");
}

#[tokio::test]
async fn the_catalog_course_page_shows_each_seeded_state() {
    let app = TestApp::builder().spawn().await;
    let browser = signed_in(&app, "ada").await;
    let page = |name: &'static str| {
        let (app, browser) = (&app, &browser);
        async move {
            let (status, view) = get(app, browser, &format!("/api/bff/catalog/{}", objective(name))).await;
            assert_eq!(status, StatusCode::OK, "{name}: {view}");
            view
        }
    };
    let add = page("Negotiation Skills").await;
    assert_eq!(add["buttons"], serde_json::json!(["addToMyCourses"]));
    assert_eq!((&add["enrolled"], &add["isMandatory"]), (&Value::Bool(false), &Value::Bool(false)));
    assert_eq!(add["description"], "About Negotiation Skills.");
    assert!(add["about"].as_str().is_some_and(|a| a.contains("Negotiation Skills")));
    assert!(add["durationMinutes"].as_u64().is_some_and(|m| m > 0));
    assert!(add.get("detailsLink").is_none() && add.get("refreshAt").is_none(), "{add}");

    let enrolled = page("Secure Coding 101").await;
    assert_eq!(enrolled["buttons"], serde_json::json!(["enrolled"]));
    assert_eq!(enrolled["detailsLink"], format!("/courses/{}", objective("Secure Coding 101")));
    assert_eq!(enrolled["collections"][0]["name"], "Security");

    let later = page("Advanced Negotiation").await;
    assert_eq!(later["notices"], serde_json::json!(["willBeAvailable"]));
    // 'Enrolled' only when self-enrolled, as on details: a mandatory course needs no adding.
    assert_eq!(later["buttons"], serde_json::json!([]), "mandatory, not self-enrolled: neither button");
    assert_eq!(later["refreshAt"], later["availabilityDate"], "the page changes when the course opens");

    let closed = page("Legacy Systems Overview").await;
    assert_eq!(closed["notices"], serde_json::json!(["wasAvailableBefore"]));
    assert!(closed["availabilityEndDate"].is_string());

    assert_eq!(page("Cloud Fundamentals").await["notices"], serde_json::json!(["comingSoon"]));
    assert_eq!(page("Archived Compliance Training").await["notices"], serde_json::json!(["notAvailable"]));
}

/// The availability notice goes at `refreshAt`: with the sandbox clock moved to a minute before
/// it nothing changes; moved past it, Advanced Negotiation (seeded available from +10 days) opens.
#[tokio::test]
async fn the_availability_notice_changes_at_refresh_at() {
    let app = TestApp::builder().spawn().await;
    let browser = signed_in(&app, "ada").await;
    let path = format!("/api/bff/catalog/{}", objective("Advanced Negotiation"));
    let (_, before) = get(&app, &browser, &path).await;
    assert_eq!(before["notices"], serde_json::json!(["willBeAvailable"]), "{before}");
    let wait = crate::helpers::seconds_until(&before["refreshAt"]);
    assert!(wait > 86_400, "opens in days: {wait}");
    shift_clock(&app, wait - 60).await;
    let (_, just_before) = get(&app, &browser, &path).await;
    assert_eq!(just_before["notices"], before["notices"], "{just_before}");
    assert_eq!(just_before["refreshAt"], before["refreshAt"]);
    shift_clock(&app, wait + 5).await;
    let (_, after) = get(&app, &browser, &path).await;
    assert_eq!(after["notices"], serde_json::json!([]), "{after}");
    assert!(after.get("refreshAt").is_none_or(|r| r.is_null()), "no later boundary: {after}");
}

#[tokio::test]
async fn a_tenant_without_catalog_answers_404() {
    let app = TestApp::builder().spawn().await;
    let browser = signed_in_on(&app, "globex.localhost", "linus").await;
    for path in ["/api/bff/catalog".to_string(), format!("/api/bff/catalog/{}", objective("Negotiation Skills"))] {
        let response = app.api(&browser, "globex.localhost", &path).await;
        assert_eq!(response.status(), StatusCode::NOT_FOUND, "{path}");
        assert_eq!(response.headers()["content-type"], "application/problem+json");
    }
}
