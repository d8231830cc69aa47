//! `/api/bff/chat/...`: channels, messages, posting, reading, and the live stream.

use std::time::Duration;

use futures::StreamExt;
use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::helpers::{TestApp, ada, card, post, signed_in};

async fn channels(app: &TestApp, browser: &reqwest::Client) -> Vec<Value> {
    let response = app.api(browser, "localhost", "/api/bff/chat/channels").await;
    assert_eq!(response.status(), StatusCode::OK);
    let view: Value = response.json().await.expect("json");
    view["channels"].as_array().expect("channels").clone()
}

fn named<'a>(channels: &'a [Value], name: &str) -> &'a Value {
    channels.iter().find(|c| c["name"] == name).unwrap_or_else(|| panic!("{name} in {channels:?}"))
}

/// Reads server-sent events from `response` until `want` events named `message` arrived or
/// `within` passed; answers (event, id, data) of each event.
async fn read_events(response: reqwest::Response, want: usize, within: Duration) -> Vec<(String, String, String)> {
    let mut body = response.bytes_stream();
    let mut buffer = String::new();
    let mut events = Vec::new();
    let deadline = tokio::time::Instant::now() + within;
    while events.iter().filter(|(e, _, _): &&(String, String, String)| e == "message").count() < want {
        let next = tokio::time::timeout_at(deadline, body.next()).await;
        let Ok(Some(Ok(chunk))) = next else { break };
        buffer.push_str(&String::from_utf8_lossy(&chunk));
        while let Some(end) = buffer.find("\n\n") {
            let block: String = buffer.drain(..end + 2).collect();
            let (mut event, mut id, mut data) = (String::new(), String::new(), String::new());
            for line in block.lines() {
                if let Some(v) = line.strip_prefix("event:") {
                    event = v.trim().to_string();
                } else if let Some(v) = line.strip_prefix("id:") {
                    id = v.trim().to_string();
                } else if let Some(v) = line.strip_prefix("data:") {
                    data = v.trim().to_string();
                }
            }
            if !event.is_empty() {
                events.push((event, id, data));
            }
        }
    }
    events
}

#[tokio::test]
async fn ada_reads_an_announcement_and_its_unread_count_goes() {
    let (app, browser) = ada().await;
    let list = channels(&app, &browser).await;
    assert_eq!(list[0]["name"], "Team Blue", "team channels first: {list:?}");
    let privacy = named(&list, "Data Privacy Basics");
    assert_eq!((privacy["kind"].as_str(), privacy["unreadCount"].as_u64()), (Some("announcement"), Some(2)));
    assert_eq!(privacy["canPost"], false, "learners read announcements");
    assert_eq!(named(&list, "Team Blue")["canPost"], true);

    let id = privacy["id"].as_str().expect("id");
    let view: Value =
        app.api(&browser, "localhost", &format!("/api/bff/chat/channels/{id}")).await.json().await.expect("json");
    let messages = view["messages"].as_array().expect("messages");
    assert_eq!(messages.len(), 2);
    assert_eq!(
        (messages[0]["authorName"].as_str(), messages[0]["mine"].as_bool()),
        (Some("Grace Hopper"), Some(false))
    );
    assert_eq!(view["maxMessageChars"], 2000);
    let last = messages[1]["seq"].as_i64().expect("seq");
    let (status, _) =
        post(&app, &browser, &format!("/api/bff/chat/channels/{id}/read"), Some(json!({ "seq": last }))).await;
    assert_eq!(status, StatusCode::NO_CONTENT);
    assert_eq!(named(&channels(&app, &browser).await, "Data Privacy Basics")["unreadCount"], 0);
}

#[tokio::test]
async fn a_post_reaches_the_other_member_through_the_stream_and_reconnecting_misses_nothing() {
    let app = TestApp::builder().config("[chat]\nmax_message_chars = 2000\npage_size = 50\nstream_heartbeat_secs = 1\nstream_max_secs = 30\nmax_streams_per_session = 2\n").spawn().await;
    let ada = app.browser();
    app.sign_in(&ada, "localhost", "ada", None).await;
    let grace = app.browser();
    app.sign_in(&grace, "localhost", "grace", None).await;
    let team = named(&channels(&app, &ada).await, "Team Blue")["id"].as_str().expect("id").to_string();

    let stream = app.api(&grace, "localhost", "/api/bff/chat/stream").await;
    assert_eq!(stream.status(), StatusCode::OK);
    assert!(stream.headers()["content-type"].to_str().expect("ascii").starts_with("text/event-stream"));
    let reading = tokio::spawn(read_events(stream, 1, Duration::from_secs(10)));
    tokio::time::sleep(Duration::from_millis(500)).await;
    let (status, posted) = post(
        &app,
        &ada,
        &format!("/api/bff/chat/channels/{team}/messages"),
        Some(json!({ "text": "<b>Hello</b> team" })),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{posted}");
    assert_eq!(posted["text"], "<b>Hello</b> team", "plain text, passed on as typed");
    assert_eq!(posted["mine"], true);
    let events = reading.await.expect("join");
    let (_, id, data) = events.iter().find(|(e, _, _)| e == "message").expect("a message event");
    let data: Value = serde_json::from_str(data).expect("json");
    assert_eq!((data["id"].clone(), data["mine"].clone()), (posted["id"].clone(), json!(false)));
    assert_eq!(id, &posted["seq"].to_string());

    // Reconnecting from before that message sends it again: nothing is lost.
    let before = posted["seq"].as_i64().expect("seq") - 1;
    let again = grace
        .get(app.url("localhost", "/api/bff/chat/stream"))
        .header("x-requested-with", "XMLHttpRequest")
        .header("last-event-id", before.to_string())
        .send()
        .await
        .expect("stream");
    let replay = read_events(again, 1, Duration::from_secs(10)).await;
    assert!(replay.iter().any(|(e, id, _)| e == "message" && id == &posted["seq"].to_string()), "{replay:?}");
}

#[tokio::test]
async fn a_stream_ends_at_logout_and_streams_per_session_are_bounded() {
    let app = TestApp::builder().config("[chat]\nmax_message_chars = 2000\npage_size = 50\nstream_heartbeat_secs = 1\nstream_max_secs = 60\nmax_streams_per_session = 1\n").spawn().await;
    let grace = app.browser();
    app.sign_in(&grace, "localhost", "grace", None).await;
    let first = app.api(&grace, "localhost", "/api/bff/chat/stream").await;
    assert_eq!(first.status(), StatusCode::OK);
    let second = app.api(&grace, "localhost", "/api/bff/chat/stream").await;
    assert_eq!(second.status(), StatusCode::TOO_MANY_REQUESTS);
    let problem: Value = second.json().await.expect("problem");
    assert_eq!(problem["error"], "too_many_requests");

    let reading = tokio::spawn(async move {
        let mut body = first.bytes_stream();
        let mut text = String::new();
        let ended = tokio::time::timeout(Duration::from_secs(10), async {
            while let Some(Ok(chunk)) = body.next().await {
                text.push_str(&String::from_utf8_lossy(&chunk));
            }
        })
        .await;
        (ended.is_ok(), text)
    });
    tokio::time::sleep(Duration::from_millis(300)).await;
    let out = grace
        .post(app.url("localhost", "/oidc/logout"))
        .header("origin", app.url("localhost", ""))
        .send()
        .await
        .expect("logout");
    assert!(out.status().is_redirection() || out.status().is_success(), "{}", out.status());
    let (ended, text) = reading.await.expect("join");
    assert!(ended, "the stream ended after logout: {text}");
    assert!(text.contains("event: session-ended"), "{text}");
}

#[tokio::test]
async fn strangers_other_tenants_bad_text_and_learner_announcements_are_refused() {
    let app = TestApp::builder().spawn().await;
    let ada = app.browser();
    app.sign_in(&ada, "localhost", "ada", None).await;
    let list = channels(&app, &ada).await;
    let team = named(&list, "Team Blue")["id"].as_str().expect("id").to_string();
    let privacy = named(&list, "Data Privacy Basics")["id"].as_str().expect("id").to_string();

    for body in [json!({ "text": "  " }), json!({ "text": "x".repeat(2001) }), json!({ "html": "hi" })] {
        let (status, problem) =
            post(&app, &ada, &format!("/api/bff/chat/channels/{team}/messages"), Some(body.clone())).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{body}: {problem}");
        assert!(problem["detail"].is_string(), "{problem}");
    }
    let (status, _) =
        post(&app, &ada, &format!("/api/bff/chat/channels/{privacy}/messages"), Some(json!({ "text": "hi" }))).await;
    assert_eq!(status, StatusCode::FORBIDDEN);

    // bulk is a learner of acme but not a member of Team Blue.
    let bulk = app.browser();
    app.sign_in(&bulk, "localhost", "bulk", None).await;
    let stranger = app.api(&bulk, "localhost", &format!("/api/bff/chat/channels/{team}")).await;
    assert_eq!(stranger.status(), StatusCode::NOT_FOUND);
    // ken lacks the learner permission: the learner area's chat is refused outright.
    let ken = app.browser();
    app.sign_in(&ken, "localhost", "ken", None).await;
    assert_eq!(app.api(&ken, "localhost", "/api/bff/chat/channels").await.status(), StatusCode::FORBIDDEN);

    let linus = app.browser();
    app.sign_in(&linus, "globex.localhost", "linus", None).await;
    let other_tenant = app.api(&linus, "globex.localhost", &format!("/api/bff/chat/channels/{team}")).await;
    assert_eq!(other_tenant.status(), StatusCode::NOT_FOUND);

    let signed_out = app.api(&app.browser(), "localhost", "/api/bff/chat/channels").await;
    assert_eq!(signed_out.status(), StatusCode::UNAUTHORIZED);
    let no_csrf = ada
        .post(app.url("localhost", &format!("/api/bff/chat/channels/{team}/messages")))
        .json(&json!({ "text": "hi" }))
        .send()
        .await
        .expect("post");
    assert_eq!(no_csrf.status(), StatusCode::FORBIDDEN, "commands need the anti-forgery header");
}

#[tokio::test]
async fn my_courses_cards_carry_the_unread_announcements_of_one_call_and_reading_clears_them() {
    let (app, browser) = ada().await;
    let privacy = card(&app, &browser, "Data Privacy Basics").await.expect("card");
    assert_eq!(privacy["unreadAnnouncements"], 2, "{privacy}");
    let channel = privacy["announcementChannelId"].as_str().expect("channel").to_string();
    assert_eq!(card(&app, &browser, "Cybersecurity Program").await.expect("card")["unreadAnnouncements"], 1);
    assert_eq!(card(&app, &browser, "Secure Coding 101").await.expect("card")["unreadAnnouncements"], 0);

    let view: Value =
        app.api(&browser, "localhost", &format!("/api/bff/chat/channels/{channel}")).await.json().await.expect("json");
    let last = view["messages"][1]["seq"].as_i64().expect("seq");
    post(&app, &browser, &format!("/api/bff/chat/channels/{channel}/read"), Some(json!({ "seq": last }))).await;
    let privacy = card(&app, &browser, "Data Privacy Basics").await.expect("card");
    assert_eq!(privacy["unreadAnnouncements"], 0, "{privacy}");
}

#[tokio::test]
async fn my_courses_still_answers_when_the_chat_service_fails() {
    let rule = json!({ "path": "chat/**", "fault": { "kind": "error", "status": 503, "rate": 1.0 } });
    let app = TestApp::builder().faults(json!([rule])).spawn().await;
    let browser = signed_in(&app, "ada").await;
    let privacy = card(&app, &browser, "Data Privacy Basics").await.expect("card");
    assert_eq!(privacy["unreadAnnouncements"], 0, "no count rather than no page: {privacy}");
}

#[tokio::test]
async fn dashboard_courses_carry_the_unread_announcements_too() {
    let app = TestApp::builder().config("[tenants.acme.ui]\ndashboard_enabled = true\n").spawn().await;
    let browser = signed_in(&app, "ada").await;
    let view: Value = app.api(&browser, "localhost", "/api/bff/dashboard").await.json().await.expect("json");
    let all: Vec<&Value> = ["inProgress", "dueSoon", "recentlyFinished"]
        .iter()
        .flat_map(|section| view[*section].as_array().into_iter().flatten())
        .collect();
    let privacy =
        all.iter().find(|c| c["name"] == "Data Privacy Basics").expect("Data Privacy Basics on the dashboard");
    assert_eq!(privacy["unreadAnnouncements"], 2, "{privacy}");
    assert!(privacy["announcementChannelId"].is_string());
}
