//! Rules of the course player (spec sections 2 and 4): which activity the learner may start or
//! mark as done, the draft and archived banners, the modes by name, and what the finish dialogs
//! of a module or a course warn about.

use contracts::bff::{ActivityBanner, DisplayModeName, FinishCheck, PresentationModeName, TocStatus};
use contracts::upstream::{ActivityPart, ActivityType, CourseState, DisplayMode, PresentationMode, WorkflowState};

use super::tree::{EvaluatedPart, Lock};

/// Spec section 4 'Draft activities show a Coming soon banner and cannot start; archived show a
/// not available banner'.
pub fn banner(state: CourseState) -> Option<ActivityBanner> {
    match state {
        CourseState::Draft => Some(ActivityBanner::ComingSoon),
        CourseState::Archived => Some(ActivityBanner::NotAvailable),
        _ => None,
    }
}

/// Presentation modes of spec section 4 (Tree=0 when unset or unknown).
pub fn presentation_mode(mode: Option<PresentationMode>) -> PresentationModeName {
    match mode {
        Some(PresentationMode::Tiles) => PresentationModeName::Tiles,
        Some(PresentationMode::LongRead) => PresentationModeName::LongRead,
        Some(PresentationMode::LongReadWithoutActivityNames) => PresentationModeName::LongReadWithoutActivityNames,
        _ => PresentationModeName::Tree,
    }
}

/// Display modes of spec section 4 (Fullscreen=1 when unset or unknown).
pub fn display_mode(mode: Option<DisplayMode>) -> DisplayModeName {
    match mode {
        Some(DisplayMode::EmbeddedAuto) => DisplayModeName::EmbeddedAuto,
        Some(DisplayMode::EmbeddedCustom) => DisplayModeName::EmbeddedCustom,
        _ => DisplayModeName::Fullscreen,
    }
}

/// Graded by a tool of its own (LTI, proctored, collaborative): the learner does not mark it
/// as done; the tool's score finishes it.
pub fn graded_by_tool(part: &ActivityPart) -> bool {
    let activity = &part.child_activity;
    activity.kind == ActivityType::Lti
        || activity.proctored == Some(true)
        || activity.support_collaborative_mode == Some(true)
        || matches!(activity.activity_type.as_deref(), Some("proctored" | "collaborative"))
}

fn last_state(part: &ActivityPart) -> Option<WorkflowState> {
    part.child_activity
        .activity_workflow_aggregate
        .as_ref()
        .and_then(|a| a.last_activity_workflow.as_ref())
        .map(|w| w.state)
}

/// Spec section 4 'Starting ... an activity workflow is created (not for an already running
/// one)': a leaf activity that was never started, is ready or expired, not locked, opened
/// outside review. Composites are never started themselves: they complete with their children.
/// A collaborative activity is started by its own start or join prompt (spec section 2
/// 'Dialogs'), never by opening it.
pub fn can_start(part: &ActivityPart, lock: &Lock, review: bool) -> bool {
    let activity = &part.child_activity;
    !review
        && activity.children.is_empty()
        && activity.kind != ActivityType::Composite
        && activity.support_collaborative_mode != Some(true)
        && matches!(activity.state, CourseState::Ready | CourseState::Expired)
        && !lock.locked
        && last_state(part).is_none()
}

/// 'Mark as done': a running leaf activity the learner finishes themselves, outside review.
pub fn can_finish(part: &ActivityPart, lock: &Lock, review: bool) -> bool {
    !review
        && part.child_activity.children.is_empty()
        && !graded_by_tool(part)
        && !lock.disabled
        && last_state(part) == Some(WorkflowState::InProgress)
}

/// The course attempt can be submitted: in progress and not in review.
pub fn can_submit_course(state: Option<WorkflowState>, review: bool) -> bool {
    !review && state == Some(WorkflowState::InProgress)
}

/// The course attempt can be finished without a submit (the finish call accepts submitted,
/// graded and approved attempts besides running ones).
pub fn can_finish_course(state: Option<WorkflowState>, review: bool) -> bool {
    !review && matches!(state, Some(WorkflowState::Submitted | WorkflowState::Graded | WorkflowState::GradingApproved))
}

/// What the finish dialogs warn about, over `parts` (a whole course, or the parts under a
/// module, in the reading order of [`super::tree::evaluate`]) with their statuses: leaf
/// activities that count (ready or expired, not archived or draft) and are not completed,
/// split by optional (the part or one above it is optional) and mandatory, and completed ones
/// below the passing score (the 'improve score' prompt).
pub fn finish_check(parts: &[(&EvaluatedPart<'_>, Option<TocStatus>)]) -> FinishCheck {
    let mut check = FinishCheck::default();
    // optional flags of the ancestors of the current part, by depth
    let mut optional_above: Vec<bool> = Vec::new();
    let base = parts.iter().map(|(e, _)| e.depth).min().unwrap_or(0);
    for (evaluated, status) in parts {
        let depth = evaluated.depth - base;
        optional_above.truncate(depth);
        let optional = evaluated.part.optional == Some(true) || optional_above.iter().any(|o| *o);
        optional_above.push(optional);
        let activity = &evaluated.part.child_activity;
        if !activity.children.is_empty() || !matches!(activity.state, CourseState::Ready | CourseState::Expired) {
            continue;
        }
        match status {
            Some(TocStatus::Completed) => {}
            Some(TocStatus::BelowPassingScore) => check.below_passing += 1,
            _ if optional => check.incomplete_optional += 1,
            _ => check.incomplete_mandatory += 1,
        }
    }
    check
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::fixtures;
    use crate::domain::tree::{CourseContext, evaluate, toc_status};
    use contracts::upstream::{ActivityWorkflow, ActivityWorkflowAggregate};
    use time::macros::datetime;

    fn leaf(order: i32, kind: ActivityType, workflow: Option<WorkflowState>, optional: bool) -> ActivityPart {
        let mut part = node(order, kind);
        part.optional = Some(optional);
        part.child_activity.activity_workflow_aggregate = workflow.map(|state| ActivityWorkflowAggregate {
            last_activity_workflow: Some(ActivityWorkflow {
                id: None,
                state,
                submitted: None,
                finished: None,
                last_proctoring_session_id: None,
            }),
            best_activity_record: None,
        });
        part
    }

    fn node(order: i32, kind: ActivityType) -> ActivityPart {
        let mut part = fixtures::part(fixtures::activity(kind, CourseState::Ready, Vec::new()));
        part.order = Some(order);
        part
    }

    fn ctx() -> CourseContext {
        CourseContext {
            course_finished: false,
            new_content_after_completion: true,
            now: datetime!(2026-06-01 12:00 UTC),
            results_protected: false,
            reveal_policy: None,
            reveal_date: None,
        }
    }

    #[test]
    fn starting_draft_activities_cannot_start_and_running_ones_are_not_started_again() {
        let open = Lock { locked: false, disabled: false, reason: None, message: None };
        let locked = Lock { locked: true, ..open.clone() };
        assert!(can_start(&leaf(1, ActivityType::Text, None, false), &open, false));
        assert!(!can_start(&leaf(1, ActivityType::Text, None, false), &open, true), "review is read-only");
        assert!(!can_start(&leaf(1, ActivityType::Text, None, false), &locked, false));
        assert!(!can_start(&leaf(1, ActivityType::Text, Some(WorkflowState::InProgress), false), &open, false));
        let mut draft = leaf(1, ActivityType::Text, None, false);
        draft.child_activity.state = CourseState::Draft;
        assert!(!can_start(&draft, &open, false));
        let mut collaborative = leaf(1, ActivityType::Text, None, false);
        collaborative.child_activity.support_collaborative_mode = Some(true);
        assert!(!can_start(&collaborative, &open, false), "its start or join prompt starts it");
        assert_eq!(banner(CourseState::Draft), Some(ActivityBanner::ComingSoon));
        assert_eq!(banner(CourseState::Archived), Some(ActivityBanner::NotAvailable));
        assert_eq!(banner(CourseState::Ready), None);
    }

    #[test]
    fn mark_as_done_is_for_running_activities_the_learner_finishes_themselves() {
        let open = Lock { locked: false, disabled: false, reason: None, message: None };
        assert!(can_finish(&leaf(1, ActivityType::Text, Some(WorkflowState::InProgress), false), &open, false));
        assert!(!can_finish(&leaf(1, ActivityType::Lti, Some(WorkflowState::InProgress), false), &open, false));
        assert!(!can_finish(&leaf(1, ActivityType::Text, Some(WorkflowState::Finished), false), &open, false));
        assert!(!can_finish(&leaf(1, ActivityType::Text, Some(WorkflowState::InProgress), false), &open, true));
    }

    #[test]
    fn modes_by_name_default_to_tree_and_fullscreen() {
        assert_eq!(presentation_mode(None), PresentationModeName::Tree);
        assert_eq!(presentation_mode(Some(PresentationMode::LongRead)), PresentationModeName::LongRead);
        assert_eq!(display_mode(Some(DisplayMode::EmbeddedCustom)), DisplayModeName::EmbeddedCustom);
        assert_eq!(display_mode(Some(DisplayMode::Unknown(9))), DisplayModeName::Fullscreen);
        assert!(can_submit_course(Some(WorkflowState::InProgress), false));
        assert!(!can_submit_course(Some(WorkflowState::InProgress), true));
        assert!(can_finish_course(Some(WorkflowState::Submitted), false));
        assert!(!can_finish_course(Some(WorkflowState::InGrading), false));
    }

    #[test]
    fn finish_dialogs_count_incomplete_mandatory_optional_and_below_passing_activities() {
        let mut module = node(3, ActivityType::Composite);
        module.optional = Some(true);
        module.child_activity.children = vec![leaf(1, ActivityType::Text, None, false)];
        let parts = vec![
            leaf(1, ActivityType::Text, Some(WorkflowState::Finished), false),
            leaf(2, ActivityType::Lti, None, false),
            module,
            leaf(4, ActivityType::Video, None, true),
        ];
        let evaluated = evaluate(&parts, &ctx());
        let with_status: Vec<_> = evaluated.iter().map(|e| (e, toc_status(e.part, e.state, &e.lock, false))).collect();
        let check = finish_check(&with_status);
        assert_eq!(check, FinishCheck { incomplete_mandatory: 1, incomplete_optional: 2, below_passing: 0 });
    }
}
