//! `/api/bff/dashboard`: ada's seeded courses in progress, due soon and recently finished, and
//! the view changing at its `refreshAt`.

use reqwest::StatusCode;
use serde_json::Value;
use time::{OffsetDateTime, format_description::well_known::Rfc3339};

use crate::helpers::{TestApp, ada};

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
    let (app, browser) = ada().await;
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
    // Only a course the learner can go on working in opens the content, as on the card.
    for card in view["inProgress"].as_array().expect("list") {
        let content = card["link"].as_str().is_some_and(|l| l.ends_with("/view/content"));
        assert_eq!(content, card["status"] == "inProgress", "{card}");
    }

    // Data Privacy Basics is due in 14 days; Company Values Onboarding is overdue; the
    // Cybersecurity Program is due in 30 days, outside the 14-day window.
    assert_eq!(view["dueSoonDays"], 14);
    assert_eq!(names(&view, "dueSoon"), vec!["Data Privacy Basics"]);
    let due = &view["dueSoon"][0];
    assert_eq!(view["refreshAt"], due["dueDate"], "the next change: that due date passes");
    assert_eq!(due["overdue"], false, "due soon is not overdue: {due}");
    // The overdue course stays in progress and says it is overdue, as its My courses card does.
    let overdue: Vec<&Value> =
        view["inProgress"].as_array().expect("list").iter().filter(|c| c["overdue"] == true).collect();
    assert_eq!(overdue.len(), 1, "{overdue:?}");
    assert_eq!(overdue[0]["name"], "Company Values Onboarding");

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
    // The sandbox clock is moved to a minute before `refreshAt`: nothing changes; past it, the
    // lists change and the next boundary is later.
    let (app, browser) = ada().await;
    let before = dashboard(&app, &browser).await;
    let lists = |view: &serde_json::Value| -> Vec<Vec<String>> {
        ["inProgress", "dueSoon", "recentlyFinished"].iter().map(|l| names(view, l)).collect()
    };
    let wait = crate::helpers::seconds_until(&before["refreshAt"]);
    assert!(wait > 0, "a boundary ahead: {before}");
    crate::helpers::shift_clock(&app, wait - 60).await;
    let just_before = dashboard(&app, &browser).await;
    assert_eq!(lists(&just_before), lists(&before), "nothing changes before refreshAt");
    assert_eq!(just_before["refreshAt"], before["refreshAt"]);
    crate::helpers::shift_clock(&app, wait + 5).await;
    let after = dashboard(&app, &browser).await;
    assert_ne!(lists(&after), lists(&before), "the dashboard changes at refreshAt: {after}");
    if let Some(next) = after["refreshAt"].as_str() {
        let next = OffsetDateTime::parse(next, &Rfc3339).expect("date");
        let previous = OffsetDateTime::parse(before["refreshAt"].as_str().expect("date"), &Rfc3339).expect("date");
        assert!(next > previous, "the next boundary is later");
    }
}

/// Upstream reads of activity trees the gateway made so far (its `/metrics`).
async fn tree_reads(app: &TestApp) -> f64 {
    let text = reqwest::get(format!("http://127.0.0.1:{}/metrics", app.port))
        .await
        .expect("metrics")
        .text()
        .await
        .expect("text");
    text.lines()
        .filter(|l| l.starts_with("gateway_upstream_call_duration_seconds_count{"))
        .filter(|l| l.contains(r#"operation="reading the activity tree""#))
        .map(|l| l.rsplit(' ').next().expect("value").parse::<f64>().expect("a number"))
        .sum()
}

/// Only the courses the sections show are read beyond the lists: ada has more started
/// courses than the dashboard shows, and the trees read are at most those shown.
#[tokio::test]
async fn only_the_courses_shown_have_their_tree_read() {
    let (app, browser) = ada().await;
    // The dashboard first: after My courses it would skip the trees of attempts known to have
    // no proctored activity (see the next test).
    let view = dashboard(&app, &browser).await;
    let read = tree_reads(&app).await;
    let my_courses = app.api(&browser, "localhost", "/api/bff/my-courses").await.json::<Value>().await.expect("json");
    let started = my_courses["items"].as_array().expect("cards").iter().filter(|c| c["status"] != "notStarted").count();
    let mut shown: Vec<&str> = ["inProgress", "dueSoon", "recentlyFinished"]
        .iter()
        .flat_map(|l| view[*l].as_array().expect("list").iter().map(|c| c["objectiveId"].as_str().expect("id")))
        .collect();
    shown.sort_unstable();
    shown.dedup();
    assert!(shown.len() < started, "ada has started courses the dashboard does not show: {} of {started}", shown.len());
    println!("{read} trees read, {} courses shown, {started} started", shown.len());
    assert!(read >= 1.0, "the trees of courses in progress are read: {read}");
    assert!(read <= shown.len() as f64, "{read} trees read for {} courses shown", shown.len());
}

/// Spec section 4 'Availability' at list scale: the lists read an attempt's tree only for the
/// proctoring rule, so once a tree was seen without a proctored activity, My courses and the
/// dashboard do not read it again for the same attempt; the tree of a course with one (ada's
/// 'Proctored Final Exam', whose session disagrees) is read every time, and every answer stays
/// the same.
#[tokio::test]
async fn a_second_look_reads_only_the_trees_of_attempts_with_a_proctored_activity() {
    let (app, browser) = ada().await;
    let my_courses = || async {
        let response = app.api(&browser, "localhost", "/api/bff/my-courses").await;
        assert_eq!(response.status(), StatusCode::OK);
        response.json::<Value>().await.expect("json")
    };
    let first = my_courses().await;
    let first_reads = tree_reads(&app).await;
    let second = my_courses().await;
    let second_reads = tree_reads(&app).await - first_reads;
    println!("My courses: {first_reads} trees read the first time, {second_reads} the second");
    assert_eq!(second, first, "skipping a tree changes nothing in the view");
    assert!(second_reads >= 1.0, "the proctored course's tree is read again");
    assert!(second_reads < first_reads, "{second_reads} of {first_reads} trees read again");
    let exam = first["items"].as_array().expect("cards").iter().find(|c| c["name"] == "Proctored Final Exam");
    assert_eq!(exam.expect("listed")["status"], "inGrading");

    let before = tree_reads(&app).await;
    let view = dashboard(&app, &browser).await;
    let read = tree_reads(&app).await - before;
    assert!(read <= second_reads, "the dashboard reads no tree My courses saw without proctoring: {read}");
    let exams: Vec<&Value> = ["inProgress", "dueSoon", "recentlyFinished"]
        .iter()
        .flat_map(|l| view[*l].as_array().expect("list"))
        .filter(|c| c["name"] == "Proctored Final Exam")
        .collect();
    assert!(!exams.is_empty(), "the exam is on the dashboard: {view}");
    assert!(exams.iter().all(|c| c["status"] == "inGrading"), "{view}");
    // What the rules decide, as a dashboard with nothing skipped shows it (another sandbox,
    // seeded a moment later: its dates differ by that moment).
    let decided = |view: &Value, list: &str| -> Vec<Value> {
        let keys = ["objectiveId", "status", "progressPercent", "gradeHidden", "passed", "link"];
        let entries = view[list].as_array().expect("list").iter();
        entries.map(|c| keys.iter().map(|k| c[*k].clone()).collect()).collect()
    };
    let (cold_app, cold_browser) = ada().await;
    let cold = dashboard(&cold_app, &cold_browser).await;
    for list in ["inProgress", "dueSoon", "recentlyFinished"] {
        assert_eq!(decided(&view, list), decided(&cold, list), "{list} as without any tree skipped");
    }
}
