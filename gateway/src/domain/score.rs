//! Spec section 5: score colour, score display, grade from the grading scale, progress.

use contracts::{
    bff::{ScoreColor, ScoreDisplay, ScorePoints},
    upstream::GradingScale,
};

/// Spec section 5 'Score colour': full score or normalized score of 0.8 or more = success;
/// 0.4 or more = accent; below = danger.
pub fn score_color(score: Option<f64>, max_score: Option<f64>, normalized: f64) -> ScoreColor {
    let full = matches!((score, max_score), (Some(s), Some(m)) if m > 0.0 && s >= m);
    if full || normalized >= 0.8 {
        ScoreColor::Success
    } else if normalized >= 0.4 {
        ScoreColor::Accent
    } else {
        ScoreColor::Danger
    }
}

/// Spec section 5: scores display as a percent of maximum with 0 decimals.
pub fn score_percent(normalized: f64) -> u32 {
    (normalized.clamp(0.0, 1.0) * 100.0).round() as u32
}

/// Spec section 5: grade = highest grade whose minimum score is reached, else the lowest grade.
pub fn grade_for(scale: &GradingScale, normalized: f64) -> Option<String> {
    let reached = scale
        .objective_grades
        .iter()
        .filter(|g| normalized >= g.normalized_min_score)
        .max_by(|a, b| a.normalized_min_score.total_cmp(&b.normalized_min_score));
    let lowest =
        || scale.objective_grades.iter().min_by(|a, b| a.normalized_min_score.total_cmp(&b.normalized_min_score));
    reached.or_else(lowest).map(|g| g.name.clone())
}

/// Spec section 5: 'Scores display as a percent of maximum (0 decimals) or X out of Y points;
/// the points form is hidden when max score is 1.' The normalised score is used when given,
/// else score over max score; `None` when neither gives a number.
pub fn score_display(score: Option<f64>, max_score: Option<f64>, normalized: Option<f64>) -> Option<ScoreDisplay> {
    let finite = |v: Option<f64>| v.filter(|v| v.is_finite());
    let (score, max_score) = (finite(score), finite(max_score));
    let normalized = finite(normalized).or_else(|| match (score, max_score) {
        (Some(s), Some(m)) if m > 0.0 => Some(s / m),
        _ => None,
    })?;
    let points = match (score, max_score) {
        (Some(score), Some(max_score)) if max_score > 0.0 && max_score != 1.0 => Some(ScorePoints { score, max_score }),
        _ => None,
    };
    Some(ScoreDisplay { percent: score_percent(normalized), points, color: score_color(score, max_score, normalized) })
}

/// Spec section 5: progress is clamped to 0..1 and shown as a percentage.
pub fn progress_percent(progress: Option<f64>) -> u32 {
    let p = progress.filter(|p| p.is_finite()).unwrap_or(0.0).clamp(0.0, 1.0);
    (p * 100.0).round() as u32
}

#[cfg(test)]
mod tests {
    use super::*;
    use contracts::upstream::ObjectiveGrade;

    /// Spec section 5 'Score colour'.
    #[test]
    fn score_colour_success_accent_danger() {
        let cases = [
            (Some(10.0), Some(10.0), 0.5, ScoreColor::Success),
            (None, None, 0.8, ScoreColor::Success),
            (None, None, 0.79, ScoreColor::Accent),
            (None, None, 0.4, ScoreColor::Accent),
            (None, None, 0.39, ScoreColor::Danger),
            (Some(0.0), Some(0.0), 0.0, ScoreColor::Danger),
        ];
        for (score, max, normalized, expected) in cases {
            assert_eq!(score_color(score, max, normalized), expected, "{score:?}/{max:?} {normalized}");
        }
    }

    /// Spec section 5 'percent of maximum (0 decimals)'.
    #[test]
    fn score_displays_as_whole_percent() {
        for (n, p) in [(0.0, 0), (0.925, 93), (0.924, 92), (1.0, 100), (1.2, 100), (-0.1, 0)] {
            assert_eq!(score_percent(n), p, "{n}");
        }
    }

    fn scale() -> GradingScale {
        let grade = |name: &str, min: f64| ObjectiveGrade { name: name.into(), color: None, normalized_min_score: min };
        GradingScale {
            id: uuid::Uuid::nil(),
            name: "Letters".into(),
            max_score: Some(100.0),
            normalized_passing_score: Some(0.6),
            objective_grades: vec![grade("B", 0.8), grade("A", 0.9), grade("F", 0.2), grade("C", 0.7), grade("D", 0.6)],
        }
    }

    /// Spec section 5 'Grade = highest grade whose minimum score is reached, else the lowest grade'.
    #[test]
    fn grade_is_the_highest_reached_else_the_lowest() {
        for (n, g) in [(0.95, "A"), (0.9, "A"), (0.85, "B"), (0.6, "D"), (0.3, "F"), (0.1, "F")] {
            assert_eq!(grade_for(&scale(), n).as_deref(), Some(g), "{n}");
        }
        let empty = GradingScale { objective_grades: vec![], ..scale() };
        assert_eq!(grade_for(&empty, 0.5), None);
    }

    /// Spec section 5 'percent of maximum (0 decimals) or X out of Y points; the points form is
    /// hidden when max score is 1'.
    #[test]
    fn score_display_percent_and_points_hidden_when_max_score_is_one() {
        let points = |score, max_score| Some(ScorePoints { score, max_score });
        // (clause, score, max, normalized, percent, points)
        let cases = [
            ("points and percent", Some(7.0), Some(10.0), Some(0.7), Some(70), points(7.0, 10.0)),
            ("normalised from points", Some(45.0), Some(60.0), None, Some(75), points(45.0, 60.0)),
            ("max score 1 hides points", Some(1.0), Some(1.0), Some(1.0), Some(100), None),
            ("max score 1, fraction", Some(0.5), Some(1.0), None, Some(50), None),
            ("normalised only", None, None, Some(0.333), Some(33), None),
            ("max score 0", Some(0.0), Some(0.0), None, None, None),
            ("nothing", None, None, None, None, None),
            ("not a number", Some(f64::NAN), Some(10.0), None, None, None),
        ];
        for (clause, score, max, normalized, percent, pts) in cases {
            let shown = score_display(score, max, normalized);
            assert_eq!(shown.map(|s| s.percent), percent, "{clause}");
            assert_eq!(shown.and_then(|s| s.points), pts, "{clause}");
        }
        let shown = score_display(Some(10.0), Some(10.0), Some(0.5)).expect("a score");
        assert_eq!(shown.color, ScoreColor::Success, "full score colours as success");
    }

    /// Spec section 5 'Progress is clamped to 0..1 and shown as a percentage'.
    #[test]
    fn progress_is_clamped_and_shown_as_percentage() {
        for (p, pct) in [(None, 0), (Some(0.35), 35), (Some(1.4), 100), (Some(-0.2), 0), (Some(f64::NAN), 0)] {
            assert_eq!(progress_percent(p), pct, "{p:?}");
        }
    }
}
