//! Seeded course files: `GET` (and `HEAD`, which axum answers from the same handler without the
//! body) `public/files/{name}`, as a storage host would serve the attachments that About HTML
//! links to. No token (storage links are public), `Content-Length` on both methods (the
//! portal's attachment size label reads it with `HEAD`), and `Access-Control-Allow-Origin: *`
//! so a portal that lists this host as a storage host can load a PDF into its viewer.

use axum::{
    Router,
    extract::Path,
    http::{HeaderValue, header},
    response::{IntoResponse, Response},
    routing::get,
};

use super::{certificates::certificate_pdf, known_tenant};
use crate::{Shared, error::ApiError};

pub(super) fn routes() -> Router<Shared> {
    Router::new().route("/t/{tenant}/api/public/files/{name}", get(get_file))
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

async fn get_file(Path((tenant, name)): Path<(String, String)>) -> Result<Response, ApiError> {
    known_tenant(&tenant)?;
    let (content_type, bytes) = content(&name).ok_or_else(|| ApiError::not_found(format!("no file `{name}`")))?;
    let disposition = format!("inline; filename=\"{name}\"");
    let mut response = bytes.into_response();
    let headers = response.headers_mut();
    headers.insert(header::CONTENT_TYPE, HeaderValue::from_static(content_type));
    headers.insert(header::ACCESS_CONTROL_ALLOW_ORIGIN, HeaderValue::from_static("*"));
    if let Ok(value) = HeaderValue::from_str(&disposition) {
        headers.insert(header::CONTENT_DISPOSITION, value);
    }
    Ok(response)
}
