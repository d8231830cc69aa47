//! `GET /api/bff/dashboard`: the learner dashboard in one call: courses in progress, due soon
//! and recently finished.
//!
//! 'In progress' is the progress filter's value of spec section 4; 'due soon' and 'recently
//! finished' follow `domain::dashboard` with the windows of `[views]` in config. The answer
//! 'Finished at' is when the course's latest objective record was made. The answer
//! changes by the clock alone when a due date enters the window or passes: `refreshAt`.
//!
//! The enrolled courses, their accesses and records are read once as lists; the sections are
//! decided from them, and only the courses they show have their last attempt's tree read (the
//! proctoring rule of every view): those in progress (all shown, known from the enrolled list
//! alone) while the accesses and records are still on their way, the others after.

use contracts::bff::{Problem, Unauthorized};
use std::collections::HashMap;

use axum::{Json, extract::State};
use contracts::{
    bff::{CourseProgress, DashboardCourse, DashboardView},
    upstream::ObjectiveWorkflowAggregate,
};
use time::{Duration, OffsetDateTime};
use uuid::Uuid;

use super::{
    fields::rfc3339,
    learner_courses::{
        LearnerCourse, MAX_COURSES, enrolled_aggregates, every_access, last_attempt_job, proctoring_mismatches,
        proctoring_trees, remember_course_ids, with_access_list,
    },
};
use crate::{
    app::AppState,
    auth::extract::LearnerSession,
    domain::{
        course, dashboard, filters,
        outcome::{self, CourseFacts},
    },
    error::{AppError, AppResult},
};

/// The dashboard view.
#[utoipa::path(get, path = "/api/bff/dashboard", tag = "views", responses(
    (status = 200, description = "In progress, due soon and recently finished courses", body = DashboardView),
    (status = 401, description = "No valid session", body = Unauthorized),
    (status = 403, description = "The user may not use the learner area (no ObjectiveWorkflow.Create)", body = Problem),
    (status = 504, description = "The learning platform did not answer in time", body = Problem),
))]
pub async fn get_dashboard(State(state): State<AppState>, auth: LearnerSession) -> AppResult<Json<DashboardView>> {
    let settings = &state.config.views;
    let upstream = &auth.portal.tenant.upstream;
    let in_progress_of =
        |a: &ObjectiveWorkflowAggregate| filters::course_progress(a) == Some(CourseProgress::InProgress);
    let ((aggregates, mut trees), accesses, records, unread) = tokio::try_join!(
        async {
            // Every course in progress is shown, and the aggregate alone says which are: their
            // trees (those the proctoring rule needs) are read at once, beside the accesses and
            // records.
            let aggregates = enrolled_aggregates(&auth).await?;
            let jobs = aggregates
                .iter()
                .enumerate()
                .filter(|(_, a)| in_progress_of(a))
                .filter_map(|(i, a)| last_attempt_job(i, a));
            let trees = proctoring_trees(&state.caches, &auth, jobs.collect()).await?;
            Ok((aggregates, trees))
        },
        every_access(&auth),
        async { upstream.query_objective_records(&auth.ctx, MAX_COURSES).await.map_err(AppError::from) },
        // One call for every card's unread announcements.
        async { Ok(crate::bff::chat::unread_counts(upstream, &auth.ctx).await) },
    )?;
    let courses = with_access_list(aggregates, accesses);
    // Newest first: the first record seen for an aggregate is when its last attempt finished.
    let mut finished_at: HashMap<Uuid, OffsetDateTime> = HashMap::new();
    for r in records.data {
        if let (Some(aggregate), Some(created)) = (r.objective_workflow_aggregate_id, r.created) {
            finished_at.entry(aggregate).or_insert(created);
        }
    }
    let now = upstream.now();
    let window = Duration::days(i64::from(settings.dashboard_due_soon_days));
    // Which courses each section shows follows from progress, due and finish dates alone; only
    // those courses are read further (their last attempt's tree, for the proctoring rule).
    let Sections { in_progress, due_soon, finished, open_dues } =
        sections(&courses, &finished_at, now, window, settings.dashboard_recently_finished_count as usize);
    let mut shown: Vec<usize> = in_progress
        .iter()
        .copied()
        .chain(due_soon.iter().map(|(_, i)| *i))
        .chain(finished.iter().map(|(_, i)| *i))
        .collect();
    shown.sort_unstable();
    shown.dedup();
    // The trees of the other courses shown (due soon or recently finished, not in progress).
    let others: Vec<(usize, Uuid, Uuid)> = shown
        .iter()
        .filter(|&&i| !in_progress_of(&courses[i].aggregate))
        .filter_map(|&i| last_attempt_job(i, &courses[i].aggregate))
        .collect();
    trees.extend(proctoring_trees(&state.caches, &auth, others).await?);
    trees.sort_by_key(|(i, _)| *i);
    let mismatches = proctoring_mismatches(&auth, &courses, &trees).await?;
    remember_course_ids(&state.caches, &auth, shown.iter().map(|&i| (i, &courses[i])), &trees).await;
    let course = |i: usize, finished_at: Option<OffsetDateTime>| {
        let c = &courses[i];
        to_course(c, &c.facts(mismatches[i]), finished_at, now, &unread)
    };
    Ok(Json(DashboardView {
        in_progress: in_progress.iter().map(|&i| course(i, None)).collect(),
        due_soon: due_soon.iter().map(|&(_, i)| course(i, None)).collect(),
        recently_finished: finished.iter().map(|&(at, i)| course(i, at)).collect(),
        due_soon_days: settings.dashboard_due_soon_days,
        refresh_at: rfc3339(dashboard::due_soon_refresh_at(open_dues, now, window)),
    }))
}

/// The courses (by index) each section shows, and the due dates of every course not completed.
struct Sections {
    in_progress: Vec<usize>,
    due_soon: Vec<(Option<OffsetDateTime>, usize)>,
    finished: Vec<(Option<OffsetDateTime>, usize)>,
    open_dues: Vec<OffsetDateTime>,
}

/// Sorts the courses into the dashboard's sections by progress, due date and finish date.
fn sections(
    courses: &[LearnerCourse],
    finished_at: &HashMap<Uuid, OffsetDateTime>,
    now: OffsetDateTime,
    window: Duration,
    finished_count: usize,
) -> Sections {
    let mut in_progress = Vec::new();
    let mut due_soon = Vec::new();
    let mut finished = Vec::new();
    let mut open_dues = Vec::new();
    for (i, c) in courses.iter().enumerate() {
        let progress = filters::course_progress(&c.aggregate);
        let due = c.access.as_ref().and_then(|a| a.due_date);
        if progress != Some(CourseProgress::Completed) {
            open_dues.extend(due);
        }
        if progress == Some(CourseProgress::InProgress) {
            in_progress.push(i);
        }
        if dashboard::is_due_soon(due, progress, now, window) {
            due_soon.push((due, i));
        }
        if progress == Some(CourseProgress::Completed) {
            let at = finished_at.get(&c.aggregate.id).copied();
            finished.push((at, (at, i)));
        }
    }
    due_soon.sort_by_key(|(due, _)| *due);
    let finished = dashboard::recently_finished(finished, finished_count);
    Sections { in_progress, due_soon, finished, open_dues }
}

/// One course, status, progress, result visibility and link decided by `domain::outcome` as on
/// the card and the details page.
fn to_course(
    c: &LearnerCourse,
    facts: &CourseFacts,
    finished_at: Option<OffsetDateTime>,
    now: OffsetDateTime,
    unread: &HashMap<String, u32>,
) -> DashboardCourse {
    let agg = &c.aggregate;
    let completed = filters::course_progress(agg) == Some(CourseProgress::Completed);
    let due = c.access.as_ref().and_then(|a| a.due_date);
    let hidden = outcome::result_hidden(facts, now);
    DashboardCourse {
        objective_id: agg.objective.id.to_string(),
        name: agg.objective.name.clone(),
        code: agg.objective.code.clone().filter(|c| !c.is_empty()),
        image_url: agg.objective.image_url.clone(),
        color: course::card_color_of(agg.objective.id, agg.objective.image_url.as_deref()).map(String::from),
        status: outcome::status(facts),
        progress_percent: outcome::progress_percent(facts),
        is_mandatory: agg.is_mandatory,
        due_date: rfc3339(due),
        overdue: outcome::overdue(facts, due, now),
        finished_at: if completed { rfc3339(finished_at) } else { None },
        passed: if completed && !hidden { agg.last_objective_record.as_ref().and_then(|r| r.passed) } else { None },
        link: outcome::course_link(facts, &agg.objective.id.to_string(), &agg.id.to_string()),
        grade_hidden: hidden,
        unread_announcements: agg
            .objective
            .announcement_channel_id
            .as_ref()
            .and_then(|c| unread.get(c))
            .copied()
            .unwrap_or(0),
        announcement_channel_id: agg.objective.announcement_channel_id.clone(),
    }
}
