//! The commands' rules: reading the status of an asynchronous command (spec sections 4 and 8),
//! the start sequence (spec section 4 'Starting', 'Availability'), and when a learner counts as
//! enrolled (section 4 'Lists', 'Query flags').

use std::collections::BTreeMap;

use contracts::{
    bff::StartDestinationKind,
    upstream::{
        ActivityType, CommandState, CommandStatus, CourseState, ObjectiveAccess, ObjectiveWorkflowAggregate,
        WorkflowState,
    },
};
use time::{OffsetDateTime, format_description::well_known::Rfc3339};
use uuid::Uuid;

use super::details::{after_availability, before_availability, course_state, retake_allowed};

/// 'Server accepted command but encountered errors.' (spec section 8).
pub const ACCEPTED_WITH_ERRORS: &str = "Server accepted command but encountered errors.";
/// 'Server accepted command but encountered an unknown error.' (spec section 8).
pub const ACCEPTED_WITH_UNKNOWN_ERROR: &str = "Server accepted command but encountered an unknown error.";
/// 'Server returns unknown error.' (spec section 8).
pub const UNKNOWN_SERVER_ERROR: &str = "Server returns unknown error.";

/// Code of a failed command whose message is the upstream's own (its first real message).
pub const FAILED: &str = "command_failed";
/// Code of a failed command whose errors carry no message: 'Server accepted command but
/// encountered errors.' (spec section 8).
pub const ERRORS_UNEXPLAINED: &str = "command_errors_unexplained";
/// Code of a failed command without any error: 'Server accepted command but encountered an
/// unknown error.' (spec section 8).
pub const FAILED_UNEXPLAINED: &str = "command_failed_unexplained";
/// Code of a command status outside those of spec section 4: 'Server returns unknown error.'.
pub const STATUS_UNKNOWN: &str = "command_status_unknown";

/// What a command status means for the caller.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CommandOutcome {
    /// Still running: poll again.
    Pending,
    /// Completed.
    Completed,
    /// Canceled.
    Canceled,
    /// Failed.
    Failed {
        /// [`FAILED`] when `message` is the upstream's own, else the code of the fallback
        /// ([`ERRORS_UNEXPLAINED`], [`FAILED_UNEXPLAINED`], [`STATUS_UNKNOWN`]): a client in
        /// another language says the fallbacks its own way.
        code: &'static str,
        /// The message to show: the first real message, else a fallback of spec section 8.
        message: String,
        /// Real messages per field, in the order given; command-wide errors have no entry.
        field_errors: BTreeMap<String, Vec<String>>,
    },
}

/// Spec section 8 'Async command failure: field errors collected per field, the first real
/// message used; fallback Server accepted command but encountered errors.'
///
/// Status 1, 2, 3 are completed, failed, canceled. An absent status, or 0, is a command still
/// running. Any other value is 'Server returns unknown error.'. A failure without any error
/// is 'Server accepted command but encountered an unknown error.'; with errors none of which
/// carries a real (non-blank) message, 'Server accepted command but encountered errors.'.
pub fn command_outcome(status: &CommandStatus) -> CommandOutcome {
    match status.status {
        None | Some(CommandState::Unknown(0)) => CommandOutcome::Pending,
        Some(CommandState::Completed) => CommandOutcome::Completed,
        Some(CommandState::Canceled) => CommandOutcome::Canceled,
        Some(CommandState::Unknown(_)) => CommandOutcome::Failed {
            code: STATUS_UNKNOWN,
            message: UNKNOWN_SERVER_ERROR.to_owned(),
            field_errors: BTreeMap::new(),
        },
        Some(CommandState::Failed) => {
            let mut field_errors: BTreeMap<String, Vec<String>> = BTreeMap::new();
            let mut first = None;
            for error in &status.errors {
                let Some(message) = error.message.as_deref().map(str::trim).filter(|m| !m.is_empty()) else {
                    continue;
                };
                first.get_or_insert_with(|| message.to_owned());
                if let Some(field) = error.field.as_deref().map(str::trim).filter(|f| !f.is_empty()) {
                    field_errors.entry(field.to_owned()).or_default().push(message.to_owned());
                }
            }
            let (code, message) = match first {
                Some(message) => (FAILED, message),
                None if status.errors.is_empty() => (FAILED_UNEXPLAINED, ACCEPTED_WITH_UNKNOWN_ERROR.to_owned()),
                None => (ERRORS_UNEXPLAINED, ACCEPTED_WITH_ERRORS.to_owned()),
            };
            CommandOutcome::Failed { code, message, field_errors }
        }
    }
}

/// 'Time over!' (spec section 8): an asynchronous command did not complete in time.
pub const TIME_OVER: &str = "Time over!";
/// 'Unknown error. Please refresh the page and try again.' (spec section 8), shown when the
/// enrolled course does not appear after polling.
pub const UNKNOWN_ERROR: &str = "Unknown error. Please refresh the page and try again.";

/// Spec section 4 'Lists' and 'Query flags': the learner has the course in My courses when it
/// is self-enrolled, mandatory, or has a workflow or a record. The enrolment polling waits for
/// this.
pub fn is_enrolled(aggregate: &ObjectiveWorkflowAggregate) -> bool {
    aggregate.is_self_enrolled
        || aggregate.is_mandatory
        || aggregate.last_objective_workflow.is_some()
        || aggregate.last_objective_record.is_some()
}

/// What the start sequence does with the objective workflow.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StartStep {
    /// The workflow in progress goes on.
    Continue(Uuid),
    /// A new objective workflow is created: none exists yet (`retake` false), or the last one
    /// is finished and a retake is allowed (`retake` true).
    NewWorkflow {
        /// A retake of a finished attempt.
        retake: bool,
    },
}

/// Why a course cannot start now.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum StartRefusal {
    /// Draft course: 'Coming soon', cannot start.
    ComingSoon,
    /// Archived course: not available.
    NotAvailable,
    /// Before the availability date: 'Will be available to start on {date}'.
    WillBeAvailable(OffsetDateTime),
    /// After the availability end date: 'Was available to start before {date}'.
    WasAvailableBefore(OffsetDateTime),
    /// The last attempt is handed in and not finished yet (submitted, in grading, graded).
    AttemptNotFinished,
    /// Finished (or imported results) and no retake allowed.
    NoRetake,
}

impl StartRefusal {
    /// Stable machine-readable code of the refusal.
    pub fn code(&self) -> &'static str {
        match self {
            StartRefusal::ComingSoon => "coming_soon",
            StartRefusal::NotAvailable => "not_available",
            StartRefusal::WillBeAvailable(_) => "will_be_available",
            StartRefusal::WasAvailableBefore(_) => "was_available_before",
            StartRefusal::AttemptNotFinished => "attempt_not_finished",
            StartRefusal::NoRetake => "no_retake",
        }
    }

    /// The date the refusal names, RFC 3339 (UTC): when the course can be started, or until when
    /// it could be.
    pub fn date(&self) -> Option<String> {
        match self {
            StartRefusal::WillBeAvailable(d) | StartRefusal::WasAvailableBefore(d) => {
                Some(d.format(&Rfc3339).unwrap_or_else(|_| d.to_string()))
            }
            _ => None,
        }
    }

    /// The message shown to callers other than the client (which says it in the learner's
    /// language from [`Self::code`] and [`Self::date`]), with the texts of spec sections 4 and 8;
    /// dates in RFC 3339 (UTC).
    pub fn message(&self) -> String {
        let date = self.date().unwrap_or_default();
        match self {
            StartRefusal::ComingSoon => "Coming soon".into(),
            StartRefusal::NotAvailable => {
                "This content is not available at the moment. Please come back later or ask your administrator.".into()
            }
            StartRefusal::WillBeAvailable(_) => format!("Will be available to start on {date}"),
            StartRefusal::WasAvailableBefore(_) => format!("Was available to start before {date}"),
            StartRefusal::AttemptNotFinished => "The last attempt of this course is not finished yet.".into(),
            StartRefusal::NoRetake => "This course is finished and cannot be started again.".into(),
        }
    }
}

/// Spec section 4 'Starting': a new objective workflow is created when none exists, or when
/// retake is allowed and the last one is finished (an LTI ready or expired course can retake,
/// see [`retake_allowed`]); a workflow in progress goes on. Draft courses cannot start ('Coming
/// soon'), archived ones are not available; section 4 'Availability': nothing new starts before
/// the availability date or after the availability end date (a workflow in progress goes on).
/// Imported results (a record without workflow) allow no retake. Whether the learner must
/// self-enrol first is [`is_enrolled`]'s question, asked separately.
pub fn start_step(access: &ObjectiveAccess, now: OffsetDateTime) -> Result<StartStep, StartRefusal> {
    match course_state(access) {
        Some(CourseState::Draft) => return Err(StartRefusal::ComingSoon),
        Some(CourseState::Archived) => return Err(StartRefusal::NotAvailable),
        _ => {}
    }
    let retake = match &access.last_objective_workflow {
        Some(w) if w.state == WorkflowState::InProgress => return Ok(StartStep::Continue(w.id)),
        Some(w) if w.state == WorkflowState::Finished => {
            if !retake_allowed(access) {
                return Err(StartRefusal::NoRetake);
            }
            true
        }
        Some(_) => return Err(StartRefusal::AttemptNotFinished),
        None if access.last_objective_record.is_some() => return Err(StartRefusal::NoRetake),
        None => false,
    };
    if before_availability(access, now) {
        return Err(StartRefusal::WillBeAvailable(access.availability_date.unwrap_or(now)));
    }
    if after_availability(access, now) {
        return Err(StartRefusal::WasAvailableBefore(access.availability_end_date.unwrap_or(now)));
    }
    Ok(StartStep::NewWorkflow { retake })
}

/// Whether the course is an LTI course (its own type or its root activity's).
pub fn is_lti_course(access: &ObjectiveAccess) -> bool {
    access.objective.kind == Some(ActivityType::Lti)
        || access.objective.activity.as_ref().and_then(|a| a.kind) == Some(ActivityType::Lti)
}

/// Spec section 4 'Starting': after the start the user goes to the content (at the activity to
/// open next, when there is one); 'LTI activities reload the course view instead'. The URL is
/// relative to the client's base path.
pub fn start_destination(
    objective_id: Uuid,
    lti: bool,
    open_next_path: Option<&str>,
) -> (StartDestinationKind, String) {
    if lti {
        return (StartDestinationKind::ReloadCourse, format!("/courses/{objective_id}"));
    }
    let url = match open_next_path.filter(|p| !p.is_empty()) {
        Some(path) => format!("/courses/{objective_id}/view/content/{path}"),
        None => format!("/courses/{objective_id}/view/content"),
    };
    (StartDestinationKind::Content, url)
}

#[cfg(test)]
mod tests {
    use super::*;
    use contracts::upstream::CommandError;

    fn status(value: Option<i32>, errors: &[(Option<&str>, Option<&str>)]) -> CommandStatus {
        CommandStatus {
            id: None,
            status: value.map(CommandState::from),
            errors: errors
                .iter()
                .map(|(f, m)| CommandError { field: f.map(String::from), message: m.map(String::from) })
                .collect(),
        }
    }

    fn failed(code: &'static str, message: &str, fields: &[(&str, &[&str])]) -> CommandOutcome {
        CommandOutcome::Failed {
            code,
            message: message.into(),
            field_errors: fields
                .iter()
                .map(|(f, ms)| (f.to_string(), ms.iter().map(|m| m.to_string()).collect()))
                .collect(),
        }
    }

    /// Spec section 4 'Async command result: completed=1, failed=2, canceled=3' and section 8.
    #[test]
    fn async_command_result_status_and_failure_messages() {
        let cases = [
            ("running: no status", status(None, &[]), CommandOutcome::Pending),
            ("running: 0", status(Some(0), &[]), CommandOutcome::Pending),
            ("completed", status(Some(1), &[]), CommandOutcome::Completed),
            ("canceled", status(Some(3), &[]), CommandOutcome::Canceled),
            ("unknown status", status(Some(9), &[]), failed(STATUS_UNKNOWN, UNKNOWN_SERVER_ERROR, &[])),
            (
                "failed without errors",
                status(Some(2), &[]),
                failed(FAILED_UNEXPLAINED, ACCEPTED_WITH_UNKNOWN_ERROR, &[]),
            ),
            (
                "failed with blank messages only",
                status(Some(2), &[(Some("name"), Some("  ")), (None, None)]),
                failed(ERRORS_UNEXPLAINED, ACCEPTED_WITH_ERRORS, &[]),
            ),
            (
                "first real message, errors per field",
                status(
                    Some(2),
                    &[
                        (Some("name"), Some("")),
                        (Some("name"), Some("Name is required")),
                        (None, Some("Course is closed")),
                        (Some("name"), Some("Name is too long")),
                        (Some("code"), Some("Code is taken")),
                    ],
                ),
                failed(
                    FAILED,
                    "Name is required",
                    &[("code", &["Code is taken"]), ("name", &["Name is required", "Name is too long"])],
                ),
            ),
        ];
        for (clause, s, outcome) in cases {
            assert_eq!(command_outcome(&s), outcome, "{clause}");
        }
    }

    #[test]
    fn async_command_status_reads_the_upstream_shapes() {
        let parsed: CommandStatus = serde_json::from_str(
            r#"{"status":2,"errors":[{"propertyName":"timezone","errorMessage":"Unknown zone"}],"extra":1}"#,
        )
        .expect("parses");
        assert_eq!(command_outcome(&parsed), failed(FAILED, "Unknown zone", &[("timezone", &["Unknown zone"])]));
        let running: CommandStatus = serde_json::from_str("{}").expect("parses");
        assert_eq!(command_outcome(&running), CommandOutcome::Pending);
    }

    mod start {
        use contracts::upstream::{Objective, ObjectiveActivity, ObjectiveWorkflow};
        use time::macros::datetime;

        use super::super::*;

        const NOW: OffsetDateTime = datetime!(2026-03-01 12:00 UTC);
        const WORKFLOW: Uuid = Uuid::from_u128(7);

        fn access(state: Option<CourseState>, workflow: Option<i32>, record: bool, retake: bool) -> ObjectiveAccess {
            serde_json::from_value::<ObjectiveAccess>(serde_json::json!({
                "id": Uuid::from_u128(1),
                "objective": { "id": Uuid::from_u128(2), "name": "Course" },
            }))
            .map(|mut a| {
                a.objective.state = state;
                a.retake = Some(retake);
                a.last_objective_workflow = workflow.map(|s| ObjectiveWorkflow {
                    id: WORKFLOW,
                    state: WorkflowState::from(s),
                    started: None,
                    submitted: None,
                    finished: None,
                    progress: None,
                    protect_results: None,
                    objective_record_id: None,
                    objective_workflow_aggregate_id: None,
                });
                a.last_objective_record = record.then(|| crate::domain::fixtures::record(3));
                a
            })
            .expect("access")
        }

        fn lti(mut a: ObjectiveAccess) -> ObjectiveAccess {
            a.objective = Objective { kind: Some(ActivityType::Lti), ..a.objective };
            a.objective.activity = Some(ObjectiveActivity {
                id: None,
                kind: Some(ActivityType::Lti),
                preferred_width: None,
                preferred_height: None,
                state: Some(CourseState::Expired),
                children_count: None,
                presentation_mode: None,
                support_review: None,
            });
            a
        }

        /// Spec section 4 'Starting' and 'Availability': which workflow the start sequence uses.
        #[test]
        fn starting_creates_a_workflow_when_none_or_retake_and_continues_one_in_progress() {
            let ready = Some(CourseState::Ready);
            let mut early = access(ready, None, false, false);
            early.availability_date = Some(datetime!(2026-03-10 0:00 UTC));
            let mut late = access(ready, Some(6), true, true);
            late.availability_end_date = Some(datetime!(2026-02-01 0:00 UTC));
            let mut late_in_progress = access(ready, Some(1), false, false);
            late_in_progress.availability_end_date = Some(datetime!(2026-02-01 0:00 UTC));
            let cases = [
                (
                    "no workflow, no record",
                    access(ready, None, false, false),
                    Ok(StartStep::NewWorkflow { retake: false }),
                ),
                ("in progress goes on", access(ready, Some(1), false, false), Ok(StartStep::Continue(WORKFLOW))),
                (
                    "finished with retake",
                    access(ready, Some(6), true, true),
                    Ok(StartStep::NewWorkflow { retake: true }),
                ),
                ("finished without retake", access(ready, Some(6), true, false), Err(StartRefusal::NoRetake)),
                (
                    "an LTI expired course can retake",
                    lti(access(Some(CourseState::Expired), Some(6), true, false)),
                    Ok(StartStep::NewWorkflow { retake: true }),
                ),
                ("submitted", access(ready, Some(2), true, true), Err(StartRefusal::AttemptNotFinished)),
                ("in grading", access(ready, Some(3), true, true), Err(StartRefusal::AttemptNotFinished)),
                ("imported results", access(ready, None, true, true), Err(StartRefusal::NoRetake)),
                (
                    "draft: coming soon",
                    access(Some(CourseState::Draft), None, false, false),
                    Err(StartRefusal::ComingSoon),
                ),
                (
                    "archived: not available",
                    access(Some(CourseState::Archived), Some(1), false, false),
                    Err(StartRefusal::NotAvailable),
                ),
                ("before availability", early, Err(StartRefusal::WillBeAvailable(datetime!(2026-03-10 0:00 UTC)))),
                (
                    "retake after availability",
                    late,
                    Err(StartRefusal::WasAvailableBefore(datetime!(2026-02-01 0:00 UTC))),
                ),
                ("in progress after availability goes on", late_in_progress, Ok(StartStep::Continue(WORKFLOW))),
            ];
            for (clause, a, expected) in cases {
                assert_eq!(start_step(&a, NOW), expected, "{clause}");
            }
        }

        /// Spec section 4 'Availability': 'Will be available to start on {date}', 'Was available
        /// to start before {date}': the refusal names its date apart (for the client to write in
        /// the learner's language) and in the message the same; the others have none.
        #[test]
        fn availability_refusals_name_their_date() {
            let cases = [
                (
                    StartRefusal::WillBeAvailable(datetime!(2026-03-10 8:30 UTC)),
                    Some("2026-03-10T08:30:00Z"),
                    "Will be available to start on 2026-03-10T08:30:00Z",
                ),
                (
                    StartRefusal::WasAvailableBefore(datetime!(2026-02-01 0:00 UTC)),
                    Some("2026-02-01T00:00:00Z"),
                    "Was available to start before 2026-02-01T00:00:00Z",
                ),
                (StartRefusal::ComingSoon, None, "Coming soon"),
                (StartRefusal::NoRetake, None, "This course is finished and cannot be started again."),
            ];
            for (refusal, date, message) in cases {
                assert_eq!(refusal.date().as_deref(), date, "{refusal:?}");
                assert_eq!(refusal.message(), message, "{refusal:?}");
            }
        }

        /// Spec section 4 'Starting': 'the user goes to content. LTI activities reload the
        /// course view instead.'
        #[test]
        fn starting_goes_to_content_and_lti_reloads_the_course_view() {
            let id = Uuid::from_u128(2);
            let cases = [
                (false, Some("1.2"), StartDestinationKind::Content, format!("/courses/{id}/view/content/1.2")),
                (false, None, StartDestinationKind::Content, format!("/courses/{id}/view/content")),
                (true, Some("1"), StartDestinationKind::ReloadCourse, format!("/courses/{id}")),
            ];
            for (is_lti, path, kind, url) in cases {
                assert_eq!(start_destination(id, is_lti, path), (kind, url), "{is_lti} {path:?}");
            }
        }

        /// Spec section 4 'Lists' and 'Query flags': enrolled once self-enrolled, mandatory, or
        /// with a workflow or record.
        #[test]
        fn enrolment_shows_once_self_enrolled_mandatory_or_started() {
            let base: ObjectiveWorkflowAggregate = serde_json::from_value(serde_json::json!({
                "id": Uuid::from_u128(1),
                "userId": Uuid::from_u128(9),
                "objective": { "id": Uuid::from_u128(2), "name": "C", "state": 2,
                    "activity": { "id": Uuid::from_u128(3), "type": "composite", "state": 2 } },
            }))
            .expect("aggregate");
            assert!(!is_enrolled(&base), "a catalog access");
            assert!(is_enrolled(&ObjectiveWorkflowAggregate { is_self_enrolled: true, ..base.clone() }));
            assert!(is_enrolled(&ObjectiveWorkflowAggregate { is_mandatory: true, ..base.clone() }));
            let started: ObjectiveWorkflowAggregate = serde_json::from_value(serde_json::json!({
                "id": Uuid::from_u128(1),
                "userId": Uuid::from_u128(9),
                "objective": { "id": Uuid::from_u128(2), "name": "C", "state": 2,
                    "activity": { "id": Uuid::from_u128(3), "type": "composite", "state": 2 } },
                "lastObjectiveWorkflow": { "id": Uuid::from_u128(4), "state": 1 },
            }))
            .expect("aggregate");
            assert!(is_enrolled(&started));
        }
    }
}
