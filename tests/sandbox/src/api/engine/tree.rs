//! A course's activity tree and one attempt's progress through it: availability (state,
//! constraint dates, locks), completion, scores and progress, as spec section 4 rules them.

use std::collections::HashMap;

use rusqlite::Connection;
use serde_json::{Value, json};
use time::{OffsetDateTime, format_description::well_known::Rfc3339};

use super::states::{course_state, workflow_state};

/// One activity of a course tree (a row of `activities`).
pub(in crate::api) struct Activity {
    pub(in crate::api) id: String,
    pub(in crate::api) parent: Option<String>,
    pub(in crate::api) part: Option<String>,
    pub(in crate::api) path: String,
    pub(in crate::api) ord: i64,
    pub(in crate::api) name: String,
    pub(in crate::api) code: Option<String>,
    pub(in crate::api) kind: String,
    pub(in crate::api) state: i64,
    pub(in crate::api) optional: bool,
    pub(in crate::api) locked: bool,
    pub(in crate::api) weight: f64,
    pub(in crate::api) max_score: f64,
    pub(in crate::api) proctored: bool,
    pub(in crate::api) collaborative: bool,
    pub(in crate::api) support_review: bool,
    pub(in crate::api) duration: Option<i64>,
    pub(in crate::api) constraint: Option<Value>,
    /// Content fields of the activity answer (`content`, `videoUrl`, `captions`, `startDate`, ...).
    pub(in crate::api) content: Option<Value>,
}

/// The last activity workflow of an activity within one objective workflow.
pub(in crate::api) struct ActivityWorkflow {
    pub(in crate::api) id: String,
    pub(in crate::api) state: i64,
    pub(in crate::api) started: i64,
    pub(in crate::api) submitted: Option<i64>,
    pub(in crate::api) finished: Option<i64>,
    pub(in crate::api) score: Option<f64>,
    pub(in crate::api) progress: Option<f64>,
    pub(in crate::api) session: Option<String>,
}

/// The best activity record of an activity within one objective workflow.
pub(in crate::api) struct BestRecord {
    pub(in crate::api) id: String,
    pub(in crate::api) score: f64,
    pub(in crate::api) max_score: f64,
    pub(in crate::api) normalized: f64,
    pub(in crate::api) passed: bool,
}

/// A course's activity tree with one objective workflow's progress through it: two queries
/// for the whole tree, whatever its size.
pub(in crate::api) struct Tree {
    pub(in crate::api) activities: Vec<Activity>,
    index: HashMap<String, usize>,
    children: HashMap<String, Vec<usize>>,
    pub(in crate::api) last: HashMap<String, ActivityWorkflow>,
    pub(in crate::api) best: HashMap<String, BestRecord>,
    now: i64,
}

/// An RFC 3339 date of a constraint, as Unix seconds.
fn date(value: Option<&Value>) -> Option<i64> {
    OffsetDateTime::parse(value?.as_str()?, &Rfc3339).ok().map(OffsetDateTime::unix_timestamp)
}

/// The activities of `objective`, in path order.
fn activities_of(db: &Connection, objective: &str) -> rusqlite::Result<Vec<Activity>> {
    let mut stmt = db.prepare_cached(
        "SELECT id, parent_id, part_id, path, ord, name, code, type, state, optional, locked, score_weight,
                max_score, proctored, collaborative, support_review, duration, constraint_json, content_json
         FROM activities WHERE objective_id = ?1 ORDER BY path",
    )?;
    stmt.query_map([objective], |r| {
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
    .collect()
}

/// The last activity workflow of each activity within the objective workflow `workflow`, by
/// activity id (the latest started wins).
fn last_workflows(db: &Connection, workflow: &str) -> rusqlite::Result<HashMap<String, ActivityWorkflow>> {
    let mut stmt = db.prepare_cached(
        "SELECT activity_id, id, state, started, submitted, finished, score, progress, proctoring_session_id
         FROM activity_workflows WHERE objective_workflow_id = ?1 ORDER BY started, rowid",
    )?;
    let mut last = HashMap::new();
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
    Ok(last)
}

/// The best activity record of each activity within the objective workflow `workflow`, by
/// activity id (the highest normalised score wins).
fn best_records(db: &Connection, workflow: &str) -> rusqlite::Result<HashMap<String, BestRecord>> {
    let mut stmt = db.prepare_cached(
        "SELECT activity_id, id, score, max_score, normalized_score, passed FROM activity_records
         WHERE objective_workflow_id = ?1 ORDER BY normalized_score",
    )?;
    let mut best = HashMap::new();
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
    Ok(best)
}

impl Tree {
    /// The tree of `objective`, with the activity workflows and records of `workflow`.
    pub(in crate::api) fn load(
        db: &Connection,
        objective: &str,
        workflow: Option<&str>,
        now: i64,
    ) -> rusqlite::Result<Tree> {
        let activities = activities_of(db, objective)?;
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
        let (last, best) = match workflow {
            Some(workflow) => (last_workflows(db, workflow)?, best_records(db, workflow)?),
            None => (HashMap::new(), HashMap::new()),
        };
        Ok(Tree { activities, index, children, last, best, now })
    }

    /// The root activity (the course's own).
    pub(in crate::api) fn root(&self) -> &Activity {
        self.activities.iter().find(|a| a.parent.is_none()).expect("every course has a root activity")
    }

    /// The activity with this id.
    pub(in crate::api) fn get(&self, id: &str) -> Option<&Activity> {
        self.index.get(id).map(|i| &self.activities[*i])
    }

    /// The activity at `path` (`1.2`); the empty path is the root.
    pub(in crate::api) fn at_path(&self, path: &str) -> Option<&Activity> {
        if path.is_empty() { Some(self.root()) } else { self.activities.iter().find(|a| a.path == path) }
    }

    /// The activity placed by part `part`; the root's own id names the root.
    pub(in crate::api) fn by_part(&self, part: &str) -> Option<&Activity> {
        self.activities.iter().find(|a| a.part.as_deref() == Some(part) || (a.parent.is_none() && a.id == part))
    }

    /// The children of `id`, in order.
    pub(in crate::api) fn children(&self, id: &str) -> Vec<&Activity> {
        self.children.get(id).map(|list| list.iter().map(|i| &self.activities[*i]).collect()).unwrap_or_default()
    }

    fn parent(&self, a: &Activity) -> Option<&Activity> {
        a.parent.as_deref().and_then(|p| self.get(p))
    }

    /// Ready or expired, and so are all its ancestors.
    pub(in crate::api) fn active(&self, a: &Activity) -> bool {
        matches!(a.state, course_state::READY | course_state::EXPIRED) && self.parent(a).is_none_or(|p| self.active(p))
    }

    /// Counts towards progress and score: active and neither it nor an ancestor optional.
    pub(super) fn counted(&self, a: &Activity) -> bool {
        matches!(a.state, course_state::READY | course_state::EXPIRED)
            && !a.optional
            && self.parent(a).is_none_or(|p| self.counted(p))
    }

    /// A leaf with a finished activity workflow, or a composite whose counted children are completed.
    pub(in crate::api) fn completed(&self, a: &Activity) -> bool {
        let children = self.children(&a.id);
        if children.is_empty() {
            self.last.get(&a.id).is_some_and(|w| w.state == workflow_state::FINISHED)
        } else {
            children.iter().filter(|c| self.counted(c)).all(|c| self.completed(c))
        }
    }

    /// The constraint of `a`: its parent's (without reviewPolicy and resultsDisclosurePolicy,
    /// which come from the child only), overlaid with its own.
    pub(in crate::api) fn constraint(&self, a: &Activity) -> Value {
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
    pub(in crate::api) fn available(&self, a: &Activity) -> bool {
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
    pub(in crate::api) fn normalized(&self, a: &Activity) -> Option<f64> {
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
    pub(in crate::api) fn progress(&self) -> f64 {
        let leaves: Vec<&Activity> =
            self.activities.iter().filter(|a| self.children(&a.id).is_empty() && self.counted(a)).collect();
        if leaves.is_empty() {
            return 0.0;
        }
        leaves.iter().filter(|a| self.completed(a)).count() as f64 / leaves.len() as f64
    }
}
