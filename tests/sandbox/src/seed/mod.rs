//! The deterministic seed: tenants, accounts and courses in every state the spec names, a
//! generated catalog and a user with many courses. Ids are the same at every start; dates are
//! relative to the clock's time at seeding. `tests/sandbox/README.md` documents which course
//! shows which state.

use rusqlite::{Connection, params};
use serde_json::json;
use sha2::{Digest, Sha256};
use url::Url;
use uuid::Uuid;

mod about;
mod catalog;
mod content;
mod courses;
mod trees;

use courses::{ADA, Course, GRACE, KEN, LINUS};
use trees::Node;

use crate::api::grading::grade_for;

/// The tenants the sandbox serves, with display names.
pub const TENANTS: [(&str, &str); 2] = [("acme", "Acme"), ("globex", "Globex")];

/// A deterministic id for a seeded thing.
pub fn id(kind: &str, name: &str) -> Uuid {
    const NAMESPACE: Uuid = Uuid::from_u128(0x6c6d_735f_7361_6e64_626f_785f_7365_6564);
    Uuid::new_v5(&NAMESPACE, format!("{kind}:{name}").as_bytes())
}

/// SHA-256 of a password, hex.
pub fn password_hash(password: &str) -> String {
    Sha256::digest(password.as_bytes()).iter().map(|b| format!("{b:02x}")).collect()
}

struct User {
    tenant: &'static str,
    username: &'static str,
    first: &'static str,
    last: &'static str,
    roles: &'static [&'static str],
    permissions: &'static [&'static str],
}

const LEARNER: &[&str] = &["ObjectiveWorkflow.Create", "ObjectiveWorkflow.Read", "Catalog.Read"];

const USERS: &[User] = &[
    User { tenant: "acme", username: "ada", first: "Ada", last: "Lovelace", roles: &["Learner"], permissions: LEARNER },
    User {
        tenant: "acme",
        username: "grace",
        first: "Grace",
        last: "Hopper",
        roles: &["Learner", "Instructor"],
        permissions: &["ObjectiveWorkflow.Create", "ObjectiveWorkflow.Read", "Catalog.Read", "Objective.Update"],
    },
    User {
        tenant: "acme",
        username: "ken",
        first: "Ken",
        last: "Thompson",
        roles: &["Learner"],
        permissions: &["Catalog.Read"],
    },
    User {
        tenant: "acme",
        username: "rosa",
        first: "Rosalind",
        last: "Franklin",
        roles: &["Author"],
        permissions: &["Research.Access", "KnowledgeModel.Access"],
    },
    User {
        tenant: "globex",
        username: "linus",
        first: "Linus",
        last: "Torvalds",
        roles: &["Learner"],
        permissions: LEARNER,
    },
    User {
        tenant: "acme",
        username: "bulk",
        first: "Bulk",
        last: "Learner",
        roles: &["Learner"],
        permissions: LEARNER,
    },
];

const COLORS: [&str; 4] = ["#1c7ed6", "#37b24d", "#f59f00", "#ae3ec9"];

/// A small inline SVG cover (a data URL, so pages under a strict CSP can show it).
fn cover(n: usize) -> String {
    let svg = format!(
        "<svg xmlns='http://www.w3.org/2000/svg' width='320' height='160'><rect width='320' height='160' fill='{}'/><circle cx='260' cy='40' r='60' fill='white' fill-opacity='0.25'/></svg>",
        COLORS[n % COLORS.len()]
    );
    format!("data:image/svg+xml,{}", svg.replace('<', "%3C").replace('>', "%3E").replace('#', "%23"))
}

const DAY: i64 = 86_400;

/// The letter grades of each tenant's scale: (name, colour, normalized minimum score).
const LETTERS: [(&str, &str, f64); 5] =
    [("A", "#2f9e44", 0.9), ("B", "#66a80f", 0.8), ("C", "#f59f00", 0.7), ("D", "#f76707", 0.6), ("F", "#e03131", 0.0)];

/// Seeds every tenant; `now` (the sandbox clock at start) anchors every seeded date and
/// `public_url` (the sandbox's base URL) is where About HTML finds the seeded files.
/// Deterministic: the same ids at every start.
pub fn seed(db: &Connection, now: i64, public_url: &Url) -> rusqlite::Result<()> {
    let tx = db.unchecked_transaction()?;
    seed_accounts(db)?;
    let mut scales = std::collections::HashMap::new();
    for (tenant, _) in TENANTS {
        for (ord, name) in ["Onboarding", "Security", "Languages", "Technology", "Management"].iter().enumerate() {
            db.execute(
                "INSERT INTO showcases VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
                params![
                    id("showcase", &format!("{tenant}/{name}")).to_string(),
                    tenant,
                    name,
                    name[..3].to_uppercase(),
                    format!("{name} courses"),
                    ord as i64
                ],
            )?;
        }
        for name in ["Spring 2026", "Autumn 2026"] {
            db.execute(
                "INSERT INTO terms VALUES (?1, ?2, ?3)",
                params![id("term", &format!("{tenant}/{name}")).to_string(), tenant, name],
            )?;
        }
        let scale_id = id("scale", &format!("{tenant}/letters"));
        let grades: Vec<_> = LETTERS
            .iter()
            .map(|(name, color, min)| {
                json!({ "id": id("grade", &format!("{tenant}/{name}")), "name": name, "color": color, "normalizedMinScore": min })
            })
            .collect();
        let scale = json!({
            "id": scale_id, "name": "Letter grades", "description": "A to F", "maxScore": 100,
            "normalizedPassingScore": 0.6, "numberOfGrades": 5, "objectiveGrades": grades,
            "passingGradeId": id("grade", &format!("{tenant}/D")),
        });
        db.execute(
            "INSERT INTO grading_scales VALUES (?1, ?2, ?3)",
            params![scale_id.to_string(), tenant, scale.to_string()],
        )?;
        scales.insert(tenant, scale);
    }
    for (tenant, username, courses) in
        [("acme", "ada", ADA), ("acme", "grace", GRACE), ("acme", "ken", KEN), ("globex", "linus", LINUS)]
    {
        let mut seeder = Seeder { db, tenant, now, scale: &scales[tenant], public_url };
        for (n, c) in courses.iter().enumerate() {
            seeder.course(username, c, n)?;
        }
    }
    let mut seeder = Seeder { db, tenant: "acme", now, scale: &scales["acme"], public_url };
    catalog::seed_catalog(&mut seeder, "ada")?;
    catalog::seed_bulk(&mut seeder, "bulk")?;
    seed_collaboration(db)?;
    tx.commit()
}

fn seed_accounts(db: &Connection) -> rusqlite::Result<()> {
    for (tenant, _) in TENANTS {
        for name in ["Engineering", "Research Lab"] {
            db.execute(
                "INSERT INTO units VALUES (?1, ?2, ?3, ?4)",
                params![id("unit", &format!("{tenant}/{name}")).to_string(), tenant, name, name[..3].to_uppercase()],
            )?;
        }
    }
    for u in USERS {
        let user = id("user", &format!("{}/{}", u.tenant, u.username)).to_string();
        let permissions: Vec<_> = u.permissions.iter().map(|p| json!({ "name": p, "scope_id": null })).collect();
        db.execute(
            "INSERT INTO users VALUES (?1, ?2, ?3, ?4, ?5, ?6, NULL, ?7, ?8, ?9, ?10)",
            params![
                user,
                u.tenant,
                u.username,
                password_hash("demo"),
                format!("{}@{}.example", u.username, u.tenant),
                u.first,
                u.last,
                "Europe/London",
                json!(u.roles).to_string(),
                json!(permissions).to_string(),
            ],
        )?;
        db.execute(
            "INSERT INTO user_units VALUES (?1, ?2, 1)",
            params![user, id("unit", &format!("{}/Engineering", u.tenant)).to_string()],
        )?;
        if u.username == "ada" {
            db.execute(
                "INSERT INTO user_units VALUES (?1, ?2, 0)",
                params![user, id("unit", &format!("{}/Research Lab", u.tenant)).to_string()],
            )?;
        }
    }
    Ok(())
}

/// Ada and Grace share the team assignment of the activity types tour: participants and a
/// group activity workflow on each of their aggregates.
fn seed_collaboration(db: &Connection) -> rusqlite::Result<()> {
    let course = "acme/Activity Types Tour";
    let objective = id("objective", course).to_string();
    let activity: String =
        db.query_row("SELECT id FROM activities WHERE objective_id = ?1 AND collaborative = 1", [&objective], |r| {
            r.get(0)
        })?;
    let members: Vec<String> = ["ada", "grace"].iter().map(|u| id("user", &format!("acme/{u}")).to_string()).collect();
    for (user, role) in members.iter().zip(["member", "leader"]) {
        db.execute("INSERT INTO participants VALUES (?1, ?2, ?3, ?4)", params![objective, activity, user, role])?;
    }
    for username in ["ada", "grace"] {
        let key = format!("acme/{username}/Activity Types Tour");
        db.execute(
            "INSERT INTO group_workflows VALUES (?1, ?2, ?3, 'Team Blue', 1, ?4)",
            params![
                id("group-workflow", "acme/Activity Types Tour/Team Blue").to_string(),
                id("aggregate", &key).to_string(),
                activity,
                json!(members).to_string()
            ],
        )
        .or_else(|e| match e {
            // The group workflow is shared: the second member's insert finds it there.
            rusqlite::Error::SqliteFailure(f, _) if f.code == rusqlite::ErrorCode::ConstraintViolation => Ok(0),
            e => Err(e),
        })?;
    }
    Ok(())
}

/// A leaf activity of a seeded course.
struct Leaf {
    id: String,
    kind: &'static str,
    proctored: bool,
    max_score: f64,
    /// The leaf and every ancestor are ready or expired, and it is not optional.
    counts: bool,
}

/// Seeds courses of one tenant.
struct Seeder<'a> {
    db: &'a Connection,
    tenant: &'a str,
    now: i64,
    scale: &'a serde_json::Value,
    /// The sandbox's base URL, for links to its seeded files.
    public_url: &'a Url,
}

impl Seeder<'_> {
    /// The objective of `c` (once per tenant) and its leaves.
    fn objective(&mut self, c: &Course, n: usize) -> rusqlite::Result<(String, Vec<Leaf>)> {
        let tenant = self.tenant;
        let objective = id("objective", &format!("{tenant}/{}", c.name)).to_string();
        let mut root = trees::build(c.tree, c.name, c.state, c.review, self.now);
        content::fill(&mut root, c.name, &content::Links { tenant, public_url: self.public_url, now: self.now });
        let exists = self.db.prepare_cached("SELECT 1 FROM objectives WHERE id = ?1")?.exists([&objective])?;
        let root_id = id("activity", &format!("{tenant}/{}", c.name)).to_string();
        if !exists {
            let has_certificate = c.certificate.is_some();
            self.db.prepare_cached(
                "INSERT INTO objectives VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17, ?18, ?19, ?20, ?21, ?22)",
            )?
            .execute(params![
                objective,
                tenant,
                c.name,
                c.code,
                format!("About {}.", c.name),
                about::about(tenant, c.name, self.public_url),
                c.image.then(|| cover(n)),
                c.state,
                root_id,
                root.kind,
                root.state,
                (!root.children.is_empty()).then_some(root.children.len() as i64),
                c.graded.then(|| id("scale", &format!("{tenant}/letters")).to_string()),
                600 + 61 * n as i64,
                if root.kind == "lti" { 2 } else { 1 },
                0,
                matches!(c.tree, trees::Tree::Proctored),
                !c.protect,
                c.in_catalog,
                has_certificate.then_some("Certificate of completion"),
                c.certificate.map(|d| d.abs().max(365)),
                matches!(c.tree, trees::Tree::Deep).then(|| id("knowledge-model", &format!("{tenant}/{}", c.name)).to_string()),
            ])?;
            for s in c.showcases {
                self.db
                    .prepare_cached("INSERT INTO objective_showcases VALUES (?1, ?2)")?
                    .execute(params![objective, id("showcase", &format!("{tenant}/{s}")).to_string()])?;
            }
        }
        let mut leaves = Vec::new();
        self.activity(&objective, &root, &root_id, None, "", 0, true, !exists, &mut leaves)?;
        Ok((objective, leaves))
    }

    /// Inserts `node` (when `insert`) and its children; collects the leaves.
    #[expect(clippy::too_many_arguments, reason = "one recursive step of the tree walk")]
    fn activity(
        &self,
        objective: &str,
        node: &Node,
        activity_id: &str,
        parent: Option<&str>,
        path: &str,
        ord: usize,
        active: bool,
        insert: bool,
        leaves: &mut Vec<Leaf>,
    ) -> rusqlite::Result<()> {
        let active = active && matches!(node.state, 2 | 3);
        let scored = matches!(node.kind, "lti" | "proctored" | "collaborative");
        let max_score = if scored { 10.0 } else { 1.0 };
        if insert {
            self.db
                .prepare_cached(
                    "INSERT INTO activities VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, NULL, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, 1, ?16, ?17, ?18)",
                )?
                .execute(params![
                    activity_id,
                    objective,
                    parent,
                    parent.map(|_| id("part", &format!("{objective}/{path}")).to_string()),
                    path,
                    ord as i64,
                    node.name,
                    node.kind,
                    node.state,
                    node.optional,
                    node.locked,
                    node.weight,
                    max_score,
                    node.proctored,
                    node.collaborative,
                    if node.kind == "composite" { None } else { Some(300_i64) },
                    node.constraint.as_ref().map(|c| c.to_string()),
                    node.content.as_ref().map(|c| c.to_string()),
                ])?;
        }
        if node.children.is_empty() {
            leaves.push(Leaf {
                id: activity_id.to_string(),
                kind: node.kind,
                proctored: node.proctored,
                max_score,
                counts: active && !node.optional,
            });
        }
        for (i, child) in node.children.iter().enumerate() {
            let child_path = if path.is_empty() { format!("{}", i + 1) } else { format!("{path}.{}", i + 1) };
            let child_id = id("activity", &format!("{objective}/{child_path}")).to_string();
            self.activity(objective, child, &child_id, Some(activity_id), &child_path, i + 1, active, insert, leaves)?;
        }
        Ok(())
    }

    /// One course of `username`: the objective, the access, and workflows, records and
    /// certificates as the course says.
    fn course(&mut self, username: &str, c: &Course, n: usize) -> rusqlite::Result<()> {
        let tenant = self.tenant;
        let user = id("user", &format!("{tenant}/{username}")).to_string();
        let (objective, leaves) = self.objective(c, n)?;
        let key = format!("{tenant}/{username}/{}", c.name);
        let enrolment = Enrolment {
            aggregate: id("aggregate", &key).to_string(),
            workflow: id("workflow", &key).to_string(),
            record: id("record", &key).to_string(),
            started: self.now - (40 - (n as i64 % 30)) * DAY,
            normalized: c.record.map(|(score, max)| score / max),
            key,
            user,
            objective,
        };
        self.access(c, &enrolment)?;
        if let Some((state, progress)) = c.workflow {
            self.workflow(c, &enrolment, state, progress, &leaves)?;
        }
        if let (Some((score, max)), Some(normalized)) = (c.record, enrolment.normalized) {
            self.record(c, &enrolment, score, max, normalized)?;
        }
        Ok(())
    }

    /// The access of the enrolment, and its term on the user.
    fn access(&self, c: &Course, e: &Enrolment) -> rusqlite::Result<()> {
        let (tenant, now, db) = (self.tenant, self.now, self.db);
        let term = c.term.map(|t| id("term", &format!("{tenant}/{}", ["Spring 2026", "Autumn 2026"][t])).to_string());
        let days = |d: Option<i64>| d.map(|d| now + d * DAY);
        db.prepare_cached(
            "INSERT INTO accesses VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, 0, ?9, ?10, ?11, ?12, ?13, ?14, ?15)",
        )?
        .execute(params![
            id("access", &e.key).to_string(),
            e.aggregate,
            e.user,
            e.objective,
            c.mandatory,
            !c.mandatory,
            term,
            c.self_enrolled.then_some(0),
            c.retake,
            days(c.due),
            days(c.available_from),
            days(c.available_until),
            c.reveal.0,
            days(c.reveal.1),
            c.protect,
        ])?;
        if let Some(t) = &term {
            db.prepare_cached("INSERT INTO user_terms SELECT ?1, ?2 WHERE NOT EXISTS (SELECT 1 FROM user_terms WHERE user_id = ?1 AND term_id = ?2)")?
                .execute(params![e.user, t])?;
        }
        Ok(())
    }

    /// The objective workflow in `state` with `progress`, and the work on the counted leaves
    /// it has reached: every leaf before the progress point finished, the one at it (while in
    /// progress) started.
    fn workflow(&self, c: &Course, e: &Enrolment, state: i32, progress: f64, leaves: &[Leaf]) -> rusqlite::Result<()> {
        let started = e.started;
        self.db.prepare_cached("INSERT INTO workflows VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)")?.execute(params![
            e.workflow,
            e.aggregate,
            state,
            progress,
            started,
            (state >= 2).then_some(started + 3 * DAY),
            (state == 6).then_some(started + 5 * DAY),
            c.record.map(|_| e.record.clone()),
        ])?;
        let counted: Vec<&Leaf> = leaves.iter().filter(|l| l.counts).collect();
        let done =
            if state == 1 { (progress.clamp(0.0, 1.0) * counted.len() as f64).floor() as usize } else { counted.len() };
        for (i, leaf) in counted.iter().enumerate() {
            if i > done || (i == done && state != 1) {
                break;
            }
            self.leaf_work(e, leaf, i < done)?;
        }
        Ok(())
    }

    /// The activity workflow of one leaf, its proctoring session and, when `finished`, its
    /// activity record.
    fn leaf_work(&self, e: &Enrolment, leaf: &Leaf, finished: bool) -> rusqlite::Result<()> {
        let (db, started) = (self.db, e.started);
        let aw = id("activity-workflow", &format!("{}/{}", e.key, leaf.id)).to_string();
        let session = leaf.proctored.then(|| id("proctoring-session", &aw).to_string());
        let score =
            finished.then(|| leaf.max_score * e.normalized.unwrap_or(if leaf.kind == "lti" { 0.8 } else { 1.0 }));
        db.prepare_cached("INSERT INTO activity_workflows VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, NULL, ?10)")?
            .execute(params![
                aw,
                e.workflow,
                leaf.id,
                if finished { 6 } else { 1 },
                started + DAY,
                finished.then_some(started + 2 * DAY),
                finished.then_some(started + 2 * DAY),
                score,
                if finished { 1.0 } else { 0.5 },
                session,
            ])?;
        if let Some(session) = session {
            // In-progress proctored work has a session still open: the portal treats
            // that disagreement as 'being graded'.
            db.prepare_cached("INSERT INTO proctoring_sessions VALUES (?1, ?2, ?3, ?4, ?5)")?.execute(params![
                session,
                aw,
                if finished { 2 } else { 1 },
                started + DAY,
                finished.then_some(started + 2 * DAY),
            ])?;
        }
        if let Some(score) = score {
            let normalized = score / leaf.max_score;
            db.prepare_cached("INSERT INTO activity_records VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)")?
                .execute(params![
                    id("activity-record", &aw).to_string(),
                    aw,
                    e.workflow,
                    e.aggregate,
                    leaf.id,
                    score,
                    leaf.max_score,
                    normalized,
                    normalized >= 0.6,
                    started + 2 * DAY,
                ])?;
        }
        Ok(())
    }

    /// The objective record (`score` of `max`) and, when passed and the course gives one,
    /// the certificate.
    fn record(&self, c: &Course, e: &Enrolment, score: f64, max: f64, normalized: f64) -> rusqlite::Result<()> {
        let (tenant, now, db) = (self.tenant, self.now, self.db);
        let finished = c.workflow.is_none_or(|(s, _)| s == 6);
        let created = now - 20 * DAY;
        db.prepare_cached("INSERT INTO records VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11)")?.execute(
            params![
                e.record,
                e.aggregate,
                c.workflow.map(|_| e.workflow.clone()),
                grade_for(self.scale, normalized),
                normalized >= 0.6,
                finished,
                score,
                max,
                normalized,
                1.0,
                created,
            ],
        )?;
        if let Some(valid_days) = c.certificate.filter(|_| normalized >= 0.6) {
            let expiration = now + valid_days * DAY;
            db.prepare_cached(
                "INSERT INTO certificates VALUES (?1, ?2, ?3, ?4, ?5, ?6, 'Certificate of completion', ?7, ?8, 0.6)",
            )?
            .execute(params![
                id("certificate", &e.key).to_string(),
                tenant,
                certificate_number(tenant, &e.key),
                e.user,
                e.objective,
                e.record,
                expiration - 365 * DAY,
                expiration,
            ])?;
        }
        Ok(())
    }
}

/// The ids and dates the rows of one seeded enrolment (a user on a course) share.
struct Enrolment {
    /// `tenant/username/course name`, from which every id of the enrolment derives.
    key: String,
    user: String,
    objective: String,
    aggregate: String,
    /// The objective workflow's id (used only when the course has a workflow).
    workflow: String,
    /// The objective record's id (used only when the course has a record).
    record: String,
    /// When the workflow started.
    started: i64,
    /// The record's normalized score, if the course has a record.
    normalized: Option<f64>,
}

/// A certificate number: the tenant in capitals and six digits derived from `key`.
pub fn certificate_number(tenant: &str, key: &str) -> String {
    format!("{}-{:06}", tenant.to_uppercase(), id("certificate-number", key).as_u128() % 1_000_000)
}
