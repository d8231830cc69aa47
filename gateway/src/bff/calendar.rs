//! `GET /api/bff/calendar?from=YYYY-MM-DD&to=YYYY-MM-DD`: the learner calendar.
//!
//! Entries are the due, availability-start and availability-end dates of the enrolled courses
//! and the start dates of event activities in the courses' started attempts, on the days
//! `from` to `to` (both included) of the user's time zone (the preferred one, read fresh, else
//! UTC). A range whose `from` is after its `to`, or longer than `views.calendar_max_range_days`,
//! is a 400.

use axum::{Json, extract::State};
use contracts::bff::{CalendarEntry, CalendarEntryKind, CalendarView};
use contracts::bff::{Problem, Unauthorized};
use serde::Deserialize;
use utoipa::IntoParams;

use super::learner_courses::{LearnerCourse, enrolled_courses, last_attempt_trees, proctoring_mismatches};
use crate::{
    app::AppState,
    auth::extract::LearnerSession,
    domain::{
        calendar::{CalendarRange, calendar_range, event_dates, local, zone},
        outcome,
        profile::display_timezone,
    },
    error::{AppError, AppResult},
    extract::Query,
};

/// Query of the calendar: the first and last day, `YYYY-MM-DD`.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct CalendarQuery {
    /// First day, `YYYY-MM-DD`.
    from: String,
    /// Last day (inclusive), `YYYY-MM-DD`.
    to: String,
}

/// The calendar view.
#[utoipa::path(get, path = "/api/bff/calendar", tag = "views", params(
    CalendarQuery,
), responses(
    (status = 200, description = "The dated entries of the range", body = CalendarView),
    (status = 400, description = "A malformed day, a reversed or overlong range", body = Problem),
    (status = 401, description = "No valid session", body = Unauthorized),
    (status = 403, description = "The user may not use the learner area (no ObjectiveWorkflow.Create)", body = Problem),
    (status = 504, description = "The learning platform did not answer in time", body = Problem),
))]
pub async fn get_calendar(
    State(state): State<AppState>,
    auth: LearnerSession,
    Query(query): Query<CalendarQuery>,
) -> AppResult<Json<CalendarView>> {
    let max_days = state.config.views.calendar_max_range_days;
    // The same check in UTC first, so a bad range costs no upstream call.
    calendar_range(&query.from, &query.to, zone("UTC"), max_days).map_err(AppError::BadRequest)?;
    let upstream = &auth.portal.tenant.upstream;
    let (user, courses) = tokio::try_join!(
        async { upstream.current_user(&auth.ctx).await.map_err(AppError::from) },
        enrolled_courses(&auth),
    )?;
    let timezone = display_timezone(user.timezone.as_deref()).to_string();
    let range = calendar_range(&query.from, &query.to, zone(&timezone), max_days).map_err(AppError::BadRequest)?;
    let trees = last_attempt_trees(&auth, &courses).await?;
    let mismatches = proctoring_mismatches(&auth, &courses, &trees).await?;
    let mut entries = Vec::new();
    for (c, mismatch) in courses.iter().zip(mismatches) {
        course_entries(c, mismatch, &range, &mut entries);
    }
    for (i, tree) in trees {
        let c = &courses[i];
        for event in event_dates(&tree).into_iter().filter(|e| range.contains(e.starts)) {
            let (at, date) = local(event.starts, &range.zone);
            entries.push((
                event.starts,
                CalendarEntry {
                    kind: CalendarEntryKind::Event,
                    at,
                    date,
                    objective_id: c.aggregate.objective.id.to_string(),
                    course_name: c.aggregate.objective.name.clone(),
                    activity_name: Some(event.name),
                    link: format!("/courses/{}/view/content", c.aggregate.objective.id),
                },
            ));
        }
    }
    entries.sort_by(|(a, x), (b, y)| (a, x.kind, &x.course_name).cmp(&(b, y.kind, &y.course_name)));
    Ok(Json(CalendarView {
        from: query.from,
        to: query.to,
        timezone,
        entries: entries.into_iter().map(|(_, e)| e).collect(),
    }))
}

/// The course's own dates on the range's days.
fn course_entries(
    c: &LearnerCourse,
    mismatch: bool,
    range: &CalendarRange,
    out: &mut Vec<(time::OffsetDateTime, CalendarEntry)>,
) {
    let Some(access) = &c.access else { return };
    let dates = [
        (CalendarEntryKind::Due, access.due_date),
        (CalendarEntryKind::AvailableFrom, access.availability_date),
        (CalendarEntryKind::AvailableUntil, access.availability_end_date),
    ];
    for (kind, at) in dates {
        let Some(at) = at.filter(|at| range.contains(*at)) else { continue };
        let (local_at, date) = local(at, &range.zone);
        out.push((
            at,
            CalendarEntry {
                kind,
                at: local_at,
                date,
                objective_id: c.aggregate.objective.id.to_string(),
                course_name: c.aggregate.objective.name.clone(),
                activity_name: None,
                link: outcome::course_link(
                    &c.facts(mismatch),
                    &c.aggregate.objective.id.to_string(),
                    &c.aggregate.id.to_string(),
                ),
            },
        ));
    }
}
