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

/// The root of a course's tree; `review` is the review policy set on every leaf part.
pub(super) fn build(tree: Tree, name: &str, state: i32, review: &str, now: i64) -> Node {
    let policy = json!({ "reviewPolicy": review });
    let with_review = |n: Node| {
        let constraint = match n.constraint.clone() {
            Some(Value::Object(mut c)) => {
                c.entry("reviewPolicy").or_insert(json!(review));
                Value::Object(c)
            }
            _ => policy.clone(),
        };
        if n.kind == "composite" { n } else { n.constraint(constraint) }
    };
    let root = match tree {
        Tree::Basic => composite(
            name,
            vec![leaf("Introduction", "text"), leaf("Walkthrough", "video"), leaf("Quiz", "lti").weight(2.0)]
                .into_iter()
                .map(with_review)
                .collect(),
        ),
        Tree::Single(kind) => leaf(name, kind),
        Tree::Proctored => composite(
            name,
            vec![leaf("Exam rules", "text"), leaf("Final exam", "lti").proctored().weight(4.0)]
                .into_iter()
                .map(with_review)
                .collect(),
        ),
        Tree::AllTypes => composite(
            name,
            vec![
                leaf("Reading", "text"),
                leaf("Lecture", "video"),
                leaf("Forum", "discussion"),
                leaf("Live webinar", "event"),
                leaf("Quiz", "lti").weight(2.0),
                leaf("Supervised test", "proctored").proctored().weight(2.0),
                leaf("Team assignment", "collaborative").collaborative().weight(2.0),
                composite(
                    "Extras",
                    vec![leaf("Further reading", "text").optional()].into_iter().map(with_review).collect(),
                ),
            ]
            .into_iter()
            .map(with_review)
            .collect(),
        ),
        Tree::Deep => composite(
            name,
            vec![
                composite(
                    "Module 1: Foundations",
                    vec![
                        leaf("Welcome", "text"),
                        leaf("Threat landscape", "video"),
                        composite(
                            "Lab block",
                            vec![leaf("Phishing lab", "lti").weight(3.0), leaf("Lab notes", "text").optional()]
                                .into_iter()
                                .map(with_review)
                                .collect(),
                        ),
                    ]
                    .into_iter()
                    .map(with_review)
                    .collect(),
                )
                .constraint(dates(now, &[("startFrom", -20), ("due", 10)], json!({}))),
                composite(
                    "Module 2: Practice",
                    vec![
                        leaf("Discussion board", "discussion"),
                        leaf("Live session", "event").constraint(dates(now, &[("startFrom", 5)], json!({}))),
                        leaf("Old reading", "text").state(4),
                        leaf("Upcoming video", "video").state(1),
                    ]
                    .into_iter()
                    .map(with_review)
                    .collect(),
                )
                .locked()
                .constraint(dates(
                    now,
                    &[("startFrom", -10), ("startUntil", 20), ("gracePeriodUntil", 25), ("due", 20)],
                    json!({}),
                )),
                composite(
                    "Module 3: Assessment",
                    vec![
                        leaf("Final exam", "lti").proctored().weight(4.0),
                        leaf("Group project", "lti").collaborative().weight(2.0),
                    ]
                    .into_iter()
                    .map(with_review)
                    .collect(),
                )
                .locked()
                .constraint(dates(
                    now,
                    &[
                        ("startFrom", 15),
                        ("accessibleUntil", 60),
                        ("revealResultsFrom", 40),
                        ("resultsDisclosureFrom", 40),
                    ],
                    json!({ "resultsDisclosurePolicy": "afterDate" }),
                )),
                with_review(leaf("Bonus reading", "text").optional()),
                composite("Retired module", vec![with_review(leaf("Retired lesson", "text"))]).state(4),
                composite("Draft module", vec![with_review(leaf("Draft lesson", "text"))]).state(1),
            ],
        ),
    };
    Node { state, ..root }
}
