//! `/t/{tenant}/api/chat/...`: channels, unread counts, messages, read cursors and the long poll.

use std::time::{Duration, Instant};

use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::helpers::Sandbox;

impl Sandbox {
    async fn chat_post(&self, token: &str, path: &str, body: &Value) -> reqwest::Response {
        self.browser
            .post(self.url(&format!("t/acme/api/{path}")))
            .bearer_auth(token)
            .json(body)
            .send()
            .await
            .expect("chat post")
    }
}

fn channel_named<'a>(channels: &'a Value, name: &str) -> &'a Value {
    channels
        .as_array()
        .expect("array")
        .iter()
        .find(|c| c["name"] == name)
        .unwrap_or_else(|| panic!("{name} in {channels}"))
}

#[tokio::test]
async fn ada_sees_unread_announcements_of_two_courses_and_team_blue_with_its_history() {
    let sb = Sandbox::start().await;
    let ada = sb.access_token("acme", "ada").await;
    let channels = sb.api_json("acme", &ada, "chat/channels", &[]).await;
    let privacy = channel_named(&channels, "Data Privacy Basics");
    assert_eq!(privacy["kind"], "announcement");
    assert_eq!(privacy["unreadCount"], 2);
    assert_eq!(channel_named(&channels, "Cybersecurity Program")["unreadCount"], 1);
    assert_eq!(channel_named(&channels, "Secure Coding 101")["unreadCount"], 0, "read already");
    let team = channel_named(&channels, "Team Blue");
    assert_eq!((team["kind"].as_str(), team["unreadCount"].as_i64()), (Some("team"), Some(0)));

    let counts = sb.api_json("acme", &ada, "chat/unread-counts", &[]).await;
    assert_eq!(counts.as_object().expect("map").len(), 2, "{counts}");
    assert_eq!(counts[privacy["id"].as_str().expect("id")], 2);

    // The course's objective names its announcement channel.
    let aggregate = sb.aggregate("acme", &ada, "Data Privacy Basics").await;
    assert_eq!(aggregate["objective"]["announcementChannelId"], privacy["id"]);

    let history =
        sb.api_json("acme", &ada, &format!("chat/channels/{}/messages", team["id"].as_str().expect("id")), &[]).await;
    let texts: Vec<&str> =
        history["data"].as_array().expect("data").iter().map(|m| m["text"].as_str().expect("text")).collect();
    assert_eq!(texts.len(), 3);
    assert_eq!(history["data"][0]["authorName"], "Grace Hopper");
    assert!(history["lastReadSeq"].as_i64().expect("seq") >= history["data"][2]["seq"].as_i64().expect("seq"));
}

#[tokio::test]
async fn reading_clears_the_count_and_posting_reaches_the_other_member_through_the_long_poll() {
    let sb = Sandbox::start().await;
    let ada = sb.access_token("acme", "ada").await;
    let grace = sb.access_token("acme", "grace").await;
    let channels = sb.api_json("acme", &ada, "chat/channels", &[]).await;
    let privacy = channel_named(&channels, "Data Privacy Basics")["id"].as_str().expect("id").to_string();
    let page = sb.api_json("acme", &ada, &format!("chat/channels/{privacy}/messages"), &[]).await;
    let last = page["data"][1]["seq"].as_i64().expect("seq");
    let read = sb.chat_post(&ada, &format!("chat/channels/{privacy}/read"), &json!({ "seq": last })).await;
    assert_eq!(read.status(), StatusCode::NO_CONTENT);
    let counts = sb.api_json("acme", &ada, "chat/unread-counts", &[]).await;
    assert!(counts.get(&privacy).is_none(), "{counts}");
    // The cursor never moves back.
    sb.chat_post(&ada, &format!("chat/channels/{privacy}/read"), &json!({ "seq": 0 })).await;
    assert!(sb.api_json("acme", &ada, "chat/unread-counts", &[]).await.get(&privacy).is_none());

    let team = channel_named(&channels, "Team Blue")["id"].as_str().expect("id").to_string();
    let start = sb.api_json("acme", &grace, "chat/events", &[]).await["last"].as_i64().expect("last");
    let after = start.to_string();
    let grace_waits = {
        let url = sb.url("t/acme/api/chat/events");
        let request = sb.browser.get(url).bearer_auth(&grace).query(&[("after", after.as_str()), ("waitMs", "5000")]);
        tokio::spawn(async move {
            (Instant::now(), request.send().await.expect("poll").json::<Value>().await.expect("json"))
        })
    };
    tokio::time::sleep(Duration::from_millis(300)).await;
    let posted =
        sb.chat_post(&ada, &format!("chat/channels/{team}/messages"), &json!({ "text": "  On my way!  " })).await;
    assert_eq!(posted.status(), StatusCode::CREATED);
    let message: Value = posted.json().await.expect("json");
    assert_eq!((message["text"].as_str(), message["authorName"].as_str()), (Some("On my way!"), Some("Ada Lovelace")));
    let (began, polled) = grace_waits.await.expect("join");
    assert!(began.elapsed() < Duration::from_secs(4), "the long poll answered when the message came");
    assert_eq!(polled["data"][0]["id"], message["id"]);
    assert_eq!(polled["last"], message["seq"]);
    let grace_counts = sb.api_json("acme", &grace, "chat/unread-counts", &[]).await;
    assert_eq!(grace_counts[&team], 1);
    assert!(sb.api_json("acme", &ada, "chat/unread-counts", &[]).await.get(&team).is_none(), "own message is read");
}

#[tokio::test]
async fn strangers_bad_text_and_learner_announcements_are_refused() {
    let sb = Sandbox::start().await;
    let ada = sb.access_token("acme", "ada").await;
    let ken = sb.access_token("acme", "ken").await;
    let channels = sb.api_json("acme", &ada, "chat/channels", &[]).await;
    let team = channel_named(&channels, "Team Blue")["id"].as_str().expect("id").to_string();
    let privacy = channel_named(&channels, "Data Privacy Basics")["id"].as_str().expect("id").to_string();

    let stranger = sb.api("acme", &ken, &format!("chat/channels/{team}/messages"), &[]).await;
    assert_eq!(stranger.status(), StatusCode::NOT_FOUND);
    let post = sb.chat_post(&ken, &format!("chat/channels/{team}/messages"), &json!({ "text": "hi" })).await;
    assert_eq!(post.status(), StatusCode::NOT_FOUND);
    let linus = sb.access_token("globex", "linus").await;
    let other_tenant = sb.api("globex", &linus, &format!("chat/channels/{team}/messages"), &[]).await;
    assert_eq!(other_tenant.status(), StatusCode::NOT_FOUND);

    for body in [json!({ "text": "   " }), json!({ "text": "x".repeat(4_001) }), json!({ "words": "hi" })] {
        let refused = sb.chat_post(&ada, &format!("chat/channels/{team}/messages"), &body).await;
        assert_eq!(refused.status(), StatusCode::BAD_REQUEST, "{body}");
        let problem: Value = refused.json().await.expect("problem");
        assert!(problem["detail"].is_string());
    }
    let announcement = sb.chat_post(&ada, &format!("chat/channels/{privacy}/messages"), &json!({ "text": "hi" })).await;
    assert_eq!(announcement.status(), StatusCode::FORBIDDEN, "learners read announcements");
    let grace = sb.access_token("acme", "grace").await;
    let by_instructor =
        sb.chat_post(&grace, &format!("chat/channels/{privacy}/messages"), &json!({ "text": "New video." })).await;
    assert_eq!(by_instructor.status(), StatusCode::CREATED);
    assert_eq!(sb.api_json("acme", &ada, "chat/unread-counts", &[]).await[&privacy], 3);
}
