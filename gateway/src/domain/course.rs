//! A course as a card: status, link, colour, duration and result (spec sections 2, 4, 5).

use contracts::{
    bff::{CardResult, CourseStatus},
    upstream::{GradingScale, ObjectiveWorkflowAggregate},
};

use super::score::{grade_for, score_color, score_percent};

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

/// Spec section 2 'Course card': in progress goes to `/courses/{objectiveId}/view/content`;
/// finished goes to `/courses/{objectiveId}`; otherwise `/courses/{objectiveId}/{aggregateId}`.
/// 'In progress' and 'finished' are read as the progress filter of section 4 reads them.
pub fn card_link(agg: &ObjectiveWorkflowAggregate) -> String {
    let objective = agg.objective.id;
    match course_status(agg) {
        CourseStatus::InProgress | CourseStatus::InGrading | CourseStatus::GradingApproved => {
            format!("/courses/{objective}/view/content")
        }
        CourseStatus::Finished => format!("/courses/{objective}"),
        CourseStatus::NotStarted | CourseStatus::Submitted | CourseStatus::Graded => {
            format!("/courses/{objective}/{}", agg.id)
        }
    }
}

/// Colour of the `nth` card without image in a list (seven colours in rotation).
pub fn card_color(nth: usize) -> &'static str {
    CARD_COLORS[nth % CARD_COLORS.len()]
}

/// Spec section 2 'Course card': the colour of each card of a page, `None` for cards with an
/// image. The rotation counts image-less cards only and continues from the page's offset.
pub fn card_colors(items: &[ObjectiveWorkflowAggregate], offset: usize) -> Vec<Option<&'static str>> {
    let mut nth = offset;
    items
        .iter()
        .map(|agg| {
            agg.objective.image_url.is_none().then(|| {
                nth += 1;
                card_color(nth - 1)
            })
        })
        .collect()
}

/// Spec section 9: durations are rounded up to minutes.
pub fn duration_minutes(seconds: Option<i64>) -> Option<u32> {
    seconds.filter(|s| *s > 0).map(|s| u32::try_from((s + 59) / 60).unwrap_or(u32::MAX))
}

/// The result badge of a finished course: passed, score percent and colour, grade.
pub fn card_result(agg: &ObjectiveWorkflowAggregate, scale: Option<&GradingScale>) -> Option<CardResult> {
    if course_status(agg) != CourseStatus::Finished {
        return None;
    }
    let record = agg.last_objective_record.as_ref()?;
    let normalized = record.normalized_score.or_else(|| match (record.score, record.max_score) {
        (Some(s), Some(m)) if m > 0.0 => Some(s / m),
        _ => None,
    });
    Some(CardResult {
        passed: record.passed,
        score_percent: normalized.map(score_percent),
        score_color: normalized.map(|n| score_color(record.score, record.max_score, n)),
        grade: normalized.and_then(|n| scale.and_then(|s| grade_for(s, n))).or_else(|| record.grade.clone()),
    })
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

    /// Spec section 2 'Course card': card link by state.
    #[test]
    fn course_card_link_by_state() {
        let objective = Uuid::from_u128(1);
        let aggregate_id = Uuid::from_u128(2);
        let content = format!("/courses/{objective}/view/content");
        let details = format!("/courses/{objective}");
        let entry = format!("/courses/{objective}/{aggregate_id}");
        let cases = [
            (None, false, &entry),
            (Some(1), false, &content),
            (Some(3), false, &content),
            (Some(5), true, &content),
            (Some(2), false, &entry),
            (Some(6), true, &details),
            (None, true, &details),
        ];
        for (workflow, record, link) in cases {
            assert_eq!(&card_link(&aggregate("c", workflow, record)), link, "{workflow:?} {record}");
        }
    }

    /// Spec section 2 'seven hex colours assigned in rotation'.
    #[test]
    fn course_card_colours_rotate_through_seven() {
        assert_eq!(card_color(0), card_color(7));
        let first_seven: std::collections::HashSet<_> = (0..7).map(card_color).collect();
        assert_eq!(first_seven.len(), 7);
    }

    #[test]
    fn course_card_colours_skip_cards_with_an_image() {
        let mut with_image = aggregate("b", None, false);
        with_image.objective.image_url = Some("https://cdn.example/b.png".into());
        let items = [aggregate("a", None, false), with_image, aggregate("c", None, false)];
        assert_eq!(card_colors(&items, 0), [Some(CARD_COLORS[0]), None, Some(CARD_COLORS[1])]);
        assert_eq!(card_colors(&items, 6), [Some(CARD_COLORS[6]), None, Some(CARD_COLORS[0])]);
    }

    /// Spec section 9 'Durations are rounded up to minutes'.
    #[test]
    fn durations_are_rounded_up_to_minutes() {
        for (s, m) in [(None, None), (Some(0), None), (Some(1), Some(1)), (Some(60), Some(1)), (Some(61), Some(2))] {
            assert_eq!(duration_minutes(s), m, "{s:?}");
        }
    }

    #[test]
    fn finished_cards_show_score_and_grade() {
        let result = card_result(&aggregate("c", Some(6), true), None).expect("result");
        assert_eq!(result.score_percent, Some(92));
        assert_eq!(result.grade.as_deref(), Some("upstream"));
        assert_eq!(card_result(&aggregate("c", Some(1), true), None), None);
    }
}
