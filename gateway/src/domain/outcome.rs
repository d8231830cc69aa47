//! One decision per rule for a learner's course, shared by every view that shows its outcome:
//! the My courses card, the details page, the dashboard, the content tree and the redirect entry
//! (spec section 4 'Workflow status', 'Grade visibility', 'Availability'; section 5 progress and
//! grades). A view reads the facts from whichever upstream shape it has ([`CourseFacts`]) and
//! asks these functions; it never decides a status, a progress or a grade's visibility itself.

use contracts::{
    bff::{CardLock, CardResult, CourseStatus, ScoreDisplay, ShownResult},
    upstream::{
        ActivityConstraint, ActivityRecord, ActivityWorkflow, CourseState, GradingScale, ObjectiveAccess,
        ObjectiveRecord, ObjectiveWorkflowAggregate, RecordSummary, RevealPolicy, WorkflowState,
    },
};
use time::OffsetDateTime;

use super::{
    details::status_of,
    reveal::{grade_hidden, grading_in_progress},
    score,
};

/// What the rules need to know about a learner's course.
#[derive(Debug, Clone, PartialEq)]
pub struct CourseFacts {
    /// The last objective workflow's state, if one was started.
    pub workflow: Option<WorkflowState>,
    /// The last workflow's progress, as the upstream gives it.
    pub workflow_progress: Option<f64>,
    /// A record (result) exists.
    pub has_record: bool,
    /// The last record's progress, as the upstream gives it.
    pub record_progress: Option<f64>,
    /// The course state (objective, else root activity).
    pub course_state: Option<CourseState>,
    /// The grade reveal policy; `Unknown` when the view could not read it (hides).
    pub reveal_policy: Option<RevealPolicy>,
    /// The reveal date of `AfterDate`.
    pub reveal_date: Option<OffsetDateTime>,
    /// A proctoring session disagrees with its activity workflow
    /// ([`super::reveal::proctoring_mismatch`] of any proctored activity of the last attempt).
    pub proctoring_mismatch: bool,
}

impl CourseFacts {
    /// The facts of an objective access (the full shape: dates and reveal policy included).
    pub fn of_access(access: &ObjectiveAccess, proctoring_mismatch: bool) -> Self {
        CourseFacts {
            workflow: access.last_objective_workflow.as_ref().map(|w| w.state),
            workflow_progress: access.last_objective_workflow.as_ref().and_then(|w| w.progress),
            has_record: access.last_objective_record.is_some(),
            record_progress: access.last_objective_record.as_ref().and_then(|r| r.progress),
            course_state: super::details::course_state(access),
            reveal_policy: access.grade_reveal_policy,
            reveal_date: access.grade_reveal_date,
            proctoring_mismatch,
        }
    }

    /// The facts of an enrolled course when its access could not be read: the reveal policy is
    /// unknown, so the grade is hidden rather than leaked.
    pub fn of_aggregate(agg: &ObjectiveWorkflowAggregate, proctoring_mismatch: bool) -> Self {
        CourseFacts {
            workflow: agg.last_objective_workflow.as_ref().map(|w| WorkflowState::from(w.state)),
            workflow_progress: agg.last_objective_workflow.as_ref().and_then(|w| w.progress),
            has_record: agg.last_objective_record.is_some(),
            record_progress: None,
            course_state: Some(CourseState::from(agg.objective.state)),
            reveal_policy: Some(RevealPolicy::Unknown),
            reveal_date: None,
            proctoring_mismatch,
        }
    }
}

/// Spec section 4 'If the proctoring session does not agree with the activity workflow state,
/// the course is treated as in grading': a started course with a mismatch is in grading.
fn treated_as_in_grading(f: &CourseFacts) -> bool {
    f.proctoring_mismatch && f.workflow.is_some()
}

/// Spec section 4 'Workflow status', with the proctoring rule of 'Availability': the status every
/// view shows. A proctoring mismatch makes a started course 'in grading'.
pub fn status(f: &CourseFacts) -> CourseStatus {
    if treated_as_in_grading(f) {
        return CourseStatus::InGrading;
    }
    status_of(f.workflow, f.has_record)
}

/// Spec section 5 'Progress is clamped to 0..1 and shown as a percentage', of the last
/// workflow; imported results (a record without workflow) have the record's progress, and are
/// complete when the record does not say.
pub fn progress_percent(f: &CourseFacts) -> u32 {
    let progress = match f.workflow {
        Some(_) => f.workflow_progress,
        None if f.has_record => Some(f.record_progress.unwrap_or(1.0)),
        None => None,
    };
    score::progress_percent(progress)
}

/// Spec section 4 "'Grading in progress' shows while in grading or awaiting the reveal", and the
/// proctoring mismatch, which is treated as in grading.
pub fn in_grading(f: &CourseFacts, now: OffsetDateTime) -> bool {
    treated_as_in_grading(f) || grading_in_progress(f.reveal_policy, f.workflow, f.reveal_date, now)
}

/// Spec section 4 'Grade visibility': the score, grade and pass are hidden by `Never`, by
/// `AfterFinish` before submission, by `AfterDate` before the reveal date, and while grading is
/// in progress. Every view (card, details, dashboard, tree, pass-through) hides by this answer.
pub fn result_hidden(f: &CourseFacts, now: OffsetDateTime) -> bool {
    grade_hidden(f.reveal_policy, f.workflow, f.reveal_date, now) || in_grading(f, now)
}

/// Course card 'due date and overdue state' ([`super::dashboard::is_overdue`]) from the facts
/// every view has: `due` has been reached and the course is not completed. The card, the
/// dashboard and details say 'overdue' exactly when this holds.
pub fn overdue(f: &CourseFacts, due: Option<OffsetDateTime>, now: OffsetDateTime) -> bool {
    super::dashboard::is_overdue(due, super::filters::progress_of(f.workflow, f.has_record), now)
}

/// Whether the learner can go on working in the course's content: the last workflow is in
/// progress, the course is not treated as in grading, and it is neither draft nor archived.
/// The card links to the content, details offers Continue, the dashboard links to the content
/// and the tree names an activity to open next exactly when this holds.
pub fn can_continue(f: &CourseFacts) -> bool {
    f.workflow == Some(WorkflowState::InProgress)
        && status(f) == CourseStatus::InProgress
        && !matches!(f.course_state, Some(CourseState::Draft | CourseState::Archived))
}

/// Spec section 2 'Course card': in progress (the learner can continue) goes to
/// `/courses/{objectiveId}/view/content`; finished goes to `/courses/{objectiveId}`; otherwise
/// (not started, submitted, in grading, graded, approved) `/courses/{objectiveId}/{aggregateId}`.
pub fn course_link(f: &CourseFacts, objective: &str, aggregate: &str) -> String {
    if can_continue(f) {
        format!("/courses/{objective}/view/content")
    } else if status(f) == CourseStatus::Finished {
        format!("/courses/{objective}")
    } else {
        format!("/courses/{objective}/{aggregate}")
    }
}

/// The score, grade and pass of a result as the learner may see them.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ResultFacts<'a> {
    /// Raw score.
    pub score: Option<f64>,
    /// Maximum score.
    pub max_score: Option<f64>,
    /// Score normalised to 0..1.
    pub normalized_score: Option<f64>,
    /// Passed.
    pub passed: Option<bool>,
    /// The upstream's grade name (not shown: see [`shown_result`]).
    pub grade: Option<&'a str>,
}

impl<'a> ResultFacts<'a> {
    /// The result of an enrolled course's last record.
    pub fn of_summary(r: &'a RecordSummary) -> Self {
        ResultFacts {
            score: r.score,
            max_score: r.max_score,
            normalized_score: r.normalized_score,
            passed: r.passed,
            grade: r.grade.as_deref(),
        }
    }

    /// The result of an objective record.
    pub fn of_record(r: &'a ObjectiveRecord) -> Self {
        ResultFacts {
            score: r.score,
            max_score: r.max_score,
            normalized_score: r.normalized_score,
            passed: r.passed,
            grade: r.grade.as_deref(),
        }
    }
}

/// Spec sections 4 and 5: the score, grade and pass shown for a result; nothing when `hidden`.
/// The grade is the course's grading scale's ('Grade = highest grade whose minimum score is
/// reached, else the lowest grade'); a course without a scale shows no grade, only score and
/// pass, since a grade name the portal cannot derive from a scale is not one it can explain.
pub fn shown_result(r: &ResultFacts<'_>, scale: Option<&GradingScale>, hidden: bool) -> ShownResult {
    if hidden {
        return ShownResult::default();
    }
    let display = score::score_display(r.score, r.max_score, r.normalized_score);
    let grade = scale.zip(display.as_ref()).and_then(|(scale, d)| {
        let normalized = r.normalized_score.filter(|n| n.is_finite()).unwrap_or(f64::from(d.percent) / 100.0);
        score::grade_for(scale, normalized)
    });
    ShownResult { score: display, grade, passed: r.passed }
}

/// Spec section 2 'Course card: grade / score / go-to-details when finished': the result badge
/// of a finished course whose grade is not hidden, built from [`shown_result`].
pub fn card_result(
    f: &CourseFacts,
    r: Option<&ResultFacts<'_>>,
    scale: Option<&GradingScale>,
    now: OffsetDateTime,
) -> Option<CardResult> {
    if status(f) != CourseStatus::Finished || result_hidden(f, now) {
        return None;
    }
    let shown = shown_result(r?, scale, false);
    Some(CardResult {
        passed: shown.passed,
        score_percent: shown.score.as_ref().map(|s| s.percent),
        score_color: shown.score.as_ref().map(|s| s.color),
        grade: shown.grade,
    })
}

/// Spec section 4 'Grade visibility' for one activity of the contents and the player: hidden
/// while the course's result is hidden (`course_hidden`, [`result_hidden`]), while the activity
/// is in grading, before its `revealResultsFrom`, and by its own `resultsDisclosurePolicy` read as
/// the course's reveal policy is (`Never` hides, `AfterDate` until `resultsDisclosureFrom`,
/// `AfterFinish` until its workflow is submitted or later). The pass ('below passing score') and
/// the score of an activity are hidden together by this answer on every view.
pub fn activity_result_hidden(
    course_hidden: bool,
    constraint: &ActivityConstraint,
    workflow: Option<&ActivityWorkflow>,
    now: OffsetDateTime,
) -> bool {
    let state = workflow.map(|w| w.state);
    course_hidden
        || state == Some(WorkflowState::InGrading)
        || constraint.reveal_results_from.is_some_and(|d| now < d)
        || grade_hidden(constraint.results_disclosure_policy, state, constraint.results_disclosure_from, now)
}

/// Spec section 5: the score an activity shows, from its best record; nothing when `hidden`
/// ([`activity_result_hidden`]) or when the record has no score.
pub fn activity_score(record: Option<&ActivityRecord>, hidden: bool) -> Option<ScoreDisplay> {
    if hidden {
        return None;
    }
    let record = record?;
    score::score_display(record.score, record.max_score, record.normalized_score)
}

/// The result fields of upstream records (activity records, objective records) that a hidden
/// grade must not hand back.
pub const RESULT_FIELDS: [&str; 5] = ["score", "maxScore", "normalizedScore", "grade", "passed"];

/// Spec section 4 'Grade visibility' on the pass-through: removes every [`RESULT_FIELDS`] key at
/// any depth of an upstream answer, so records still list what was done, but not how well.
pub fn strip_results(value: &mut serde_json::Value) {
    match value {
        serde_json::Value::Object(map) => {
            for field in RESULT_FIELDS {
                map.remove(field);
            }
            map.values_mut().for_each(strip_results);
        }
        serde_json::Value::Array(items) => items.iter_mut().for_each(strip_results),
        _ => {}
    }
}

/// Spec section 2 'Course card: ... lock icon' with section 4 'Availability' and 'Starting': why a
/// course cannot be started now, as the details page says it with its notices. Draft courses are
/// 'coming soon'; a course the learner would start (no attempt yet, or a retake) is locked before
/// its availability date and after its availability end date. Archived courses say nothing here
/// (they are not listed; details says 'not available').
pub fn start_lock(access: &ObjectiveAccess, now: OffsetDateTime) -> Option<CardLock> {
    use super::details::{after_availability, before_availability, course_state, retake_allowed};
    match course_state(access) {
        Some(CourseState::Draft) => return Some(CardLock::ComingSoon),
        Some(CourseState::Archived) => return None,
        _ => {}
    }
    let not_started = access.last_objective_workflow.is_none() && access.last_objective_record.is_none();
    if !(not_started || retake_allowed(access)) {
        return None;
    }
    if before_availability(access, now) {
        Some(CardLock::WillBeAvailable)
    } else if after_availability(access, now) {
        Some(CardLock::WasAvailableBefore)
    } else {
        None
    }
}

#[cfg(test)]
mod tests;
