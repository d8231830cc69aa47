//! Enrolled courses as the lists read them: the objective workflow aggregate and the summaries
//! inside it (spec section 3).

use serde::{Deserialize, Serialize};
use uuid::Uuid;

use super::ShowcaseRef;

/// The root activity of an objective, as far as lists need it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ActivitySummary {
    /// Activity id.
    pub id: Uuid,
    /// Item type: composite, lti, text, video, discussion, event, ...
    #[serde(rename = "type")]
    pub kind: String,
    /// Course state: draft=1, ready=2, expired=3, archived=4.
    pub state: i32,
    /// Number of child activities (composite courses).
    pub children_count: Option<i32>,
}

/// An objective (course), as far as lists need it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ObjectiveSummary {
    /// Objective id.
    pub id: Uuid,
    /// Course name.
    pub name: String,
    /// Optional course code.
    pub code: Option<String>,
    /// Optional cover image URL.
    pub image_url: Option<String>,
    /// Course state: draft=1, ready=2, expired=3, archived=4.
    pub state: i32,
    /// Root activity.
    pub activity: ActivitySummary,
    /// Collections the course belongs to.
    #[serde(default)]
    pub showcases: Vec<ShowcaseRef>,
    /// Grading scale of the course, when it has one.
    pub grading_scale_id: Option<Uuid>,
    /// Duration in seconds, when known.
    pub duration: Option<i64>,
    /// The course's announcement channel in the tenant's chat service.
    pub announcement_channel_id: Option<String>,
}

/// Reference to the objective access behind an aggregate.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ObjectiveAccessRef {
    /// Objective access id.
    pub id: Uuid,
}

/// The last objective workflow of an aggregate.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct WorkflowSummary {
    /// Workflow id.
    pub id: Uuid,
    /// Workflow status: inProgress=1, submitted=2, inGrading=3, graded=4, gradingApproved=5, finished=6.
    pub state: i32,
    /// Progress, nominally 0..1 (clamped by the gateway).
    pub progress: Option<f64>,
}

/// The last objective record of an aggregate.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct RecordSummary {
    /// Record id.
    pub id: Uuid,
    /// Grade name given upstream, if any.
    pub grade: Option<String>,
    /// Whether the course was passed.
    pub passed: Option<bool>,
    /// Whether the record is final.
    pub finished: Option<bool>,
    /// Raw score.
    pub score: Option<f64>,
    /// Maximum score.
    pub max_score: Option<f64>,
    /// Score normalised to 0..1.
    pub normalized_score: Option<f64>,
}

/// An enrolled course: objective workflow aggregate (spec section 3).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ObjectiveWorkflowAggregate {
    /// Aggregate id.
    pub id: Uuid,
    /// The course.
    pub objective: ObjectiveSummary,
    /// The objective access behind the aggregate.
    pub objective_access: Option<ObjectiveAccessRef>,
    /// Mandatory for the learner.
    #[serde(default)]
    pub is_mandatory: bool,
    /// Shown in the catalog.
    #[serde(default)]
    pub show_in_catalog: bool,
    /// Term the course belongs to.
    pub term_id: Option<Uuid>,
    /// Learner id.
    pub user_id: Uuid,
    /// Enrolled by the learner.
    #[serde(default)]
    pub is_self_enrolled: bool,
    /// Last workflow, if any was started.
    pub last_objective_workflow: Option<WorkflowSummary>,
    /// Last record, if any result exists.
    pub last_objective_record: Option<RecordSummary>,
}
