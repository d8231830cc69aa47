//! The learner dashboard (spec section 2 '/': dashboard when it is on).

use serde::{Deserialize, Serialize};
use ts_rs::TS;
use utoipa::ToSchema;

use super::CourseStatus;

/// A course as the dashboard lists it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DashboardCourse {
    /// Course (objective) id.
    pub objective_id: String,
    /// Course name.
    pub name: String,
    /// Course code, when it has one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub code: Option<String>,
    /// Cover image URL; when absent the card shows `color`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub image_url: Option<String>,
    /// Background colour of a course without cover image: one of seven, the course's own on
    /// every card and page.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub color: Option<String>,
    /// Status from the last workflow and record.
    pub status: CourseStatus,
    /// Progress as a whole percentage, 0..=100.
    pub progress_percent: u32,
    /// Mandatory for the learner.
    pub is_mandatory: bool,
    /// Due date (RFC 3339, UTC), when it has one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub due_date: Option<String>,
    /// The due date has passed and the course is not completed (as on its My courses card).
    #[serde(default)]
    pub overdue: bool,
    /// When the last attempt finished (RFC 3339, UTC), for finished courses.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub finished_at: Option<String>,
    /// Whether the course was passed, for finished courses, when known.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub passed: Option<bool>,
    /// Where the course leads, relative to the client's base path.
    pub link: String,
    /// The grade is hidden (reveal policy, grading in progress): `passed` is not given.
    #[serde(default)]
    pub grade_hidden: bool,
    /// Unread messages in the course's announcement channel (0 when none or when the chat
    /// service did not answer).
    #[serde(default)]
    pub unread_announcements: u32,
    /// The course's announcement channel, which the unread indicator opens.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub announcement_channel_id: Option<String>,
}

/// `GET /api/bff/dashboard`: in progress, due soon, recently finished.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DashboardView {
    /// Courses in progress (progress filter 'inProgress'), by name.
    pub in_progress: Vec<DashboardCourse>,
    /// Courses not completed whose due date is ahead and within the due-soon window, soonest first.
    pub due_soon: Vec<DashboardCourse>,
    /// Completed courses, most recently finished first (at most the configured count).
    pub recently_finished: Vec<DashboardCourse>,
    /// Days ahead that count as 'due soon'.
    pub due_soon_days: u32,
    /// When this answer changes by the clock alone (a due date passes or enters the window), RFC 3339 UTC.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub refresh_at: Option<String>,
}
