//! The sandbox's clock. Every business date rule (availability, constraints, reveal dates,
//! certificate expiry) reads time from here, so tests can fix or shift it. Protocol times
//! (token and code lifetimes) stay on the system clock, which the gateway shares.

use std::{
    fmt,
    str::FromStr,
    sync::Mutex,
    time::{SystemTime, UNIX_EPOCH},
};

use time::{OffsetDateTime, format_description::well_known::Rfc3339};

/// How the clock reads the time.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ClockMode {
    /// The system clock.
    Real,
    /// The system clock shifted by this many seconds.
    Offset(i64),
    /// Always this Unix time, in seconds.
    Fixed(i64),
}

impl FromStr for ClockMode {
    type Err = String;

    /// `real`, `offset:+86400` / `offset:-3600` (seconds), or `fixed:2026-01-31T12:00:00Z` (RFC 3339):
    /// the forms of `LMS_SANDBOX_CLOCK` and `--clock`.
    fn from_str(raw: &str) -> Result<Self, Self::Err> {
        let raw = raw.trim();
        let (kind, value) = raw.split_once(':').unwrap_or((raw, ""));
        match kind.to_ascii_lowercase().as_str() {
            "real" if value.is_empty() => Ok(ClockMode::Real),
            "offset" => value
                .parse::<i64>()
                .map(ClockMode::Offset)
                .map_err(|_| format!("clock `{raw}`: the offset must be whole seconds, like offset:+86400")),
            "fixed" => parse_rfc3339(value).map(ClockMode::Fixed).map_err(|e| format!("clock `{raw}`: {e}")),
            _ => Err(format!("clock `{raw}`: expected real, offset:+SECONDS or fixed:RFC3339")),
        }
    }
}

impl fmt::Display for ClockMode {
    /// The form [`ClockMode::from_str`] reads.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ClockMode::Real => write!(f, "real"),
            ClockMode::Offset(secs) => write!(f, "offset:{secs:+}"),
            ClockMode::Fixed(at) => write!(f, "fixed:{}", format_rfc3339(*at)),
        }
    }
}

/// Reads an RFC 3339 date-time as Unix seconds (fractions are dropped).
pub fn parse_rfc3339(raw: &str) -> Result<i64, String> {
    OffsetDateTime::parse(raw, &Rfc3339)
        .map(OffsetDateTime::unix_timestamp)
        .map_err(|e| format!("`{raw}` is not an RFC 3339 date-time ({e})"))
}

/// Unix seconds as RFC 3339 in UTC (`2026-01-31T12:00:00Z`).
pub fn format_rfc3339(unix: i64) -> String {
    OffsetDateTime::from_unix_timestamp(unix)
        .ok()
        .and_then(|t| t.format(&Rfc3339).ok())
        .unwrap_or_else(|| format!("@{unix}"))
}

/// A clock that can be fixed or offset while the sandbox runs.
#[derive(Debug)]
pub struct Clock {
    mode: Mutex<ClockMode>,
}

impl Clock {
    /// A clock in the given mode.
    pub fn new(mode: ClockMode) -> Self {
        Clock { mode: Mutex::new(mode) }
    }

    /// The current mode.
    pub fn mode(&self) -> ClockMode {
        *self.mode.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// Changes the mode.
    pub fn set(&self, mode: ClockMode) {
        *self.mode.lock().unwrap_or_else(|p| p.into_inner()) = mode;
    }

    /// Seconds since the Unix epoch, as this clock reads them.
    pub fn now(&self) -> i64 {
        match self.mode() {
            ClockMode::Real => system_now(),
            ClockMode::Offset(secs) => system_now() + secs,
            ClockMode::Fixed(at) => at,
        }
    }
}

/// Seconds since the Unix epoch on the system clock (tokens, codes, sessions).
pub fn system_now() -> i64 {
    SystemTime::now().duration_since(UNIX_EPOCH).map(|d| d.as_secs() as i64).unwrap_or(0)
}

/// Sets every API answer's `Date` header from the sandbox clock, so a client that reads the
/// upstream's time (the gateway does, for business dates) follows a moved clock.
pub(crate) async fn date_header(
    axum::extract::State(s): axum::extract::State<crate::Shared>,
    request: axum::extract::Request,
    next: axum::middleware::Next,
) -> axum::response::Response {
    let mut response = next.run(request).await;
    let at = std::time::UNIX_EPOCH + std::time::Duration::from_secs(s.now().max(0).unsigned_abs());
    if let Ok(value) = axum::http::HeaderValue::from_str(&httpdate::fmt_http_date(at)) {
        response.headers_mut().insert(axum::http::header::DATE, value);
    }
    response
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fixed_and_offset_modes() {
        let clock = Clock::new(ClockMode::Fixed(1_000));
        assert_eq!(clock.now(), 1_000);
        clock.set(ClockMode::Offset(3_600));
        let shifted = clock.now() - system_now();
        assert!((3_599..=3_601).contains(&shifted), "offset clock is {shifted} s ahead");
        clock.set(ClockMode::Real);
        assert!((clock.now() - system_now()).abs() <= 1);
    }

    #[test]
    fn modes_read_from_the_environment_or_the_flag() {
        let cases: [(&str, Result<ClockMode, ()>); 12] = [
            ("real", Ok(ClockMode::Real)),
            (" REAL ", Ok(ClockMode::Real)),
            ("offset:+86400", Ok(ClockMode::Offset(86_400))),
            ("offset:-3600", Ok(ClockMode::Offset(-3_600))),
            ("offset:0", Ok(ClockMode::Offset(0))),
            ("fixed:2026-01-31T12:00:00Z", Ok(ClockMode::Fixed(1_769_860_800))),
            ("fixed:2026-01-31T13:00:00+01:00", Ok(ClockMode::Fixed(1_769_860_800))),
            ("offset:1.5", Err(())),
            ("offset:", Err(())),
            ("fixed:2026-01-31", Err(())),
            ("real:now", Err(())),
            ("tomorrow", Err(())),
        ];
        for (raw, expected) in cases {
            assert_eq!(raw.parse::<ClockMode>().map_err(|_| ()), expected, "{raw}");
        }
        let message = "fixed:yesterday".parse::<ClockMode>().expect_err("refused");
        assert!(message.contains("RFC 3339"), "{message}");
        for mode in [ClockMode::Real, ClockMode::Offset(-3_600), ClockMode::Fixed(1_769_860_800)] {
            assert_eq!(mode.to_string().parse::<ClockMode>(), Ok(mode), "{mode} reads back");
        }
        assert_eq!(ClockMode::Fixed(1_769_860_800).to_string(), "fixed:2026-01-31T12:00:00Z");
    }
}
