//! LTI launch addresses and proctoring: `resource-link`, `resource-form`, the last proctoring
//! session (the seeded one disagrees with its activity workflow) and its start token.

use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::helpers::Sandbox;

#[tokio::test]
async fn launch_links_forms_and_proctoring_sessions() {
    let sb = Sandbox::start_fast().await;
    let token = sb.access_token("acme", "ada").await;
    let exam = sb.aggregate("acme", &token, "Proctored Final Exam").await;
    let ow = exam["lastObjectiveWorkflow"]["id"].as_str().expect("workflow").to_string();
    let tree = sb.api_json("acme", &token, &format!("users/me/objective-workflows/{ow}/activity/children"), &[]).await;
    let final_exam =
        tree.as_array().expect("parts").iter().find(|p| p["childActivity"]["name"] == "Final exam").expect("exam");
    let last = &final_exam["childActivity"]["activityWorkflowAggregate"]["lastActivityWorkflow"];
    assert_eq!(last["state"], 1, "the exam runs");
    let aw = last["id"].as_str().expect("aw").to_string();
    let session_id = last["lastProctoringSessionId"].as_str().expect("a session").to_string();

    let base = format!("users/me/objective-workflows/{ow}/activity-workflows/{aw}/last-proctoring-session");
    let session = sb.api_json("acme", &token, &base, &[]).await;
    assert_eq!(
        (&session["id"], &session["state"]),
        (&json!(session_id), &json!(1)),
        "created, not finished: a mismatch"
    );
    let start = sb.api_json("acme", &token, &format!("{base}/start-token"), &[("activityPathId", "2")]).await;
    assert!(start["token"].as_str().is_some_and(|t| t.len() == 32));
    assert_eq!(start["activityPathId"], "2");

    let link = sb
        .browser
        .post(sb.url(&format!("t/acme/api/objective-workflows/{ow}/resource-link")))
        .query(&[("locale", "en-US")])
        .bearer_auth(&token)
        .json(&json!({ "activityWorkflowIds": [aw], "activityPartIds": [final_exam["id"]] }))
        .send()
        .await
        .expect("resource link");
    assert_eq!(link.status(), StatusCode::OK);
    let target = link.json::<Value>().await.expect("json")["targetLinkUri"].as_str().expect("uri").to_string();
    assert_eq!(target, format!("/t/acme/lti/launch/{aw}?locale=en-US"), "relative: the caller makes it absolute");
    let page = sb.browser.get(sb.url(target.trim_start_matches('/'))).send().await.expect("launch");
    assert_eq!(page.status(), StatusCode::OK);
    assert!(page.text().await.expect("html").contains(&aw));
    let form = sb.api_json("acme", &token, &format!("objective-workflows/{ow}/resource-form/{aw}"), &[]).await;
    assert_eq!(form["form"]["method"], "POST");
    assert_eq!(form["form"]["action"], sb.url(&format!("t/acme/lti/launch/{aw}")));
    let missing = sb
        .api("acme", &token, &format!("objective-workflows/{ow}/resource-form/{aw}/{}", uuid::Uuid::new_v4()), &[])
        .await;
    assert_eq!(missing.status(), StatusCode::NOT_FOUND, "every id must be an activity workflow of the workflow");
    let empty = sb
        .browser
        .post(sb.url(&format!("t/acme/api/objective-workflows/{ow}/resource-link")))
        .bearer_auth(&token)
        .json(&json!({}))
        .send()
        .await
        .expect("resource link");
    assert_eq!(empty.status(), StatusCode::BAD_REQUEST);

    // Finishing the activity closes the session; a finished session gives no start token.
    sb.sync(
        "acme",
        &token,
        "finish-activity-workflows",
        &json!({ "objectiveWorkflowId": ow, "activityWorkflowIds": [aw] }),
    )
    .await;
    let closed = sb.api_json("acme", &token, &base, &[]).await;
    assert_eq!(closed["state"], 2);
    assert!(closed["finished"].is_string());
    assert_eq!(sb.api("acme", &token, &format!("{base}/start-token"), &[]).await.status(), StatusCode::CONFLICT);
    let grace = sb.access_token("acme", "grace").await;
    assert_eq!(sb.api("acme", &grace, &base, &[]).await.status(), StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn starting_a_proctored_activity_creates_a_session_and_finishing_it_ends_it() {
    let sb = Sandbox::start_fast().await;
    let token = sb.access_token("acme", "ada").await;
    let tour = sb.aggregate("acme", &token, "Activity Types Tour").await;
    let ow = tour["lastObjectiveWorkflow"]["id"].as_str().expect("workflow").to_string();
    let parts = sb.api_json("acme", &token, &format!("users/me/objective-workflows/{ow}/activity/children"), &[]).await;
    let part = |name: &str| {
        parts.as_array().expect("parts").iter().find(|p| p["childActivity"]["name"] == name).expect(name).clone()
    };
    let test = part("Supervised test");
    assert!(
        test["childActivity"]["activityWorkflowAggregate"]["lastActivityWorkflow"].is_null(),
        "not started yet: {test}"
    );
    let started = sb
        .run_async(
            "acme",
            &token,
            "start-activity-workflows",
            &json!({ "objectiveWorkflowId": ow, "activityPartIds": [test["id"], part("Forum")["id"]] }),
        )
        .await;
    assert_eq!(started["status"], 1, "{started}");
    let aws = started["result"]["activityWorkflowIds"].as_array().expect("ids").clone();
    let (proctored, plain) = (aws[0].as_str().expect("id"), aws[1].as_str().expect("id"));
    let session_of =
        |aw: &str| format!("users/me/objective-workflows/{ow}/activity-workflows/{aw}/last-proctoring-session");
    let session = sb.api_json("acme", &token, &session_of(proctored), &[]).await;
    assert_eq!(session["state"], 1, "created: {session}");
    assert!(session["created"].is_string() && session["finished"].is_null(), "{session}");
    let parts = sb.api_json("acme", &token, &format!("users/me/objective-workflows/{ow}/activity/children"), &[]).await;
    let last = &parts.as_array().expect("parts").iter().find(|p| p["id"] == test["id"]).expect("test")["childActivity"]
        ["activityWorkflowAggregate"]["lastActivityWorkflow"];
    assert_eq!((&last["id"], &last["lastProctoringSessionId"]), (&json!(proctored), &session["id"]));
    let token_answer = sb.api_json("acme", &token, &format!("{}/start-token", session_of(proctored)), &[]).await;
    assert_eq!(token_answer["proctoringSessionId"], session["id"]);
    assert_eq!(
        sb.api("acme", &token, &session_of(plain), &[]).await.status(),
        StatusCode::NOT_FOUND,
        "a discussion has no proctoring session"
    );

    sb.run_async(
        "acme",
        &token,
        "finish-activity-workflows",
        &json!({ "objectiveWorkflowId": ow, "activityWorkflowIds": [proctored] }),
    )
    .await;
    let finished = sb.api_json("acme", &token, &session_of(proctored), &[]).await;
    assert_eq!((&finished["id"], &finished["state"]), (&session["id"], &json!(2)), "finished: {finished}");
    assert!(finished["finished"].is_string());
}
