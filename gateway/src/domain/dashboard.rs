//! The learner dashboard: due soon and recently finished (spec section 2 '/').

use std::cmp::Reverse;

use contracts::bff::CourseProgress;
use time::{Duration, OffsetDateTime};

use super::refresh::next_boundary;

/// Due soon: not completed, and the due date is ahead of now by at most `window` (a due date
/// that has passed is overdue, not due soon).
pub fn is_due_soon(
    due: Option<OffsetDateTime>,
    progress: Option<CourseProgress>,
    now: OffsetDateTime,
    window: Duration,
) -> bool {
    progress != Some(CourseProgress::Completed) && due.is_some_and(|d| d > now && d <= now + window)
}

/// Overdue (the card's due-date state): the due date has been reached and the course is not
/// completed. The boundary is shared with [`is_due_soon`]: at the due instant a course stops
/// being due soon and becomes overdue.
pub fn is_overdue(due: Option<OffsetDateTime>, progress: Option<CourseProgress>, now: OffsetDateTime) -> bool {
    progress != Some(CourseProgress::Completed) && due.is_some_and(|d| d <= now)
}

/// The next moment the due-soon list changes by the clock: a due date enters the window
/// (`due - window`) or passes (`due`). `dues` are those of courses not completed.
pub fn due_soon_refresh_at(
    dues: impl IntoIterator<Item = OffsetDateTime>,
    now: OffsetDateTime,
    window: Duration,
) -> Option<OffsetDateTime> {
    next_boundary(dues.into_iter().flat_map(|d| [Some(d - window), Some(d)]), now)
}

/// Recently finished: the `count` latest by finish date, newest first; unknown dates last.
pub fn recently_finished<T>(mut finished: Vec<(Option<OffsetDateTime>, T)>, count: usize) -> Vec<T> {
    finished.sort_by_key(|(at, _)| Reverse(*at));
    finished.into_iter().take(count).map(|(_, t)| t).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use time::macros::datetime;

    const NOW: OffsetDateTime = datetime!(2026-03-01 12:00 UTC);

    /// Dashboard 'due soon': ahead of now, within the window, not completed.
    #[test]
    fn dashboard_due_soon_ahead_within_the_window_not_completed() {
        use CourseProgress::*;
        let window = Duration::days(14);
        let cases = [
            ("no due date", None, Some(InProgress), false),
            ("due in a day", Some(NOW + Duration::DAY), Some(NotStarted), true),
            ("due at the window's end", Some(NOW + window), Some(InProgress), true),
            ("due after the window", Some(NOW + window + Duration::SECOND), Some(InProgress), false),
            ("due now has passed", Some(NOW), Some(InProgress), false),
            ("overdue", Some(NOW - Duration::DAY), Some(InProgress), false),
            ("completed", Some(NOW + Duration::DAY), Some(Completed), false),
            ("submitted (no progress value)", Some(NOW + Duration::DAY), None, true),
        ];
        for (clause, due, progress, expected) in cases {
            assert_eq!(is_due_soon(due, progress, NOW, window), expected, "{clause}");
        }
    }

    /// Course card 'due date and overdue state': due reached and not completed.
    #[test]
    fn course_card_overdue_when_due_reached_and_not_completed() {
        use CourseProgress::*;
        let cases = [
            ("no due date", None, Some(InProgress), false),
            ("due ahead", Some(NOW + Duration::DAY), Some(InProgress), false),
            ("due now", Some(NOW), Some(InProgress), true),
            ("due passed, not started", Some(NOW - Duration::DAY), Some(NotStarted), true),
            ("due passed, submitted", Some(NOW - Duration::DAY), None, true),
            ("due passed, completed", Some(NOW - Duration::DAY), Some(Completed), false),
        ];
        for (clause, due, progress, expected) in cases {
            assert_eq!(is_overdue(due, progress, NOW), expected, "{clause}");
            if expected {
                assert!(!is_due_soon(due, progress, NOW, Duration::days(14)), "{clause}: not due soon too");
            }
        }
    }

    /// Dashboard `refreshAt`: when a due date enters the window or passes.
    #[test]
    fn dashboard_refresh_at_due_date_enters_the_window_or_passes() {
        let window = Duration::days(14);
        let cases = [
            ("nothing due", vec![], None),
            ("in the window: when it passes", vec![NOW + Duration::days(3)], Some(NOW + Duration::days(3))),
            ("beyond: when it enters", vec![NOW + Duration::days(20)], Some(NOW + Duration::days(6))),
            (
                "the earliest of several",
                vec![NOW + Duration::days(20), NOW + Duration::days(15)],
                Some(NOW + Duration::DAY),
            ),
            ("passed long ago", vec![NOW - Duration::days(30)], None),
        ];
        for (clause, dues, expected) in cases {
            assert_eq!(due_soon_refresh_at(dues, NOW, window), expected, "{clause}");
        }
    }

    #[test]
    fn dashboard_recently_finished_newest_first_limited() {
        let finished = vec![
            (Some(NOW - Duration::days(3)), "b"),
            (None, "unknown"),
            (Some(NOW - Duration::DAY), "a"),
            (Some(NOW - Duration::days(9)), "c"),
        ];
        assert_eq!(recently_finished(finished.clone(), 10), vec!["a", "b", "c", "unknown"]);
        assert_eq!(recently_finished(finished, 2), vec!["a", "b"]);
    }
}
