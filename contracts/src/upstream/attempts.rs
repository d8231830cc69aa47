//! One attempt at a course and its result: objective workflows and records (spec section 3).

use serde::{Deserialize, Serialize};
use time::OffsetDateTime;
use uuid::Uuid;

use super::{WorkflowState, date};

/// An objective workflow: one attempt at a course (spec section 3).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ObjectiveWorkflow {
    /// Workflow id.
    pub id: Uuid,
    /// Workflow status.
    pub state: WorkflowState,
    /// When it was started.
    #[serde(default, with = "date")]
    pub started: Option<OffsetDateTime>,
    /// When it was submitted.
    #[serde(default, with = "date")]
    pub submitted: Option<OffsetDateTime>,
    /// When it was finished.
    #[serde(default, with = "date")]
    pub finished: Option<OffsetDateTime>,
    /// Progress, nominally 0..1.
    pub progress: Option<f64>,
    /// Results are protected: no review.
    pub protect_results: Option<bool>,
    /// The record this workflow produced, once it has one.
    pub objective_record_id: Option<Uuid>,
    /// The enrolled course (objective workflow aggregate) it is an attempt at, when given.
    pub objective_workflow_aggregate_id: Option<Uuid>,
}

/// The `finished` field of an objective record as the upstream sends it: the moment the attempt
/// finished, or only whether it did (then the record's `created` date is the moment).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum RecordFinished {
    /// Finished at this moment.
    At(
        #[serde(serialize_with = "time::serde::rfc3339::serialize", deserialize_with = "date::deserialize_required")]
        OffsetDateTime,
    ),
    /// Finished or not, without a moment.
    Flag(bool),
}

/// An objective record: the result of one attempt, or an imported result (spec section 3).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ObjectiveRecord {
    /// Record id.
    pub id: Uuid,
    /// The enrolled course (objective workflow aggregate) it belongs to.
    pub objective_workflow_aggregate_id: Option<Uuid>,
    /// Whether, or when, the attempt finished; read through [`ObjectiveRecord::finished_at`].
    pub finished: Option<RecordFinished>,
    /// When the record was made.
    #[serde(default, with = "date")]
    pub created: Option<OffsetDateTime>,
    /// Raw score.
    pub score: Option<f64>,
    /// Maximum score.
    pub max_score: Option<f64>,
    /// Score normalised to 0..1.
    pub normalized_score: Option<f64>,
    /// Grade name given upstream.
    pub grade: Option<String>,
    /// Whether the course was passed.
    pub passed: Option<bool>,
    /// Progress, nominally 0..1.
    pub progress: Option<f64>,
    /// Results are protected: no review.
    pub protect_results: Option<bool>,
    /// The activity workflow the record belongs to.
    pub activity_workflow_id: Option<Uuid>,
}

impl ObjectiveRecord {
    /// When the attempt finished: the date sent, or the record's `created` date when the
    /// upstream only says it finished; `None` when unfinished or not said.
    pub fn finished_at(&self) -> Option<OffsetDateTime> {
        match self.finished? {
            RecordFinished::At(at) => Some(at),
            RecordFinished::Flag(true) => self.created,
            RecordFinished::Flag(false) => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;
    use time::macros::datetime;

    #[test]
    fn record_finished_reads_a_date_or_a_flag() {
        let at = datetime!(2026-03-02 08:30 UTC);
        let created = datetime!(2026-03-01 12:00 UTC);
        let cases = [
            ("a date", json!({ "finished": "2026-03-02T08:30:00Z", "created": "2026-03-01T12:00:00Z" }), Some(at)),
            ("an offsetless date", json!({ "finished": "2026-03-02T08:30:00" }), Some(at)),
            ("true with created", json!({ "finished": true, "created": "2026-03-01T12:00:00Z" }), Some(created)),
            ("true without created", json!({ "finished": true }), None),
            ("false", json!({ "finished": false, "created": "2026-03-01T12:00:00Z" }), None),
            ("null", json!({ "finished": null, "created": "2026-03-01T12:00:00Z" }), None),
            ("absent", json!({ "created": "2026-03-01T12:00:00Z" }), None),
        ];
        for (case, mut raw, expected) in cases {
            raw["id"] = json!(Uuid::from_u128(1));
            let record: ObjectiveRecord = serde_json::from_value(raw).unwrap_or_else(|e| panic!("{case}: {e}"));
            assert_eq!(record.finished_at(), expected, "{case}");
        }
    }

    #[test]
    fn record_finished_rejects_anything_else() {
        for garbage in [json!("soon"), json!(1), json!({ "at": "2026-03-02T08:30:00Z" }), json!([true])] {
            let raw = json!({ "id": Uuid::from_u128(1), "finished": garbage });
            let err = serde_json::from_value::<ObjectiveRecord>(raw).expect_err("rejects");
            assert!(err.to_string().contains("RecordFinished"), "{garbage}: {err}");
        }
    }

    #[test]
    fn record_finished_writes_back_what_it_read() {
        for raw in [json!("2026-03-02T08:30:00Z"), json!(true), json!(false)] {
            let read: RecordFinished = serde_json::from_value(raw.clone()).expect("parses");
            assert_eq!(serde_json::to_value(read).expect("writes"), raw);
        }
    }
}
