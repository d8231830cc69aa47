//! Reading the status of an asynchronous command (spec sections 4 and 8).

use std::collections::BTreeMap;

use contracts::upstream::{CommandState, CommandStatus};

/// 'Server accepted command but encountered errors.' (spec section 8).
pub const ACCEPTED_WITH_ERRORS: &str = "Server accepted command but encountered errors.";
/// 'Server accepted command but encountered an unknown error.' (spec section 8).
pub const ACCEPTED_WITH_UNKNOWN_ERROR: &str = "Server accepted command but encountered an unknown error.";
/// 'Server returns unknown error.' (spec section 8).
pub const UNKNOWN_SERVER_ERROR: &str = "Server returns unknown error.";

/// What a command status means for the caller.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CommandOutcome {
    /// Still running: poll again.
    Pending,
    /// Completed.
    Completed,
    /// Canceled.
    Canceled,
    /// Failed.
    Failed {
        /// The message to show: the first real message, else a fallback of spec section 8.
        message: String,
        /// Real messages per field, in the order given; command-wide errors have no entry.
        field_errors: BTreeMap<String, Vec<String>>,
    },
}

/// Spec section 8 'Async command failure: field errors collected per field, the first real
/// message used; fallback Server accepted command but encountered errors.'
///
/// Status 1, 2, 3 are completed, failed, canceled. An absent status, or 0, is a command still
/// running. Any other value is 'Server returns unknown error.'. A failure without any error
/// is 'Server accepted command but encountered an unknown error.'; with errors none of which
/// carries a real (non-blank) message, 'Server accepted command but encountered errors.'.
pub fn command_outcome(status: &CommandStatus) -> CommandOutcome {
    match status.status {
        None | Some(CommandState::Unknown(0)) => CommandOutcome::Pending,
        Some(CommandState::Completed) => CommandOutcome::Completed,
        Some(CommandState::Canceled) => CommandOutcome::Canceled,
        Some(CommandState::Unknown(_)) => {
            CommandOutcome::Failed { message: UNKNOWN_SERVER_ERROR.to_owned(), field_errors: BTreeMap::new() }
        }
        Some(CommandState::Failed) => {
            let mut field_errors: BTreeMap<String, Vec<String>> = BTreeMap::new();
            let mut first = None;
            for error in &status.errors {
                let Some(message) = error.message.as_deref().map(str::trim).filter(|m| !m.is_empty()) else {
                    continue;
                };
                first.get_or_insert_with(|| message.to_owned());
                if let Some(field) = error.field.as_deref().map(str::trim).filter(|f| !f.is_empty()) {
                    field_errors.entry(field.to_owned()).or_default().push(message.to_owned());
                }
            }
            let message = first.unwrap_or_else(|| {
                if status.errors.is_empty() { ACCEPTED_WITH_UNKNOWN_ERROR } else { ACCEPTED_WITH_ERRORS }.to_owned()
            });
            CommandOutcome::Failed { message, field_errors }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use contracts::upstream::CommandError;

    fn status(value: Option<i32>, errors: &[(Option<&str>, Option<&str>)]) -> CommandStatus {
        CommandStatus {
            id: None,
            status: value.map(CommandState::from),
            errors: errors
                .iter()
                .map(|(f, m)| CommandError { field: f.map(String::from), message: m.map(String::from) })
                .collect(),
        }
    }

    fn failed(message: &str, fields: &[(&str, &[&str])]) -> CommandOutcome {
        CommandOutcome::Failed {
            message: message.into(),
            field_errors: fields
                .iter()
                .map(|(f, ms)| (f.to_string(), ms.iter().map(|m| m.to_string()).collect()))
                .collect(),
        }
    }

    /// Spec section 4 'Async command result: completed=1, failed=2, canceled=3' and section 8.
    #[test]
    fn async_command_result_status_and_failure_messages() {
        let cases = [
            ("running: no status", status(None, &[]), CommandOutcome::Pending),
            ("running: 0", status(Some(0), &[]), CommandOutcome::Pending),
            ("completed", status(Some(1), &[]), CommandOutcome::Completed),
            ("canceled", status(Some(3), &[]), CommandOutcome::Canceled),
            ("unknown status", status(Some(9), &[]), failed(UNKNOWN_SERVER_ERROR, &[])),
            ("failed without errors", status(Some(2), &[]), failed(ACCEPTED_WITH_UNKNOWN_ERROR, &[])),
            (
                "failed with blank messages only",
                status(Some(2), &[(Some("name"), Some("  ")), (None, None)]),
                failed(ACCEPTED_WITH_ERRORS, &[]),
            ),
            (
                "first real message, errors per field",
                status(
                    Some(2),
                    &[
                        (Some("name"), Some("")),
                        (Some("name"), Some("Name is required")),
                        (None, Some("Course is closed")),
                        (Some("name"), Some("Name is too long")),
                        (Some("code"), Some("Code is taken")),
                    ],
                ),
                failed(
                    "Name is required",
                    &[("code", &["Code is taken"]), ("name", &["Name is required", "Name is too long"])],
                ),
            ),
        ];
        for (clause, s, outcome) in cases {
            assert_eq!(command_outcome(&s), outcome, "{clause}");
        }
    }

    #[test]
    fn async_command_status_reads_the_upstream_shapes() {
        let parsed: CommandStatus = serde_json::from_str(
            r#"{"status":2,"errors":[{"propertyName":"timezone","errorMessage":"Unknown zone"}],"extra":1}"#,
        )
        .expect("parses");
        assert_eq!(command_outcome(&parsed), failed("Unknown zone", &[("timezone", &["Unknown zone"])]));
        let running: CommandStatus = serde_json::from_str("{}").expect("parses");
        assert_eq!(command_outcome(&running), CommandOutcome::Pending);
    }
}
