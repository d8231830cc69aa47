//! `POST /api/bff/courses/{objectiveId}/enroll`: self-enrolment, then waiting for the course to
//! appear in My courses (spec sections 4 'Query flags', 7 and 9).
//!
//! The query flows of spec section 4 ride on the same route as `?occflow=addToMyCourses` or
//! `?occflow=startTheCourse` (the client reads them from its URL and passes them on): both
//! enrol only when the learner is not enrolled yet (an open link may be followed twice), and
//! `startTheCourse` then runs the start sequence of [`super::start`]. Without `occflow` the
//! call is the 'Add to my courses' button: enrolling twice is the upstream's refusal.

use contracts::bff::{Problem, Unauthorized};
use std::time::Duration;
use utoipa::IntoParams;

use axum::{Json, extract::State};
use contracts::{
    bff::{EnrollResult, Occflow},
    upstream::ObjectiveWorkflowAggregate,
};
use serde::Deserialize;
use uuid::Uuid;

use super::{commands::command_error, params::parse_id, start::run_start};
use crate::extract::Path;
use crate::{
    app::AppState,
    auth::extract::{AuthSession, LearnerSession},
    domain::commands::{UNKNOWN_ERROR, is_enrolled},
    error::{AppError, AppResult},
    extract::Query,
    upstream::{Prefer, UpstreamError},
};

/// Query of the enrol command.
#[derive(Debug, Deserialize, IntoParams)]
#[serde(deny_unknown_fields)]
#[into_params(parameter_in = Query)]
pub struct EnrollQuery {
    /// The query flow of the link that led here, if any.
    occflow: Option<Occflow>,
}

/// Enrols the learner in the course (and, for `occflow=startTheCourse`, starts it).
#[utoipa::path(post, path = "/api/bff/courses/{objectiveId}/enroll", tag = "commands", params(
    ("objectiveId" = uuid::Uuid, Path, description = "The course (objective) id"),
    EnrollQuery,
), responses(
    (status = 200, description = "The course is in My courses (and started, for `occflow=startTheCourse`)", body = EnrollResult),
    (status = 400, description = "The id is not a UUID, or an unknown query parameter", body = Problem),
    (status = 401, description = "No valid session", body = Unauthorized),
    (status = 403, description = "The user may not use the learner area (no ObjectiveWorkflow.Create)", body = Problem),
    (status = 404, description = "No such course", body = Problem),
    (status = 409, description = "The course cannot start (for `occflow=startTheCourse`), or the command was canceled", body = Problem),
    (status = 413, description = "The body is larger than `commands.max_body_bytes`", body = Problem),
    (status = 422, description = "The learning platform refused the command: its first message and field errors", body = Problem),
    (status = 504, description = "The enrolment did not become visible in time, or the learning platform did not answer", body = Problem),
))]
pub async fn enroll_course(
    State(state): State<AppState>,
    auth: LearnerSession,
    Path(objective_id): Path<String>,
    Query(query): Query<EnrollQuery>,
) -> AppResult<Json<EnrollResult>> {
    let objective = parse_id("objectiveId", &objective_id)?;
    let upstream = &auth.portal.tenant.upstream;
    let enrolled_already = match query.occflow {
        Some(_) => upstream.objective_aggregate(&auth.ctx, objective).await?.filter(is_enrolled),
        None => None,
    };
    let (aggregate, already) = match enrolled_already {
        Some(aggregate) => (aggregate, true),
        None => (self_enroll(&state, &auth, objective).await?, false),
    };
    let start = match query.occflow {
        Some(Occflow::StartTheCourse) => Some(run_start(&state, &auth, objective).await?),
        _ => None,
    };
    Ok(Json(EnrollResult {
        objective_id: objective.to_string(),
        aggregate_id: aggregate.id.to_string(),
        course_name: aggregate.objective.name,
        already_enrolled: already,
        start,
    }))
}

/// `create-self-enrollments` (synchronously) by the learner's objective access, or by the
/// objective for an open-catalog course without one; then the aggregate is read up to
/// `commands.enroll_poll_attempts` times, `commands.enroll_poll_interval_ms` apart, until it
/// shows the enrolment. Failure: the server's first message; never visible: the generic
/// unknown error (spec section 8), as a 504 `enrollment_not_visible`.
pub(crate) async fn self_enroll(
    state: &AppState,
    auth: &AuthSession,
    objective: Uuid,
) -> AppResult<ObjectiveWorkflowAggregate> {
    let upstream = &auth.portal.tenant.upstream;
    let access = upstream.find_objective_access(&auth.ctx, objective).await?;
    if access.is_none() {
        // Without an access only an open-catalog course can be enrolled in: an unknown course
        // is a 404 before anything is sent.
        match upstream.open_catalog_objective(&auth.ctx, objective).await {
            Ok(_) => {}
            Err(UpstreamError::NotFound(_)) => return Err(AppError::NotFound),
            Err(e) => return Err(e.into()),
        }
    }
    let request_id = Uuid::new_v4();
    let body = match &access {
        Some(access) => serde_json::json!({ "id": request_id, "objectiveAccessId": access.id }),
        None => serde_json::json!({ "id": request_id, "objectiveId": objective }),
    };
    upstream
        .send_command(&auth.ctx, "enrolling in the course", "create-self-enrollments", &body, Prefer::RespondSync)
        .await
        .map_err(command_error)?;
    let settings = &state.config.commands;
    let interval = Duration::from_millis(settings.enroll_poll_interval_ms);
    for attempt in 0..settings.enroll_poll_attempts {
        if attempt > 0 {
            tokio::time::sleep(interval).await;
        }
        if let Some(aggregate) = upstream.objective_aggregate(&auth.ctx, objective).await?.filter(is_enrolled) {
            return Ok(aggregate);
        }
    }
    Err(AppError::CommandTimedOut("enrollment_not_visible", UNKNOWN_ERROR.into()))
}
