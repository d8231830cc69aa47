//! `GET /api/bff/dashboard`: the learner dashboard in one call: courses in progress, due soon
//! and recently finished.
//!
//! 'In progress' is the progress filter's value of spec section 4; 'due soon' and 'recently
//! finished' follow `domain::dashboard` with the windows of `[views]` in config. The answer
//! 'Finished at' is when the course's latest objective record was made. The answer
//! changes by the clock alone when a due date enters the window or passes: `refreshAt`.

use contracts::bff::{Problem, Unauthorized};
use std::collections::HashMap;

use axum::{Json, extract::State};
use contracts::bff::{CourseProgress, DashboardCourse, DashboardView};
use time::{Duration, OffsetDateTime};
use uuid::Uuid;

use super::{
    fields::rfc3339,
    learner_courses::{LearnerCourse, MAX_COURSES, enrolled_courses, last_attempt_trees, proctoring_mismatches},
};
use crate::{
    app::AppState,
    auth::extract::LearnerSession,
    domain::{
        dashboard, filters,
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
    let (courses, records, unread) = tokio::try_join!(
        enrolled_courses(&auth),
        async { upstream.query_objective_records(&auth.ctx, MAX_COURSES).await.map_err(AppError::from) },
        // One call for every card's unread announcements.
        async { Ok(crate::bff::chat::unread_counts(upstream, &auth.ctx).await) },
    )?;
    // Newest first: the first record seen for an aggregate is when its last attempt finished.
    let mut finished_at: HashMap<Uuid, OffsetDateTime> = HashMap::new();
    for r in records.data {
        if let (Some(aggregate), Some(created)) = (r.objective_workflow_aggregate_id, r.created) {
            finished_at.entry(aggregate).or_insert(created);
        }
    }
    let trees = last_attempt_trees(&auth, &courses).await?;
    let mismatches = proctoring_mismatches(&auth, &courses, &trees).await?;
    let now = upstream.now();
    let window = Duration::days(i64::from(settings.dashboard_due_soon_days));
    let mut in_progress = Vec::new();
    let mut due_soon = Vec::new();
    let mut finished = Vec::new();
    let mut open_dues = Vec::new();
    for (c, mismatch) in courses.iter().zip(mismatches) {
        let facts = c.facts(mismatch);
        let progress = filters::course_progress(&c.aggregate);
        let due = c.access.as_ref().and_then(|a| a.due_date);
        if progress != Some(CourseProgress::Completed) {
            open_dues.extend(due);
        }
        if progress == Some(CourseProgress::InProgress) {
            in_progress.push(to_course(c, &facts, None, now, &unread));
        }
        if dashboard::is_due_soon(due, progress, now, window) {
            due_soon.push((due, to_course(c, &facts, None, now, &unread)));
        }
        if progress == Some(CourseProgress::Completed) {
            let at = finished_at.get(&c.aggregate.id).copied();
            finished.push((at, to_course(c, &facts, at, now, &unread)));
        }
    }
    due_soon.sort_by_key(|(due, _)| *due);
    Ok(Json(DashboardView {
        in_progress,
        due_soon: due_soon.into_iter().map(|(_, c)| c).collect(),
        recently_finished: dashboard::recently_finished(finished, settings.dashboard_recently_finished_count as usize),
        due_soon_days: settings.dashboard_due_soon_days,
        refresh_at: rfc3339(dashboard::due_soon_refresh_at(open_dues, now, window)),
    }))
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
    let hidden = outcome::result_hidden(facts, now);
    DashboardCourse {
        objective_id: agg.objective.id.to_string(),
        name: agg.objective.name.clone(),
        code: agg.objective.code.clone().filter(|c| !c.is_empty()),
        image_url: agg.objective.image_url.clone(),
        status: outcome::status(facts),
        progress_percent: outcome::progress_percent(facts),
        is_mandatory: agg.is_mandatory,
        due_date: rfc3339(c.access.as_ref().and_then(|a| a.due_date)),
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
