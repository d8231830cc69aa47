//! The activity trees of seeded courses. Constraint dates are relative to the clock's time at
//! seeding, so "past" and "future" stay so whenever the sandbox starts.

use serde_json::{Map, Value, json};

use crate::api::iso;

/// The shape of a course's activity tree.
#[derive(Clone, Copy)]
pub(super) enum Tree {
    /// A composite with a text, a video and an LTI quiz.
    Basic,
    /// The course is a single activity of this type (no children).
    Single(&'static str),
    /// One activity of every type, a proctored and a collaborative one included.
    AllTypes,
    /// Three levels deep with locked, optional, archived and draft parts, constraints past and future.
    Deep,
    /// A proctored LTI exam after a text.
    Proctored,
}

/// One activity and, unless it is the root, the part that places it under its parent.
pub(super) struct Node {
    /// Activity name.
    pub(super) name: String,
    /// Activity type: composite, text, video, discussion, event, lti, proctored, collaborative.
    pub(super) kind: &'static str,
    /// Content state: draft=1, ready=2, expired=3, archived=4.
    pub(super) state: i32,
    /// The part is optional (counts neither for progress nor for the score).
    pub(super) optional: bool,
    /// The part opens only once the counted part before it is completed.
    pub(super) locked: bool,
    /// Score weight of the part within its parent.
    pub(super) weight: f64,
    /// Needs a proctoring session.
    pub(super) proctored: bool,
    /// Done in a group.
    pub(super) collaborative: bool,
    /// The part's own constraint (dates and policies), if any.
    pub(super) constraint: Option<Value>,
    /// Child parts, in order.
    pub(super) children: Vec<Node>,
    /// What it shows (content fields of the activity answer), set by [`super::content::fill`].
    pub(super) content: Option<Value>,
}

fn leaf(name: &str, kind: &'static str) -> Node {
    Node {
        name: name.to_string(),
        kind,
        state: 2,
        optional: false,
        locked: false,
        weight: 1.0,
        proctored: false,
        collaborative: false,
        constraint: None,
        children: Vec::new(),
        content: None,
    }
}

fn composite(name: &str, children: Vec<Node>) -> Node {
    Node { children, ..leaf(name, "composite") }
}

impl Node {
    fn state(self, state: i32) -> Self {
        Node { state, ..self }
    }
    fn optional(self) -> Self {
        Node { optional: true, ..self }
    }
    fn locked(self) -> Self {
        Node { locked: true, ..self }
    }
    fn weight(self, weight: f64) -> Self {
        Node { weight, ..self }
    }
    fn proctored(self) -> Self {
        Node { proctored: true, ..self }
    }
    fn collaborative(self) -> Self {
        Node { collaborative: true, ..self }
    }
    fn constraint(self, constraint: Value) -> Self {
        Node { constraint: Some(constraint), ..self }
    }
}

/// Constraint fields: (name, days from `now`) for dates, other values as given.
fn dates(now: i64, fields: &[(&str, i64)], extra: Value) -> Value {
    let mut map = Map::new();
    for (name, days) in fields {
        map.insert((*name).to_string(), iso(Some(now + days * 86_400)));
    }
    if let Value::Object(more) = extra {
        map.extend(more);
    }
    Value::Object(map)
}

/// The review policy set on every leaf part of a course.
struct Review<'a>(&'a str);

impl Review<'_> {
    /// `n` with the review policy added to its constraint (a composite is left as it is).
    fn apply(&self, n: Node) -> Node {
        let constraint = match n.constraint.clone() {
            Some(Value::Object(mut c)) => {
                c.entry("reviewPolicy").or_insert(json!(self.0));
                Value::Object(c)
            }
            _ => json!({ "reviewPolicy": self.0 }),
        };
        if n.kind == "composite" { n } else { n.constraint(constraint) }
    }

    /// Each of `parts` with the review policy applied.
    fn parts(&self, parts: Vec<Node>) -> Vec<Node> {
        parts.into_iter().map(|n| self.apply(n)).collect()
    }
}

/// The root of a course's tree; `review` is the review policy set on every leaf part.
pub(super) fn build(tree: Tree, name: &str, state: i32, review: &str, now: i64) -> Node {
    let review = Review(review);
    let root = match tree {
        Tree::Basic => composite(
            name,
            review.parts(vec![
                leaf("Introduction", "text"),
                leaf("Walkthrough", "video"),
                leaf("Quiz", "lti").weight(2.0),
            ]),
        ),
        Tree::Single(kind) => leaf(name, kind),
        Tree::Proctored => composite(
            name,
            review.parts(vec![leaf("Exam rules", "text"), leaf("Final exam", "lti").proctored().weight(4.0)]),
        ),
        Tree::AllTypes => all_types(name, &review),
        Tree::Deep => deep(name, &review, now),
    };
    Node { state, ..root }
}

/// One activity of every type, a proctored and a collaborative one included.
fn all_types(name: &str, review: &Review<'_>) -> Node {
    composite(
        name,
        review.parts(vec![
            leaf("Reading", "text"),
            leaf("Lecture", "video"),
            leaf("Forum", "discussion"),
            leaf("Live webinar", "event"),
            leaf("Quiz", "lti").weight(2.0),
            leaf("Supervised test", "proctored").proctored().weight(2.0),
            leaf("Team assignment", "collaborative").collaborative().weight(2.0),
            composite("Extras", review.parts(vec![leaf("Further reading", "text").optional()])),
        ]),
    )
}

/// Three modules (open, locked, locked with results revealed later), an optional reading,
/// an archived and a draft module.
fn deep(name: &str, review: &Review<'_>, now: i64) -> Node {
    composite(
        name,
        vec![
            deep_foundations(review, now),
            deep_practice(review, now),
            deep_assessment(review, now),
            review.apply(leaf("Bonus reading", "text").optional()),
            composite("Retired module", vec![review.apply(leaf("Retired lesson", "text"))]).state(4),
            composite("Draft module", vec![review.apply(leaf("Draft lesson", "text"))]).state(1),
        ],
    )
}

/// Module 1: open since 20 days, due in 10, with a nested lab block.
fn deep_foundations(review: &Review<'_>, now: i64) -> Node {
    composite(
        "Module 1: Foundations",
        review.parts(vec![
            leaf("Welcome", "text"),
            leaf("Threat landscape", "video"),
            composite(
                "Lab block",
                review.parts(vec![leaf("Phishing lab", "lti").weight(3.0), leaf("Lab notes", "text").optional()]),
            ),
        ]),
    )
    .constraint(dates(now, &[("startFrom", -20), ("due", 10)], json!({})))
}

/// Module 2: locked, with a future event, an archived and a draft part.
fn deep_practice(review: &Review<'_>, now: i64) -> Node {
    composite(
        "Module 2: Practice",
        review.parts(vec![
            leaf("Discussion board", "discussion"),
            leaf("Live session", "event").constraint(dates(now, &[("startFrom", 5)], json!({}))),
            leaf("Old reading", "text").state(4),
            leaf("Upcoming video", "video").state(1),
        ]),
    )
    .locked()
    .constraint(dates(
        now,
        &[("startFrom", -10), ("startUntil", 20), ("gracePeriodUntil", 25), ("due", 20)],
        json!({}),
    ))
}

/// Module 3: locked, opening in 15 days, results disclosed after a date.
fn deep_assessment(review: &Review<'_>, now: i64) -> Node {
    composite(
        "Module 3: Assessment",
        review.parts(vec![
            leaf("Final exam", "lti").proctored().weight(4.0),
            leaf("Group project", "lti").collaborative().weight(2.0),
        ]),
    )
    .locked()
    .constraint(dates(
        now,
        &[("startFrom", 15), ("accessibleUntil", 60), ("revealResultsFrom", 40), ("resultsDisclosureFrom", 40)],
        json!({ "resultsDisclosurePolicy": "afterDate" }),
    ))
}
