//! The course list filters (spec section 4 'Progress filter', 'Priority'; section 5 URL filter
//! params).

use std::collections::BTreeSet;

use contracts::{
    bff::{CourseFilter, CoursePriority, CourseProgress},
    upstream::{ObjectiveWorkflowAggregate, WorkflowState},
};
use serde_json::{Value, json};

/// Spec section 4 'Progress filter' of an enrolled course (its card and dashboard entry), see
/// [`progress_of`].
pub fn course_progress(agg: &ObjectiveWorkflowAggregate) -> Option<CourseProgress> {
    progress_of(
        agg.last_objective_workflow.as_ref().map(|w| WorkflowState::from(w.state)),
        agg.last_objective_record.is_some(),
    )
}

/// Spec section 4 'Progress filter', from the last workflow's state and whether a record exists
/// (an aggregate's or an access's, the two shapes the upstream gives): notStarted (no workflow
/// and no record), inProgress (workflow inProgress, inGrading or gradingApproved), completed
/// (workflow finished, or no workflow but a record). A workflow submitted or graded matches no
/// progress value.
pub fn progress_of(workflow: Option<WorkflowState>, has_record: bool) -> Option<CourseProgress> {
    use WorkflowState::{Finished, GradingApproved, InGrading, InProgress};
    match (workflow, has_record) {
        (None, false) => Some(CourseProgress::NotStarted),
        (None, true) => Some(CourseProgress::Completed),
        (Some(InProgress | InGrading | GradingApproved), _) => Some(CourseProgress::InProgress),
        (Some(Finished), _) => Some(CourseProgress::Completed),
        (Some(_), _) => None,
    }
}

/// Spec section 4 'Priority: mandatory / optional'.
pub fn course_priority(agg: &ObjectiveWorkflowAggregate) -> CoursePriority {
    if agg.is_mandatory { CoursePriority::Mandatory } else { CoursePriority::Optional }
}

/// Whether a course passes the filter (empty lists let everything through). Collections match
/// when the course is in one of them; the all-zero id matches courses without collection.
pub fn matches_filter(agg: &ObjectiveWorkflowAggregate, filter: &CourseFilter) -> bool {
    let uncategorized = uuid::Uuid::nil().to_string();
    let in_collection = filter.collections.is_empty()
        || filter.collections.iter().any(|c| {
            (c == &uncategorized && agg.objective.showcases.is_empty())
                || agg.objective.showcases.iter().any(|s| &s.id.to_string() == c)
        });
    let in_term = filter.terms.is_empty() || agg.term_id.is_some_and(|t| filter.terms.contains(&t.to_string()));
    let progress_ok = filter.progress.is_empty() || course_progress(agg).is_some_and(|p| filter.progress.contains(&p));
    let priority_ok = filter.priority.is_empty() || filter.priority.contains(&course_priority(agg));
    in_collection && in_term && progress_ok && priority_ok
}

/// The progress rule as an upstream filter expression (one alternative per value), so paging
/// and totals are right; `None` when no progress value is selected.
pub fn progress_expression(values: &[CourseProgress]) -> Option<Value> {
    let alternatives: Vec<Value> = values
        .iter()
        .map(|p| match p {
            CourseProgress::NotStarted => {
                json!([["lastObjectiveWorkflow", "=", null], "and", ["lastObjectiveRecord", "=", null]])
            }
            CourseProgress::InProgress => json!([
                ["lastObjectiveWorkflow.state", "=", 1],
                "or",
                ["lastObjectiveWorkflow.state", "=", 3],
                "or",
                ["lastObjectiveWorkflow.state", "=", 5]
            ]),
            CourseProgress::Completed => json!([
                ["lastObjectiveWorkflow.state", "=", 6],
                "or",
                [["lastObjectiveWorkflow", "=", null], "and", ["lastObjectiveRecord", "<>", null]]
            ]),
        })
        .collect();
    join("or", alternatives)
}

/// The priority rule as an upstream filter expression; `None` when none or both are selected.
pub fn priority_expression(values: &[CoursePriority]) -> Option<Value> {
    let set: BTreeSet<_> = values.iter().collect();
    match set.into_iter().collect::<Vec<_>>()[..] {
        [CoursePriority::Mandatory] => Some(json!(["isMandatory", "=", true])),
        [CoursePriority::Optional] => Some(json!(["isMandatory", "=", false])),
        _ => None,
    }
}

/// Spec section 3 'Collection' and section 5 `collection`: the course is in one of
/// `collections` (one alternative each); the all-zero id of 'uncategorized' matches courses
/// without any collection. `path` leads to the collection ids: [`AGGREGATE_COLLECTIONS`] on
/// enrolled courses, `showcases.id` on open-catalog objectives. `None` when empty.
pub fn collection_expression(collections: &[String], path: &str) -> Option<Value> {
    let uncategorized = uuid::Uuid::nil().to_string();
    join(
        "or",
        collections.iter().map(|c| {
            // A path through an empty array reaches nothing, which compares as null.
            if *c == uncategorized { json!([path, "=", null]) } else { json!([path, "=", c]) }
        }),
    )
}

/// Where an enrolled course (aggregate) keeps its collection ids.
pub const AGGREGATE_COLLECTIONS: &str = "objective.showcases.id";

/// The term filter as an upstream expression (one alternative per term); `None` when empty.
pub fn term_expression(terms: &[String]) -> Option<Value> {
    join("or", terms.iter().map(|t| json!(["termId", "=", t])))
}

/// The whole URL filter as one upstream expression: the four params joined by `and`, each an
/// `or` of its values; `None` when nothing is selected.
pub fn filter_expression(filter: &CourseFilter) -> Option<Value> {
    join("and", filter_parts(filter))
}

/// The expressions of the URL filter's params that select something (collection, term,
/// courseProgress, coursePriority, in that order), each an `or` of its values.
pub fn filter_parts(filter: &CourseFilter) -> impl Iterator<Item = Value> {
    [
        collection_expression(&filter.collections, AGGREGATE_COLLECTIONS),
        term_expression(&filter.terms),
        progress_expression(&filter.progress),
        priority_expression(&filter.priority),
    ]
    .into_iter()
    .flatten()
}

/// Joins expressions with `op` (`and`, `or`); `None` when there are none.
pub(super) fn join(op: &str, parts: impl IntoIterator<Item = Value>) -> Option<Value> {
    let mut parts: Vec<Value> = parts.into_iter().collect();
    match parts.len() {
        0 => None,
        1 => parts.pop(),
        _ => {
            let mut out = Vec::with_capacity(parts.len() * 2);
            for (i, p) in parts.into_iter().enumerate() {
                if i > 0 {
                    out.push(json!(op));
                }
                out.push(p);
            }
            Some(Value::Array(out))
        }
    }
}

/// The outcome of [`sanitise_filter`].
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct SanitisedFilter {
    /// The filter with only known params and values.
    pub filter: CourseFilter,
    /// Some value was dropped: the client shows the 'filters unavailable' toast.
    pub filters_unavailable: bool,
}

/// URL filter params (spec section 5).
pub const FILTER_PARAMS: [&str; 4] = ["collection", "term", "courseProgress", "coursePriority"];

/// Spec section 5: 'URL filter params limited to collection, term, courseProgress,
/// coursePriority (comma-separated). Unknown params are stripped; unknown values (non-existing
/// collection or term ids, invalid progress or priority values) are dropped; if anything was
/// dropped a filters unavailable toast shows.'
///
/// Stripping a param this function does not know (a keyword, a tracking param) is silent: only
/// dropped values raise `filters_unavailable`. Empty items (`a,,b`) and repeats are ignored;
/// a param given twice contributes both values. Ids are compared as given, case-insensitively.
pub fn sanitise_filter(
    params: &[(String, String)],
    known_collections: &[String],
    known_terms: &[String],
) -> SanitisedFilter {
    let mut out = SanitisedFilter::default();
    let values = |name: &str| -> Vec<String> {
        params
            .iter()
            .filter(|(k, _)| k == name)
            .flat_map(|(_, v)| v.split(','))
            .map(str::trim)
            .filter(|v| !v.is_empty())
            .map(String::from)
            .collect()
    };
    let mut keep_known = |name: &str, known: &[String]| -> Vec<String> {
        let mut kept: Vec<String> = Vec::new();
        for value in values(name) {
            match known.iter().find(|k| k.eq_ignore_ascii_case(&value)) {
                Some(k) if !kept.contains(k) => kept.push(k.clone()),
                Some(_) => {}
                None => out.filters_unavailable = true,
            }
        }
        kept
    };
    let collections = keep_known("collection", known_collections);
    let terms = keep_known("term", known_terms);
    let progress_names: Vec<String> = ["notStarted", "inProgress", "completed"].map(String::from).to_vec();
    let priority_names: Vec<String> = ["mandatory", "optional"].map(String::from).to_vec();
    let progress = keep_known("courseProgress", &progress_names);
    let priority = keep_known("coursePriority", &priority_names);
    out.filter = CourseFilter {
        collections,
        terms,
        progress: progress
            .iter()
            .filter_map(|p| match p.as_str() {
                "notStarted" => Some(CourseProgress::NotStarted),
                "inProgress" => Some(CourseProgress::InProgress),
                "completed" => Some(CourseProgress::Completed),
                _ => None,
            })
            .collect(),
        priority: priority
            .iter()
            .filter_map(|p| match p.as_str() {
                "mandatory" => Some(CoursePriority::Mandatory),
                "optional" => Some(CoursePriority::Optional),
                _ => None,
            })
            .collect(),
    };
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::course::tests::aggregate;

    /// Spec section 4 'Progress filter'.
    #[test]
    fn progress_filter_not_started_in_progress_completed() {
        use CourseProgress::*;
        let cases = [
            ("no workflow and no record", None, false, Some(NotStarted)),
            ("no workflow but a record", None, true, Some(Completed)),
            ("inProgress", Some(1), false, Some(InProgress)),
            ("submitted matches none", Some(2), false, None),
            ("inGrading", Some(3), false, Some(InProgress)),
            ("graded matches none", Some(4), true, None),
            ("gradingApproved", Some(5), true, Some(InProgress)),
            ("finished", Some(6), true, Some(Completed)),
            ("finished without record", Some(6), false, Some(Completed)),
            ("unknown state", Some(0), false, None),
        ];
        for (clause, workflow, record, expected) in cases {
            assert_eq!(course_progress(&aggregate("c", workflow, record)), expected, "{clause}");
            // An access's shape (its state already read) decides the same.
            assert_eq!(progress_of(workflow.map(WorkflowState::from), record), expected, "{clause}, access");
        }
    }

    /// Spec section 4 'Priority: mandatory / optional'.
    #[test]
    fn priority_filter_mandatory_or_optional() {
        for (mandatory, priority) in [(true, CoursePriority::Mandatory), (false, CoursePriority::Optional)] {
            let mut agg = aggregate("c", None, false);
            agg.is_mandatory = mandatory;
            assert_eq!(course_priority(&agg), priority);
        }
        assert_eq!(priority_expression(&[CoursePriority::Mandatory]), Some(json!(["isMandatory", "=", true])));
        assert_eq!(priority_expression(&[CoursePriority::Optional]), Some(json!(["isMandatory", "=", false])));
        assert_eq!(priority_expression(&[CoursePriority::Optional, CoursePriority::Mandatory]), None);
        assert_eq!(priority_expression(&[]), None);
    }

    #[test]
    fn progress_filter_expression_has_one_alternative_per_value() {
        assert_eq!(progress_expression(&[]), None);
        let one = progress_expression(&[CourseProgress::NotStarted]).expect("one value");
        assert_eq!(one, json!([["lastObjectiveWorkflow", "=", null], "and", ["lastObjectiveRecord", "=", null]]));
        let two = progress_expression(&[CourseProgress::NotStarted, CourseProgress::Completed]).expect("two values");
        assert_eq!(two.as_array().map(Vec::len), Some(3));
        assert_eq!(two[1], json!("or"));
    }

    /// The filter applied to one course, as the list rule reads it.
    #[test]
    fn progress_filter_and_collections_applied_to_a_course() {
        let security = uuid::Uuid::from_u128(77);
        let mut in_security = aggregate("a", Some(1), false);
        in_security.objective.showcases =
            vec![contracts::upstream::ShowcaseRef { id: security, name: "Security".into() }];
        in_security.term_id = Some(uuid::Uuid::from_u128(5));
        let bare = aggregate("b", None, false);
        let filter = |collections: &[String], terms: &[String], progress: &[CourseProgress]| CourseFilter {
            collections: collections.to_vec(),
            terms: terms.to_vec(),
            progress: progress.to_vec(),
            priority: vec![],
        };
        let nil = uuid::Uuid::nil().to_string();
        let cases = [
            ("empty filter", filter(&[], &[], &[]), true, true),
            ("collection", filter(&[security.to_string()], &[], &[]), true, false),
            ("uncategorized", filter(std::slice::from_ref(&nil), &[], &[]), false, true),
            ("term", filter(&[], &[uuid::Uuid::from_u128(5).to_string()], &[]), true, false),
            ("progress", filter(&[], &[], &[CourseProgress::NotStarted]), false, true),
        ];
        for (clause, f, a, b) in cases {
            assert_eq!((matches_filter(&in_security, &f), matches_filter(&bare, &f)), (a, b), "{clause}");
        }
    }

    /// Spec section 5 'URL filter params ...' as sent upstream: each param an `or` of its values,
    /// the params joined by `and`.
    #[test]
    fn url_filter_params_become_one_upstream_expression() {
        let nil = uuid::Uuid::nil().to_string();
        assert_eq!(filter_expression(&CourseFilter::default()), None);
        assert_eq!(
            collection_expression(&["c1".into()], AGGREGATE_COLLECTIONS),
            Some(json!(["objective.showcases.id", "=", "c1"]))
        );
        assert_eq!(
            collection_expression(std::slice::from_ref(&nil), AGGREGATE_COLLECTIONS),
            Some(json!(["objective.showcases.id", "=", null]))
        );
        assert_eq!(
            term_expression(&["t1".into(), "t2".into()]),
            Some(json!([["termId", "=", "t1"], "or", ["termId", "=", "t2"]]))
        );
        let all = CourseFilter {
            collections: vec!["c1".into()],
            terms: vec!["t1".into()],
            progress: vec![CourseProgress::InProgress],
            priority: vec![CoursePriority::Mandatory],
        };
        let expression = filter_expression(&all).expect("four parts");
        let parts = expression.as_array().expect("a group");
        assert_eq!(parts.len(), 7, "{expression}");
        assert_eq!((parts[1].clone(), parts[3].clone(), parts[5].clone()), (json!("and"), json!("and"), json!("and")));
        assert_eq!(parts[6], json!(["isMandatory", "=", true]));
        let only_terms = CourseFilter { terms: vec!["t1".into()], ..CourseFilter::default() };
        assert_eq!(filter_expression(&only_terms), Some(json!(["termId", "=", "t1"])));
    }

    fn params(pairs: &[(&str, &str)]) -> Vec<(String, String)> {
        pairs.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect()
    }

    /// Spec section 5 'URL filter params ...'.
    #[test]
    #[expect(clippy::too_many_lines, reason = "a table test: one row per case of the clause")]
    fn url_filter_params_unknown_params_stripped_unknown_values_dropped() {
        use CoursePriority::*;
        use CourseProgress::*;
        let collections = ["c1".to_string(), "c2".to_string(), uuid::Uuid::nil().to_string()];
        let terms = ["t1".to_string()];
        let s = |v: &[&str]| v.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        // (clause, params, collections, terms, progress, priority, filters unavailable)
        let cases = [
            ("nothing", params(&[]), s(&[]), s(&[]), vec![], vec![], false),
            (
                "comma-separated",
                params(&[("collection", "c1,c2"), ("term", "t1")]),
                s(&["c1", "c2"]),
                s(&["t1"]),
                vec![],
                vec![],
                false,
            ),
            (
                "unknown params stripped silently",
                params(&[("keyword", "x"), ("utm", "y")]),
                s(&[]),
                s(&[]),
                vec![],
                vec![],
                false,
            ),
            (
                "unknown collection dropped",
                params(&[("collection", "c1,zz")]),
                s(&["c1"]),
                s(&[]),
                vec![],
                vec![],
                true,
            ),
            ("unknown term dropped", params(&[("term", "t9")]), s(&[]), s(&[]), vec![], vec![], true),
            (
                "uncategorized is known",
                params(&[("collection", "00000000-0000-0000-0000-000000000000")]),
                s(&["00000000-0000-0000-0000-000000000000"]),
                s(&[]),
                vec![],
                vec![],
                false,
            ),
            ("ids case-insensitive", params(&[("collection", "C1")]), s(&["c1"]), s(&[]), vec![], vec![], false),
            (
                "progress values",
                params(&[("courseProgress", "notStarted,completed")]),
                s(&[]),
                s(&[]),
                vec![NotStarted, Completed],
                vec![],
                false,
            ),
            (
                "invalid progress dropped",
                params(&[("courseProgress", "inProgress,done")]),
                s(&[]),
                s(&[]),
                vec![InProgress],
                vec![],
                true,
            ),
            (
                "priority values",
                params(&[("coursePriority", "mandatory")]),
                s(&[]),
                s(&[]),
                vec![],
                vec![Mandatory],
                false,
            ),
            (
                "invalid priority dropped",
                params(&[("coursePriority", "urgent,optional")]),
                s(&[]),
                s(&[]),
                vec![],
                vec![Optional],
                true,
            ),
            (
                "empty items and repeats ignored",
                params(&[("collection", "c1,,c1"), ("collection", "c2,")]),
                s(&["c1", "c2"]),
                s(&[]),
                vec![],
                vec![],
                false,
            ),
            ("param names are case-sensitive", params(&[("Collection", "zz")]), s(&[]), s(&[]), vec![], vec![], false),
        ];
        for (clause, p, collections_out, terms_out, progress, priority, unavailable) in cases {
            let out = sanitise_filter(&p, &collections, &terms);
            let expected = CourseFilter { collections: collections_out, terms: terms_out, progress, priority };
            assert_eq!((out.filter, out.filters_unavailable), (expected, unavailable), "{clause}");
        }
    }
}
