//! The issued-certificate preview of the signed-in learner (spec section 2, 'Certificate preview').

use serde::{Deserialize, Serialize};
use ts_rs::TS;
use utoipa::ToSchema;

use super::ScoreDisplay;

/// `GET /api/bff/certificates/{certificateNumber}`: one of the learner's own certificates.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CertificatePreview {
    /// The certificate ID shown (its public number).
    pub certificate_number: String,
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
    /// Name of the certificate template.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub template_name: Option<String>,
    /// Score of the certified result.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub score: Option<ScoreDisplay>,
    /// Grade of the certified result.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub grade: Option<String>,
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
