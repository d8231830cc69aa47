//! Upstream LMS API shapes (spec section 3), as far as the gateway reads them.
//!
//! Field names follow the upstream API: camelCase for LMS entities, snake_case for the
//! current-user profile. Unknown fields are ignored so upstream additions never break us.
//!
//! One module per resource area; every shape is re-exported here, so it is named
//! `contracts::upstream::Shape` whatever module holds it.
//!
//! A field that may be absent is an `Option`, which serde reads as `None` when absent or
//! `null`, with no attribute. `#[serde(default)]` marks only what would otherwise be required:
//! lists and flags, and dates read through [`date`] (a `with` function makes even an `Option`
//! required).

use serde::{Deserialize, Serialize};

mod activities;
mod activity_content;
mod attempts;
mod catalog;
mod certificates;
mod commands;
pub mod date;
mod enrolments;
mod enums;
mod objectives;
mod users;

pub use activities::*;
pub use activity_content::*;
pub use attempts::*;
pub use catalog::*;
pub use certificates::*;
pub use commands::*;
pub use enrolments::*;
pub use enums::*;
pub use objectives::*;
pub use users::*;

/// The answer of every DevExtreme-style `.../query` endpoint.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct LoadResult<T> {
    /// The page of items.
    pub data: Vec<T>,
    /// Items matching the filter before paging; present when `requireTotalCount` was sent.
    pub total_count: Option<i64>,
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::{Value, json};
    use uuid::Uuid;

    /// Reads `minimal` (only the fields that must be there) as `T`, checks that every field it
    /// lacks is written back empty (`null`, `[]` or `false`) and that what is written reads
    /// back the same. Answers what was written.
    fn read_with_only_required<T>(minimal: Value) -> Value
    where
        T: serde::de::DeserializeOwned + Serialize + PartialEq + std::fmt::Debug,
    {
        let name = std::any::type_name::<T>();
        let read: T = serde_json::from_value(minimal.clone()).unwrap_or_else(|e| panic!("{name}: {e}"));
        let written = serde_json::to_value(&read).unwrap_or_else(|e| panic!("{name}: {e}"));
        for (field, value) in written.as_object().unwrap_or_else(|| panic!("{name}: not an object")) {
            if minimal.get(field).is_none() {
                let empty = value.is_null() || *value == json!([]) || *value == json!(false);
                assert!(empty, "{name}.{field} absent but written as {value}");
            }
        }
        let again: T = serde_json::from_value(written.clone()).unwrap_or_else(|e| panic!("{name} again: {e}"));
        assert_eq!(again, read, "{name}");
        written
    }

    #[test]
    fn every_optional_field_may_be_absent_or_null() {
        let id = Uuid::from_u128(1);
        let activity = json!({ "type": "text", "state": 2 });
        let objective = json!({ "id": id, "name": "Course" });
        let summary =
            json!({ "id": id, "name": "Course", "state": 2, "activity": { "id": id, "type": "text", "state": 2 } });
        let written = [
            read_with_only_required::<LoadResult<Term>>(json!({ "data": [] })),
            read_with_only_required::<Permission>(json!({ "name": "ObjectiveWorkflow.Create" })),
            read_with_only_required::<UserProfile>(json!({ "id": id, "tenant_id": "t", "email": "a@b" })),
            read_with_only_required::<ShowcaseRef>(json!({ "id": id, "name": "Security" })),
            read_with_only_required::<ActivitySummary>(json!({ "id": id, "type": "text", "state": 2 })),
            read_with_only_required::<ObjectiveSummary>(summary.clone()),
            read_with_only_required::<ObjectiveAccessRef>(json!({ "id": id })),
            read_with_only_required::<WorkflowSummary>(json!({ "id": id, "state": 1 })),
            read_with_only_required::<RecordSummary>(json!({ "id": id })),
            read_with_only_required::<ObjectiveWorkflowAggregate>(
                json!({ "id": id, "objective": summary, "userId": id }),
            ),
            read_with_only_required::<ObjectiveGrade>(json!({ "name": "A", "normalizedMinScore": 0.9 })),
            read_with_only_required::<GradingScale>(json!({ "id": id, "name": "Scale" })),
            read_with_only_required::<Term>(json!({ "id": id, "name": "Spring" })),
            read_with_only_required::<Showcase>(json!({ "id": id, "name": "Security" })),
            read_with_only_required::<ObjectiveWorkflow>(json!({ "id": id, "state": 1 })),
            read_with_only_required::<ObjectiveRecord>(json!({ "id": id })),
            read_with_only_required::<AggregateRef>(json!({ "id": id })),
            read_with_only_required::<ObjectiveActivity>(json!({})),
            read_with_only_required::<CertificateTemplate>(json!({})),
            read_with_only_required::<Objective>(objective.clone()),
            read_with_only_required::<ObjectiveAccess>(json!({ "id": id, "objective": objective })),
            read_with_only_required::<ActivityWorkflow>(json!({ "state": 1 })),
            read_with_only_required::<ActivityRecord>(json!({})),
            read_with_only_required::<ActivityWorkflowAggregate>(json!({})),
            read_with_only_required::<ActivityConstraint>(json!({})),
            read_with_only_required::<Activity>(activity.clone()),
            read_with_only_required::<ActivityPart>(json!({ "childActivity": activity })),
            read_with_only_required::<ProctoringSession>(json!({ "state": 1 })),
            read_with_only_required::<CertificateTemplateRef>(json!({})),
            read_with_only_required::<CertificateRecord>(json!({ "id": id, "certificateNumber": "C-1" })),
            read_with_only_required::<CommandError>(json!({})),
            read_with_only_required::<CommandStatus>(json!({})),
            read_with_only_required::<NamedRef>(json!({})),
            read_with_only_required::<CertificateHolder>(json!({})),
            read_with_only_required::<UnitMembership>(json!({})),
            read_with_only_required::<Unit>(json!({ "id": id, "name": "Unit" })),
            read_with_only_required::<UnitList>(json!({})),
            read_with_only_required::<CaptionTrack>(json!({ "url": "https://cdn.example/en.vtt" })),
            read_with_only_required::<ActivityContentFields>(json!({})),
        ];
        // Field names as the upstream spells them: camelCase for LMS entities, snake_case for
        // the current user.
        assert!(written[2].get("first_name").is_some() && written[9].get("lastObjectiveWorkflow").is_some());
    }
}
