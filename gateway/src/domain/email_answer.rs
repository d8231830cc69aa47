//! The email-answer page (spec section 2, 'Email-answer page'): the module an e-mailed answer
//! belongs to.

use contracts::upstream::{Activity, ActivityPart};
use uuid::Uuid;

/// The activity an e-mailed answer names, as found in a course tree.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AnsweredActivity {
    /// The activity's name.
    pub name: String,
    /// Its path id in the tree.
    pub activity_path_id: Option<String>,
    /// Its best record's pass mark: the answer counts as correct when passed. `None` while
    /// there is no record, or no pass mark.
    pub passed: Option<bool>,
}

/// The activity `activity_id` of the tree, at `activity_path_id` when one is given (the same
/// activity may sit at several paths); `None` when the tree does not hold it.
pub fn find_answered_activity(
    root: &Activity,
    activity_id: Uuid,
    activity_path_id: Option<&str>,
) -> Option<AnsweredActivity> {
    find(&root.children, activity_id, activity_path_id)
}

fn find(parts: &[ActivityPart], id: Uuid, path: Option<&str>) -> Option<AnsweredActivity> {
    parts.iter().find_map(|part| {
        let activity = &part.child_activity;
        let path_ok = path.is_none_or(|p| part.activity_path_id.as_deref() == Some(p));
        if activity.id == Some(id) && path_ok {
            return Some(AnsweredActivity {
                name: activity.name.clone().unwrap_or_default(),
                activity_path_id: part.activity_path_id.clone(),
                passed: activity
                    .activity_workflow_aggregate
                    .as_ref()
                    .and_then(|a| a.best_activity_record.as_ref())
                    .and_then(|r| r.passed),
            });
        }
        find(&activity.children, id, path)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::fixtures;
    use contracts::upstream::{ActivityRecord, ActivityType, ActivityWorkflowAggregate, CourseState};

    fn part(id: u128, path: &str, passed: Option<bool>, children: Vec<ActivityPart>) -> ActivityPart {
        ActivityPart {
            activity_path_id: Some(path.into()),
            ..fixtures::part(Activity {
                id: Some(Uuid::from_u128(id)),
                name: Some(format!("activity {id}")),
                activity_workflow_aggregate: Some(ActivityWorkflowAggregate {
                    last_activity_workflow: None,
                    best_activity_record: passed
                        .map(|p| ActivityRecord { passed: Some(p), ..ActivityRecord::default() }),
                }),
                ..fixtures::activity(ActivityType::Text, CourseState::Ready, children)
            })
        }
    }

    /// Spec section 2 'Email-answer page ... Module not found on error'.
    #[test]
    fn email_answer_page_finds_the_module_or_not_found() {
        let root = part(
            0,
            "",
            None,
            vec![part(1, "1", Some(true), vec![part(2, "1.1", Some(false), vec![])]), part(2, "2", None, vec![])],
        )
        .child_activity;
        let id = Uuid::from_u128;
        let found = |a: Option<AnsweredActivity>| a.map(|a| (a.activity_path_id.unwrap_or_default(), a.passed));
        let cases = [
            ("top level, passed", id(1), None, Some(("1".to_string(), Some(true)))),
            ("nested, first match", id(2), None, Some(("1.1".to_string(), Some(false)))),
            ("by path", id(2), Some("2"), Some(("2".to_string(), None))),
            ("path of another activity", id(1), Some("2"), None),
            ("not in the tree", id(9), None, None),
        ];
        for (clause, activity, path, expected) in cases {
            assert_eq!(found(find_answered_activity(&root, activity, path)), expected, "{clause}");
        }
    }
}
