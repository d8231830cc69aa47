//! The built client under `/learn`: files as they are, `index.html` for every client route.

use std::{convert::Infallible, path::Path};

use axum::{
    body::Body,
    http::{HeaderValue, Request, StatusCode, header},
    response::{IntoResponse, Redirect, Response},
};
use tower::{ServiceExt, service_fn, util::BoxCloneSyncService};
use tower_http::services::{ServeDir, ServeFile};

use crate::error::problem;

/// `/` → the client.
pub async fn redirect_to_client() -> Redirect {
    Redirect::to("/learn/")
}

/// Anything outside the known routes.
pub async fn not_found() -> Response {
    problem(StatusCode::NOT_FOUND, "not_found", Some(NO_SUCH_ROUTE.into()))
}

/// The detail of a 404 for a path no route serves (a known route's missing resource says
/// something else).
pub const NO_SUCH_ROUTE: &str = "nothing is served at this path";

/// Serves `dir`: a missing path without a file extension is a client route and gets
/// `index.html`; a missing file with an extension is a 404. HTML is never cached, other files
/// are cached for a year when their name carries a content hash.
pub fn service(dir: &Path) -> BoxCloneSyncService<Request<Body>, Response, Infallible> {
    let index = dir.join("index.html");
    let fallback = service_fn(move |req: Request<Body>| {
        let index = index.clone();
        async move {
            let last = req.uri().path().rsplit('/').next().unwrap_or("");
            if last.contains('.') {
                return Ok::<_, Infallible>(not_found().await);
            }
            let response = ServeFile::new(index).oneshot(req).await?;
            Ok(response.map(Body::new))
        }
    });
    let files = ServeDir::new(dir).append_index_html_on_directories(true).fallback(fallback);
    let with_cache_headers = service_fn(move |req: Request<Body>| {
        let files = files.clone();
        async move {
            let immutable = has_content_hash(req.uri().path());
            let mut response = files.oneshot(req).await?.map(Body::new).into_response();
            let is_html =
                response.headers().get(header::CONTENT_TYPE).is_some_and(|v| v.as_bytes().starts_with(b"text/html"));
            let cache = if is_html || !response.status().is_success() {
                "no-cache"
            } else if immutable {
                "public, max-age=31536000, immutable"
            } else {
                "public, max-age=300"
            };
            response.headers_mut().insert(header::CACHE_CONTROL, HeaderValue::from_static(cache));
            Ok(response)
        }
    });
    BoxCloneSyncService::new(with_cache_headers)
}

/// Whether a file name carries a content hash like `main.3f2a9c1d.js`.
fn has_content_hash(path: &str) -> bool {
    let name = path.rsplit('/').next().unwrap_or("");
    name.split('.').any(|part| part.len() >= 8 && part.chars().all(|c| c.is_ascii_hexdigit()))
}

#[cfg(test)]
mod tests {
    use super::has_content_hash;

    #[test]
    fn content_hashes_are_recognised() {
        assert!(has_content_hash("/static/main.3f2a9c1d.js"));
        assert!(has_content_hash("/locale-ar-AR.0123456789abcdef.js"));
        assert!(!has_content_hash("/index.html"));
        assert!(!has_content_hash("/favicon.svg"));
    }
}
