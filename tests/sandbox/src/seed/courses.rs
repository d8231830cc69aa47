//! The seeded courses of each learner; `tests/sandbox/README.md` shows what each one tests.

/// One seeded course of one learner.
pub(super) struct Course {
    /// Course name (unique per tenant; its ids derive from it).
    pub(super) name: &'static str,
    /// Course code, if any.
    pub(super) code: Option<&'static str>,
    /// Whether it has a cover image.
    pub(super) image: bool,
    /// Course state: draft=1, ready=2, expired=3, archived=4 (objective and root activity).
    pub(super) state: i32,
    /// Activity type (`composite`, `lti`).
    pub(super) kind: &'static str,
    /// Assigned as mandatory.
    pub(super) mandatory: bool,
    /// The learner enrolled themselves.
    pub(super) self_enrolled: bool,
    /// Index into the tenant's terms.
    pub(super) term: Option<usize>,
    /// Names of its collections.
    pub(super) showcases: &'static [&'static str],
    /// Last workflow: (state, progress).
    pub(super) workflow: Option<(i32, f64)>,
    /// Last record: (score, max score).
    pub(super) record: Option<(f64, f64)>,
    /// Graded on the tenant's letter scale.
    pub(super) graded: bool,
}

const fn course(name: &'static str) -> Course {
    Course {
        name,
        code: None,
        image: false,
        state: 2,
        kind: "composite",
        mandatory: false,
        self_enrolled: true,
        term: None,
        showcases: &[],
        workflow: None,
        record: None,
        graded: false,
    }
}

pub(super) const ADA: &[Course] = &[
    Course {
        code: Some("DP-101"),
        image: true,
        mandatory: true,
        self_enrolled: false,
        term: Some(0),
        showcases: &["Security"],
        ..course("Data Privacy Basics")
    },
    Course { code: Some("SEC-101"), showcases: &["Security"], ..course("Secure Coding 101") },
    Course {
        image: true,
        mandatory: true,
        self_enrolled: false,
        term: Some(0),
        showcases: &["Onboarding"],
        workflow: Some((1, 0.35)),
        ..course("Company Values Onboarding")
    },
    Course { code: Some("PM-200"), workflow: Some((1, 1.4)), ..course("Project Management Essentials") },
    Course { code: Some("COM-110"), workflow: Some((2, 1.0)), ..course("Effective Communication") },
    Course {
        code: Some("LEAD-1"),
        image: true,
        mandatory: true,
        self_enrolled: false,
        workflow: Some((3, 1.0)),
        ..course("Leadership Foundations")
    },
    Course {
        code: Some("SAF-100"),
        mandatory: true,
        self_enrolled: false,
        term: Some(1),
        showcases: &["Onboarding"],
        workflow: Some((6, 1.0)),
        record: Some((92.0, 100.0)),
        graded: true,
        ..course("Workplace Safety")
    },
    Course {
        code: Some("FIN-201"),
        image: true,
        term: Some(1),
        workflow: Some((6, 1.0)),
        record: Some((30.0, 100.0)),
        graded: true,
        ..course("Financial Literacy")
    },
    Course {
        code: Some("XL-300"),
        record: Some((75.0, 100.0)),
        graded: true,
        self_enrolled: false,
        ..course("Excel for Analysts")
    },
    Course {
        code: Some("CS-150"),
        workflow: Some((4, 1.0)),
        record: Some((81.0, 100.0)),
        graded: true,
        ..course("Customer Service Excellence")
    },
    Course {
        code: Some("AG-120"),
        workflow: Some((5, 1.0)),
        record: Some((64.0, 100.0)),
        graded: true,
        ..course("Agile Team Practices")
    },
    Course { code: Some("CLD-100"), state: 1, mandatory: true, self_enrolled: false, ..course("Cloud Fundamentals") },
    Course { code: Some("TM-10"), showcases: &["Onboarding"], workflow: Some((1, 0.6)), ..course("Time Management") },
    Course {
        code: Some("PY-101"),
        image: true,
        state: 3,
        kind: "lti",
        workflow: Some((6, 1.0)),
        record: Some((88.0, 100.0)),
        graded: true,
        ..course("Introduction to Python")
    },
    // Hidden from My courses: archived, and an access with no enrolment, workflow or record.
    Course {
        code: Some("LEG-9"),
        state: 4,
        mandatory: true,
        workflow: Some((6, 1.0)),
        record: Some((70.0, 100.0)),
        ..course("Archived Compliance Training")
    },
    Course { code: Some("NEG-1"), self_enrolled: false, ..course("Negotiation Skills") },
];

pub(super) const GRACE: &[Course] = &[
    Course { code: Some("INS-1"), workflow: Some((1, 0.5)), ..course("Teaching Online") },
    Course {
        code: Some("DP-101"),
        image: true,
        mandatory: true,
        self_enrolled: false,
        ..course("Data Privacy Basics")
    },
    Course { workflow: Some((6, 1.0)), record: Some((95.0, 100.0)), graded: true, ..course("Assessment Design") },
];

pub(super) const KEN: &[Course] = &[Course { mandatory: true, self_enrolled: false, ..course("Data Privacy Basics") }];

pub(super) const LINUS: &[Course] = &[
    Course { code: Some("GX-1"), mandatory: true, self_enrolled: false, ..course("Globex Orientation") },
    Course { code: Some("GX-2"), workflow: Some((1, 0.2)), ..course("Kernel Hacking") },
    Course { code: Some("GX-3"), workflow: Some((6, 1.0)), record: Some((55.0, 100.0)), ..course("Version Control") },
];
