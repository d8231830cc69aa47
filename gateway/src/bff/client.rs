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

/// Where the client is served.
pub const MOUNT: &str = "/learn";

/// `/` → the client.
pub async fn redirect_to_client() -> Redirect {
    Redirect::to("/learn/")
}

/// Anything outside the known routes.
pub async fn not_found() -> Response {
    problem(StatusCode::NOT_FOUND, "not_found", Some(NO_SUCH_ROUTE.into()))
}

/// A method the route does not serve: a 405 problem (axum adds the route's `Allow` header).
pub async fn method_not_allowed() -> Response {
    problem(
        StatusCode::METHOD_NOT_ALLOWED,
        "method_not_allowed",
        Some("this path is not served for this method".into()),
    )
}

/// The detail of a 404 for a path no route serves (a known route's missing resource says
/// something else).
pub const NO_SUCH_ROUTE: &str = "nothing is served at this path";

/// Serves `dir` at [`MOUNT`]: a missing path without a file extension is a client route and
/// gets `index.html`; a missing file with an extension is a 404. HTML is never cached, other
/// files are cached for a year when their name carries a content hash.
///
/// The client's build writes `NAME.br` and `NAME.gz` beside its larger files; a browser that
/// accepts them gets those bytes as they are, with `Content-Encoding`, and every file answer
/// says `Vary: Accept-Encoding` so caches keep the encodings apart. Source maps (`*.map`) are
/// 404s unless `source_maps` (config `client_source_maps`).
///
/// Mounted with `route_service` at `/learn`, `/learn/` and `/learn/{*path}` rather than
/// `nest_service`, so requests keep a matched route template for metrics (axum gives a nested
/// service none); `route_service` does not strip the mount, so this service does.
pub fn service(dir: &Path, source_maps: bool) -> BoxCloneSyncService<Request<Body>, Response, Infallible> {
    let index = dir.join("index.html");
    let fallback = service_fn(move |req: Request<Body>| {
        let index = index.clone();
        async move {
            let last = req.uri().path().rsplit('/').next().unwrap_or("");
            if names_a_file(last) {
                return Ok::<_, Infallible>(not_found().await);
            }
            let response = ServeFile::new(index).oneshot(req).await?;
            Ok(response.map(Body::new))
        }
    });
    let files = ServeDir::new(dir)
        .append_index_html_on_directories(true)
        .precompressed_br()
        .precompressed_gzip()
        .fallback(fallback.clone());
    let with_cache_headers = service_fn(move |req: Request<Body>| {
        let files = files.clone();
        let fallback = fallback.clone();
        async move {
            let req = below_mount(req);
            if !source_maps && req.uri().path().ends_with(".map") {
                return Ok(not_found().await);
            }
            let immutable = has_content_hash(req.uri().path());
            let mut response = if names_no_file(req.uri().path()) {
                fallback.oneshot(req).await?
            } else {
                files.oneshot(req).await?.map(Body::new).into_response()
            };
            if response.status().is_server_error() {
                // The file system refused a path (a bug or a broken client folder); the caller
                // asked for a file we cannot give, which is a 404, never a 5xx of the portal.
                tracing::warn!(status = %response.status(), "serving a client file failed");
                response = not_found().await;
            }
            within_mount(&mut response);
            if response.status().is_success() || response.status() == StatusCode::NOT_MODIFIED {
                response.headers_mut().insert(header::VARY, HeaderValue::from_static("accept-encoding"));
            }
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

/// Whether the last segment of a path names a file: an extension after its last dot that is
/// not all digits (`main.3f2a9c.js`, `logo.png`). Content routes end in activity path ids such
/// as `1.2`, which stay client routes.
fn names_a_file(last: &str) -> bool {
    last.rsplit_once('.').is_some_and(|(_, ext)| !ext.is_empty() && !ext.bytes().all(|b| b.is_ascii_digit()))
}

/// `req` with [`MOUNT`] taken off the front of its path (`/learn` and `/learn/` become `/`).
fn below_mount(mut req: Request<Body>) -> Request<Body> {
    let uri = req.uri();
    let Some(rest) = uri.path().strip_prefix(MOUNT) else { return req };
    let path_and_query = match uri.query() {
        Some(query) => format!("/{}?{query}", rest.trim_start_matches('/')),
        None => format!("/{}", rest.trim_start_matches('/')),
    };
    if let Ok(stripped) = path_and_query.parse() {
        *req.uri_mut() = stripped;
    }
    req
}

/// Whether `path` cannot name a file: a segment longer than file systems allow (255 bytes),
/// which the file system would answer with an error rather than "not found".
fn names_no_file(path: &str) -> bool {
    path.split('/').any(|segment| segment.len() > MAX_FILE_NAME_BYTES)
}

/// Longest file name of common file systems.
const MAX_FILE_NAME_BYTES: usize = 255;

/// A redirect of the file server (a folder without its trailing slash) points below the mount,
/// where the client is, not at the site's root.
fn within_mount(response: &mut Response) {
    let Some(location) = response.headers().get(header::LOCATION).and_then(|v| v.to_str().ok()) else { return };
    if location.starts_with('/')
        && !location.starts_with("//")
        && !location.starts_with(MOUNT)
        && let Ok(value) = HeaderValue::from_str(&format!("{MOUNT}{location}"))
    {
        response.headers_mut().insert(header::LOCATION, value);
    }
}

/// Whether a file name carries a content hash like `main.3f2a9c1d.js`.
fn has_content_hash(path: &str) -> bool {
    let name = path.rsplit('/').next().unwrap_or("");
    name.split('.').any(|part| part.len() >= 8 && part.chars().all(|c| c.is_ascii_hexdigit()))
}

#[cfg(test)]
mod tests {
    use axum::{body::Body, http::Request};

    use super::{below_mount, has_content_hash, names_a_file, names_no_file};

    #[test]
    fn over_long_segments_name_no_file() {
        assert!(names_no_file(&format!("/{}", "a".repeat(256))));
        assert!(names_no_file(&format!("/x/{}/y", "a".repeat(300))));
        assert!(!names_no_file(&format!("/{}", "a".repeat(255))));
    }

    #[test]
    fn the_mount_is_taken_off_the_path_and_the_query_kept() {
        for (uri, expected) in [
            ("/learn", "/"),
            ("/learn/", "/"),
            ("/learn/courses/1/view?tab=2", "/courses/1/view?tab=2"),
            ("/learn//static/app.js", "/static/app.js"),
            ("/other", "/other"),
        ] {
            let req = Request::get(uri).body(Body::empty()).expect("request");
            assert_eq!(below_mount(req).uri().to_string(), expected, "{uri}");
        }
    }

    #[test]
    fn activity_path_ids_are_client_routes_and_extensions_are_files() {
        assert!(!names_a_file("1.2"));
        assert!(!names_a_file("1.3.2"));
        assert!(!names_a_file("content"));
        assert!(names_a_file("main.3f2a9c.js"));
        assert!(names_a_file("favicon.ico"));
        assert!(names_a_file("certificate.pdf"));
    }

    #[test]
    fn content_hashes_are_recognised() {
        assert!(has_content_hash("/static/main.3f2a9c1d.js"));
        assert!(has_content_hash("/locale-ar-AR.0123456789abcdef.js"));
        assert!(!has_content_hash("/index.html"));
        assert!(!has_content_hash("/favicon.svg"));
    }
}
