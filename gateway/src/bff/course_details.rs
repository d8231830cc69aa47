//! `GET /api/bff/courses/{objectiveId}`: the course details page in one call.
//!
//! Reads the learner's access to the course, its certificates, its earlier attempts, its
//! grading scale (through the cache) and, for a started course, the activity tree with the
//! proctoring sessions of its proctored activities, all in one concurrent round when the ids
//! they need are known from an earlier view ([`crate::cache::CourseIds`]), else in a second
//! round once the access has named them. Every rule is in `domain`; `now` is the upstream's
//! business time ([`crate::upstream::Upstream::now`]).

use axum::{Json, extract::State};
use contracts::bff::{Problem, Unauthorized};
use contracts::{
    bff::{AttemptRow, CourseCertificate, CourseDetailsView, CourseTarget, DetailsPart, DetailsResult},
    upstream::{Activity, CertificateRecord, GradingScale, ObjectiveAccess, ObjectiveRecord},
};
use time::OffsetDateTime;
use uuid::Uuid;

use super::{
    course_header::{availability, objective_header},
    fields::{non_empty, rfc3339},
    learner_courses::{
        SessionsRead, has_proctored_activity, proctored_activity_workflows, read_proctoring_sessions,
        tree_proctoring_mismatch_with,
    },
    params::parse_id,
};
use crate::extract::Path;
use crate::{
    app::AppState,
    auth::extract::LearnerSession,
    cache::CourseIds,
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
    let (ctx, tenant, user) = (&auth.ctx, auth.session.tenant_id.as_str(), auth.session.user.id);
    let caches = &state.caches;
    // The earlier attempts, the tree and the grading scale need ids the access names. Those
    // last seen for this course are read beside the access, in one round; an id the access
    // does not confirm is read again once it has answered.
    let known = caches.course_ids(tenant, user, objective).await;
    let (access, certificates, early_records, early_tree, early_scales) = tokio::try_join!(
        async { upstream.objective_access(ctx, objective).await.map_err(AppError::from) },
        async { Ok(upstream.course_certificates(ctx, objective, user).await) },
        read_early(known.aggregate, |id| upstream.objective_records(ctx, id)),
        read_early(known.workflow, |id| tree_and_sessions(upstream, ctx, id, &known.proctored)),
        read_early(known.grading_scale, |id| async move { caches.grading_scales(tenant, &[id], upstream, ctx).await }),
    )?;
    let aggregate = access.objective_workflow_aggregate.as_ref().map(|a| a.id);
    let workflow = access.last_objective_workflow.as_ref().map(|w| w.id);
    let scale_id = access.objective.grading_scale_id;
    let (records, (mismatch, proctored, has_proctored_activity), scales) =
        tokio::try_join!(
            async { Ok(confirmed(early_records, aggregate, |id| upstream.objective_records(ctx, id)).await) },
            async {
                let tree = confirmed(early_tree, workflow, |id| tree_and_sessions(upstream, ctx, id, &[])).await?;
                match (workflow, tree) {
                    (Some(id), Some((tree, sessions))) => {
                        let mismatch = tree_proctoring_mismatch_with(upstream, ctx, id, &tree, &sessions).await?;
                        Ok((mismatch, proctored_activity_workflows(&tree), has_proctored_activity(&tree)))
                    }
                    _ => Ok((false, Vec::new(), false)),
                }
            },
            async {
                confirmed(early_scales, scale_id, |id| async move {
                    caches.grading_scales(tenant, &[id], upstream, ctx).await
                })
                .await
                .map_err(AppError::from)
            },
        )?;
    // The attempts and the certificates have reads of their own, which nothing else of the
    // page needs: when only they fail for now, the page is shown without them.
    let mut unavailable = Vec::new();
    let records = part(records, DetailsPart::Attempts, &mut unavailable)?.flatten();
    let certificates = part(certificates, DetailsPart::Certificates, &mut unavailable)?;
    let seen =
        CourseIds { aggregate, workflow, grading_scale: scale_id, proctored: proctored.into(), has_proctored_activity };
    if seen != known {
        caches.remember_course_ids(tenant, user, [(objective, seen)]).await;
    }
    let scale =
        scales.as_ref().and_then(|s| s.first()).map(|s| &**s).or(access.objective.objective_grading_scale.as_ref());
    let now = upstream.now();
    let mut view =
        details_view(&access, records.unwrap_or_default(), certificates.unwrap_or_default(), scale, mismatch, now);
    view.unavailable = unavailable;
    Ok(Json(view))
}

/// The answer of the read of `which`: none, noted in `unavailable`, when it failed on the
/// platform's side ([`UpstreamError::is_platform_failure`]); a refusal of the learner (the token
/// refused, no access) is the page's.
fn part<T>(
    answer: Result<T, UpstreamError>,
    which: DetailsPart,
    unavailable: &mut Vec<DetailsPart>,
) -> AppResult<Option<T>> {
    match answer {
        Ok(answer) => Ok(Some(answer)),
        Err(e) if e.is_platform_failure() => {
            tracing::warn!(error = %e, part = ?which, "course details shown without a part");
            unavailable.push(which);
            Ok(None)
        }
        Err(e) => Err(e.into()),
    }
}

/// A read started before the access confirms its id: the id and the answer, kept whatever
/// it is (an error only counts once the access has named the same id).
type Early<T> = Option<(Uuid, Result<T, UpstreamError>)>;

/// Reads through `known`, when there is one; never fails itself, so the other reads of the
/// round go on.
async fn read_early<T, F, Fut>(known: Option<Uuid>, read: F) -> AppResult<Early<T>>
where
    F: FnOnce(Uuid) -> Fut,
    Fut: Future<Output = Result<T, UpstreamError>>,
{
    Ok(match known {
        Some(id) => Some((id, read(id).await)),
        None => None,
    })
}

/// The answer for `id` (what the access names): the early one when it was read for the same
/// id, else read now; `None` when the access names none.
async fn confirmed<T, F, Fut>(early: Early<T>, id: Option<Uuid>, read: F) -> Result<Option<T>, UpstreamError>
where
    F: FnOnce(Uuid) -> Fut,
    Fut: Future<Output = Result<T, UpstreamError>>,
{
    let Some(id) = id else { return Ok(None) };
    let answer = match early {
        Some((early_id, answer)) if early_id == id => answer,
        _ => read(id).await,
    };
    answer.map(Some)
}

/// The activity tree of the attempt `workflow` and, read beside it, the last proctoring
/// sessions of `proctored` (its proctored activities as last seen).
async fn tree_and_sessions(
    upstream: &Upstream,
    ctx: &CallContext,
    workflow: Uuid,
    proctored: &[Uuid],
) -> Result<(Activity, SessionsRead), UpstreamError> {
    let (tree, sessions) = tokio::join!(
        upstream.activity_tree(ctx, workflow),
        read_proctoring_sessions(upstream, ctx, workflow, proctored)
    );
    Ok((tree?, sessions))
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
    // The due date too: the course becomes overdue then.
    let refresh_at = refresh::next_boundary(
        [refresh::course_refresh_at(access, now), access.due_date].into_iter().chain(expiries),
        now,
    );
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
        overdue: outcome::overdue(&facts, access.due_date, now),
        availability: availability(access.availability_date, access.availability_end_date),
        buttons: actions.buttons,
        notices: actions.notices,
        result,
        attempts,
        attempts_score_column,
        certificates: certificates.iter().map(|c| certificate_view(c, now)).collect(),
        unavailable: Vec::new(),
        redirect: details::redirects_to_catalog(access).then_some(CourseTarget::Catalog),
        refresh_at: rfc3339(refresh_at),
    }
}
