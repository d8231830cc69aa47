//! View models of the gateway's `/api/bff` routes and the client's runtime config.
//!
//! These are the only shapes the client reads; TypeScript bindings are generated from them
//! into `client/src/api/contracts/bff.ts` (see [`crate::typescript`]).

use serde::{Deserialize, Serialize};
use ts_rs::TS;
use utoipa::ToSchema;

/// The problem body of every error the gateway answers (RFC 9457 fields plus a stable code).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Problem {
    /// Stable machine-readable code, for example `forbidden` or `bad_request`.
    pub error: String,
    /// Short human-readable summary.
    pub title: String,
    /// HTTP status code.
    pub status: u16,
    /// Human-readable explanation of this occurrence.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub detail: Option<String>,
    /// Request id, to quote when reporting the problem.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub request_id: Option<String>,
    /// Messages per field of a refused or failed command (spec section 8), when it has any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub field_errors: Option<std::collections::BTreeMap<String, Vec<String>>>,
    /// The date a refusal names, RFC 3339: when the course can be started
    /// (`will_be_available`) or until when it could be (`was_available_before`). The client
    /// writes it in the learner's language and time zone; `detail` has it for other callers.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub date: Option<String>,
}

/// Why a request has no valid session.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum UnauthorizedReason {
    /// No session cookie, or one the gateway does not know.
    None,
    /// The session passed its idle or absolute expiry.
    Expired,
    /// The session was ended (logout elsewhere, back-channel logout).
    Revoked,
    /// The access token could not be refreshed.
    RefreshFailed,
    /// The learning platform refused the session's access token even after the gateway
    /// renewed it: signing in again may help once, but a client that was just signed in and
    /// gets this again should stop and say so rather than send the browser round again.
    TokenRefused,
}

/// The 401 body of every API call made without a valid session.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Unauthorized {
    /// Always `unauthorized`.
    pub error: String,
    /// Why there is no valid session.
    pub reason: UnauthorizedReason,
    /// Where the browser goes to sign in again (same origin, relative).
    pub login_url: String,
}

/// The signed-in user as the client shows them.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SessionUser {
    /// User id.
    pub id: String,
    /// E-mail address.
    pub email: String,
    /// Full name from first, middle and last name; the e-mail when all are empty.
    pub full_name: String,
    /// Preferred IANA time zone, when set.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub timezone: Option<String>,
}

/// `GET /api/bff/session`: who is signed in, for which tenant, until when.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SessionView {
    /// The signed-in user.
    pub user: SessionUser,
    /// Tenant id.
    pub tenant: String,
    /// Role names.
    pub roles: Vec<String>,
    /// Permission names the user holds (scopes are checked by the gateway).
    pub permissions: Vec<String>,
    /// Seconds of inactivity after which the session ends.
    pub idle_timeout_seconds: u32,
    /// When the session ends without further activity (RFC 3339, UTC).
    pub idle_expires_at: String,
    /// Where the browser goes to sign out (POST or GET).
    pub logout_url: String,
    /// Where this user belongs (spec section 6 permission routing).
    pub home: SessionHome,
    /// The navigation items that depend on this user's permissions.
    pub navigation: SessionNavigation,
}

/// Body of `POST /api/bff/session/adopt`: the one-time code a framed portal received from its
/// parent page after a sign-in in a popup.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct AdoptSessionRequest {
    /// The code of the `learner-portal:signed-in` message (43 characters of base64url).
    #[schema(min_length = 43, max_length = 43, pattern = "^[A-Za-z0-9_-]{43}$")]
    pub code: String,
}

/// Navigation items the user may see (spec section 2 navigation, section 6 rules); absent: hidden.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SessionNavigation {
    /// Research projects on the platform (with `returnUrl=/`): feature, config flag and unscoped `Research.Access`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub research_projects_url: Option<String>,
    /// Knowledge models on the platform (with `returnUrl=/`): feature, config flag and unscoped `Research.Access`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub knowledge_models_url: Option<String>,
    /// The go-to-portal item, when the user may open a page of the platform navigation.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub portal_url: Option<String>,
}

/// A plug-in item of the learner navigation, from the tenant config.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct NavPluginItem {
    /// The item's text, as the plug-in names it.
    pub label: String,
    /// Where it leads: an absolute path on this origin or an https URL.
    pub url: String,
}

/// Which kind of place a signed-in user belongs to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum HomeKind {
    /// The learner area: stay (the user holds `ObjectiveWorkflow.Create`).
    Learner,
    /// Another page of the platform navigation, the first the user may open.
    Redirect,
    /// Nothing here is allowed.
    Forbidden,
    /// The user has only research or knowledge-model features.
    Platform,
}

/// Where a signed-in user belongs, and the URL to go to.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SessionHome {
    /// The kind of place.
    pub kind: HomeKind,
    /// Absolute path on this origin (with the chat hash of the requested URL kept on redirects).
    pub url: String,
}

/// `GET /config-ui/config.json`: the tenant's runtime client config.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UiConfig {
    /// Tenant id.
    pub tenant: String,
    /// Product name shown in the page title and header.
    pub product_name: String,
    /// Heading of My courses as the tenant names it; empty: the portal's own, translated 'My courses'.
    pub courses_name: String,
    /// Whether the catalog is enabled (default on).
    pub catalog_enabled: bool,
    /// Whether the learner dashboard is enabled.
    pub dashboard_enabled: bool,
    /// Whether the calendar is in the navigation.
    pub calendar_enabled: bool,
    /// Whether rooms (`/classroom/learner/rooms`) are in the navigation (default off).
    pub rooms_enabled: bool,
    /// Plug-in items appended to the learner navigation.
    pub nav_plugins: Vec<NavPluginItem>,
    /// Whether the product feedback widget shows (visible unless explicitly false).
    pub feedback_enabled: bool,
    /// Longest product-feedback comment, in characters (`events.max_comment_chars`).
    pub feedback_comment_max_chars: u32,
    /// Whether the AI tutor chat widget is enabled.
    pub ai_tutor_enabled: bool,
    /// Default locale, for example `en-US`.
    pub default_locale: String,
    /// Locales offered in the language menu.
    pub locales: Vec<String>,
    /// Origins of pages allowed to embed the portal; the re-login message goes only there.
    pub parent_origins: Vec<String>,
    /// Origins (`scheme://host[:port]`) of the tenant's storage: PDF and attachment links of rich
    /// content on them are opened through `GET /api/bff/files` (spec section 5).
    pub storage_origins: Vec<String>,
    /// Privacy-policy link shown in the footer and profile, when configured.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub privacy_policy_url: Option<String>,
    /// Version of the portal, shown in the footer.
    pub version: String,
}

/// Status of a course card, from its last workflow and record (spec section 4).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
pub enum CourseStatus {
    /// No workflow and no record.
    NotStarted,
    /// Workflow in progress.
    InProgress,
    /// Workflow submitted.
    Submitted,
    /// Workflow in grading.
    InGrading,
    /// Workflow graded.
    Graded,
    /// Grading approved.
    GradingApproved,
    /// Workflow finished, or a record without workflow (imported results).
    Finished,
}

/// Colour class of a score (spec section 5, score colour).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
pub enum ScoreColor {
    /// Full score or normalized score of 0.8 or more.
    Success,
    /// Normalized score of 0.4 or more.
    Accent,
    /// Below 0.4.
    Danger,
}

/// The result shown on a finished course card.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CardResult {
    /// Whether the course was passed, when known.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub passed: Option<bool>,
    /// Score as a whole percent of the maximum, when a score exists.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub score_percent: Option<u32>,
    /// Colour class of the score.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub score_color: Option<ScoreColor>,
    /// Grade from the course's grading scale, when it has one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub grade: Option<String>,
}

/// One course card of My courses.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CourseCard {
    /// Objective (course) id.
    pub objective_id: String,
    /// Objective workflow aggregate id.
    pub aggregate_id: String,
    /// Course name.
    pub name: String,
    /// Optional course code.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub code: Option<String>,
    /// Cover image URL; when absent the card shows `color`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub image_url: Option<String>,
    /// Background colour for cards without image: one of seven, the course's own on every page.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub color: Option<String>,
    /// Progress as a whole percentage, 0..=100.
    pub progress_percent: u32,
    /// Card status, for the footer.
    pub status: CourseStatus,
    /// Mandatory for the learner.
    pub is_mandatory: bool,
    /// Draft course: shows the 'coming soon' badge.
    pub is_draft: bool,
    /// Duration in whole minutes, rounded up, when known.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub duration_minutes: Option<u32>,
    /// Result of a finished course.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub result: Option<CardResult>,
    /// Where the card leads, relative to the client's base path (`/courses/...`).
    pub link: String,
    /// The grade is hidden (reveal policy, grading in progress): no result is given, the card
    /// shows 'go to details'.
    #[serde(default)]
    pub grade_hidden: bool,
    /// Why the card shows a lock icon: the course cannot be started now (draft, before its
    /// availability date, after its availability end date).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub lock: Option<CardLock>,
    /// The dates of the lock's message.
    #[serde(flatten)]
    pub availability: Availability,
    /// Due date (RFC 3339), when it has one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub due_date: Option<String>,
    /// The due date has passed and the course is not completed.
    #[serde(default)]
    pub overdue: bool,
    /// Number of sub-activities, for the tile mode.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub children_count: Option<u32>,
    /// Unread messages in the course's announcement channel (0 when none or when the chat
    /// service did not answer).
    pub unread_announcements: u32,
    /// The course's announcement channel, which the unread indicator opens.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub announcement_channel_id: Option<String>,
}

/// Why a course card shows a lock icon (spec section 2 'Course card', section 4 'Availability',
/// 'Starting').
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
pub enum CardLock {
    /// Draft course: 'coming soon', cannot start.
    ComingSoon,
    /// Before the availability date: 'Will be available to start on {date}'.
    WillBeAvailable,
    /// After the availability end date: 'Was available to start before {date}'.
    WasAvailableBefore,
}

/// A collection chip of My courses.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CollectionChip {
    /// Collection id; the all-zero id is the synthetic 'uncategorized' collection.
    pub id: String,
    /// Collection name; empty for 'uncategorized' (the client names it).
    pub name: String,
    /// True for the synthetic 'uncategorized' collection.
    pub uncategorized: bool,
}

/// A term the learner can filter by.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TermOption {
    /// Term id.
    pub id: String,
    /// Term name.
    pub name: String,
}

/// `GET /api/bff/my-courses`: the My courses page.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MyCoursesView {
    /// The cards of this page, sorted by name ascending.
    pub items: Vec<CourseCard>,
    /// Courses matching the search and filters, over all pages.
    pub total_count: u32,
    /// The keyword applied (normalised: lower-cased, left-trimmed).
    pub keyword: String,
    /// Collections of the learner's courses, plus 'uncategorized' when some have none.
    pub collections: Vec<CollectionChip>,
    /// The learner's terms.
    pub terms: Vec<TermOption>,
    /// Whether the catalog is enabled, for the empty state.
    pub catalog_enabled: bool,
    /// The URL filter applied, with unknown params and values dropped (spec section 5).
    pub filter: CourseFilter,
    /// Some filter value was dropped: the client shows the 'filters unavailable' toast.
    pub filters_unavailable: bool,
}

/// A button of the course details page (spec section 4, 'Buttons on details').
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
pub enum DetailsButton {
    /// Start: no workflow yet and no results.
    Start,
    /// Continue: workflow in progress.
    Continue,
    /// Start again: finished and retake allowed.
    Retake,
    /// Review an earlier attempt.
    Review,
    /// Self-enrol: add the course to My courses.
    AddToMyCourses,
    /// Already self-enrolled (shown as a disabled 'Enrolled' button).
    Enrolled,
}

/// A notice of the course details page (spec section 4, 'Buttons on details', 'Availability').
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
pub enum DetailsNotice {
    /// Imported results: neither review nor retake.
    NoReviewRetake,
    /// 'Will be available to start on {date}' (the availability date).
    WillBeAvailable,
    /// 'Was available to start before {date}' (the availability end date).
    WasAvailableBefore,
    /// 'This course is being graded...'.
    GradingInProgress,
    /// Draft course: 'Coming soon', cannot start.
    ComingSoon,
    /// Archived course: not available.
    NotAvailable,
}

/// Why an activity is locked or disabled, in the precedence of spec section 4.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
pub enum LockReason {
    /// Draft or archived activity.
    ComingSoon,
    /// Previous activities are not completed.
    CompletePrevious,
    /// The grace period after the due date is over.
    AfterGracePeriod,
    /// The 'accessible until' date is over.
    AfterAccessibleUntil,
    /// Before the 'start from' date.
    BeforeStart,
    /// The 'available to start until' date is missed.
    AfterStartUntil,
    /// Review of the results is hidden.
    ReviewHidden,
    /// The course is finished and new content after completion is not allowed.
    NoNewContentAfterCompletion,
    /// The content is unavailable; the upstream's message, when it gave one, is alongside.
    Unavailable,
}

/// Status icon of a table-of-contents item (spec section 2, 'Table of contents').
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
pub enum TocStatus {
    /// Draft: clock icon, 'coming soon'.
    ComingSoon,
    /// Completed and passed, or pass unknown: green check.
    Completed,
    /// Completed but not passed: warning, 'below passing score'.
    BelowPassingScore,
    /// Locked: no icon.
    Locked,
    /// Optional: dashed circle.
    Optional,
    /// Otherwise: empty circle.
    NotStarted,
}

/// Progress filter value (spec section 4, 'Progress filter').
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
pub enum CourseProgress {
    /// No workflow and no record.
    NotStarted,
    /// Workflow in progress, in grading or grading approved.
    InProgress,
    /// Workflow finished, or no workflow but a record.
    Completed,
}

/// Priority filter value (spec section 4, 'Priority').
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
pub enum CoursePriority {
    /// Mandatory courses.
    Mandatory,
    /// Optional courses.
    Optional,
}

/// The course list filter carried in the URL (spec section 5).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CourseFilter {
    /// Collection ids (`collection`).
    pub collections: Vec<String>,
    /// Term ids (`term`).
    pub terms: Vec<String>,
    /// Progress values (`courseProgress`).
    pub progress: Vec<CourseProgress>,
    /// Priority values (`coursePriority`).
    pub priority: Vec<CoursePriority>,
}

/// Points of a score, shown as 'X out of Y points'.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ScorePoints {
    /// Points reached.
    pub score: f64,
    /// Points possible.
    pub max_score: f64,
}

/// A score as shown (spec section 5): a whole percent of the maximum, and the points unless the
/// maximum is 1.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ScoreDisplay {
    /// Percent of the maximum, 0 decimals.
    pub percent: u32,
    /// Points; absent when the maximum score is 1 or unknown.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub points: Option<ScorePoints>,
    /// Colour class of the score.
    pub color: ScoreColor,
}

mod course_header;
pub use course_header::*;
mod catalog;
pub use catalog::*;
mod course;
pub use course::*;
mod commands;
pub use commands::*;
mod profile;
pub use profile::*;

mod certificate_preview;
pub use certificate_preview::*;

mod calendar;
pub use calendar::*;

mod dashboard;
pub use dashboard::*;

mod email_answer;
pub use email_answer::*;

mod player;
pub use player::*;

mod activity_flows;
pub use activity_flows::*;

mod conversations;
pub use conversations::*;
