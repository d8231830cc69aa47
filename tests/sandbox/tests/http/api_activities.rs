//! The activity tree: `activity[/{path}]`, `/children`, `activity-with-aggregates`;
//! availability, locks, inherited constraints and every activity type.

use lms_sandbox::clock::ClockMode;
use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::helpers::{Sandbox, fast_config, new_id};

fn part<'a>(parts: &'a Value, name: &str) -> &'a Value {
    parts.as_array().expect("parts").iter().find(|p| p["childActivity"]["name"] == name).expect(name)
}

fn day(offset: i64, now: i64) -> String {
    let at = time::OffsetDateTime::from_unix_timestamp(now + offset * 86_400).expect("time");
    at.format(&time::format_description::well_known::Rfc3339).expect("rfc3339")
}

#[tokio::test]
async fn a_deep_course_shows_locks_constraints_and_content_states() {
    const NOW: i64 = 1_900_000_000;
    let mut config = fast_config();
    config.clock = ClockMode::Fixed(NOW);
    let sb = Sandbox::start_with(config).await;
    let token = sb.access_token("acme", "ada").await;
    let program = sb.aggregate("acme", &token, "Cybersecurity Program").await;
    let ow = program["lastObjectiveWorkflow"]["id"].as_str().expect("workflow").to_string();
    let base = format!("users/me/objective-workflows/{ow}/activity");

    let root = sb.api_json("acme", &token, &base, &[]).await;
    assert_eq!((&root["type"], &root["name"]), (&json!("composite"), &json!("Cybersecurity Program")));
    let modules = &root["children"];
    assert_eq!(modules.as_array().map(Vec::len), Some(6));
    assert_eq!(part(modules, "Module 1: Foundations")["childActivity"]["children"], json!([]), "one level only");
    assert_eq!(part(modules, "Module 1: Foundations")["childActivity"]["childrenCount"], 3);
    let children = sb.api_json("acme", &token, &format!("{base}/children"), &[]).await;
    assert_eq!(children.as_array().map(Vec::len), Some(6));

    let m1 = part(modules, "Module 1: Foundations");
    assert_eq!(m1["available"], true);
    assert_eq!(m1["activityConstraint"]["startFrom"], day(-20, NOW), "dates relative to the clock at seeding");
    let m2 = part(modules, "Module 2: Practice");
    assert_eq!((&m2["available"], &m2["locked"]), (&json!(false), &json!(true)), "locked until module 1 is completed");
    let m3 = part(modules, "Module 3: Assessment");
    assert_eq!(m3["available"], false, "starts in 15 days");
    assert_eq!(m3["activityConstraint"]["resultsDisclosurePolicy"], "afterDate");
    assert_eq!(part(modules, "Bonus reading")["optional"], true);
    let retired = part(modules, "Retired module");
    assert_eq!((&retired["childActivity"]["state"], &retired["contentAvailable"]), (&json!(4), &json!(false)));
    assert_eq!(part(modules, "Draft module")["childActivity"]["state"], 1);

    // Level three, by path; constraints inherit from the parent part, review policy does not.
    let lab = sb.api_json("acme", &token, &format!("{base}/1.3"), &[]).await;
    assert_eq!(lab["name"], "Lab block");
    let lab_parts = sb.api_json("acme", &token, &format!("{base}/1.3/children"), &[]).await;
    let phishing = part(&lab_parts, "Phishing lab");
    assert_eq!(phishing["activityPathId"], "1.3.1");
    assert_eq!(phishing["activityConstraint"]["due"], day(10, NOW), "inherited from module 1");
    assert_eq!(phishing["activityConstraint"]["reviewPolicy"], "afterSubmission", "its own");
    assert_eq!(part(&lab_parts, "Lab notes")["optional"], true);
    let m2_parts = sb.api_json("acme", &token, &format!("{base}/2/children"), &[]).await;
    let live = part(&m2_parts, "Live session");
    assert_eq!(live["activityConstraint"]["startFrom"], day(5, NOW), "its own date wins over the parent's");
    assert_eq!(live["activityConstraint"]["startUntil"], day(20, NOW), "the parent's other dates stay");
    assert_eq!(part(&m2_parts, "Old reading")["childActivity"]["state"], 4);
    assert_eq!(part(&m2_parts, "Upcoming video")["contentAvailable"], false);
    assert_eq!(sb.api("acme", &token, &format!("{base}/9.9"), &[]).await.status(), StatusCode::NOT_FOUND);

    // Progress: the welcome text is finished (25 %), the video runs.
    let full =
        sb.api_json("acme", &token, &format!("users/me/objective-workflows/{ow}/activity-with-aggregates"), &[]).await;
    let m1_full = part(&full["children"], "Module 1: Foundations");
    let welcome = part(&m1_full["childActivity"]["children"], "Welcome");
    assert_eq!(welcome["childActivity"]["activityWorkflowAggregate"]["lastActivityWorkflow"]["state"], 6);
    assert_eq!(welcome["childActivity"]["activityWorkflowAggregate"]["bestActivityRecord"]["passed"], true);
    let lab_full = part(&m1_full["childActivity"]["children"], "Lab block");
    assert_eq!(
        lab_full["childActivity"]["children"].as_array().map(Vec::len),
        Some(2),
        "the full tree goes three levels down"
    );

    // Starting a locked, a future or a draft part is refused.
    for (path_parts, name) in [(&m2_parts, "Discussion board"), (&m2_parts, "Upcoming video")] {
        let id = part(path_parts, name)["id"].clone();
        let answer = sb
            .command(
                "acme",
                &token,
                "start-activity-workflows",
                "respond-sync",
                &json!({ "objectiveWorkflowId": ow, "activityPartIds": [id] }),
            )
            .await;
        assert_eq!(answer.status(), StatusCode::BAD_REQUEST, "{name}");
        assert!(answer.json::<Value>().await.expect("problem")["errors"]["activityPartIds"].is_array());
    }

    // Completing module 1 (the lab notes are optional) unlocks module 2.
    let mut to_finish = Vec::new();
    for p in [part(&m1_full["childActivity"]["children"], "Threat landscape"), part(&lab_parts, "Phishing lab")] {
        let started = sb
            .sync(
                "acme",
                &token,
                "start-activity-workflows",
                &json!({ "objectiveWorkflowId": ow, "activityPartIds": [p["id"]] }),
            )
            .await;
        to_finish.push(started["activityWorkflowIds"][0].clone());
    }
    sb.sync(
        "acme",
        &token,
        "finish-activity-workflows",
        &json!({ "objectiveWorkflowId": ow, "activityWorkflowIds": to_finish }),
    )
    .await;
    let modules = sb.api_json("acme", &token, &format!("{base}/children"), &[]).await;
    assert_eq!(part(&modules, "Module 1: Foundations")["completed"], true);
    assert_eq!(part(&modules, "Module 2: Practice")["available"], true, "unlocked");
    let progress = sb.api_json("acme", &token, &format!("objective-workflows/{ow}"), &[]).await["progress"].clone();
    assert!(progress.as_f64().is_some_and(|p| p > 0.25 && p < 1.0), "{progress}");
}

#[tokio::test]
async fn every_activity_type_and_a_single_activity_course() {
    let sb = Sandbox::start_fast().await;
    let token = sb.access_token("acme", "ada").await;
    let tour = sb.aggregate("acme", &token, "Activity Types Tour").await;
    let ow = tour["lastObjectiveWorkflow"]["id"].as_str().expect("workflow");
    let tree =
        sb.api_json("acme", &token, &format!("users/me/objective-workflows/{ow}/activity-with-aggregates"), &[]).await;
    let mut types: Vec<&str> = tree["children"]
        .as_array()
        .expect("parts")
        .iter()
        .filter_map(|p| p["childActivity"]["type"].as_str())
        .collect();
    types.sort();
    assert_eq!(types, ["collaborative", "composite", "discussion", "event", "lti", "proctored", "text", "video"]);
    let team = part(&tree["children"], "Team assignment");
    assert_eq!(team["childActivity"]["supportCollaborativeMode"], true);
    assert_eq!(part(&tree["children"], "Supervised test")["childActivity"]["proctored"], true);

    // A course that is a single LTI activity: started by the root activity's id.
    let python = sb.aggregate("acme", &token, "Introduction to Python").await;
    let retake = new_id();
    sb.sync(
        "acme",
        &token,
        "start-objective-workflows",
        &json!({ "id": retake, "objectiveWorkflowAggregateId": python["id"] }),
    )
    .await;
    let ow = retake.as_str().expect("id");
    let root = sb.api_json("acme", &token, &format!("users/me/objective-workflows/{ow}/activity"), &[]).await;
    assert_eq!((&root["type"], &root["children"]), (&json!("lti"), &json!([])));
    let started = sb
        .sync(
            "acme",
            &token,
            "start-activity-workflows",
            &json!({ "objectiveWorkflowId": ow, "activityPartIds": [root["id"]] }),
        )
        .await;
    assert_eq!(started["activityWorkflowIds"].as_array().map(Vec::len), Some(1));
}
