//! The activity tree of an attempt: activities, their parts, constraints, workflows and
//! records, and proctoring sessions (spec section 3).

use serde::{Deserialize, Serialize};
use time::OffsetDateTime;
use uuid::Uuid;

use super::{ActivityType, CourseState, ProctoringState, RevealPolicy, ReviewPolicy, WorkflowState, date};

/// An activity workflow: one attempt at one activity (spec section 3).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ActivityWorkflow {
    /// Workflow id.
    pub id: Option<Uuid>,
    /// Workflow status.
    pub state: WorkflowState,
    /// When it was submitted.
    #[serde(default, with = "date")]
    pub submitted: Option<OffsetDateTime>,
    /// When it was finished.
    #[serde(default, with = "date")]
    pub finished: Option<OffsetDateTime>,
    /// The last proctoring session, for proctored activities.
    pub last_proctoring_session_id: Option<Uuid>,
}

/// The best record of an activity.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ActivityRecord {
    /// Passed; `None` when the activity has no pass mark.
    pub passed: Option<bool>,
    /// Raw score.
    pub score: Option<f64>,
    /// Maximum score.
    pub max_score: Option<f64>,
    /// Score normalised to 0..1.
    pub normalized_score: Option<f64>,
}

/// Workflow and best record of an activity in the tree.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ActivityWorkflowAggregate {
    /// The last workflow; `None` when never started.
    pub last_activity_workflow: Option<ActivityWorkflow>,
    /// The best record, when one exists.
    pub best_activity_record: Option<ActivityRecord>,
}

/// Constraints of an activity part (spec section 3).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ActivityConstraint {
    /// Cannot start before.
    #[serde(default, with = "date")]
    pub start_from: Option<OffsetDateTime>,
    /// Cannot start after.
    #[serde(default, with = "date")]
    pub start_until: Option<OffsetDateTime>,
    /// Cannot be opened after.
    #[serde(default, with = "date")]
    pub accessible_until: Option<OffsetDateTime>,
    /// Cannot be worked on after (the 'Due' date plus grace).
    #[serde(default, with = "date")]
    pub grace_period_until: Option<OffsetDateTime>,
    /// Due date.
    #[serde(default, with = "date")]
    pub due: Option<OffsetDateTime>,
    /// Results revealed from.
    #[serde(default, with = "date")]
    pub reveal_results_from: Option<OffsetDateTime>,
    /// Results disclosed from (the `afterDate` disclosure policy).
    #[serde(default, with = "date")]
    pub results_disclosure_from: Option<OffsetDateTime>,
    /// Results disclosed above this score (the `afterScore` disclosure policy).
    pub results_disclosure_above: Option<f64>,
    /// When results are disclosed.
    pub results_disclosure_policy: Option<RevealPolicy>,
    /// When review is allowed.
    pub review_policy: Option<ReviewPolicy>,
}

/// An activity (spec section 3), as a node's `childActivity` or the root of a tree.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Activity {
    /// Activity id.
    pub id: Option<Uuid>,
    /// Activity name.
    pub name: Option<String>,
    /// Activity code.
    pub code: Option<String>,
    /// Item type.
    #[serde(rename = "type")]
    pub kind: ActivityType,
    /// Finer type name given upstream.
    pub activity_type: Option<String>,
    /// Activity state.
    pub state: CourseState,
    /// Supports review.
    pub support_review: Option<bool>,
    /// Usable on mobile.
    pub support_mobile_view: Option<bool>,
    /// Supports the collaborative mode.
    pub support_collaborative_mode: Option<bool>,
    /// Supports the personal mode.
    pub support_personal_mode: Option<bool>,
    /// Graded by its LTI tool.
    pub support_lti_grading: Option<bool>,
    /// Duration in seconds.
    pub duration: Option<i64>,
    /// Proctored activity.
    pub proctored: Option<bool>,
    /// Child parts, in any order (`order` sorts them).
    #[serde(default)]
    pub children: Vec<ActivityPart>,
    /// Workflow and best record.
    pub activity_workflow_aggregate: Option<ActivityWorkflowAggregate>,
}

/// A node of the activity tree (spec section 3, 'Activity part').
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ActivityPart {
    /// Position of the part in the tree, as used in content URLs.
    pub axis: Option<String>,
    /// Path id of the part.
    pub activity_path_id: Option<String>,
    /// False while previous parts are not completed.
    pub available: Option<bool>,
    /// False when the content cannot be opened.
    pub content_available: Option<bool>,
    /// Optional part.
    pub optional: Option<bool>,
    /// Sort order among its siblings.
    pub order: Option<i32>,
    /// Weight in the course score.
    pub score_weight: Option<f64>,
    /// The activity of this part.
    pub child_activity: Activity,
    /// The part's own constraints (see the gateway's inheritance rule).
    pub activity_constraint: Option<ActivityConstraint>,
    /// Why the upstream considers the part unavailable, when it says.
    pub unavailability_reason: Option<String>,
}

/// A proctoring session (spec section 3).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ProctoringSession {
    /// Session id.
    pub id: Option<Uuid>,
    /// Session state.
    pub state: ProctoringState,
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;
    use time::macros::datetime;

    #[test]
    fn activity_parts_read_the_upstream_tree() {
        let part: ActivityPart = serde_json::from_value(json!({
            "axis": "1",
            "activityPathId": "a/b",
            "available": true,
            "optional": false,
            "order": 1,
            "childActivity": {
                "type": "composite",
                "state": 2,
                "children": [{
                    "childActivity": {
                        "type": "lti",
                        "state": 3,
                        "proctored": true,
                        "activityWorkflowAggregate": {
                            "lastActivityWorkflow": {
                                "state": 3,
                                "submitted": "2026-03-01T10:00:00Z",
                                "finished": null
                            },
                            "bestActivityRecord": { "passed": false }
                        }
                    },
                    "activityConstraint": { "reviewPolicy": "never", "resultsDisclosurePolicy": "afterDate" }
                }]
            },
            "activityConstraint": { "startFrom": "2026-03-01T00:00:00", "gracePeriodUntil": null, "unknownField": 1 }
        }))
        .expect("parses");
        assert_eq!(part.activity_constraint.and_then(|c| c.start_from), Some(datetime!(2026-03-01 0:00 UTC)));
        let child = &part.child_activity.children[0];
        assert_eq!(child.child_activity.kind, ActivityType::Lti);
        assert_eq!(child.child_activity.state, CourseState::Expired);
        let workflow = child
            .child_activity
            .activity_workflow_aggregate
            .as_ref()
            .and_then(|a| a.last_activity_workflow.as_ref())
            .expect("workflow");
        assert_eq!(
            (workflow.state, workflow.submitted.is_some(), workflow.finished),
            (WorkflowState::InGrading, true, None)
        );
        assert_eq!(child.activity_constraint.as_ref().and_then(|c| c.review_policy), Some(ReviewPolicy::Never));
    }

    #[test]
    fn bad_dates_fail_with_a_readable_error() {
        let err = serde_json::from_value::<ActivityConstraint>(json!({ "due": "soon" })).expect_err("rejects");
        assert!(err.to_string().contains("not a date-time"), "{err}");
    }
}
