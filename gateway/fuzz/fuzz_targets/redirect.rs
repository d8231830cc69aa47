//! Fuzzes the same-host redirect check (`gateway::auth::redirect`).
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| gateway::auth::redirect::check_fuzz_input(data));
