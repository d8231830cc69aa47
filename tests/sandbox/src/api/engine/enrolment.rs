//! The enrolment aggregate: a learner's self-enrolment in a catalog course, by its access or,
//! for an open-catalog course without one, by a new access.

use rusqlite::{Connection, OptionalExtension, params};
use serde_json::{Value, json};
use uuid::Uuid;

use super::{Ctx, Outcome, db_error, states::course_state, text};
use crate::api::commands::FieldErrors;

/// `create-self-enrollments`: enrols the user in a catalog course, by its access
/// (`objectiveAccessId`) or, for an open-catalog course without one, by `objectiveId`. The
/// enrolment shows on the aggregate after the configured delay.
pub(in crate::api) fn self_enroll(db: &Connection, ctx: &Ctx, body: &Value) -> Outcome {
    let at = ctx.now_ms + ctx.enrollment_delay_ms;
    if let Some(access) = body.get("objectiveAccessId").and_then(Value::as_str) {
        let row: Option<(bool, bool, Option<i64>, String, String)> = db
            .prepare_cached(
                "SELECT a.show_in_catalog, a.is_mandatory, a.self_enrolled_ms, a.aggregate_id, a.objective_id FROM accesses a
                 WHERE a.id = ?1 AND a.user_id = ?2",
            )
            .and_then(|mut s| s.query_row(params![access, ctx.user], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?, r.get(4)?))).optional())
            .map_err(db_error)?;
        let (in_catalog, mandatory, enrolled, aggregate, objective) =
            row.ok_or_else(|| FieldErrors::one("objectiveAccessId", "There is no such course access for this user."))?;
        if enrolled.is_some() || mandatory {
            return Err(FieldErrors::one("objectiveAccessId", "You are already enrolled in this course."));
        }
        if !in_catalog {
            return Err(FieldErrors::one("objectiveAccessId", "This course is not open for self-enrolment."));
        }
        db.prepare_cached("UPDATE accesses SET self_enrolled_ms = ?1 WHERE id = ?2")
            .and_then(|mut s| s.execute(params![at, access]))
            .map_err(db_error)?;
        return Ok(
            json!({ "id": text(body, "id"), "objectiveAccessId": access, "objectiveWorkflowAggregateId": aggregate, "objectiveId": objective }),
        );
    }
    let objective = text(body, "objectiveId");
    let open: Option<i64> = db
        .prepare_cached("SELECT activity_state FROM objectives WHERE id = ?1 AND tenant = ?2 AND in_catalog = 1")
        .and_then(|mut s| s.query_row(params![objective, ctx.tenant], |r| r.get(0)).optional())
        .map_err(db_error)?;
    if open.is_none_or(|state| state == course_state::ARCHIVED) {
        return Err(FieldErrors::one("objectiveId", "This course is not in the catalog."));
    }
    let exists = db
        .prepare_cached("SELECT 1 FROM accesses WHERE objective_id = ?1 AND user_id = ?2")
        .and_then(|mut s| s.exists(params![objective, ctx.user]))
        .map_err(db_error)?;
    if exists {
        return Err(FieldErrors::one("objectiveId", "You already have this course; enrol by its objectiveAccessId."));
    }
    let (access, aggregate) = (Uuid::new_v4().to_string(), Uuid::new_v4().to_string());
    db.prepare_cached(
        "INSERT INTO accesses VALUES (?1, ?2, ?3, ?4, 0, 1, NULL, ?5, ?5, 0, NULL, NULL, NULL, 'afterFinish', NULL, 0)",
    )
    .and_then(|mut s| s.execute(params![access, aggregate, ctx.user, objective, at]))
    .map_err(db_error)?;
    Ok(
        json!({ "id": text(body, "id"), "objectiveAccessId": access, "objectiveWorkflowAggregateId": aggregate, "objectiveId": objective }),
    )
}
