//! Generated courses: a catalog of 120 courses Ada can add, and 500 enrolled courses of the
//! user `bulk` for performance work.

use super::{Seeder, courses::course, trees::Tree};

const SUBJECTS: [&str; 24] = [
    "Spanish",
    "French",
    "German",
    "Japanese",
    "Rust",
    "Python",
    "SQL",
    "Kubernetes",
    "Design Thinking",
    "Budgeting",
    "Hiring",
    "Mentoring",
    "Public Speaking",
    "Writing",
    "Statistics",
    "Machine Learning",
    "Networking",
    "Linux",
    "Accessibility",
    "Negotiation",
    "Coaching",
    "Product Discovery",
    "Risk Management",
    "Sales",
];
const LEVELS: [&str; 5] = ["Essentials", "in Practice", "Masterclass", "for Teams", "Deep Dive"];
const COLLECTIONS: [&[&str]; 4] = [&["Languages"], &["Technology"], &["Management"], &[]];

/// 120 catalog courses (showInCatalog, not self-enrolled, no workflow or record) for `username`.
pub(super) fn seed_catalog(seeder: &mut Seeder<'_>, username: &str) -> rusqlite::Result<()> {
    let mut n = 0;
    for (s, subject) in SUBJECTS.iter().enumerate() {
        for level in LEVELS {
            let name = format!("{subject} {level}");
            let code = format!("CAT-{:03}", n + 1);
            let c = super::Course {
                name: &name,
                code: Some(&code),
                image: n % 3 == 0,
                tree: if n % 4 == 0 { Tree::Single("lti") } else { Tree::Basic },
                self_enrolled: false,
                showcases: COLLECTIONS[(s + n) % COLLECTIONS.len()],
                graded: n % 2 == 0,
                in_catalog: true,
                ..course("")
            };
            seeder.course(username, &c, n)?;
            n += 1;
        }
    }
    Ok(())
}

/// 500 enrolled courses of `username`: a third mandatory, a quarter in progress, a quarter finished.
pub(super) fn seed_bulk(seeder: &mut Seeder<'_>, username: &str) -> rusqlite::Result<()> {
    for n in 0..500 {
        let name = format!("Performance Course {:03}", n + 1);
        let c = super::Course {
            name: &name,
            mandatory: n % 3 == 0,
            self_enrolled: n % 3 != 0,
            term: Some(n % 2),
            showcases: COLLECTIONS[n % COLLECTIONS.len()],
            workflow: match n % 4 {
                1 => Some((1, 0.5)),
                2 => Some((6, 1.0)),
                _ => None,
            },
            record: (n % 4 == 2).then_some((50.0 + (n % 50) as f64, 100.0)),
            graded: true,
            ..course("")
        };
        seeder.course(username, &c, n)?;
    }
    Ok(())
}
