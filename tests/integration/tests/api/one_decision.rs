//! One decision per rule, the same in every view: the behaviours of issue 14, one test each,
//! over the seeded courses named in the sandbox README.

use reqwest::StatusCode;
use serde_json::Value;

use crate::helpers::{TestApp, ada, card, get_ok, objective, post, signed_in};

/// An id nothing in the seed has.
const UNKNOWN: &str = "0f0e0d0c-0b0a-4908-8706-050403020100";

fn strings(v: &Value) -> Vec<&str> {
    v.as_array().map(|a| a.iter().filter_map(Value::as_str).collect()).unwrap_or_default()
}

fn dashboard_entries<'a>(dashboard: &'a Value, name: &str) -> Vec<&'a Value> {
    ["inProgress", "dueSoon", "recentlyFinished"]
        .iter()
        .flat_map(|list| dashboard[*list].as_array().expect("list").iter())
        .filter(|e| e["name"] == name)
        .collect()
}

/// Defect 1: 'Hidden Grades Quiz' (reveal never) shows no score, grade or pass on the card, the
/// dashboard, details, or in the pass-through's activity records.
#[tokio::test]
async fn hidden_grade_is_hidden_on_card_dashboard_details_and_pass_through() {
    let (app, browser) = ada().await;
    let name = "Hidden Grades Quiz";
    let card = card(&app, &browser, name).await.expect("listed");
    assert_eq!(card["status"], "finished");
    assert_eq!(card["gradeHidden"], true, "{card}");
    assert!(card.get("result").is_none(), "no score or grade on the card: {card}");
    let details = get_ok(&app, &browser, &format!("/api/bff/courses/{}", objective(name))).await;
    assert_eq!(details["result"]["gradeHidden"], true);
    let dashboard = get_ok(&app, &browser, "/api/bff/dashboard").await;
    let entries = dashboard_entries(&dashboard, name);
    assert!(!entries.is_empty(), "recently finished");
    for e in entries {
        assert_eq!(e["gradeHidden"], true, "{e}");
        assert!(e.get("passed").is_none(), "no pass on the dashboard: {e}");
    }
    let aggregate = details["aggregateId"].as_str().expect("aggregate");
    let path = format!("/api/lms/users/me/objective-workflow-aggregates/{aggregate}/activity-records/query");
    let response = app.api(&browser, "localhost", &path).await;
    assert_eq!(response.status(), StatusCode::OK);
    let text = response.text().await.expect("body");
    assert!(text.contains("\"data\""), "the records are still listed: {text}");
    for field in ["normalizedScore", "\"score\"", "maxScore", "\"passed\"", "\"grade\""] {
        assert!(!text.contains(field), "{field} handed back: {text}");
    }
    let workflow = details["workflowId"].as_str().expect("workflow");
    let path = format!("/api/lms/users/me/objective-workflows/{workflow}/activity-records/query");
    let text = app.api(&browser, "localhost", &path).await.text().await.expect("body");
    assert!(!text.contains("normalizedScore"), "per attempt too: {text}");
    // A course whose grade shows keeps its scores in the pass-through.
    let shown = get_ok(&app, &browser, &format!("/api/bff/courses/{}", objective("Workplace Safety"))).await;
    let aggregate = shown["aggregateId"].as_str().expect("aggregate");
    let path = format!("/api/lms/users/me/objective-workflow-aggregates/{aggregate}/activity-records/query");
    let text = app.api(&browser, "localhost", &path).await.text().await.expect("body");
    assert!(text.contains("normalizedScore"), "{text}");
}

/// Defect 2: 'Proctored Final Exam' (a running proctored exam whose session disagrees) is in
/// grading on the card, the dashboard, details and the tree; none of them opens the content.
#[tokio::test]
async fn proctoring_mismatch_is_in_grading_on_card_dashboard_details_and_tree() {
    let (app, browser) = ada().await;
    let name = "Proctored Final Exam";
    let id = objective(name);
    let card = card(&app, &browser, name).await.expect("listed");
    assert_eq!(card["status"], "inGrading", "{card}");
    assert!(!card["link"].as_str().expect("link").ends_with("/view/content"), "{card}");
    let details = get_ok(&app, &browser, &format!("/api/bff/courses/{id}")).await;
    assert_eq!(details["status"], "inGrading");
    assert!(strings(&details["notices"]).contains(&"gradingInProgress"));
    assert!(!strings(&details["buttons"]).contains(&"continue"));
    let dashboard = get_ok(&app, &browser, "/api/bff/dashboard").await;
    for e in dashboard_entries(&dashboard, name) {
        assert_eq!(e["status"], "inGrading", "{e}");
        assert_eq!(e["link"], card["link"], "{e}");
    }
    let tree = get_ok(&app, &browser, &format!("/api/bff/courses/{id}/tree")).await;
    assert_eq!(tree["status"], "inGrading");
    assert_eq!(tree["canContinue"], false);
    assert!(tree["openNext"].is_null(), "the running exam is not opened: {tree}");
}

/// Defect 3: 'Excel for Analysts' (an imported record without workflow) shows the same
/// progress on the card, the dashboard and details.
#[tokio::test]
async fn imported_results_show_the_same_progress_on_card_dashboard_and_details() {
    let (app, browser) = ada().await;
    let name = "Excel for Analysts";
    let card = card(&app, &browser, name).await.expect("listed");
    let details = get_ok(&app, &browser, &format!("/api/bff/courses/{}", objective(name))).await;
    assert_eq!(details["progressPercent"], 100);
    assert_eq!(card["progressPercent"], 100, "{card}");
    let dashboard = get_ok(&app, &browser, "/api/bff/dashboard").await;
    let entries = dashboard_entries(&dashboard, name);
    assert!(!entries.is_empty());
    for e in entries {
        assert_eq!(e["progressPercent"], 100, "{e}");
    }
}

fn item<'a>(tree: &'a Value, name: &str) -> &'a Value {
    tree["items"].as_array().expect("items").iter().find(|i| i["name"] == name).unwrap_or_else(|| panic!("{name}"))
}

/// Defect 4: the tree applies the review-hidden rule where details offers no Review: protected
/// results ('Confidential Assessment') and results revealed after a date still ahead ('Customer
/// Service Excellence', review after revealing results).
#[tokio::test]
async fn tree_hides_review_of_protected_and_unrevealed_results() {
    let (app, browser) = ada().await;
    for name in ["Confidential Assessment", "Customer Service Excellence"] {
        let id = objective(name);
        let details = get_ok(&app, &browser, &format!("/api/bff/courses/{id}")).await;
        assert!(!strings(&details["buttons"]).contains(&"review"), "{name}: {details}");
        let tree = get_ok(&app, &browser, &format!("/api/bff/courses/{id}/tree")).await;
        let items = tree["items"].as_array().expect("items");
        let started: Vec<&Value> =
            items.iter().filter(|i| i["status"] == "completed" || i["status"] == "belowPassingScore").collect();
        assert!(!started.is_empty(), "{name}: finished items: {tree}");
        for i in started {
            assert_eq!(i["disabled"], true, "{name}: {i}");
            assert_eq!(i["lockReason"], "reviewHidden", "{name}: {i}");
        }
    }
}

/// Defect 5: an archived course's items say 'coming soon' (not 'complete previous') and the
/// redirect entry sends the learner to details, not the content; a lesson of a draft module is
/// 'coming soon' and disabled; archived items stay hidden.
#[tokio::test]
async fn archived_and_draft_content_is_coming_soon_and_not_opened() {
    let (app, browser) = ada().await;
    let archived = objective("Archived Compliance Training");
    let tree = get_ok(&app, &browser, &format!("/api/bff/courses/{archived}/tree")).await;
    let items = tree["items"].as_array().expect("items");
    assert!(!items.is_empty());
    for i in items {
        assert_eq!(i["lockReason"], "comingSoon", "{i}");
        assert_eq!(i["disabled"], true, "{i}");
    }
    assert!(tree["openNext"].is_null());
    let redirect = get_ok(&app, &browser, &format!("/api/bff/redirect?objectiveId={archived}")).await;
    assert_eq!(redirect["target"], "details", "{redirect}");
    let cyber = get_ok(&app, &browser, &format!("/api/bff/courses/{}/tree", objective("Cybersecurity Program"))).await;
    let lesson = item(&cyber, "Draft lesson");
    assert_eq!(lesson["lockReason"], "comingSoon", "{lesson}");
    assert_eq!(lesson["disabled"], true, "{lesson}");
    assert_eq!(lesson["status"], "comingSoon", "{lesson}");
    let names: Vec<&str> =
        cyber["items"].as_array().expect("items").iter().filter_map(|i| i["name"].as_str()).collect();
    for hidden in ["Old reading", "Retired module", "Retired lesson"] {
        assert!(!names.contains(&hidden), "{hidden} is archived: {names:?}");
    }
}

/// Defect 6: 'Live session' starts five days after its module: its own start date wins over the
/// module's, so it is disabled until then, as the sandbox (which overlays the same way) says.
#[tokio::test]
async fn a_childs_own_start_date_wins_over_its_modules() {
    let (app, browser) = ada().await;
    let tree = get_ok(&app, &browser, &format!("/api/bff/courses/{}/tree", objective("Cybersecurity Program"))).await;
    let live = item(&tree, "Live session");
    assert_eq!(live["disabled"], true, "{live}");
    assert!(["beforeStart", "completePrevious"].contains(&live["lockReason"].as_str().expect("reason")), "{live}");
    assert_ne!(tree["openNext"], live["activityPathId"]);
}

/// Defect 7: ken lacks ObjectiveWorkflow.Create: every learner view and command is a 403 (a
/// start is refused before anything is sent).
#[tokio::test]
async fn a_user_without_the_learner_permission_gets_403_on_every_learner_route() {
    let app = TestApp::builder().fast_commands().spawn().await;
    let ken = signed_in(&app, "ken").await;
    let course = objective("Data Privacy Basics");
    for path in [
        "/api/bff/my-courses".to_string(),
        "/api/bff/dashboard".to_string(),
        "/api/bff/catalog".to_string(),
        format!("/api/bff/courses/{course}"),
        format!("/api/bff/redirect?objectiveId={course}"),
        "/api/bff/calendar?from=2026-01-01&to=2026-01-31".to_string(),
    ] {
        let response = app.api(&ken, "localhost", &path).await;
        assert_eq!(response.status(), StatusCode::FORBIDDEN, "{path}");
    }
    let (status, body) = post(&app, &ken, &format!("/api/bff/courses/{course}/start"), None).await;
    assert_eq!(status, StatusCode::FORBIDDEN, "{body}");
    let (status, _) = post(&app, &ken, &format!("/api/bff/courses/{course}/enroll"), None).await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    // The session view still answers, naming where ken belongs.
    let session: Value = app.api(&ken, "localhost", "/api/bff/session").await.json().await.expect("json");
    assert_eq!(session["home"]["kind"], "forbidden");
}

/// Defect 8: the card says why it is locked, its due date and overdue state, and its number of
/// sub-activities.
#[tokio::test]
async fn cards_say_lock_due_date_overdue_and_sub_activity_count() {
    let (app, browser) = ada().await;
    let cases = [
        ("Advanced Negotiation", Some("willBeAvailable")),
        ("Legacy Systems Overview", Some("wasAvailableBefore")),
        ("Cloud Fundamentals", Some("comingSoon")),
        ("Time Management", None),
    ];
    for (name, lock) in cases {
        let card = card(&app, &browser, name).await.expect(name);
        assert_eq!(card.get("lock").and_then(Value::as_str), lock, "{name}: {card}");
    }
    let negotiation = card(&app, &browser, "Advanced Negotiation").await.expect("listed");
    assert!(negotiation["availabilityDate"].is_string(), "the lock's date: {negotiation}");
    let overdue = card(&app, &browser, "Company Values Onboarding").await.expect("listed");
    assert!(overdue["dueDate"].is_string());
    assert_eq!(overdue["overdue"], true, "{overdue}");
    let due_later = card(&app, &browser, "Cybersecurity Program").await.expect("listed");
    assert!(due_later["dueDate"].is_string());
    assert_eq!(due_later["overdue"], false);
    assert!(due_later["childrenCount"].as_u64().is_some_and(|n| n > 1), "{due_later}");
}

/// Defect 9: a card keeps its colour on every page and with every keyword.
#[tokio::test]
async fn a_cards_colour_is_the_same_on_every_page_and_with_every_keyword() {
    let (app, browser) = ada().await;
    let name = "Confidential Assessment";
    let colour_in = |view: &Value| -> Option<Value> {
        view["items"].as_array().expect("items").iter().find(|c| c["name"] == name).map(|c| c["color"].clone())
    };
    let full = get_ok(&app, &browser, "/api/bff/my-courses").await;
    let colour = colour_in(&full).expect("listed");
    assert!(colour.is_string());
    for query in ["?skip=5", "?skip=3&take=4", "?keyword=confidential", "?keyword=assess"] {
        let view = get_ok(&app, &browser, &format!("/api/bff/my-courses{query}")).await;
        if let Some(c) = colour_in(&view) {
            assert_eq!(c, colour, "{query}");
        }
    }
    let page = get_ok(&app, &browser, "/api/bff/my-courses?skip=5").await;
    assert!(colour_in(&page).is_some(), "on the page that skips five");
}

/// Defect 10: the catalog course page and details say 'Enrolled' by the same rule: only when
/// self-enrolled.
#[tokio::test]
async fn catalog_page_and_details_say_enrolled_only_when_self_enrolled() {
    let (app, browser) = ada().await;
    for (name, enrolled) in [
        ("Data Privacy Basics", false),
        ("Excel for Analysts", false),
        ("Time Management", true),
        ("Negotiation Skills", false),
    ] {
        let id = objective(name);
        let catalog = get_ok(&app, &browser, &format!("/api/bff/catalog/{id}")).await;
        let details = get_ok(&app, &browser, &format!("/api/bff/courses/{id}")).await;
        assert_eq!(strings(&catalog["buttons"]).contains(&"enrolled"), enrolled, "{name} catalog: {catalog}");
        assert_eq!(strings(&details["buttons"]).contains(&"enrolled"), enrolled, "{name} details: {details}");
    }
}

/// Defect 11: certificate links given to the browser are this gateway's, and they serve the file.
#[tokio::test]
async fn certificate_links_are_gateway_urls() {
    let (app, browser) = ada().await;
    let details = get_ok(&app, &browser, &format!("/api/bff/courses/{}", objective("Workplace Safety"))).await;
    let certificate = &details["certificates"][0];
    let pdf = certificate["pdfUrl"].as_str().expect("pdfUrl");
    let number = certificate["certificateNumber"].as_str().expect("number");
    assert_eq!(pdf, format!("/api/bff/public/certificates/{number}/certificate.pdf"));
    let preview = get_ok(&app, &browser, &format!("/api/bff/certificates/{number}")).await;
    for (field, file) in [("pdfUrl", "certificate.pdf"), ("pngUrl", "certificate.png")] {
        let url = preview[field].as_str().expect(field);
        assert_eq!(url, format!("/api/bff/public/certificates/{number}/{file}"), "{preview}");
        let response = app.api(&browser, "localhost", url).await;
        assert_eq!(response.status(), StatusCode::OK, "{url}");
    }
    // The About HTML's storage-host attachments are the LMS's own links (spec section 5 allows
    // storage hosts); every link the gateway itself builds is its own.
    let mut built = details.clone();
    built["about"] = Value::Null;
    assert!(!built.to_string().contains("127.0.0.1"), "no upstream host in details");
    assert!(!preview.to_string().contains("127.0.0.1"), "no upstream host in the preview");
}

/// Defect 12: commands on an unknown or another learner's workflow are 404 like the GET; start
/// and enrol of an unknown course are 404 and send nothing.
#[tokio::test]
async fn commands_on_unknown_or_foreign_workflows_are_404_and_unknown_courses_send_nothing() {
    let app = TestApp::builder().fast_commands().spawn().await;
    let grace = signed_in(&app, "grace").await;
    let teaching = lms_sandbox::seed::id("objective", "acme/Teaching Online").to_string();
    let response = app.api(&grace, "localhost", &format!("/api/bff/courses/{teaching}")).await;
    let details: Value = response.json().await.expect("json");
    let graces = details["workflowId"].as_str().expect("grace's workflow").to_string();
    let ada = signed_in(&app, "ada").await;
    let unknown = UNKNOWN.to_string();
    for workflow in [&unknown, &graces] {
        let get = app.api(&ada, "localhost", &format!("/api/bff/workflows/{workflow}")).await;
        assert_eq!(get.status(), StatusCode::NOT_FOUND);
        for (path, body) in [
            (format!("/api/bff/workflows/{workflow}/submit"), None),
            (format!("/api/bff/workflows/{workflow}/finish"), None),
            (
                format!("/api/bff/workflows/{workflow}/activities/finish"),
                Some(serde_json::json!({ "activityWorkflowIds": [UNKNOWN] })),
            ),
        ] {
            let (status, answer) = post(&app, &ada, &path, body).await;
            assert_eq!(status, StatusCode::NOT_FOUND, "{path}: {answer}");
        }
    }
    let before = app.api(&ada, "localhost", "/api/bff/my-courses?take=200").await.json::<Value>().await.expect("json");
    let course = UNKNOWN;
    for command in ["start", "enroll"] {
        let (status, answer) = post(&app, &ada, &format!("/api/bff/courses/{course}/{command}"), None).await;
        assert_eq!(status, StatusCode::NOT_FOUND, "{command}: {answer}");
    }
    let after = app.api(&ada, "localhost", "/api/bff/my-courses?take=200").await.json::<Value>().await.expect("json");
    assert_eq!(before["totalCount"], after["totalCount"], "nothing enrolled");
}

/// Defect 13: linus's 'Version Control' has no grading scale: score and pass, no grade.
#[tokio::test]
async fn a_course_without_a_grading_scale_shows_no_grade() {
    let app = TestApp::builder().spawn().await;
    let browser = app.browser();
    app.sign_in(&browser, "globex.localhost", "linus", None).await;
    let view: Value = app.api(&browser, "globex.localhost", "/api/bff/my-courses").await.json().await.expect("json");
    let card =
        view["items"].as_array().expect("items").iter().find(|c| c["name"] == "Version Control").expect("listed");
    let result = &card["result"];
    assert_eq!(result["scorePercent"], 55, "{card}");
    assert_eq!(result["passed"], false);
    assert!(result.get("grade").is_none(), "no grade without a scale: {card}");
    let id = lms_sandbox::seed::id("objective", "globex/Version Control");
    let details: Value =
        app.api(&browser, "globex.localhost", &format!("/api/bff/courses/{id}")).await.json().await.expect("json");
    assert_eq!(details["result"]["score"]["percent"], 55);
    assert!(details["result"].get("grade").is_none(), "{details}");
    for attempt in details["attempts"].as_array().expect("attempts") {
        assert!(attempt.get("grade").is_none(), "{attempt}");
    }
}
