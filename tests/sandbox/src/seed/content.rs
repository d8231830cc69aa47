//! What the seeded activities show: the HTML of texts, the video and captions of videos, the
//! date, place and meeting link of events and the thread of discussions, under the field names
//! the activity answers carry (`content`, `videoUrl`, `language`, `captions`, `startDate`,
//! `endDate`, `location`, `meetingUrl`, `discussionUrl`). Media, threads and meeting rooms are
//! served by the sandbox itself (`api/media.rs`); pictures are data URLs, like the About HTML's.
//!
//! 'Data Privacy Basics' has the richest content (headings, lists, a picture, a table, a video
//! with English and Arabic captions and a transcript); the activity types tour and the
//! cybersecurity program have an example of every kind; every other course's introduction and
//! walkthrough have a short text and the lesson video.

use serde_json::{Value, json};
use url::Url;

use super::trees::Node;
use crate::api::{
    iso,
    media::{discussion_url, media_url, meeting_url},
};

const DAY: i64 = 86_400;
const HOUR: i64 = 3_600;

/// Where the content's links point: the tenant, the sandbox's base URL and the seed clock.
pub(super) struct Links<'a> {
    pub(super) tenant: &'a str,
    pub(super) public_url: &'a Url,
    pub(super) now: i64,
}

/// Sets the content of every node of a course's tree.
pub(super) fn fill(node: &mut Node, course: &str, links: &Links<'_>) {
    node.content = content(course, &node.name, node.kind, links);
    for child in &mut node.children {
        fill(child, course, links);
    }
}

/// `days` ahead of the seed clock, at `hour`:00 UTC: a date that stays in the future.
fn day_at(now: i64, days: i64, hour: i64) -> i64 {
    (now.div_euclid(DAY) + days) * DAY + hour * HOUR
}

/// A small inline SVG illustration (a data URL, so a page under a strict CSP shows it).
fn illustration(background: &str, shapes: &str, label: &str) -> String {
    let svg = format!(
        "<svg xmlns='http://www.w3.org/2000/svg' width='720' height='320' viewBox='0 0 720 320'><rect width='720' height='320' rx='16' fill='{background}'/>{shapes}<text x='360' y='292' font-family='sans-serif' font-size='26' fill='white' text-anchor='middle'>{label}</text></svg>"
    );
    format!(
        "data:image/svg+xml,{}",
        svg.replace('<', "%3C").replace('>', "%3E").replace('#', "%23").replace(' ', "%20")
    )
}

fn video(links: &Links<'_>, captions: &str) -> Value {
    let url = |name: &str| media_url(links.public_url, links.tenant, name);
    json!({
        "videoUrl": url("walkthrough.webm"),
        "language": "en",
        "captions": [
            { "url": url(&format!("{captions}.en.vtt")), "language": "en", "label": "English" },
            { "url": url(&format!("{captions}.ar.vtt")), "language": "ar", "label": "العربية" },
        ],
    })
}

fn with_html(mut value: Value, html: String) -> Value {
    value["content"] = Value::String(html);
    value
}

fn text(html: String) -> Value {
    json!({ "content": html })
}

fn content(course: &str, activity: &str, kind: &str, links: &Links<'_>) -> Option<Value> {
    let now = links.now;
    Some(match (course, activity, kind) {
        ("Data Privacy Basics", "Introduction", "text") => text(data_privacy_introduction()),
        ("Data Privacy Basics", "Walkthrough", "video") => {
            with_html(video(links, "walkthrough"), data_privacy_walkthrough())
        }
        (_, "Reading", "text") => text(
            "<h2>How this tour works</h2>\
             <p>Each activity of this tour shows one kind of content the academy uses. Open them in order; \
             the contents on the side show what you have done.</p>\
             <ul><li><strong>Reading</strong>: a text like this one. Select <em>Mark as done</em> when you have read it.</li>\
             <li><strong>Lecture</strong>: a short video with captions.</li>\
             <li><strong>Forum</strong>: a discussion with the other learners.</li>\
             <li><strong>Live webinar</strong>: a session at a set time, on site or online.</li>\
             <li><strong>Quiz</strong> and <strong>Supervised test</strong>: scored by their tools.</li></ul>"
                .into(),
        ),
        (_, "Further reading" | "Bonus reading" | "Lab notes", "text") => text(format!(
            "<h2>{activity}</h2><p>Optional material for those who want to go further. It counts neither for \
             your progress nor for your score.</p><ol><li>Read the summary of the module again.</li>\
             <li>Note one thing you will change in how you work.</li></ol>"
        )),
        (_, "Welcome", "text") => text(
            "<h2>Welcome to the program</h2><p>This program runs over three modules. Module 2 opens once \
             Module 1 is complete, and the assessment module opens on its start date.</p>\
             <table><caption>Modules</caption><thead><tr><th scope=\"col\">Module</th><th scope=\"col\">Opens</th>\
             <th scope=\"col\">Counts for the score</th></tr></thead><tbody>\
             <tr><td>Foundations</td><td>Now</td><td>Phishing lab</td></tr>\
             <tr><td>Practice</td><td>After Foundations</td><td>No</td></tr>\
             <tr><td>Assessment</td><td>On its start date</td><td>Final exam, group project</td></tr></tbody></table>"
                .into(),
        ),
        (_, "Exam rules", "text") => text(
            "<h2>Before you start the exam</h2><ul><li>The exam is supervised: your camera stays on.</li>\
             <li>You have 45 minutes. The timer does not stop.</li><li>Notes and other tabs are not allowed.</li></ul>"
                .into(),
        ),
        (_, "Introduction", "text") => text(format!(
            "<h2>About this course</h2><p>{course} takes about an hour. Read this introduction, watch the \
             walkthrough, then take the quiz: it counts twice as much as the rest.</p>"
        )),
        (_, "Lecture" | "Threat landscape" | "Walkthrough", "video") => with_html(
            video(links, "lesson"),
            "<p>A short video on how the course is organised. Captions are available in English and Arabic.</p>".into(),
        ),
        (_, "Forum", "discussion") => json!({
            "content": "<p>Introduce yourself to the group: what do you hope to learn in this tour, and what do you already do well?</p>",
            "discussionUrl": discussion_url(links.public_url, links.tenant, "activity-types-tour-forum"),
        }),
        (_, "Discussion board", "discussion") => json!({
            "content": "<p>Share a phishing message you received (remove any personal data first) and the sign that gave it away.</p>",
            "discussionUrl": discussion_url(links.public_url, links.tenant, "cybersecurity-discussion-board"),
        }),
        (_, "Live webinar", "event") => json!({
            "content": "<p>Bring your questions about the tour. The session is recorded for those who cannot attend.</p>\
                        <ul><li>Welcome and introductions</li><li>Questions and answers</li><li>What comes next</li></ul>",
            "startDate": iso(Some(day_at(now, 7, 14))),
            "endDate": iso(Some(day_at(now, 7, 14) + HOUR)),
            "location": "Acme Academy, Room 4.12, 1 Market Street, London",
            "meetingUrl": meeting_url(links.public_url, links.tenant, "activity-types-tour-webinar"),
        }),
        (_, "Live session", "event") => json!({
            "content": "<p>A guided drill: a simulated incident, handled step by step as a team.</p>",
            "startDate": iso(Some(day_at(now, 6, 9))),
            "endDate": iso(Some(day_at(now, 6, 9) + 90 * 60)),
            "location": "Online",
            "meetingUrl": meeting_url(links.public_url, links.tenant, "cybersecurity-live-session"),
        }),
        _ => return None,
    })
}

fn data_privacy_introduction() -> String {
    let picture = illustration(
        "#1c4f9c",
        "<rect x='300' y='96' width='120' height='100' rx='14' fill='%23ffd43b'/><path d='M325 96v-26a35 35 0 0 1 70 0v26' stroke='%23ffd43b' stroke-width='16' fill='none'/><circle cx='360' cy='140' r='14' fill='%231c4f9c'/><rect x='354' y='146' width='12' height='28' rx='4' fill='%231c4f9c'/>",
        "Personal data is worth protecting",
    );
    format!(
        r#"<h2 id="why">Why data privacy matters</h2>
<p>Every day we handle information about customers, colleagues and partners. Used carelessly, it can hurt the people it describes and the company that holds it. This course shows the few habits that keep personal data safe.</p>
<p><img src="{picture}" alt="A yellow padlock on a blue background" width="720" height="320"></p>
<h2 id="what">What counts as personal data</h2>
<p>Personal data is any information that identifies a person, on its own or together with other information:</p>
<ul>
<li>names, email addresses and phone numbers;</li>
<li>identification numbers, such as an employee or customer number;</li>
<li>location data and online identifiers, such as an IP address;</li>
<li>photos, voice recordings and anything else that describes a person.</li>
</ul>
<h3 id="examples">Is it personal data?</h3>
<table>
<caption>Examples</caption>
<thead><tr><th scope="col">Information</th><th scope="col">Example</th><th scope="col">Personal data?</th></tr></thead>
<tbody>
<tr><td>A customer's email address</td><td>jo.lee@example.com</td><td>Yes</td></tr>
<tr><td>Sales per region</td><td>North: 1,240 orders</td><td>No</td></tr>
<tr><td>An order with a delivery address</td><td>Order 4711, 5 High Street</td><td>Yes</td></tr>
<tr><td>A badge photo</td><td>The picture on a staff card</td><td>Yes</td></tr>
</tbody>
</table>
<h2 id="principles">Four principles to remember</h2>
<ol>
<li><strong>Need to know</strong>: collect only the data the task needs.</li>
<li><strong>Purpose</strong>: use it only for the reason it was collected.</li>
<li><strong>Retention</strong>: delete it when it is no longer needed.</li>
<li><strong>Security</strong>: lock your screen, and share files only with the people who need them.</li>
</ol>
<p>Next, the walkthrough video shows these principles at work. Then the quiz checks what you learned.</p>"#
    )
}

fn data_privacy_walkthrough() -> String {
    "<p>This short video walks through the principles of the introduction. Captions are available in \
     English and Arabic: choose them in the player's menu.</p>\
     <details><summary>Transcript</summary>\
     <p>Welcome to the walkthrough of Data Privacy Basics. Personal data is any information that \
     identifies a person. Collect only what you need, and keep it only as long as you need it. When in \
     doubt, ask your data protection officer.</p></details>"
        .into()
}
