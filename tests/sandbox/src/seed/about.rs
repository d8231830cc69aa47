//! About HTML of the seeded courses. Most courses have one sentence; two of Ada's have rich
//! content that exercises every behaviour of the portal's rich content (spec section 2): a
//! table, headings with ids, images for the gallery, a toggle (`<details>` and the LMS's
//! `toggle` class), video embeds (iframes of the sandbox's video host and of YouTube), a
//! same-origin PDF link and attachments on the LMS's storage (`lms-storage/files/...`, see
//! `api/files.rs`), one of which no learner may read.

use url::Url;

use super::certificate_number;

/// A small inline SVG picture with a caption-like label (a data URL, like the course covers).
fn picture(background: &str, shape: &str, label: &str) -> String {
    let svg = format!(
        "<svg xmlns='http://www.w3.org/2000/svg' width='640' height='400' viewBox='0 0 640 400'><rect width='640' height='400' fill='{background}'/>{shape}<text x='320' y='360' font-family='sans-serif' font-size='28' fill='white' text-anchor='middle'>{label}</text></svg>"
    );
    format!(
        "data:image/svg+xml,{}",
        svg.replace('<', "%3C").replace('>', "%3E").replace('#', "%23").replace(' ', "%20")
    )
}

fn gallery() -> [(String, &'static str); 3] {
    [
        (
            picture(
                "#1c5fb8",
                "<path d='M200 240a120 120 0 0 1 240 0z' fill='%23ffd43b'/><rect x='170' y='236' width='300' height='28' rx='10' fill='%23fab005'/>",
                "Hard hat",
            ),
            "A yellow hard hat on a blue background",
        ),
        (
            picture(
                "#2b8a3e",
                "<rect x='220' y='90' width='200' height='200' rx='18' fill='white'/><path d='M270 190h90m-30-40 40 40-40 40' stroke='%232b8a3e' stroke-width='22' fill='none'/>",
                "Fire exit",
            ),
            "A green fire exit sign with an arrow",
        ),
        (
            picture(
                "#c92a2a",
                "<rect x='220' y='90' width='200' height='200' rx='18' fill='white'/><path d='M295 120h50v55h55v50h-55v55h-50v-55h-55v-50h55z' fill='%23c92a2a'/>",
                "First aid",
            ),
            "A white first aid box with a red cross",
        ),
    ]
}

/// A file of `tenant`'s LMS storage (an absolute URL on the sandbox; it needs the learner's token).
fn file_url(public_url: &Url, tenant: &str, name: &str) -> String {
    format!("{public_url}t/{tenant}/api/lms-storage/files/{name}")
}

/// The video host's origin: the sandbox under its other loopback name (`localhost` for
/// `127.0.0.1` and back), so its player pages are an origin of their own beside the LMS's, as a
/// video platform's are. A sandbox with another public name uses that one.
fn video_host(public_url: &Url) -> Url {
    let mut host = public_url.clone();
    let other = match public_url.host_str() {
        Some("127.0.0.1") => Some("localhost"),
        Some("localhost") => Some("127.0.0.1"),
        _ => None,
    };
    if let Some(other) = other {
        // Both are valid hosts of an http URL.
        let _ = host.set_host(Some(other));
    }
    host.set_path("/");
    host
}

fn workplace_safety(public_url: &Url) -> String {
    // A PDF the portal serves from its own origin: the certificate of this course's learner,
    // through the gateway's public certificate route (same-origin from the browser's side).
    let number = certificate_number("acme", "acme/ada/Workplace Safety");
    let certificate = format!("/api/bff/public/certificates/{number}/certificate.pdf");
    let images: String = gallery()
        .iter()
        .map(|(src, alt)| format!("<img src=\"{src}\" alt=\"{alt}\" width=\"200\" height=\"125\"> "))
        .collect();
    format!(
        r#"<p>Workplace Safety is a course of the Acme academy. It covers the few habits that prevent most accidents at work.</p>
<h2 id="overview">Overview</h2>
<p>Four short weeks, one topic each. Every week ends with a quiz; the final quiz counts twice.</p>
<h3 id="schedule">Schedule</h3>
<table>
<caption>Weekly plan</caption>
<thead><tr><th scope="col">Week</th><th scope="col">Topic</th><th scope="col">Activities</th><th scope="col">Time</th></tr></thead>
<tbody>
<tr><td>1</td><td>Hazards around you</td><td>Reading, video</td><td>45 min</td></tr>
<tr><td>2</td><td>Fire safety and exits</td><td>Reading, drill</td><td>60 min</td></tr>
<tr><td>3</td><td>Protective equipment</td><td>Video, quiz</td><td>40 min</td></tr>
<tr><td>4</td><td>First aid basics</td><td>Reading, final quiz</td><td>75 min</td></tr>
</tbody>
</table>
<h2 id="signs">Signs and equipment</h2>
<p>Select a picture to see it in full screen.</p>
<p>{images}</p>
<h2 id="materials">Materials</h2>
<ul>
<li><a href="{certificate}">Example certificate</a> (PDF)</li>
<li><a href="{checklist}" download>Safety checklist</a> (PDF, on the course storage)</li>
<li><a href="{contacts}" class="attachment">Emergency contacts</a> (CSV, on the course storage)</li>
<li><a href="{notes}">Instructor notes</a> (PDF, for instructors only)</li>
</ul>
<h3 id="video">Video</h3>
<iframe src="{video}video/embed/workplace-safety-intro" title="Workplace safety in five minutes (video)" width="560" height="315" allowfullscreen></iframe>
<h2 id="faq">Questions</h2>
<details><summary>What should I bring to the fire drill?</summary><p>Nothing but comfortable shoes. Leave bags at your desk.</p></details>
<div class="toggle"><p class="toggle-title">Who is my fire warden?</p><div class="toggle-content"><p>Your floor's fire warden is listed in the emergency contacts above.</p></div></div>
"#,
        checklist = file_url(public_url, "acme", "safety-checklist.pdf"),
        contacts = file_url(public_url, "acme", "emergency-contacts.csv"),
        notes = file_url(public_url, "acme", "instructor-notes.pdf"),
        video = video_host(public_url),
    )
}

fn negotiation_skills() -> String {
    let (hat, alt) = &gallery()[0];
    format!(
        r#"<p>Negotiation Skills is a course of the Acme academy for anyone who agrees prices, dates or scope.</p>
<h2 id="outcomes">What you will learn</h2>
<table>
<caption>Outcomes</caption>
<thead><tr><th scope="col">Skill</th><th scope="col">Practised in</th></tr></thead>
<tbody><tr><td>Preparing a walk-away point</td><td>Module 1</td></tr><tr><td>Trading concessions</td><td>Module 2</td></tr></tbody>
</table>
<p><img src="{hat}" alt="{alt}" width="200" height="125"></p>
<h2 id="trailer">Trailer</h2>
<iframe src="https://www.youtube-nocookie.com/embed/aqz-KE-bpKQ" title="Negotiation Skills trailer (video)" width="560" height="315" allowfullscreen></iframe>
<details><summary>Do I need experience?</summary><p>No. The course starts from the basics.</p></details>
"#
    )
}

/// The About HTML of course `name` of `tenant`; `public_url` is the sandbox's base URL (where
/// its storage files are).
pub(super) fn about(tenant: &str, name: &str, public_url: &Url) -> String {
    match (tenant, name) {
        ("acme", "Workplace Safety") => workplace_safety(public_url),
        ("acme", "Negotiation Skills") => negotiation_skills(),
        _ => format!("<p>{name} is a course of the Acme academy.</p>"),
    }
}
