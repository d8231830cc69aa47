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

/// The form fields of a resource form, as a browser submits them.
fn form_fields(form: &Value) -> Vec<(String, String)> {
    form["form"]["fields"]
        .as_object()
        .expect("fields")
        .iter()
        .map(|(k, v)| (k.clone(), v.as_str().expect("text").to_string()))
        .collect()
}

#[tokio::test]
async fn the_stand_in_tool_shows_the_launch_and_reports_a_score_back() {
    let sb = Sandbox::start_fast().await;
    let token = sb.access_token("acme", "ada").await;
    let tour = sb.aggregate("acme", &token, "Activity Types Tour").await;
    let ow = tour["lastObjectiveWorkflow"]["id"].as_str().expect("workflow").to_string();
    let parts = sb.api_json("acme", &token, &format!("users/me/objective-workflows/{ow}/activity/children"), &[]).await;
    let quiz =
        parts.as_array().expect("parts").iter().find(|p| p["childActivity"]["name"] == "Quiz").expect("quiz").clone();
    let started = sb
        .sync(
            "acme",
            &token,
            "start-activity-workflows",
            &json!({ "objectiveWorkflowId": ow, "activityPartIds": [quiz["id"]] }),
        )
        .await;
    let aw = started["activityWorkflowIds"][0].as_str().expect("aw").to_string();

    // A return URL must be a loopback address (the portal in development).
    let path = format!("objective-workflows/{ow}/resource-form/{aw}");
    let refused = sb.api("acme", &token, &path, &[("returnUrl", "https://evil.example/back")]).await;
    assert_eq!(refused.status(), StatusCode::BAD_REQUEST);
    let back = "http://localhost:8080/learn/lti-tool-callback?objectiveId=abc";
    let form = sb.api_json("acme", &token, &path, &[("returnUrl", back)]).await;
    let fields = form_fields(&form);
    assert!(fields.iter().any(|(k, v)| k == "id_token" && v.split('.').count() == 3), "a signed launch: {form}");
    let action = form["form"]["action"].as_str().expect("action").to_string();

    // The launch page shows who launched what, and the score form.
    let page = sb.browser.post(&action).form(&fields).send().await.expect("launch");
    assert_eq!(page.status(), StatusCode::OK);
    assert_eq!(page.headers()["cache-control"], "no-store");
    let html = page.text().await.expect("html");
    for text in [
        "Stand-in LTI tool",
        "Ada Lovelace",
        "Activity Types Tour",
        "<h1>Quiz</h1>",
        "Submit score",
        back,
        "LtiResourceLinkRequest",
    ] {
        assert!(html.contains(&text.replace('&', "&amp;")), "{text} in {html}");
    }
    let id_token = fields.iter().find(|(k, _)| k == "id_token").expect("token").1.clone();

    // A forged or another activity's token is refused.
    let mut forged = fields.clone();
    forged.iter_mut().filter(|(k, _)| k == "id_token").for_each(|(_, v)| v.push('x'));
    assert_eq!(sb.browser.post(&action).form(&forged).send().await.expect("forged").status(), StatusCode::UNAUTHORIZED);
    let other = action.replace(&aw, &uuid::Uuid::new_v4().to_string());
    assert_eq!(sb.browser.post(&other).form(&fields).send().await.expect("other").status(), StatusCode::UNAUTHORIZED);

    // A score out of range is refused on a page; a good one is recorded, the activity finished,
    // and the browser sent back to the portal.
    let score_url = format!("{action}/score");
    let bad = sb
        .browser
        .post(&score_url)
        .form(&[("id_token", id_token.as_str()), ("score", "25")])
        .send()
        .await
        .expect("bad");
    assert_eq!(bad.status(), StatusCode::UNPROCESSABLE_ENTITY);
    assert!(bad.text().await.expect("html").contains("The score must be a number from 0 to 10."));
    let good = sb
        .browser
        .post(&score_url)
        .form(&[("id_token", id_token.as_str()), ("score", "8.5")])
        .send()
        .await
        .expect("good");
    assert_eq!(good.status(), StatusCode::SEE_OTHER);
    assert_eq!(good.headers()["location"], back, "the return URL names the course already");
    let parts = sb.api_json("acme", &token, &format!("users/me/objective-workflows/{ow}/activity/children"), &[]).await;
    let quiz =
        parts.as_array().expect("parts").iter().find(|p| p["childActivity"]["name"] == "Quiz").expect("quiz").clone();
    let last = &quiz["childActivity"]["activityWorkflowAggregate"]["lastActivityWorkflow"];
    assert_eq!((&last["id"], &last["state"], &last["score"]), (&json!(aw), &json!(6), &json!(8.5)), "{last}");
    assert_eq!(quiz["childActivity"]["activityWorkflowAggregate"]["bestActivityRecord"]["score"], 8.5);

    // Launched again, the finished activity shows its score and no form.
    let again = sb.browser.post(&action).form(&fields).send().await.expect("again").text().await.expect("html");
    assert!(again.contains("This activity is finished (8.5 of 10)") && !again.contains("Submit score"), "{again}");
    let twice = sb
        .browser
        .post(&score_url)
        .form(&[("id_token", id_token.as_str()), ("score", "9")])
        .send()
        .await
        .expect("twice");
    assert_eq!(twice.status(), StatusCode::UNPROCESSABLE_ENTITY, "a finished activity takes no new score");
}

#[tokio::test]
async fn participants_name_their_group_workflow() {
    let sb = Sandbox::start_fast().await;
    let token = sb.access_token("acme", "grace").await;
    let tour = sb.aggregate("acme", &token, "Activity Types Tour").await;
    let ow = tour["lastObjectiveWorkflow"]["id"].as_str().expect("workflow").to_string();
    let people = sb
        .api_json(
            "acme",
            &token,
            &format!("users/me/objective-workflows/{ow}/activity-paths/7/participants/query"),
            &[],
        )
        .await;
    let group = lms_sandbox::seed::id("group-workflow", "acme/Activity Types Tour/Team Blue").to_string();
    let rows = people["data"].as_array().expect("rows");
    assert_eq!(rows.len(), 2, "{people}");
    assert!(rows.iter().all(|p| p["groupActivityWorkflowId"] == group.as_str()), "{people}");
}
