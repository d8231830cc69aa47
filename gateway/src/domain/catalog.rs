//! The catalog side (spec section 4 'Lists', 'Buttons on details', 'Availability'; section 5
//! URL filter params; section 2 catalog and open catalog): the catalog query and what the
//! catalog course page offers.

use contracts::{
    bff::{CollectionChip, CourseFilter, DetailsButton, DetailsNotice},
    upstream::{CourseState, ObjectiveAccess, Showcase},
};
use serde_json::{Value, json};
use time::OffsetDateTime;

use super::{
    details::{after_availability, before_availability, course_state},
    filters::{collection_expression, filter_parts, join},
    lists::catalog_filter,
    refresh::next_boundary,
};

/// Spec section 4 'Lists' (the catalog rule, [`catalog_filter`] with the keyword) narrowed by
/// the URL filter of section 5: collection, term, courseProgress, coursePriority. Progress and
/// priority are meaningful only as far as the catalog rule lets them be: every catalog course is
/// not started, so `inProgress` or `completed` alone find nothing.
pub fn catalog_query_filter(keyword: &str, filter: &CourseFilter) -> Value {
    let mut all = catalog_filter(keyword).as_array().cloned().unwrap_or_default();
    for expression in filter_parts(filter) {
        all.push(json!("and"));
        all.push(expression);
    }
    Value::Array(all)
}

/// The open catalog query (spec section 7 `public/open-catalog/objectives/query`): the keyword
/// (already normalised) on name or code, and the collections. `None` when neither narrows.
pub fn open_catalog_filter(keyword: &str, collections: &[String]) -> Option<Value> {
    let keyword =
        (!keyword.is_empty()).then(|| json!([["name", "contains", keyword], "or", ["code", "contains", keyword]]));
    join("and", keyword.into_iter().chain(collection_expression(collections, "showcases.id")))
}

/// The collection chips of a catalog: the collections in their order, then the synthetic
/// 'uncategorized' one (all-zero id) when `uncategorized_courses` are more than none.
pub fn catalog_collection_chips(mut showcases: Vec<Showcase>, uncategorized_courses: i64) -> Vec<CollectionChip> {
    showcases.sort_by_key(|s| (s.order.unwrap_or(i64::MAX), s.name.to_lowercase()));
    let mut chips: Vec<CollectionChip> = showcases
        .into_iter()
        .filter(|s| s.objectives_count != Some(0))
        .map(|s| CollectionChip { id: s.id.to_string(), name: s.name, uncategorized: false })
        .collect();
    if uncategorized_courses > 0 {
        chips.push(CollectionChip { id: uuid::Uuid::nil().to_string(), name: String::new(), uncategorized: true });
    }
    chips
}

/// Spec section 4 'Lists', read over one access: the course is in My courses when it is
/// self-enrolled ([`ObjectiveAccess::self_enrolled`]), mandatory, or has a workflow or record
/// (archived courses are in neither list).
pub fn in_my_courses(access: &ObjectiveAccess) -> bool {
    access.self_enrolled()
        || access.is_mandatory == Some(true)
        || access.last_objective_workflow.is_some()
        || access.last_objective_record.is_some()
}

/// What the catalog course page offers.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct CatalogPageActions {
    /// `addToMyCourses` or `enrolled`.
    pub buttons: Vec<DetailsButton>,
    /// Availability, 'coming soon', not available.
    pub notices: Vec<DetailsNotice>,
}

/// Spec section 4 'Buttons on details' (Add to my courses, or 'Enrolled') and 'Availability',
/// on the catalog course page:
/// - 'Enrolled' or 'Add to my courses' by [`super::details::enrolment_button`], the rule of the
///   details page too: 'Enrolled' only when self-enrolled; a mandatory or started course (in My
///   courses without adding) shows neither; draft ('coming soon') and archived (not available)
///   courses cannot be added;
/// - before the availability date 'Will be available to start on {date}'; after the
///   availability end date 'Was available to start before {date}'.
pub fn catalog_page_actions(access: &ObjectiveAccess, now: OffsetDateTime) -> CatalogPageActions {
    let mut out = CatalogPageActions::default();
    let state = course_state(access);
    match state {
        Some(CourseState::Draft) => out.notices.push(DetailsNotice::ComingSoon),
        Some(CourseState::Archived) => out.notices.push(DetailsNotice::NotAvailable),
        _ => {}
    }
    if before_availability(access, now) {
        out.notices.push(DetailsNotice::WillBeAvailable);
    } else if after_availability(access, now) {
        out.notices.push(DetailsNotice::WasAvailableBefore);
    }
    out.buttons.extend(super::details::enrolment_button(access));
    out
}

/// The next moment the catalog course page changes: its availability window.
pub fn catalog_page_refresh_at(access: &ObjectiveAccess, now: OffsetDateTime) -> Option<OffsetDateTime> {
    next_boundary([access.availability_date, access.availability_end_date], now)
}

/// Where a catalog card leads (spec section 2: `/catalog/{objectiveId}`).
pub fn catalog_link(objective_id: uuid::Uuid) -> String {
    format!("/catalog/{objective_id}")
}

/// Where an open-catalog card leads (spec section 2: the public course page).
pub fn open_catalog_link(objective_id: uuid::Uuid) -> String {
    format!("/open-catalog/{objective_id}/view/details")
}

#[cfg(test)]
mod tests {
    use super::*;
    use contracts::{
        bff::{CoursePriority, CourseProgress},
        upstream::{AggregateRef, WorkflowState},
    };
    use time::macros::datetime;
    use uuid::Uuid;

    use crate::domain::details::tests::{FUTURE, NOW, PAST, access as details_access};

    /// A catalog course in `state`: neither mandatory, self-enrolled nor started.
    fn access(state: CourseState) -> ObjectiveAccess {
        let mut a = details_access(None, false);
        a.objective.state = Some(state);
        a.is_mandatory = Some(false);
        a
    }

    /// Spec section 4 'Buttons on details: Add to my courses, or Enrolled when already
    /// self-enrolled', with 'Availability' and the draft and archived states, on the catalog page.
    #[test]
    fn buttons_on_details_add_to_my_courses_or_enrolled_with_availability() {
        use DetailsButton::*;
        use DetailsNotice::*;
        type Case = (&'static str, CourseState, bool, bool, bool, Option<OffsetDateTime>, Option<OffsetDateTime>);
        // (clause, state, self-enrolled, mandatory, has workflow, from, until) -> (buttons, notices)
        let cases: &[(Case, &[DetailsButton], &[DetailsNotice])] = &[
            (("catalog course", CourseState::Ready, false, false, false, None, None), &[AddToMyCourses], &[]),
            (
                ("expired course can be added", CourseState::Expired, false, false, false, None, None),
                &[AddToMyCourses],
                &[],
            ),
            (("self-enrolled", CourseState::Ready, true, false, false, None, None), &[Enrolled], &[]),
            (("mandatory, not self-enrolled: neither", CourseState::Ready, false, true, false, None, None), &[], &[]),
            (("started, not self-enrolled: neither", CourseState::Ready, false, false, true, None, None), &[], &[]),
            (
                ("self-enrolled archived", CourseState::Archived, true, false, true, None, None),
                &[Enrolled],
                &[NotAvailable],
            ),
            (("draft: coming soon", CourseState::Draft, false, false, false, None, None), &[], &[ComingSoon]),
            (("archived: not available", CourseState::Archived, false, false, false, None, None), &[], &[NotAvailable]),
            (
                ("before availabilityDate", CourseState::Ready, false, false, false, Some(FUTURE), None),
                &[AddToMyCourses],
                &[WillBeAvailable],
            ),
            (
                ("after availabilityEndDate", CourseState::Ready, true, false, false, None, Some(PAST)),
                &[Enrolled],
                &[WasAvailableBefore],
            ),
            (
                ("inside the window", CourseState::Ready, false, false, false, Some(PAST), Some(FUTURE)),
                &[AddToMyCourses],
                &[],
            ),
            (
                ("end date at now has passed", CourseState::Ready, false, false, false, None, Some(NOW)),
                &[AddToMyCourses],
                &[WasAvailableBefore],
            ),
        ];
        for ((clause, state, self_enrolled, mandatory, workflow, from, until), buttons, notices) in cases {
            let mut a = access(*state);
            a.objective_workflow_aggregate =
                Some(AggregateRef { id: Uuid::from_u128(3), is_self_enrolled: Some(*self_enrolled) });
            a.is_mandatory = Some(*mandatory);
            a.last_objective_workflow =
                details_access(workflow.then_some(WorkflowState::InProgress), false).last_objective_workflow;
            a.availability_date = *from;
            a.availability_end_date = *until;
            let out = catalog_page_actions(&a, NOW);
            assert_eq!((out.buttons.as_slice(), out.notices.as_slice()), (*buttons, *notices), "{clause}");
        }
    }

    /// Spec section 4 'Availability': the page changes at the next availability boundary.
    #[test]
    fn availability_boundaries_give_refresh_at() {
        let mut a = access(CourseState::Ready);
        assert_eq!(catalog_page_refresh_at(&a, NOW), None);
        a.availability_date = Some(FUTURE);
        a.availability_end_date = Some(datetime!(2026-05-01 12:00 UTC));
        assert_eq!(catalog_page_refresh_at(&a, NOW), Some(FUTURE));
        a.availability_date = Some(PAST);
        assert_eq!(catalog_page_refresh_at(&a, NOW), Some(datetime!(2026-05-01 12:00 UTC)));
        assert_eq!(catalog_page_refresh_at(&a, FUTURE + time::Duration::days(60)), None);
    }

    /// Spec section 4 'Lists', over one access: self-enrolment counts whether the upstream sends
    /// `isSelfEnrolled` inside the aggregate or beside it, and only with an aggregate.
    #[test]
    fn lists_self_enrolment_is_read_inside_or_beside_the_aggregate() {
        // (clause, inside the aggregate, beside it, has an aggregate) -> in My courses
        let cases = [
            ("inside", Some(true), None, true, true),
            ("beside", None, Some(true), true, true),
            ("the aggregate's own wins", Some(false), Some(true), true, false),
            ("no aggregate", None, Some(true), false, false),
            ("neither", None, None, true, false),
        ];
        for (clause, inside, beside, has_aggregate, expected) in cases {
            let mut a = access(CourseState::Ready);
            a.objective_workflow_aggregate =
                has_aggregate.then_some(AggregateRef { id: Uuid::from_u128(3), is_self_enrolled: inside });
            a.is_self_enrolled = beside;
            assert_eq!(in_my_courses(&a), expected, "{clause}");
        }
    }

    /// Spec section 4 'Lists: Catalog shows only objectives not self-enrolled, not state 4,
    /// showInCatalog true, with no workflow or record', narrowed by the URL filter of section 5.
    #[test]
    fn lists_catalog_query_carries_the_rule_and_the_url_filter() {
        let security = Uuid::from_u128(7).to_string();
        let nil = Uuid::nil().to_string();
        let rule_len = catalog_filter("").as_array().map(Vec::len).unwrap_or_default();
        // (clause, filter, expressions added after the rule)
        let cases = [
            ("no filter", CourseFilter::default(), vec![]),
            (
                "collection",
                CourseFilter { collections: vec![security.clone()], ..Default::default() },
                vec![json!(["objective.showcases.id", "=", security])],
            ),
            (
                "uncategorized means no collection",
                CourseFilter { collections: vec![nil.clone()], ..Default::default() },
                vec![json!(["objective.showcases.id", "=", null])],
            ),
            (
                "two collections are alternatives",
                CourseFilter { collections: vec![security.clone(), nil.clone()], ..Default::default() },
                vec![json!([["objective.showcases.id", "=", security], "or", ["objective.showcases.id", "=", null]])],
            ),
            (
                "term",
                CourseFilter { terms: vec!["t1".into()], ..Default::default() },
                vec![json!(["termId", "=", "t1"])],
            ),
            (
                "progress and priority",
                CourseFilter {
                    progress: vec![CourseProgress::NotStarted],
                    priority: vec![CoursePriority::Optional],
                    ..Default::default()
                },
                vec![
                    json!([["lastObjectiveWorkflow", "=", null], "and", ["lastObjectiveRecord", "=", null]]),
                    json!(["isMandatory", "=", false]),
                ],
            ),
        ];
        for (clause, filter, added) in cases {
            let all = catalog_query_filter("", &filter);
            let all = all.as_array().expect("an array");
            assert_eq!(&all[..rule_len], catalog_filter("").as_array().expect("rule").as_slice(), "{clause}");
            let tail: Vec<Value> = all[rule_len..].iter().filter(|v| **v != json!("and")).cloned().collect();
            assert_eq!(tail, added, "{clause}");
        }
    }

    /// Spec section 7 'public/open-catalog/objectives/query' with the keyword rule of section 5.
    #[test]
    fn open_catalog_query_by_keyword_and_collection() {
        assert_eq!(open_catalog_filter("", &[]), None);
        assert_eq!(
            open_catalog_filter("rust", &[]),
            Some(json!([["name", "contains", "rust"], "or", ["code", "contains", "rust"]]))
        );
        let c = Uuid::from_u128(9).to_string();
        assert_eq!(
            open_catalog_filter("rust", std::slice::from_ref(&c)),
            Some(json!([
                [["name", "contains", "rust"], "or", ["code", "contains", "rust"]],
                "and",
                ["showcases.id", "=", c]
            ]))
        );
    }

    /// Spec section 3 'A synthetic uncategorized collection ... appears when some courses have no
    /// showcase', counted over the whole catalog rather than one page.
    #[test]
    fn collection_uncategorized_appears_when_some_catalog_course_has_none() {
        let showcase = |name: &str, order, count| Showcase {
            id: Uuid::new_v4(),
            name: name.into(),
            code: None,
            objectives_count: Some(count),
            order: Some(order),
        };
        let chips = catalog_collection_chips(
            vec![showcase("Technology", 4, 30), showcase("Languages", 3, 30), showcase("Empty", 1, 0)],
            24,
        );
        let names: Vec<(&str, bool)> = chips.iter().map(|c| (c.name.as_str(), c.uncategorized)).collect();
        assert_eq!(names, [("Languages", false), ("Technology", false), ("", true)]);
        assert!(catalog_collection_chips(vec![showcase("Languages", 3, 30)], 0).iter().all(|c| !c.uncategorized));
    }
}
