//! Fuzzes reading our session and pending-login cookies from a Cookie header.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| gateway::auth::cookies::check_fuzz_input(data));
