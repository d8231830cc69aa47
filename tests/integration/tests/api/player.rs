//! The course player's routes: `GET /api/bff/courses/{objectiveId}/activities/{activityPathId}`,
//! `POST /api/bff/workflows/{workflowId}/activities/start` and
//! `PUT /api/bff/workflows/{workflowId}/activities/{activityWorkflowId}/progress`, on the seed.

use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::helpers::{TestApp, get_ok, objective, post, signed_in};

async fn activity(app: &TestApp, browser: &reqwest::Client, name: &str, path: &str, query: &str) -> Value {
    get_ok(app, browser, &format!("/api/bff/courses/{}/activities/{path}{query}", objective(name))).await
}

async fn put(app: &TestApp, browser: &reqwest::Client, path: &str, body: Value) -> (StatusCode, Value) {
    let response = browser
        .put(app.url("localhost", path))
        .header("x-requested-with", "XMLHttpRequest")
        .header("origin", app.url("localhost", ""))
        .json(&body)
        .send()
        .await
        .expect("command");
    let status = response.status();
    (status, response.json().await.unwrap_or(Value::Null))
}

#[tokio::test]
async fn a_started_course_opens_its_first_activity_starts_it_saves_progress_and_marks_it_done() {
    let app = TestApp::builder().fast_commands().spawn().await;
    let ada = signed_in(&app, "ada").await;
    let (status, started) =
        post(&app, &ada, &format!("/api/bff/courses/{}/start", objective("Data Privacy Basics")), None).await;
    assert_eq!(status, StatusCode::OK, "{started}");
    let workflow = started["workflowId"].as_str().expect("workflow").to_string();
    let first = started["activityPathId"].as_str().expect("open next").to_string();

    let view = activity(&app, &ada, "Data Privacy Basics", &first, "").await;
    assert_eq!(view["workflowId"], workflow.as_str());
    assert_eq!(view["reviewMode"], false);
    let opened = &view["activity"];
    assert_eq!((&opened["kind"], &opened["workflowStatus"]), (&"text".into(), &"notStarted".into()), "{view}");
    assert_eq!((&opened["canStart"], &opened["canFinish"]), (&true.into(), &false.into()));
    assert_eq!(view["course"]["name"], "Data Privacy Basics");
    assert_eq!(view["course"]["status"], "inProgress");
    assert_eq!(view["course"]["canSubmit"], true);
    assert_eq!(view["course"]["presentationMode"], "tree");
    assert!(view["course"]["finishCheck"]["incompleteMandatory"].as_u64().expect("count") >= 3, "{view}");

    let start = format!("/api/bff/workflows/{workflow}/activities/start");
    let (status, body) = post(&app, &ada, &start, Some(json!({ "activityPathIds": [first] }))).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let aw = body["activityWorkflowIds"][0].as_str().expect("activity workflow").to_string();
    let (status, again) = post(&app, &ada, &start, Some(json!({ "activityPathIds": [first] }))).await;
    assert_eq!((status, &again["activityWorkflowIds"][0]), (StatusCode::OK, &Value::from(aw.as_str())), "kept");

    let running = activity(&app, &ada, "Data Privacy Basics", &first, "").await;
    let opened = &running["activity"];
    assert_eq!(opened["activityWorkflowId"], aw.as_str());
    assert_eq!(
        (&opened["workflowStatus"], &opened["canStart"], &opened["canFinish"]),
        (&"inProgress".into(), &false.into(), &true.into())
    );

    let progress = format!("/api/bff/workflows/{workflow}/activities/{aw}/progress");
    let (status, saved) = put(&app, &ada, &progress, json!({ "progress": 0.5, "positionSeconds": 12.5 })).await;
    assert_eq!(status, StatusCode::OK, "{saved}");
    assert_eq!(saved["progress"], 0.5);
    let (status, refused) = put(&app, &ada, &progress, json!({ "progress": 1.5 })).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{refused}");
    assert_eq!(activity(&app, &ada, "Data Privacy Basics", &first, "").await["activity"]["progress"], 0.5);

    let finish = format!("/api/bff/workflows/{workflow}/activities/finish");
    let (status, body) = post(&app, &ada, &finish, Some(json!({ "activityWorkflowIds": [aw] }))).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let done = activity(&app, &ada, "Data Privacy Basics", &first, "").await;
    assert_eq!((&done["activity"]["status"], &done["activity"]["canFinish"]), (&"completed".into(), &false.into()));
}

#[tokio::test]
async fn locked_draft_and_composite_activities_carry_their_reasons_children_and_review_mode() {
    let app = TestApp::builder().fast_commands().spawn().await;
    let ada = signed_in(&app, "ada").await;
    let module2 = activity(&app, &ada, "Cybersecurity Program", "2", "").await;
    let opened = &module2["activity"];
    assert_eq!((&opened["locked"], &opened["lockReason"]), (&true.into(), &"completePrevious".into()), "{module2}");
    let children: Vec<&str> = module2["children"]
        .as_array()
        .expect("children")
        .iter()
        .map(|c| c["activityPathId"].as_str().unwrap())
        .collect();
    assert_eq!(children, ["2.1", "2.2", "2.4"], "archived 2.3 left out");

    let draft = activity(&app, &ada, "Cybersecurity Program", "2.4", "").await;
    assert_eq!((&draft["activity"]["banner"], &draft["activity"]["canStart"]), (&"comingSoon".into(), &false.into()));

    let module1 = activity(&app, &ada, "Cybersecurity Program", "1", "").await;
    assert_eq!(module1["activity"]["kind"], "composite");
    assert_eq!(module1["children"].as_array().expect("children").len(), 3, "{module1}");
    assert_eq!(module1["finishCheck"]["incompleteOptional"], 1, "the optional lab notes: {module1}");

    let review = activity(&app, &ada, "Cybersecurity Program", "1.2", "?viewType=REVIEW").await;
    assert_eq!((&review["reviewMode"], &review["activity"]["canStart"]), (&true.into(), &false.into()));
    assert_eq!(review["course"]["canSubmit"], false, "review is read-only");

    let workflow = module1["workflowId"].as_str().expect("workflow");
    let start = format!("/api/bff/workflows/{workflow}/activities/start");
    let (status, refused) = post(&app, &ada, &start, Some(json!({ "activityPathIds": ["2.1"] }))).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "a locked activity does not start: {refused}");
    assert!(refused["detail"].is_string(), "{refused}");
}

#[tokio::test]
async fn bad_ids_paths_and_unknown_activities_are_problems() {
    let app = TestApp::builder().fast_commands().spawn().await;
    let ada = signed_in(&app, "ada").await;
    let course = objective("Cybersecurity Program");
    let bad = app.api(&ada, "localhost", &format!("/api/bff/courses/{course}/activities/1..2")).await;
    assert_eq!(bad.status(), StatusCode::BAD_REQUEST);
    let missing = app.api(&ada, "localhost", &format!("/api/bff/courses/{course}/activities/9.9")).await;
    assert_eq!(missing.status(), StatusCode::NOT_FOUND);
    let archived = app.api(&ada, "localhost", &format!("/api/bff/courses/{course}/activities/2.3")).await;
    assert_eq!(archived.status(), StatusCode::NOT_FOUND, "archived activities are not shown");
    let never = app
        .api(&ada, "localhost", &format!("/api/bff/courses/{}/activities/1", objective("Data Privacy Basics")))
        .await;
    assert_eq!(never.status(), StatusCode::NOT_FOUND, "a course never started has no player");
    let (status, body) =
        post(&app, &ada, "/api/bff/workflows/not-a-uuid/activities/start", Some(json!({ "activityPathIds": ["1"] })))
            .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
}

/// The seeded content reaches the player's view: a text's HTML, a video with its caption
/// tracks (the sandbox's media), an event's date, place and meeting link, a discussion's thread.
#[tokio::test]
async fn seeded_text_video_event_and_discussion_content_reaches_the_activity_view() {
    let app = TestApp::builder().fast_commands().spawn().await;
    let ada = signed_in(&app, "ada").await;
    let (status, started) =
        post(&app, &ada, &format!("/api/bff/courses/{}/start", objective("Data Privacy Basics")), None).await;
    assert_eq!(status, StatusCode::OK, "{started}");
    let media = app.sandbox_url.join("t/acme/api/public/media/").expect("media URL");

    let intro = activity(&app, &ada, "Data Privacy Basics", "1", "").await;
    let html = intro["activity"]["content"]["html"].as_str().expect("the text's HTML");
    assert!(html.contains("<h2 id=\"why\">Why data privacy matters</h2>"), "{html}");
    assert!(html.contains("<caption>Examples</caption>") && html.contains("<img src=\"data:image/svg+xml,"), "{html}");

    let walkthrough = activity(&app, &ada, "Data Privacy Basics", "2", "").await;
    let video = &walkthrough["activity"]["content"]["video"];
    assert_eq!(video["url"], media.join("walkthrough.webm").expect("url").as_str(), "{walkthrough}");
    assert_eq!(video["lang"], "en");
    assert_eq!(
        video["tracks"],
        json!([
            { "src": media.join("walkthrough.en.vtt").expect("url").as_str(), "lang": "en", "label": "English" },
            { "src": media.join("walkthrough.ar.vtt").expect("url").as_str(), "lang": "ar", "label": "العربية" },
        ])
    );
    assert!(walkthrough["activity"]["content"]["html"].as_str().expect("description").contains("Transcript"));

    let tour = get_ok(&app, &ada, &format!("/api/bff/courses/{}/tree", objective("Activity Types Tour"))).await;
    let path_of = |name: &str| {
        tour["items"].as_array().expect("items").iter().find(|i| i["name"] == name).expect(name)["activityPathId"]
            .as_str()
            .expect("path")
            .to_string()
    };
    let webinar = activity(&app, &ada, "Activity Types Tour", &path_of("Live webinar"), "").await;
    let event = &webinar["activity"]["content"]["event"];
    assert_eq!(event["location"], "Acme Academy, Room 4.12, 1 Market Street, London", "{webinar}");
    let start = time::OffsetDateTime::parse(
        event["start"].as_str().expect("start"),
        &time::format_description::well_known::Rfc3339,
    )
    .expect("RFC 3339");
    assert!(start > time::OffsetDateTime::now_utc(), "the event is ahead: {start}");
    assert!(event["end"].is_string() && event["meetingUrl"].as_str().expect("meeting").contains("/meetings/"));
    let forum = activity(&app, &ada, "Activity Types Tour", &path_of("Forum"), "").await;
    assert!(forum["activity"]["content"]["discussionUrl"].as_str().expect("thread").contains("/discussions/"));
    assert!(forum["activity"]["content"]["html"].as_str().expect("prompt").contains("Introduce yourself"));
}

/// Spec section 4 'Grade visibility' with section 5's score display: an activity's score shows
/// in the contents and the player once revealed, and neither shows it while the course's
/// result is hidden.
#[tokio::test]
async fn activity_scores_show_in_the_contents_and_the_player_unless_the_result_is_hidden() {
    let app = TestApp::builder().fast_commands().spawn().await;
    let ada = signed_in(&app, "ada").await;
    // Grading approved, revealed after a past date: the quiz's 6.4 of 10 shows.
    let tree = get_ok(&app, &ada, &format!("/api/bff/courses/{}/tree", objective("Agile Team Practices"))).await;
    let quiz = tree["items"].as_array().expect("items").iter().find(|i| i["name"] == "Quiz").expect("quiz");
    assert_eq!(quiz["score"]["percent"], 64, "{tree}");
    assert_eq!(quiz["score"]["points"], json!({ "score": 6.4, "maxScore": 10.0 }));
    assert_eq!(quiz["score"]["color"], "accent");
    let path = quiz["activityPathId"].as_str().expect("path");
    let view = activity(&app, &ada, "Agile Team Practices", path, "").await;
    assert_eq!(view["activity"]["score"], quiz["score"], "the player shows what the contents show");

    // Graded, revealed only in 7 days: no activity shows a score, none is 'below passing'.
    let hidden =
        get_ok(&app, &ada, &format!("/api/bff/courses/{}/tree", objective("Customer Service Excellence"))).await;
    assert_eq!(hidden["gradeHidden"], true);
    for item in hidden["items"].as_array().expect("items") {
        assert!(item.get("score").is_none(), "hidden: {item}");
        assert_ne!(item["status"], "belowPassingScore", "{item}");
    }
    let view = activity(&app, &ada, "Customer Service Excellence", "3", "").await;
    assert!(view["activity"].get("score").is_none(), "{view}");
}
