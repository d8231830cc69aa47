//! Activity trees and records for the rules' table tests: every field a test does not set stays empty.

use contracts::upstream::{Activity, ActivityPart, ActivityType, CourseState, ObjectiveRecord};

/// An activity of `kind` in `state` with `children`; nothing else set.
pub(crate) fn activity(kind: ActivityType, state: CourseState, children: Vec<ActivityPart>) -> Activity {
    Activity {
        id: None,
        name: None,
        code: None,
        kind,
        activity_type: None,
        state,
        support_review: None,
        support_mobile_view: None,
        support_collaborative_mode: None,
        support_personal_mode: None,
        support_lti_grading: None,
        duration: None,
        proctored: None,
        children,
        activity_workflow_aggregate: None,
    }
}

/// The part holding `child_activity`; nothing else set.
pub(crate) fn part(child_activity: Activity) -> ActivityPart {
    ActivityPart {
        axis: None,
        activity_path_id: None,
        available: None,
        content_available: None,
        optional: None,
        order: None,
        score_weight: None,
        child_activity,
        activity_constraint: None,
        unavailability_reason: None,
    }
}

/// An objective record with id `id`; nothing else set.
pub(crate) fn record(id: u128) -> ObjectiveRecord {
    ObjectiveRecord {
        id: uuid::Uuid::from_u128(id),
        objective_workflow_aggregate_id: None,
        finished: None,
        created: None,
        score: None,
        max_score: None,
        normalized_score: None,
        grade: None,
        passed: None,
        progress: None,
        protect_results: None,
        activity_workflow_id: None,
    }
}
