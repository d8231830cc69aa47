//! The sandbox's clock. Every business date rule (availability, constraints, reveal dates,
//! certificate expiry) reads time from here, so tests can fix or shift it. Protocol times
//! (token and code lifetimes) stay on the system clock, which the gateway shares.

use std::{
    sync::Mutex,
    time::{SystemTime, UNIX_EPOCH},
};

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
}
