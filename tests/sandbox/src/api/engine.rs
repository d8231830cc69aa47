//! The state machines behind the commands: objective and activity workflows, records,
//! scores, grades, certificates, proctoring sessions and self-enrolments. Every function runs
//! inside the caller's transaction and answers either the command's result or field errors.

use std::collections::HashMap;

use rusqlite::{Connection, OptionalExtension, params};
use serde_json::{Value, json};
use time::{OffsetDateTime, format_description::well_known::Rfc3339};
use uuid::Uuid;

use super::{commands::FieldErrors, grading::grade_for, iso};

/// Who runs a command, and when.
pub(super) struct Ctx {
    pub(super) tenant: String,
    pub(super) user: String,
    /// Business time (the sandbox clock), Unix seconds.
    pub(super) now: i64,
    /// System time in milliseconds, for the sandbox's own delays.
    pub(super) now_ms: i64,
    /// How long a self-enrolment takes to appear, in milliseconds.
    pub(super) enrollment_delay_ms: i64,
}

type Outcome = Result<Value, FieldErrors>;

const DAY: i64 = 86_400;

/// One activity of a course tree (a row of `activities`).
pub(super) struct Activity {
    pub(super) id: String,
    pub(super) parent: Option<String>,
    pub(super) part: Option<String>,
    pub(super) path: String,
    pub(super) ord: i64,
    pub(super) name: String,
    pub(super) code: Option<String>,
    pub(super) kind: String,
    pub(super) state: i64,
    pub(super) optional: bool,
    pub(super) locked: bool,
    pub(super) weight: f64,
    pub(super) max_score: f64,
    pub(super) proctored: bool,
    pub(super) collaborative: bool,
    pub(super) support_review: bool,
    pub(super) duration: Option<i64>,
    pub(super) constraint: Option<Value>,
    /// Content fields of the activity answer (`content`, `videoUrl`, `captions`, `startDate`, ...).
    pub(super) content: Option<Value>,
}

/// The last activity workflow of an activity within one objective workflow.
pub(super) struct ActivityWorkflow {
    pub(super) id: String,
    pub(super) state: i64,
    pub(super) started: i64,
    pub(super) submitted: Option<i64>,
    pub(super) finished: Option<i64>,
    pub(super) score: Option<f64>,
    pub(super) progress: Option<f64>,
    pub(super) session: Option<String>,
}

/// The best activity record of an activity within one objective workflow.
pub(super) struct BestRecord {
    pub(super) id: String,
    pub(super) score: f64,
    pub(super) max_score: f64,
    pub(super) normalized: f64,
    pub(super) passed: bool,
}

/// A course's activity tree with one objective workflow's progress through it: two queries
/// for the whole tree, whatever its size.
pub(super) struct Tree {
    pub(super) activities: Vec<Activity>,
    index: HashMap<String, usize>,
    children: HashMap<String, Vec<usize>>,
    pub(super) last: HashMap<String, ActivityWorkflow>,
    pub(super) best: HashMap<String, BestRecord>,
    now: i64,
}

/// An RFC 3339 date of a constraint, as Unix seconds.
fn date(value: Option<&Value>) -> Option<i64> {
    OffsetDateTime::parse(value?.as_str()?, &Rfc3339).ok().map(OffsetDateTime::unix_timestamp)
}

impl Tree {
    /// The tree of `objective`, with the activity workflows and records of `workflow`.
    pub(super) fn load(db: &Connection, objective: &str, workflow: Option<&str>, now: i64) -> rusqlite::Result<Tree> {
        let mut stmt = db.prepare_cached(
            "SELECT id, parent_id, part_id, path, ord, name, code, type, state, optional, locked, score_weight,
                    max_score, proctored, collaborative, support_review, duration, constraint_json, content_json
             FROM activities WHERE objective_id = ?1 ORDER BY path",
        )?;
        let activities: Vec<Activity> = stmt
            .query_map([objective], |r| {
                Ok(Activity {
                    id: r.get(0)?,
                    parent: r.get(1)?,
                    part: r.get(2)?,
                    path: r.get(3)?,
                    ord: r.get(4)?,
                    name: r.get(5)?,
                    code: r.get(6)?,
                    kind: r.get(7)?,
                    state: r.get(8)?,
                    optional: r.get(9)?,
                    locked: r.get(10)?,
                    weight: r.get(11)?,
                    max_score: r.get(12)?,
                    proctored: r.get(13)?,
                    collaborative: r.get(14)?,
                    support_review: r.get(15)?,
                    duration: r.get(16)?,
                    constraint: r.get::<_, Option<String>>(17)?.and_then(|c| serde_json::from_str(&c).ok()),
                    content: r.get::<_, Option<String>>(18)?.and_then(|c| serde_json::from_str(&c).ok()),
                })
            })?
            .collect::<Result<_, _>>()?;
        let index = activities.iter().enumerate().map(|(i, a)| (a.id.clone(), i)).collect();
        let mut children: HashMap<String, Vec<usize>> = HashMap::new();
        for (i, a) in activities.iter().enumerate() {
            if let Some(parent) = &a.parent {
                children.entry(parent.clone()).or_default().push(i);
            }
        }
        for list in children.values_mut() {
            list.sort_by_key(|i| activities[*i].ord);
        }
        let mut last = HashMap::new();
        let mut best = HashMap::new();
        if let Some(workflow) = workflow {
            let mut stmt = db.prepare_cached(
                "SELECT activity_id, id, state, started, submitted, finished, score, progress, proctoring_session_id
                 FROM activity_workflows WHERE objective_workflow_id = ?1 ORDER BY started, rowid",
            )?;
            for row in stmt.query_map([workflow], |r| {
                Ok((
                    r.get::<_, String>(0)?,
                    ActivityWorkflow {
                        id: r.get(1)?,
                        state: r.get(2)?,
                        started: r.get(3)?,
                        submitted: r.get(4)?,
                        finished: r.get(5)?,
                        score: r.get(6)?,
                        progress: r.get(7)?,
                        session: r.get(8)?,
                    },
                ))
            })? {
                let (activity, aw) = row?;
                last.insert(activity, aw);
            }
            let mut stmt = db.prepare_cached(
                "SELECT activity_id, id, score, max_score, normalized_score, passed FROM activity_records
                 WHERE objective_workflow_id = ?1 ORDER BY normalized_score",
            )?;
            for row in stmt.query_map([workflow], |r| {
                Ok((
                    r.get::<_, String>(0)?,
                    BestRecord {
                        id: r.get(1)?,
                        score: r.get(2)?,
                        max_score: r.get(3)?,
                        normalized: r.get(4)?,
                        passed: r.get(5)?,
                    },
                ))
            })? {
                let (activity, record) = row?;
                best.insert(activity, record);
            }
        }
        Ok(Tree { activities, index, children, last, best, now })
    }

    /// The root activity (the course's own).
    pub(super) fn root(&self) -> &Activity {
        self.activities.iter().find(|a| a.parent.is_none()).expect("every course has a root activity")
    }

    /// The activity with this id.
    pub(super) fn get(&self, id: &str) -> Option<&Activity> {
        self.index.get(id).map(|i| &self.activities[*i])
    }

    /// The activity at `path` (`1.2`); the empty path is the root.
    pub(super) fn at_path(&self, path: &str) -> Option<&Activity> {
        if path.is_empty() { Some(self.root()) } else { self.activities.iter().find(|a| a.path == path) }
    }

    /// The activity placed by part `part`; the root's own id names the root.
    pub(super) fn by_part(&self, part: &str) -> Option<&Activity> {
        self.activities.iter().find(|a| a.part.as_deref() == Some(part) || (a.parent.is_none() && a.id == part))
    }

    /// The children of `id`, in order.
    pub(super) fn children(&self, id: &str) -> Vec<&Activity> {
        self.children.get(id).map(|list| list.iter().map(|i| &self.activities[*i]).collect()).unwrap_or_default()
    }

    fn parent(&self, a: &Activity) -> Option<&Activity> {
        a.parent.as_deref().and_then(|p| self.get(p))
    }

    /// Ready or expired, and so are all its ancestors.
    pub(super) fn active(&self, a: &Activity) -> bool {
        matches!(a.state, 2 | 3) && self.parent(a).is_none_or(|p| self.active(p))
    }

    /// Counts towards progress and score: active and neither it nor an ancestor optional.
    fn counted(&self, a: &Activity) -> bool {
        matches!(a.state, 2 | 3) && !a.optional && self.parent(a).is_none_or(|p| self.counted(p))
    }

    /// A leaf with a finished activity workflow, or a composite whose counted children are completed.
    pub(super) fn completed(&self, a: &Activity) -> bool {
        let children = self.children(&a.id);
        if children.is_empty() {
            self.last.get(&a.id).is_some_and(|w| w.state == 6)
        } else {
            children.iter().filter(|c| self.counted(c)).all(|c| self.completed(c))
        }
    }

    /// The constraint of `a`: its parent's (without reviewPolicy and resultsDisclosurePolicy,
    /// which come from the child only), overlaid with its own.
    pub(super) fn constraint(&self, a: &Activity) -> Value {
        let mut merged = match self.parent(a) {
            Some(p) => self.constraint(p),
            None => json!({}),
        };
        if let Value::Object(map) = &mut merged {
            map.remove("reviewPolicy");
            map.remove("resultsDisclosurePolicy");
            if let Some(Value::Object(own)) = &a.constraint {
                map.extend(own.clone());
            }
        }
        merged
    }

    /// Whether `a` can be opened now: active, its parent available, inside its constraint
    /// dates, and, when locked, the counted sibling before it completed.
    pub(super) fn available(&self, a: &Activity) -> bool {
        if !self.active(a) || self.parent(a).is_some_and(|p| !self.available(p)) {
            return false;
        }
        let c = self.constraint(a);
        if date(c.get("startFrom")).is_some_and(|t| t > self.now)
            || date(c.get("accessibleUntil")).is_some_and(|t| t < self.now)
        {
            return false;
        }
        if a.locked
            && let Some(parent) = &a.parent
        {
            let before = self.children(parent).into_iter().rfind(|s| s.ord < a.ord && self.counted(s));
            if before.is_some_and(|b| !self.completed(b)) {
                return false;
            }
        }
        true
    }

    /// Normalised score of `a` (0..1): the best record of a leaf, or the weighted mean of the
    /// counted children of a composite; `None` for a composite with nothing that counts.
    pub(super) fn normalized(&self, a: &Activity) -> Option<f64> {
        let children = self.children(&a.id);
        if children.is_empty() {
            return Some(self.best.get(&a.id).map_or(0.0, |r| r.normalized));
        }
        let (mut sum, mut weights) = (0.0, 0.0);
        for child in children.iter().filter(|c| self.counted(c)) {
            if let Some(n) = self.normalized(child) {
                sum += child.weight * n;
                weights += child.weight;
            }
        }
        (weights > 0.0).then(|| sum / weights)
    }

    /// Finished counted leaves over counted leaves.
    pub(super) fn progress(&self) -> f64 {
        let leaves: Vec<&Activity> =
            self.activities.iter().filter(|a| self.children(&a.id).is_empty() && self.counted(a)).collect();
        if leaves.is_empty() {
            return 0.0;
        }
        leaves.iter().filter(|a| self.completed(a)).count() as f64 / leaves.len() as f64
    }
}

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
pub(super) struct Workflow {
    pub(super) id: String,
    pub(super) aggregate: String,
    pub(super) state: i64,
    pub(super) objective: String,
    pub(super) record: Option<String>,
}

/// The objective workflow `id` when it belongs to `user`.
pub(super) fn workflow(db: &Connection, user: &str, id: &str) -> rusqlite::Result<Option<Workflow>> {
    db.prepare_cached(
        "SELECT w.id, w.aggregate_id, w.state, a.objective_id, w.record_id FROM workflows w
         JOIN accesses a ON a.aggregate_id = w.aggregate_id WHERE w.id = ?1 AND a.user_id = ?2",
    )?
    .query_row(params![id, user], |r| {
        Ok(Workflow { id: r.get(0)?, aggregate: r.get(1)?, state: r.get(2)?, objective: r.get(3)?, record: r.get(4)? })
    })
    .optional()
}

fn db_error(e: rusqlite::Error) -> FieldErrors {
    tracing::error!(error = %e, "database");
    FieldErrors::one("", "the sandbox database failed")
}

fn text<'a>(body: &'a Value, field: &str) -> &'a str {
    body.get(field).and_then(Value::as_str).unwrap_or_default()
}

fn texts(body: &Value, field: &str) -> Vec<String> {
    body.get(field)
        .and_then(Value::as_array)
        .map(|a| a.iter().filter_map(Value::as_str).map(String::from).collect())
        .unwrap_or_default()
}

fn date_text(secs: i64) -> String {
    iso(Some(secs)).as_str().unwrap_or_default().to_string()
}

/// `start-objective-workflows`: a new workflow (id `id`) for the aggregate, when none exists
/// or the last one is finished and a retake is allowed.
pub(super) fn start_objective(db: &Connection, ctx: &Ctx, body: &Value) -> Outcome {
    const FIELD: &str = "objectiveWorkflowAggregateId";
    let aggregate = text(body, FIELD);
    let new_id = text(body, "id");
    let a = access(db, &ctx.user, aggregate, ctx.now_ms)
        .map_err(db_error)?
        .ok_or_else(|| FieldErrors::one(FIELD, "There is no such course for this user."))?;
    match a.state {
        1 => return Err(FieldErrors::one(FIELD, "The course is coming soon and cannot be started.")),
        4 => return Err(FieldErrors::one(FIELD, "The course is not available.")),
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
        Some(6) | None if (last.is_some() || has_record) && !a.retake => {
            return Err(FieldErrors::one(FIELD, "The course is finished and a retake is not allowed."));
        }
        Some(6) | None => {}
        Some(_) => return Err(FieldErrors::one(FIELD, "The last attempt of this course is not finished.")),
    }
    if let Some(until) = a.available_until.filter(|t| *t < ctx.now) {
        return Err(FieldErrors::one(FIELD, format!("The course was available to start before {}.", date_text(until))));
    }
    let used = db.prepare_cached("SELECT 1 FROM workflows WHERE id = ?1").and_then(|mut s| s.exists([new_id]));
    if used.map_err(db_error)? {
        return Err(FieldErrors::one("id", "A workflow with this id exists."));
    }
    db.prepare_cached("INSERT INTO workflows VALUES (?1, ?2, 1, 0.0, ?3, NULL, NULL, NULL)")
        .and_then(|mut s| s.execute(params![new_id, aggregate, ctx.now]))
        .map_err(db_error)?;
    Ok(json!({ "objectiveWorkflowId": new_id, "objectiveWorkflowAggregateId": aggregate, "state": 1 }))
}

/// The workflow named by `field`, owned by the user, in one of `states`.
fn owned_workflow(
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
pub(super) fn submit_objective(db: &Connection, ctx: &Ctx, body: &Value) -> Outcome {
    let w = owned_workflow(db, ctx, body, "id", &[1], "Only a workflow in progress can be submitted")?;
    let (result, tree) = result_of(db, &w, ctx.now)?;
    let needs_grader = tree.activities.iter().any(|a| (a.proctored || a.collaborative) && tree.counted(a));
    let state = if needs_grader { 3 } else { 2 };
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
pub(super) fn finish_objective(db: &Connection, ctx: &Ctx, body: &Value) -> Outcome {
    let w = owned_workflow(
        db,
        ctx,
        body,
        "objectiveWorkflowId",
        &[1, 2, 4, 5],
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
        "UPDATE workflows SET state = 6, finished = ?1, submitted = COALESCE(submitted, ?1), record_id = ?2, progress = ?3 WHERE id = ?4",
    )
    .and_then(|mut s| s.execute(params![ctx.now, record, result.progress, w.id]))
    .map_err(db_error)?;
    let template: Option<(String, Option<i64>)> = db
        .prepare_cached("SELECT certificate_template, certificate_valid_days FROM objectives WHERE id = ?1 AND certificate_template IS NOT NULL")
        .and_then(|mut s| s.query_row([&w.objective], |r| Ok((r.get(0)?, r.get(1)?))).optional())
        .map_err(db_error)?;
    let mut certificate = Value::Null;
    if let (true, Some((name, days))) = (result.passed, template) {
        let id = Uuid::new_v4().to_string();
        db.prepare_cached("INSERT INTO certificates VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, 0.6)")
            .and_then(|mut s| {
                s.execute(params![
                    id,
                    ctx.tenant,
                    crate::seed::certificate_number(&ctx.tenant, &record),
                    ctx.user,
                    w.objective,
                    record,
                    name,
                    ctx.now,
                    days.map(|d| ctx.now + d * DAY),
                ])
            })
            .map_err(db_error)?;
        certificate = json!(id);
    }
    Ok(json!({
        "objectiveWorkflowId": w.id, "objectiveRecordId": record, "score": result.normalized * 100.0, "maxScore": 100.0,
        "normalizedScore": result.normalized, "grade": result.grade, "passed": result.passed, "finished": true,
        "certificateRecordId": certificate,
    }))
}

/// `start-activity-workflows`: an activity workflow for each part (the running one is kept),
/// and a proctoring session for proctored activities.
pub(super) fn start_activities(db: &Connection, ctx: &Ctx, body: &Value) -> Outcome {
    let w =
        owned_workflow(db, ctx, body, "objectiveWorkflowId", &[1], "Activities start only in a workflow in progress")?;
    let tree = Tree::load(db, &w.objective, Some(&w.id), ctx.now).map_err(db_error)?;
    let mut ids = Vec::new();
    for part in texts(body, "activityPartIds") {
        let a = tree
            .by_part(&part)
            .ok_or_else(|| FieldErrors::one("activityPartIds", format!("`{part}` is not a part of this course.")))?;
        match a.state {
            1 => return Err(FieldErrors::one("activityPartIds", format!("`{}` is coming soon.", a.name))),
            4 => return Err(FieldErrors::one("activityPartIds", format!("`{}` is not available.", a.name))),
            _ => {}
        }
        if !tree.available(a) {
            return Err(FieldErrors::one("activityPartIds", format!("`{}` is not available now.", a.name)));
        }
        if let Some(running) = tree.last.get(&a.id).filter(|aw| aw.state == 1) {
            ids.push(running.id.clone());
            continue;
        }
        let id = Uuid::new_v4().to_string();
        let session = a.proctored.then(|| Uuid::new_v4().to_string());
        db.prepare_cached("INSERT INTO activity_workflows VALUES (?1, ?2, ?3, 1, ?4, NULL, NULL, NULL, 0.0, NULL, ?5)")
            .and_then(|mut s| s.execute(params![id, w.id, a.id, ctx.now, session]))
            .map_err(db_error)?;
        if let Some(session) = session {
            db.prepare_cached("INSERT INTO proctoring_sessions VALUES (?1, ?2, 1, ?3, NULL)")
                .and_then(|mut s| s.execute(params![session, id, ctx.now]))
                .map_err(db_error)?;
        }
        ids.push(id);
    }
    Ok(json!({ "objectiveWorkflowId": w.id, "activityWorkflowIds": ids }))
}

/// `finish-activity-workflows`: each activity workflow is finished with a record (its score,
/// or full marks for content that is only read or watched), sessions close, progress moves.
pub(super) fn finish_activities(db: &Connection, ctx: &Ctx, body: &Value) -> Outcome {
    let w =
        owned_workflow(db, ctx, body, "objectiveWorkflowId", &[1], "Activities finish only in a workflow in progress")?;
    let tree = Tree::load(db, &w.objective, Some(&w.id), ctx.now).map_err(db_error)?;
    let wanted = texts(body, "activityWorkflowIds");
    for aw_id in &wanted {
        let (activity, aw) = tree.last.iter().find(|(_, aw)| aw.id == *aw_id).ok_or_else(|| {
            FieldErrors::one("activityWorkflowIds", format!("`{aw_id}` is not an activity workflow of this workflow."))
        })?;
        if aw.state != 1 {
            return Err(FieldErrors::one("activityWorkflowIds", format!("`{aw_id}` is already finished.")));
        }
        let a = tree.get(activity).ok_or_else(|| FieldErrors::one("activityWorkflowIds", "unknown activity"))?;
        let graded_by_tool = matches!(a.kind.as_str(), "lti" | "proctored" | "collaborative");
        let score = aw.score.unwrap_or(if graded_by_tool { 0.0 } else { a.max_score });
        let normalized = if a.max_score > 0.0 { score / a.max_score } else { 1.0 };
        db.prepare_cached("UPDATE activity_workflows SET state = 6, submitted = ?1, finished = ?1, score = ?2, progress = 1.0 WHERE id = ?3")
            .and_then(|mut s| s.execute(params![ctx.now, score, aw_id]))
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
            "UPDATE proctoring_sessions SET state = 2, finished = ?1 WHERE activity_workflow_id = ?2 AND state = 1",
        )
        .and_then(|mut s| s.execute(params![ctx.now, aw_id]))
        .map_err(db_error)?;
    }
    let progress = Tree::load(db, &w.objective, Some(&w.id), ctx.now).map_err(db_error)?.progress();
    db.prepare_cached("UPDATE workflows SET progress = ?1 WHERE id = ?2")
        .and_then(|mut s| s.execute(params![progress, w.id]))
        .map_err(db_error)?;
    Ok(json!({ "objectiveWorkflowId": w.id, "activityWorkflowIds": wanted, "progress": progress }))
}

/// `create-self-enrollments`: enrols the user in a catalog course, by its access
/// (`objectiveAccessId`) or, for an open-catalog course without one, by `objectiveId`. The
/// enrolment shows on the aggregate after the configured delay.
pub(super) fn self_enroll(db: &Connection, ctx: &Ctx, body: &Value) -> Outcome {
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
    if open.is_none_or(|state| state == 4) {
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

/// `PUT .../activity-workflows/{aw}`: the activity reports its score, progress or data while
/// it runs.
pub(super) fn update_activity(db: &Connection, ctx: &Ctx, ow: &str, aw: &str, body: &Value) -> Outcome {
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
    if state != 1 {
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
