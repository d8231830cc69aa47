//! Structured logs: JSON lines on stderr, one span per request carrying its request id.
//! The level comes from `RUST_LOG` (default `info`).

use tracing_subscriber::{EnvFilter, fmt, prelude::*};

/// Installs the global subscriber once; later calls do nothing (tests start many apps).
pub fn init() {
    let filter = EnvFilter::try_from_default_env().unwrap_or_else(|_| EnvFilter::new("info"));
    let _already_set = tracing_subscriber::registry()
        .with(filter)
        .with(fmt::layer().json().with_current_span(true).with_span_list(false).with_writer(std::io::stderr))
        .try_init();
}
