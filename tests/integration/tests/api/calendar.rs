//! `/api/bff/calendar`: due, availability and event dates of ada's seeded courses, in her time
//! zone (Europe/London), and the range limits.

use reqwest::StatusCode;
use serde_json::Value;
use time::{Duration, OffsetDateTime};

use crate::helpers::ada;

fn day(offset_days: i64) -> String {
    (OffsetDateTime::now_utc() + Duration::days(offset_days)).date().to_string()
}

fn find<'a>(view: &'a Value, kind: &str, course: &str) -> Option<&'a Value> {
    view["entries"].as_array().expect("entries").iter().find(|e| e["kind"] == kind && e["courseName"] == course)
}

#[tokio::test]
async fn ada_s_calendar_shows_due_availability_and_event_dates_in_her_time_zone() {
    let (app, browser) = ada().await;
    let path = format!("/api/bff/calendar?from={}&to={}", day(-7), day(20));
    let response = app.api(&browser, "localhost", &path).await;
    assert_eq!(response.status(), StatusCode::OK);
    let view: Value = response.json().await.expect("json");
    assert_eq!(view["timezone"], "Europe/London");
    assert_eq!((view["from"].as_str(), view["to"].as_str()), (Some(day(-7).as_str()), Some(day(20).as_str())));

    // Seed: Data Privacy Basics due +14 d, Company Values Onboarding due -3 d, Advanced Negotiation
    // available from +10 d, Legacy Systems Overview available until -5 d, an event of the
    // Cybersecurity Program from +5 d; Cybersecurity's own due date (+30 d) is outside the range.
    for (kind, course) in [
        ("due", "Data Privacy Basics"),
        ("due", "Company Values Onboarding"),
        ("availableFrom", "Advanced Negotiation"),
        ("availableUntil", "Legacy Systems Overview"),
        ("event", "Cybersecurity Program"),
    ] {
        let entry = find(&view, kind, course).unwrap_or_else(|| panic!("{kind} of {course} in {view}"));
        let at = entry["at"].as_str().expect("at");
        assert!(at.ends_with("+00:00") || at.ends_with("+01:00"), "London offset: {at}");
        assert_eq!(entry["date"].as_str(), at.get(..10), "the day is the local day: {entry}");
        assert!(entry["link"].as_str().is_some_and(|l| l.starts_with("/courses/")), "{entry}");
    }
    assert!(find(&view, "event", "Cybersecurity Program").and_then(|e| e["activityName"].as_str()).is_some());
    assert!(find(&view, "due", "Cybersecurity Program").is_none(), "outside the range");
    let instants: Vec<OffsetDateTime> = view["entries"]
        .as_array()
        .expect("entries")
        .iter()
        .map(|e| {
            OffsetDateTime::parse(e["at"].as_str().expect("at"), &time::format_description::well_known::Rfc3339)
                .expect("rfc3339")
        })
        .collect();
    assert!(instants.windows(2).all(|w| w[0] <= w[1]), "oldest first");

    // A narrower range drops what falls outside it.
    let path = format!("/api/bff/calendar?from={}&to={}", day(12), day(16));
    let narrow: Value = app.api(&browser, "localhost", &path).await.json().await.expect("json");
    assert!(find(&narrow, "due", "Data Privacy Basics").is_some(), "{narrow}");
    assert!(find(&narrow, "due", "Company Values Onboarding").is_none(), "{narrow}");
}

#[tokio::test]
async fn calendar_ranges_are_limited_and_bad_ones_are_readable_400s() {
    let (app, browser) = ada().await;
    let cases = [
        (format!("?from={}&to={}", day(1), day(0)), "after"),
        (format!("?from={}&to={}", day(0), day(100)), "at most 62"),
        ("?from=2026-02-30&to=2026-03-01".to_string(), "YYYY-MM-DD"),
        (format!("?from={}", day(0)), "to"),
        (String::new(), "from"),
    ];
    for (query, message) in cases {
        let response = app.api(&browser, "localhost", &format!("/api/bff/calendar{query}")).await;
        assert_eq!(response.status(), StatusCode::BAD_REQUEST, "{query}");
        let body: Value = response.json().await.expect("problem");
        assert!(body["detail"].as_str().is_some_and(|d| d.contains(message)), "{query}: {body}");
    }
    let longest = format!("/api/bff/calendar?from={}&to={}", day(0), day(61));
    assert_eq!(app.api(&browser, "localhost", &longest).await.status(), StatusCode::OK, "62 days are allowed");
}
