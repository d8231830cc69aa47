//! What the seeded activities link to, served by the sandbox itself so the player needs no
//! outside network:
//!
//! - `GET`/`HEAD public/media/{name}`: a short WebM test-pattern video and its WebVTT captions
//!   (English and Arabic), as a platform's media host would serve them: `Accept-Ranges: bytes`
//!   and single byte ranges (a browser's video player seeks with them; a range outside the file
//!   is a 416), `Access-Control-Allow-Origin: *` (caption tracks of another origin load only with
//!   CORS) and a day of caching.
//! - `GET /t/{tenant}/discussions/{slug}` and `GET /t/{tenant}/meetings/{slug}`: the pages a
//!   discussion's thread and an event's meeting link open, plain accessible HTML.

use axum::{
    Router,
    extract::Path,
    http::{HeaderMap, HeaderValue, StatusCode, header},
    response::{Html, IntoResponse, Response},
    routing::get,
};

use super::{known_tenant, lti::page};
use crate::{error::ApiError, html::escape};

pub(super) fn routes() -> Router<crate::Shared> {
    Router::new()
        .route("/t/{tenant}/api/public/media/{name}", get(get_media))
        .route("/t/{tenant}/discussions/{slug}", get(discussion_page))
        .route("/t/{tenant}/meetings/{slug}", get(meeting_page))
}

/// A seeded media file's content type and bytes (in the binary, so the sandbox runs anywhere).
fn media(name: &str) -> Option<(&'static str, &'static [u8])> {
    const VTT: &str = "text/vtt; charset=utf-8";
    Some(match name {
        "walkthrough.webm" => ("video/webm", include_bytes!("../../media/walkthrough.webm")),
        "walkthrough.en.vtt" => (VTT, include_bytes!("../../media/walkthrough.en.vtt")),
        "walkthrough.ar.vtt" => (VTT, include_bytes!("../../media/walkthrough.ar.vtt")),
        "lesson.en.vtt" => (VTT, include_bytes!("../../media/lesson.en.vtt")),
        "lesson.ar.vtt" => (VTT, include_bytes!("../../media/lesson.ar.vtt")),
        _ => return None,
    })
}

async fn get_media(Path((tenant, name)): Path<(String, String)>, headers: HeaderMap) -> Result<Response, ApiError> {
    known_tenant(&tenant)?;
    let (content_type, bytes) = media(&name).ok_or_else(|| ApiError::not_found(format!("no media `{name}`")))?;
    let total = bytes.len() as u64;
    // Ranges are parsed by `http-range-header`. A header that is not a byte range is ignored
    // (RFC 9110: the whole file); one outside the file is a 416. Several ranges at once
    // (multipart answers) are not needed by any player, so only the first is served.
    let parsed = headers.get(header::RANGE).and_then(|v| v.to_str().ok()).map(http_range_header::parse_range_header);
    let range = match parsed {
        Some(Ok(parsed)) => match parsed.validate(total) {
            Ok(ranges) => ranges.into_iter().next(),
            Err(_) => return Ok(unsatisfiable(total)),
        },
        None | Some(Err(_)) => None,
    };
    let mut response = match &range {
        Some(r) => {
            let (start, end) = (*r.start() as usize, *r.end() as usize);
            let mut response = (StatusCode::PARTIAL_CONTENT, bytes[start..=end].to_vec()).into_response();
            if let Ok(value) = HeaderValue::from_str(&format!("bytes {start}-{end}/{total}")) {
                response.headers_mut().insert(header::CONTENT_RANGE, value);
            }
            response
        }
        None => bytes.to_vec().into_response(),
    };
    let h = response.headers_mut();
    h.insert(header::CONTENT_TYPE, HeaderValue::from_static(content_type));
    h.insert(header::ACCEPT_RANGES, HeaderValue::from_static("bytes"));
    h.insert(header::ACCESS_CONTROL_ALLOW_ORIGIN, HeaderValue::from_static("*"));
    h.insert(header::CACHE_CONTROL, HeaderValue::from_static("public, max-age=86400"));
    Ok(response)
}

fn unsatisfiable(total: u64) -> Response {
    let mut response = StatusCode::RANGE_NOT_SATISFIABLE.into_response();
    if let Ok(value) = HeaderValue::from_str(&format!("bytes */{total}")) {
        response.headers_mut().insert(header::CONTENT_RANGE, value);
    }
    response
}

/// A seeded discussion thread.
struct Thread {
    slug: &'static str,
    title: &'static str,
    prompt: &'static str,
    /// (author, text)
    posts: &'static [(&'static str, &'static str)],
}

const DISCUSSIONS: &[Thread] = &[
    Thread {
        slug: "activity-types-tour-forum",
        title: "Forum: introduce yourself",
        prompt: "Tell the group what you hope to learn in this tour, and one thing you already do well.",
        posts: &[
            ("Grace Hopper", "Hello all! I want to see how the live sessions and the group work fit together."),
            ("Ada Lovelace", "Hi! I am here for the quizzes. I am good at reading the fine print."),
        ],
    },
    Thread {
        slug: "cybersecurity-discussion-board",
        title: "Discussion board: the phishing mail you almost clicked",
        prompt: "Share a phishing message you received (remove personal data first) and the sign that gave it away.",
        posts: &[(
            "Grace Hopper",
            "A 'parcel on hold' text with a link to a look-alike domain. The sender's number was foreign.",
        )],
    },
];

/// The seeded meeting rooms: (slug, title).
const MEETINGS: &[(&str, &str)] = &[
    ("activity-types-tour-webinar", "Live webinar: Ask the instructors"),
    ("cybersecurity-live-session", "Live session: Incident response drill"),
];

async fn discussion_page(Path((tenant, slug)): Path<(String, String)>) -> Result<Response, ApiError> {
    known_tenant(&tenant)?;
    let thread = DISCUSSIONS
        .iter()
        .find(|t| t.slug == slug)
        .ok_or_else(|| ApiError::not_found(format!("no discussion `{slug}`")))?;
    let posts: String = thread
        .posts
        .iter()
        .map(|(author, text)| format!("<article><h2>{}</h2><p>{}</p></article>", escape(author), escape(text)))
        .collect();
    let body = format!(
        "<p class=\"tool\">Discussion</p><h1>{}</h1><p>{}</p><section aria-label=\"Posts\">{posts}</section>",
        escape(thread.title),
        escape(thread.prompt)
    );
    Ok(Html(page(thread.title, &body)).into_response())
}

async fn meeting_page(Path((tenant, slug)): Path<(String, String)>) -> Result<Response, ApiError> {
    known_tenant(&tenant)?;
    let (_, title) =
        MEETINGS.iter().find(|(s, _)| *s == slug).ok_or_else(|| ApiError::not_found(format!("no meeting `{slug}`")))?;
    let body = format!(
        "<p class=\"tool\">Meeting room</p><h1>{}</h1><p>The room opens 15 minutes before the session starts. \
         Join with a headset; your microphone is muted when you enter.</p>",
        escape(title)
    );
    Ok(Html(page(title, &body)).into_response())
}

/// The link of a seeded discussion thread of `tenant`.
pub(crate) fn discussion_url(public_url: &url::Url, tenant: &str, slug: &str) -> String {
    format!("{public_url}t/{tenant}/discussions/{slug}")
}

/// The link of a seeded meeting room of `tenant`.
pub(crate) fn meeting_url(public_url: &url::Url, tenant: &str, slug: &str) -> String {
    format!("{public_url}t/{tenant}/meetings/{slug}")
}

/// The address of a seeded media file of `tenant`.
pub(crate) fn media_url(public_url: &url::Url, tenant: &str, name: &str) -> String {
    format!("{public_url}t/{tenant}/api/public/media/{name}")
}
