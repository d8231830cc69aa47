//! Grading scales: `grading-scales/query`, and the grade a normalised score earns.

use axum::{
    Json, Router,
    extract::{Path, State},
    http::HeaderMap,
    routing::get,
};
use serde_json::Value;

use super::{LoadOptions, json_rows, query_answer, user};
use crate::{Shared, error::ApiError};

pub(super) fn routes() -> Router<Shared> {
    Router::new().route("/t/{tenant}/api/grading-scales/query", get(query_grading_scales))
}

async fn query_grading_scales(
    State(s): State<Shared>,
    Path(tenant): Path<String>,
    headers: HeaderMap,
    query: LoadOptions,
) -> Result<Json<Value>, ApiError> {
    user(&s, &tenant, &headers)?;
    let items = json_rows(&s, "SELECT json(body) FROM grading_scales WHERE tenant = ?1", [&tenant])?;
    query_answer(items, query)
}

/// The grade of `scale` for `normalized` (0..1): the highest grade whose `normalizedMinScore`
/// is reached, else the lowest grade; `None` when the scale has no grades.
pub(crate) fn grade_for(scale: &Value, normalized: f64) -> Option<String> {
    let mut grades: Vec<(f64, &str)> = scale["objectiveGrades"]
        .as_array()?
        .iter()
        .filter_map(|g| Some((g["normalizedMinScore"].as_f64()?, g["name"].as_str()?)))
        .collect();
    grades.sort_by(|a, b| a.0.total_cmp(&b.0));
    let reached = grades.iter().rev().find(|(min, _)| normalized >= *min);
    reached.or(grades.first()).map(|(_, name)| name.to_string())
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::grade_for;

    #[test]
    fn highest_grade_reached_else_the_lowest() {
        let scale = json!({ "objectiveGrades": [
            { "name": "Pass", "normalizedMinScore": 0.5 }, { "name": "Merit", "normalizedMinScore": 0.8 },
            { "name": "Low", "normalizedMinScore": 0.2 },
        ]});
        assert_eq!(grade_for(&scale, 0.9).as_deref(), Some("Merit"));
        assert_eq!(grade_for(&scale, 0.8).as_deref(), Some("Merit"));
        assert_eq!(grade_for(&scale, 0.6).as_deref(), Some("Pass"));
        assert_eq!(grade_for(&scale, 0.1).as_deref(), Some("Low"), "below every minimum: the lowest grade");
        assert_eq!(grade_for(&json!({ "objectiveGrades": [] }), 0.5), None);
    }
}
