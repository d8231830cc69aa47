//! The public views, for visitors without a session (spec sections 2 and 6: open catalog,
//! public course page, shared certificate): `GET /api/bff/public/catalog`,
//! `GET /api/bff/public/catalog/{objectiveId}`, `GET /api/bff/public/certificates/{number}` and
//! the certificate's PDF and PNG served through this origin.
//!
//! The public course page also tells a visitor who is signed in to this tenant's portal (and
//! may use the learner area) where the course is there, instead of only how to sign in.
//!
//! They need neither a session nor `X-Requested-With` (see `auth::csrf`), are still bound to
//! the tenant of the Host header, call only the upstream's `public/...` routes without a token,
//! and are limited explicitly: page size and keyword length from `[catalog]`, certificate
//! numbers by [`super::params::certificate_number`], and at most
//! `catalog.public_max_in_flight` of them served at once (more get 503 at once:
//! [`crate::middleware::shed_public_load`]).

use axum::{
    Json,
    extract::State,
    http::{HeaderMap, HeaderValue, header},
    response::{IntoResponse, Response},
};
use contracts::bff::Problem;
use contracts::{
    bff::{CatalogCard, PublicCatalogView, PublicCertificateView, PublicCourseView},
    upstream::{CourseState, Objective},
};

use super::catalog::require_catalog;
use super::certificate_preview::issued_certificate;
use super::course_header::{course_overview, objective_header};
use super::fields::{rfc3339, total_count};
use super::params::{ListParams, ListQuery, certificate_number, parse_id};
use crate::extract::Path;
use crate::{
    app::AppState,
    auth::extract::is_signed_in_learner,
    domain::{catalog, course, filters, refresh},
    error::{AppError, AppResult},
    extract::Query,
    tenant::Portal,
    upstream::{CallContext, aggregates::LoadOptions},
};

/// The open catalog: keyword, collections, paging; sorted by name ascending.
#[utoipa::path(get, path = "/api/bff/public/catalog", tag = "public", security(()), params(
    ListParams,
    ("collection" = Option<String>, Query, description = "Collection ids, comma-separated; unknown ones are dropped and flagged"),
), responses(
    (status = 200, description = "The open catalog page", body = PublicCatalogView),
    (status = 400, description = "Bad paging or keyword", body = Problem),
    (status = 404, description = "The tenant has the catalog turned off", body = Problem),
    (status = 503, description = "Too many public requests at once", body = Problem),
    (status = 504, description = "The learning platform did not answer in time", body = Problem),
))]
pub async fn get_public_catalog(
    State(state): State<AppState>,
    portal: Portal,
    headers: HeaderMap,
    Query(params): Query<Vec<(String, String)>>,
) -> AppResult<Json<PublicCatalogView>> {
    require_catalog(&portal)?;
    let query = ListQuery::parse(&params, &state.config.catalog)?;
    let ctx = CallContext::anonymous(&headers);
    let upstream = &portal.tenant.upstream;
    let nil = uuid::Uuid::nil().to_string();
    let uncategorized = LoadOptions {
        filter: catalog::open_catalog_filter("", std::slice::from_ref(&nil)),
        take: 1,
        require_total_count: true,
        ..Default::default()
    };
    let (showcases, uncategorized) =
        tokio::try_join!(async { upstream.open_catalog_showcases(&ctx).await.map_err(AppError::from) }, async {
            upstream.open_catalog(&ctx, &uncategorized).await.map_err(AppError::from)
        },)?;
    let mut known: Vec<String> = showcases.iter().map(|s| s.id.to_string()).collect();
    known.push(nil);
    // Only `collection` applies here: a visitor has no terms, progress or priority.
    let collection_params: Vec<(String, String)> = params.iter().filter(|(k, _)| k == "collection").cloned().collect();
    let sanitised = filters::sanitise_filter(&collection_params, &known, &[]);
    let options = LoadOptions {
        filter: catalog::open_catalog_filter(&query.keyword, &sanitised.filter.collections),
        sort: Some(serde_json::json!([{ "selector": "name", "desc": false }])),
        skip: query.skip,
        take: query.take,
        require_total_count: true,
    };
    let page = upstream.open_catalog(&ctx, &options).await?;
    let items = page.data.iter().filter(|o| o.state != Some(CourseState::Archived)).map(public_card).collect();
    Ok(Json(PublicCatalogView {
        items,
        total_count: total_count(page.total_count),
        keyword: query.keyword,
        collections_applied: sanitised.filter.collections,
        filters_unavailable: sanitised.filters_unavailable,
        collections: catalog::catalog_collection_chips(showcases, uncategorized.total_count.unwrap_or(0)),
    }))
}

fn public_card(o: &Objective) -> CatalogCard {
    CatalogCard {
        header: objective_header(o),
        children_count: o.activity.as_ref().and_then(|a| a.children_count).and_then(|n| u32::try_from(n).ok()),
        duration_minutes: course::duration_minutes(o.duration),
        is_draft: o.state == Some(CourseState::Draft),
        link: catalog::open_catalog_link(o.id),
    }
}

/// The public course page (the share link of a catalog course).
#[utoipa::path(get, path = "/api/bff/public/catalog/{objectiveId}", tag = "public", security(()), params(
    ("objectiveId" = uuid::Uuid, Path, description = "The course (objective) id"),
), responses(
    (status = 200, description = "The public course page", body = PublicCourseView),
    (status = 400, description = "The id is not a UUID", body = Problem),
    (status = 404, description = "No such open course, or the catalog is turned off", body = Problem),
    (status = 503, description = "Too many public requests at once", body = Problem),
    (status = 504, description = "The learning platform did not answer in time", body = Problem),
))]
pub async fn get_public_course(
    State(state): State<AppState>,
    portal: Portal,
    headers: HeaderMap,
    Path(raw_id): Path<String>,
) -> AppResult<Json<PublicCourseView>> {
    require_catalog(&portal)?;
    let id = parse_id("objectiveId", &raw_id)?;
    let ctx = CallContext::anonymous(&headers);
    let (o, signed_in) = tokio::join!(
        portal.tenant.upstream.open_catalog_objective(&ctx, id),
        is_signed_in_learner(&headers, &state, &portal)
    );
    let o = o?;
    if o.state == Some(CourseState::Archived) {
        return Err(AppError::NotFound);
    }
    // Signing in comes back to the page `open_link` names for a learner already signed in.
    let link = catalog::catalog_link(o.id);
    let back = format!("{}{link}", super::client::MOUNT);
    let login_url = format!(
        "/oidc/login?{}",
        url::form_urlencoded::Serializer::new(String::new()).append_pair("redirectUrl", &back).finish()
    );
    Ok(Json(PublicCourseView {
        course: course_overview(&o),
        is_draft: o.state == Some(CourseState::Draft),
        login_url,
        open_link: signed_in.then_some(link),
    }))
}

/// The shared certificate: holder, course, issue and expiry dates, whether it has expired
/// (spec section 5), and its files through this origin.
#[utoipa::path(get, path = "/api/bff/public/certificates/{certificateNumber}", tag = "public", security(()), params(
    ("certificateNumber" = String, Path, description = "The certificate number: 1 to 64 letters, digits, `-` or `_`"),
), responses(
    (status = 200, description = "The shared certificate", body = PublicCertificateView),
    (status = 400, description = "A malformed certificate number", body = Problem),
    (status = 404, description = "No such certificate", body = Problem),
    (status = 503, description = "Too many public requests at once", body = Problem),
    (status = 504, description = "The learning platform did not answer in time", body = Problem),
))]
pub async fn get_public_certificate(
    portal: Portal,
    headers: HeaderMap,
    Path(raw): Path<String>,
) -> AppResult<Json<PublicCertificateView>> {
    let number = certificate_number(&raw)?;
    let found = portal.tenant.upstream.public_certificate(&CallContext::anonymous(&headers), number).await?;
    let record = &found;
    let now = portal.tenant.upstream.now();
    let holder = found.user.as_ref().map(|u| {
        [&u.first_name, &u.middle_name, &u.last_name]
            .into_iter()
            .filter_map(|p| p.as_deref().map(str::trim).filter(|p| !p.is_empty()))
            .collect::<Vec<_>>()
            .join(" ")
    });
    let base = format!("/api/bff/public/certificates/{}", record.certificate_number);
    Ok(Json(PublicCertificateView {
        certificate: issued_certificate(
            &record.certificate_number,
            record.certificate_template.as_ref(),
            record.created,
            record.expiration_date,
            now,
        ),
        holder_name: holder.filter(|h| !h.is_empty()),
        course_name: found.objective.as_ref().and_then(|o| o.name.clone()),
        pdf_url: record.certificate_pdf_url.as_ref().map(|_| format!("{base}/certificate.pdf")),
        png_url: record.certificate_png_url.as_ref().map(|_| format!("{base}/certificate.png")),
        share_url: format!("/learn/certificate/{}", record.certificate_number),
        refresh_at: refresh::next_boundary([record.expiration_date], now).and_then(rfc3339),
    }))
}

/// Which file of a certificate.
#[derive(Debug, Clone, Copy)]
enum CertificateFile {
    Pdf,
    Png,
}

async fn certificate_file(
    portal: Portal,
    headers: HeaderMap,
    raw: String,
    kind: CertificateFile,
) -> AppResult<Response> {
    let number = certificate_number(&raw)?;
    let ctx = CallContext::anonymous(&headers);
    let upstream = &portal.tenant.upstream;
    let found = upstream.public_certificate(&ctx, number).await?;
    let (address, content_type) = match kind {
        CertificateFile::Pdf => (found.certificate_pdf_url, "application/pdf"),
        CertificateFile::Png => (found.certificate_png_url, "image/png"),
    };
    let address = address.ok_or(AppError::NotFound)?;
    let url = upstream
        .base()
        .join(&address)
        .map_err(|e| AppError::BadGateway(format!("certificate file address {address:?}: {e}")))?;
    let bytes = upstream.certificate_file(&ctx, &url).await?;
    Ok(([(header::CONTENT_TYPE, HeaderValue::from_static(content_type))], bytes).into_response())
}

/// The certificate as PDF, through this origin (spec section 5: same-origin PDF links).
#[utoipa::path(get, path = "/api/bff/public/certificates/{certificateNumber}/certificate.pdf", tag = "public", security(()), params(
    ("certificateNumber" = String, Path, description = "The certificate number: 1 to 64 letters, digits, `-` or `_`"),
), responses(
    (status = 200, description = "The certificate as PDF", content_type = "application/pdf"),
    (status = 400, description = "A malformed certificate number", body = Problem),
    (status = 404, description = "No such certificate, or it has no PDF", body = Problem),
    (status = 503, description = "Too many public requests at once", body = Problem),
    (status = 504, description = "The learning platform did not answer in time", body = Problem),
))]
pub async fn get_certificate_pdf(portal: Portal, headers: HeaderMap, Path(raw): Path<String>) -> AppResult<Response> {
    certificate_file(portal, headers, raw, CertificateFile::Pdf).await
}

/// The certificate as PNG, through this origin.
#[utoipa::path(get, path = "/api/bff/public/certificates/{certificateNumber}/certificate.png", tag = "public", security(()), params(
    ("certificateNumber" = String, Path, description = "The certificate number: 1 to 64 letters, digits, `-` or `_`"),
), responses(
    (status = 200, description = "The certificate as PNG", content_type = "image/png"),
    (status = 400, description = "A malformed certificate number", body = Problem),
    (status = 404, description = "No such certificate, or it has no PNG", body = Problem),
    (status = 503, description = "Too many public requests at once", body = Problem),
    (status = 504, description = "The learning platform did not answer in time", body = Problem),
))]
pub async fn get_certificate_png(portal: Portal, headers: HeaderMap, Path(raw): Path<String>) -> AppResult<Response> {
    certificate_file(portal, headers, raw, CertificateFile::Png).await
}
