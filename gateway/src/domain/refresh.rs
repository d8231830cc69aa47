//! When an answer changes by the clock alone (`refreshAt`, spec section 7 'the activity tree is
//! refetched automatically at the next constraint time').

use contracts::upstream::{ActivityConstraint, ActivityPart, ObjectiveAccess};
use time::OffsetDateTime;

/// The earliest of `dates` strictly after `now`. A date equal to `now` has already taken
/// effect (dates are reached at their instant), so it is not a future boundary.
pub fn next_boundary(
    dates: impl IntoIterator<Item = Option<OffsetDateTime>>,
    now: OffsetDateTime,
) -> Option<OffsetDateTime> {
    dates.into_iter().flatten().filter(|d| *d > now).min()
}

/// Every date of a constraint that some rule compares with now.
pub fn constraint_dates(c: &ActivityConstraint) -> [Option<OffsetDateTime>; 7] {
    [
        c.start_from,
        c.start_until,
        c.accessible_until,
        c.grace_period_until,
        c.due,
        c.reveal_results_from,
        c.results_disclosure_from,
    ]
}

/// The next moment the details of a course change: its availability window and grade reveal.
pub fn course_refresh_at(access: &ObjectiveAccess, now: OffsetDateTime) -> Option<OffsetDateTime> {
    next_boundary([access.availability_date, access.availability_end_date, access.grade_reveal_date], now)
}

/// The next moment an activity tree changes: every constraint date of every part, at any depth.
pub fn tree_refresh_at(parts: &[ActivityPart], now: OffsetDateTime) -> Option<OffsetDateTime> {
    let mut dates = Vec::new();
    collect(parts, &mut dates);
    next_boundary(dates, now)
}

fn collect(parts: &[ActivityPart], dates: &mut Vec<Option<OffsetDateTime>>) {
    for part in parts {
        if let Some(c) = &part.activity_constraint {
            dates.extend(constraint_dates(c));
        }
        collect(&part.child_activity.children, dates);
    }
}

/// The course and its tree together: the earlier of the two.
pub fn refresh_at(access: &ObjectiveAccess, parts: &[ActivityPart], now: OffsetDateTime) -> Option<OffsetDateTime> {
    next_boundary([course_refresh_at(access, now), tree_refresh_at(parts, now)], now)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::details::tests::{FUTURE, NOW, PAST, access};
    use crate::domain::fixtures;
    use contracts::upstream::*;
    use time::Duration;

    /// `refreshAt` of a course: the earliest future boundary among availabilityDate,
    /// availabilityEndDate and gradeRevealDate.
    #[test]
    fn refresh_at_course_next_future_boundary() {
        let soon = NOW + Duration::hours(1);
        let with = |from, until, reveal| {
            let mut a = access(None, false);
            a.availability_date = from;
            a.availability_end_date = until;
            a.grade_reveal_date = reveal;
            a
        };
        let cases = [
            ("no dates", with(None, None, None), None),
            ("all past", with(Some(PAST), Some(PAST), Some(PAST)), None),
            ("exactly now is not future", with(Some(NOW), None, None), None),
            ("availability start", with(Some(soon), Some(FUTURE), None), Some(soon)),
            ("availability end", with(Some(PAST), Some(soon), Some(FUTURE)), Some(soon)),
            ("grade reveal", with(None, Some(FUTURE), Some(soon)), Some(soon)),
        ];
        for (clause, a, expected) in cases {
            assert_eq!(course_refresh_at(&a, NOW), expected, "{clause}");
        }
    }

    fn node(constraint: Option<ActivityConstraint>, children: Vec<ActivityPart>) -> ActivityPart {
        ActivityPart {
            activity_constraint: constraint,
            ..fixtures::part(fixtures::activity(ActivityType::Composite, CourseState::Ready, children))
        }
    }

    /// Sets one date of a constraint.
    type SetDate = fn(&mut ActivityConstraint, OffsetDateTime);

    /// `refreshAt` of a tree: every constraint date counts, at any depth.
    #[test]
    fn refresh_at_tree_every_constraint_date_at_any_depth() {
        let setters: [(&str, SetDate); 7] = [
            ("startFrom", |c, d| c.start_from = Some(d)),
            ("startUntil", |c, d| c.start_until = Some(d)),
            ("accessibleUntil", |c, d| c.accessible_until = Some(d)),
            ("gracePeriodUntil", |c, d| c.grace_period_until = Some(d)),
            ("due", |c, d| c.due = Some(d)),
            ("revealResultsFrom", |c, d| c.reveal_results_from = Some(d)),
            ("resultsDisclosureFrom", |c, d| c.results_disclosure_from = Some(d)),
        ];
        let soon = NOW + Duration::minutes(5);
        for (name, set) in setters {
            let mut c =
                ActivityConstraint { due: Some(FUTURE), start_from: Some(PAST), ..ActivityConstraint::default() };
            set(&mut c, soon);
            let tree = vec![node(None, vec![node(None, vec![node(Some(c), vec![])])])];
            assert_eq!(tree_refresh_at(&tree, NOW), Some(soon), "{name}");
        }
        let past_only = ActivityConstraint { start_from: Some(PAST), due: Some(NOW), ..ActivityConstraint::default() };
        assert_eq!(tree_refresh_at(&[node(Some(past_only), vec![])], NOW), None, "nothing ahead");
        assert_eq!(tree_refresh_at(&[], NOW), None, "empty tree");
    }

    #[test]
    fn refresh_at_course_and_tree_take_the_earlier() {
        let mut a = access(None, false);
        a.availability_end_date = Some(FUTURE);
        let soon = NOW + Duration::seconds(30);
        let c = ActivityConstraint { accessible_until: Some(soon), ..ActivityConstraint::default() };
        assert_eq!(refresh_at(&a, &[node(Some(c), vec![])], NOW), Some(soon));
        assert_eq!(refresh_at(&a, &[], NOW), Some(FUTURE));
    }
}
