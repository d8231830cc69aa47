//! Bodies and answers of the `/api/bff` commands: enrol, start, submit, finish, time zone.

use serde::{Deserialize, Serialize};
use ts_rs::TS;
use utoipa::ToSchema;

/// The query flow of a link into the portal (spec section 4 'Query flags'), passed as the
/// `occflow` query parameter of `POST /api/bff/courses/{objectiveId}/enroll`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS, ToSchema)]
pub enum Occflow {
    /// `occflow=addToMyCourses`: enrol (nothing to do when already enrolled) and wait for the
    /// course to appear.
    #[serde(rename = "addToMyCourses")]
    AddToMyCourses,
    /// `occflow=startTheCourse`: as `addToMyCourses`, then the whole start sequence.
    #[serde(rename = "startTheCourse")]
    StartTheCourse,
}

/// `POST /api/bff/courses/{objectiveId}/enroll`: the course is in My courses.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct EnrollResult {
    /// Objective (course) id.
    pub objective_id: String,
    /// The enrolled course's objective workflow aggregate id.
    pub aggregate_id: String,
    /// Course name, for 'You have successfully been enrolled to {{courseName}}'.
    pub course_name: String,
    /// True when the learner was enrolled already and nothing was sent (query flows only).
    pub already_enrolled: bool,
    /// The start sequence's answer, for `occflow=startTheCourse`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub start: Option<StartResult>,
}

/// Where the client goes after starting a course.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
pub enum StartDestinationKind {
    /// The content player, at the activity to open next.
    Content,
    /// An LTI course: reload the course view (spec section 4 'LTI activities reload the
    /// course view instead').
    ReloadCourse,
}

/// `POST /api/bff/courses/{objectiveId}/start`: the course is started; where to go.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StartResult {
    /// Objective (course) id.
    pub objective_id: String,
    /// The running objective workflow.
    pub workflow_id: String,
    /// True when a new objective workflow was created (first start or retake); false when the
    /// one in progress goes on.
    pub new_workflow: bool,
    /// True when the learner was self-enrolled first.
    pub enrolled: bool,
    /// The activity workflows of the course's activity (started now or already running).
    pub activity_workflow_ids: Vec<String>,
    /// Where to go.
    pub destination: StartDestinationKind,
    /// Path of the activity to open next (`1.2`), when the content has one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub activity_path_id: Option<String>,
    /// Where to go, relative to the client's base path (`/courses/...`).
    pub url: String,
}

/// `POST /api/bff/workflows/{workflowId}/submit`: the attempt is handed in.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SubmitResult {
    /// The objective workflow.
    pub workflow_id: String,
    /// Its state now: 2 submitted, 3 in grading, ... (spec section 4).
    pub state: i32,
    /// The record the submission produced, when the upstream names it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub objective_record_id: Option<String>,
}

/// Body of `POST /api/bff/workflows/{workflowId}/activities/finish`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct FinishActivitiesRequest {
    /// The activity workflows to finish (at least one).
    pub activity_workflow_ids: Vec<String>,
}

/// `POST /api/bff/workflows/{workflowId}/activities/finish`: the activities are finished.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct FinishActivitiesResult {
    /// The objective workflow.
    pub workflow_id: String,
    /// The activity workflows finished.
    pub activity_workflow_ids: Vec<String>,
    /// The course's progress now, as a whole percentage, 0..=100.
    pub progress_percent: u32,
}

/// `POST /api/bff/workflows/{workflowId}/finish`: the course attempt is finished.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct FinishObjectiveResult {
    /// The objective workflow.
    pub workflow_id: String,
    /// Its final record.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub objective_record_id: Option<String>,
    /// True when finishing issued a certificate.
    pub certificate_issued: bool,
}

/// Body of `POST /api/bff/profile/timezone`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct TimezoneRequest {
    /// IANA time-zone name, for example `Europe/Paris`.
    pub timezone: String,
}

/// `POST /api/bff/profile/timezone`: the learner's time zone.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TimezoneResult {
    /// The time zone in force now.
    pub timezone: String,
    /// False when it equalled the current one and nothing was saved (spec section 5).
    pub changed: bool,
}
