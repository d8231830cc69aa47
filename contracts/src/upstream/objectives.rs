//! A full course: the objective, its root activity and the learner's access to it (spec
//! section 3), as the details, catalog and open-catalog pages read them.

use serde::{Deserialize, Serialize};
use time::OffsetDateTime;
use uuid::Uuid;

use super::{
    ActivityType, CourseState, DisplayMode, GradingScale, ObjectiveRecord, ObjectiveWorkflow, PresentationMode,
    RevealPolicy, ShowcaseRef, date,
};

/// The aggregate behind an objective access, as far as the details page needs it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct AggregateRef {
    /// Aggregate id.
    pub id: Uuid,
    /// Enrolled by the learner.
    pub is_self_enrolled: Option<bool>,
}

/// The root activity of a full objective (spec section 3, 'Objective ... activity').
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ObjectiveActivity {
    /// Activity id.
    pub id: Option<Uuid>,
    /// Item type.
    #[serde(rename = "type")]
    pub kind: Option<ActivityType>,
    /// Preferred width for the embedded-custom display mode.
    pub preferred_width: Option<i32>,
    /// Preferred height for the embedded-custom display mode.
    pub preferred_height: Option<i32>,
    /// Activity state.
    pub state: Option<CourseState>,
    /// Number of child activities.
    pub children_count: Option<i32>,
    /// Presentation mode.
    pub presentation_mode: Option<PresentationMode>,
    /// The activity supports review.
    pub support_review: Option<bool>,
}

/// A certificate template of a course.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct CertificateTemplate {
    /// Template id.
    pub id: Option<Uuid>,
    /// Template name.
    pub name: Option<String>,
}

/// A full objective (course) (spec section 3): the objective of an access, read by the details
/// and catalog course pages, and an open-catalog objective (`public/open-catalog/objectives/...`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Objective {
    /// Objective id.
    pub id: Uuid,
    /// Course name.
    pub name: String,
    /// Course code.
    pub code: Option<String>,
    /// Short description.
    pub description: Option<String>,
    /// About text (HTML).
    pub about: Option<String>,
    /// Cover image URL.
    pub image_url: Option<String>,
    /// Item type of the course.
    #[serde(rename = "type")]
    pub kind: Option<ActivityType>,
    /// Course state.
    pub state: Option<CourseState>,
    /// Display mode.
    pub display_mode: Option<DisplayMode>,
    /// Presentation mode.
    pub presentation_mode: Option<PresentationMode>,
    /// Proctored course.
    pub proctored: Option<bool>,
    /// Usable on mobile.
    pub support_mobile_view: Option<bool>,
    /// Can go full screen.
    pub support_fullscreen_view: Option<bool>,
    /// Supports LTI authoring.
    pub support_lti_authoring: Option<bool>,
    /// Supports review.
    pub support_review: Option<bool>,
    /// Root activity.
    pub activity: Option<ObjectiveActivity>,
    /// Collections the course belongs to.
    #[serde(default)]
    pub showcases: Vec<ShowcaseRef>,
    /// Grading scale of the course.
    pub objective_grading_scale: Option<GradingScale>,
    /// Grading scale id.
    pub grading_scale_id: Option<Uuid>,
    /// Certificate templates.
    #[serde(default)]
    pub certificate_templates: Vec<CertificateTemplate>,
    /// Announcement chat channel.
    pub announcement_channel_id: Option<String>,
    /// Duration in seconds, when known (shown on course cards and pages, spec section 2).
    pub duration: Option<i64>,
}

/// An objective access: the learner's access to one course (spec section 3).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ObjectiveAccess {
    /// Access id.
    pub id: Uuid,
    /// The course.
    pub objective: Objective,
    /// The aggregate, once the learner is enrolled.
    pub objective_workflow_aggregate: Option<AggregateRef>,
    /// Enrolled by the learner, when the upstream sends it beside the aggregate rather than
    /// inside it; read through [`ObjectiveAccess::self_enrolled`].
    pub is_self_enrolled: Option<bool>,
    /// Retake allowed.
    pub retake: Option<bool>,
    /// Mandatory for the learner.
    pub is_mandatory: Option<bool>,
    /// Due date.
    #[serde(default, with = "date")]
    pub due_date: Option<OffsetDateTime>,
    /// The course can be started from this date.
    #[serde(default, with = "date")]
    pub availability_date: Option<OffsetDateTime>,
    /// The course can be started until this date.
    #[serde(default, with = "date")]
    pub availability_end_date: Option<OffsetDateTime>,
    /// When the grade is revealed.
    pub grade_reveal_policy: Option<RevealPolicy>,
    /// Reveal date of the `afterDate` policy.
    #[serde(default, with = "date")]
    pub grade_reveal_date: Option<OffsetDateTime>,
    /// Learner id.
    pub user_id: Option<Uuid>,
    /// Last workflow, if any was started.
    pub last_objective_workflow: Option<ObjectiveWorkflow>,
    /// Last record, if any result exists.
    pub last_objective_record: Option<ObjectiveRecord>,
}

impl ObjectiveAccess {
    /// Whether the learner enrolled themselves: the aggregate's own flag, else the one beside
    /// it; false without an aggregate.
    pub fn self_enrolled(&self) -> bool {
        self.objective_workflow_aggregate.as_ref().and_then(|a| a.is_self_enrolled.or(self.is_self_enrolled))
            == Some(true)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::{Value, json};
    use time::macros::datetime;

    #[test]
    fn self_enrolment_is_read_inside_or_beside_the_aggregate() {
        let aggregate = |inside: Value| json!({ "id": Uuid::from_u128(3), "isSelfEnrolled": inside });
        let cases = [
            ("inside", json!(null), Some(aggregate(json!(true))), true),
            ("beside", json!(true), Some(aggregate(json!(null))), true),
            ("the aggregate's own wins", json!(true), Some(aggregate(json!(false))), false),
            ("no aggregate", json!(true), None, false),
            ("neither", json!(null), Some(aggregate(json!(null))), false),
        ];
        for (case, beside, aggregate, expected) in cases {
            let access: ObjectiveAccess = serde_json::from_value(json!({
                "id": Uuid::from_u128(1),
                "objective": { "id": Uuid::from_u128(2), "name": "Course" },
                "isSelfEnrolled": beside,
                "objectiveWorkflowAggregate": aggregate,
                "lastObjectiveRecord": { "id": Uuid::from_u128(4), "finished": true, "created": "2026-03-01T12:00:00Z" },
            }))
            .unwrap_or_else(|e| panic!("{case}: {e}"));
            assert_eq!(access.self_enrolled(), expected, "{case}");
        }
    }

    /// An open-catalog objective as the sandbox sends it.
    fn open_catalog_objective() -> Value {
        json!({
            "id": Uuid::from_u128(2), "name": "Rust basics", "code": "RS-1", "description": "Short",
            "about": "<p>About</p>", "imageUrl": null, "type": "composite", "state": 2, "displayMode": 1,
            "presentationMode": 0, "proctored": false, "supportMobileView": true, "supportFullscreenView": true,
            "supportLtiAuthoring": false, "supportReview": true,
            "activity": {
                "id": Uuid::from_u128(9), "type": "composite", "state": 1, "childrenCount": 3,
                "preferredWidth": 1024, "preferredHeight": 768, "presentationMode": 0, "supportReview": true
            },
            "showcases": [{ "id": Uuid::from_u128(7), "name": "Security" }],
            "gradingScaleId": null, "objectiveGradingScale": null,
            "certificateTemplates": [{ "name": "Completion", "validDays": 365 }],
            "announcementChannelId": null, "duration": 5400, "knowledgeModelId": null
        })
    }

    #[test]
    fn open_catalog_objectives_read_as_objectives() {
        let objective: Objective = serde_json::from_value(open_catalog_objective()).expect("parses");
        assert_eq!((objective.name.as_str(), objective.code.as_deref()), ("Rust basics", Some("RS-1")));
        assert_eq!((objective.about.as_deref(), objective.duration), (Some("<p>About</p>"), Some(5400)));
        assert_eq!(objective.state, Some(CourseState::Ready));
        let activity = objective.activity.expect("activity");
        assert_eq!((activity.state, activity.children_count), (Some(CourseState::Draft), Some(3)));
        assert_eq!(objective.showcases, [ShowcaseRef { id: Uuid::from_u128(7), name: "Security".into() }]);
        let bare: Objective =
            serde_json::from_value(json!({ "id": Uuid::from_u128(2), "name": "Course" })).expect("parses");
        assert_eq!((bare.duration, bare.activity, bare.state), (None, None, None));
    }

    #[test]
    fn accesses_read_what_the_catalog_page_needs() {
        let access: ObjectiveAccess = serde_json::from_value(json!({
            "id": Uuid::from_u128(1),
            "objective": open_catalog_objective(),
            "objectiveWorkflowAggregate": { "id": Uuid::from_u128(3), "isSelfEnrolled": false },
            "isMandatory": true,
            "showInCatalog": true,
            "availabilityDate": "2026-03-01T00:00:00Z",
            "availabilityEndDate": "2026-04-01T00:00:00",
            "dueDate": null,
            "lastObjectiveWorkflow": null,
            "lastObjectiveRecord": null,
        }))
        .expect("parses");
        assert_eq!(access.objective.duration, Some(5400));
        assert_eq!(access.is_mandatory, Some(true));
        assert_eq!(
            (access.availability_date, access.availability_end_date),
            (Some(datetime!(2026-03-01 0:00 UTC)), Some(datetime!(2026-04-01 0:00 UTC)))
        );
        assert!(!access.self_enrolled());
        assert_eq!((access.last_objective_workflow, access.last_objective_record), (None, None));
    }
}
