//! Spec section 4 'Lists', and the keyword rule of section 5.

use contracts::upstream::ObjectiveWorkflowAggregate;
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
