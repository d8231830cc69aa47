//! The activity aggregate: activity workflows (one attempt at one activity inside an objective
//! workflow), their records and proctoring sessions.

use rusqlite::{Connection, OptionalExtension, params};
use serde_json::{Value, json};
use uuid::Uuid;

use super::{
    Ctx, Outcome, db_error,
    objective::{owned_workflow, workflow},
    states::{course_state, proctoring_state, workflow_state},
    texts,
    tree::Tree,
};
use crate::api::commands::FieldErrors;

/// `start-activity-workflows`: an activity workflow for each part (the running one is kept),
/// and a proctoring session for proctored activities.
pub(in crate::api) fn start_activities(db: &Connection, ctx: &Ctx, body: &Value) -> Outcome {
    let w = owned_workflow(
        db,
        ctx,
        body,
        "objectiveWorkflowId",
        &[workflow_state::IN_PROGRESS],
        "Activities start only in a workflow in progress",
    )?;
    let tree = Tree::load(db, &w.objective, Some(&w.id), ctx.now).map_err(db_error)?;
    let mut ids = Vec::new();
    for part in texts(body, "activityPartIds") {
        let a = tree
            .by_part(&part)
            .ok_or_else(|| FieldErrors::one("activityPartIds", format!("`{part}` is not a part of this course.")))?;
        match a.state {
            course_state::DRAFT => {
                return Err(FieldErrors::one("activityPartIds", format!("`{}` is coming soon.", a.name)));
            }
            course_state::ARCHIVED => {
                return Err(FieldErrors::one("activityPartIds", format!("`{}` is not available.", a.name)));
            }
            _ => {}
        }
        if !tree.available(a) {
            return Err(FieldErrors::one("activityPartIds", format!("`{}` is not available now.", a.name)));
        }
        if let Some(running) = tree.last.get(&a.id).filter(|aw| aw.state == workflow_state::IN_PROGRESS) {
            ids.push(running.id.clone());
            continue;
        }
        let id = Uuid::new_v4().to_string();
        let session = a.proctored.then(|| Uuid::new_v4().to_string());
        db.prepare_cached(
            "INSERT INTO activity_workflows VALUES (?1, ?2, ?3, ?6, ?4, NULL, NULL, NULL, 0.0, NULL, ?5)",
        )
        .and_then(|mut s| s.execute(params![id, w.id, a.id, ctx.now, session, workflow_state::IN_PROGRESS]))
        .map_err(db_error)?;
        if let Some(session) = session {
            db.prepare_cached("INSERT INTO proctoring_sessions VALUES (?1, ?2, ?4, ?3, NULL)")
                .and_then(|mut s| s.execute(params![session, id, ctx.now, proctoring_state::CREATED]))
                .map_err(db_error)?;
        }
        ids.push(id);
    }
    Ok(json!({ "objectiveWorkflowId": w.id, "activityWorkflowIds": ids }))
}

/// `finish-activity-workflows`: each activity workflow is finished with a record (its score,
/// or full marks for content that is only read or watched), sessions close, progress moves.
pub(in crate::api) fn finish_activities(db: &Connection, ctx: &Ctx, body: &Value) -> Outcome {
    let w = owned_workflow(
        db,
        ctx,
        body,
        "objectiveWorkflowId",
        &[workflow_state::IN_PROGRESS],
        "Activities finish only in a workflow in progress",
    )?;
    let tree = Tree::load(db, &w.objective, Some(&w.id), ctx.now).map_err(db_error)?;
    let wanted = texts(body, "activityWorkflowIds");
    for aw_id in &wanted {
        let (activity, aw) = tree.last.iter().find(|(_, aw)| aw.id == *aw_id).ok_or_else(|| {
            FieldErrors::one("activityWorkflowIds", format!("`{aw_id}` is not an activity workflow of this workflow."))
        })?;
        if aw.state != workflow_state::IN_PROGRESS {
            return Err(FieldErrors::one("activityWorkflowIds", format!("`{aw_id}` is already finished.")));
        }
        let a = tree.get(activity).ok_or_else(|| FieldErrors::one("activityWorkflowIds", "unknown activity"))?;
        let graded_by_tool = matches!(a.kind.as_str(), "lti" | "proctored" | "collaborative");
        let score = aw.score.unwrap_or(if graded_by_tool { 0.0 } else { a.max_score });
        let normalized = if a.max_score > 0.0 { score / a.max_score } else { 1.0 };
        db.prepare_cached("UPDATE activity_workflows SET state = ?4, submitted = ?1, finished = ?1, score = ?2, progress = 1.0 WHERE id = ?3")
            .and_then(|mut s| s.execute(params![ctx.now, score, aw_id, workflow_state::FINISHED]))
            .map_err(db_error)?;
        db.prepare_cached("INSERT INTO activity_records VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)")
            .and_then(|mut s| {
                s.execute(params![
                    Uuid::new_v4().to_string(),
                    aw_id,
                    w.id,
                    w.aggregate,
                    a.id,
                    score,
                    a.max_score,
                    normalized,
                    normalized >= 0.6,
                    ctx.now
                ])
            })
            .map_err(db_error)?;
        db.prepare_cached(
            "UPDATE proctoring_sessions SET state = ?3, finished = ?1 WHERE activity_workflow_id = ?2 AND state = ?4",
        )
        .and_then(|mut s| s.execute(params![ctx.now, aw_id, proctoring_state::FINISHED, proctoring_state::CREATED]))
        .map_err(db_error)?;
    }
    let progress = Tree::load(db, &w.objective, Some(&w.id), ctx.now).map_err(db_error)?.progress();
    db.prepare_cached("UPDATE workflows SET progress = ?1 WHERE id = ?2")
        .and_then(|mut s| s.execute(params![progress, w.id]))
        .map_err(db_error)?;
    Ok(json!({ "objectiveWorkflowId": w.id, "activityWorkflowIds": wanted, "progress": progress }))
}

/// `PUT .../activity-workflows/{aw}`: the activity reports its score, progress or data while
/// it runs.
pub(in crate::api) fn update_activity(db: &Connection, ctx: &Ctx, ow: &str, aw: &str, body: &Value) -> Outcome {
    let w = workflow(db, &ctx.user, ow)
        .map_err(db_error)?
        .ok_or_else(|| FieldErrors::one("objectiveWorkflowId", "There is no such workflow for this user."))?;
    let row: Option<(i64, f64)> = db
        .prepare_cached(
            "SELECT w.state, a.max_score FROM activity_workflows w JOIN activities a ON a.id = w.activity_id
             WHERE w.id = ?1 AND w.objective_workflow_id = ?2",
        )
        .and_then(|mut s| s.query_row(params![aw, w.id], |r| Ok((r.get(0)?, r.get(1)?))).optional())
        .map_err(db_error)?;
    let (state, max) =
        row.ok_or_else(|| FieldErrors::one("activityWorkflowId", "There is no such activity workflow."))?;
    if state != workflow_state::IN_PROGRESS {
        return Err(FieldErrors::one("activityWorkflowId", "Only an activity workflow in progress can change."));
    }
    let mut errors = FieldErrors::default();
    let score = match body.get("score") {
        None | Some(Value::Null) => None,
        Some(v) => match v.as_f64() {
            Some(x) if (0.0..=max).contains(&x) => Some(x),
            _ => {
                errors.add("score", format!("The score must be a number from 0 to {max}."));
                None
            }
        },
    };
    let progress = match body.get("progress") {
        None | Some(Value::Null) => None,
        Some(v) => match v.as_f64() {
            Some(x) if (0.0..=1.0).contains(&x) => Some(x),
            _ => {
                errors.add("progress", "The progress must be a number from 0 to 1.");
                None
            }
        },
    };
    errors.into_result()?;
    let data = body.get("data").filter(|d| !d.is_null()).map(Value::to_string);
    db.prepare_cached(
        "UPDATE activity_workflows SET score = COALESCE(?1, score), progress = COALESCE(?2, progress), data = COALESCE(?3, data) WHERE id = ?4",
    )
    .and_then(|mut s| s.execute(params![score, progress, data, aw]))
    .map_err(db_error)?;
    Ok(json!({ "id": aw, "objectiveWorkflowId": w.id, "state": state, "score": score, "progress": progress }))
}
