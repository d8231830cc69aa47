//! How the views write the upstream's values into their fields: instants as RFC 3339, optional
//! texts, and a query's total count. One function per kind of value, shared by every view.

use time::{OffsetDateTime, format_description::well_known::Rfc3339};

/// An instant as RFC 3339, as every view writes it; `None` when there is none.
///
/// RFC 3339 writes years 0 to 9999 and offsets of whole minutes only: an instant it cannot
/// write (a year before 0) is left out of the view, with a warning in the log, rather than
/// failing the whole view.
pub fn rfc3339(at: impl Into<Option<OffsetDateTime>>) -> Option<String> {
    let at = at.into()?;
    match at.format(&Rfc3339) {
        Ok(text) => Some(text),
        Err(e) => {
            tracing::warn!(year = at.year(), error = %e, "an instant RFC 3339 cannot write is left out of the view");
            None
        }
    }
}

/// An optional upstream text for a view: absent when it is missing or empty.
pub fn non_empty(text: Option<&str>) -> Option<String> {
    text.filter(|t| !t.is_empty()).map(String::from)
}

/// The number of items a query's `totalCount` gives: 0 when absent or negative, at most
/// `u32::MAX`.
pub fn total_count(total: Option<i64>) -> u32 {
    total.map_or(0, |n| u32::try_from(n.max(0)).unwrap_or(u32::MAX))
}

#[cfg(test)]
mod tests {
    use super::*;
    use time::macros::datetime;

    #[test]
    fn instants_are_written_as_rfc3339_with_their_offset() {
        assert_eq!(rfc3339(datetime!(2026-03-01 12:00 UTC)).as_deref(), Some("2026-03-01T12:00:00Z"));
        assert_eq!(rfc3339(Some(datetime!(2026-03-01 14:00 +2))).as_deref(), Some("2026-03-01T14:00:00+02:00"));
        assert_eq!(rfc3339(datetime!(2026-03-01 12:00:00.25 UTC)).as_deref(), Some("2026-03-01T12:00:00.25Z"));
        assert_eq!(rfc3339(None), None);
    }

    #[test]
    fn an_instant_rfc3339_cannot_write_is_left_out() {
        assert_eq!(rfc3339(datetime!(-0001-06-01 12:00 UTC)), None);
        assert_eq!(rfc3339(datetime!(0000-06-01 12:00 UTC)).as_deref(), Some("0000-06-01T12:00:00Z"));
    }

    #[test]
    fn empty_texts_and_missing_counts_are_left_out() {
        assert_eq!(non_empty(Some("")), None);
        assert_eq!(non_empty(Some("a")).as_deref(), Some("a"));
        assert_eq!(total_count(None), 0);
        assert_eq!(total_count(Some(-1)), 0);
        assert_eq!(total_count(Some(7)), 7);
        assert_eq!(total_count(Some(i64::MAX)), u32::MAX);
    }
}
