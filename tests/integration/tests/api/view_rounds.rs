//! The views that read a list of courses read side by side: with 500 ms on every upstream read,
//! a view's time counts its rounds of reads. My courses of a new session: the collections, terms
//! and page of courses (one round), the grading scales, unread counts and accesses (one), the
//! trees of its 15 started courses (two, 8 at a time), the proctored course's session (one).
//! Read one after another they were nine rounds, six once the trees were known; the calendar
//! six, now four. The limit of a view's reads at once is `upstream.reads_in_flight_per_view`.

use serde_json::json;

use crate::helpers::{ada, get_ok};

/// Long beside the rest of a view's work (about 100 ms on a debug build), so a bound of one
/// round more than the rounds counted holds on a loaded machine too.
const ROUND_MS: u128 = 500;

async fn timed(app: &crate::helpers::TestApp, browser: &reqwest::Client, path: &str) -> u128 {
    let started = std::time::Instant::now();
    get_ok(app, browser, path).await;
    started.elapsed().as_millis()
}

#[tokio::test]
async fn my_courses_and_the_calendar_read_their_courses_side_by_side() {
    let (app, browser) = ada().await;
    let slow = json!([{ "method": "GET", "path": "**", "fault": { "kind": "latency", "ms": ROUND_MS } }]);
    crate::reliability_common::set_faults(&app, slow).await;
    let first = timed(&app, &browser, "/api/bff/my-courses").await;
    let again = timed(&app, &browser, "/api/bff/my-courses").await;
    let calendar = timed(&app, &browser, "/api/bff/calendar?from=2026-11-01&to=2026-12-31").await;
    println!("with {ROUND_MS} ms per read: My courses {first} ms, then {again} ms; the calendar {calendar} ms");
    // Each bound is the rounds above plus less than one round for everything else.
    assert!(first < 6 * ROUND_MS, "five rounds: {first} ms");
    assert!(again < 5 * ROUND_MS, "four rounds once the attempts without proctoring are known: {again} ms");
    assert!(calendar < 5 * ROUND_MS, "four rounds: {calendar} ms");
}
