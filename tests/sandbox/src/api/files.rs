//! Seeded course files, as the storage that About HTML links attachments on:
//!
//! - `GET`/`HEAD public/files/{name}` (axum answers `HEAD` from the same handler without the
//!   body): public storage, no token, `Access-Control-Allow-Origin: *`;
//! - `GET`/`HEAD lms-storage/files/{name}`: the LMS's own storage, which gives files only to a
//!   signed-in user (bearer token, 401 without), so a browser cannot read it with the portal's
//!   session: the portal reads it for the learner. Besides the seeded files it has a file no
//!   learner may read (403), a renamed file (a 301 to its new name on the same storage), a file
//!   moved to another host (a 302 off this origin) and an HTML page (a file type a portal must
//!   never show in place).
//!
//! Both answer `Content-Length` on both methods (the portal's attachment size label reads it
//! with `HEAD`) and `Content-Disposition: inline` with the file's name.

use axum::{
    Router,
    extract::{Path, State},
    http::{HeaderMap, HeaderValue, StatusCode, header},
    response::{IntoResponse, Response},
    routing::get,
};

use super::{certificates::certificate_pdf, known_tenant, user};
use crate::{Shared, error::ApiError};

pub(super) fn routes() -> Router<Shared> {
    Router::new()
        .route("/t/{tenant}/api/public/files/{name}", get(get_public_file))
        .route("/t/{tenant}/api/lms-storage/files/{name}", get(get_storage_file))
}

/// A seeded file's content type and bytes.
fn content(name: &str) -> Option<(&'static str, Vec<u8>)> {
    match name {
        "safety-checklist.pdf" => Some((
            "application/pdf",
            certificate_pdf(
                "Workplace safety checklist",
                &[
                    "1. Know the two nearest fire exits.".to_string(),
                    "2. Keep walkways and exits clear.".to_string(),
                    "3. Report spills and hazards at once.".to_string(),
                    "4. Wear the protective equipment of your area.".to_string(),
                    "5. Know where the first aid kit is.".to_string(),
                ],
            ),
        )),
        "emergency-contacts.csv" => Some((
            "text/csv; charset=utf-8",
            b"role,name,phone\nFire warden,Sam Patel,+44 20 7946 0101\nFirst aider,Jo Lee,+44 20 7946 0102\nSecurity desk,,+44 20 7946 0100\n"
                .to_vec(),
        )),
        _ => None,
    }
}

/// The LMS storage's files besides the seeded ones.
enum Stored {
    File(&'static str, Vec<u8>),
    /// No learner may read it.
    Forbidden,
    /// A redirect (status, where).
    Moved(StatusCode, String),
}

fn stored(name: &str) -> Option<Stored> {
    match name {
        "instructor-notes.pdf" => Some(Stored::Forbidden),
        "safety-checklist-2023.pdf" => {
            Some(Stored::Moved(StatusCode::MOVED_PERMANENTLY, "safety-checklist.pdf".into()))
        }
        "archived-checklist.pdf" => {
            Some(Stored::Moved(StatusCode::FOUND, "https://archive.storage.invalid/acme/archived-checklist.pdf".into()))
        }
        "welcome.html" => Some(Stored::File(
            "text/html; charset=utf-8",
            b"<!doctype html><title>Welcome</title><script>document.title = 'ran'</script><p>Welcome</p>".to_vec(),
        )),
        other => content(other).map(|(kind, bytes)| Stored::File(kind, bytes)),
    }
}

fn file_response(name: &str, content_type: &'static str, bytes: Vec<u8>) -> Response {
    let disposition = format!("inline; filename=\"{name}\"");
    let mut response = bytes.into_response();
    let headers = response.headers_mut();
    headers.insert(header::CONTENT_TYPE, HeaderValue::from_static(content_type));
    if let Ok(value) = HeaderValue::from_str(&disposition) {
        headers.insert(header::CONTENT_DISPOSITION, value);
    }
    response
}

async fn get_public_file(Path((tenant, name)): Path<(String, String)>) -> Result<Response, ApiError> {
    known_tenant(&tenant)?;
    let (content_type, bytes) = content(&name).ok_or_else(|| ApiError::not_found(format!("no file `{name}`")))?;
    let mut response = file_response(&name, content_type, bytes);
    response.headers_mut().insert(header::ACCESS_CONTROL_ALLOW_ORIGIN, HeaderValue::from_static("*"));
    Ok(response)
}

async fn get_storage_file(
    State(s): State<Shared>,
    Path((tenant, name)): Path<(String, String)>,
    headers: HeaderMap,
) -> Result<Response, ApiError> {
    user(&s, &tenant, &headers)?;
    match stored(&name).ok_or_else(|| ApiError::not_found(format!("no file `{name}`")))? {
        Stored::File(content_type, bytes) => Ok(file_response(&name, content_type, bytes)),
        Stored::Forbidden => Err(ApiError::new(StatusCode::FORBIDDEN, format!("`{name}` is for instructors only"))),
        Stored::Moved(status, to) => {
            let mut response = status.into_response();
            let location = HeaderValue::from_str(&to).map_err(|_| ApiError::bad_request("no location"))?;
            response.headers_mut().insert(header::LOCATION, location);
            Ok(response)
        }
    }
}
