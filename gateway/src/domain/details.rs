//! The course details page (spec section 4): buttons, notices, availability, the redirect to
//! the catalog, and previous attempts.

use contracts::{
    bff::{CardLock, CourseStatus, DetailsButton, DetailsNotice},
    upstream::{ActivityType, CourseState, ObjectiveAccess, ObjectiveRecord, WorkflowState},
};
use time::OffsetDateTime;

use super::{
    outcome::{self, CourseFacts},
    reveal::{grade_hidden, reached, review_allowed},
};

/// What the details page offers.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct DetailsActions {
    /// Buttons, in display order.
    pub buttons: Vec<DetailsButton>,
    /// Notices, in display order.
    pub notices: Vec<DetailsNotice>,
}

/// The course state: the objective's, else its root activity's.
pub fn course_state(access: &ObjectiveAccess) -> Option<CourseState> {
    access.objective.state.or_else(|| access.objective.activity.as_ref().and_then(|a| a.state))
}

/// Spec section 4 'Starting: Draft activities show a Coming soon banner and cannot start;
/// archived show a not available banner': whether the course's content can be opened at all.
pub fn content_available(access: &ObjectiveAccess) -> bool {
    !matches!(course_state(access), Some(CourseState::Draft | CourseState::Archived))
}

/// Whether the course or its root activity supports review.
pub fn supports_review(access: &ObjectiveAccess) -> bool {
    access.objective.support_review.or_else(|| access.objective.activity.as_ref().and_then(|a| a.support_review))
        == Some(true)
}

fn workflow_state(access: &ObjectiveAccess) -> Option<WorkflowState> {
    access.last_objective_workflow.as_ref().map(|w| w.state)
}

/// Spec section 4 'Review: ... results not protected': the last workflow or record protects them.
pub fn results_protected(access: &ObjectiveAccess) -> bool {
    access.last_objective_workflow.as_ref().and_then(|w| w.protect_results) == Some(true)
        || access.last_objective_record.as_ref().and_then(|r| r.protect_results) == Some(true)
}

/// Spec section 4 'Start again: finished and retake allowed; an LTI ready or expired activity
/// can retake'. Read as: a finished LTI course whose activity is ready or expired may start
/// again even without the retake flag.
pub fn retake_allowed(access: &ObjectiveAccess) -> bool {
    let finished = workflow_state(access) == Some(WorkflowState::Finished);
    let lti = access.objective.kind == Some(ActivityType::Lti)
        || access.objective.activity.as_ref().and_then(|a| a.kind) == Some(ActivityType::Lti);
    let lti_can_retake = lti && matches!(course_state(access), Some(CourseState::Ready | CourseState::Expired));
    finished && (access.retake == Some(true) || lti_can_retake)
}

/// Spec section 4 'Availability': the course cannot start before its availability date.
pub fn before_availability(access: &ObjectiveAccess, now: OffsetDateTime) -> bool {
    access.availability_date.is_some_and(|d| now < d)
}

/// Spec section 4 'Availability': after the availability end date nothing new can start.
pub fn after_availability(access: &ObjectiveAccess, now: OffsetDateTime) -> bool {
    reached(access.availability_end_date, now)
}

/// Spec section 4 'Buttons on details' and 'Availability', with the grade rules of 'Grade
/// visibility'. `proctoring_mismatch` is [`super::reveal::proctoring_mismatch`] of the course's
/// proctored activity, when it has one: the course is then treated as in grading.
///
/// - Start: no workflow and no results, the availability window open, not draft or archived.
/// - Continue: workflow in progress (and not treated as in grading).
/// - Start again: [`retake_allowed`], within the availability window.
/// - Review: not in progress, review supported, results not protected, and
///   [`review_allowed`] (finished, policy not Never, AfterDate revealed).
/// - Add to my courses, or Enrolled when self-enrolled; mandatory courses need neither.
/// - Imported results (a record without workflow): the 'noReviewRetake' notice.
pub fn details_actions(access: &ObjectiveAccess, proctoring_mismatch: bool, now: OffsetDateTime) -> DetailsActions {
    let mut out = DetailsActions::default();
    let state = workflow_state(access);
    let has_record = access.last_objective_record.is_some();
    let course = course_state(access);
    let startable = !matches!(course, Some(CourseState::Draft | CourseState::Archived));
    match course {
        Some(CourseState::Draft) => out.notices.push(DetailsNotice::ComingSoon),
        Some(CourseState::Archived) => out.notices.push(DetailsNotice::NotAvailable),
        _ => {}
    }
    let not_started = state.is_none() && !has_record;
    let wants_to_start = not_started || retake_allowed(access);
    if wants_to_start && startable {
        match super::outcome::start_lock(access, now) {
            Some(CardLock::WillBeAvailable) => out.notices.push(DetailsNotice::WillBeAvailable),
            Some(CardLock::WasAvailableBefore) => out.notices.push(DetailsNotice::WasAvailableBefore),
            _ if not_started => out.buttons.push(DetailsButton::Start),
            _ => out.buttons.push(DetailsButton::Retake),
        }
    }
    let facts = CourseFacts::of_access(access, proctoring_mismatch);
    let in_grading = outcome::in_grading(&facts, now);
    if outcome::can_continue(&facts) {
        out.buttons.push(DetailsButton::Continue);
    }
    if in_grading {
        out.notices.push(DetailsNotice::GradingInProgress);
    }
    let review = state.is_some_and(|s| s != WorkflowState::InProgress)
        && !in_grading
        && !results_protected(access)
        && review_allowed(state, supports_review(access), access.grade_reveal_policy, access.grade_reveal_date, now);
    if review {
        out.buttons.push(DetailsButton::Review);
    }
    if state.is_none() && has_record {
        out.notices.push(DetailsNotice::NoReviewRetake);
    }
    out.buttons.extend(enrolment_button(access));
    out
}

/// Spec section 4 'Buttons on details: Add to my courses, or Enrolled when already
/// self-enrolled', the one rule of the details page and the catalog course page:
/// - 'Enrolled' when the learner enrolled themselves (whatever the course's state);
/// - nothing for a mandatory course, or one already started or with results (it is in My
///   courses without adding, and was not self-enrolled);
/// - 'Add to my courses' otherwise, unless the course is draft or archived (it cannot start).
pub fn enrolment_button(access: &ObjectiveAccess) -> Option<DetailsButton> {
    let started = access.last_objective_workflow.is_some() || access.last_objective_record.is_some();
    if access.self_enrolled() {
        Some(DetailsButton::Enrolled)
    } else if access.is_mandatory == Some(true)
        || started
        || matches!(course_state(access), Some(CourseState::Draft | CourseState::Archived))
    {
        None
    } else {
        Some(DetailsButton::AddToMyCourses)
    }
}

/// Whether the details page hides the grade (spec section 4 'Grade visibility').
pub fn details_grade_hidden(access: &ObjectiveAccess, now: OffsetDateTime) -> bool {
    grade_hidden(access.grade_reveal_policy, workflow_state(access), access.grade_reveal_date, now)
}

/// Spec section 4 'Auto-redirect from details to the catalog page for non-mandatory,
/// non-enrolled, not-started, non-archived courses'.
pub fn redirects_to_catalog(access: &ObjectiveAccess) -> bool {
    let enrolled = access.self_enrolled();
    let started = access.last_objective_workflow.is_some() || access.last_objective_record.is_some();
    access.is_mandatory != Some(true) && !enrolled && !started && course_state(access) != Some(CourseState::Archived)
}

/// Spec section 4 'Previous attempts sorted by finish date, newest first'; attempts without a
/// finish date go last, in their given order.
pub fn previous_attempts(mut records: Vec<ObjectiveRecord>) -> Vec<ObjectiveRecord> {
    records.sort_by(|a, b| match (a.finished_at(), b.finished_at()) {
        (Some(a), Some(b)) => b.cmp(&a),
        (Some(_), None) => std::cmp::Ordering::Less,
        (None, Some(_)) => std::cmp::Ordering::Greater,
        (None, None) => std::cmp::Ordering::Equal,
    });
    records
}

/// Spec section 4 'Workflow status ... No workflow is shown as Not Started': the status of a
/// course or activity from its last workflow; a record without workflow (imported results) is
/// finished. A state this gateway does not know reads as in progress, as on the course cards.
pub fn status_of(state: Option<WorkflowState>, has_record: bool) -> CourseStatus {
    match state {
        None if has_record => CourseStatus::Finished,
        None => CourseStatus::NotStarted,
        Some(WorkflowState::InProgress | WorkflowState::Unknown(_)) => CourseStatus::InProgress,
        Some(WorkflowState::Submitted) => CourseStatus::Submitted,
        Some(WorkflowState::InGrading) => CourseStatus::InGrading,
        Some(WorkflowState::Graded) => CourseStatus::Graded,
        Some(WorkflowState::GradingApproved) => CourseStatus::GradingApproved,
        Some(WorkflowState::Finished) => CourseStatus::Finished,
    }
}

/// Spec section 9 'Previous-attempts score column shown when there is more than one record and
/// the grade is not hidden'.
pub fn attempts_score_column_shown(records: usize, grade_hidden: bool) -> bool {
    records > 1 && !grade_hidden
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use contracts::upstream::*;
    use time::macros::datetime;
    use uuid::Uuid;

    pub(crate) const NOW: OffsetDateTime = datetime!(2026-03-01 12:00 UTC);
    pub(crate) const PAST: OffsetDateTime = datetime!(2026-02-01 12:00 UTC);
    pub(crate) const FUTURE: OffsetDateTime = datetime!(2026-04-01 12:00 UTC);

    /// An objective access for table tests: a ready composite course supporting review.
    pub(crate) fn access(workflow: Option<WorkflowState>, record: bool) -> ObjectiveAccess {
        ObjectiveAccess {
            id: Uuid::from_u128(1),
            objective: Objective {
                id: Uuid::from_u128(2),
                name: "Course".into(),
                code: None,
                description: None,
                about: None,
                image_url: None,
                kind: Some(ActivityType::Composite),
                state: Some(CourseState::Ready),
                display_mode: None,
                presentation_mode: None,
                proctored: None,
                support_mobile_view: None,
                support_fullscreen_view: None,
                support_lti_authoring: None,
                support_review: Some(true),
                activity: None,
                showcases: vec![],
                objective_grading_scale: None,
                grading_scale_id: None,
                certificate_templates: vec![],
                announcement_channel_id: None,
                duration: None,
            },
            objective_workflow_aggregate: Some(AggregateRef { id: Uuid::from_u128(3), is_self_enrolled: Some(false) }),
            is_self_enrolled: None,
            retake: None,
            is_mandatory: Some(true),
            due_date: None,
            availability_date: None,
            availability_end_date: None,
            grade_reveal_policy: None,
            grade_reveal_date: None,
            user_id: None,
            last_objective_workflow: workflow.map(|state| ObjectiveWorkflow {
                id: Uuid::from_u128(4),
                state,
                started: Some(PAST),
                submitted: None,
                finished: (state == WorkflowState::Finished).then_some(PAST),
                progress: None,
                protect_results: None,
                objective_record_id: None,
                objective_workflow_aggregate_id: None,
            }),
            last_objective_record: record.then(|| record_finished(5, Some(PAST))),
        }
    }

    fn record_finished(id: u128, finished: Option<OffsetDateTime>) -> ObjectiveRecord {
        ObjectiveRecord { finished: finished.map(RecordFinished::At), ..crate::domain::fixtures::record(id) }
    }

    use DetailsButton::*;
    use DetailsNotice::*;
    use WorkflowState as S;

    fn actions(a: &ObjectiveAccess) -> (Vec<DetailsButton>, Vec<DetailsNotice>) {
        let out = details_actions(a, false, NOW);
        (out.buttons, out.notices)
    }

    /// Spec section 4 'Buttons on details'.
    #[test]
    fn buttons_on_details_start_continue_retake_review() {
        let retake = |mut a: ObjectiveAccess| {
            a.retake = Some(true);
            a
        };
        let protected = |mut a: ObjectiveAccess| {
            if let Some(w) = a.last_objective_workflow.as_mut() {
                w.protect_results = Some(true);
            }
            a
        };
        let unsupported = |mut a: ObjectiveAccess| {
            a.objective.support_review = None;
            a
        };
        let lti = |state: CourseState| {
            let mut a = access(Some(S::Finished), true);
            a.objective.kind = Some(ActivityType::Lti);
            a.objective.state = Some(state);
            a
        };
        // (clause, access, buttons, notices)
        let cases: Vec<(&str, ObjectiveAccess, Vec<DetailsButton>, Vec<DetailsNotice>)> = vec![
            ("start: no workflow and no results", access(None, false), vec![Start], vec![]),
            ("continue: workflow in progress", access(Some(S::InProgress), false), vec![Continue], vec![]),
            ("review: finished", access(Some(S::Finished), true), vec![Review], vec![]),
            (
                "retake: finished and retake allowed",
                retake(access(Some(S::Finished), true)),
                vec![Retake, Review],
                vec![],
            ),
            ("no retake while in progress", retake(access(Some(S::InProgress), false)), vec![Continue], vec![]),
            ("review: results protected", protected(access(Some(S::Finished), true)), vec![], vec![]),
            ("review: not supported", unsupported(access(Some(S::Finished), true)), vec![], vec![]),
            ("review: submitted is not finished", access(Some(S::Submitted), false), vec![], vec![]),
            ("in grading", access(Some(S::InGrading), false), vec![], vec![GradingInProgress]),
            ("imported results: noReviewRetake", retake(access(None, true)), vec![], vec![NoReviewRetake]),
            ("lti ready can retake", lti(CourseState::Ready), vec![Retake, Review], vec![]),
            ("lti expired can retake", lti(CourseState::Expired), vec![Retake, Review], vec![]),
            ("lti draft cannot", lti(CourseState::Draft), vec![Review], vec![ComingSoon]),
            ("unknown workflow state", access(Some(S::Unknown(42)), false), vec![], vec![]),
        ];
        for (clause, a, buttons, notices) in cases {
            assert_eq!(actions(&a), (buttons, notices), "{clause}");
        }
    }

    /// Spec section 4 'Add to my courses, or Enrolled when already self-enrolled'.
    #[test]
    fn buttons_on_details_add_to_my_courses_or_enrolled() {
        let with = |mandatory: bool, self_enrolled: Option<bool>, workflow: Option<S>| {
            let mut a = access(workflow, false);
            a.is_mandatory = Some(mandatory);
            a.objective_workflow_aggregate =
                self_enrolled.map(|s| AggregateRef { id: Uuid::nil(), is_self_enrolled: Some(s) });
            a
        };
        let cases = [
            ("mandatory: neither", with(true, Some(false), None), vec![Start]),
            ("catalog course: add", with(false, None, None), vec![Start, AddToMyCourses]),
            ("self-enrolled: enrolled", with(false, Some(true), None), vec![Start, Enrolled]),
            ("self-enrolled, in progress", with(false, Some(true), Some(S::InProgress)), vec![Continue, Enrolled]),
            ("mandatory and self-enrolled: enrolled", with(true, Some(true), None), vec![Start, Enrolled]),
            ("started, not self-enrolled: neither", with(false, Some(false), Some(S::InProgress)), vec![Continue]),
        ];
        for (clause, a, buttons) in cases {
            assert_eq!(actions(&a).0, buttons, "{clause}");
        }
        let mut archived = with(false, Some(true), Some(S::Finished));
        archived.objective.state = Some(CourseState::Archived);
        assert_eq!(enrolment_button(&archived), Some(Enrolled), "self-enrolled archived: enrolled");
        archived.objective_workflow_aggregate = None;
        archived.last_objective_workflow = None;
        assert_eq!(enrolment_button(&archived), None, "archived cannot be added");
    }

    /// Spec section 4 'Availability'.
    #[test]
    fn availability_will_be_available_and_was_available_before() {
        let window =
            |from: Option<OffsetDateTime>, until: Option<OffsetDateTime>, workflow: Option<S>, retake: bool| {
                let mut a = access(workflow, workflow.is_some());
                a.availability_date = from;
                a.availability_end_date = until;
                a.retake = Some(retake);
                a
            };
        let cases = [
            ("before availabilityDate", window(Some(FUTURE), None, None, false), vec![], vec![WillBeAvailable]),
            ("at availabilityDate", window(Some(NOW), None, None, false), vec![Start], vec![]),
            ("inside the window", window(Some(PAST), Some(FUTURE), None, false), vec![Start], vec![]),
            ("at availabilityEndDate", window(None, Some(NOW), None, false), vec![], vec![WasAvailableBefore]),
            ("after end, no workflow", window(None, Some(PAST), None, false), vec![], vec![WasAvailableBefore]),
            (
                "after end, retake: review still possible",
                window(None, Some(PAST), Some(S::Finished), true),
                vec![Review],
                vec![WasAvailableBefore],
            ),
            (
                "after end, no retake: no message",
                window(None, Some(PAST), Some(S::Finished), false),
                vec![Review],
                vec![],
            ),
            (
                "after end, in progress continues",
                window(None, Some(PAST), Some(S::InProgress), false),
                vec![Continue],
                vec![],
            ),
            (
                "retake before the window",
                window(Some(FUTURE), None, Some(S::Finished), true),
                vec![Review],
                vec![WillBeAvailable],
            ),
        ];
        for (clause, a, buttons, notices) in cases {
            assert_eq!(actions(&a), (buttons, notices), "{clause}");
        }
    }

    /// Spec section 4 'Draft activities show a Coming soon banner and cannot start; archived show
    /// a not available banner'.
    #[test]
    fn starting_draft_and_archived_cannot_start() {
        for (state, notice) in [(CourseState::Draft, ComingSoon), (CourseState::Archived, NotAvailable)] {
            let mut a = access(None, false);
            a.objective.state = Some(state);
            assert_eq!(actions(&a), (vec![], vec![notice]), "{state:?}");
        }
        let mut a = access(None, false);
        a.objective.state = None;
        a.objective.activity = Some(ObjectiveActivity {
            id: None,
            kind: None,
            preferred_width: None,
            preferred_height: None,
            state: Some(CourseState::Draft),
            children_count: None,
            presentation_mode: None,
            support_review: None,
        });
        assert_eq!(actions(&a), (vec![], vec![ComingSoon]), "root activity state stands in");
    }

    /// Spec section 4 'If the proctoring session does not agree ... treated as in grading'.
    #[test]
    fn availability_proctoring_mismatch_is_treated_as_in_grading() {
        let out = details_actions(&access(Some(S::InProgress), false), true, NOW);
        assert_eq!((out.buttons, out.notices), (vec![], vec![GradingInProgress]));
        let out = details_actions(&access(Some(S::Finished), true), true, NOW);
        assert_eq!((out.buttons, out.notices), (vec![], vec![GradingInProgress]));
    }

    /// Spec section 4: under AfterDate the reveal date must have passed for review, and the
    /// course shows 'grading in progress' until then.
    #[test]
    fn grade_visibility_after_date_gates_review_on_details() {
        for (date, buttons, notices, hidden) in
            [(FUTURE, vec![], vec![GradingInProgress], true), (NOW, vec![Review], vec![], false)]
        {
            let mut a = access(Some(S::Finished), true);
            a.grade_reveal_policy = Some(RevealPolicy::AfterDate);
            a.grade_reveal_date = Some(date);
            assert_eq!(actions(&a), (buttons, notices), "{date}");
            assert_eq!(details_grade_hidden(&a, NOW), hidden, "{date}");
        }
    }

    /// Spec section 4 'Starting': draft and archived content cannot be opened.
    #[test]
    fn starting_draft_and_archived_content_is_not_opened() {
        for (state, open) in [
            (Some(CourseState::Ready), true),
            (Some(CourseState::Expired), true),
            (Some(CourseState::Draft), false),
            (Some(CourseState::Archived), false),
            (None, true),
        ] {
            let mut a = access(Some(S::Finished), true);
            a.objective.state = state;
            assert_eq!(content_available(&a), open, "{state:?}");
        }
    }

    /// Spec section 4 'Auto-redirect from details to the catalog page'.
    #[test]
    fn auto_redirect_to_catalog_for_non_mandatory_non_enrolled_not_started_non_archived() {
        let with = |mandatory: Option<bool>, enrolled: bool, workflow: Option<S>, record: bool, state: CourseState| {
            let mut a = access(workflow, record);
            a.is_mandatory = mandatory;
            a.objective_workflow_aggregate = Some(AggregateRef { id: Uuid::nil(), is_self_enrolled: Some(enrolled) });
            a.objective.state = Some(state);
            a
        };
        let cases = [
            ("all four hold", with(Some(false), false, None, false, CourseState::Ready), true),
            ("mandatory unknown counts as not mandatory", with(None, false, None, false, CourseState::Expired), true),
            ("mandatory", with(Some(true), false, None, false, CourseState::Ready), false),
            ("enrolled", with(Some(false), true, None, false, CourseState::Ready), false),
            ("started", with(Some(false), false, Some(S::InProgress), false, CourseState::Ready), false),
            ("imported record", with(Some(false), false, None, true, CourseState::Ready), false),
            ("archived", with(Some(false), false, None, false, CourseState::Archived), false),
        ];
        for (clause, a, redirects) in cases {
            assert_eq!(redirects_to_catalog(&a), redirects, "{clause}");
        }
    }

    /// Spec section 4 'Previous attempts sorted by finish date, newest first'.
    #[test]
    fn previous_attempts_sorted_by_finish_date_newest_first() {
        let records = vec![
            record_finished(1, Some(PAST)),
            record_finished(2, None),
            record_finished(3, Some(FUTURE)),
            record_finished(4, Some(NOW)),
            record_finished(5, None),
            // Finished by flag: its `created` date is the finish.
            ObjectiveRecord {
                finished: Some(RecordFinished::Flag(true)),
                created: Some(datetime!(2026-02-15 12:00 UTC)),
                ..record_finished(6, None)
            },
            ObjectiveRecord {
                finished: Some(RecordFinished::Flag(false)),
                created: Some(FUTURE),
                ..record_finished(7, None)
            },
        ];
        let ids: Vec<u128> = previous_attempts(records).iter().map(|r| r.id.as_u128()).collect();
        assert_eq!(ids, [3, 4, 6, 1, 2, 5, 7]);
    }

    /// Spec section 4 'Workflow status: inProgress=1 ... finished=6. No workflow is shown as
    /// Not Started', for the details page.
    #[test]
    fn workflow_status_of_details_no_workflow_is_not_started() {
        use CourseStatus as C;
        let cases = [
            (None, false, C::NotStarted),
            (None, true, C::Finished),
            (Some(S::InProgress), false, C::InProgress),
            (Some(S::Submitted), false, C::Submitted),
            (Some(S::InGrading), false, C::InGrading),
            (Some(S::Graded), true, C::Graded),
            (Some(S::GradingApproved), true, C::GradingApproved),
            (Some(S::Finished), true, C::Finished),
            (Some(S::Unknown(9)), false, C::InProgress),
        ];
        for (state, record, status) in cases {
            assert_eq!(status_of(state, record), status, "{state:?} {record}");
        }
    }

    /// Spec section 9 'Previous-attempts score column shown when more than one record and the
    /// grade is not hidden'.
    #[test]
    fn previous_attempts_score_column_when_more_than_one_record_and_grade_shown() {
        for (records, hidden, shown) in
            [(0, false, false), (1, false, false), (2, false, true), (2, true, false), (5, true, false)]
        {
            assert_eq!(attempts_score_column_shown(records, hidden), shown, "{records} {hidden}");
        }
    }
}
