//! Workflow commands and reads: start, activity start and update, activity finish, submit
//! (polled), finish, retake, in grading, and the refusals of each state.

use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::helpers::{Sandbox, new_id};

/// The leaf parts of a tree answer, depth first: (activityPathId, part id, type).
fn leaves(activity: &Value, out: &mut Vec<(String, String, String)>) {
    for part in activity["children"].as_array().expect("children") {
        let child = &part["childActivity"];
        if child["children"].as_array().is_some_and(|c| c.is_empty()) {
            out.push((
                part["activityPathId"].as_str().expect("path").to_string(),
                part["id"].as_str().expect("part id").to_string(),
                child["type"].as_str().expect("type").to_string(),
            ));
        } else {
            leaves(child, out);
        }
    }
}

#[tokio::test]
async fn a_course_runs_from_start_to_a_graded_finished_record() {
    let sb = Sandbox::start_fast().await;
    let token = sb.access_token("acme", "ada").await;
    let course = sb.aggregate("acme", &token, "Secure Coding 101").await;
    assert!(course["lastObjectiveWorkflow"].is_null(), "not started yet");
    let workflow = new_id();
    let started = sb
        .run_async(
            "acme",
            &token,
            "start-objective-workflows",
            &json!({ "id": workflow, "objectiveWorkflowAggregateId": course["id"] }),
        )
        .await;
    assert_eq!(started["status"], 1, "{started}");
    assert_eq!(started["result"]["objectiveWorkflowId"], workflow);
    let ow = workflow.as_str().expect("id");
    let read = sb.api_json("acme", &token, &format!("objective-workflows/{ow}"), &[]).await;
    assert_eq!((&read["state"], &read["progress"]), (&json!(1), &json!(0.0)));
    assert!(read["started"].is_string() && read["objectiveRecordId"].is_null(), "{read}");
    let again = sb.aggregate("acme", &token, "Secure Coding 101").await;
    assert_eq!(again["lastObjectiveWorkflow"]["id"], workflow, "the aggregate shows the new workflow");

    let tree =
        sb.api_json("acme", &token, &format!("users/me/objective-workflows/{ow}/activity-with-aggregates"), &[]).await;
    let mut parts = Vec::new();
    leaves(&tree, &mut parts);
    assert_eq!(parts.iter().map(|p| p.2.as_str()).collect::<Vec<_>>(), ["text", "video", "lti"]);
    let part_ids: Vec<&str> = parts.iter().map(|p| p.1.as_str()).collect();
    let started = sb
        .sync(
            "acme",
            &token,
            "start-activity-workflows",
            &json!({ "objectiveWorkflowId": ow, "activityPartIds": part_ids }),
        )
        .await;
    let aws: Vec<String> = started["activityWorkflowIds"]
        .as_array()
        .expect("ids")
        .iter()
        .map(|v| v.as_str().expect("id").to_string())
        .collect();
    assert_eq!(aws.len(), 3);
    let restarted = sb
        .sync(
            "acme",
            &token,
            "start-activity-workflows",
            &json!({ "objectiveWorkflowId": ow, "activityPartIds": [part_ids[0]] }),
        )
        .await;
    assert_eq!(restarted["activityWorkflowIds"][0], aws[0].as_str(), "a running activity workflow is kept");

    // The quiz (max score 10) reports 7 points; the text and video count as done in full.
    let put = sb
        .browser
        .put(sb.url(&format!("t/acme/api/users/me/objective-workflows/{ow}/activity-workflows/{}", aws[2])))
        .bearer_auth(&token)
        .json(&json!({ "score": 7.0, "progress": 1.0, "data": { "answers": [1, 3] } }))
        .send()
        .await
        .expect("put");
    assert_eq!(put.status(), StatusCode::OK);
    let too_high = sb
        .browser
        .put(sb.url(&format!("t/acme/api/users/me/objective-workflows/{ow}/activity-workflows/{}", aws[2])))
        .bearer_auth(&token)
        .json(&json!({ "score": 70.0 }))
        .send()
        .await
        .expect("put");
    assert_eq!(too_high.status(), StatusCode::BAD_REQUEST);
    assert!(too_high.json::<Value>().await.expect("problem")["errors"]["score"].is_array());

    let finished = sb
        .run_async(
            "acme",
            &token,
            "finish-activity-workflows",
            &json!({ "objectiveWorkflowId": ow, "activityWorkflowIds": aws }),
        )
        .await;
    assert_eq!(finished["status"], 1, "{finished}");
    assert_eq!(finished["result"]["progress"], 1.0);
    let records =
        sb.api_json("acme", &token, &format!("users/me/objective-workflows/{ow}/activity-records/query"), &[]).await;
    let scores: Vec<f64> = records["data"]
        .as_array()
        .expect("data")
        .iter()
        .map(|r| r["normalizedScore"].as_f64().expect("score"))
        .collect();
    assert_eq!(scores.len(), 3);
    assert!(scores.contains(&0.7) && scores.iter().filter(|s| **s == 1.0).count() == 2, "{scores:?}");

    let submitted = sb.run_async("acme", &token, "submit-objective-workflows", &json!({ "id": ow })).await;
    assert_eq!(submitted["status"], 1, "{submitted}");
    let read = sb.api_json("acme", &token, &format!("objective-workflows/{ow}"), &[]).await;
    assert_eq!(read["state"], 2, "submitted");
    assert!(read["objectiveRecordId"].is_string() && read["submitted"].is_string(), "{read}");

    let done = sb
        .sync("acme", &token, "finish-objective-workflows", &json!({ "id": new_id(), "objectiveWorkflowId": ow }))
        .await;
    // Weights: text 1, video 1, quiz 2 -> (1 + 1 + 2 * 0.7) / 4 = 0.85.
    assert!((done["normalizedScore"].as_f64().expect("score") - 0.85).abs() < 1e-9, "{done}");
    assert_eq!((&done["passed"], &done["finished"]), (&json!(true), &json!(true)));
    assert!(done["grade"].is_null(), "Secure Coding 101 has no grading scale");
    let read = sb.api_json("acme", &token, &format!("objective-workflows/{ow}"), &[]).await;
    assert_eq!(read["state"], 6);
    assert!(read["finished"].is_string());
    let course = sb.aggregate("acme", &token, "Secure Coding 101").await;
    assert_eq!(course["lastObjectiveRecord"]["id"], done["objectiveRecordId"]);
    assert_eq!(course["lastObjectiveRecord"]["finished"], true);
}

#[tokio::test]
async fn grades_come_from_the_scale_and_retake_makes_a_new_workflow() {
    let sb = Sandbox::start_fast().await;
    let token = sb.access_token("acme", "ada").await;
    let failed = sb.aggregate("acme", &token, "Financial Literacy").await;
    assert_eq!((&failed["lastObjectiveWorkflow"]["state"], &failed["retake"]), (&json!(6), &json!(true)));
    let old = failed["lastObjectiveWorkflow"]["id"].clone();
    let retake = new_id();
    sb.sync(
        "acme",
        &token,
        "start-objective-workflows",
        &json!({ "id": retake, "objectiveWorkflowAggregateId": failed["id"] }),
    )
    .await;
    let now = sb.aggregate("acme", &token, "Financial Literacy").await;
    assert_eq!(now["lastObjectiveWorkflow"]["id"], retake);
    assert_ne!(retake, old);
    let ow = retake.as_str().expect("id");
    let tree =
        sb.api_json("acme", &token, &format!("users/me/objective-workflows/{ow}/activity-with-aggregates"), &[]).await;
    let mut parts = Vec::new();
    leaves(&tree, &mut parts);
    let ids: Vec<&str> = parts.iter().map(|p| p.1.as_str()).collect();
    let aws = sb
        .sync("acme", &token, "start-activity-workflows", &json!({ "objectiveWorkflowId": ow, "activityPartIds": ids }))
        .await["activityWorkflowIds"]
        .clone();
    // The quiz is left without a score: 0 of 10. (1 + 1 + 0) / 4 = 0.5 -> F, failed.
    sb.sync(
        "acme",
        &token,
        "finish-activity-workflows",
        &json!({ "objectiveWorkflowId": ow, "activityWorkflowIds": aws }),
    )
    .await;
    let done = sb
        .sync("acme", &token, "finish-objective-workflows", &json!({ "id": new_id(), "objectiveWorkflowId": ow }))
        .await;
    assert_eq!((&done["grade"], &done["passed"], &done["normalizedScore"]), (&json!("F"), &json!(false), &json!(0.5)));
    let history = sb
        .api_json(
            "acme",
            &token,
            &format!("objective-workflow-aggregates/{}/objective-records", failed["id"].as_str().expect("id")),
            &[],
        )
        .await;
    let history = history.as_array().expect("records");
    assert_eq!(history.len(), 2, "the seeded attempt and the retake");
    assert_eq!(history[0]["id"], done["objectiveRecordId"], "newest first");
    assert_eq!(history[1]["score"], 30.0);
}

#[tokio::test]
async fn starting_is_refused_with_field_errors_where_the_course_does_not_allow_it() {
    let sb = Sandbox::start_fast().await;
    let token = sb.access_token("acme", "ada").await;
    for (course, says) in [
        ("Workplace Safety", "retake is not allowed"),
        ("Excel for Analysts", "retake is not allowed"),
        ("Cloud Fundamentals", "coming soon"),
        ("Advanced Negotiation", "will be available to start on"),
        ("Legacy Systems Overview", "was available to start before"),
        ("Time Management", "not finished"),
        ("Negotiation Skills", "Enrol in the course"),
    ] {
        let aggregate = sb.aggregate("acme", &token, course).await;
        let body = json!({ "id": new_id(), "objectiveWorkflowAggregateId": aggregate["id"] });
        let response = sb.command("acme", &token, "start-objective-workflows", "respond-sync", &body).await;
        assert_eq!(response.status(), StatusCode::BAD_REQUEST, "{course}");
        let problem: Value = response.json().await.expect("problem");
        let message = problem["errors"]["objectiveWorkflowAggregateId"][0].as_str().expect("a field error");
        assert!(message.contains(says), "{course}: {message}");
        let failed = sb.run_async("acme", &token, "start-objective-workflows", &body).await;
        assert_eq!(failed["status"], 2, "{course}: async commands fail with the same errors");
        assert_eq!(failed["errors"], problem["errors"]);
    }
    let archived = sb.aggregate("acme", &token, "Archived Compliance Training").await;
    let body = json!({ "id": new_id(), "objectiveWorkflowAggregateId": archived["id"] });
    let problem: Value = sb
        .command("acme", &token, "start-objective-workflows", "respond-sync", &body)
        .await
        .json()
        .await
        .expect("json");
    assert!(problem["detail"].as_str().is_some_and(|d| d.contains("not available")), "{problem}");
}

#[tokio::test]
async fn proctored_work_goes_to_grading_and_submit_and_finish_follow_the_states() {
    let sb = Sandbox::start_fast().await;
    let token = sb.access_token("acme", "ada").await;
    let exam = sb.aggregate("acme", &token, "Proctored Final Exam").await;
    let ow = exam["lastObjectiveWorkflow"]["id"].as_str().expect("a running workflow").to_string();
    let early = sb
        .command(
            "acme",
            &token,
            "finish-objective-workflows",
            "respond-sync",
            &json!({ "id": new_id(), "objectiveWorkflowId": "00000000-0000-0000-0000-000000000000" }),
        )
        .await;
    assert_eq!(early.status(), StatusCode::BAD_REQUEST, "someone else's or no workflow");
    let submitted = sb.run_async("acme", &token, "submit-objective-workflows", &json!({ "id": ow })).await;
    assert_eq!(submitted["result"]["state"], 3, "a proctored exam needs a grader: in grading");
    let again = sb.run_async("acme", &token, "submit-objective-workflows", &json!({ "id": ow })).await;
    assert_eq!(again["status"], 2);
    assert!(again["errors"]["id"][0].as_str().is_some_and(|m| m.contains("in progress")), "{again}");
    let finish = sb
        .command(
            "acme",
            &token,
            "finish-objective-workflows",
            "respond-sync",
            &json!({ "id": new_id(), "objectiveWorkflowId": ow }),
        )
        .await;
    assert_eq!(finish.status(), StatusCode::BAD_REQUEST, "a workflow in grading cannot be finished");
    let read = sb.api_json("acme", &token, &format!("objective-workflows/{ow}"), &[]).await;
    assert_eq!(read["state"], 3);

    // Graded (4) and grading approved (5) workflows can be finished.
    for course in ["Customer Service Excellence", "Agile Team Practices"] {
        let aggregate = sb.aggregate("acme", &token, course).await;
        let ow = aggregate["lastObjectiveWorkflow"]["id"].clone();
        let done = sb
            .sync("acme", &token, "finish-objective-workflows", &json!({ "id": new_id(), "objectiveWorkflowId": ow }))
            .await;
        assert_eq!(done["finished"], true, "{course}");
        let after = sb.aggregate("acme", &token, course).await;
        assert_eq!(after["lastObjectiveWorkflow"]["state"], 6, "{course}");
    }
}

#[tokio::test]
async fn activity_workflow_aggregates_and_records_of_the_seed() {
    let sb = Sandbox::start().await;
    let token = sb.access_token("acme", "ada").await;
    let tour = sb.aggregate("acme", &token, "Activity Types Tour").await;
    let ow = tour["lastObjectiveWorkflow"]["id"].as_str().expect("workflow");
    let path = format!("users/me/objective-workflows/{ow}/activity-workflow-aggregates/query");
    let all = sb.api_json("acme", &token, &path, &[("requireTotalCount", "true")]).await;
    assert_eq!(all["totalCount"], 9, "seven activities, the composite 'Extras' and the text inside it");
    let reading =
        all["data"].as_array().expect("data").iter().find(|a| a["activity"]["name"] == "Reading").expect("Reading");
    assert_eq!(reading["lastActivityWorkflow"]["state"], 6);
    assert_eq!(reading["bestActivityRecord"]["passed"], true);
    let id = reading["activity"]["id"].as_str().expect("id");
    let one = sb.api_json("acme", &token, &path, &[("filter", &json!(["activity.id", "=", id]).to_string())]).await;
    assert_eq!(one["data"].as_array().map(Vec::len), Some(1), "myAggregatesByQuery filters by activity.id");
    let lecture =
        all["data"].as_array().expect("data").iter().find(|a| a["activity"]["name"] == "Lecture").expect("Lecture");
    assert_eq!(lecture["lastActivityWorkflow"]["state"], 1, "the next activity is in progress");

    let by_aggregate = sb
        .api_json(
            "acme",
            &token,
            &format!(
                "users/me/objective-workflow-aggregates/{}/activity-records/query",
                tour["id"].as_str().expect("id")
            ),
            &[("requireTotalCount", "true")],
        )
        .await;
    assert_eq!(by_aggregate["totalCount"], 1);
    assert_eq!(by_aggregate["data"][0]["activity"]["name"], "Reading");
    let grace = sb.access_token("acme", "grace").await;
    let theirs = sb.api("acme", &grace, &format!("objective-workflows/{ow}"), &[]).await;
    assert_eq!(theirs.status(), StatusCode::NOT_FOUND, "another learner's workflow");
}

#[tokio::test]
async fn participants_and_group_activity_workflows_of_a_collaborative_activity() {
    let sb = Sandbox::start().await;
    let ada = sb.access_token("acme", "ada").await;
    let grace = sb.access_token("acme", "grace").await;
    let tour = sb.aggregate("acme", &ada, "Activity Types Tour").await;
    let ow = tour["lastObjectiveWorkflow"]["id"].as_str().expect("workflow");
    let parts = sb.api_json("acme", &ada, &format!("users/me/objective-workflows/{ow}/activity/children"), &[]).await;
    let team = parts
        .as_array()
        .expect("parts")
        .iter()
        .find(|p| p["childActivity"]["name"] == "Team assignment")
        .expect("team");
    let path = team["activityPathId"].as_str().expect("path");
    let people = sb
        .api_json(
            "acme",
            &ada,
            &format!("users/me/objective-workflows/{ow}/activity-paths/{path}/participants/query"),
            &[("requireTotalCount", "true"), ("sort", r#"[{"selector":"first_name"}]"#)],
        )
        .await;
    assert_eq!(people["totalCount"], 2);
    let names: Vec<&str> =
        people["data"].as_array().expect("data").iter().map(|p| p["first_name"].as_str().expect("name")).collect();
    assert_eq!(names, ["Ada", "Grace"]);
    let leader = sb
        .api_json(
            "acme",
            &ada,
            &format!("users/me/objective-workflows/{ow}/activity-paths/{path}/participants/query"),
            &[("filter", r#"["role","=","leader"]"#)],
        )
        .await;
    assert_eq!(leader["data"][0]["first_name"], "Grace");
    let reading = sb
        .api_json("acme", &ada, &format!("users/me/objective-workflows/{ow}/activity-paths/1/participants/query"), &[])
        .await;
    assert_eq!(reading["data"], json!([]), "a personal activity has no participants");

    // The group workflow is shared: each member reads it through their own aggregate.
    let group_id = lms_sandbox::seed::id("group-workflow", "acme/Activity Types Tour/Team Blue").to_string();
    let mine = sb
        .api_json(
            "acme",
            &ada,
            &format!(
                "users/me/objective-workflow-aggregates/{}/group-activity-workflows/{group_id}",
                tour["id"].as_str().expect("id")
            ),
            &[],
        )
        .await;
    assert_eq!(
        (&mine["name"], &mine["state"], &mine["activityId"]),
        (&json!("Team Blue"), &json!(1), &team["childActivity"]["id"])
    );
    assert_eq!(mine["members"].as_array().map(Vec::len), Some(2));
    let theirs = sb.aggregate("acme", &grace, "Activity Types Tour").await;
    let shared = sb
        .api_json(
            "acme",
            &grace,
            &format!(
                "users/me/objective-workflow-aggregates/{}/group-activity-workflows/{group_id}",
                theirs["id"].as_str().expect("id")
            ),
            &[],
        )
        .await;
    assert_eq!(shared["id"], mine["id"]);
    let ken = sb.access_token("acme", "ken").await;
    let outsider = sb
        .api(
            "acme",
            &ken,
            &format!(
                "users/me/objective-workflow-aggregates/{}/group-activity-workflows/{group_id}",
                tour["id"].as_str().expect("id")
            ),
            &[],
        )
        .await;
    assert_eq!(outsider.status(), StatusCode::NOT_FOUND, "not a member");
}
