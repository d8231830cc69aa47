//! Fuzzes the same-host redirect check (`gateway::auth::redirect_check`).
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| gateway::auth::redirect_check::check_fuzz_input(data));
