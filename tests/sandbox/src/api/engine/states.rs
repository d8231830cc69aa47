//! The integer states the sandbox stores and sends, named as spec section 4 names them.

/// Workflow status of an objective or an activity workflow. No workflow at all is 'Not
/// Started'.
pub(in crate::api) mod workflow_state {
    /// Being worked on.
    pub(in crate::api) const IN_PROGRESS: i64 = 1;
    /// Handed in.
    pub(in crate::api) const SUBMITTED: i64 = 2;
    /// Being graded: a proctored or collaborative activity waits for a grader.
    pub(in crate::api) const IN_GRADING: i64 = 3;
    /// Graded.
    pub(in crate::api) const GRADED: i64 = 4;
    /// Grading approved.
    pub(in crate::api) const GRADING_APPROVED: i64 = 5;
    /// Finished.
    pub(in crate::api) const FINISHED: i64 = 6;
}

/// State of a course (an objective's root activity) or of one activity.
pub(in crate::api) mod course_state {
    /// Being written: 'coming soon', cannot be started.
    pub(in crate::api) const DRAFT: i64 = 1;
    /// Published.
    pub(in crate::api) const READY: i64 = 2;
    /// Past its time, still readable.
    pub(in crate::api) const EXPIRED: i64 = 3;
    /// Withdrawn: not available.
    pub(in crate::api) const ARCHIVED: i64 = 4;
}

/// State of a proctoring session.
pub(in crate::api) mod proctoring_state {
    /// Open while its activity workflow runs.
    pub(in crate::api) const CREATED: i64 = 1;
    /// Closed with its activity workflow.
    pub(in crate::api) const FINISHED: i64 = 2;
}
