//! Table tests of the content tree's rules, named after the spec's clauses.

use super::*;
use crate::domain::details::tests::{FUTURE, NOW, PAST};
use crate::domain::fixtures;
use contracts::upstream::*;

fn part(order: i32, kind: ActivityType, state: CourseState, workflow: Option<WorkflowState>) -> ActivityPart {
    ActivityPart {
        axis: Some(format!("{order}")),
        activity_path_id: Some(format!("p{order}")),
        available: Some(true),
        content_available: Some(true),
        order: Some(order),
        ..fixtures::part(Activity {
            name: Some(format!("a{order}")),
            activity_workflow_aggregate: workflow.map(|state| ActivityWorkflowAggregate {
                last_activity_workflow: Some(ActivityWorkflow {
                    id: None,
                    state,
                    submitted: matches!(
                        state,
                        WorkflowState::Submitted | WorkflowState::InGrading | WorkflowState::Finished
                    )
                    .then_some(PAST),
                    finished: (state == WorkflowState::Finished).then_some(PAST),
                    last_proctoring_session_id: None,
                }),
                best_activity_record: None,
            }),
            ..fixtures::activity(kind, state, vec![])
        })
    }
}

fn text(order: i32, workflow: Option<WorkflowState>) -> ActivityPart {
    part(order, ActivityType::Text, CourseState::Ready, workflow)
}

const CTX: CourseContext = CourseContext {
    course_finished: false,
    new_content_after_completion: true,
    now: NOW,
    results_protected: false,
    reveal_policy: None,
    reveal_date: None,
};

/// Spec section 3 'Constraints of a part are inherited from the parent part; reviewPolicy
/// and resultsDisclosurePolicy are taken from the child only': the parent's overlaid with
/// the child's own.
#[test]
fn constraint_inheritance_from_parent_except_review_and_disclosure_policy() {
    let parent = ActivityConstraint {
        start_from: Some(PAST),
        due: Some(FUTURE),
        review_policy: Some(ReviewPolicy::Never),
        results_disclosure_policy: Some(RevealPolicy::Never),
        ..ActivityConstraint::default()
    };
    let own = ActivityConstraint {
        start_from: Some(FUTURE),
        accessible_until: Some(FUTURE),
        review_policy: Some(ReviewPolicy::AfterSubmission),
        ..ActivityConstraint::default()
    };
    let top = inherit_constraint(None, Some(&own));
    assert_eq!(top, own, "a top-level part keeps its own");
    let nested = inherit_constraint(Some(&parent), Some(&own));
    assert_eq!(nested.start_from, Some(FUTURE), "the child's own date wins where set");
    assert_eq!(nested.accessible_until, Some(FUTURE), "the child's own dates count");
    assert_eq!(nested.due, Some(FUTURE), "unset: the parent's");
    assert_eq!(nested.review_policy, Some(ReviewPolicy::AfterSubmission), "review policy from the child");
    assert_eq!(nested.results_disclosure_policy, None, "disclosure policy from the child only");
    let bare = inherit_constraint(Some(&parent), None);
    assert_eq!((bare.review_policy, bare.results_disclosure_policy, bare.start_from), (None, None, Some(PAST)));
    assert_eq!(inherit_constraint(None, None), ActivityConstraint::default());
}

fn with_dates(
    workflow: Option<WorkflowState>,
    start_from: Option<OffsetDateTime>,
    start_until: Option<OffsetDateTime>,
    accessible_until: Option<OffsetDateTime>,
    grace: Option<OffsetDateTime>,
) -> (ActivityPart, ActivityConstraint) {
    let c = ActivityConstraint {
        start_from,
        start_until,
        accessible_until,
        grace_period_until: grace,
        ..ActivityConstraint::default()
    };
    (text(1, workflow), c)
}

/// Spec section 4 'Disabled when ...; when not started also after startUntil and
/// gracePeriodUntil; when in progress also after gracePeriodUntil; finished ignores start and
/// grace'.
#[test]
fn locked_disabled_state_dependent_date_checks() {
    use LockReason::*;
    use WorkflowState::{Finished, InGrading, InProgress};
    // (clause, workflow, startFrom, startUntil, accessibleUntil, grace, disabled, reason)
    let cases = [
        ("no dates", None, None, None, None, None, false, None),
        ("before startFrom", None, Some(FUTURE), None, None, None, true, Some(BeforeStart)),
        ("at startFrom", None, Some(NOW), None, None, None, false, None),
        ("in progress before startFrom", Some(InProgress), Some(FUTURE), None, None, None, true, Some(BeforeStart)),
        ("finished ignores startFrom", Some(Finished), Some(FUTURE), None, None, None, false, None),
        ("not started after startUntil", None, None, Some(PAST), None, None, true, Some(AfterStartUntil)),
        ("not started at startUntil", None, None, Some(NOW), None, None, true, Some(AfterStartUntil)),
        ("not started before startUntil", None, None, Some(FUTURE), None, None, false, None),
        ("in progress ignores startUntil", Some(InProgress), None, Some(PAST), None, None, false, None),
        ("finished ignores startUntil", Some(Finished), None, Some(PAST), None, None, false, None),
        ("after accessibleUntil", None, None, None, Some(PAST), None, true, Some(AfterAccessibleUntil)),
        (
            "finished after accessibleUntil",
            Some(Finished),
            None,
            None,
            Some(NOW),
            None,
            true,
            Some(AfterAccessibleUntil),
        ),
        ("not started after grace", None, None, None, None, Some(PAST), true, Some(AfterGracePeriod)),
        ("in progress after grace", Some(InProgress), None, None, None, Some(NOW), true, Some(AfterGracePeriod)),
        ("in grading after grace", Some(InGrading), None, None, None, Some(PAST), true, Some(AfterGracePeriod)),
        ("in progress before grace", Some(InProgress), None, None, None, Some(FUTURE), false, None),
        ("finished ignores grace", Some(Finished), None, None, None, Some(PAST), false, None),
        ("grace before accessible", None, None, None, Some(PAST), Some(PAST), true, Some(AfterGracePeriod)),
        ("accessible before start", None, Some(FUTURE), None, Some(PAST), None, true, Some(AfterAccessibleUntil)),
        ("start before start-until", None, Some(FUTURE), Some(PAST), None, None, true, Some(BeforeStart)),
    ];
    for (clause, workflow, from, until, accessible, grace, disabled, reason) in cases {
        let (p, c) = with_dates(workflow, from, until, accessible, grace);
        let l = lock(&p, &c, &CTX);
        assert_eq!((l.disabled, l.locked, l.reason), (disabled, disabled, reason), "{clause}");
    }
}

/// Spec section 4 'Reason precedence: draft/archived, not available, ..., review hidden,
/// else the server's reason'.
#[test]
#[expect(clippy::too_many_lines, reason = "a table test: one row per case of the clause")]
fn locked_reason_precedence() {
    use LockReason::*;
    let draft_unavailable = {
        let mut p = part(1, ActivityType::Text, CourseState::Draft, None);
        p.available = Some(false);
        p
    };
    let unavailable_after_grace = {
        let mut p = text(1, None);
        p.available = Some(false);
        p
    };
    let grace = ActivityConstraint { grace_period_until: Some(PAST), ..ActivityConstraint::default() };
    let review_never = ActivityConstraint {
        review_policy: Some(ReviewPolicy::Never),
        start_until: Some(PAST),
        ..ActivityConstraint::default()
    };
    let content_unavailable = |reason: Option<&str>| {
        let mut p = text(1, None);
        p.content_available = Some(false);
        p.unavailability_reason = reason.map(String::from);
        p
    };
    let none = ActivityConstraint::default();
    let cases = [
        ("draft first", draft_unavailable, grace.clone(), true, true, Some(ComingSoon), None),
        (
            "archived",
            part(1, ActivityType::Text, CourseState::Archived, None),
            none.clone(),
            true,
            true,
            Some(ComingSoon),
            None,
        ),
        (
            "not available before dates",
            unavailable_after_grace,
            grace.clone(),
            true,
            true,
            Some(CompletePrevious),
            None,
        ),
        (
            "review hidden (start-until ignored when submitted)",
            text(1, Some(WorkflowState::Submitted)),
            review_never,
            true,
            true,
            Some(ReviewHidden),
            None,
        ),
        (
            "server's reason",
            content_unavailable(Some("Closed for maintenance")),
            none.clone(),
            true,
            true,
            Some(Unavailable),
            Some("Closed for maintenance"),
        ),
        ("no server reason", content_unavailable(None), none.clone(), true, true, Some(Unavailable), None),
        (
            "unknown state is not coming soon",
            part(1, ActivityType::Text, CourseState::Unknown(9), None),
            none,
            false,
            false,
            None,
            None,
        ),
    ];
    for (clause, p, c, locked, disabled, reason, message) in cases {
        let l = lock(&p, &c, &CTX);
        assert_eq!(
            (l.locked, l.disabled, l.reason, l.message.as_deref()),
            (locked, disabled, reason, message),
            "{clause}"
        );
    }
}

/// Spec section 4 'locked if ... the course is finished, new content after completion is not
/// allowed, and the activity was never started'.
#[test]
fn locked_after_course_completion_only_for_never_started_activities() {
    let ctx =
        |finished, allowed| CourseContext { course_finished: finished, new_content_after_completion: allowed, ..CTX };
    let cases = [
        ("finished, not allowed, never started", ctx(true, false), None, true),
        ("finished, not allowed, started", ctx(true, false), Some(WorkflowState::InProgress), false),
        ("finished, allowed", ctx(true, true), None, false),
        ("not finished", ctx(false, false), None, false),
    ];
    for (clause, ctx, workflow, locked) in cases {
        let l = lock(&text(1, workflow), &ActivityConstraint::default(), &ctx);
        assert_eq!(l.locked, locked, "{clause}");
        assert!(!l.disabled, "{clause}: locked, not disabled");
        assert_eq!(l.reason, locked.then_some(LockReason::NoNewContentAfterCompletion), "{clause}");
    }
}

fn composite(order: i32, children: Vec<ActivityPart>, constraint: Option<ActivityConstraint>) -> ActivityPart {
    let mut p = part(order, ActivityType::Composite, CourseState::Ready, None);
    p.child_activity.children = children;
    p.activity_constraint = constraint;
    p
}

fn path(p: Option<&ActivityPart>) -> Option<&str> {
    p.and_then(|p| p.activity_path_id.as_deref())
}

/// Spec section 4 'Open-next selection'.
#[test]
fn open_next_first_available_ready_or_expired_not_disabled_preferring_unfinished() {
    use WorkflowState::{Finished, InProgress};
    let unavailable = |mut p: ActivityPart| {
        p.available = Some(false);
        p
    };
    let later = ActivityConstraint { start_from: Some(FUTURE), ..ActivityConstraint::default() };
    let cases = [
        ("first not started", vec![text(1, None), text(2, None)], Some("p1")),
        ("siblings by order", vec![text(2, None), text(1, None)], Some("p1")),
        ("skips finished for in progress", vec![text(1, Some(Finished)), text(2, Some(InProgress))], Some("p2")),
        ("skips unavailable", vec![unavailable(text(1, None)), text(2, None)], Some("p2")),
        ("skips draft", vec![part(1, ActivityType::Text, CourseState::Draft, None), text(2, None)], Some("p2")),
        ("expired counts", vec![part(1, ActivityType::Video, CourseState::Expired, None)], Some("p1")),
        (
            "prefers not started over in grading",
            vec![text(1, Some(WorkflowState::InGrading)), text(2, None)],
            Some("p2"),
        ),
        (
            "in grading when nothing else",
            vec![text(1, Some(Finished)), text(2, Some(WorkflowState::InGrading))],
            Some("p1"),
        ),
        ("all finished: first finished", vec![text(1, Some(Finished)), text(2, Some(Finished))], Some("p1")),
        (
            "descends into children",
            vec![composite(1, vec![text(11, Some(Finished)), text(12, None)], None)],
            Some("p12"),
        ),
        (
            "inherited start date disables children",
            vec![composite(1, vec![text(11, None)], Some(later)), text(2, None)],
            Some("p2"),
        ),
        ("none: the first child", vec![unavailable(text(2, None)), unavailable(text(1, None))], Some("p1")),
        ("empty tree", vec![], None),
    ];
    for (clause, parts, expected) in cases {
        assert_eq!(path(open_next(&parts, &CTX)), expected, "{clause}");
    }
}

/// Spec section 2 'Table of contents: items show a status ...; archived activities are hidden'.
#[test]
fn table_of_contents_status_per_item() {
    use TocStatus::*;
    let passed = |mut p: ActivityPart, passed: Option<bool>| {
        if let Some(a) = p.child_activity.activity_workflow_aggregate.as_mut() {
            a.best_activity_record = Some(ActivityRecord { passed, ..ActivityRecord::default() });
        }
        p
    };
    let optional = |mut p: ActivityPart| {
        p.optional = Some(true);
        p
    };
    let locked = |mut p: ActivityPart| {
        p.available = Some(false);
        p
    };
    let done = || text(1, Some(WorkflowState::Finished));
    let cases = [
        ("draft", part(1, ActivityType::Text, CourseState::Draft, None), Some(ComingSoon)),
        ("archived hidden", part(1, ActivityType::Text, CourseState::Archived, None), None),
        ("completed and passed", passed(done(), Some(true)), Some(Completed)),
        ("completed, pass unknown", passed(done(), None), Some(Completed)),
        ("completed, no record", done(), Some(Completed)),
        ("completed, not passed", passed(done(), Some(false)), Some(BelowPassingScore)),
        ("locked", locked(text(1, None)), Some(Locked)),
        ("locked optional", optional(locked(text(1, None))), Some(Locked)),
        ("optional", optional(text(1, None)), Some(Optional)),
        ("in progress", text(1, Some(WorkflowState::InProgress)), Some(NotStarted)),
        ("not started", text(1, None), Some(NotStarted)),
        ("expired", part(1, ActivityType::Text, CourseState::Expired, None), Some(NotStarted)),
    ];
    for (clause, p, status) in cases {
        let l = lock(&p, &ActivityConstraint::default(), &CTX);
        assert_eq!(toc_status(&p, p.child_activity.state, &l, false), status, "{clause}");
    }
    let failed = passed(done(), Some(false));
    let l = lock(&failed, &ActivityConstraint::default(), &CTX);
    assert_eq!(toc_status(&failed, CourseState::Ready, &l, true), Some(Completed), "a hidden pass is unknown");
}

/// Spec section 2 'a proctored LTI activity has a proctored tooltip'.
#[test]
fn table_of_contents_proctored_flag_only_for_lti() {
    for (kind, proctored, flag) in [
        (ActivityType::Lti, Some(true), true),
        (ActivityType::Lti, None, false),
        (ActivityType::Text, Some(true), false),
        (ActivityType::Other, Some(true), false),
    ] {
        let mut p = part(1, kind, CourseState::Ready, None);
        p.child_activity.proctored = proctored;
        assert_eq!(toc_proctored(&p), flag, "{kind:?} {proctored:?}");
    }
}

/// Evaluation walks the tree in reading order with inherited constraints.
#[test]
fn constraint_inheritance_applies_through_the_tree_walk() {
    let parent = ActivityConstraint { accessible_until: Some(PAST), ..ActivityConstraint::default() };
    let parts = vec![composite(2, vec![text(21, None)], Some(parent)), text(1, None)];
    let evaluated = evaluate(&parts, &CTX);
    let seen: Vec<(&str, usize, bool)> = evaluated
        .iter()
        .map(|e| (e.part.activity_path_id.as_deref().unwrap_or(""), e.depth, e.lock.disabled))
        .collect();
    assert_eq!(seen, [("p1", 0, false), ("p2", 0, true), ("p21", 1, true)]);
}

/// Spec section 4 'Locked / disabled ... review hidden', within the course: protected results
/// and a course reveal date still ahead (for a part without a disclosure policy of its own)
/// hide review, as the details page offers no Review then.
#[test]
fn review_hidden_by_protected_results_and_the_course_reveal_policy() {
    use WorkflowState::{Finished, InProgress};
    let after_revealing = ActivityConstraint {
        review_policy: Some(ReviewPolicy::AfterRevealingResults),
        ..ActivityConstraint::default()
    };
    let after_submission =
        ActivityConstraint { review_policy: Some(ReviewPolicy::AfterSubmission), ..ActivityConstraint::default() };
    let protected = CourseContext { results_protected: true, ..CTX };
    let reveal_ahead = CourseContext { reveal_policy: Some(RevealPolicy::AfterDate), reveal_date: Some(FUTURE), ..CTX };
    let revealed = CourseContext { reveal_policy: Some(RevealPolicy::AfterDate), reveal_date: Some(PAST), ..CTX };
    let own_disclosure =
        ActivityConstraint { results_disclosure_policy: Some(RevealPolicy::None), ..after_revealing.clone() };
    // (clause, part, constraint, course, disabled with ReviewHidden)
    let cases = [
        ("protected, finished", text(1, Some(Finished)), after_submission.clone(), protected, true),
        ("protected, not submitted", text(1, Some(InProgress)), after_submission.clone(), protected, false),
        ("protected, never started", text(1, None), after_submission.clone(), protected, false),
        ("course reveal ahead", text(1, Some(Finished)), after_revealing.clone(), reveal_ahead, true),
        ("course revealed", text(1, Some(Finished)), after_revealing.clone(), revealed, false),
        ("afterSubmission ignores the reveal", text(1, Some(Finished)), after_submission, reveal_ahead, false),
        ("the part's own disclosure wins", text(1, Some(Finished)), own_disclosure, reveal_ahead, false),
    ];
    for (clause, p, c, ctx, hidden) in cases {
        let l = lock(&p, &c, &ctx);
        assert_eq!((l.disabled, l.reason == Some(LockReason::ReviewHidden)), (hidden, hidden), "{clause}");
    }
}

/// Spec section 4 'Reason precedence: draft/archived ("coming soon") ... first': content
/// under a draft or archived parent or course is coming soon (locked and disabled), before
/// 'complete previous'; archived items themselves stay hidden.
#[test]
fn locked_reason_draft_or_archived_parent_comes_first() {
    let unavailable = |mut p: ActivityPart| {
        p.available = Some(false);
        p
    };
    let draft_module = {
        let mut m = composite(1, vec![unavailable(text(11, None))], None);
        m.child_activity.state = CourseState::Draft;
        unavailable(m)
    };
    let evaluated = evaluate(std::slice::from_ref(&draft_module), &CTX);
    let lesson = &evaluated[1];
    assert_eq!(lesson.state, CourseState::Draft);
    assert_eq!((lesson.lock.locked, lesson.lock.disabled), (true, true));
    assert_eq!(lesson.lock.reason, Some(LockReason::ComingSoon));
    assert_eq!(toc_status(lesson.part, lesson.state, &lesson.lock, false), Some(TocStatus::ComingSoon));

    let course = vec![unavailable(text(1, Some(WorkflowState::Finished))), unavailable(text(2, None))];
    for e in evaluate_in(&course, Some(CourseState::Archived), &CTX) {
        assert_eq!(e.lock.reason, Some(LockReason::ComingSoon), "archived course: not 'complete previous'");
        assert!(e.lock.disabled);
        assert!(toc_status(e.part, e.state, &e.lock, false).is_some(), "shown: the item itself is not archived");
    }
    assert_eq!(open_next_in(&course, Some(CourseState::Archived), &CTX).map(|p| p.order), Some(Some(1)));
    let archived_item = part(3, ActivityType::Text, CourseState::Archived, None);
    let l = lock(&archived_item, &ActivityConstraint::default(), &CTX);
    assert_eq!(toc_status(&archived_item, CourseState::Archived, &l, false), None, "archived items stay hidden");
    for (parent, own, state) in [
        (None, CourseState::Ready, CourseState::Ready),
        (Some(CourseState::Draft), CourseState::Ready, CourseState::Draft),
        (Some(CourseState::Archived), CourseState::Draft, CourseState::Archived),
        (Some(CourseState::Expired), CourseState::Draft, CourseState::Draft),
    ] {
        assert_eq!(effective_state(parent, own), state, "{parent:?} {own:?}");
    }
}

/// Spec section 3 constraint inheritance: a child's own start date wins over its parent's
/// (the 'Live session' starting after its module).
#[test]
fn constraint_inheritance_child_own_start_date_wins() {
    let module = ActivityConstraint { start_from: Some(PAST), due: Some(FUTURE), ..ActivityConstraint::default() };
    let later = ActivityConstraint { start_from: Some(FUTURE), ..ActivityConstraint::default() };
    let mut session = text(11, None);
    session.activity_constraint = Some(later);
    let parts = vec![composite(1, vec![session, text(12, None)], Some(module))];
    let evaluated = evaluate(&parts, &CTX);
    let live = &evaluated[1];
    assert_eq!(live.constraint.start_from, Some(FUTURE));
    assert_eq!(live.constraint.due, Some(FUTURE), "the module's due date still applies");
    assert_eq!((live.lock.disabled, live.lock.reason), (true, Some(LockReason::BeforeStart)));
    assert_eq!(path(open_next(&parts, &CTX)), Some("p12"), "not opened early");
}
