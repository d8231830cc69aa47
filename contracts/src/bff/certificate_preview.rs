//! The issued-certificate preview of the signed-in learner (spec section 2, 'Certificate preview').

use serde::{Deserialize, Serialize};
use ts_rs::TS;
use utoipa::ToSchema;

use super::ScoreDisplay;

/// What every view of an issued certificate shows of it: its number, template, issue and expiry
/// dates and whether it has expired. Embedded with `#[serde(flatten)]`: its fields stand at the
/// top level of the view's JSON.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct IssuedCertificate {
    /// The certificate number (its public id, shown and used in links).
    pub certificate_number: String,
    /// Name of the certificate template.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub template_name: Option<String>,
    /// When the certificate was issued (RFC 3339, UTC).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub issued_at: Option<String>,
    /// When it expires (RFC 3339, UTC); absent: never.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub expires_at: Option<String>,
    /// Expired: the expiry date is not after now (spec section 5).
    pub expired: bool,
}

/// `GET /api/bff/certificates/{certificateNumber}`: one of the learner's own certificates.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CertificatePreview {
    /// Number, template, issue and expiry dates, expired.
    #[serde(flatten)]
    pub certificate: IssuedCertificate,
    /// The student: full name of the signed-in learner.
    pub student_name: String,
    /// Course (objective) id.
    pub objective_id: String,
    /// Course name, when the course can still be read.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub course_name: Option<String>,
    /// Course code, when it has one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub course_code: Option<String>,
    /// Course description, when it has one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub description: Option<String>,
    /// Score of the certified result.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub score: Option<ScoreDisplay>,
    /// Grade of the certified result.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub grade: Option<String>,
    /// PDF download.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub pdf_url: Option<String>,
    /// PNG image of the certificate.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub png_url: Option<String>,
    /// Path of the public, shareable certificate page on this origin.
    pub share_path: String,
    /// When this answer changes by the clock alone (the expiry), RFC 3339 UTC.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub refresh_at: Option<String>,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bff::PublicCertificateView;
    use serde_json::Value;

    #[test]
    fn the_issued_certificate_stands_flat_in_the_public_certificate_view() {
        let view = PublicCertificateView {
            certificate: IssuedCertificate {
                certificate_number: "ACME-1".into(),
                template_name: Some("Gold".into()),
                issued_at: Some("2026-01-01T00:00:00Z".into()),
                expires_at: None,
                expired: false,
            },
            holder_name: None,
            course_name: Some("Rust".into()),
            pdf_url: None,
            png_url: None,
            share_url: "/learn/certificate/ACME-1".into(),
            refresh_at: None,
        };
        let json = serde_json::to_value(&view).expect("serialises");
        let mut keys: Vec<&str> = json.as_object().expect("an object").keys().map(String::as_str).collect();
        keys.sort_unstable();
        assert_eq!(
            keys,
            ["certificateNumber", "courseName", "expired", "issuedAt", "shareUrl", "templateName"],
            "absent options are left out and `certificate` does not nest: {json}"
        );
        assert_eq!(json["certificateNumber"], Value::from("ACME-1"));
        let back: PublicCertificateView = serde_json::from_value(json).expect("reads back");
        assert_eq!(back, view);
    }
}
