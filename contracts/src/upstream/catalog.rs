//! Collections, terms and grading scales (spec section 3).

use serde::{Deserialize, Serialize};
use uuid::Uuid;

/// A collection (showcase) reference on an objective.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ShowcaseRef {
    /// Collection id.
    pub id: Uuid,
    /// Collection name.
    pub name: String,
}

/// A term of the current user.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Term {
    /// Term id.
    pub id: Uuid,
    /// Term name.
    pub name: String,
}

/// A collection (showcase).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Showcase {
    /// Collection id.
    pub id: Uuid,
    /// Collection name.
    pub name: String,
    /// Optional code.
    pub code: Option<String>,
    /// Number of courses in it.
    pub objectives_count: Option<i64>,
    /// Sort order.
    pub order: Option<i64>,
}

/// A grade of a grading scale.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ObjectiveGrade {
    /// Grade name.
    pub name: String,
    /// Display colour.
    pub color: Option<String>,
    /// Minimum normalised score (0..1) for this grade.
    pub normalized_min_score: f64,
}

/// Objective grading scale (spec section 3).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct GradingScale {
    /// Scale id.
    pub id: Uuid,
    /// Scale name.
    pub name: String,
    /// Maximum score.
    pub max_score: Option<f64>,
    /// Passing score normalised to 0..1.
    pub normalized_passing_score: Option<f64>,
    /// Grades of the scale.
    #[serde(default)]
    pub objective_grades: Vec<ObjectiveGrade>,
}
