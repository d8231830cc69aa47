//! The learner calendar: ranges of days in the user's time zone (spec section 1 'use a
//! calendar', section 2 '/calendar').

use contracts::upstream::{Activity, ActivityPart, ActivityType, CourseState};
use jiff::{Timestamp, civil::Date, tz::TimeZone};
use time::OffsetDateTime;

/// A range of whole days in a time zone, as instants: `start` included, `end` excluded.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CalendarRange {
    /// Midnight starting the first day.
    pub start: OffsetDateTime,
    /// Midnight ending the last day.
    pub end: OffsetDateTime,
    /// The zone the days are in.
    pub zone: TimeZone,
}

/// The time zone named `name`, or UTC when the bundled database does not know it (a stored
/// preference the platform accepted but this gateway cannot resolve must not break the page).
pub fn zone(name: &str) -> TimeZone {
    TimeZone::get(name).unwrap_or(TimeZone::UTC)
}

/// The days `from` to `to` (`YYYY-MM-DD`, both included) in `zone`. Refused, with a message
/// for the caller: a date that does not parse, `from` after `to`, or more than `max_days` days.
pub fn calendar_range(from: &str, to: &str, zone: TimeZone, max_days: u32) -> Result<CalendarRange, String> {
    let day = |name: &str, raw: &str| -> Result<Date, String> {
        raw.parse::<Date>().map_err(|_| format!("{name} must be a date written YYYY-MM-DD"))
    };
    let (first, last) = (day("from", from)?, day("to", to)?);
    if first > last {
        return Err("from must not be after to".into());
    }
    let days = first.until(last).map_err(|e| format!("the range cannot be measured: {e}"))?.get_days() + 1;
    if days > i32::try_from(max_days).unwrap_or(i32::MAX) {
        return Err(format!("the range is {days} days; at most {max_days} are allowed"));
    }
    let midnight = |d: Date| -> Result<OffsetDateTime, String> {
        let zoned =
            d.to_zoned(zone.clone()).map_err(|e| format!("the range cannot be placed in the time zone: {e}"))?;
        to_time(zoned.timestamp())
    };
    let after_last = last.tomorrow().map_err(|_| "to is the last date there is".to_string())?;
    Ok(CalendarRange { start: midnight(first)?, end: midnight(after_last)?, zone })
}

impl CalendarRange {
    /// Whether `at` falls on one of the range's days.
    pub fn contains(&self, at: OffsetDateTime) -> bool {
        self.start <= at && at < self.end
    }
}

/// `at` in `zone`: RFC 3339 with that zone's offset, and the day `YYYY-MM-DD`.
pub fn local(at: OffsetDateTime, zone: &TimeZone) -> (String, String) {
    match Timestamp::from_nanosecond(at.unix_timestamp_nanos()) {
        Ok(ts) => {
            let zoned = ts.to_zoned(zone.clone());
            (zoned.strftime("%Y-%m-%dT%H:%M:%S%:z").to_string(), zoned.date().to_string())
        }
        // Outside jiff's range (years beyond ±9999): say it in UTC.
        Err(_) => (at.to_string(), at.date().to_string()),
    }
}

/// An event activity of a course tree and when it starts.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EventDate {
    /// The event's name.
    pub name: String,
    /// Its path id, for the content link.
    pub activity_path_id: Option<String>,
    /// When it starts: its 'start from', inherited from the parent parts when it has none of
    /// its own (spec section 3: constraints of a part are inherited from the parent part).
    pub starts: OffsetDateTime,
}

/// The event activities of a tree with a start date, in tree order. Archived and draft events
/// are left out (archived content is hidden; drafts are 'coming soon').
pub fn event_dates(root: &Activity) -> Vec<EventDate> {
    let mut out = Vec::new();
    collect_events(&root.children, None, &mut out);
    out
}

fn collect_events(parts: &[ActivityPart], inherited: Option<OffsetDateTime>, out: &mut Vec<EventDate>) {
    for part in parts {
        let starts = part.activity_constraint.as_ref().and_then(|c| c.start_from).or(inherited);
        let activity = &part.child_activity;
        if matches!(activity.state, CourseState::Archived | CourseState::Draft) {
            continue;
        }
        if activity.kind == ActivityType::Event
            && let Some(starts) = starts
        {
            out.push(EventDate {
                name: activity.name.clone().unwrap_or_default(),
                activity_path_id: part.activity_path_id.clone(),
                starts,
            });
        }
        collect_events(&activity.children, starts, out);
    }
}

fn to_time(ts: Timestamp) -> Result<OffsetDateTime, String> {
    OffsetDateTime::from_unix_timestamp_nanos(ts.as_nanosecond()).map_err(|e| format!("date out of range: {e}"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::fixtures;
    use time::macros::datetime;

    /// The calendar's range: whole days in the user's time zone, limits explicit.
    #[test]
    fn calendar_range_whole_days_in_the_user_s_time_zone() {
        let london = zone("Europe/London");
        // Summer time: midnight in London is 23:00 UTC the day before.
        let r = calendar_range("2026-07-01", "2026-07-31", london.clone(), 62).expect("a month");
        assert_eq!((r.start, r.end), (datetime!(2026-06-30 23:00 UTC), datetime!(2026-07-31 23:00 UTC)));
        assert!(r.contains(datetime!(2026-06-30 23:00 UTC)), "first instant is in");
        assert!(!r.contains(datetime!(2026-07-31 23:00 UTC)), "end is excluded");
        let one = calendar_range("2026-01-10", "2026-01-10", zone("UTC"), 1).expect("one day");
        assert_eq!((one.start, one.end), (datetime!(2026-01-10 0:00 UTC), datetime!(2026-01-11 0:00 UTC)));
        let refused = [
            ("from after to", "2026-02-02", "2026-02-01", 62, "after"),
            ("too long", "2026-01-01", "2026-03-31", 62, "at most 62"),
            ("not a date", "2026-13-01", "2026-12-31", 62, "YYYY-MM-DD"),
            ("not a date either", "yesterday", "2026-12-31", 62, "YYYY-MM-DD"),
        ];
        for (clause, from, to, max, message) in refused {
            let err = calendar_range(from, to, london.clone(), max).expect_err(clause);
            assert!(err.contains(message), "{clause}: {err}");
        }
        assert!(calendar_range("2026-01-01", "2026-03-03", london, 62).is_ok(), "exactly 62 days");
    }

    fn part(
        kind: ActivityType,
        state: CourseState,
        start: Option<OffsetDateTime>,
        children: Vec<ActivityPart>,
    ) -> ActivityPart {
        ActivityPart {
            activity_path_id: Some(format!("{kind:?}")),
            activity_constraint: start
                .map(|s| contracts::upstream::ActivityConstraint { start_from: Some(s), ..Default::default() }),
            ..fixtures::part(Activity {
                name: Some(format!("{kind:?} {state:?}")),
                ..fixtures::activity(kind, state, children)
            })
        }
    }

    /// Calendar 'event dates': event activities with their start, inherited from the parent part.
    #[test]
    fn calendar_event_dates_start_from_own_or_inherited_constraint() {
        use ActivityType::*;
        use CourseState::*;
        let own = datetime!(2026-03-06 9:00 UTC);
        let module = datetime!(2026-03-01 0:00 UTC);
        let tree = part(
            Composite,
            Ready,
            None,
            vec![
                part(Event, Ready, None, vec![]),
                part(Text, Ready, Some(own), vec![]),
                part(
                    Composite,
                    Ready,
                    Some(module),
                    vec![
                        part(Event, Ready, Some(own), vec![]),
                        part(Event, Expired, None, vec![]),
                        part(Event, Archived, Some(own), vec![]),
                        part(Event, Draft, Some(own), vec![]),
                    ],
                ),
            ],
        )
        .child_activity;
        let found: Vec<(String, OffsetDateTime)> = event_dates(&tree).into_iter().map(|e| (e.name, e.starts)).collect();
        assert_eq!(found, vec![("Event Ready".to_string(), own), ("Event Expired".to_string(), module)]);
    }

    #[test]
    fn local_dates_carry_the_zone_s_offset_and_day() {
        let at = datetime!(2026-07-01 23:30 UTC);
        assert_eq!(local(at, &zone("Europe/London")), ("2026-07-02T00:30:00+01:00".into(), "2026-07-02".into()));
        assert_eq!(local(at, &zone("UTC")), ("2026-07-01T23:30:00+00:00".into(), "2026-07-01".into()));
        assert_eq!(local(at, &zone("No/Such_Zone")).1, "2026-07-01", "unknown zones fall back to UTC");
    }
}
