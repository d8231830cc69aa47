//! The learner calendar (spec section 2 '/calendar', section 1 'use a calendar').

use serde::{Deserialize, Serialize};
use ts_rs::TS;
use utoipa::ToSchema;

/// What a calendar entry marks.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
pub enum CalendarEntryKind {
    /// The course's due date.
    Due,
    /// The course can be started from this date (availabilityDate).
    AvailableFrom,
    /// The course can be started until this date (availabilityEndDate).
    AvailableUntil,
    /// An event activity starts (its 'start from' date).
    Event,
}

/// One dated entry of the calendar.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CalendarEntry {
    /// What the date marks.
    pub kind: CalendarEntryKind,
    /// The instant, RFC 3339 with the offset of the calendar's time zone.
    pub at: String,
    /// The day in the calendar's time zone, `YYYY-MM-DD`.
    pub date: String,
    /// Course (objective) id.
    pub objective_id: String,
    /// Course name.
    pub course_name: String,
    /// The event activity's name, for `event` entries.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub activity_name: Option<String>,
    /// Where the entry leads, relative to the client's base path.
    pub link: String,
}

/// `GET /api/bff/calendar?from=&to=`: the entries of a range of days, oldest first.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CalendarView {
    /// First day of the range, `YYYY-MM-DD`, in `timezone`.
    pub from: String,
    /// Last day of the range (inclusive), `YYYY-MM-DD`, in `timezone`.
    pub to: String,
    /// IANA time zone the days and offsets are in (the user's preferred one, else UTC).
    pub timezone: String,
    /// The entries, by instant then kind.
    pub entries: Vec<CalendarEntry>,
}
