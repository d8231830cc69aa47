//! The deterministic seed: tenants, accounts and courses in every state the skeleton shows.
//! `tests/sandbox/README.md` documents which course shows which state.

use rusqlite::{Connection, params};
use serde_json::json;
use sha2::{Digest, Sha256};
use uuid::Uuid;

mod courses;

use courses::{ADA, Course, GRACE, KEN, LINUS};

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

/// Seeds every tenant. Deterministic: the same ids at every start.
pub fn seed(db: &Connection) -> rusqlite::Result<()> {
    for u in USERS {
        let permissions: Vec<_> = u.permissions.iter().map(|p| json!({ "name": p, "scope_id": null })).collect();
        db.execute(
            "INSERT INTO users VALUES (?1, ?2, ?3, ?4, ?5, ?6, NULL, ?7, ?8, ?9, ?10)",
            params![
                id("user", &format!("{}/{}", u.tenant, u.username)).to_string(),
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
    }
    for (tenant, _) in TENANTS {
        for (ord, name) in ["Onboarding", "Security"].iter().enumerate() {
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
        let grades: Vec<_> = [
            ("A", "#2f9e44", 0.9),
            ("B", "#66a80f", 0.8),
            ("C", "#f59f00", 0.7),
            ("D", "#f76707", 0.6),
            ("F", "#e03131", 0.0),
        ]
        .iter()
        .map(|(name, color, min)| json!({ "name": name, "color": color, "normalizedMinScore": min }))
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
    }
    for (tenant, username, courses) in
        [("acme", "ada", ADA), ("acme", "grace", GRACE), ("acme", "ken", KEN), ("globex", "linus", LINUS)]
    {
        seed_courses(db, tenant, username, courses)?;
    }
    Ok(())
}

fn seed_courses(db: &Connection, tenant: &str, username: &str, courses: &[Course]) -> rusqlite::Result<()> {
    let user = id("user", &format!("{tenant}/{username}"));
    for (n, c) in courses.iter().enumerate() {
        let objective = id("objective", &format!("{tenant}/{}", c.name));
        let exists: bool =
            db.query_row("SELECT COUNT(*) FROM objectives WHERE id = ?1", [objective.to_string()], |r| {
                r.get::<_, i64>(0)
            })? > 0;
        if !exists {
            db.execute(
                "INSERT INTO objectives VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13)",
                params![
                    objective.to_string(),
                    tenant,
                    c.name,
                    c.code,
                    format!("About {}.", c.name),
                    c.image.then(|| cover(n)),
                    c.state,
                    id("activity", &format!("{tenant}/{}", c.name)).to_string(),
                    c.kind,
                    c.state,
                    (c.kind == "composite").then_some(3 + (n % 4) as i64),
                    c.graded.then(|| id("scale", &format!("{tenant}/letters")).to_string()),
                    600 + 61 * n as i64,
                ],
            )?;
            for s in c.showcases {
                db.execute(
                    "INSERT INTO objective_showcases VALUES (?1, ?2)",
                    params![objective.to_string(), id("showcase", &format!("{tenant}/{s}")).to_string()],
                )?;
            }
        }
        let key = format!("{tenant}/{username}/{}", c.name);
        let aggregate = id("aggregate", &key);
        let term = c.term.map(|t| id("term", &format!("{tenant}/{}", ["Spring 2026", "Autumn 2026"][t])).to_string());
        db.execute(
            "INSERT INTO accesses VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)",
            params![
                id("access", &key).to_string(),
                aggregate.to_string(),
                user.to_string(),
                objective.to_string(),
                c.mandatory,
                !c.mandatory,
                term,
                c.self_enrolled
            ],
        )?;
        if let Some(t) = &term {
            db.execute("INSERT INTO user_terms SELECT ?1, ?2 WHERE NOT EXISTS (SELECT 1 FROM user_terms WHERE user_id = ?1 AND term_id = ?2)", params![user.to_string(), t])?;
        }
        if let Some((state, progress)) = c.workflow {
            db.execute(
                "INSERT INTO workflows VALUES (?1, ?2, ?3, ?4, ?5)",
                params![
                    id("workflow", &key).to_string(),
                    aggregate.to_string(),
                    state,
                    progress,
                    format!("2026-0{}-01T09:00:00Z", 1 + n % 9)
                ],
            )?;
        }
        if let Some((score, max)) = c.record {
            let normalized = score / max;
            let grade = ["F", "D", "C", "B", "A"]
                [[0.0, 0.6, 0.7, 0.8, 0.9].iter().rposition(|m| normalized >= *m).unwrap_or(0)];
            let finished = c.workflow.is_none_or(|(s, _)| s == 6);
            db.execute(
                "INSERT INTO records VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)",
                params![
                    id("record", &key).to_string(),
                    aggregate.to_string(),
                    grade,
                    normalized >= 0.6,
                    finished,
                    score,
                    max,
                    normalized,
                    "2026-06-01T09:00:00Z"
                ],
            )?;
        }
    }
    Ok(())
}
