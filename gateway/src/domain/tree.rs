//! The activity tree of a course (spec section 4, 'Locked / disabled activity', 'Open-next
//! selection'; section 3 constraint inheritance; section 2 'Table of contents').
//!
//! Dates are reached at their instant: at exactly `startFrom` the activity can start, and at
//! exactly `startUntil`, `accessibleUntil` or `gracePeriodUntil` it no longer can.

use contracts::{
    bff::{LockReason, TocStatus},
    upstream::{
        ActivityConstraint, ActivityPart, ActivityType, ActivityWorkflow, CourseState, RevealPolicy, WorkflowState,
    },
};
use time::OffsetDateTime;

use super::reveal::{reached, review_hidden};

/// Spec section 3: 'Constraints of a part are inherited from the parent part; reviewPolicy and
/// resultsDisclosurePolicy are taken from the child only.' A part's effective constraint is its
/// parent's effective constraint overlaid with its own: each date or value the part sets wins,
/// the ones it leaves unset come from the parent; the review and disclosure policies (and the
/// disclosure date and score that go with them) are the child's only. `parent` is `None` for a
/// top-level part, which keeps its own. The sandbox overlays the same way.
pub fn inherit_constraint(parent: Option<&ActivityConstraint>, own: Option<&ActivityConstraint>) -> ActivityConstraint {
    let own = own.cloned().unwrap_or_default();
    let Some(parent) = parent else { return own };
    ActivityConstraint {
        start_from: own.start_from.or(parent.start_from),
        start_until: own.start_until.or(parent.start_until),
        accessible_until: own.accessible_until.or(parent.accessible_until),
        grace_period_until: own.grace_period_until.or(parent.grace_period_until),
        due: own.due.or(parent.due),
        reveal_results_from: own.reveal_results_from.or(parent.reveal_results_from),
        results_disclosure_from: own.results_disclosure_from,
        results_disclosure_above: own.results_disclosure_above,
        results_disclosure_policy: own.results_disclosure_policy,
        review_policy: own.review_policy,
    }
}

/// Spec section 4 'Reason precedence: draft/archived ... first': a part under a draft or archived
/// parent (or course) is as draft or archived as its parent; archived wins over draft.
pub fn effective_state(parent: Option<CourseState>, own: CourseState) -> CourseState {
    match (parent, own) {
        (_, CourseState::Archived) | (Some(CourseState::Archived), _) => CourseState::Archived,
        (_, CourseState::Draft) | (Some(CourseState::Draft), _) => CourseState::Draft,
        _ => own,
    }
}

/// Where the learner is in an activity, for the state-dependent date checks.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Progress {
    /// Never started.
    NotStarted,
    /// Started, not finished (in progress, submitted, in grading, ...).
    InProgress,
    /// Finished.
    Finished,
}

/// The progress of an activity from its last workflow.
pub fn progress(workflow: Option<&ActivityWorkflow>) -> Progress {
    match workflow.map(|w| w.state) {
        None => Progress::NotStarted,
        Some(WorkflowState::Finished) => Progress::Finished,
        Some(_) => Progress::InProgress,
    }
}

/// What the course as a whole says about its activities.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CourseContext {
    /// The course's workflow is finished.
    pub course_finished: bool,
    /// The course lets a finished learner open activities they never started.
    pub new_content_after_completion: bool,
    /// The moment of the answer.
    pub now: OffsetDateTime,
    /// The course's results are protected: no review of any activity (spec section 4 'Review:
    /// ... results not protected').
    pub results_protected: bool,
    /// The course's grade reveal policy and date: the disclosure of a part that sets no
    /// disclosure policy of its own (its results are revealed when the course's are).
    pub reveal_policy: Option<RevealPolicy>,
    /// The reveal date of an `AfterDate` course policy.
    pub reveal_date: Option<OffsetDateTime>,
}

/// Lock state of one activity, with the reason of highest precedence.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Lock {
    /// Locked: cannot be opened from the contents.
    pub locked: bool,
    /// Disabled by content availability, dates or review hiding.
    pub disabled: bool,
    /// Why, when locked or disabled.
    pub reason: Option<LockReason>,
    /// The upstream's own reason, with [`LockReason::Unavailable`].
    pub message: Option<String>,
}

fn last_workflow(part: &ActivityPart) -> Option<&ActivityWorkflow> {
    part.child_activity.activity_workflow_aggregate.as_ref().and_then(|a| a.last_activity_workflow.as_ref())
}

/// Spec section 4 'Locked / disabled activity', for a part with its effective constraint.
///
/// Disabled when content is unavailable, before startFrom, after accessibleUntil, or review
/// hidden; when not started also after startUntil and gracePeriodUntil; when in progress also
/// after gracePeriodUntil; finished ignores start and grace. Locked when previous ones are not
/// completed (`available` false), when disabled, or when the course is finished, new content
/// after completion is not allowed and the activity was never started. Reasons in precedence:
/// draft or archived, not available, after grace period, after accessible until, before start,
/// after start until, review hidden, else the upstream's reason. The finished-course rule is not
/// in the spec's list; it comes just before the upstream's reason.
pub fn lock(part: &ActivityPart, constraint: &ActivityConstraint, ctx: &CourseContext) -> Lock {
    lock_in(part, part.child_activity.state, constraint, ctx)
}

/// [`lock`] for a part whose [`effective_state`] (with its ancestors') is `state`: draft or
/// archived content is locked and disabled, with the 'coming soon' reason first.
pub fn lock_in(part: &ActivityPart, state: CourseState, constraint: &ActivityConstraint, ctx: &CourseContext) -> Lock {
    let now = ctx.now;
    let activity = &part.child_activity;
    let workflow = last_workflow(part);
    let progress = progress(workflow);
    let finished = progress == Progress::Finished;
    let coming_soon = matches!(state, CourseState::Draft | CourseState::Archived);
    let not_available = part.available == Some(false);
    let content_unavailable = part.content_available == Some(false);
    let before_start = !finished && constraint.start_from.is_some_and(|d| now < d);
    let after_accessible = reached(constraint.accessible_until, now);
    let after_start_until = progress == Progress::NotStarted && reached(constraint.start_until, now);
    let after_grace = !finished && reached(constraint.grace_period_until, now);
    let hidden_review = course_review_hidden(activity.kind, workflow, constraint, ctx);
    let disabled = coming_soon
        || content_unavailable
        || before_start
        || after_accessible
        || hidden_review
        || after_start_until
        || after_grace;
    let no_new_content = ctx.course_finished && !ctx.new_content_after_completion && progress == Progress::NotStarted;
    let locked = coming_soon || not_available || disabled || no_new_content;
    let reason = [
        (coming_soon, LockReason::ComingSoon),
        (not_available, LockReason::CompletePrevious),
        (after_grace, LockReason::AfterGracePeriod),
        (after_accessible, LockReason::AfterAccessibleUntil),
        (before_start, LockReason::BeforeStart),
        (after_start_until, LockReason::AfterStartUntil),
        (hidden_review, LockReason::ReviewHidden),
        (no_new_content, LockReason::NoNewContentAfterCompletion),
        (locked, LockReason::Unavailable),
    ]
    .into_iter()
    .find_map(|(applies, reason)| applies.then_some(reason));
    let message = (reason == Some(LockReason::Unavailable)).then(|| part.unavailability_reason.clone()).flatten();
    Lock { locked, disabled, reason, message }
}

/// Spec section 4 'Review hidden' within its course: the part's own rule
/// ([`review_hidden`]), with the course's reveal policy standing in for a disclosure policy the
/// part does not set, and no review at all of a course whose results are protected (once the
/// rule applies: submitted, or a finished composite). The details page offers no Review in the
/// same cases, so the tree does not leave those activities open.
pub fn course_review_hidden(
    kind: ActivityType,
    workflow: Option<&ActivityWorkflow>,
    constraint: &ActivityConstraint,
    ctx: &CourseContext,
) -> bool {
    let applies = workflow.is_some_and(|w| {
        w.submitted.is_some() || (kind == ActivityType::Composite && w.state == WorkflowState::Finished)
    });
    if ctx.results_protected && applies {
        return true;
    }
    let mut effective = constraint.clone();
    if effective.results_disclosure_policy.is_none() {
        effective.results_disclosure_policy = ctx.reveal_policy;
        effective.results_disclosure_from = effective.results_disclosure_from.or(ctx.reveal_date);
    }
    review_hidden(kind, workflow, &effective, ctx.now)
}

/// One part of the tree with everything the rules derived for it.
#[derive(Debug, Clone)]
pub struct EvaluatedPart<'a> {
    /// The part as the upstream gave it.
    pub part: &'a ActivityPart,
    /// Nesting depth, 0 for top-level parts.
    pub depth: usize,
    /// Its effective constraint.
    pub constraint: ActivityConstraint,
    /// Its effective state (draft or archived when an ancestor is).
    pub state: CourseState,
    /// Its lock state.
    pub lock: Lock,
}

/// The parts of a tree in reading order (siblings by `order`, parents before children), each
/// with its inherited constraint and lock state.
pub fn evaluate<'a>(parts: &'a [ActivityPart], ctx: &CourseContext) -> Vec<EvaluatedPart<'a>> {
    evaluate_in(parts, None, ctx)
}

/// [`evaluate`] for the parts of a root activity in `root_state` (the course's state): a draft
/// or archived course's parts are draft or archived too.
pub fn evaluate_in<'a>(
    parts: &'a [ActivityPart],
    root_state: Option<CourseState>,
    ctx: &CourseContext,
) -> Vec<EvaluatedPart<'a>> {
    let mut out = Vec::new();
    let inherited = root_state.filter(|s| matches!(s, CourseState::Draft | CourseState::Archived));
    walk(parts, None, inherited, 0, ctx, &mut out);
    out
}

fn sorted(parts: &[ActivityPart]) -> Vec<&ActivityPart> {
    let mut sorted: Vec<&ActivityPart> = parts.iter().collect();
    sorted.sort_by_key(|p| p.order.unwrap_or(i32::MAX));
    sorted
}

fn walk<'a>(
    parts: &'a [ActivityPart],
    parent: Option<&ActivityConstraint>,
    parent_state: Option<CourseState>,
    depth: usize,
    ctx: &CourseContext,
    out: &mut Vec<EvaluatedPart<'a>>,
) {
    for part in sorted(parts) {
        let constraint = inherit_constraint(parent, part.activity_constraint.as_ref());
        let state = effective_state(parent_state, part.child_activity.state);
        let lock = lock_in(part, state, &constraint, ctx);
        out.push(EvaluatedPart { part, depth, constraint: constraint.clone(), state, lock });
        walk(&part.child_activity.children, Some(&constraint), Some(state), depth + 1, ctx, out);
    }
}

/// Spec section 4 'Open-next selection': the first available activity that is ready or expired
/// and not disabled, preferring one in progress or not started (over finished, submitted or in
/// grading ones), descending into children
/// (a composite with children is never the answer itself); if none, the first child.
pub fn open_next<'a>(parts: &'a [ActivityPart], ctx: &CourseContext) -> Option<&'a ActivityPart> {
    open_next_in(parts, None, ctx)
}

/// [`open_next`] for the parts of a root activity in `root_state` (see [`evaluate_in`]).
pub fn open_next_in<'a>(
    parts: &'a [ActivityPart],
    root_state: Option<CourseState>,
    ctx: &CourseContext,
) -> Option<&'a ActivityPart> {
    let evaluated = evaluate_in(parts, root_state, ctx);
    let candidates: Vec<&EvaluatedPart<'a>> = evaluated
        .iter()
        .filter(|e| e.part.child_activity.children.is_empty())
        .filter(|e| e.part.available != Some(false))
        .filter(|e| matches!(e.state, CourseState::Ready | CourseState::Expired))
        .filter(|e| !e.lock.disabled)
        .collect();
    let preferred =
        candidates.iter().find(|e| last_workflow(e.part).is_none_or(|w| w.state == WorkflowState::InProgress));
    preferred.or(candidates.first()).map(|e| e.part).or_else(|| sorted(parts).first().copied())
}

/// Spec section 2 'Table of contents': the status of an item; `None` for archived items, which
/// are hidden. Draft (itself or under a draft parent, `state` being its [`effective_state`])
/// shows 'coming soon'; completed and passed (or pass unknown) a check; completed but not passed
/// 'below passing score'; locked nothing; optional the optional mark; otherwise an empty circle.
/// While the course's result is hidden (`result_hidden`, [`super::outcome::result_hidden`]) the
/// pass is unknown to the learner: a completed item shows the check, not 'below passing score'.
pub fn toc_status(part: &ActivityPart, state: CourseState, lock: &Lock, result_hidden: bool) -> Option<TocStatus> {
    let activity = &part.child_activity;
    let aggregate = activity.activity_workflow_aggregate.as_ref();
    let completed = progress(last_workflow(part)) == Progress::Finished;
    let passed =
        aggregate.and_then(|a| a.best_activity_record.as_ref()).and_then(|r| r.passed).filter(|_| !result_hidden);
    if activity.state == CourseState::Archived {
        return None;
    }
    Some(match state {
        CourseState::Draft => TocStatus::ComingSoon,
        _ if completed && passed != Some(false) => TocStatus::Completed,
        _ if completed => TocStatus::BelowPassingScore,
        _ if lock.locked => TocStatus::Locked,
        _ if part.optional == Some(true) => TocStatus::Optional,
        _ => TocStatus::NotStarted,
    })
}

/// Spec section 2: 'a proctored LTI activity has a proctored tooltip'.
pub fn toc_proctored(part: &ActivityPart) -> bool {
    part.child_activity.kind == ActivityType::Lti && part.child_activity.proctored == Some(true)
}

#[cfg(test)]
mod tests {
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
        let ctx = |finished, allowed| CourseContext {
            course_finished: finished,
            new_content_after_completion: allowed,
            ..CTX
        };
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
        let reveal_ahead =
            CourseContext { reveal_policy: Some(RevealPolicy::AfterDate), reveal_date: Some(FUTURE), ..CTX };
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
}
