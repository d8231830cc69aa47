//! The upstream's commands of spec section 7 (start, submit, finish, self-enrolment, time zone)
//! and the reads the command flows need (access, aggregate, workflow, activity tree, command
//! status).

use contracts::upstream::{CommandError, CommandState, CommandStatus, ObjectiveAccess, ObjectiveWorkflowAggregate};
use reqwest::Method;
use serde_json::Value;
use url::Url;
use uuid::Uuid;

use super::{CallContext, CommandAnswer, Prefer, Upstream, UpstreamError};

/// A command status as read: the status and the command's result, when it has one.
#[derive(Debug, Clone)]
pub struct ReadStatus {
    /// Status and errors.
    pub status: CommandStatus,
    /// The result of a completed command (`Null` when the upstream gives none).
    pub result: Value,
}

impl Upstream {
    /// `GET users/me/objectives/{id}/objective-access`; `None` when the learner has no access.
    pub async fn find_objective_access(
        &self,
        ctx: &CallContext,
        objective: Uuid,
    ) -> Result<Option<ObjectiveAccess>, UpstreamError> {
        let path = format!("users/me/objectives/{objective}/objective-access");
        found(self.get(ctx, "reading the course access", &path, &[]).await)
    }

    /// `GET objectives/{id}/objective-workflow-aggregate`; `None` until the learner has one.
    pub async fn objective_aggregate(
        &self,
        ctx: &CallContext,
        objective: Uuid,
    ) -> Result<Option<ObjectiveWorkflowAggregate>, UpstreamError> {
        let path = format!("objectives/{objective}/objective-workflow-aggregate");
        found(self.get(ctx, "reading the enrolled course", &path, &[]).await)
    }

    /// `POST {path}` with `body` and `Prefer`.
    pub async fn send_command(
        &self,
        ctx: &CallContext,
        what: &str,
        path: &str,
        body: &Value,
        prefer: Prefer,
    ) -> Result<CommandAnswer, UpstreamError> {
        self.command(ctx, what, Method::POST, path, body, prefer).await
    }

    /// `GET` the status address of an asynchronous command.
    pub async fn command_status(&self, ctx: &CallContext, what: &str, url: &Url) -> Result<ReadStatus, UpstreamError> {
        let body: Value = self.get_url(ctx, what, url).await?;
        Ok(read_status(&body))
    }

    /// `POST users/{id}/timezone` (synchronously).
    pub async fn set_timezone(
        &self,
        ctx: &CallContext,
        user: Uuid,
        timezone: &str,
    ) -> Result<CommandAnswer, UpstreamError> {
        let body = serde_json::json!({ "timezone": timezone });
        self.send_command(ctx, "saving the time zone", &format!("users/{user}/timezone"), &body, Prefer::RespondSync)
            .await
    }
}

fn found<T>(result: Result<T, UpstreamError>) -> Result<Option<T>, UpstreamError> {
    match result {
        Ok(value) => Ok(Some(value)),
        Err(UpstreamError::NotFound(_)) => Ok(None),
        Err(e) => Err(e),
    }
}

/// A command status body: `status` as a number, `errors` either a list of `{field, message}`
/// (or the .NET names) or an object of messages per field, and `result`. The format of error
/// bodies beyond a first message is not specified (spec section 8), so both shapes are read.
pub fn read_status(body: &Value) -> ReadStatus {
    let status = body.get("status").and_then(Value::as_i64).and_then(|s| i32::try_from(s).ok()).map(CommandState::from);
    ReadStatus {
        status: CommandStatus { id: None, status, errors: errors_of(body) },
        result: body.get("result").cloned().unwrap_or(Value::Null),
    }
}

/// The errors of a refused command's body (a 400 problem or a failed status), in the order
/// given; a body with no errors but a `detail` yields that one message.
pub fn errors_of(body: &Value) -> Vec<CommandError> {
    let mut errors = Vec::new();
    match body.get("errors") {
        Some(Value::Array(items)) => {
            errors.extend(items.iter().filter_map(|i| serde_json::from_value::<CommandError>(i.clone()).ok()));
        }
        Some(Value::Object(fields)) => {
            for (field, messages) in fields {
                let field = (!field.is_empty()).then(|| field.clone());
                let messages: Vec<&Value> = match messages {
                    Value::Array(list) => list.iter().collect(),
                    other => vec![other],
                };
                for message in messages {
                    errors.push(CommandError { field: field.clone(), message: message.as_str().map(String::from) });
                }
            }
        }
        _ => {}
    }
    if errors.iter().all(|e| e.message.as_deref().is_none_or(|m| m.trim().is_empty()))
        && let Some(detail) = body.get("detail").and_then(Value::as_str)
    {
        errors.insert(0, CommandError { field: None, message: Some(detail.to_string()) });
    }
    errors
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;
    use crate::domain::commands::{CommandOutcome, command_outcome};

    #[test]
    fn both_error_shapes_give_the_first_message_and_the_fields() {
        let problem = json!({ "title": "Bad Request", "status": 400, "detail": "You are already enrolled.",
            "errors": { "objectiveAccessId": ["You are already enrolled."] } });
        let failed = CommandStatus { id: None, status: Some(CommandState::Failed), errors: errors_of(&problem) };
        match command_outcome(&failed) {
            CommandOutcome::Failed { code: crate::domain::commands::FAILED, message, field_errors } => {
                assert_eq!(message, "You are already enrolled.");
                assert_eq!(field_errors["objectiveAccessId"], ["You are already enrolled."]);
            }
            other => panic!("{other:?}"),
        }
        let listed =
            read_status(&json!({ "status": 2, "errors": [{ "propertyName": "id", "errorMessage": "Bad id" }] }));
        assert!(
            matches!(command_outcome(&listed.status), CommandOutcome::Failed { message, .. } if message == "Bad id")
        );
        let only_detail = errors_of(&json!({ "detail": "Closed" }));
        assert_eq!(only_detail[0].message.as_deref(), Some("Closed"));
        let done = read_status(&json!({ "id": "x", "status": 1, "result": { "objectiveRecordId": "r" } }));
        assert_eq!(command_outcome(&done.status), CommandOutcome::Completed);
        assert_eq!(done.result["objectiveRecordId"], "r");
        let pending = read_status(&json!({ "status": 0 }));
        assert_eq!(command_outcome(&pending.status), CommandOutcome::Pending);
    }
}
