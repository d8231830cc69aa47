//! `/api/bff/dashboard`: ada's seeded courses in progress, due soon and recently finished, and
//! the view changing at its `refreshAt`.

use std::time::Duration;

use lms_sandbox::clock::ClockMode;
use reqwest::StatusCode;
use serde_json::Value;
use time::{OffsetDateTime, format_description::well_known::Rfc3339};

use crate::helpers::{TestApp, spawn_app, spawn_app_with};

async fn dashboard(app: &TestApp, browser: &reqwest::Client) -> Value {
    let response = app.api(browser, "localhost", "/api/bff/dashboard").await;
    assert_eq!(response.status(), StatusCode::OK);
    response.json().await.expect("json")
}

fn names(view: &Value, list: &str) -> Vec<String> {
    view[list].as_array().expect(list).iter().map(|c| c["name"].as_str().expect("name").to_string()).collect()
}

#[tokio::test]
async fn ada_s_dashboard_lists_in_progress_due_soon_and_recently_finished() {
    let app = spawn_app().await;
    let browser = app.browser();
    app.sign_in(&browser, "localhost", "ada", None).await;
    let view = dashboard(&app, &browser).await;

    let in_progress = names(&view, "inProgress");
    for name in ["Time Management", "Company Values Onboarding", "Leadership Foundations", "Agile Team Practices"] {
        assert!(in_progress.contains(&name.to_string()), "{name} in progress: {in_progress:?}");
    }
    // Submitted (Effective Communication) and graded (Customer Service Excellence) match no
    // progress value; not started and finished courses are elsewhere.
    for name in ["Effective Communication", "Customer Service Excellence", "Data Privacy Basics", "Workplace Safety"] {
        assert!(!in_progress.contains(&name.to_string()), "{name} not in progress: {in_progress:?}");
    }
    for card in view["inProgress"].as_array().expect("list") {
        assert!(card["link"].as_str().is_some_and(|l| l.ends_with("/view/content")), "{card}");
    }

    // Data Privacy Basics is due in 14 days; Company Values Onboarding is overdue; the
    // Cybersecurity Program is due in 30 days, outside the 14-day window.
    assert_eq!(view["dueSoonDays"], 14);
    assert_eq!(names(&view, "dueSoon"), vec!["Data Privacy Basics"]);
    let due = &view["dueSoon"][0];
    assert_eq!(view["refreshAt"], due["dueDate"], "the next change: that due date passes");

    let listed: Vec<String> =
        ["inProgress", "dueSoon", "recentlyFinished"].iter().flat_map(|l| names(&view, l)).collect();
    for hidden in ["Archived Compliance Training", "Negotiation Skills"] {
        assert!(!listed.contains(&hidden.to_string()), "{hidden} is not an enrolled, listed course: {listed:?}");
    }
    let finished = names(&view, "recentlyFinished");
    assert_eq!(finished.len(), 5, "at most the configured count: {finished:?}");
    let dates: Vec<OffsetDateTime> = view["recentlyFinished"]
        .as_array()
        .expect("list")
        .iter()
        .map(|c| {
            assert_eq!(c["status"], "finished", "{c}");
            OffsetDateTime::parse(c["finishedAt"].as_str().expect("finishedAt"), &Rfc3339).expect("rfc3339")
        })
        .collect();
    assert!(dates.windows(2).all(|w| w[0] >= w[1]), "newest first: {dates:?}");
}

#[tokio::test]
async fn the_dashboard_changes_at_its_refresh_at() {
    // Seeded dates are relative to the sandbox clock at start: set back by fourteen days less
    // ten seconds, Data Privacy Basics falls due ten seconds from now.
    let app = spawn_app_with(|c| c.clock = ClockMode::Offset(-(14 * 86_400 - 10))).await;
    let browser = app.browser();
    app.sign_in(&browser, "localhost", "ada", None).await;
    let before = dashboard(&app, &browser).await;
    assert!(names(&before, "dueSoon").contains(&"Data Privacy Basics".to_string()), "{before}");
    let refresh_at = OffsetDateTime::parse(before["refreshAt"].as_str().expect("refreshAt"), &Rfc3339).expect("date");
    let wait = refresh_at - OffsetDateTime::now_utc();
    assert!(wait < time::Duration::seconds(11), "seconds ahead: {wait}");
    tokio::time::sleep(Duration::from_millis(u64::try_from(wait.whole_milliseconds()).unwrap_or(0) + 500)).await;
    let after = dashboard(&app, &browser).await;
    assert!(!names(&after, "dueSoon").contains(&"Data Privacy Basics".to_string()), "{after}");
    let next = OffsetDateTime::parse(after["refreshAt"].as_str().expect("a later boundary"), &Rfc3339).expect("date");
    assert!(next > refresh_at, "the next boundary is later");
}
