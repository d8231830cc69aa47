//! Views and commands of the activities that run outside the portal's own pages: the LTI launch
//! (resource link and resource form, spec section 7), the proctored activity (session state and
//! start token) and the collaborative activity (participants and the shared group workflow).

use serde::{Deserialize, Serialize};
use ts_rs::TS;
use utoipa::ToSchema;

use super::CourseStatus;

/// Display mode of a course (spec section 4): where an LTI launch goes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
pub enum LtiDisplayMode {
    /// A new window.
    Fullscreen,
    /// A named iframe in the page, sized by the page.
    EmbeddedAuto,
    /// A named iframe with the activity's preferred width and height.
    EmbeddedCustom,
}

/// Body of `POST /api/bff/workflows/{workflowId}/launch`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct LtiLaunchRequest {
    /// The course (objective) id: its display mode and preferred size.
    pub objective_id: String,
    /// Path id of the LTI activity (`1.3`); absent for a course that is a single LTI activity.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub activity_path_id: Option<String>,
    /// Review mode: launch the last activity workflow read-only, never start one.
    #[serde(default)]
    #[ts(optional)]
    pub review: Option<bool>,
}

/// One field of the resource form.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LtiFormField {
    /// Field name.
    pub name: String,
    /// Field value.
    pub value: String,
}

/// The resource form the client submits into the launch's target (never into its own page).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LtiLaunchForm {
    /// Absolute URL of the tool's launch endpoint (an origin the tenant allows).
    pub action: String,
    /// `POST` or `GET`.
    pub method: String,
    /// The form's fields.
    pub fields: Vec<LtiFormField>,
}

/// `POST /api/bff/workflows/{workflowId}/launch`: the activity workflow is running; how to
/// launch its tool.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LtiLaunch {
    /// The objective workflow.
    pub workflow_id: String,
    /// The activity workflow launched (started now, or the running one).
    pub activity_workflow_id: String,
    /// Path id of the activity, absent for a single-activity course.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub activity_path_id: Option<String>,
    /// The resource link's target, made absolute.
    pub target_link_uri: String,
    /// The resource form.
    pub form: LtiLaunchForm,
    /// Where the form goes: a new window (fullscreen) or a named iframe.
    pub display_mode: LtiDisplayMode,
    /// Preferred width in CSS pixels (embedded custom).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub preferred_width: Option<u32>,
    /// Preferred height in CSS pixels (embedded custom).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub preferred_height: Option<u32>,
}

/// State of a proctoring session (spec section 3: 1 created, 2 finished).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
pub enum ProctoringSessionState {
    /// Created: the proctored work may go on.
    Created,
    /// Finished.
    Finished,
    /// A state this portal does not know.
    Unknown,
}

/// `GET /api/bff/courses/{objectiveId}/proctoring/{activityPathId}`: the proctored activity.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ProctoringView {
    /// Objective (course) id.
    pub objective_id: String,
    /// Course name.
    pub course_name: String,
    /// The objective workflow, once started.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub workflow_id: Option<String>,
    /// Path id of the activity.
    pub activity_path_id: String,
    /// Activity name.
    pub name: String,
    /// The activity's last activity workflow, once started.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub activity_workflow_id: Option<String>,
    /// Its status, once started.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub activity_status: Option<CourseStatus>,
    /// The last proctoring session's state, when there is one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub session: Option<ProctoringSessionState>,
    /// Spec section 4 'Availability': the session disagrees with the activity workflow, so the
    /// course is treated as in grading ('This course is being graded...').
    pub in_grading: bool,
    /// A start token may be asked for: the session is created and the activity in progress.
    pub can_start: bool,
}

/// `POST /api/bff/courses/{objectiveId}/proctoring/{activityPathId}/start-token`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ProctoringStartToken {
    /// The token the proctoring service starts the session with.
    pub token: String,
    /// The session it belongs to.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub proctoring_session_id: Option<String>,
    /// Seconds it stays valid.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub expires_in: Option<u32>,
    /// The objective workflow (for the launch that follows).
    pub workflow_id: String,
    /// The activity workflow.
    pub activity_workflow_id: String,
}

/// One participant of a collaborative activity.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CollaborationMember {
    /// User id.
    pub id: String,
    /// Full name.
    pub name: String,
    /// E-mail address.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub email: Option<String>,
    /// Role in the activity (`leader`, `member`, ...), when the platform gives one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub role: Option<String>,
    /// The signed-in learner.
    pub is_me: bool,
}

/// The group workflow the learner shares with the other members.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CollaborationGroup {
    /// Group activity workflow id (the same for every member).
    pub id: String,
    /// Group name.
    pub name: String,
    /// The group workflow's status.
    pub status: CourseStatus,
    /// Its members.
    pub members: Vec<CollaborationMember>,
}

/// What the learner can do next with a collaborative activity.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
pub enum CollaborationAction {
    /// Start the group's work (the group has not started): the start prompt.
    Start,
    /// Join the work the group has started: the join prompt.
    Join,
    /// Open the running work (the learner has joined).
    Open,
    /// Nothing (finished, review, or not available).
    None,
}

/// `GET /api/bff/courses/{objectiveId}/collaboration/{activityPathId}`: a collaborative activity.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CollaborationView {
    /// Objective (course) id.
    pub objective_id: String,
    /// The objective workflow.
    pub workflow_id: String,
    /// Path id of the activity.
    pub activity_path_id: String,
    /// Activity name.
    pub name: String,
    /// Everyone taking part in the activity, sorted by last name.
    pub participants: Vec<CollaborationMember>,
    /// The learner's group, when they are in one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub group: Option<CollaborationGroup>,
    /// The learner's activity workflow, once joined.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub activity_workflow_id: Option<String>,
    /// Its status, once joined.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub status: Option<CourseStatus>,
    /// What the learner can do next.
    pub action: CollaborationAction,
}

/// `POST /api/bff/courses/{objectiveId}/collaboration/{activityPathId}/join`: the learner works
/// on the activity with their group.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CollaborationJoinResult {
    /// The objective workflow.
    pub workflow_id: String,
    /// The learner's activity workflow in the group's work.
    pub activity_workflow_id: String,
    /// The group joined, when the learner is in one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub group_id: Option<String>,
}
