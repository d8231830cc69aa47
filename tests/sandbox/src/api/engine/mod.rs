//! The state machines behind the commands: objective and activity workflows, records,
//! scores, grades, certificates, proctoring sessions and self-enrolments. Every function runs
//! inside the caller's transaction and answers either the command's result or field errors.
//!
//! One module per aggregate: [`tree`] (a course's activities and one attempt's progress
//! through them), [`objective`] (objective workflows, records and certificates), [`activity`]
//! (activity workflows and proctoring sessions), [`enrolment`] (self-enrolments); the
//! integer states they store and send are named in [`states`].

use serde_json::Value;

use super::{commands::FieldErrors, iso};

mod activity;
mod enrolment;
mod objective;
pub(super) mod states;
mod tree;

pub(super) use activity::{finish_activities, start_activities, update_activity};
pub(super) use enrolment::self_enroll;
pub(super) use objective::{finish_objective, start_objective, submit_objective, workflow};
pub(super) use tree::{Activity, Tree};

/// Who runs a command, and when.
pub(in crate::api) struct Ctx {
    pub(in crate::api) tenant: String,
    pub(in crate::api) user: String,
    /// Business time (the sandbox clock), Unix seconds.
    pub(in crate::api) now: i64,
    /// System time in milliseconds, for the sandbox's own delays.
    pub(in crate::api) now_ms: i64,
    /// How long a self-enrolment takes to appear, in milliseconds.
    pub(in crate::api) enrollment_delay_ms: i64,
}

type Outcome = Result<Value, FieldErrors>;

fn db_error(e: rusqlite::Error) -> FieldErrors {
    tracing::error!(error = %e, "database");
    FieldErrors::one("", "the sandbox database failed")
}

fn text<'a>(body: &'a Value, field: &str) -> &'a str {
    body.get(field).and_then(Value::as_str).unwrap_or_default()
}

fn texts(body: &Value, field: &str) -> Vec<String> {
    body.get(field)
        .and_then(Value::as_array)
        .map(|a| a.iter().filter_map(Value::as_str).map(String::from).collect())
        .unwrap_or_default()
}

fn date_text(secs: i64) -> String {
    iso(Some(secs)).as_str().unwrap_or_default().to_string()
}
