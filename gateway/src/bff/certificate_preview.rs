//! `GET /api/bff/certificates/{certificateNumber}`: the issued-certificate preview of the
//! signed-in learner (spec section 2, 'Certificate preview').
//!
//! The certificate records query answers every certificate of the tenant; one that belongs to
//! another user is answered exactly like one that does not exist (404), so numbers cannot be
//! probed. The course's name, code and description come from the learner's access to it; when
//! that is gone the preview still shows, without them. Expiry follows spec section 5
//! (`domain::certificate`), and `refreshAt` is the expiry while it is ahead.

use axum::{Json, extract::State};
use contracts::bff::{CertificatePreview, IssuedCertificate};
use contracts::bff::{Problem, Unauthorized};
use contracts::upstream::CertificateTemplateRef;
use time::OffsetDateTime;

use super::{fields::rfc3339, params::certificate_number};
use crate::extract::Path;
use crate::{
    app::AppState,
    auth::extract::LearnerSession,
    domain::{
        certificate::{CertificateFile, certificate_expired, certificate_file_url},
        outcome::{self, CourseFacts, ResultFacts},
        profile::full_name,
        refresh::next_boundary,
    },
    error::{AppError, AppResult},
    upstream::UpstreamError,
};

/// The certificate preview.
#[utoipa::path(get, path = "/api/bff/certificates/{certificateNumber}", tag = "views", params(
    ("certificateNumber" = String, Path, description = "The certificate number: 1 to 64 letters, digits, `-` or `_`"),
), responses(
    (status = 200, description = "One of the learner's own certificates", body = CertificatePreview),
    (status = 400, description = "A malformed certificate number", body = Problem),
    (status = 401, description = "No valid session", body = Unauthorized),
    (status = 403, description = "The user may not use the learner area (no ObjectiveWorkflow.Create)", body = Problem),
    (status = 404, description = "The learner has no such certificate", body = Problem),
    (status = 504, description = "The learning platform did not answer in time", body = Problem),
))]
pub async fn get_certificate_preview(
    State(state): State<AppState>,
    auth: LearnerSession,
    Path(number): Path<String>,
) -> AppResult<Json<CertificatePreview>> {
    let number = certificate_number(&number)?;
    let upstream = &auth.portal.tenant.upstream;
    let user = &auth.session.user;
    let record = upstream
        .certificate_by_number(&auth.ctx, number)
        .await?
        .filter(|c| c.user_id == Some(user.id))
        .ok_or(AppError::NotFound)?;
    let objective_id = record.objective_id.ok_or(AppError::NotFound)?;
    let access = match upstream.objective_access(&auth.ctx, objective_id).await {
        Ok(access) => Some(access),
        Err(UpstreamError::NotFound(_) | UpstreamError::Forbidden(_)) => None,
        Err(e) => return Err(e.into()),
    };
    // The grade rules of every view: hidden by the reveal policy, from the course's scale only.
    let hidden =
        access.as_ref().is_none_or(|a| outcome::result_hidden(&CourseFacts::of_access(a, false), upstream.now()));
    let scale_ids: Vec<uuid::Uuid> = access.as_ref().and_then(|a| a.objective.grading_scale_id).into_iter().collect();
    let scales = state.caches.grading_scales(&auth.session.tenant_id, &scale_ids, upstream, &auth.ctx).await?;
    let scale = scales
        .first()
        .map(|s| (**s).clone())
        .or_else(|| access.as_ref().and_then(|a| a.objective.objective_grading_scale.clone()));
    let course = access.map(|a| a.objective);
    let shown = record
        .objective_record
        .as_ref()
        .map(|r| outcome::shown_result(&ResultFacts::of_record(r), scale.as_ref(), hidden))
        .unwrap_or_default();
    let now = upstream.now();
    Ok(Json(CertificatePreview {
        certificate: issued_certificate(
            &record.certificate_number,
            record.certificate_template.as_ref(),
            record.created,
            record.expiration_date,
            now,
        ),
        student_name: full_name(user),
        objective_id: objective_id.to_string(),
        course_name: course.as_ref().map(|c| c.name.clone()),
        course_code: course.as_ref().and_then(|c| c.code.clone()).filter(|c| !c.is_empty()),
        description: course.as_ref().and_then(|c| c.description.clone()).filter(|d| !d.is_empty()),
        score: shown.score,
        grade: shown.grade,
        pdf_url: certificate_file_url(
            &record.certificate_number,
            record.certificate_pdf_url.as_deref(),
            CertificateFile::Pdf,
        ),
        png_url: certificate_file_url(
            &record.certificate_number,
            record.certificate_png_url.as_deref(),
            CertificateFile::Png,
        ),
        share_path: format!("/learn/certificate/{}", record.certificate_number),
        refresh_at: rfc3339(next_boundary([record.expiration_date], now)),
    }))
}

/// What a view shows of an issued certificate, from the upstream's record (signed in or public):
/// number, template name, issue and expiry dates, and whether it has expired at `now`
/// (spec section 5).
pub fn issued_certificate(
    number: &str,
    template: Option<&CertificateTemplateRef>,
    created: Option<OffsetDateTime>,
    expiration: Option<OffsetDateTime>,
    now: OffsetDateTime,
) -> IssuedCertificate {
    IssuedCertificate {
        certificate_number: number.to_owned(),
        template_name: template.and_then(|t| t.name.clone()),
        issued_at: rfc3339(created),
        expires_at: rfc3339(expiration),
        expired: certificate_expired(expiration, now),
    }
}
