//! `GET /api/bff/courses/{objectiveId}`: the course details page in one call.
//!
//! Reads the learner's access to the course, then concurrently its earlier attempts, its
//! certificates, its grading scale (through the cache) and, for a started course, the activity
//! tree with the proctoring sessions of its proctored activities. Every rule is in `domain`;
//! `now` is the upstream's business time ([`crate::upstream::Upstream::now`]).

use axum::{
    Json,
    extract::{Path, State},
};
use contracts::bff::{Problem, Unauthorized};
use contracts::{
    bff::{AttemptRow, CourseCertificate, CourseDetailsView, CourseTarget, DetailsResult},
    upstream::{CertificateRecord, GradingScale, ObjectiveAccess, ObjectiveRecord},
};
use time::OffsetDateTime;
use uuid::Uuid;

use super::{
    course_header::{availability, objective_header},
    fields::{non_empty, rfc3339},
    learner_courses::tree_proctoring_mismatch,
    params::parse_id,
};
use crate::{
    app::AppState,
    auth::extract::LearnerSession,
    domain::{
        certificate::{self, CertificateFile},
        details,
        outcome::{self, CourseFacts, ResultFacts},
        refresh,
    },
    error::{AppError, AppResult},
    upstream::{CallContext, Upstream, UpstreamError},
};

/// The course details view.
#[utoipa::path(get, path = "/api/bff/courses/{objectiveId}", tag = "views", params(
    ("objectiveId" = uuid::Uuid, Path, description = "The course (objective) id"),
), responses(
    (status = 200, description = "The course details: attempts, certificates, buttons and notices", body = CourseDetailsView),
    (status = 400, description = "The id is not a UUID", body = Problem),
    (status = 401, description = "No valid session", body = Unauthorized),
    (status = 403, description = "The user may not use the learner area (no ObjectiveWorkflow.Create)", body = Problem),
    (status = 404, description = "The learner has no such course", body = Problem),
    (status = 504, description = "The learning platform did not answer in time", body = Problem),
))]
pub async fn get_course_details(
    State(state): State<AppState>,
    auth: LearnerSession,
    Path(objective_id): Path<String>,
) -> AppResult<Json<CourseDetailsView>> {
    let objective = parse_id("objectiveId", &objective_id)?;
    let upstream = &auth.portal.tenant.upstream;
    let access = upstream.objective_access(&auth.ctx, objective).await?;
    let scale_ids: Vec<Uuid> = access.objective.grading_scale_id.into_iter().collect();
    let aggregate = access.objective_workflow_aggregate.as_ref().map(|a| a.id);
    let workflow = access.last_objective_workflow.as_ref().map(|w| w.id);
    let (records, certificates, scales, mismatch) = tokio::try_join!(
        async {
            match aggregate {
                Some(id) => upstream.objective_records(&auth.ctx, id).await.map_err(AppError::from),
                None => Ok(Vec::new()),
            }
        },
        async {
            upstream.course_certificates(&auth.ctx, objective, auth.session.user.id).await.map_err(AppError::from)
        },
        async {
            state
                .caches
                .grading_scales(&auth.session.tenant_id, &scale_ids, upstream, &auth.ctx)
                .await
                .map_err(AppError::from)
        },
        async {
            match workflow {
                Some(id) => proctoring_mismatch(upstream, &auth.ctx, id).await.map_err(AppError::from),
                None => Ok(false),
            }
        },
    )?;
    let scale = scales.first().map(|s| &**s).or(access.objective.objective_grading_scale.as_ref());
    let now = upstream.now();
    Ok(Json(details_view(&access, records, certificates, scale, mismatch, now)))
}

/// Whether any proctored activity of the workflow's tree has a session that disagrees with it
/// (spec section 4 'Availability'), as every view reads it.
async fn proctoring_mismatch(upstream: &Upstream, ctx: &CallContext, workflow: Uuid) -> Result<bool, UpstreamError> {
    let tree = upstream.activity_tree(ctx, workflow).await?;
    tree_proctoring_mismatch(upstream, ctx, workflow, &tree).await
}

fn certificate_view(record: &CertificateRecord, now: OffsetDateTime) -> CourseCertificate {
    CourseCertificate {
        certificate_number: record.certificate_number.clone(),
        name: record.certificate_template.as_ref().and_then(|t| t.name.clone()),
        issued: rfc3339(record.created),
        expires: rfc3339(record.expiration_date),
        expired: certificate::certificate_expired(record.expiration_date, now),
        pdf_url: certificate::certificate_file_url(
            &record.certificate_number,
            record.certificate_pdf_url.as_deref(),
            CertificateFile::Pdf,
        ),
    }
}

/// The view from what the upstream answered; pure, so `now` decides every time rule.
fn details_view(
    access: &ObjectiveAccess,
    records: Vec<ObjectiveRecord>,
    mut certificates: Vec<CertificateRecord>,
    scale: Option<&GradingScale>,
    proctoring_mismatch: bool,
    now: OffsetDateTime,
) -> CourseDetailsView {
    let actions = details::details_actions(access, proctoring_mismatch, now);
    let facts = CourseFacts::of_access(access, proctoring_mismatch);
    let hidden = outcome::result_hidden(&facts, now);
    let workflow = access.last_objective_workflow.as_ref();
    let shown = |r: &ObjectiveRecord| outcome::shown_result(&ResultFacts::of_record(r), scale, hidden);
    let result = DetailsResult {
        grade_hidden: hidden,
        shown: access.last_objective_record.as_ref().map(shown).unwrap_or_default(),
    };
    // The upstream's order is kept for attempts without a finish date.
    let mut records = records;
    if let Some(last) = access.last_objective_record.as_ref().filter(|l| !records.iter().any(|r| r.id == l.id)) {
        records.push(last.clone());
    }
    let attempts = details::previous_attempts(records);
    let attempts_score_column = details::attempts_score_column_shown(attempts.len(), hidden);
    let attempts = attempts
        .iter()
        .map(|r| AttemptRow { id: r.id.to_string(), finished: rfc3339(r.finished_at()), shown: shown(r) })
        .collect();
    certificates.sort_by_key(|c| std::cmp::Reverse(c.created));
    let expiries: Vec<Option<OffsetDateTime>> = certificates.iter().map(|c| c.expiration_date).collect();
    let refresh_at =
        refresh::next_boundary(std::iter::once(refresh::course_refresh_at(access, now)).chain(expiries), now);
    let objective = &access.objective;
    CourseDetailsView {
        course: objective_header(objective),
        aggregate_id: access.objective_workflow_aggregate.as_ref().map(|a| a.id.to_string()),
        workflow_id: workflow.map(|w| w.id.to_string()),
        about: non_empty(objective.about.as_deref()),
        collections: objective.showcases.iter().map(|s| s.name.clone()).collect(),
        is_mandatory: access.is_mandatory == Some(true),
        status: outcome::status(&facts),
        progress_percent: outcome::progress_percent(&facts),
        due_date: rfc3339(access.due_date),
        availability: availability(access.availability_date, access.availability_end_date),
        buttons: actions.buttons,
        notices: actions.notices,
        result,
        attempts,
        attempts_score_column,
        certificates: certificates.iter().map(|c| certificate_view(c, now)).collect(),
        redirect: details::redirects_to_catalog(access).then_some(CourseTarget::Catalog),
        refresh_at: rfc3339(refresh_at),
    }
}
