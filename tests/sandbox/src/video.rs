//! A video host's embed page, `GET /video/embed/{id}`, as About HTML frames one (an iframe of a
//! video platform's player). No tenant and no token: a player page anyone may frame (no
//! `X-Frame-Options`, no `frame-ancestors`). The seed links it on the sandbox's other loopback
//! name (see `seed::about::video_host`), so it is an origin of its own beside the LMS's, as a
//! real video platform is, and a portal frames it only when its embed origins name it.
//!
//! The player is a stand-in (the sandbox ships no video files): a poster with a play button that
//! runs a progress bar over the video's length. `?hl=` sets its interface language (`en`, `ar`).

use axum::{
    Router,
    extract::{Path, Query},
    http::{HeaderValue, header},
    response::{IntoResponse, Response},
    routing::get,
};
use serde::Deserialize;

use crate::{Shared, error::ApiError};

pub(crate) fn routes() -> Router<Shared> {
    Router::new().route("/video/embed/{id}", get(embed))
}

/// A video of the host: title and length in seconds.
fn video(id: &str) -> Option<(&'static str, u32)> {
    match id {
        "workplace-safety-intro" => Some(("Workplace safety in five minutes", 300)),
        _ => None,
    }
}

#[derive(Debug, Deserialize)]
struct EmbedQuery {
    hl: Option<String>,
}

fn escape(text: &str) -> String {
    text.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;")
}

async fn embed(Path(id): Path<String>, Query(query): Query<EmbedQuery>) -> Result<Response, ApiError> {
    let (title, seconds) = video(&id).ok_or_else(|| ApiError::not_found(format!("no video `{id}`")))?;
    let arabic = query.hl.as_deref() == Some("ar");
    let (lang, dir, play) =
        if arabic { ("ar", "rtl", "تشغيل الفيديو") } else { ("en", "ltr", "Play video") };
    let length = format!("{}:{:02}", seconds / 60, seconds % 60);
    let title = escape(title);
    let html = format!(
        r#"<!doctype html>
<html lang="{lang}" dir="{dir}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{title}</title>
<style>
  html, body {{ margin: 0; block-size: 100%; background: #0f1720; color: #fff; font: 16px/1.4 system-ui, sans-serif; }}
  main {{ position: relative; block-size: 100%; display: grid; place-items: center; overflow: hidden;
          background: radial-gradient(circle at 30% 35%, #1f6feb 0, #0b3d91 45%, #0f1720 100%); }}
  h1 {{ position: absolute; inset-block-start: 12px; inset-inline-start: 16px; margin: 0; font-size: 1rem; font-weight: 600; }}
  button {{ inline-size: 72px; block-size: 72px; border-radius: 50%; border: 0; background: rgb(255 255 255 / 0.92); cursor: pointer; }}
  button:focus-visible {{ outline: 3px solid #ffd43b; outline-offset: 3px; }}
  button svg {{ inline-size: 32px; block-size: 32px; margin-inline-start: 4px; fill: #0b3d91; }}
  .bar {{ position: absolute; inset-inline: 16px; inset-block-end: 16px; display: flex; gap: 12px; align-items: center; font-size: .875rem; }}
  .track {{ flex: 1; block-size: 4px; background: rgb(255 255 255 / 0.3); border-radius: 2px; overflow: hidden; }}
  .done {{ block-size: 100%; inline-size: 0; background: #ffd43b; }}
  main.playing .done {{ inline-size: 100%; transition: inline-size {seconds}s linear; }}
  main.playing button {{ opacity: 0; }}
</style>
</head>
<body>
<main id="player">
  <h1>{title}</h1>
  <button type="button" aria-label="{play}"><svg viewBox="0 0 24 24" aria-hidden="true"><path d="M6 4l15 8-15 8z"/></svg></button>
  <div class="bar"><div class="track"><div class="done"></div></div><span>{length}</span></div>
</main>
<script>
  document.querySelector('button').addEventListener('click', function () {{
    document.getElementById('player').classList.add('playing');
  }});
</script>
</body>
</html>
"#
    );
    let mut response = html.into_response();
    response.headers_mut().insert(header::CONTENT_TYPE, HeaderValue::from_static("text/html; charset=utf-8"));
    Ok(response)
}
