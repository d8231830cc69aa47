//! The learner's enrolled courses with their access (dates, last attempt), read once for the
//! calendar and the dashboard.
//!
//! The enrolled list (spec section 4 'Lists') comes from the aggregates query, filtered upstream
//! and again here; the accesses add the due and availability dates. Both are read in one page
//! of at most [`MAX_COURSES`]; a learner with more gets a 502 naming the limit rather than a
//! silently shortened view.

use std::collections::HashMap;

use contracts::upstream::{Activity, ObjectiveAccess, ObjectiveWorkflowAggregate, ProctoringSession, WorkflowState};
use futures::{StreamExt, TryStreamExt, stream};
use uuid::Uuid;

use crate::{
    auth::extract::AuthSession,
    cache::{Caches, CourseIds},
    domain::{lists, outcome::CourseFacts, reveal},
    error::{AppError, AppResult},
    upstream::{CallContext, Upstream, UpstreamError, aggregates::LoadOptions},
};

/// Objective ids per accesses query of a page of cards (keeps the filter in the URL short).
const ACCESS_IDS_PER_QUERY: usize = 25;

/// Most enrolled courses the calendar and dashboard read.
pub const MAX_COURSES: u32 = 1000;

/// An enrolled course and, when the upstream has one, its access.
#[derive(Debug, Clone)]
pub struct LearnerCourse {
    /// The enrolled course.
    pub aggregate: ObjectiveWorkflowAggregate,
    /// The learner's access to it.
    pub access: Option<ObjectiveAccess>,
}

impl LearnerCourse {
    /// The facts every view decides the course's status, progress and result visibility from:
    /// the access's, else (no access read) the aggregate's with the grade hidden.
    pub fn facts(&self, proctoring_mismatch: bool) -> CourseFacts {
        match &self.access {
            Some(access) => CourseFacts::of_access(access, proctoring_mismatch),
            None => CourseFacts::of_aggregate(&self.aggregate, proctoring_mismatch),
        }
    }
}

/// `aggregates` (a page of cards) with their accesses, read by objective id, a few ids per query.
pub async fn with_accesses(
    auth: &AuthSession,
    aggregates: Vec<ObjectiveWorkflowAggregate>,
) -> AppResult<Vec<LearnerCourse>> {
    let upstream = &auth.portal.tenant.upstream;
    let ids: Vec<Uuid> = aggregates.iter().map(|a| a.objective.id).collect();
    let queries = ids.chunks(ACCESS_IDS_PER_QUERY).map(|chunk| {
        let mut filter = Vec::new();
        for id in chunk {
            if !filter.is_empty() {
                filter.push(serde_json::json!("or"));
            }
            filter.push(serde_json::json!(["objective.id", "=", id]));
        }
        let options = LoadOptions {
            filter: Some(serde_json::Value::Array(filter)),
            take: u32::try_from(chunk.len()).unwrap_or(u32::MAX),
            ..LoadOptions::default()
        };
        async move { upstream.query_objective_accesses(&auth.ctx, &options).await }
    });
    let pages = futures::future::try_join_all(queries).await?;
    let mut by_objective: HashMap<Uuid, ObjectiveAccess> =
        pages.into_iter().flat_map(|p| p.data).map(|a| (a.objective.id, a)).collect();
    Ok(aggregates
        .into_iter()
        .map(|aggregate| {
            let access = by_objective.remove(&aggregate.objective.id);
            LearnerCourse { aggregate, access }
        })
        .collect())
}

/// The proctored activities of a tree with a last activity workflow that has a session:
/// (activity workflow id, its state).
fn proctored_workflows(activity: &Activity, out: &mut Vec<(Uuid, WorkflowState)>) {
    for part in &activity.children {
        let child = &part.child_activity;
        let last = child.activity_workflow_aggregate.as_ref().and_then(|a| a.last_activity_workflow.as_ref());
        if let Some(w) = last.filter(|w| child.proctored == Some(true) && w.last_proctoring_session_id.is_some())
            && let Some(id) = w.id
        {
            out.push((id, w.state));
        }
        proctored_workflows(child, out);
    }
}

/// Whether `activity` has a proctored activity anywhere below it, with or without a session.
pub fn has_proctored_activity(activity: &Activity) -> bool {
    activity.children.iter().any(|part| {
        let child = &part.child_activity;
        child.proctored == Some(true) || has_proctored_activity(child)
    })
}

/// The activity workflows of `tree` whose proctoring sessions [`tree_proctoring_mismatch`]
/// reads.
pub fn proctored_activity_workflows(tree: &Activity) -> Vec<Uuid> {
    let mut proctored = Vec::new();
    proctored_workflows(tree, &mut proctored);
    proctored.into_iter().map(|(id, _)| id).collect()
}

/// Last proctoring sessions already read, by activity workflow id.
pub type SessionsRead = HashMap<Uuid, Result<Option<ProctoringSession>, UpstreamError>>;

/// Reads the last proctoring sessions of `activity_workflows` of the attempt `workflow`, a few
/// at a time; each answer is kept, failures too.
pub async fn read_proctoring_sessions(
    upstream: &Upstream,
    ctx: &CallContext,
    workflow: Uuid,
    activity_workflows: &[Uuid],
) -> SessionsRead {
    stream::iter(activity_workflows.iter().copied())
        .map(|aw| async move { (aw, upstream.last_proctoring_session(ctx, workflow, aw).await) })
        .buffer_unordered(upstream.reads_in_flight_per_view())
        .collect()
        .await
}

/// Spec section 4 'Availability': whether any proctored activity of the attempt `workflow`
/// (whose tree is `tree`) has a session that disagrees with it
/// ([`reveal::proctoring_mismatch`]); every view asks this one question.
pub async fn tree_proctoring_mismatch(
    upstream: &Upstream,
    ctx: &CallContext,
    workflow: Uuid,
    tree: &Activity,
) -> Result<bool, UpstreamError> {
    tree_proctoring_mismatch_with(upstream, ctx, workflow, tree, &SessionsRead::new()).await
}

/// [`tree_proctoring_mismatch`] with some sessions already `read`: only the others are read.
pub async fn tree_proctoring_mismatch_with(
    upstream: &Upstream,
    ctx: &CallContext,
    workflow: Uuid,
    tree: &Activity,
    read: &SessionsRead,
) -> Result<bool, UpstreamError> {
    let mut proctored = Vec::new();
    proctored_workflows(tree, &mut proctored);
    let sessions: Vec<bool> = stream::iter(proctored)
        .map(|(activity_workflow, state)| async move {
            let session = match read.get(&activity_workflow) {
                Some(answer) => answer.clone()?,
                None => upstream.last_proctoring_session(ctx, workflow, activity_workflow).await?,
            };
            Ok::<_, UpstreamError>(session.is_some_and(|s| reveal::proctoring_mismatch(s.state, state)))
        })
        .buffer_unordered(upstream.reads_in_flight_per_view())
        .try_collect()
        .await?;
    Ok(sessions.into_iter().any(|m| m))
}

/// The proctoring mismatch of each of `courses`' last attempts, from their `trees` (as
/// [`last_attempt_trees`] reads them); false for a course without a tree.
pub async fn proctoring_mismatches(
    auth: &AuthSession,
    courses: &[LearnerCourse],
    trees: &[(usize, Activity)],
) -> AppResult<Vec<bool>> {
    let upstream = &auth.portal.tenant.upstream;
    let mut out = vec![false; courses.len()];
    // The courses' sessions side by side, as many courses at a time as trees are read, not one
    // course after another: a round per course with a proctored activity made the views slow.
    let mut checks = Vec::new();
    for (i, tree) in trees {
        let Some(workflow) = courses[*i].aggregate.last_objective_workflow.as_ref().map(|w| w.id) else { continue };
        let i = *i;
        checks.push(async move {
            Ok::<_, UpstreamError>((i, tree_proctoring_mismatch(upstream, &auth.ctx, workflow, tree).await?))
        });
    }
    let checks: Vec<(usize, bool)> =
        stream::iter(checks).buffer_unordered(upstream.reads_in_flight_per_view()).try_collect().await?;
    for (i, mismatch) in checks {
        out[i] = mismatch;
    }
    Ok(out)
}

/// Remembers the ids course details needs (see [`crate::cache::CourseIds`]) of `courses`
/// (index, course) whose last attempt's tree is among `trees` (by the same index, sorted), or
/// that have no attempt, so the learner's next details page reads everything in one round.
pub async fn remember_course_ids<'a>(
    caches: &Caches,
    auth: &AuthSession,
    courses: impl IntoIterator<Item = (usize, &'a LearnerCourse)>,
    trees: &[(usize, Activity)],
) {
    let mut trees = trees.iter().peekable();
    let mut known = Vec::new();
    for (i, c) in courses {
        while trees.next_if(|(at, _)| *at < i).is_some() {}
        let workflow = c.aggregate.last_objective_workflow.as_ref().map(|w| w.id);
        let tree = trees.next_if(|(at, _)| *at == i).map(|(_, tree)| tree);
        let (proctored, has_proctored_activity) = match (workflow, tree) {
            (None, _) => (Vec::new(), false),
            (Some(_), Some(tree)) => (proctored_activity_workflows(tree), has_proctored_activity(tree)),
            (Some(_), None) => continue,
        };
        let ids = CourseIds {
            aggregate: Some(c.aggregate.id),
            workflow,
            grading_scale: c.aggregate.objective.grading_scale_id,
            proctored: proctored.into(),
            has_proctored_activity,
        };
        known.push((c.aggregate.objective.id, ids));
    }
    caches.remember_course_ids(&auth.session.tenant_id, auth.session.user.id, known).await;
}

/// Every enrolled course of the learner, sorted by name.
pub async fn enrolled_courses(auth: &AuthSession) -> AppResult<Vec<LearnerCourse>> {
    let (aggregates, accesses) = tokio::try_join!(enrolled_aggregates(auth), every_access(auth))?;
    Ok(with_access_list(aggregates, accesses))
}

/// A 502 naming [`MAX_COURSES`] when the upstream has more than were read.
fn at_most_max_courses(total: Option<i64>, read: usize) -> AppResult<()> {
    if total.is_some_and(|t| t > read as i64) {
        return Err(AppError::BadGateway(format!("the learner has more than {MAX_COURSES} courses")));
    }
    Ok(())
}

/// Every enrolled course of the learner (the list rule applied upstream and here), sorted by name.
pub async fn enrolled_aggregates(auth: &AuthSession) -> AppResult<Vec<ObjectiveWorkflowAggregate>> {
    let options = LoadOptions {
        filter: Some(lists::enrolled_filter("")),
        sort: Some(lists::default_sort()),
        skip: 0,
        take: MAX_COURSES,
        require_total_count: true,
    };
    let page = auth.portal.tenant.upstream.query_aggregates(&auth.ctx, &options).await?;
    at_most_max_courses(page.total_count, page.data.len())?;
    Ok(page.data.into_iter().filter(lists::is_enrolled_listed).collect())
}

/// Every objective access of the learner.
pub async fn every_access(auth: &AuthSession) -> AppResult<Vec<ObjectiveAccess>> {
    let options = LoadOptions { take: MAX_COURSES, require_total_count: true, ..LoadOptions::default() };
    let page = auth.portal.tenant.upstream.query_objective_accesses(&auth.ctx, &options).await?;
    at_most_max_courses(page.total_count, page.data.len())?;
    Ok(page.data)
}

/// `aggregates`, in their order, each with its access from `accesses` (matched by objective).
pub fn with_access_list(
    aggregates: Vec<ObjectiveWorkflowAggregate>,
    accesses: Vec<ObjectiveAccess>,
) -> Vec<LearnerCourse> {
    let mut by_objective: HashMap<Uuid, ObjectiveAccess> = accesses.into_iter().map(|a| (a.objective.id, a)).collect();
    aggregates
        .into_iter()
        .map(|aggregate| {
            let access = by_objective.remove(&aggregate.objective.id);
            LearnerCourse { aggregate, access }
        })
        .collect()
}

/// The activity trees of the last attempts of `courses` (those with one), as (index in
/// `courses`, tree), at most `upstream.reads_in_flight_per_view` read at a time. A tree the upstream no
/// longer has is left out.
pub async fn last_attempt_trees(auth: &AuthSession, courses: &[LearnerCourse]) -> AppResult<Vec<(usize, Activity)>> {
    let jobs =
        courses.iter().enumerate().filter_map(|(i, c)| c.aggregate.last_objective_workflow.as_ref().map(|w| (i, w.id)));
    attempt_trees(auth, jobs.collect()).await
}

/// The last attempt of the course `aggregate` (at `index` of a list) as a job of
/// [`proctoring_trees`]: (index, objective id, workflow id); `None` before any attempt.
pub fn last_attempt_job(index: usize, aggregate: &ObjectiveWorkflowAggregate) -> Option<(usize, Uuid, Uuid)> {
    aggregate.last_objective_workflow.as_ref().map(|w| (index, aggregate.objective.id, w.id))
}

/// The trees the proctoring rule needs of the attempts `jobs` (index, objective id, workflow
/// id), sorted by index: every one but those the course-ids cache knows to have no proctored
/// activity ([`Caches::attempts_without_proctoring`]), whose proctoring mismatch is false
/// without a tree. For the lists, which read a tree for nothing else.
pub async fn proctoring_trees(
    caches: &Caches,
    auth: &AuthSession,
    jobs: Vec<(usize, Uuid, Uuid)>,
) -> AppResult<Vec<(usize, Activity)>> {
    let attempts: Vec<(Uuid, Uuid)> = jobs.iter().map(|&(_, objective, workflow)| (objective, workflow)).collect();
    let skip = caches.attempts_without_proctoring(&auth.session.tenant_id, auth.session.user.id, &attempts).await;
    let jobs = jobs.into_iter().zip(skip).filter(|(_, skip)| !skip).map(|((i, _, workflow), _)| (i, workflow));
    attempt_trees(auth, jobs.collect()).await
}

/// The activity trees of the attempts `jobs` (index, workflow id), sorted by index, as
/// [`last_attempt_trees`] reads them.
pub async fn attempt_trees(auth: &AuthSession, jobs: Vec<(usize, Uuid)>) -> AppResult<Vec<(usize, Activity)>> {
    // Owned handles: the stream's futures must not borrow from the caller's locals.
    let (upstream, ctx) = (auth.portal.tenant.upstream.clone(), auth.ctx.clone());
    let reads = upstream.reads_in_flight_per_view();
    let answers: Vec<(usize, Result<Activity, UpstreamError>)> = stream::iter(jobs)
        .map(move |(i, id)| {
            let (upstream, ctx) = (upstream.clone(), ctx.clone());
            async move { (i, upstream.activity_tree(&ctx, id).await) }
        })
        .buffer_unordered(reads)
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
