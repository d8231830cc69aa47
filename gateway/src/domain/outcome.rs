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
mod tests {
    use super::*;
    use crate::domain::details::tests::{FUTURE, NOW, PAST};
    use CourseStatus as C;
    use WorkflowState as S;
    use contracts::upstream::ObjectiveGrade;
    use uuid::Uuid;

    fn facts(workflow: Option<S>, record: bool) -> CourseFacts {
        CourseFacts {
            workflow,
            workflow_progress: workflow.map(|_| 0.5),
            has_record: record,
            record_progress: None,
            course_state: Some(CourseState::Ready),
            reveal_policy: None,
            reveal_date: None,
            proctoring_mismatch: false,
        }
    }

    fn mismatch(mut f: CourseFacts) -> CourseFacts {
        f.proctoring_mismatch = true;
        f
    }

    fn reveal(mut f: CourseFacts, policy: RevealPolicy, date: Option<OffsetDateTime>) -> CourseFacts {
        f.reveal_policy = Some(policy);
        f.reveal_date = date;
        f
    }

    fn state(mut f: CourseFacts, s: CourseState) -> CourseFacts {
        f.course_state = Some(s);
        f
    }

    /// Spec section 4 'Workflow status' and 'Availability': 'If the proctoring session does not
    /// agree with the activity workflow state, the course is treated as in grading' — on every view.
    #[test]
    fn availability_proctoring_mismatch_is_in_grading_for_status_link_and_continue() {
        // (clause, facts, status, can continue, link)
        let cases = [
            ("in progress", facts(Some(S::InProgress), false), C::InProgress, true, "content"),
            ("in progress, mismatch", mismatch(facts(Some(S::InProgress), false)), C::InGrading, false, "entry"),
            ("finished, mismatch", mismatch(facts(Some(S::Finished), true)), C::InGrading, false, "entry"),
            ("not started ignores a mismatch", mismatch(facts(None, false)), C::NotStarted, false, "entry"),
            ("in grading", facts(Some(S::InGrading), false), C::InGrading, false, "entry"),
            ("approved", facts(Some(S::GradingApproved), true), C::GradingApproved, false, "entry"),
            ("submitted", facts(Some(S::Submitted), false), C::Submitted, false, "entry"),
            ("finished", facts(Some(S::Finished), true), C::Finished, false, "details"),
            ("imported", facts(None, true), C::Finished, false, "details"),
            (
                "archived in progress",
                state(facts(Some(S::InProgress), false), CourseState::Archived),
                C::InProgress,
                false,
                "entry",
            ),
            (
                "draft in progress",
                state(facts(Some(S::InProgress), false), CourseState::Draft),
                C::InProgress,
                false,
                "entry",
            ),
        ];
        for (clause, f, expected_status, continues, link) in cases {
            assert_eq!(status(&f), expected_status, "{clause}");
            assert_eq!(can_continue(&f), continues, "{clause}");
            let expected_link = match link {
                "content" => "/courses/o/view/content",
                "details" => "/courses/o",
                _ => "/courses/o/a",
            };
            assert_eq!(course_link(&f, "o", "a"), expected_link, "{clause}");
        }
    }

    /// Spec section 5 'Progress is clamped to 0..1 and shown as a percentage': the workflow's;
    /// imported results (record without workflow) the record's, complete when it does not say.
    #[test]
    fn progress_of_workflow_else_of_imported_record() {
        let with = |workflow: Option<S>, wp: Option<f64>, record: bool, rp: Option<f64>| CourseFacts {
            workflow_progress: wp,
            record_progress: rp,
            ..facts(workflow, record)
        };
        let cases = [
            ("not started", with(None, None, false, None), 0),
            ("in progress", with(Some(S::InProgress), Some(0.35), false, None), 35),
            ("clamped", with(Some(S::InProgress), Some(1.4), false, None), 100),
            ("workflow wins over record", with(Some(S::Finished), Some(1.0), true, Some(0.2)), 100),
            ("imported with progress", with(None, None, true, Some(1.0)), 100),
            ("imported partial", with(None, None, true, Some(0.5)), 50),
            ("imported without progress is complete", with(None, None, true, None), 100),
        ];
        for (clause, f, percent) in cases {
            assert_eq!(progress_percent(&f), percent, "{clause}");
        }
    }

    /// Spec section 4 'Grade visibility': Never, AfterDate before the date, AfterFinish before
    /// submission and grading in progress hide the result on every view.
    #[test]
    fn grade_visibility_hidden_result_is_hidden_on_every_view() {
        use RevealPolicy as P;
        let finished = || facts(Some(S::Finished), true);
        let cases = [
            ("no policy", finished(), false),
            ("never", reveal(finished(), P::Never, None), true),
            ("never, imported", reveal(facts(None, true), P::Never, None), true),
            ("afterDate ahead", reveal(finished(), P::AfterDate, Some(FUTURE)), true),
            ("afterDate passed", reveal(finished(), P::AfterDate, Some(PAST)), false),
            ("afterDate at the instant", reveal(finished(), P::AfterDate, Some(NOW)), false),
            ("afterFinish in progress", reveal(facts(Some(S::InProgress), false), P::AfterFinish, None), true),
            ("afterFinish finished", reveal(finished(), P::AfterFinish, None), false),
            ("in grading", facts(Some(S::InGrading), true), true),
            ("proctoring mismatch", mismatch(finished()), true),
            ("policy not read", reveal(finished(), P::Unknown, None), true),
        ];
        for (clause, f, hidden) in cases {
            assert_eq!(result_hidden(&f, NOW), hidden, "{clause}");
            let record = ResultFacts {
                score: Some(78.0),
                max_score: Some(100.0),
                normalized_score: Some(0.78),
                passed: Some(true),
                grade: Some("C"),
            };
            let badge = card_result(&f, Some(&record), None, NOW);
            assert_eq!(badge.is_some(), !hidden && status(&f) == C::Finished, "{clause}: {badge:?}");
        }
    }

    fn scale() -> GradingScale {
        let grade = |name: &str, min: f64| ObjectiveGrade { name: name.into(), color: None, normalized_min_score: min };
        GradingScale {
            id: Uuid::from_u128(7),
            name: "Letters".into(),
            max_score: None,
            normalized_passing_score: Some(0.6),
            objective_grades: vec![grade("A", 0.9), grade("C", 0.7), grade("F", 0.0)],
        }
    }

    /// Spec section 5 'Grade = highest grade whose minimum score is reached, else the lowest
    /// grade': from the course's scale only; without a scale no grade, score and pass only.
    #[test]
    fn grade_from_the_scale_only_without_a_scale_score_and_pass() {
        let r = ResultFacts {
            score: Some(55.0),
            max_score: Some(100.0),
            normalized_score: Some(0.55),
            passed: Some(false),
            grade: Some("F"),
        };
        let with_scale = shown_result(&r, Some(&scale()), false);
        assert_eq!(with_scale.grade.as_deref(), Some("F"));
        assert_eq!(with_scale.score.as_ref().map(|s| s.percent), Some(55));
        let without = shown_result(&r, None, false);
        assert_eq!(without.grade, None, "the upstream's grade is not shown without a scale");
        assert_eq!(without.score.as_ref().map(|s| s.percent), Some(55));
        assert_eq!(without.passed, Some(false));
        let from_points = ResultFacts { normalized_score: None, score: Some(92.0), ..r };
        assert_eq!(shown_result(&from_points, Some(&scale()), false).grade.as_deref(), Some("A"));
        assert_eq!(shown_result(&r, Some(&scale()), true), ShownResult::default(), "hidden shows nothing");
    }

    /// Spec section 4 'Availability' and 'Starting', as the card's lock icon.
    #[test]
    fn availability_card_lock_before_and_after_the_window_and_draft() {
        use crate::domain::details::tests::access;
        let with = |state: CourseState, workflow: Option<S>, from, until, retake: bool| {
            let mut a = access(workflow, workflow.is_some());
            a.objective.state = Some(state);
            a.availability_date = from;
            a.availability_end_date = until;
            a.retake = Some(retake);
            a
        };
        let ready = CourseState::Ready;
        let cases = [
            ("open", with(ready, None, Some(PAST), Some(FUTURE), false), None),
            ("before availabilityDate", with(ready, None, Some(FUTURE), None, false), Some(CardLock::WillBeAvailable)),
            ("at availabilityDate", with(ready, None, Some(NOW), None, false), None),
            (
                "after availabilityEndDate",
                with(ready, None, None, Some(PAST), false),
                Some(CardLock::WasAvailableBefore),
            ),
            ("in progress after the end", with(ready, Some(S::InProgress), None, Some(PAST), false), None),
            ("finished, no retake", with(ready, Some(S::Finished), None, Some(PAST), false), None),
            (
                "finished, retake",
                with(ready, Some(S::Finished), None, Some(PAST), true),
                Some(CardLock::WasAvailableBefore),
            ),
            ("draft", with(CourseState::Draft, None, None, None, false), Some(CardLock::ComingSoon)),
            ("archived", with(CourseState::Archived, None, Some(FUTURE), None, false), None),
        ];
        for (clause, a, lock) in cases {
            assert_eq!(start_lock(&a, NOW), lock, "{clause}");
        }
    }

    /// Spec section 4 'Grade visibility' on the pass-through: a hidden grade's records keep
    /// what was done but lose every score, grade and pass, at any depth.
    #[test]
    fn grade_visibility_hidden_results_are_stripped_from_records() {
        let mut answer = serde_json::json!({
            "data": [
                {"id": "a", "activityId": "x", "score": 78.0, "maxScore": 100.0, "normalizedScore": 0.78, "passed": true, "finished": true},
                {"id": "b", "nested": {"grade": "C", "progress": 1.0}}
            ],
            "body": {"data": [{"normalizedScore": 0.5}]},
            "totalCount": 2
        });
        strip_results(&mut answer);
        assert_eq!(
            answer,
            serde_json::json!({
                "data": [{"id": "a", "activityId": "x", "finished": true}, {"id": "b", "nested": {"progress": 1.0}}],
                "body": {"data": [{}]},
                "totalCount": 2
            })
        );
    }

    /// Spec section 4 'Grade visibility' for an activity: the course's hiding, grading in
    /// progress, the reveal date and the activity's own disclosure policy hide its pass and score.
    #[test]
    fn grade_visibility_of_an_activity_follows_the_course_and_its_own_disclosure() {
        use RevealPolicy as P;
        let workflow = |state: S| ActivityWorkflow {
            id: None,
            state,
            submitted: None,
            finished: None,
            last_proctoring_session_id: None,
        };
        let constraint =
            |policy: Option<P>, from: Option<OffsetDateTime>, reveal: Option<OffsetDateTime>| ActivityConstraint {
                results_disclosure_policy: policy,
                results_disclosure_from: from,
                reveal_results_from: reveal,
                ..ActivityConstraint::default()
            };
        let finished = Some(workflow(S::Finished));
        let running = Some(workflow(S::InProgress));
        let none = constraint(None, None, None);
        // (clause, course hidden, constraint, workflow, hidden)
        let cases = [
            ("shown by default", false, none.clone(), finished.clone(), false),
            ("the course's result is hidden", true, none.clone(), finished.clone(), true),
            ("in grading", false, none.clone(), Some(workflow(S::InGrading)), true),
            ("graded", false, none.clone(), Some(workflow(S::Graded)), false),
            ("revealResultsFrom ahead", false, constraint(None, None, Some(FUTURE)), finished.clone(), true),
            ("revealResultsFrom reached", false, constraint(None, None, Some(NOW)), finished.clone(), false),
            ("disclosure never", false, constraint(Some(P::Never), None, None), finished.clone(), true),
            ("disclosure unknown", false, constraint(Some(P::Unknown), None, None), finished.clone(), true),
            (
                "disclosure afterDate ahead",
                false,
                constraint(Some(P::AfterDate), Some(FUTURE), None),
                finished.clone(),
                true,
            ),
            (
                "disclosure afterDate passed",
                false,
                constraint(Some(P::AfterDate), Some(PAST), None),
                finished.clone(),
                false,
            ),
            ("disclosure afterFinish, running", false, constraint(Some(P::AfterFinish), None, None), running, true),
            (
                "disclosure afterFinish, finished",
                false,
                constraint(Some(P::AfterFinish), None, None),
                finished.clone(),
                false,
            ),
            ("disclosure afterScore", false, constraint(Some(P::AfterScore), None, None), finished.clone(), false),
        ];
        let record =
            ActivityRecord { passed: Some(true), score: Some(9.0), max_score: Some(10.0), normalized_score: Some(0.9) };
        for (clause, course_hidden, c, w, hidden) in cases {
            assert_eq!(activity_result_hidden(course_hidden, &c, w.as_ref(), NOW), hidden, "{clause}");
            let score = activity_score(Some(&record), hidden);
            assert_eq!(score.map(|s| s.percent), (!hidden).then_some(90), "{clause}");
        }
    }

    /// Spec section 5: an activity's score as a percent and points, none without a score.
    #[test]
    fn activity_score_is_shown_as_percent_and_points() {
        let record = |score: Option<f64>, max: Option<f64>, normalized: Option<f64>| ActivityRecord {
            passed: None,
            score,
            max_score: max,
            normalized_score: normalized,
        };
        let shown = activity_score(Some(&record(Some(7.0), Some(10.0), Some(0.7))), false).expect("a score");
        assert_eq!((shown.percent, shown.points.map(|p| (p.score, p.max_score))), (70, Some((7.0, 10.0))));
        let of_one = activity_score(Some(&record(Some(1.0), Some(1.0), None)), false).expect("a score");
        assert_eq!((of_one.percent, of_one.points), (100, None), "no points form when the maximum is 1");
        assert_eq!(activity_score(Some(&record(None, None, None)), false), None, "a record without a score");
        assert_eq!(activity_score(None, false), None, "no record");
    }

    /// The facts of an aggregate whose access could not be read hide the grade.
    #[test]
    fn grade_visibility_unknown_policy_of_an_aggregate_hides() {
        let agg = crate::domain::course::tests::aggregate("c", Some(6), true);
        let f = CourseFacts::of_aggregate(&agg, false);
        assert!(result_hidden(&f, NOW));
        assert_eq!(status(&f), C::Finished);
    }
}
