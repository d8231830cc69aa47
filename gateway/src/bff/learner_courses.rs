//! The learner's enrolled courses with their access (dates, last attempt), read once for the
//! calendar and the dashboard.
//!
//! The enrolled list (spec section 4 'Lists') comes from the aggregates query, filtered upstream
//! and again here; the accesses add the due and availability dates. Both are read in one page
//! of at most [`MAX_COURSES`]; a learner with more gets a 502 naming the limit rather than a
//! silently shortened view.

use std::collections::HashMap;

use contracts::upstream::{Activity, ObjectiveAccess, ObjectiveWorkflowAggregate};
use futures::{StreamExt, stream};
use uuid::Uuid;

use crate::{
    auth::extract::AuthSession,
    domain::lists,
    error::{AppError, AppResult},
    upstream::{UpstreamError, aggregates::LoadOptions},
};

/// Most enrolled courses the calendar and dashboard read.
pub const MAX_COURSES: u32 = 1000;

/// Activity trees read at once.
const TREE_READS_IN_FLIGHT: usize = 4;

/// An enrolled course and, when the upstream has one, its access.
#[derive(Debug, Clone)]
pub struct LearnerCourse {
    /// The enrolled course.
    pub aggregate: ObjectiveWorkflowAggregate,
    /// The learner's access to it.
    pub access: Option<ObjectiveAccess>,
}

/// Every enrolled course of the learner, sorted by name.
pub async fn enrolled_courses(auth: &AuthSession) -> AppResult<Vec<LearnerCourse>> {
    let upstream = &auth.tenant.tenant.upstream;
    let aggregates_options = LoadOptions {
        filter: Some(lists::enrolled_filter("")),
        sort: Some(lists::default_sort()),
        skip: 0,
        take: MAX_COURSES,
        require_total_count: true,
    };
    let access_options = LoadOptions { take: MAX_COURSES, require_total_count: true, ..LoadOptions::default() };
    let (aggregates, accesses) = tokio::try_join!(
        async { upstream.query_aggregates(&auth.ctx, &aggregates_options).await.map_err(AppError::from) },
        async { upstream.query_objective_accesses(&auth.ctx, &access_options).await.map_err(AppError::from) },
    )?;
    let too_many = |total: Option<i64>, read: usize| total.is_some_and(|t| t > read as i64);
    if too_many(aggregates.total_count, aggregates.data.len()) || too_many(accesses.total_count, accesses.data.len()) {
        return Err(AppError::BadGateway(format!("the learner has more than {MAX_COURSES} courses")));
    }
    let mut by_objective: HashMap<Uuid, ObjectiveAccess> =
        accesses.data.into_iter().map(|a| (a.objective.id, a)).collect();
    Ok(aggregates
        .data
        .into_iter()
        .filter(lists::is_enrolled_listed)
        .map(|aggregate| {
            let access = by_objective.remove(&aggregate.objective.id);
            LearnerCourse { aggregate, access }
        })
        .collect())
}

/// The activity trees of the last attempts of `courses` (those with one), as (index in
/// `courses`, tree), at most [`TREE_READS_IN_FLIGHT`] read at a time. A tree the upstream no
/// longer has is left out.
pub async fn last_attempt_trees(auth: &AuthSession, courses: &[LearnerCourse]) -> AppResult<Vec<(usize, Activity)>> {
    let jobs: Vec<(usize, Uuid)> = courses
        .iter()
        .enumerate()
        .filter_map(|(i, c)| c.aggregate.last_objective_workflow.as_ref().map(|w| (i, w.id)))
        .collect();
    // Owned handles: the stream's futures must not borrow from the caller's locals.
    let (upstream, ctx) = (auth.tenant.tenant.upstream.clone(), auth.ctx.clone());
    let answers: Vec<(usize, Result<Activity, UpstreamError>)> = stream::iter(jobs)
        .map(move |(i, id)| {
            let (upstream, ctx) = (upstream.clone(), ctx.clone());
            async move { (i, upstream.activity_tree(&ctx, id).await) }
        })
        .buffer_unordered(TREE_READS_IN_FLIGHT)
        .collect()
        .await;
    let mut trees = Vec::with_capacity(answers.len());
    for (i, answer) in answers {
        match answer {
            Ok(tree) => trees.push((i, tree)),
            Err(UpstreamError::NotFound(_)) => {}
            Err(e) => return Err(e.into()),
        }
    }
    trees.sort_by_key(|(i, _)| *i);
    Ok(trees)
}
