//! The seeded courses of each learner; `tests/sandbox/README.md` shows what each one tests.

use super::trees::Tree;

/// One seeded course of one learner.
pub(super) struct Course<'a> {
    /// Course name (unique per tenant; its ids derive from it).
    pub(super) name: &'a str,
    /// Course code, if any.
    pub(super) code: Option<&'a str>,
    /// Whether it has a cover image.
    pub(super) image: bool,
    /// Course state: draft=1, ready=2, expired=3, archived=4 (objective and root activity).
    pub(super) state: i32,
    /// The activity tree.
    pub(super) tree: Tree,
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
    /// A new attempt is allowed once the last one is finished.
    pub(super) retake: bool,
    /// Due date, in days from seeding.
    pub(super) due: Option<i64>,
    /// Available to start from, in days from seeding.
    pub(super) available_from: Option<i64>,
    /// Available to start until, in days from seeding.
    pub(super) available_until: Option<i64>,
    /// Grade reveal policy (`none`, `never`, `afterFinish`, `afterDate`, `afterScore`) and, for
    /// `afterDate`, the reveal date in days from seeding.
    pub(super) reveal: (&'static str, Option<i64>),
    /// Review policy of the course's parts (`never`, `afterSubmission`, `afterRevealingResults`).
    pub(super) review: &'static str,
    /// Results are protected (no review).
    pub(super) protect: bool,
    /// A certificate is issued on passing, valid this many days (negative: already expired).
    pub(super) certificate: Option<i64>,
    /// Shown in the open catalog.
    pub(super) in_catalog: bool,
}

pub(super) const fn course(name: &'static str) -> Course<'static> {
    Course {
        name,
        code: None,
        image: false,
        state: 2,
        tree: Tree::Basic,
        mandatory: false,
        self_enrolled: true,
        term: None,
        showcases: &[],
        workflow: None,
        record: None,
        graded: false,
        retake: false,
        due: None,
        available_from: None,
        available_until: None,
        reveal: ("afterFinish", None),
        review: "afterSubmission",
        protect: false,
        certificate: None,
        in_catalog: false,
    }
}

pub(super) const ADA: &[Course<'static>] = &[
    Course {
        code: Some("DP-101"),
        image: true,
        mandatory: true,
        self_enrolled: false,
        term: Some(0),
        showcases: &["Security"],
        due: Some(14),
        // Scores show as the learner goes (the player's journeys see a quiz's score at once).
        reveal: ("none", None),
        ..course("Data Privacy Basics")
    },
    Course { code: Some("SEC-101"), showcases: &["Security"], in_catalog: true, ..course("Secure Coding 101") },
    Course {
        image: true,
        mandatory: true,
        self_enrolled: false,
        term: Some(0),
        showcases: &["Onboarding"],
        workflow: Some((1, 0.35)),
        due: Some(-3),
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
        certificate: Some(365),
        ..course("Workplace Safety")
    },
    Course {
        code: Some("FIN-201"),
        image: true,
        term: Some(1),
        workflow: Some((6, 1.0)),
        record: Some((30.0, 100.0)),
        graded: true,
        retake: true,
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
        reveal: ("afterDate", Some(7)),
        review: "afterRevealingResults",
        ..course("Customer Service Excellence")
    },
    Course {
        code: Some("AG-120"),
        workflow: Some((5, 1.0)),
        record: Some((64.0, 100.0)),
        graded: true,
        reveal: ("afterDate", Some(-2)),
        ..course("Agile Team Practices")
    },
    Course { code: Some("CLD-100"), state: 1, mandatory: true, self_enrolled: false, ..course("Cloud Fundamentals") },
    Course { code: Some("TM-10"), showcases: &["Onboarding"], workflow: Some((1, 0.6)), ..course("Time Management") },
    Course {
        code: Some("PY-101"),
        image: true,
        state: 3,
        tree: Tree::Single("lti"),
        workflow: Some((6, 1.0)),
        record: Some((88.0, 100.0)),
        graded: true,
        retake: true,
        certificate: Some(-30),
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
    Course { code: Some("NEG-1"), self_enrolled: false, in_catalog: true, ..course("Negotiation Skills") },
    Course {
        code: Some("TOUR-1"),
        tree: Tree::AllTypes,
        workflow: Some((1, 0.2)),
        showcases: &["Onboarding"],
        ..course("Activity Types Tour")
    },
    Course {
        code: Some("CYB-300"),
        image: true,
        tree: Tree::Deep,
        mandatory: true,
        self_enrolled: false,
        workflow: Some((1, 0.25)),
        due: Some(30),
        graded: true,
        showcases: &["Security"],
        ..course("Cybersecurity Program")
    },
    Course {
        code: Some("EXAM-1"),
        tree: Tree::Proctored,
        mandatory: true,
        self_enrolled: false,
        workflow: Some((1, 0.5)),
        graded: true,
        ..course("Proctored Final Exam")
    },
    Course {
        code: Some("NEG-200"),
        mandatory: true,
        self_enrolled: false,
        available_from: Some(10),
        ..course("Advanced Negotiation")
    },
    Course { code: Some("LEG-100"), available_until: Some(-5), ..course("Legacy Systems Overview") },
    Course {
        code: Some("HG-1"),
        workflow: Some((6, 1.0)),
        record: Some((78.0, 100.0)),
        graded: true,
        reveal: ("never", None),
        review: "never",
        ..course("Hidden Grades Quiz")
    },
    Course {
        code: Some("CONF-1"),
        workflow: Some((6, 1.0)),
        record: Some((85.0, 100.0)),
        graded: true,
        protect: true,
        ..course("Confidential Assessment")
    },
];

pub(super) const GRACE: &[Course<'static>] = &[
    Course { code: Some("INS-1"), workflow: Some((1, 0.5)), ..course("Teaching Online") },
    Course {
        code: Some("DP-101"),
        image: true,
        mandatory: true,
        self_enrolled: false,
        ..course("Data Privacy Basics")
    },
    Course { workflow: Some((6, 1.0)), record: Some((95.0, 100.0)), graded: true, ..course("Assessment Design") },
    Course { code: Some("TOUR-1"), tree: Tree::AllTypes, workflow: Some((1, 0.1)), ..course("Activity Types Tour") },
];

pub(super) const KEN: &[Course<'static>] =
    &[Course { mandatory: true, self_enrolled: false, ..course("Data Privacy Basics") }];

pub(super) const LINUS: &[Course<'static>] = &[
    Course { code: Some("GX-1"), mandatory: true, self_enrolled: false, ..course("Globex Orientation") },
    Course { code: Some("GX-2"), workflow: Some((1, 0.2)), ..course("Kernel Hacking") },
    Course { code: Some("GX-3"), workflow: Some((6, 1.0)), record: Some((55.0, 100.0)), ..course("Version Control") },
];
