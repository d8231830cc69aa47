//! The status of an asynchronous command and its errors (spec sections 4 and 8).

use serde::{Deserialize, Serialize};
use uuid::Uuid;

use super::CommandState;

/// One error of a failed command. The upstream's error body beyond a first message is not
/// specified; the .NET validation names are accepted too.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct CommandError {
    /// The field the error is about; `None` for the command as a whole.
    #[serde(alias = "propertyName")]
    pub field: Option<String>,
    /// Human-readable message.
    #[serde(alias = "errorMessage")]
    pub message: Option<String>,
}

/// The status of an asynchronous command (spec sections 4 and 8).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct CommandStatus {
    /// Command id.
    pub id: Option<Uuid>,
    /// Completed, failed or canceled; absent while running.
    pub status: Option<CommandState>,
    /// Errors of a failed command.
    #[serde(default)]
    pub errors: Vec<CommandError>,
}
