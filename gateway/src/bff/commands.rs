//! What every `/api/bff` command shares: turning an upstream refusal into the problem of spec
//! section 8, and waiting for an asynchronous command (ids are read by [`super::params`]).

use std::time::Duration;

use contracts::upstream::{CommandState, CommandStatus};
use serde_json::Value;
use tokio::time::Instant;

use crate::{
    config::CommandSettings,
    domain::commands::{CommandOutcome, TIME_OVER, command_outcome},
    error::AppError,
    upstream::{CallContext, CommandAnswer, Upstream, UpstreamError, commands::errors_of},
};

/// A failed upstream command as the caller sees it: a refusal (400/422 with field errors)
/// becomes [`AppError::CommandFailed`] with the first message (spec section 8); other failures
/// map by cause.
pub(crate) fn command_error(e: UpstreamError) -> AppError {
    match e {
        UpstreamError::Rejected(_, body) => failed(&body),
        other => other.into(),
    }
}

fn failed(body: &Value) -> AppError {
    let status = CommandStatus { id: None, status: Some(CommandState::Failed), errors: errors_of(body) };
    outcome_error(command_outcome(&status))
}

fn outcome_error(outcome: CommandOutcome) -> AppError {
    match outcome {
        CommandOutcome::Failed { code, message, field_errors } => {
            AppError::CommandFailed { code, message, field_errors }
        }
        CommandOutcome::Canceled => AppError::Conflict("command_canceled", "The command was canceled.".into()),
        CommandOutcome::Pending | CommandOutcome::Completed => {
            AppError::Internal(anyhow::anyhow!("a finished command read as {outcome:?}"))
        }
    }
}

/// The result of a command sent with `Prefer: respond-async`: a synchronous 2xx answer is the
/// result itself; a 202 is followed by reading its `Location` every `poll_interval_ms` until the
/// command completes (its result), fails (its first message and field errors), is canceled, or
/// `poll_timeout_ms` passed ('Time over!', spec sections 4, 8 and 9).
pub(crate) async fn await_command(
    upstream: &Upstream,
    ctx: &CallContext,
    what: &str,
    answer: CommandAnswer,
    settings: &CommandSettings,
) -> Result<Value, AppError> {
    if answer.status != reqwest::StatusCode::ACCEPTED {
        return Ok(answer.body);
    }
    let Some(location) = answer.location else {
        return Err(AppError::BadGateway(format!("{what}: accepted without a status address")));
    };
    let deadline = Instant::now() + Duration::from_millis(settings.poll_timeout_ms);
    let interval = Duration::from_millis(settings.poll_interval_ms);
    loop {
        let now = Instant::now();
        if now >= deadline {
            return Err(AppError::CommandTimedOut("time_over", TIME_OVER.into()));
        }
        tokio::time::sleep(interval.min(deadline - now)).await;
        let read = upstream.command_status(ctx, what, &location).await?;
        match command_outcome(&read.status) {
            CommandOutcome::Pending => continue,
            CommandOutcome::Completed => return Ok(read.result),
            other => return Err(outcome_error(other)),
        }
    }
}

/// Reads a status body as [`await_command`] does (for tests of the mapping).
#[cfg(test)]
pub(crate) fn status_error(body: &Value) -> Option<AppError> {
    match command_outcome(&crate::upstream::commands::read_status(body).status) {
        CommandOutcome::Pending | CommandOutcome::Completed => None,
        other => Some(outcome_error(other)),
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    #[test]
    fn refusals_and_failures_become_problems_with_the_first_message() {
        let refused = command_error(UpstreamError::Rejected(
            "enrolling".into(),
            json!({ "detail": "You are already enrolled in this course.",
                "errors": { "objectiveAccessId": ["You are already enrolled in this course."] } }),
        ));
        assert!(
            matches!(&refused, AppError::CommandFailed { code: "command_failed", message, field_errors }
                if message == "You are already enrolled in this course." && field_errors.contains_key("objectiveAccessId")),
            "{refused:?}"
        );
        assert!(matches!(command_error(UpstreamError::NotFound("x".into())), AppError::NotFound));
        assert!(matches!(status_error(&json!({ "status": 3 })), Some(AppError::Conflict("command_canceled", _))));
        assert!(matches!(
            status_error(&json!({ "status": 2 })),
            Some(AppError::CommandFailed { code: "command_failed_unexplained", message, .. })
                if message == crate::domain::commands::ACCEPTED_WITH_UNKNOWN_ERROR
        ));
        assert!(status_error(&json!({ "status": 0 })).is_none());
    }
}
