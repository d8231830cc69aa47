//! Upstream LMS API shapes (spec section 3), as far as the gateway reads them.
//!
//! Field names follow the upstream API: camelCase for LMS entities, snake_case for the
//! current-user profile. Unknown fields are ignored so upstream additions never break us.

use serde::{Deserialize, Serialize};
use time::OffsetDateTime;
use uuid::Uuid;

mod activity_content;
pub use activity_content::*;

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
    /// The course's announcement channel in the tenant's chat service.
    #[serde(default)]
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

// ---------------------------------------------------------------------------------------------
// Course details, activity tree, records and commands (spec sections 3 and 4).
// ---------------------------------------------------------------------------------------------

/// Dates as the upstream writes them: RFC 3339, or an ISO 8601 date-time without offset, which
/// is read as UTC. Written back as RFC 3339.
pub mod date {
    use serde::{Deserialize, Deserializer, Serializer, de::Error as _};
    use time::{
        OffsetDateTime, PrimitiveDateTime,
        format_description::well_known::{Iso8601, Rfc3339},
    };

    /// Parses one upstream date.
    pub fn parse(raw: &str) -> Result<OffsetDateTime, String> {
        OffsetDateTime::parse(raw, &Rfc3339)
            .or_else(|_| PrimitiveDateTime::parse(raw, &Iso8601::DEFAULT).map(PrimitiveDateTime::assume_utc))
            .map_err(|_| format!("not a date-time: {raw:?}"))
    }

    /// Serde `deserialize_with` for an optional date; `null` and an absent field are `None`.
    pub fn deserialize<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Option<OffsetDateTime>, D::Error> {
        Option::<String>::deserialize(deserializer)?.map(|raw| parse(&raw).map_err(D::Error::custom)).transpose()
    }

    /// Serde `deserialize_with` for a date that must be there.
    pub fn deserialize_required<'de, D: Deserializer<'de>>(deserializer: D) -> Result<OffsetDateTime, D::Error> {
        parse(&String::deserialize(deserializer)?).map_err(D::Error::custom)
    }

    /// Serde `serialize_with` for an optional date.
    pub fn serialize<S: Serializer>(value: &Option<OffsetDateTime>, serializer: S) -> Result<S::Ok, S::Error> {
        time::serde::rfc3339::option::serialize(value, serializer)
    }
}

/// An enumeration the upstream sends as an integer; values this gateway does not know are kept
/// as `Unknown(n)` instead of failing the whole answer.
macro_rules! int_enum {
    ($(#[$meta:meta])* $name:ident { $($(#[$vmeta:meta])* $variant:ident = $value:literal,)* }) => {
        $(#[$meta])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
        #[serde(from = "i32", into = "i32")]
        pub enum $name {
            $($(#[$vmeta])* $variant,)*
            /// A value this gateway does not know.
            Unknown(i32),
        }

        impl From<i32> for $name {
            fn from(value: i32) -> Self {
                match value {
                    $($value => Self::$variant,)*
                    other => Self::Unknown(other),
                }
            }
        }

        impl From<$name> for i32 {
            fn from(value: $name) -> Self {
                match value {
                    $($name::$variant => $value,)*
                    $name::Unknown(other) => other,
                }
            }
        }
    };
}

int_enum! {
    /// Course (and activity) state (spec section 4).
    CourseState {
        /// Being written; shows 'coming soon'.
        Draft = 1,
        /// Published.
        Ready = 2,
        /// Past its time, still readable.
        Expired = 3,
        /// Withdrawn; hidden from lists.
        Archived = 4,
    }
}

int_enum! {
    /// The second content-state enumeration of spec section 4.
    ContentState {
        /// Being written.
        Draft = 1,
        /// Active.
        Active = 2,
        /// Withdrawn.
        Archived = 3,
    }
}

int_enum! {
    /// Workflow status of an objective or activity workflow (spec section 4). No workflow at all
    /// is 'Not Started'.
    WorkflowState {
        /// Being worked on.
        InProgress = 1,
        /// Handed in.
        Submitted = 2,
        /// Being graded.
        InGrading = 3,
        /// Graded.
        Graded = 4,
        /// Grading approved.
        GradingApproved = 5,
        /// Finished.
        Finished = 6,
    }
}

int_enum! {
    /// Display mode of a course (spec section 4).
    DisplayMode {
        /// Full screen.
        Fullscreen = 1,
        /// Embedded, sized automatically.
        EmbeddedAuto = 2,
        /// Embedded with the preferred width and height.
        EmbeddedCustom = 3,
    }
}

int_enum! {
    /// Presentation mode of a course (spec section 4).
    PresentationMode {
        /// Tree of contents.
        Tree = 0,
        /// Tiles.
        Tiles = 1,
        /// One long page.
        LongRead = 2,
        /// One long page without activity names.
        LongReadWithoutActivityNames = 3,
    }
}

int_enum! {
    /// State of a proctoring session (spec section 3).
    ProctoringState {
        /// Created, not finished.
        Created = 1,
        /// Finished.
        Finished = 2,
    }
}

int_enum! {
    /// Result of an asynchronous command (spec section 4). A status still running has no
    /// value of its own here (it is absent, or a value outside 1..=3).
    CommandState {
        /// Completed.
        Completed = 1,
        /// Failed; errors say why.
        Failed = 2,
        /// Canceled.
        Canceled = 3,
    }
}

/// Item type of an activity (spec section 4).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum ActivityType {
    /// A course made of parts.
    Composite,
    /// An LTI tool.
    Lti,
    /// Text.
    Text,
    /// Video.
    Video,
    /// Discussion.
    Discussion,
    /// Event.
    Event,
    /// Any other type.
    #[serde(other)]
    Other,
}

/// Result reveal options, used for grade reveal and results disclosure (spec section 4).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum RevealPolicy {
    /// No policy: nothing is hidden.
    None,
    /// Never revealed.
    Never,
    /// Revealed once finished.
    AfterFinish,
    /// Revealed from a date.
    AfterDate,
    /// Revealed by score (LTI).
    AfterScore,
    /// A value this gateway does not know.
    #[serde(other)]
    Unknown,
}

/// Review policy of an activity (spec section 4).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum ReviewPolicy {
    /// Review never allowed.
    Never,
    /// Review allowed once submitted.
    AfterSubmission,
    /// Review allowed once results are revealed.
    AfterRevealingResults,
    /// A value this gateway does not know.
    #[serde(other)]
    Unknown,
}

/// An objective workflow: one attempt at a course (spec section 3).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ObjectiveWorkflow {
    /// Workflow id.
    pub id: Uuid,
    /// Workflow status.
    pub state: WorkflowState,
    /// When it was started.
    #[serde(default, with = "date")]
    pub started: Option<OffsetDateTime>,
    /// When it was submitted.
    #[serde(default, with = "date")]
    pub submitted: Option<OffsetDateTime>,
    /// When it was finished.
    #[serde(default, with = "date")]
    pub finished: Option<OffsetDateTime>,
    /// Progress, nominally 0..1.
    #[serde(default)]
    pub progress: Option<f64>,
    /// Results are protected: no review.
    #[serde(default)]
    pub protect_results: Option<bool>,
    /// The record this workflow produced, once it has one.
    #[serde(default)]
    pub objective_record_id: Option<Uuid>,
    /// The enrolled course (objective workflow aggregate) it is an attempt at, when given.
    #[serde(default)]
    pub objective_workflow_aggregate_id: Option<Uuid>,
}

/// The `finished` field of an objective record as the upstream sends it: the moment the attempt
/// finished, or only whether it did (then the record's `created` date is the moment).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum RecordFinished {
    /// Finished at this moment.
    At(
        #[serde(serialize_with = "time::serde::rfc3339::serialize", deserialize_with = "date::deserialize_required")]
        OffsetDateTime,
    ),
    /// Finished or not, without a moment.
    Flag(bool),
}

/// An objective record: the result of one attempt, or an imported result (spec section 3).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ObjectiveRecord {
    /// Record id.
    pub id: Uuid,
    /// The enrolled course (objective workflow aggregate) it belongs to.
    #[serde(default)]
    pub objective_workflow_aggregate_id: Option<Uuid>,
    /// Whether, or when, the attempt finished; read through [`ObjectiveRecord::finished_at`].
    #[serde(default)]
    pub finished: Option<RecordFinished>,
    /// When the record was made.
    #[serde(default, with = "date")]
    pub created: Option<OffsetDateTime>,
    /// Raw score.
    #[serde(default)]
    pub score: Option<f64>,
    /// Maximum score.
    #[serde(default)]
    pub max_score: Option<f64>,
    /// Score normalised to 0..1.
    #[serde(default)]
    pub normalized_score: Option<f64>,
    /// Grade name given upstream.
    #[serde(default)]
    pub grade: Option<String>,
    /// Whether the course was passed.
    #[serde(default)]
    pub passed: Option<bool>,
    /// Progress, nominally 0..1.
    #[serde(default)]
    pub progress: Option<f64>,
    /// Results are protected: no review.
    #[serde(default)]
    pub protect_results: Option<bool>,
    /// The activity workflow the record belongs to.
    #[serde(default)]
    pub activity_workflow_id: Option<Uuid>,
}

impl ObjectiveRecord {
    /// When the attempt finished: the date sent, or the record's `created` date when the
    /// upstream only says it finished; `None` when unfinished or not said.
    pub fn finished_at(&self) -> Option<OffsetDateTime> {
        match self.finished? {
            RecordFinished::At(at) => Some(at),
            RecordFinished::Flag(true) => self.created,
            RecordFinished::Flag(false) => None,
        }
    }
}

/// The aggregate behind an objective access, as far as the details page needs it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct AggregateRef {
    /// Aggregate id.
    pub id: Uuid,
    /// Enrolled by the learner.
    #[serde(default)]
    pub is_self_enrolled: Option<bool>,
}

/// The root activity of a full objective (spec section 3, 'Objective ... activity').
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ObjectiveActivity {
    /// Activity id.
    #[serde(default)]
    pub id: Option<Uuid>,
    /// Item type.
    #[serde(default, rename = "type")]
    pub kind: Option<ActivityType>,
    /// Preferred width for the embedded-custom display mode.
    #[serde(default)]
    pub preferred_width: Option<i32>,
    /// Preferred height for the embedded-custom display mode.
    #[serde(default)]
    pub preferred_height: Option<i32>,
    /// Activity state.
    #[serde(default)]
    pub state: Option<CourseState>,
    /// Number of child activities.
    #[serde(default)]
    pub children_count: Option<i32>,
    /// Presentation mode.
    #[serde(default)]
    pub presentation_mode: Option<PresentationMode>,
    /// The activity supports review.
    #[serde(default)]
    pub support_review: Option<bool>,
}

/// A certificate template of a course.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct CertificateTemplate {
    /// Template id.
    #[serde(default)]
    pub id: Option<Uuid>,
    /// Template name.
    #[serde(default)]
    pub name: Option<String>,
}

/// A full objective (course) (spec section 3): the objective of an access, read by the details
/// and catalog course pages, and an open-catalog objective (`public/open-catalog/objectives/...`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Objective {
    /// Objective id.
    pub id: Uuid,
    /// Course name.
    pub name: String,
    /// Course code.
    #[serde(default)]
    pub code: Option<String>,
    /// Short description.
    #[serde(default)]
    pub description: Option<String>,
    /// About text (HTML).
    #[serde(default)]
    pub about: Option<String>,
    /// Cover image URL.
    #[serde(default)]
    pub image_url: Option<String>,
    /// Item type of the course.
    #[serde(default, rename = "type")]
    pub kind: Option<ActivityType>,
    /// Course state.
    #[serde(default)]
    pub state: Option<CourseState>,
    /// Display mode.
    #[serde(default)]
    pub display_mode: Option<DisplayMode>,
    /// Presentation mode.
    #[serde(default)]
    pub presentation_mode: Option<PresentationMode>,
    /// Proctored course.
    #[serde(default)]
    pub proctored: Option<bool>,
    /// Usable on mobile.
    #[serde(default)]
    pub support_mobile_view: Option<bool>,
    /// Can go full screen.
    #[serde(default)]
    pub support_fullscreen_view: Option<bool>,
    /// Supports LTI authoring.
    #[serde(default)]
    pub support_lti_authoring: Option<bool>,
    /// Supports review.
    #[serde(default)]
    pub support_review: Option<bool>,
    /// Root activity.
    #[serde(default)]
    pub activity: Option<ObjectiveActivity>,
    /// Collections the course belongs to.
    #[serde(default)]
    pub showcases: Vec<ShowcaseRef>,
    /// Grading scale of the course.
    #[serde(default)]
    pub objective_grading_scale: Option<GradingScale>,
    /// Grading scale id.
    #[serde(default)]
    pub grading_scale_id: Option<Uuid>,
    /// Certificate templates.
    #[serde(default)]
    pub certificate_templates: Vec<CertificateTemplate>,
    /// Announcement chat channel.
    #[serde(default)]
    pub announcement_channel_id: Option<String>,
    /// Duration in seconds, when known (shown on course cards and pages, spec section 2).
    #[serde(default)]
    pub duration: Option<i64>,
}

/// An objective access: the learner's access to one course (spec section 3).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ObjectiveAccess {
    /// Access id.
    pub id: Uuid,
    /// The course.
    pub objective: Objective,
    /// The aggregate, once the learner is enrolled.
    #[serde(default)]
    pub objective_workflow_aggregate: Option<AggregateRef>,
    /// Enrolled by the learner, when the upstream sends it beside the aggregate rather than
    /// inside it; read through [`ObjectiveAccess::self_enrolled`].
    #[serde(default)]
    pub is_self_enrolled: Option<bool>,
    /// Retake allowed.
    #[serde(default)]
    pub retake: Option<bool>,
    /// Mandatory for the learner.
    #[serde(default)]
    pub is_mandatory: Option<bool>,
    /// Due date.
    #[serde(default, with = "date")]
    pub due_date: Option<OffsetDateTime>,
    /// The course can be started from this date.
    #[serde(default, with = "date")]
    pub availability_date: Option<OffsetDateTime>,
    /// The course can be started until this date.
    #[serde(default, with = "date")]
    pub availability_end_date: Option<OffsetDateTime>,
    /// When the grade is revealed.
    #[serde(default)]
    pub grade_reveal_policy: Option<RevealPolicy>,
    /// Reveal date of the `afterDate` policy.
    #[serde(default, with = "date")]
    pub grade_reveal_date: Option<OffsetDateTime>,
    /// Learner id.
    #[serde(default)]
    pub user_id: Option<Uuid>,
    /// Last workflow, if any was started.
    #[serde(default)]
    pub last_objective_workflow: Option<ObjectiveWorkflow>,
    /// Last record, if any result exists.
    #[serde(default)]
    pub last_objective_record: Option<ObjectiveRecord>,
}

impl ObjectiveAccess {
    /// Whether the learner enrolled themselves: the aggregate's own flag, else the one beside
    /// it; false without an aggregate.
    pub fn self_enrolled(&self) -> bool {
        self.objective_workflow_aggregate.as_ref().and_then(|a| a.is_self_enrolled.or(self.is_self_enrolled))
            == Some(true)
    }
}

/// An activity workflow: one attempt at one activity (spec section 3).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ActivityWorkflow {
    /// Workflow id.
    #[serde(default)]
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
    #[serde(default)]
    pub last_proctoring_session_id: Option<Uuid>,
}

/// The best record of an activity.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ActivityRecord {
    /// Passed; `None` when the activity has no pass mark.
    #[serde(default)]
    pub passed: Option<bool>,
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

/// Workflow and best record of an activity in the tree.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ActivityWorkflowAggregate {
    /// The last workflow; `None` when never started.
    #[serde(default)]
    pub last_activity_workflow: Option<ActivityWorkflow>,
    /// The best record, when one exists.
    #[serde(default)]
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
    #[serde(default)]
    pub results_disclosure_above: Option<f64>,
    /// When results are disclosed.
    #[serde(default)]
    pub results_disclosure_policy: Option<RevealPolicy>,
    /// When review is allowed.
    #[serde(default)]
    pub review_policy: Option<ReviewPolicy>,
}

/// An activity (spec section 3), as a node's `childActivity` or the root of a tree.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Activity {
    /// Activity id.
    #[serde(default)]
    pub id: Option<Uuid>,
    /// Activity name.
    #[serde(default)]
    pub name: Option<String>,
    /// Activity code.
    #[serde(default)]
    pub code: Option<String>,
    /// Item type.
    #[serde(rename = "type")]
    pub kind: ActivityType,
    /// Finer type name given upstream.
    #[serde(default)]
    pub activity_type: Option<String>,
    /// Activity state.
    pub state: CourseState,
    /// Supports review.
    #[serde(default)]
    pub support_review: Option<bool>,
    /// Usable on mobile.
    #[serde(default)]
    pub support_mobile_view: Option<bool>,
    /// Supports the collaborative mode.
    #[serde(default)]
    pub support_collaborative_mode: Option<bool>,
    /// Supports the personal mode.
    #[serde(default)]
    pub support_personal_mode: Option<bool>,
    /// Graded by its LTI tool.
    #[serde(default)]
    pub support_lti_grading: Option<bool>,
    /// Duration in seconds.
    #[serde(default)]
    pub duration: Option<i64>,
    /// Proctored activity.
    #[serde(default)]
    pub proctored: Option<bool>,
    /// Child parts, in any order (`order` sorts them).
    #[serde(default)]
    pub children: Vec<ActivityPart>,
    /// Workflow and best record.
    #[serde(default)]
    pub activity_workflow_aggregate: Option<ActivityWorkflowAggregate>,
}

/// A node of the activity tree (spec section 3, 'Activity part').
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ActivityPart {
    /// Position of the part in the tree, as used in content URLs.
    #[serde(default)]
    pub axis: Option<String>,
    /// Path id of the part.
    #[serde(default)]
    pub activity_path_id: Option<String>,
    /// False while previous parts are not completed.
    #[serde(default)]
    pub available: Option<bool>,
    /// False when the content cannot be opened.
    #[serde(default)]
    pub content_available: Option<bool>,
    /// Optional part.
    #[serde(default)]
    pub optional: Option<bool>,
    /// Sort order among its siblings.
    #[serde(default)]
    pub order: Option<i32>,
    /// Weight in the course score.
    #[serde(default)]
    pub score_weight: Option<f64>,
    /// The activity of this part.
    pub child_activity: Activity,
    /// The part's own constraints (see the gateway's inheritance rule).
    #[serde(default)]
    pub activity_constraint: Option<ActivityConstraint>,
    /// Why the upstream considers the part unavailable, when it says.
    #[serde(default)]
    pub unavailability_reason: Option<String>,
}

/// A proctoring session (spec section 3).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ProctoringSession {
    /// Session id.
    #[serde(default)]
    pub id: Option<Uuid>,
    /// Session state.
    pub state: ProctoringState,
}

/// The template a certificate was issued from.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct CertificateTemplateRef {
    /// Template name.
    #[serde(default)]
    pub name: Option<String>,
}

/// A certificate record (spec section 3).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct CertificateRecord {
    /// Record id.
    pub id: Uuid,
    /// Public certificate number.
    pub certificate_number: String,
    /// Template it was issued from.
    #[serde(default)]
    pub certificate_template: Option<CertificateTemplateRef>,
    /// PDF download.
    #[serde(default)]
    pub certificate_pdf_url: Option<String>,
    /// PNG preview.
    #[serde(default)]
    pub certificate_png_url: Option<String>,
    /// External link.
    #[serde(default)]
    pub external_url: Option<String>,
    /// Expires at; expired when not after now.
    #[serde(default, with = "date")]
    pub expiration_date: Option<OffsetDateTime>,
    /// Course id.
    #[serde(default)]
    pub objective_id: Option<Uuid>,
    /// Learner id.
    #[serde(default)]
    pub user_id: Option<Uuid>,
    /// Passing score of the course, 0..1.
    #[serde(default)]
    pub normalized_passing_score: Option<f64>,
    /// The result it certifies.
    #[serde(default)]
    pub objective_record: Option<ObjectiveRecord>,
    /// Issued at.
    #[serde(default, with = "date")]
    pub created: Option<OffsetDateTime>,
    /// The course, when given (the public record names it).
    #[serde(default)]
    pub objective: Option<NamedRef>,
    /// The holder, when given (the public record names them).
    #[serde(default)]
    pub user: Option<CertificateHolder>,
}

/// One error of a failed command. The upstream's error body beyond a first message is not
/// specified; the .NET validation names are accepted too.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct CommandError {
    /// The field the error is about; `None` for the command as a whole.
    #[serde(default, alias = "propertyName")]
    pub field: Option<String>,
    /// Human-readable message.
    #[serde(default, alias = "errorMessage")]
    pub message: Option<String>,
}

/// The status of an asynchronous command (spec sections 4 and 8).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct CommandStatus {
    /// Command id.
    #[serde(default)]
    pub id: Option<Uuid>,
    /// Completed, failed or canceled; absent while running.
    #[serde(default)]
    pub status: Option<CommandState>,
    /// Errors of a failed command.
    #[serde(default)]
    pub errors: Vec<CommandError>,
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::{Value, json};
    use time::macros::datetime;

    #[test]
    fn dates_read_rfc3339_and_offsetless_iso_as_utc() {
        let cases = [
            ("2026-03-01T12:00:00Z", Some(datetime!(2026-03-01 12:00 UTC))),
            ("2026-03-01T14:00:00+02:00", Some(datetime!(2026-03-01 12:00 UTC))),
            ("2026-03-01T12:00:00.250Z", Some(datetime!(2026-03-01 12:00:00.25 UTC))),
            ("2026-03-01T12:00:00", Some(datetime!(2026-03-01 12:00 UTC))),
            ("2026-03-01T12:00:00.5", Some(datetime!(2026-03-01 12:00:00.5 UTC))),
            ("yesterday", None),
            ("", None),
        ];
        for (raw, expected) in cases {
            assert_eq!(date::parse(raw).ok(), expected, "{raw:?}");
        }
    }

    #[test]
    fn integer_enums_keep_unknown_values() {
        let states: Vec<WorkflowState> = serde_json::from_value(json!([1, 6, 42])).expect("parses");
        assert_eq!(states, [WorkflowState::InProgress, WorkflowState::Finished, WorkflowState::Unknown(42)]);
        assert_eq!(serde_json::to_value(WorkflowState::Unknown(42)).expect("writes"), json!(42));
        assert_eq!(serde_json::to_value(CourseState::Archived).expect("writes"), json!(4));
        assert_eq!(PresentationMode::from(0), PresentationMode::Tree);
    }

    #[test]
    fn string_enums_fall_back_to_unknown() {
        let policies: Vec<RevealPolicy> =
            serde_json::from_value(json!(["afterDate", "afterScore", "later"])).expect("parses");
        assert_eq!(policies, [RevealPolicy::AfterDate, RevealPolicy::AfterScore, RevealPolicy::Unknown]);
        let review: ReviewPolicy = serde_json::from_value(json!("afterRevealingResults")).expect("parses");
        assert_eq!(review, ReviewPolicy::AfterRevealingResults);
        let kind: ActivityType = serde_json::from_value(json!("scorm")).expect("parses");
        assert_eq!(kind, ActivityType::Other);
    }

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
    fn record_finished_reads_a_date_or_a_flag() {
        let at = datetime!(2026-03-02 08:30 UTC);
        let created = datetime!(2026-03-01 12:00 UTC);
        let cases = [
            ("a date", json!({ "finished": "2026-03-02T08:30:00Z", "created": "2026-03-01T12:00:00Z" }), Some(at)),
            ("an offsetless date", json!({ "finished": "2026-03-02T08:30:00" }), Some(at)),
            ("true with created", json!({ "finished": true, "created": "2026-03-01T12:00:00Z" }), Some(created)),
            ("true without created", json!({ "finished": true }), None),
            ("false", json!({ "finished": false, "created": "2026-03-01T12:00:00Z" }), None),
            ("null", json!({ "finished": null, "created": "2026-03-01T12:00:00Z" }), None),
            ("absent", json!({ "created": "2026-03-01T12:00:00Z" }), None),
        ];
        for (case, mut raw, expected) in cases {
            raw["id"] = json!(Uuid::from_u128(1));
            let record: ObjectiveRecord = serde_json::from_value(raw).unwrap_or_else(|e| panic!("{case}: {e}"));
            assert_eq!(record.finished_at(), expected, "{case}");
        }
    }

    #[test]
    fn record_finished_rejects_anything_else() {
        for garbage in [json!("soon"), json!(1), json!({ "at": "2026-03-02T08:30:00Z" }), json!([true])] {
            let raw = json!({ "id": Uuid::from_u128(1), "finished": garbage });
            let err = serde_json::from_value::<ObjectiveRecord>(raw).expect_err("rejects");
            assert!(err.to_string().contains("RecordFinished"), "{garbage}: {err}");
        }
    }

    #[test]
    fn record_finished_writes_back_what_it_read() {
        for raw in [json!("2026-03-02T08:30:00Z"), json!(true), json!(false)] {
            let read: RecordFinished = serde_json::from_value(raw.clone()).expect("parses");
            assert_eq!(serde_json::to_value(read).expect("writes"), raw);
        }
    }

    #[test]
    fn certificate_records_read_the_query_and_public_shapes() {
        let record: CertificateRecord = serde_json::from_value(json!({
            "id": Uuid::from_u128(1),
            "certificateNumber": "C-1",
            "certificateTemplate": { "name": "Completion" },
            "objectiveId": Uuid::from_u128(2),
            "userId": Uuid::from_u128(3),
            "objective": { "id": Uuid::from_u128(2), "name": "Course" },
            "user": { "first_name": "Ada", "last_name": "Lovelace" },
            "objectiveRecord": { "id": Uuid::from_u128(4), "score": 80.0, "maxScore": 100.0, "passed": true, "finished": true },
            "created": "2026-03-01T12:00:00Z",
        }))
        .expect("parses");
        assert_eq!(record.objective.and_then(|o| o.name).as_deref(), Some("Course"));
        assert_eq!(record.user.and_then(|u| u.first_name).as_deref(), Some("Ada"));
        let result = record.objective_record.expect("result");
        assert_eq!((result.score, result.passed, result.finished_at()), (Some(80.0), Some(true), None));
        let bare: CertificateRecord =
            serde_json::from_value(json!({ "id": Uuid::from_u128(1), "certificateNumber": "C-1" })).expect("parses");
        assert_eq!((bare.objective, bare.user, bare.objective_record), (None, None, None));
    }

    #[test]
    fn self_enrolment_is_read_inside_or_beside_the_aggregate() {
        let aggregate = |inside: Value| json!({ "id": Uuid::from_u128(3), "isSelfEnrolled": inside });
        let cases = [
            ("inside", json!(null), Some(aggregate(json!(true))), true),
            ("beside", json!(true), Some(aggregate(json!(null))), true),
            ("the aggregate's own wins", json!(true), Some(aggregate(json!(false))), false),
            ("no aggregate", json!(true), None, false),
            ("neither", json!(null), Some(aggregate(json!(null))), false),
        ];
        for (case, beside, aggregate, expected) in cases {
            let access: ObjectiveAccess = serde_json::from_value(json!({
                "id": Uuid::from_u128(1),
                "objective": { "id": Uuid::from_u128(2), "name": "Course" },
                "isSelfEnrolled": beside,
                "objectiveWorkflowAggregate": aggregate,
                "lastObjectiveRecord": { "id": Uuid::from_u128(4), "finished": true, "created": "2026-03-01T12:00:00Z" },
            }))
            .unwrap_or_else(|e| panic!("{case}: {e}"));
            assert_eq!(access.self_enrolled(), expected, "{case}");
        }
    }

    /// An open-catalog objective as the sandbox sends it.
    fn open_catalog_objective() -> Value {
        json!({
            "id": Uuid::from_u128(2), "name": "Rust basics", "code": "RS-1", "description": "Short",
            "about": "<p>About</p>", "imageUrl": null, "type": "composite", "state": 2, "displayMode": 1,
            "presentationMode": 0, "proctored": false, "supportMobileView": true, "supportFullscreenView": true,
            "supportLtiAuthoring": false, "supportReview": true,
            "activity": {
                "id": Uuid::from_u128(9), "type": "composite", "state": 1, "childrenCount": 3,
                "preferredWidth": 1024, "preferredHeight": 768, "presentationMode": 0, "supportReview": true
            },
            "showcases": [{ "id": Uuid::from_u128(7), "name": "Security" }],
            "gradingScaleId": null, "objectiveGradingScale": null,
            "certificateTemplates": [{ "name": "Completion", "validDays": 365 }],
            "announcementChannelId": null, "duration": 5400, "knowledgeModelId": null
        })
    }

    #[test]
    fn open_catalog_objectives_read_as_objectives() {
        let objective: Objective = serde_json::from_value(open_catalog_objective()).expect("parses");
        assert_eq!((objective.name.as_str(), objective.code.as_deref()), ("Rust basics", Some("RS-1")));
        assert_eq!((objective.about.as_deref(), objective.duration), (Some("<p>About</p>"), Some(5400)));
        assert_eq!(objective.state, Some(CourseState::Ready));
        let activity = objective.activity.expect("activity");
        assert_eq!((activity.state, activity.children_count), (Some(CourseState::Draft), Some(3)));
        assert_eq!(objective.showcases, [ShowcaseRef { id: Uuid::from_u128(7), name: "Security".into() }]);
        let bare: Objective =
            serde_json::from_value(json!({ "id": Uuid::from_u128(2), "name": "Course" })).expect("parses");
        assert_eq!((bare.duration, bare.activity, bare.state), (None, None, None));
    }

    #[test]
    fn accesses_read_what_the_catalog_page_needs() {
        let access: ObjectiveAccess = serde_json::from_value(json!({
            "id": Uuid::from_u128(1),
            "objective": open_catalog_objective(),
            "objectiveWorkflowAggregate": { "id": Uuid::from_u128(3), "isSelfEnrolled": false },
            "isMandatory": true,
            "showInCatalog": true,
            "availabilityDate": "2026-03-01T00:00:00Z",
            "availabilityEndDate": "2026-04-01T00:00:00",
            "dueDate": null,
            "lastObjectiveWorkflow": null,
            "lastObjectiveRecord": null,
        }))
        .expect("parses");
        assert_eq!(access.objective.duration, Some(5400));
        assert_eq!(access.is_mandatory, Some(true));
        assert_eq!(
            (access.availability_date, access.availability_end_date),
            (Some(datetime!(2026-03-01 0:00 UTC)), Some(datetime!(2026-04-01 0:00 UTC)))
        );
        assert!(!access.self_enrolled());
        assert_eq!((access.last_objective_workflow, access.last_objective_record), (None, None));
    }

    #[test]
    fn bad_dates_fail_with_a_readable_error() {
        let err = serde_json::from_value::<ActivityConstraint>(json!({ "due": "soon" })).expect_err("rejects");
        assert!(err.to_string().contains("not a date-time"), "{err}");
    }
}

// ---------------------------------------------------------------------------------------------
// The public certificate and unit membership (spec sections 3 and 7).
// ---------------------------------------------------------------------------------------------

/// A reference with a name (the course of a certificate).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct NamedRef {
    /// Its id, when given.
    #[serde(default)]
    pub id: Option<Uuid>,
    /// Its name, when given.
    #[serde(default)]
    pub name: Option<String>,
}

/// The holder of a certificate (snake_case, as the upstream's user shapes).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct CertificateHolder {
    /// First name.
    #[serde(default)]
    pub first_name: Option<String>,
    /// Middle name.
    #[serde(default)]
    pub middle_name: Option<String>,
    /// Last name.
    #[serde(default)]
    pub last_name: Option<String>,
}

/// A user's membership of a unit.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct UnitMembership {
    /// The user's primary unit.
    #[serde(default)]
    pub is_primary: bool,
}

/// A unit the user belongs to (`GET users/{id}/units`, spec section 3 'Unit membership').
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Unit {
    /// Unit id.
    pub id: Uuid,
    /// Unit name.
    pub name: String,
    /// Unit code.
    #[serde(default)]
    pub code: Option<String>,
    /// The membership.
    #[serde(default)]
    pub membership: Option<UnitMembership>,
}

/// The answer of `GET users/{id}/units`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct UnitList {
    /// The units.
    #[serde(default)]
    pub items: Vec<Unit>,
}
