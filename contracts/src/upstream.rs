//! Upstream LMS API shapes (spec section 3), as far as the gateway reads them.
//!
//! Field names follow the upstream API: camelCase for LMS entities, snake_case for the
//! current-user profile. Unknown fields are ignored so upstream additions never break us.

use serde::{Deserialize, Serialize};
use uuid::Uuid;

/// The answer of every DevExtreme-style `.../query` endpoint.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct LoadResult<T> {
    /// The page of items.
    pub data: Vec<T>,
    /// Items matching the filter before paging; present when `requireTotalCount` was sent.
    #[serde(default)]
    pub total_count: Option<i64>,
}

/// A permission held by the current user.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Permission {
    /// Permission name, for example `ObjectiveWorkflow.Create`.
    pub name: String,
    /// Scope the permission is limited to; `None` for unscoped permissions.
    #[serde(default)]
    pub scope_id: Option<String>,
}

/// The current-user profile (`GET users/me`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct UserProfile {
    /// User id.
    pub id: Uuid,
    /// Tenant the user belongs to.
    pub tenant_id: String,
    /// E-mail address.
    pub email: String,
    /// First name.
    #[serde(default)]
    pub first_name: Option<String>,
    /// Middle name.
    #[serde(default)]
    pub middle_name: Option<String>,
    /// Last name.
    #[serde(default)]
    pub last_name: Option<String>,
    /// Preferred IANA time zone.
    #[serde(default)]
    pub timezone: Option<String>,
    /// Role names: Administrator, Author, Instructor, Learner.
    #[serde(default)]
    pub roles: Vec<String>,
    /// Permissions with their scope.
    #[serde(default)]
    pub permissions: Vec<Permission>,
}

/// A collection (showcase) reference on an objective.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ShowcaseRef {
    /// Collection id.
    pub id: Uuid,
    /// Collection name.
    pub name: String,
}

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
    #[serde(default)]
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
    #[serde(default)]
    pub code: Option<String>,
    /// Optional cover image URL.
    #[serde(default)]
    pub image_url: Option<String>,
    /// Course state: draft=1, ready=2, expired=3, archived=4.
    pub state: i32,
    /// Root activity.
    pub activity: ActivitySummary,
    /// Collections the course belongs to.
    #[serde(default)]
    pub showcases: Vec<ShowcaseRef>,
    /// Grading scale of the course, when it has one.
    #[serde(default)]
    pub grading_scale_id: Option<Uuid>,
    /// Duration in seconds, when known.
    #[serde(default)]
    pub duration: Option<i64>,
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
    #[serde(default)]
    pub progress: Option<f64>,
}

/// The last objective record of an aggregate.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct RecordSummary {
    /// Record id.
    pub id: Uuid,
    /// Grade name given upstream, if any.
    #[serde(default)]
    pub grade: Option<String>,
    /// Whether the course was passed.
    #[serde(default)]
    pub passed: Option<bool>,
    /// Whether the record is final.
    #[serde(default)]
    pub finished: Option<bool>,
    /// Raw score.
    #[serde(default)]
    pub score: Option<f64>,
    /// Maximum score.
    #[serde(default)]
    pub max_score: Option<f64>,
    /// Score normalised to 0..1.
    #[serde(default)]
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
    #[serde(default)]
    pub objective_access: Option<ObjectiveAccessRef>,
    /// Mandatory for the learner.
    #[serde(default)]
    pub is_mandatory: bool,
    /// Shown in the catalog.
    #[serde(default)]
    pub show_in_catalog: bool,
    /// Term the course belongs to.
    #[serde(default)]
    pub term_id: Option<Uuid>,
    /// Learner id.
    pub user_id: Uuid,
    /// Enrolled by the learner.
    #[serde(default)]
    pub is_self_enrolled: bool,
    /// Last workflow, if any was started.
    #[serde(default)]
    pub last_objective_workflow: Option<WorkflowSummary>,
    /// Last record, if any result exists.
    #[serde(default)]
    pub last_objective_record: Option<RecordSummary>,
}

/// A grade of a grading scale.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ObjectiveGrade {
    /// Grade name.
    pub name: String,
    /// Display colour.
    #[serde(default)]
    pub color: Option<String>,
    /// Minimum normalised score (0..1) for this grade.
    pub normalized_min_score: f64,
}

/// Objective grading scale (spec section 3).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct GradingScale {
    /// Scale id.
    pub id: Uuid,
    /// Scale name.
    pub name: String,
    /// Maximum score.
    #[serde(default)]
    pub max_score: Option<f64>,
    /// Passing score normalised to 0..1.
    #[serde(default)]
    pub normalized_passing_score: Option<f64>,
    /// Grades of the scale.
    #[serde(default)]
    pub objective_grades: Vec<ObjectiveGrade>,
}

/// A term of the current user.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Term {
    /// Term id.
    pub id: Uuid,
    /// Term name.
    pub name: String,
}

/// A collection (showcase).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Showcase {
    /// Collection id.
    pub id: Uuid,
    /// Collection name.
    pub name: String,
    /// Optional code.
    #[serde(default)]
    pub code: Option<String>,
    /// Number of courses in it.
    #[serde(default)]
    pub objectives_count: Option<i64>,
    /// Sort order.
    #[serde(default)]
    pub order: Option<i64>,
}
