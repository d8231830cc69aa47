//! A course as a card: status, colour and duration (spec sections 2, 4, 5); the card's outcome
//! (status, progress, result, link) is decided in [`super::outcome`].

use contracts::{bff::CourseStatus, upstream::ObjectiveWorkflowAggregate};
use uuid::Uuid;

/// Course state 'draft' (spec section 4).
pub const DRAFT: i32 = 1;

/// The seven colours given in rotation to cards without image (spec section 2 'Course card').
pub const CARD_COLORS: [&str; 7] = ["#4C6EF5", "#0C8599", "#2F9E44", "#E67700", "#C2255C", "#7048E8", "#5C7CFA"];

/// Spec section 4 'Workflow status': the state of the last workflow; no workflow but a record
/// is a finished course (imported results); neither is 'Not Started'.
pub fn course_status(agg: &ObjectiveWorkflowAggregate) -> CourseStatus {
    match (&agg.last_objective_workflow, &agg.last_objective_record) {
        (Some(w), _) => match w.state {
            1 => CourseStatus::InProgress,
            2 => CourseStatus::Submitted,
            3 => CourseStatus::InGrading,
            4 => CourseStatus::Graded,
            5 => CourseStatus::GradingApproved,
            6 => CourseStatus::Finished,
            _ => CourseStatus::InProgress,
        },
        (None, Some(_)) => CourseStatus::Finished,
        (None, None) => CourseStatus::NotStarted,
    }
}

/// Spec section 2 'Course card: ... a colour (seven hex colours assigned in rotation for courses
/// without image)'. The rotation is over courses, not over positions on a page: the colour is
/// derived from the course id (its value modulo seven), so the same course keeps its colour on
/// every page, with every keyword and filter, and on every screen (My courses, catalog, open
/// catalog). Ids are uniformly spread, so neighbouring cards still differ most of the time.
pub fn card_color(objective: Uuid) -> &'static str {
    CARD_COLORS[(objective.as_u128() % CARD_COLORS.len() as u128) as usize]
}

/// The colour of a card: `None` for a course with a cover image, else [`card_color`].
pub fn card_color_of(objective: Uuid, image_url: Option<&str>) -> Option<&'static str> {
    image_url.is_none().then(|| card_color(objective))
}

/// Spec section 9: durations are rounded up to minutes.
pub fn duration_minutes(seconds: Option<i64>) -> Option<u32> {
    seconds.filter(|s| *s > 0).map(|s| u32::try_from((s + 59) / 60).unwrap_or(u32::MAX))
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use contracts::upstream::*;
    use uuid::Uuid;

    /// A small aggregate for table tests.
    pub(crate) fn aggregate(name: &str, workflow: Option<i32>, record: bool) -> ObjectiveWorkflowAggregate {
        ObjectiveWorkflowAggregate {
            id: Uuid::from_u128(2),
            objective: ObjectiveSummary {
                id: Uuid::from_u128(1),
                name: name.into(),
                code: None,
                image_url: None,
                state: 2,
                activity: ActivitySummary {
                    id: Uuid::from_u128(3),
                    kind: "composite".into(),
                    state: 2,
                    children_count: None,
                },
                showcases: vec![],
                grading_scale_id: None,
                duration: None,
                announcement_channel_id: None,
            },
            objective_access: None,
            is_mandatory: false,
            show_in_catalog: false,
            term_id: None,
            user_id: Uuid::from_u128(9),
            is_self_enrolled: false,
            last_objective_workflow: workflow.map(|state| WorkflowSummary {
                id: Uuid::from_u128(4),
                state,
                progress: None,
            }),
            last_objective_record: record.then(|| RecordSummary {
                id: Uuid::from_u128(5),
                grade: Some("upstream".into()),
                passed: Some(true),
                finished: Some(true),
                score: Some(92.0),
                max_score: Some(100.0),
                normalized_score: Some(0.92),
            }),
        }
    }

    /// Spec section 4 'Workflow status ... No workflow is shown as Not Started'.
    #[test]
    fn workflow_status_no_workflow_is_not_started() {
        let cases = [
            (None, false, CourseStatus::NotStarted),
            (None, true, CourseStatus::Finished),
            (Some(1), false, CourseStatus::InProgress),
            (Some(2), false, CourseStatus::Submitted),
            (Some(3), false, CourseStatus::InGrading),
            (Some(4), true, CourseStatus::Graded),
            (Some(5), true, CourseStatus::GradingApproved),
            (Some(6), true, CourseStatus::Finished),
        ];
        for (workflow, record, status) in cases {
            assert_eq!(course_status(&aggregate("c", workflow, record)), status, "{workflow:?} {record}");
        }
    }

    /// Spec section 2 'seven hex colours assigned in rotation': every colour is used, and a
    /// course's colour depends on the course only, not on where it is listed.
    #[test]
    fn course_card_colour_is_the_courses_own_of_seven() {
        let used: std::collections::HashSet<_> = (0u128..7).map(|n| card_color(Uuid::from_u128(n))).collect();
        assert_eq!(used.len(), 7);
        let id = Uuid::from_u128(0x1234_5678_9abc_def0);
        assert_eq!(card_color(id), card_color(id));
        assert_eq!(card_color(Uuid::from_u128(3)), CARD_COLORS[3]);
        assert_eq!(card_color(Uuid::from_u128(10)), CARD_COLORS[3]);
        assert_eq!(card_color_of(id, Some("https://cdn.example/b.png")), None, "a cover image needs no colour");
        assert_eq!(card_color_of(id, None), Some(card_color(id)));
    }

    /// Spec section 9 'Durations are rounded up to minutes'.
    #[test]
    fn durations_are_rounded_up_to_minutes() {
        for (s, m) in [(None, None), (Some(0), None), (Some(1), Some(1)), (Some(60), Some(1)), (Some(61), Some(2))] {
            assert_eq!(duration_minutes(s), m, "{s:?}");
        }
    }
}
