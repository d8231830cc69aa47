//! What the seeded activities show and link to: the content fields of the activity answers
//! (text HTML, video and captions, event date and place, discussion thread), the media the
//! sandbox serves for them (byte ranges, CORS) and the thread and meeting pages.

use lms_sandbox::clock::ClockMode;
use reqwest::{StatusCode, header};
use serde_json::{Value, json};

use crate::helpers::{Sandbox, fast_config, new_id};

const NOW: i64 = 1_900_000_000;

/// Ada's Data Privacy Basics, started: its objective workflow.
async fn started_data_privacy(sb: &Sandbox, token: &str) -> String {
    let course = sb.aggregate("acme", token, "Data Privacy Basics").await;
    let body = json!({ "id": new_id(), "objectiveWorkflowAggregateId": course["id"] });
    sb.sync("acme", token, "start-objective-workflows", &body).await;
    let course = sb.aggregate("acme", token, "Data Privacy Basics").await;
    course["lastObjectiveWorkflow"]["id"].as_str().expect("workflow").to_string()
}

#[tokio::test]
async fn data_privacy_basics_has_rich_text_and_a_captioned_video_the_sandbox_serves() {
    let mut config = fast_config();
    config.clock = ClockMode::Fixed(NOW);
    let sb = Sandbox::start_with(config).await;
    let token = sb.access_token("acme", "ada").await;
    let ow = started_data_privacy(&sb, &token).await;
    let base = format!("users/me/objective-workflows/{ow}/activity");

    let intro = sb.api_json("acme", &token, &format!("{base}/1"), &[]).await;
    assert_eq!((&intro["name"], &intro["type"]), (&json!("Introduction"), &json!("text")));
    let html = intro["content"].as_str().expect("the text's HTML");
    for (what, needle) in [
        ("a heading", "<h2 id=\"why\">Why data privacy matters</h2>"),
        ("a list", "<ul>\n<li>names, email addresses"),
        ("a numbered list", "<ol>"),
        ("a picture with its text", "<img src=\"data:image/svg+xml,"),
        ("alt text", "alt=\"A yellow padlock on a blue background\""),
        ("a table with a caption", "<caption>Examples</caption>"),
    ] {
        assert!(html.contains(needle), "{what}: {needle} in {html}");
    }

    let walkthrough = sb.api_json("acme", &token, &format!("{base}/2"), &[]).await;
    assert_eq!(walkthrough["type"], "video");
    assert_eq!(walkthrough["language"], "en");
    let video = walkthrough["videoUrl"].as_str().expect("videoUrl");
    assert_eq!(video, sb.url("t/acme/api/public/media/walkthrough.webm"));
    let captions = walkthrough["captions"].as_array().expect("captions");
    let languages: Vec<&Value> = captions.iter().map(|c| &c["language"]).collect();
    assert_eq!(languages, [&json!("en"), &json!("ar")]);
    assert!(walkthrough["content"].as_str().expect("description").contains("<summary>Transcript</summary>"));

    // The children of the course carry the same fields (the player shows a module's children).
    let parts = sb.api_json("acme", &token, &format!("{base}/children"), &[]).await;
    assert_eq!(parts[1]["childActivity"]["videoUrl"], video);
    assert_eq!(parts[2]["childActivity"]["content"], Value::Null, "the quiz is its tool's: no content");

    let response = sb.browser.get(video).send().await.expect("video");
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(response.headers()[header::CONTENT_TYPE], "video/webm");
    assert_eq!(response.headers()[header::ACCEPT_RANGES], "bytes");
    let bytes = response.bytes().await.expect("body");
    assert!(bytes.starts_with(&[0x1a, 0x45, 0xdf, 0xa3]), "a Matroska/WebM file");
    assert!(bytes.len() < 300_000, "{} bytes", bytes.len());

    for caption in captions {
        let url = caption["url"].as_str().expect("url");
        let response = sb.browser.get(url).header(header::ORIGIN, "http://localhost:8080").send().await.expect("vtt");
        assert_eq!(response.status(), StatusCode::OK, "{url}");
        assert_eq!(response.headers()[header::CONTENT_TYPE], "text/vtt; charset=utf-8");
        assert_eq!(response.headers()[header::ACCESS_CONTROL_ALLOW_ORIGIN], "*", "another origin's page loads it");
        let text = response.text().await.expect("text");
        assert!(text.starts_with("WEBVTT\n\n00:00:00.000 --> "), "{text}");
    }
    let arabic = sb.browser.get(captions[1]["url"].as_str().expect("url")).send().await.expect("vtt");
    assert!(arabic.text().await.expect("text").contains("البيانات الشخصية"), "Arabic captions");
}

#[tokio::test]
async fn media_answers_byte_ranges_and_refuses_ranges_it_cannot_serve() {
    let sb = Sandbox::start_fast().await;
    let url = sb.url("t/acme/api/public/media/walkthrough.webm");
    let whole = sb.browser.get(&url).send().await.expect("get").bytes().await.expect("body");
    let total = whole.len();

    let first = sb.browser.get(&url).header(header::RANGE, "bytes=0-99").send().await.expect("range");
    assert_eq!(first.status(), StatusCode::PARTIAL_CONTENT);
    assert_eq!(first.headers()[header::CONTENT_RANGE], format!("bytes 0-99/{total}").as_str());
    assert_eq!(first.bytes().await.expect("body"), whole.slice(0..100));

    let open = sb.browser.get(&url).header(header::RANGE, "bytes=1000-").send().await.expect("open range");
    assert_eq!(open.status(), StatusCode::PARTIAL_CONTENT);
    assert_eq!(open.headers()[header::CONTENT_RANGE], format!("bytes 1000-{}/{total}", total - 1).as_str());
    assert_eq!(open.bytes().await.expect("body"), whole.slice(1000..));

    let suffix = sb.browser.get(&url).header(header::RANGE, "bytes=-10").send().await.expect("suffix");
    assert_eq!(suffix.bytes().await.expect("body"), whole.slice(total - 10..));

    let other_unit = sb.browser.get(&url).header(header::RANGE, "lines=1-2").send().await.expect("other unit");
    assert_eq!(other_unit.status(), StatusCode::OK, "a range of another unit is ignored");
    assert_eq!(other_unit.bytes().await.expect("body").len(), total);

    for bad in [format!("bytes={total}-"), "bytes=9-3".into(), format!("bytes=-{}", total + 1)] {
        let response = sb.browser.get(&url).header(header::RANGE, &bad).send().await.expect("bad range");
        assert_eq!(response.status(), StatusCode::RANGE_NOT_SATISFIABLE, "{bad}");
        assert_eq!(response.headers()[header::CONTENT_RANGE], format!("bytes */{total}").as_str(), "{bad}");
    }

    let head = sb.browser.head(&url).send().await.expect("head");
    assert_eq!(head.status(), StatusCode::OK);
    assert_eq!(head.headers()[header::CONTENT_LENGTH], total.to_string().as_str());

    for path in ["t/acme/api/public/media/missing.webm", "t/nowhere/api/public/media/walkthrough.webm"] {
        let response = sb.browser.get(sb.url(path)).send().await.expect("get");
        assert_eq!(response.status(), StatusCode::NOT_FOUND, "{path}");
    }
}

#[tokio::test]
async fn the_tour_has_an_event_in_the_future_and_a_discussion_whose_pages_are_served() {
    let mut config = fast_config();
    config.clock = ClockMode::Fixed(NOW);
    let sb = Sandbox::start_with(config).await;
    let token = sb.access_token("acme", "ada").await;
    let tour = sb.aggregate("acme", &token, "Activity Types Tour").await;
    let ow = tour["lastObjectiveWorkflow"]["id"].as_str().expect("workflow");
    let parts = sb.api_json("acme", &token, &format!("users/me/objective-workflows/{ow}/activity/children"), &[]).await;
    let by_name = |name: &str| {
        parts.as_array().expect("parts").iter().find(|p| p["childActivity"]["name"] == name).expect(name)["childActivity"]
            .clone()
    };

    let webinar = by_name("Live webinar");
    let start = time::OffsetDateTime::parse(
        webinar["startDate"].as_str().expect("startDate"),
        &time::format_description::well_known::Rfc3339,
    )
    .expect("RFC 3339");
    let end = time::OffsetDateTime::parse(
        webinar["endDate"].as_str().expect("endDate"),
        &time::format_description::well_known::Rfc3339,
    )
    .expect("RFC 3339");
    assert!(start.unix_timestamp() > NOW + 6 * 86_400, "a week ahead of the seed clock: {start}");
    assert_eq!((end - start).whole_minutes(), 60);
    assert_eq!(webinar["location"], "Acme Academy, Room 4.12, 1 Market Street, London");
    let meeting = webinar["meetingUrl"].as_str().expect("meetingUrl");
    let page = sb.browser.get(meeting).send().await.expect("meeting page");
    assert_eq!(page.status(), StatusCode::OK);
    assert!(page.text().await.expect("html").contains("<h1>Live webinar: Ask the instructors</h1>"));

    let forum = by_name("Forum");
    assert!(forum["content"].as_str().expect("prompt").contains("Introduce yourself"));
    let thread = forum["discussionUrl"].as_str().expect("discussionUrl");
    let page = sb.browser.get(thread).send().await.expect("thread page");
    assert_eq!(page.status(), StatusCode::OK);
    let html = page.text().await.expect("html");
    assert!(html.contains("<h1>Forum: introduce yourself</h1>") && html.contains("<h2>Grace Hopper</h2>"), "{html}");

    let lecture = by_name("Lecture");
    assert!(lecture["captions"][0]["url"].as_str().expect("url").ends_with("/public/media/lesson.en.vtt"));
    for path in
        ["t/acme/discussions/nothing", "t/acme/meetings/nothing", "t/nowhere/discussions/activity-types-tour-forum"]
    {
        assert_eq!(sb.browser.get(sb.url(path)).send().await.expect("get").status(), StatusCode::NOT_FOUND, "{path}");
    }
}
