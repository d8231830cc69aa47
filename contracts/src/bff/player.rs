//! View models and commands of the course player: one activity with its content and
//! workflow state, starting activities and saving an activity's progress (spec sections 2, 4
//! and 7).

use serde::{Deserialize, Serialize};
use ts_rs::TS;
use utoipa::ToSchema;

use super::{CourseStatus, LockReason, ScoreDisplay, TocStatus};

/// How a composite shows its children (spec section 4, presentation modes 0..=3).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
pub enum PresentationModeName {
    /// Tree of contents: one child at a time.
    Tree,
    /// Tiles: a grid of the children.
    Tiles,
    /// One long page with every child's content under its name.
    LongRead,
    /// One long page without the children's names.
    LongReadWithoutActivityNames,
}

/// How the course's content is framed (spec section 4, display modes 1..=3).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
pub enum DisplayModeName {
    /// Full screen.
    Fullscreen,
    /// Embedded, sized automatically.
    EmbeddedAuto,
    /// Embedded with the preferred width and height.
    EmbeddedCustom,
}

/// The banner of an activity that cannot be started (spec section 4 'Starting').
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
pub enum ActivityBanner {
    /// Draft: 'Coming soon'; it cannot start.
    ComingSoon,
    /// Archived: 'not available'.
    NotAvailable,
}

/// A caption or subtitle track of a video.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct VideoTrack {
    /// Track URL (WebVTT).
    pub src: String,
    /// BCP 47 language of the track (the language hint).
    pub lang: String,
    /// Label shown in the player's track menu.
    pub label: String,
}

/// The content of a video activity.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct VideoContent {
    /// A media file the browser plays itself, when the platform gives one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub url: Option<String>,
    /// A player page to embed, when the platform gives one instead of a file.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub embed_url: Option<String>,
    /// Language of the spoken audio, when known.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub lang: Option<String>,
    /// Caption tracks.
    pub tracks: Vec<VideoTrack>,
}

/// The details of an event activity. Dates are RFC 3339; the client shows them in the
/// learner's time zone.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct EventContent {
    /// When it starts.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub start: Option<String>,
    /// When it ends.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub end: Option<String>,
    /// Where it takes place.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub location: Option<String>,
    /// The online meeting link, when it has one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub meeting_url: Option<String>,
}

/// What an activity shows, by its kind; every part is optional (the platform may give none).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ActivityContent {
    /// Rich content (HTML as the platform gives it; the client sanitises it): the text of a
    /// text activity, the prompt of a discussion, the description of an event or video.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub html: Option<String>,
    /// The video of a video activity.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub video: Option<VideoContent>,
    /// The details of an event activity.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub event: Option<EventContent>,
    /// The discussion thread of a discussion activity, when the platform gives its address.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub discussion_url: Option<String>,
}

/// What is still open under a module or in the course, for the finish dialogs (spec section 2
/// 'Dialogs': improve score, mandatory or optional activities incomplete).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct FinishCheck {
    /// Mandatory activities not completed.
    pub incomplete_mandatory: u32,
    /// Optional activities not completed.
    pub incomplete_optional: u32,
    /// Completed activities below the passing score (the learner may improve them).
    pub below_passing: u32,
}

/// One activity of the player with its content and its activity workflow.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PlayerActivity {
    /// Path id of the part (`1.3`), the content route's `activityPartAxis`.
    pub activity_path_id: String,
    /// Activity id.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub activity_id: Option<String>,
    /// Activity name.
    pub name: String,
    /// Item type (`text`, `video`, `lti`, `composite`, ...).
    pub kind: String,
    /// A collaborative activity (group work).
    pub collaborative: bool,
    /// A proctored activity.
    pub proctored: bool,
    /// Status as the contents show it.
    pub status: TocStatus,
    /// Draft or archived banner, when it has one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub banner: Option<ActivityBanner>,
    /// Cannot be opened.
    pub locked: bool,
    /// Disabled by availability, dates or review hiding.
    pub disabled: bool,
    /// Why, when locked or disabled.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub lock_reason: Option<LockReason>,
    /// The platform's own reason, with `unavailable`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub lock_message: Option<String>,
    /// The last activity workflow, once started.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub activity_workflow_id: Option<String>,
    /// Its state; `notStarted` before the first start.
    pub workflow_status: CourseStatus,
    /// Saved progress of the activity workflow, 0..=1 (a video's position as a share of it).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub progress: Option<f64>,
    /// Should be started when opened: not started (or finished with nothing running), can
    /// start, and not in review.
    pub can_start: bool,
    /// Can be finished by the learner now ('Mark as done'): running, not graded by a tool,
    /// not in review.
    pub can_finish: bool,
    /// Duration in whole minutes, rounded up, when known.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub duration_minutes: Option<u32>,
    /// Score of its best record; absent without one, or while the course's or the activity's
    /// results are hidden (spec section 4 'Grade visibility'), as in the contents.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub score: Option<ScoreDisplay>,
    /// What it shows.
    pub content: ActivityContent,
}

/// The course as the player needs it beside the open activity.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PlayerCourse {
    /// Course name.
    pub name: String,
    /// The objective workflow's state.
    pub status: CourseStatus,
    /// Presentation mode of the course.
    pub presentation_mode: PresentationModeName,
    /// Display mode of the course.
    pub display_mode: DisplayModeName,
    /// Preferred width in pixels (display mode `embeddedCustom`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub preferred_width: Option<u32>,
    /// Preferred height in pixels (display mode `embeddedCustom`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub preferred_height: Option<u32>,
    /// The attempt can be submitted now (in progress, not in review).
    pub can_submit: bool,
    /// The attempt can be finished now without a submit (submitted, graded or approved).
    pub can_finish: bool,
    /// What is still open in the course, for the course finish dialog.
    pub finish_check: FinishCheck,
}

/// `GET /api/bff/courses/{objectiveId}/activities/{activityPathId}`: one activity of the
/// player, its children (for a composite, with their content), and the course around it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ActivityView {
    /// Objective (course) id.
    pub objective_id: String,
    /// The objective workflow shown.
    pub workflow_id: String,
    /// Read-only review of a finished attempt (`viewType=REVIEW`).
    pub review_mode: bool,
    /// The activity.
    pub activity: PlayerActivity,
    /// How a composite shows its children (its own mode, else the course's).
    pub presentation_mode: PresentationModeName,
    /// The children of a composite, in reading order (archived ones left out); empty otherwise.
    pub children: Vec<PlayerActivity>,
    /// What is still open under this activity, for the module finish dialog.
    pub finish_check: FinishCheck,
    /// The course.
    pub course: PlayerCourse,
    /// The next moment this answer changes by the clock alone (RFC 3339); refetch then.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub refresh_at: Option<String>,
}

/// Body of `POST /api/bff/workflows/{workflowId}/activities/start`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct StartActivitiesRequest {
    /// Path ids of the activities to start (at least one).
    pub activity_path_ids: Vec<String>,
}

/// `POST /api/bff/workflows/{workflowId}/activities/start`: the activity workflows, started now
/// or already running, in the order asked.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StartActivitiesResult {
    /// The objective workflow.
    pub workflow_id: String,
    /// The activity workflows.
    pub activity_workflow_ids: Vec<String>,
}

/// Body of `PUT /api/bff/workflows/{workflowId}/activities/{activityWorkflowId}/progress`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct SaveProgressRequest {
    /// Progress through the activity, 0..=1.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub progress: Option<f64>,
    /// Position in a video, in seconds, kept with the workflow.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub position_seconds: Option<f64>,
}

/// `PUT /api/bff/workflows/{workflowId}/activities/{activityWorkflowId}/progress`: saved.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SaveProgressResult {
    /// The activity workflow.
    pub activity_workflow_id: String,
    /// Its progress now, when it has one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub progress: Option<f64>,
}
