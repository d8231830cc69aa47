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
mod tests;
