//! Certificate records, as the learner's list and the public certificate page read them (spec
//! sections 3 and 7).

use serde::{Deserialize, Serialize};
use time::OffsetDateTime;
use uuid::Uuid;

use super::{ObjectiveRecord, date};

/// The template a certificate was issued from.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct CertificateTemplateRef {
    /// Template name.
    pub name: Option<String>,
}

/// A certificate record (spec section 3).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct CertificateRecord {
    /// Record id.
    pub id: Uuid,
    /// Public certificate number.
    pub certificate_number: String,
    /// Template it was issued from.
    pub certificate_template: Option<CertificateTemplateRef>,
    /// PDF download.
    pub certificate_pdf_url: Option<String>,
    /// PNG preview.
    pub certificate_png_url: Option<String>,
    /// External link.
    pub external_url: Option<String>,
    /// Expires at; expired when not after now.
    #[serde(default, with = "date")]
    pub expiration_date: Option<OffsetDateTime>,
    /// Course id.
    pub objective_id: Option<Uuid>,
    /// Learner id.
    pub user_id: Option<Uuid>,
    /// Passing score of the course, 0..1.
    pub normalized_passing_score: Option<f64>,
    /// The result it certifies.
    pub objective_record: Option<ObjectiveRecord>,
    /// Issued at.
    #[serde(default, with = "date")]
    pub created: Option<OffsetDateTime>,
    /// The course, when given (the public record names it).
    pub objective: Option<NamedRef>,
    /// The holder, when given (the public record names them).
    pub user: Option<CertificateHolder>,
}

/// A reference with a name (the course of a certificate).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct NamedRef {
    /// Its id, when given.
    pub id: Option<Uuid>,
    /// Its name, when given.
    pub name: Option<String>,
}

/// The holder of a certificate (snake_case, as the upstream's user shapes).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct CertificateHolder {
    /// First name.
    pub first_name: Option<String>,
    /// Middle name.
    pub middle_name: Option<String>,
    /// Last name.
    pub last_name: Option<String>,
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn certificate_records_read_the_query_and_public_shapes() {
        let record: CertificateRecord = serde_json::from_value(json!({
            "id": Uuid::from_u128(1),
            "certificateNumber": "C-1",
            "certificateTemplate": { "name": "Completion" },
            "objectiveId": Uuid::from_u128(2),
            "userId": Uuid::from_u128(3),
            "objective": { "id": Uuid::from_u128(2), "name": "Course" },
            "user": { "first_name": "Ada", "last_name": "Lovelace" },
            "objectiveRecord": { "id": Uuid::from_u128(4), "score": 80.0, "maxScore": 100.0, "passed": true, "finished": true },
            "created": "2026-03-01T12:00:00Z",
        }))
        .expect("parses");
        assert_eq!(record.objective.and_then(|o| o.name).as_deref(), Some("Course"));
        assert_eq!(record.user.and_then(|u| u.first_name).as_deref(), Some("Ada"));
        let result = record.objective_record.expect("result");
        assert_eq!((result.score, result.passed, result.finished_at()), (Some(80.0), Some(true), None));
        let bare: CertificateRecord =
            serde_json::from_value(json!({ "id": Uuid::from_u128(1), "certificateNumber": "C-1" })).expect("parses");
        assert_eq!((bare.objective, bare.user, bare.objective_record), (None, None, None));
    }
}
