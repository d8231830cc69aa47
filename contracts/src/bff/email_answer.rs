//! The email-answer page (spec section 2, 'Email-answer page').

use serde::{Deserialize, Serialize};
use ts_rs::TS;
use utoipa::ToSchema;

/// `GET /api/bff/email-answer`: the module an e-mailed answer belongs to; 404 ('Module not
/// found') when the learner has no such module.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct EmailAnswerView {
    /// Course (objective) id.
    pub objective_id: String,
    /// Course name.
    pub course_name: String,
    /// The module's (activity's) name.
    pub module_name: String,
    /// The module's path id.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub activity_path_id: Option<String>,
    /// The answer id from the e-mail, echoed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub answer_id: Option<String>,
    /// The answer text from the e-mail, echoed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub answer_text: Option<String>,
    /// Correct or incorrect: the module's best record passed; absent while it has none or while
    /// the course's result is hidden.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub correct: Option<bool>,
    /// The 'Review module' button's target, relative to the client's base path.
    pub review_link: String,
}
