//! View models of the course screens: details, content tree, redirect entry and the LTI
//! workflow view (spec sections 2 and 4).

use serde::{Deserialize, Serialize};
use ts_rs::TS;
use utoipa::ToSchema;

use super::{Availability, CourseHeader, DetailsButton, DetailsNotice, LockReason, ScoreDisplay, TocStatus};

/// Where the client should go instead of showing a screen.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
pub enum CourseTarget {
    /// The course details page `/courses/{objectiveId}`.
    Details,
    /// The catalog course page `/catalog/{objectiveId}`.
    Catalog,
    /// The content player `/courses/{objectiveId}/view/content[/{axis}]`.
    Content,
    /// The proctored activity `/courses/proctor/{objectiveId}/{activityPathId}`.
    Proctor,
}

/// The result of an attempt as shown: nothing of it while the grade is hidden (spec section 4).
/// Embedded with `#[serde(flatten)]`: its fields stand at the top level of the row or result.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ShownResult {
    /// The score, unless the grade is hidden or the record has none.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub score: Option<ScoreDisplay>,
    /// The grade from the course's grading scale (else the upstream's), unless hidden.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub grade: Option<String>,
    /// Whether the attempt passed, when known and not hidden.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub passed: Option<bool>,
}

/// One earlier attempt of the previous-attempts table.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AttemptRow {
    /// Objective record id.
    pub id: String,
    /// When the attempt finished (RFC 3339), when known.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub finished: Option<String>,
    /// Score, grade and pass, unless the grade is hidden.
    #[serde(flatten)]
    pub shown: ShownResult,
}

/// A certificate of the course (spec section 3 'Certificate record', section 5 expiry).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CourseCertificate {
    /// Public certificate number (the preview route's key).
    pub certificate_number: String,
    /// Template name.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub name: Option<String>,
    /// When it was issued (RFC 3339).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub issued: Option<String>,
    /// When it expires (RFC 3339), when it does.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub expires: Option<String>,
    /// Expired: the expiry date is not after now.
    pub expired: bool,
    /// PDF download.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub pdf_url: Option<String>,
}

/// The result shown on the details cover.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DetailsResult {
    /// Hidden by the grade reveal policy: none of score, grade and pass is given.
    pub grade_hidden: bool,
    /// Score, grade and pass of the last attempt, unless the grade is hidden.
    #[serde(flatten)]
    pub shown: ShownResult,
}

/// A part of the course details page that has a read of its own.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum DetailsPart {
    /// The earlier attempts (`attempts`).
    Attempts,
    /// The course's certificates (`certificates`).
    Certificates,
}

/// `GET /api/bff/courses/{objectiveId}`: the course details page.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CourseDetailsView {
    /// Id, name, code, description and cover image.
    #[serde(flatten)]
    pub course: CourseHeader,
    /// Objective workflow aggregate id, once enrolled.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub aggregate_id: Option<String>,
    /// The last objective workflow's id, when one was started.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub workflow_id: Option<String>,
    /// About text (HTML, as the upstream gives it).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub about: Option<String>,
    /// Collection names.
    pub collections: Vec<String>,
    /// Mandatory for the learner.
    pub is_mandatory: bool,
    /// Status from the last workflow and record.
    pub status: super::CourseStatus,
    /// Progress, 0..=100.
    pub progress_percent: u32,
    /// Due date (RFC 3339).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub due_date: Option<String>,
    /// The due date has passed and the course is not completed (as on its card and dashboard
    /// entry).
    #[serde(default)]
    pub overdue: bool,
    /// The dates of the availability notices.
    #[serde(flatten)]
    pub availability: Availability,
    /// Buttons, in display order.
    pub buttons: Vec<DetailsButton>,
    /// Notices, in display order.
    pub notices: Vec<DetailsNotice>,
    /// The result of the last attempt.
    pub result: DetailsResult,
    /// Earlier attempts, newest first.
    pub attempts: Vec<AttemptRow>,
    /// Whether the attempts table shows its score column.
    pub attempts_score_column: bool,
    /// Certificates of the course, newest first.
    pub certificates: Vec<CourseCertificate>,
    /// Parts of the page the platform could not give for now (their own read failed with a
    /// 5xx, a broken connection or a timeout): the rest of the page is shown, and the client
    /// says so in their place and offers to load the page again. Empty when all was read.
    #[serde(default)]
    pub unavailable: Vec<DetailsPart>,
    /// Set when the client should show the catalog page instead (spec section 4 'Auto-redirect').
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub redirect: Option<CourseTarget>,
    /// The next moment this answer changes by the clock alone (RFC 3339); refetch then.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub refresh_at: Option<String>,
}

/// One item of the table of contents, in reading order.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TreeItem {
    /// Activity id.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub activity_id: Option<String>,
    /// Path id of the part (`1.3`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub activity_path_id: Option<String>,
    /// Nesting depth, 0 for top-level parts.
    pub depth: u32,
    /// Activity name.
    pub name: String,
    /// Item type (`text`, `lti`, `composite`, ...; others as the upstream names them).
    pub kind: String,
    /// Status icon.
    pub status: TocStatus,
    /// Cannot be opened from the contents.
    pub locked: bool,
    /// Disabled by availability, dates or review hiding.
    pub disabled: bool,
    /// Why, when locked or disabled.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub lock_reason: Option<LockReason>,
    /// The upstream's own reason, with `unavailable`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub lock_message: Option<String>,
    /// Optional part.
    pub optional: bool,
    /// A proctored LTI activity (proctored tooltip).
    pub proctored: bool,
    /// Due date of its effective constraint (RFC 3339).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub due: Option<String>,
    /// Score of its best record; absent without one, or while the course's or the activity's
    /// results are hidden (spec section 4 'Grade visibility').
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub score: Option<ScoreDisplay>,
}

/// `GET /api/bff/courses/{objectiveId}/tree`: the content tree of one workflow.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CourseTreeView {
    /// Objective id.
    pub objective_id: String,
    /// The objective workflow shown.
    pub workflow_id: String,
    /// Items in reading order; archived ones (and their children) are left out.
    pub items: Vec<TreeItem>,
    /// Path id of the activity to open next, when the learner can go on working (see
    /// `canContinue`) and there is one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub open_next: Option<String>,
    /// The course's status, as every view shows it (a proctoring mismatch is in grading).
    pub status: super::CourseStatus,
    /// The course's progress, 0..=100, as every view shows it.
    pub progress_percent: u32,
    /// The course's grade is hidden, as on every view.
    pub grade_hidden: bool,
    /// The learner can go on working in the content (the last attempt is the one shown, it is
    /// in progress and not treated as in grading, and the course is neither draft nor archived).
    pub can_continue: bool,
    /// The next moment this answer changes by the clock alone (RFC 3339); refetch then.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub refresh_at: Option<String>,
}

/// `GET /api/bff/redirect`: where the redirect entry sends the learner.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RedirectView {
    /// The kind of place.
    pub target: CourseTarget,
    /// Path relative to the client's base path (`/courses/...`), with the query kept.
    pub path: String,
}

/// `GET /api/bff/workflows/{workflowId}`: the view of an LTI activity workflow.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct WorkflowView {
    /// Objective workflow id.
    pub workflow_id: String,
    /// Workflow status.
    pub status: super::CourseStatus,
    /// Progress, 0..=100.
    pub progress_percent: u32,
    /// Started at (RFC 3339).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub started: Option<String>,
    /// Submitted at (RFC 3339).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub submitted: Option<String>,
    /// Finished at (RFC 3339).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub finished: Option<String>,
    /// The record, once the workflow has one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub objective_record_id: Option<String>,
    /// The LTI activities of the workflow with their activity workflows, in reading order.
    pub activities: Vec<WorkflowActivity>,
}

/// One LTI activity of [`WorkflowView`].
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct WorkflowActivity {
    /// Path id of the part.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub activity_path_id: Option<String>,
    /// Activity name.
    pub name: String,
    /// The last activity workflow's id, once started (for the resource link and form).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub activity_workflow_id: Option<String>,
    /// Its status, once started.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub status: Option<super::CourseStatus>,
    /// Proctored.
    pub proctored: bool,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_shown_result_stands_flat_in_an_attempt_row() {
        let row = AttemptRow {
            id: "r1".into(),
            finished: None,
            shown: ShownResult { score: None, grade: Some("A".into()), passed: Some(true) },
        };
        let json = serde_json::to_value(&row).expect("serialises");
        let mut keys: Vec<&str> = json.as_object().expect("an object").keys().map(String::as_str).collect();
        keys.sort_unstable();
        assert_eq!(keys, ["grade", "id", "passed"], "`shown` does not nest: {json}");
        let back: AttemptRow = serde_json::from_value(json).expect("reads back");
        assert_eq!(back, row);
    }
}
