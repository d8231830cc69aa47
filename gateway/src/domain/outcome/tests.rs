//! Table tests of status, progress, grades and availability, named after the spec's clauses.

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
        ("after availabilityEndDate", with(ready, None, None, Some(PAST), false), Some(CardLock::WasAvailableBefore)),
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

/// Course card 'due date and overdue state', as every view decides it from the course's facts:
/// the due date reached and the course not completed.
#[test]
fn course_card_overdue_from_the_facts_of_every_view() {
    // (clause, facts, due, overdue)
    let cases = [
        ("in progress, due passed", facts(Some(S::InProgress), false), Some(PAST), true),
        ("in progress, due ahead", facts(Some(S::InProgress), false), Some(FUTURE), false),
        ("in progress, no due date", facts(Some(S::InProgress), false), None, false),
        ("not started, due passed", facts(None, false), Some(PAST), true),
        ("submitted (no progress value), due passed", facts(Some(S::Submitted), false), Some(PAST), true),
        ("finished, due passed", facts(Some(S::Finished), true), Some(PAST), false),
        ("imported result, due passed", facts(None, true), Some(PAST), false),
        ("due exactly now", facts(Some(S::InProgress), false), Some(NOW), true),
    ];
    for (clause, f, due, expected) in cases {
        assert_eq!(overdue(&f, due, NOW), expected, "{clause}");
    }
}
