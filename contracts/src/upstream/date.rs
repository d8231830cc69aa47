//! Dates as the upstream writes them: RFC 3339, or an ISO 8601 date-time without offset, which
//! is read as UTC. Written back as RFC 3339.

use serde::{Deserialize, Deserializer, Serializer, de::Error as _};
use time::{
    OffsetDateTime, PrimitiveDateTime,
    format_description::well_known::{Iso8601, Rfc3339},
};

/// Parses one upstream date.
pub fn parse(raw: &str) -> Result<OffsetDateTime, String> {
    OffsetDateTime::parse(raw, &Rfc3339)
        .or_else(|_| PrimitiveDateTime::parse(raw, &Iso8601::DEFAULT).map(PrimitiveDateTime::assume_utc))
        .map_err(|_| format!("not a date-time: {raw:?}"))
}

/// Serde `deserialize_with` for an optional date; `null` and an absent field are `None`.
pub fn deserialize<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Option<OffsetDateTime>, D::Error> {
    Option::<String>::deserialize(deserializer)?.map(|raw| parse(&raw).map_err(D::Error::custom)).transpose()
}

/// Serde `deserialize_with` for a date that must be there.
pub fn deserialize_required<'de, D: Deserializer<'de>>(deserializer: D) -> Result<OffsetDateTime, D::Error> {
    parse(&String::deserialize(deserializer)?).map_err(D::Error::custom)
}

/// Serde `serialize_with` for an optional date.
pub fn serialize<S: Serializer>(value: &Option<OffsetDateTime>, serializer: S) -> Result<S::Ok, S::Error> {
    time::serde::rfc3339::option::serialize(value, serializer)
}

#[cfg(test)]
mod tests {
    use super::*;
    use time::macros::datetime;

    #[test]
    fn dates_read_rfc3339_and_offsetless_iso_as_utc() {
        let cases = [
            ("2026-03-01T12:00:00Z", Some(datetime!(2026-03-01 12:00 UTC))),
            ("2026-03-01T14:00:00+02:00", Some(datetime!(2026-03-01 12:00 UTC))),
            ("2026-03-01T12:00:00.250Z", Some(datetime!(2026-03-01 12:00:00.25 UTC))),
            ("2026-03-01T12:00:00", Some(datetime!(2026-03-01 12:00 UTC))),
            ("2026-03-01T12:00:00.5", Some(datetime!(2026-03-01 12:00:00.5 UTC))),
            ("yesterday", None),
            ("", None),
        ];
        for (raw, expected) in cases {
            assert_eq!(parse(raw).ok(), expected, "{raw:?}");
        }
    }
}
