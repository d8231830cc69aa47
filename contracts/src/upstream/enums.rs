//! The enumerations of the upstream API (spec section 4): states and modes sent as integers,
//! types and policies sent as strings.

use serde::{Deserialize, Serialize};

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

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

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
}
