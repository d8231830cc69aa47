//! Certificate records: `certificate-records/query`, the public `public/certificate-records/{id}`
//! and the certificate's files (a one-page PDF and a PNG, made on request).

use std::sync::OnceLock;

use axum::{
    Json, Router,
    extract::{Path, State},
    http::{HeaderMap, HeaderValue, header},
    response::{IntoResponse, Response},
    routing::get,
};
use rusqlite::{OptionalExtension, params};
use serde_json::Value;

use super::{LoadOptions, json_row, json_rows, known_tenant, query_answer, sql, user};
use crate::{Shared, error::ApiError};

pub(super) fn routes() -> Router<Shared> {
    Router::new()
        .route("/t/{tenant}/api/certificate-records/query", get(query_certificates))
        .route("/t/{tenant}/api/public/certificate-records/{id}", get(public_certificate))
        .route("/t/{tenant}/api/public/certificate-records/{id}/certificate.pdf", get(pdf))
        .route("/t/{tenant}/api/public/certificate-records/{id}/certificate.png", get(png))
}

/// `http://host/t/{tenant}/api/`: the base of the certificate file URLs.
fn api_base(s: &Shared, tenant: &str) -> String {
    format!("{}t/{tenant}/api/", s.public_url)
}

fn certificates_sql(condition: &str) -> String {
    format!(
        "SELECT {} FROM certificates c WHERE c.tenant = ?2 {condition} ORDER BY c.created DESC, c.rowid DESC",
        sql::CERTIFICATE
    )
}

async fn query_certificates(
    State(s): State<Shared>,
    Path(tenant): Path<String>,
    headers: HeaderMap,
    query: LoadOptions,
) -> Result<Json<Value>, ApiError> {
    static SQL: OnceLock<String> = OnceLock::new();
    user(&s, &tenant, &headers)?;
    let rows = json_rows(&s, SQL.get_or_init(|| certificates_sql("")), params![api_base(&s, &tenant), tenant])?;
    query_answer(rows, query)
}

async fn public_certificate(
    State(s): State<Shared>,
    Path((tenant, id)): Path<(String, String)>,
) -> Result<Json<Value>, ApiError> {
    static SQL: OnceLock<String> = OnceLock::new();
    known_tenant(&tenant)?;
    // The shared link carries the certificate number; the record's id is accepted too.
    let sql = SQL.get_or_init(|| certificates_sql("AND (c.id = ?3 OR c.number = ?3)"));
    json_row(&s, sql, params![api_base(&s, &tenant), tenant, id], "such certificate")
}

/// What a certificate file shows: (number, course, learner, issued, expires).
type Face = (String, String, String, String, Option<String>);

fn face(s: &Shared, tenant: &str, id: &str) -> Result<Face, ApiError> {
    known_tenant(tenant)?;
    s.db()
        .prepare_cached(
            "SELECT c.number, o.name, u.first_name || ' ' || u.last_name, date(c.created, 'unixepoch'),
                    date(c.expiration, 'unixepoch')
             FROM certificates c JOIN objectives o ON o.id = c.objective_id JOIN users u ON u.id = c.user_id
             WHERE c.id = ?1 AND c.tenant = ?2",
        )?
        .query_row(params![id, tenant], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?, r.get(4)?)))
        .optional()?
        .ok_or_else(|| ApiError::not_found(format!("no certificate `{id}`")))
}

fn file(content_type: &'static str, bytes: Vec<u8>) -> Response {
    ([(header::CONTENT_TYPE, HeaderValue::from_static(content_type))], bytes).into_response()
}

async fn pdf(State(s): State<Shared>, Path((tenant, id)): Path<(String, String)>) -> Result<Response, ApiError> {
    let (number, course, learner, issued, expires) = face(&s, &tenant, &id)?;
    let mut lines = vec![
        format!("This certifies that {learner}"),
        format!("completed {course}"),
        format!("Certificate {number}, issued {issued}"),
    ];
    if let Some(expires) = expires {
        lines.push(format!("Valid until {expires}"));
    }
    Ok(file("application/pdf", certificate_pdf("Certificate of completion", &lines)))
}

async fn png(State(s): State<Shared>, Path((tenant, id)): Path<(String, String)>) -> Result<Response, ApiError> {
    let (number, ..) = face(&s, &tenant, &id)?;
    let bytes = certificate_png(&number)
        .map_err(|e| ApiError::new(axum::http::StatusCode::INTERNAL_SERVER_ERROR, e.to_string()))?;
    Ok(file("image/png", bytes))
}

/// A one-page PDF 1.4 (A4 landscape, Helvetica) with a title and lines of text. Written by hand:
/// five objects and a cross-reference table are all a valid PDF needs, and no PDF library is
/// worth its weight for that.
pub(super) fn certificate_pdf(title: &str, lines: &[String]) -> Vec<u8> {
    let escape = |t: &str| -> String {
        t.chars()
            .map(|c| match c {
                '(' | ')' | '\\' => format!("\\{c}"),
                c if c.is_ascii() && !c.is_ascii_control() => c.to_string(),
                _ => "?".to_string(),
            })
            .collect()
    };
    let mut content = format!("BT /F1 32 Tf 72 470 Td ({}) Tj ET\n", escape(title));
    for (i, line) in lines.iter().enumerate() {
        content.push_str(&format!("BT /F1 16 Tf 72 {} Td ({}) Tj ET\n", 400 - 30 * i as i64, escape(line)));
    }
    let objects = [
        "<< /Type /Catalog /Pages 2 0 R >>".to_string(),
        "<< /Type /Pages /Kids [3 0 R] /Count 1 >>".to_string(),
        "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 842 595] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>"
            .to_string(),
        "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>".to_string(),
        format!("<< /Length {} >>\nstream\n{content}endstream", content.len()),
    ];
    let mut out = b"%PDF-1.4\n".to_vec();
    let mut offsets = Vec::new();
    for (i, object) in objects.iter().enumerate() {
        offsets.push(out.len());
        out.extend_from_slice(format!("{} 0 obj\n{object}\nendobj\n", i + 1).as_bytes());
    }
    let xref = out.len();
    out.extend_from_slice(format!("xref\n0 {}\n0000000000 65535 f \n", objects.len() + 1).as_bytes());
    for offset in offsets {
        out.extend_from_slice(format!("{offset:010} 00000 n \n").as_bytes());
    }
    out.extend_from_slice(
        format!("trailer\n<< /Size {} /Root 1 0 R >>\nstartxref\n{xref}\n%%EOF\n", objects.len() + 1).as_bytes(),
    );
    out
}

/// A small PNG badge (240 x 160, RGB): a frame, and a colour derived from the number.
fn certificate_png(number: &str) -> Result<Vec<u8>, png::EncodingError> {
    const W: u32 = 240;
    const H: u32 = 160;
    let hue = number.bytes().fold(0u8, |acc, b| acc.wrapping_mul(31).wrapping_add(b));
    let fill = [40, 90u8.wrapping_add(hue / 2), 160];
    let mut pixels = Vec::with_capacity((W * H * 3) as usize);
    for y in 0..H {
        for x in 0..W {
            let frame = x < 8 || y < 8 || x >= W - 8 || y >= H - 8;
            pixels.extend_from_slice(if frame { &[212, 175, 55] } else { &fill });
        }
    }
    let mut out = Vec::new();
    let mut encoder = png::Encoder::new(&mut out, W, H);
    encoder.set_color(png::ColorType::Rgb);
    encoder.set_depth(png::BitDepth::Eight);
    let mut writer = encoder.write_header()?;
    writer.write_image_data(&pixels)?;
    writer.finish()?;
    Ok(out)
}
