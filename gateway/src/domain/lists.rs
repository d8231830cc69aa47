//! Spec section 4 'Lists', and the keyword rule of section 5.

use contracts::{
    bff::CollectionChip,
    upstream::{ObjectiveWorkflowAggregate, Showcase},
};
use serde_json::{Value, json};

/// Course state 'archived' (spec section 4, enumerations).
pub const ARCHIVED: i32 = 4;

/// Spec section 4 'Lists': the enrolled list excludes objectives whose activity state is 4 and
/// shows only those self-enrolled, mandatory, or with a workflow or record.
pub fn is_enrolled_listed(agg: &ObjectiveWorkflowAggregate) -> bool {
    agg.objective.activity.state != ARCHIVED
        && (agg.is_self_enrolled
            || agg.is_mandatory
            || agg.last_objective_workflow.is_some()
            || agg.last_objective_record.is_some())
}

/// Spec section 4 'Lists': the catalog shows only objectives not self-enrolled, not state 4,
/// showInCatalog true, with no workflow or record.
pub fn is_catalog_listed(agg: &ObjectiveWorkflowAggregate) -> bool {
    !agg.is_self_enrolled
        && agg.objective.activity.state != ARCHIVED
        && agg.show_in_catalog
        && agg.last_objective_workflow.is_none()
        && agg.last_objective_record.is_none()
}

/// The catalog rule as an upstream filter, with the keyword as in [`enrolled_filter`].
pub fn catalog_filter(keyword: &str) -> Value {
    let mut filter = vec![
        json!(["isSelfEnrolled", "=", false]),
        json!("and"),
        json!(["objective.activity.state", "<>", ARCHIVED]),
        json!("and"),
        json!(["showInCatalog", "=", true]),
        json!("and"),
        json!(["lastObjectiveWorkflow", "=", null]),
        json!("and"),
        json!(["lastObjectiveRecord", "=", null]),
    ];
    if !keyword.is_empty() {
        filter.push(json!("and"));
        filter.push(json!([["objective.name", "contains", keyword], "or", ["objective.code", "contains", keyword]]));
    }
    Value::Array(filter)
}

/// The same rule as an upstream filter, so paging and totals are right; the keyword (already
/// normalised) narrows by course name or code.
pub fn enrolled_filter(keyword: &str) -> Value {
    let mut filter = vec![
        json!(["objective.activity.state", "<>", ARCHIVED]),
        json!("and"),
        json!([
            ["isSelfEnrolled", "=", true],
            "or",
            ["isMandatory", "=", true],
            "or",
            ["lastObjectiveWorkflow", "<>", null],
            "or",
            ["lastObjectiveRecord", "<>", null]
        ]),
    ];
    if !keyword.is_empty() {
        filter.push(json!("and"));
        filter.push(json!([["objective.name", "contains", keyword], "or", ["objective.code", "contains", keyword]]));
    }
    Value::Array(filter)
}

/// Spec section 3 'Collection': the learner's collections in their order, plus the synthetic
/// 'uncategorized' one (all-zero id) when some of the listed courses have no collection.
pub fn collection_chips(mut showcases: Vec<Showcase>, listed: &[ObjectiveWorkflowAggregate]) -> Vec<CollectionChip> {
    showcases.sort_by_key(|s| (s.order.unwrap_or(i64::MAX), s.name.to_lowercase()));
    let mut chips: Vec<CollectionChip> = showcases
        .into_iter()
        .map(|s| CollectionChip { id: s.id.to_string(), name: s.name, uncategorized: false })
        .collect();
    if listed.iter().any(|a| a.objective.showcases.is_empty()) {
        chips.push(CollectionChip { id: uuid::Uuid::nil().to_string(), name: String::new(), uncategorized: true });
    }
    chips
}

/// Default course sort: objective name ascending (spec section 9).
pub fn default_sort() -> Value {
    json!([{ "selector": "objective.name", "desc": false }])
}

/// Spec section 5: keyword search is lower-cased and left-trimmed.
pub fn normalise_keyword(raw: &str) -> String {
    raw.trim_start().to_lowercase()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::course::tests::aggregate;

    /// Spec section 4 'Lists': enrolled list rule.
    #[test]
    fn lists_enrolled_list_excludes_archived_and_keeps_self_enrolled_mandatory_or_started() {
        // (activity state, self-enrolled, mandatory, workflow state, has record, listed)
        let cases = [
            (2, false, false, None, false, false),
            (2, true, false, None, false, true),
            (2, false, true, None, false, true),
            (2, false, false, Some(1), false, true),
            (2, false, false, None, true, true),
            (1, false, true, None, false, true),
            (3, false, false, Some(6), true, true),
            (4, true, true, Some(1), true, false),
        ];
        for (state, self_enrolled, mandatory, workflow, record, listed) in cases {
            let mut agg = aggregate("Course", workflow, record);
            agg.objective.activity.state = state;
            agg.is_self_enrolled = self_enrolled;
            agg.is_mandatory = mandatory;
            assert_eq!(is_enrolled_listed(&agg), listed, "{state} {self_enrolled} {mandatory} {workflow:?} {record}");
        }
    }

    /// Spec section 4 'Lists': catalog list rule.
    #[test]
    fn lists_catalog_shows_not_self_enrolled_not_archived_in_catalog_not_started() {
        // (clause, activity state, self-enrolled, showInCatalog, workflow, record, listed)
        let cases = [
            ("all hold", 2, false, true, None, false, true),
            ("expired still listed", 3, false, true, None, false, true),
            ("self-enrolled", 2, true, true, None, false, false),
            ("archived", 4, false, true, None, false, false),
            ("not in catalog", 2, false, false, None, false, false),
            ("has workflow", 2, false, true, Some(1), false, false),
            ("has record", 2, false, true, None, true, false),
        ];
        for (clause, state, self_enrolled, in_catalog, workflow, record, listed) in cases {
            let mut agg = aggregate("Course", workflow, record);
            agg.objective.activity.state = state;
            agg.is_self_enrolled = self_enrolled;
            agg.show_in_catalog = in_catalog;
            assert_eq!(is_catalog_listed(&agg), listed, "{clause}");
        }
        assert_eq!(catalog_filter("").as_array().map(Vec::len), Some(9));
        assert_eq!(catalog_filter("x").as_array().map(Vec::len), Some(11));
    }

    #[test]
    fn lists_enrolled_filter_carries_the_rule_and_the_keyword() {
        let f = enrolled_filter("");
        assert_eq!(f.as_array().map(Vec::len), Some(3));
        let f = enrolled_filter("privacy");
        assert_eq!(
            f[4],
            json!([["objective.name", "contains", "privacy"], "or", ["objective.code", "contains", "privacy"]])
        );
    }

    /// Spec section 3 'A synthetic uncategorized collection (placeholder all-zero id) appears
    /// when some courses have no showcase'.
    #[test]
    fn collection_uncategorized_appears_only_when_a_course_has_no_collection() {
        let showcase = |name: &str, order| Showcase {
            id: uuid::Uuid::new_v4(),
            name: name.into(),
            code: None,
            objectives_count: None,
            order: Some(order),
        };
        let mut in_collection = aggregate("a", None, false);
        in_collection.objective.showcases =
            vec![contracts::upstream::ShowcaseRef { id: uuid::Uuid::new_v4(), name: "Security".into() }];
        let chips =
            collection_chips(vec![showcase("Security", 2), showcase("Onboarding", 1)], &[in_collection.clone()]);
        let names: Vec<&str> = chips.iter().map(|c| c.name.as_str()).collect();
        assert_eq!(names, ["Onboarding", "Security"]);
        assert!(chips.iter().all(|c| !c.uncategorized));
        let chips = collection_chips(vec![], &[in_collection, aggregate("b", None, false)]);
        assert_eq!(chips.len(), 1);
        assert!(chips[0].uncategorized);
        assert_eq!(chips[0].id, "00000000-0000-0000-0000-000000000000");
    }

    /// Spec section 5: 'Keyword search is lower-cased, left-trimmed'.
    #[test]
    fn keyword_search_is_lower_cased_and_left_trimmed() {
        for (raw, expected) in
            [("  Data ", "data "), ("ÉCOLE", "école"), ("", ""), ("\tSecure Coding", "secure coding")]
        {
            assert_eq!(normalise_keyword(raw), expected, "{raw:?}");
        }
    }
}
