//! The objective aggregate: an enrolled course's workflows (attempts), their records
//! (results) and the certificates a passed attempt earns.

use rusqlite::{Connection, OptionalExtension, params};
use serde_json::{Value, json};
use uuid::Uuid;

use super::{
    Ctx, Outcome, date_text, db_error,
    states::{course_state, workflow_state},
    text,
    tree::Tree,
};
use crate::api::{commands::FieldErrors, grading::grade_for};

const DAY: i64 = 86_400;

/// The access behind an aggregate of `user`, with what starting needs.
struct Access {
    mandatory: bool,
    self_enrolled_ms: Option<i64>,
    retake: bool,
    available_from: Option<i64>,
    available_until: Option<i64>,
    state: i64,
}

fn access(db: &Connection, user: &str, aggregate: &str, now_ms: i64) -> rusqlite::Result<Option<Access>> {
    db.prepare_cached(
        "SELECT a.is_mandatory, a.self_enrolled_ms, a.retake, a.availability_date, a.availability_end_date,
                o.activity_state
         FROM accesses a JOIN objectives o ON o.id = a.objective_id
         WHERE a.aggregate_id = ?1 AND a.user_id = ?2 AND a.visible_ms <= ?3",
    )?
    .query_row(params![aggregate, user, now_ms], |r| {
        Ok(Access {
            mandatory: r.get(0)?,
            self_enrolled_ms: r.get(1)?,
            retake: r.get(2)?,
            available_from: r.get(3)?,
            available_until: r.get(4)?,
            state: r.get(5)?,
        })
    })
    .optional()
}

/// An objective workflow of `user`.
pub(in crate::api) struct Workflow {
    pub(in crate::api) id: String,
    pub(in crate::api) aggregate: String,
    pub(in crate::api) state: i64,
    pub(in crate::api) objective: String,
    pub(in crate::api) record: Option<String>,
}

/// The objective workflow `id` when it belongs to `user`.
pub(in crate::api) fn workflow(db: &Connection, user: &str, id: &str) -> rusqlite::Result<Option<Workflow>> {
    db.prepare_cached(
        "SELECT w.id, w.aggregate_id, w.state, a.objective_id, w.record_id FROM workflows w
         JOIN accesses a ON a.aggregate_id = w.aggregate_id WHERE w.id = ?1 AND a.user_id = ?2",
    )?
    .query_row(params![id, user], |r| {
        Ok(Workflow { id: r.get(0)?, aggregate: r.get(1)?, state: r.get(2)?, objective: r.get(3)?, record: r.get(4)? })
    })
    .optional()
}

/// `start-objective-workflows`: a new workflow (id `id`) for the aggregate, when none exists
/// or the last one is finished and a retake is allowed.
pub(in crate::api) fn start_objective(db: &Connection, ctx: &Ctx, body: &Value) -> Outcome {
    const FIELD: &str = "objectiveWorkflowAggregateId";
    let aggregate = text(body, FIELD);
    let new_id = text(body, "id");
    let a = access(db, &ctx.user, aggregate, ctx.now_ms)
        .map_err(db_error)?
        .ok_or_else(|| FieldErrors::one(FIELD, "There is no such course for this user."))?;
    match a.state {
        course_state::DRAFT => return Err(FieldErrors::one(FIELD, "The course is coming soon and cannot be started.")),
        course_state::ARCHIVED => return Err(FieldErrors::one(FIELD, "The course is not available.")),
        _ => {}
    }
    if let Some(from) = a.available_from.filter(|t| *t > ctx.now) {
        return Err(FieldErrors::one(FIELD, format!("The course will be available to start on {}.", date_text(from))));
    }
    let last: Option<i64> = db
        .prepare_cached("SELECT state FROM workflows WHERE aggregate_id = ?1 ORDER BY started DESC, rowid DESC LIMIT 1")
        .and_then(|mut s| s.query_row([aggregate], |r| r.get(0)).optional())
        .map_err(db_error)?;
    let has_record = db
        .prepare_cached("SELECT 1 FROM records WHERE aggregate_id = ?1")
        .and_then(|mut s| s.exists([aggregate]))
        .map_err(db_error)?;
    let enrolled = a.mandatory || a.self_enrolled_ms.is_some_and(|t| t <= ctx.now_ms) || last.is_some() || has_record;
    if !enrolled {
        return Err(FieldErrors::one(FIELD, "Enrol in the course before starting it."));
    }
    match last {
        Some(workflow_state::FINISHED) | None if (last.is_some() || has_record) && !a.retake => {
            return Err(FieldErrors::one(FIELD, "The course is finished and a retake is not allowed."));
        }
        Some(workflow_state::FINISHED) | None => {}
        Some(_) => return Err(FieldErrors::one(FIELD, "The last attempt of this course is not finished.")),
    }
    if let Some(until) = a.available_until.filter(|t| *t < ctx.now) {
        return Err(FieldErrors::one(FIELD, format!("The course was available to start before {}.", date_text(until))));
    }
    let used = db.prepare_cached("SELECT 1 FROM workflows WHERE id = ?1").and_then(|mut s| s.exists([new_id]));
    if used.map_err(db_error)? {
        return Err(FieldErrors::one("id", "A workflow with this id exists."));
    }
    db.prepare_cached("INSERT INTO workflows VALUES (?1, ?2, ?3, 0.0, ?4, NULL, NULL, NULL)")
        .and_then(|mut s| s.execute(params![new_id, aggregate, workflow_state::IN_PROGRESS, ctx.now]))
        .map_err(db_error)?;
    Ok(
        json!({ "objectiveWorkflowId": new_id, "objectiveWorkflowAggregateId": aggregate, "state": workflow_state::IN_PROGRESS }),
    )
}

/// The workflow named by `field`, owned by the user, in one of `states`.
pub(super) fn owned_workflow(
    db: &Connection,
    ctx: &Ctx,
    body: &Value,
    field: &str,
    states: &[i64],
    what: &str,
) -> Result<Workflow, FieldErrors> {
    let w = workflow(db, &ctx.user, text(body, field))
        .map_err(db_error)?
        .ok_or_else(|| FieldErrors::one(field, "There is no such workflow for this user."))?;
    if !states.contains(&w.state) {
        return Err(FieldErrors::one(field, format!("{what} (the workflow's state is {}).", w.state)));
    }
    Ok(w)
}

/// Score, grade and pass of a workflow, from its activity records and the course's scale.
struct Grading {
    normalized: f64,
    grade: Option<String>,
    passed: bool,
    progress: f64,
}

fn result_of(db: &Connection, w: &Workflow, now: i64) -> Result<(Grading, Tree), FieldErrors> {
    let tree = Tree::load(db, &w.objective, Some(&w.id), now).map_err(db_error)?;
    let normalized = tree.normalized(tree.root()).unwrap_or(0.0);
    let scale: Option<Value> = db
        .prepare_cached(
            "SELECT g.body FROM objectives o JOIN grading_scales g ON g.id = o.grading_scale_id WHERE o.id = ?1",
        )
        .and_then(|mut s| s.query_row([&w.objective], |r| r.get::<_, String>(0)).optional())
        .map_err(db_error)?
        .and_then(|b| serde_json::from_str(&b).ok());
    let passing = scale.as_ref().and_then(|s| s["normalizedPassingScore"].as_f64()).unwrap_or(0.6);
    let grade = scale.as_ref().and_then(|s| grade_for(s, normalized));
    let progress = tree.progress();
    Ok((Grading { normalized, grade, passed: normalized >= passing, progress }, tree))
}

/// `submit-objective-workflows`: an in-progress workflow becomes submitted (or in grading
/// when a proctored or collaborative activity needs a grader) and gets its record.
pub(in crate::api) fn submit_objective(db: &Connection, ctx: &Ctx, body: &Value) -> Outcome {
    let w = owned_workflow(
        db,
        ctx,
        body,
        "id",
        &[workflow_state::IN_PROGRESS],
        "Only a workflow in progress can be submitted",
    )?;
    let (result, tree) = result_of(db, &w, ctx.now)?;
    let needs_grader = tree.activities.iter().any(|a| (a.proctored || a.collaborative) && tree.counted(a));
    let state = if needs_grader { workflow_state::IN_GRADING } else { workflow_state::SUBMITTED };
    let record = Uuid::new_v4().to_string();
    insert_record(db, &record, &w, &result, false, ctx.now)?;
    db.prepare_cached("UPDATE workflows SET state = ?1, submitted = ?2, record_id = ?3, progress = ?4 WHERE id = ?5")
        .and_then(|mut s| s.execute(params![state, ctx.now, record, result.progress, w.id]))
        .map_err(db_error)?;
    Ok(json!({ "objectiveWorkflowId": w.id, "objectiveRecordId": record, "state": state }))
}

fn insert_record(
    db: &Connection,
    id: &str,
    w: &Workflow,
    r: &Grading,
    finished: bool,
    now: i64,
) -> Result<(), FieldErrors> {
    db.prepare_cached("INSERT INTO records VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, 100.0, ?8, ?9, ?10)")
        .and_then(|mut s| {
            s.execute(params![
                id,
                w.aggregate,
                w.id,
                r.grade,
                r.passed,
                finished,
                r.normalized * 100.0,
                r.normalized,
                r.progress,
                now
            ])
        })
        .map_err(db_error)?;
    Ok(())
}

/// `finish-objective-workflows`: the workflow is finished, its record final, and a
/// certificate issued when passed and the course has a template.
pub(in crate::api) fn finish_objective(db: &Connection, ctx: &Ctx, body: &Value) -> Outcome {
    let w = owned_workflow(
        db,
        ctx,
        body,
        "objectiveWorkflowId",
        &[
            workflow_state::IN_PROGRESS,
            workflow_state::SUBMITTED,
            workflow_state::GRADED,
            workflow_state::GRADING_APPROVED,
        ],
        "Only a workflow in progress, submitted or graded can be finished",
    )?;
    let (result, _) = result_of(db, &w, ctx.now)?;
    let record = match &w.record {
        Some(id) => {
            db.prepare_cached(
                "UPDATE records SET grade = ?1, passed = ?2, finished = 1, score = ?3, normalized_score = ?4, progress = ?5,
                 created = ?6 WHERE id = ?7",
            )
            .and_then(|mut s| {
                s.execute(params![
                    result.grade,
                    result.passed,
                    result.normalized * 100.0,
                    result.normalized,
                    result.progress,
                    ctx.now,
                    id
                ])
            })
            .map_err(db_error)?;
            id.clone()
        }
        None => {
            let id = Uuid::new_v4().to_string();
            insert_record(db, &id, &w, &result, true, ctx.now)?;
            id
        }
    };
    db.prepare_cached(
        "UPDATE workflows SET state = ?5, finished = ?1, submitted = COALESCE(submitted, ?1), record_id = ?2, progress = ?3 WHERE id = ?4",
    )
    .and_then(|mut s| s.execute(params![ctx.now, record, result.progress, w.id, workflow_state::FINISHED]))
    .map_err(db_error)?;
    let certificate = if result.passed { issue_certificate(db, ctx, &w, &record)? } else { None };
    Ok(json!({
        "objectiveWorkflowId": w.id, "objectiveRecordId": record, "score": result.normalized * 100.0, "maxScore": 100.0,
        "normalizedScore": result.normalized, "grade": result.grade, "passed": result.passed, "finished": true,
        "certificateRecordId": certificate,
    }))
}

/// Issues the certificate a passed attempt earns when its course has a template: its id, or
/// `None` for a course without one.
fn issue_certificate(db: &Connection, ctx: &Ctx, w: &Workflow, record: &str) -> Result<Option<String>, FieldErrors> {
    let template: Option<(String, Option<i64>)> = db
        .prepare_cached("SELECT certificate_template, certificate_valid_days FROM objectives WHERE id = ?1 AND certificate_template IS NOT NULL")
        .and_then(|mut s| s.query_row([&w.objective], |r| Ok((r.get(0)?, r.get(1)?))).optional())
        .map_err(db_error)?;
    let Some((name, days)) = template else { return Ok(None) };
    let id = Uuid::new_v4().to_string();
    db.prepare_cached("INSERT INTO certificates VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, 0.6)")
        .and_then(|mut s| {
            s.execute(params![
                id,
                ctx.tenant,
                crate::seed::certificate_number(&ctx.tenant, record),
                ctx.user,
                w.objective,
                record,
                name,
                ctx.now,
                days.map(|d| ctx.now + d * DAY),
            ])
        })
        .map_err(db_error)?;
    Ok(Some(id))
}
