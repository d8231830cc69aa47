//! When grades and reviews are shown (spec section 4, 'Grade visibility', 'Review hidden', and
//! the proctoring rule of 'Availability').
//!
//! Dates are reached at their instant: a reveal or disclosure date equal to `now` has passed.

use contracts::upstream::{
    ActivityConstraint, ActivityType, ActivityWorkflow, ProctoringState, RevealPolicy, ReviewPolicy, WorkflowState,
};
use time::OffsetDateTime;

/// A date has been reached when it is not after `now`; a missing date is never reached.
pub fn reached(date: Option<OffsetDateTime>, now: OffsetDateTime) -> bool {
    date.is_some_and(|d| d <= now)
}

/// Spec section 4 'Grade visibility': `Never` hides; `AfterFinish` shows once submitted, in
/// grading, graded or approved (and finished); `AfterDate` hides until the reveal date.
/// `state` is the last workflow's (`None` for imported results, which are final). A policy this
/// gateway does not know hides the grade rather than leak it.
pub fn grade_hidden(
    policy: Option<RevealPolicy>,
    state: Option<WorkflowState>,
    reveal_date: Option<OffsetDateTime>,
    now: OffsetDateTime,
) -> bool {
    match policy.unwrap_or(RevealPolicy::None) {
        RevealPolicy::None | RevealPolicy::AfterScore => false,
        RevealPolicy::Never | RevealPolicy::Unknown => true,
        RevealPolicy::AfterFinish => !state.is_none_or(is_past_submission),
        RevealPolicy::AfterDate => !reached(reveal_date, now),
    }
}

/// Submitted, in grading, graded, approved or finished.
fn is_past_submission(state: WorkflowState) -> bool {
    matches!(
        state,
        WorkflowState::Submitted
            | WorkflowState::InGrading
            | WorkflowState::Graded
            | WorkflowState::GradingApproved
            | WorkflowState::Finished
    )
}

/// Spec section 4 'Grading in progress shows while in grading or awaiting the reveal': the
/// workflow is in grading, or it is past submission and an `AfterDate` reveal is still ahead.
pub fn grading_in_progress(
    policy: Option<RevealPolicy>,
    state: Option<WorkflowState>,
    reveal_date: Option<OffsetDateTime>,
    now: OffsetDateTime,
) -> bool {
    match state {
        Some(WorkflowState::InGrading) => true,
        Some(s) if is_past_submission(s) => {
            policy == Some(RevealPolicy::AfterDate) && grade_hidden(policy, state, reveal_date, now)
        }
        _ => false,
    }
}

/// Spec section 4: 'Review is allowed when the workflow is finished, the activity supports
/// review and the policy is not Never; under AfterDate the reveal date must have passed.'
pub fn review_allowed(
    state: Option<WorkflowState>,
    supports_review: bool,
    policy: Option<RevealPolicy>,
    reveal_date: Option<OffsetDateTime>,
    now: OffsetDateTime,
) -> bool {
    state == Some(WorkflowState::Finished)
        && supports_review
        && match policy {
            Some(RevealPolicy::Never) => false,
            Some(RevealPolicy::AfterDate) => reached(reveal_date, now),
            _ => true,
        }
}

/// Spec section 4 'Review hidden' for an activity of the tree, with its effective constraint
/// (see [`super::tree::inherit_constraint`]). Only applies once submitted, or to a composite
/// that is finished. `Never` hides; `AfterSubmission` shows; `AfterRevealingResults` hides while
/// in grading, then follows the disclosure policy: `Never` hides, `AfterDate` hides until the
/// disclosure date, `AfterScore` (LTI only) never hides in effect, `AfterFinish` hides until
/// finished. Unknown policy values hide.
pub fn review_hidden(
    kind: ActivityType,
    workflow: Option<&ActivityWorkflow>,
    constraint: &ActivityConstraint,
    now: OffsetDateTime,
) -> bool {
    let Some(workflow) = workflow else { return false };
    let finished = workflow.state == WorkflowState::Finished;
    let applies = workflow.submitted.is_some() || (kind == ActivityType::Composite && finished);
    if !applies {
        return false;
    }
    match constraint.review_policy {
        None | Some(ReviewPolicy::AfterSubmission) => false,
        Some(ReviewPolicy::Never | ReviewPolicy::Unknown) => true,
        Some(ReviewPolicy::AfterRevealingResults) => {
            if workflow.state == WorkflowState::InGrading {
                return true;
            }
            match constraint.results_disclosure_policy {
                None | Some(RevealPolicy::None | RevealPolicy::AfterScore) => false,
                Some(RevealPolicy::Never | RevealPolicy::Unknown) => true,
                Some(RevealPolicy::AfterDate) => !reached(constraint.results_disclosure_from, now),
                Some(RevealPolicy::AfterFinish) => !finished,
            }
        }
    }
}

/// Spec section 4 'Availability': the proctoring session disagrees with the activity workflow,
/// and the course is then treated as in grading.
///
/// Implemented exactly as the spec words it: 'a mismatch means session not finished while
/// activity in progress, or session finished while activity finished'. Read plainly, both cases
/// describe a session that *agrees* with its activity (an open session during work, a closed one
/// after it); the clause looks inverted. It is kept as written until the product owner says
/// otherwise, and this test pins it so a change is deliberate.
pub fn proctoring_mismatch(session: ProctoringState, activity: WorkflowState) -> bool {
    let session_finished = session == ProctoringState::Finished;
    (!session_finished && activity == WorkflowState::InProgress)
        || (session_finished && activity == WorkflowState::Finished)
}

#[cfg(test)]
mod tests {
    use super::*;
    use time::macros::datetime;

    const NOW: OffsetDateTime = datetime!(2026-03-01 12:00 UTC);
    const PAST: OffsetDateTime = datetime!(2026-02-01 12:00 UTC);
    const FUTURE: OffsetDateTime = datetime!(2026-04-01 12:00 UTC);

    use RevealPolicy as P;
    use WorkflowState as S;

    /// Spec section 4 'Grade visibility'.
    #[test]
    fn grade_visibility_never_hides_after_finish_shows_once_submitted_after_date_hides_until_reveal() {
        // (clause, policy, state, reveal date, hidden)
        let cases = [
            ("no policy shows", None, Some(S::InProgress), None, false),
            ("none shows", Some(P::None), Some(S::Finished), None, false),
            ("never hides", Some(P::Never), Some(S::Finished), Some(PAST), true),
            ("never hides imported", Some(P::Never), None, None, true),
            ("afterFinish hides in progress", Some(P::AfterFinish), Some(S::InProgress), None, true),
            ("afterFinish shows submitted", Some(P::AfterFinish), Some(S::Submitted), None, false),
            ("afterFinish shows in grading", Some(P::AfterFinish), Some(S::InGrading), None, false),
            ("afterFinish shows graded", Some(P::AfterFinish), Some(S::Graded), None, false),
            ("afterFinish shows approved", Some(P::AfterFinish), Some(S::GradingApproved), None, false),
            ("afterFinish shows finished", Some(P::AfterFinish), Some(S::Finished), None, false),
            ("afterFinish shows imported", Some(P::AfterFinish), None, None, false),
            ("afterFinish hides unknown state", Some(P::AfterFinish), Some(S::Unknown(9)), None, true),
            ("afterDate hides before", Some(P::AfterDate), Some(S::Finished), Some(FUTURE), true),
            ("afterDate shows at the instant", Some(P::AfterDate), Some(S::Finished), Some(NOW), false),
            ("afterDate shows after", Some(P::AfterDate), Some(S::Finished), Some(PAST), false),
            ("afterDate without date hides", Some(P::AfterDate), Some(S::Finished), None, true),
            ("afterScore shows", Some(P::AfterScore), Some(S::Finished), None, false),
            ("unknown policy hides", Some(P::Unknown), Some(S::Finished), None, true),
        ];
        for (clause, policy, state, date, hidden) in cases {
            assert_eq!(grade_hidden(policy, state, date, NOW), hidden, "{clause}");
        }
    }

    /// Spec section 4 "'Grading in progress' shows while in grading or awaiting the reveal".
    #[test]
    fn grade_visibility_grading_in_progress_while_in_grading_or_awaiting_reveal() {
        let cases = [
            ("in grading", None, Some(S::InGrading), None, true),
            ("in grading under never", Some(P::Never), Some(S::InGrading), None, true),
            ("awaiting reveal", Some(P::AfterDate), Some(S::Finished), Some(FUTURE), true),
            ("awaiting reveal, submitted", Some(P::AfterDate), Some(S::Submitted), Some(FUTURE), true),
            ("revealed at the instant", Some(P::AfterDate), Some(S::Finished), Some(NOW), false),
            ("in progress is not grading", Some(P::AfterDate), Some(S::InProgress), Some(FUTURE), false),
            ("not started", Some(P::AfterDate), None, Some(FUTURE), false),
            ("finished, no reveal policy", None, Some(S::Finished), None, false),
            ("never is hidden, not awaited", Some(P::Never), Some(S::Finished), None, false),
        ];
        for (clause, policy, state, date, expected) in cases {
            assert_eq!(grading_in_progress(policy, state, date, NOW), expected, "{clause}");
        }
    }

    /// Spec section 4 'Review is allowed when ...'.
    #[test]
    fn grade_visibility_review_allowed_when_finished_supported_and_not_never() {
        let cases = [
            ("finished, supported", Some(S::Finished), true, None, None, true),
            ("in progress", Some(S::InProgress), true, None, None, false),
            ("graded is not finished", Some(S::Graded), true, None, None, false),
            ("not started", None, true, None, None, false),
            ("not supported", Some(S::Finished), false, None, None, false),
            ("never", Some(S::Finished), true, Some(P::Never), None, false),
            ("afterFinish", Some(S::Finished), true, Some(P::AfterFinish), None, true),
            ("afterDate before", Some(S::Finished), true, Some(P::AfterDate), Some(FUTURE), false),
            ("afterDate at the instant", Some(S::Finished), true, Some(P::AfterDate), Some(NOW), true),
            ("afterDate without date", Some(S::Finished), true, Some(P::AfterDate), None, false),
        ];
        for (clause, state, supported, policy, date, allowed) in cases {
            assert_eq!(review_allowed(state, supported, policy, date, NOW), allowed, "{clause}");
        }
    }

    fn workflow(state: WorkflowState, submitted: bool) -> ActivityWorkflow {
        ActivityWorkflow {
            id: None,
            state,
            submitted: submitted.then_some(PAST),
            finished: (state == S::Finished).then_some(PAST),
            last_proctoring_session_id: None,
        }
    }

    fn constraint(
        review: Option<ReviewPolicy>,
        disclosure: Option<RevealPolicy>,
        from: Option<OffsetDateTime>,
    ) -> ActivityConstraint {
        ActivityConstraint {
            review_policy: review,
            results_disclosure_policy: disclosure,
            results_disclosure_from: from,
            ..ActivityConstraint::default()
        }
    }

    /// Spec section 4 'Review hidden'.
    #[test]
    #[expect(clippy::too_many_lines, reason = "a table test: one row per case of the clause")]
    fn review_hidden_by_review_policy_then_disclosure_policy() {
        use ActivityType::{Composite, Lti, Text};
        use ReviewPolicy as R;
        let rr = Some(R::AfterRevealingResults);
        // (clause, kind, workflow, review policy, disclosure policy, disclosure date, hidden)
        let cases = [
            ("not started never hidden", Text, None, Some(R::Never), None, None, false),
            (
                "in progress not yet submitted",
                Text,
                Some(workflow(S::InProgress, false)),
                Some(R::Never),
                None,
                None,
                false,
            ),
            (
                "composite finished applies",
                Composite,
                Some(workflow(S::Finished, false)),
                Some(R::Never),
                None,
                None,
                true,
            ),
            (
                "text finished unsubmitted does not apply",
                Text,
                Some(workflow(S::Finished, false)),
                Some(R::Never),
                None,
                None,
                false,
            ),
            ("never hides", Text, Some(workflow(S::Submitted, true)), Some(R::Never), None, None, true),
            (
                "afterSubmission visible",
                Text,
                Some(workflow(S::Submitted, true)),
                Some(R::AfterSubmission),
                None,
                None,
                false,
            ),
            ("no policy visible", Text, Some(workflow(S::Submitted, true)), None, None, None, false),
            (
                "unknown review policy hides",
                Text,
                Some(workflow(S::Submitted, true)),
                Some(R::Unknown),
                None,
                None,
                true,
            ),
            ("afterRevealingResults hidden in grading", Text, Some(workflow(S::InGrading, true)), rr, None, None, true),
            ("disclosure never hides", Text, Some(workflow(S::Finished, true)), rr, Some(P::Never), None, true),
            ("disclosure none visible", Text, Some(workflow(S::Finished, true)), rr, None, None, false),
            (
                "afterDate hides before",
                Text,
                Some(workflow(S::Finished, true)),
                rr,
                Some(P::AfterDate),
                Some(FUTURE),
                true,
            ),
            (
                "afterDate visible at the instant",
                Text,
                Some(workflow(S::Finished, true)),
                rr,
                Some(P::AfterDate),
                Some(NOW),
                false,
            ),
            (
                "afterDate without date hides",
                Text,
                Some(workflow(S::Finished, true)),
                rr,
                Some(P::AfterDate),
                None,
                true,
            ),
            ("afterScore never hides", Lti, Some(workflow(S::Graded, true)), rr, Some(P::AfterScore), None, false),
            (
                "afterFinish hides until finished",
                Text,
                Some(workflow(S::Graded, true)),
                rr,
                Some(P::AfterFinish),
                None,
                true,
            ),
            (
                "afterFinish visible finished",
                Text,
                Some(workflow(S::Finished, true)),
                rr,
                Some(P::AfterFinish),
                None,
                false,
            ),
            ("unknown disclosure hides", Text, Some(workflow(S::Finished, true)), rr, Some(P::Unknown), None, true),
        ];
        for (clause, kind, wf, review, disclosure, from, hidden) in cases {
            let c = constraint(review, disclosure, from);
            assert_eq!(review_hidden(kind, wf.as_ref(), &c, NOW), hidden, "{clause}");
        }
    }

    /// Spec section 4 'a mismatch means session not finished while activity in progress, or
    /// session finished while activity finished' (kept as worded).
    #[test]
    fn availability_proctoring_mismatch_as_the_spec_words_it() {
        use ProctoringState::{Created, Finished};
        let cases = [
            (Created, S::InProgress, true),
            (Finished, S::Finished, true),
            (Finished, S::InProgress, false),
            (Created, S::Finished, false),
            (Created, S::InGrading, false),
            (ProctoringState::Unknown(7), S::InProgress, true),
            (Finished, S::Unknown(0), false),
        ];
        for (session, activity, mismatch) in cases {
            assert_eq!(proctoring_mismatch(session, activity), mismatch, "{session:?} {activity:?}");
        }
    }
}
