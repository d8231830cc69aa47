//! `GET /api/bff/catalog` and `GET /api/bff/catalog/{objectiveId}`: the catalog page and the
//! catalog course page of a signed-in learner.
//!
//! The catalog reads the learner's aggregates under the catalog rule of spec section 4 (plus the
//! URL filter of section 5), the catalog collections, the terms (through the cache) and the
//! number of uncategorised catalog courses, concurrently. Tenants with the catalog turned off
//! answer 404.

use axum::{Json, extract::State};
use contracts::bff::{Problem, Unauthorized};
use contracts::{
    bff::{CatalogCard, CatalogCourseView, CatalogView, TermOption},
    upstream::ObjectiveWorkflowAggregate,
};
use uuid::Uuid;

use super::{
    course_header::{availability, course_header, course_overview},
    fields::{rfc3339, total_count},
    params::{FilterParams, ListParams, ListQuery, parse_id},
};
use crate::extract::Path;
use crate::{
    app::AppState,
    auth::extract::LearnerSession,
    domain::{catalog, course, filters, lists},
    error::{AppError, AppResult},
    extract::Query,
    tenant::Portal,
    upstream::aggregates::LoadOptions,
};

/// 404 when the tenant has the catalog turned off.
pub fn require_catalog(portal: &Portal) -> AppResult<()> {
    if portal.tenant.config.ui.catalog_enabled { Ok(()) } else { Err(AppError::NotFound) }
}

/// The catalog view.
#[utoipa::path(get, path = "/api/bff/catalog", tag = "views", params(
    ListParams,
    FilterParams,
), responses(
    (status = 200, description = "The catalog page, with collections, terms and the filter applied", body = CatalogView),
    (status = 400, description = "Bad paging or keyword", body = Problem),
    (status = 401, description = "No valid session", body = Unauthorized),
    (status = 403, description = "The user may not use the learner area (no ObjectiveWorkflow.Create)", body = Problem),
    (status = 404, description = "The tenant has the catalog turned off", body = Problem),
    (status = 504, description = "The learning platform did not answer in time", body = Problem),
))]
pub async fn get_catalog(
    State(state): State<AppState>,
    auth: LearnerSession,
    Query(params): Query<Vec<(String, String)>>,
) -> AppResult<Json<CatalogView>> {
    require_catalog(&auth.portal)?;
    let query = ListQuery::parse(&params, &state.config.catalog)?;
    let upstream = &auth.portal.tenant.upstream;
    let tenant_id = &auth.session.tenant_id;
    let uncategorized = LoadOptions {
        filter: Some(catalog::catalog_query_filter(
            "",
            &contracts::bff::CourseFilter { collections: vec![Uuid::nil().to_string()], ..Default::default() },
        )),
        sort: None,
        skip: 0,
        take: 1,
        require_total_count: true,
    };
    let (showcases, terms, uncategorized) = tokio::try_join!(
        async { upstream.catalog_showcases(&auth.ctx).await.map_err(AppError::from) },
        async {
            state
                .caches
                .terms(tenant_id, auth.session.user.id, upstream, &auth.ctx)
                .await
                // moka shares one error among every waiter
                .map_err(|e| AppError::from((*e).clone()))
        },
        async { upstream.query_aggregates(&auth.ctx, &uncategorized).await.map_err(AppError::from) },
    )?;
    let mut known_collections: Vec<String> = showcases.iter().map(|s| s.id.to_string()).collect();
    known_collections.push(Uuid::nil().to_string());
    let known_terms: Vec<String> = terms.iter().map(|t| t.id.to_string()).collect();
    let sanitised = filters::sanitise_filter(&params, &known_collections, &known_terms);
    let options = LoadOptions {
        filter: Some(catalog::catalog_query_filter(&query.keyword, &sanitised.filter)),
        sort: Some(lists::default_sort()),
        skip: query.skip,
        take: query.take,
        require_total_count: true,
    };
    let page = upstream.query_aggregates(&auth.ctx, &options).await?;
    // The upstream filter carries the list rule; applying it again guards against an upstream
    // that ignores part of a filter.
    let items: Vec<ObjectiveWorkflowAggregate> = page
        .data
        .into_iter()
        .filter(|a| lists::is_catalog_listed(a) && filters::matches_filter(a, &sanitised.filter))
        .collect();
    let cards = items.iter().map(to_card).collect();
    Ok(Json(CatalogView {
        items: cards,
        total_count: total_count(page.total_count),
        keyword: query.keyword,
        filter: sanitised.filter,
        filters_unavailable: sanitised.filters_unavailable,
        collections: catalog::catalog_collection_chips(showcases, uncategorized.total_count.unwrap_or(0)),
        terms: terms.iter().map(|t| TermOption { id: t.id.to_string(), name: t.name.clone() }).collect(),
    }))
}

fn to_card(agg: &ObjectiveWorkflowAggregate) -> CatalogCard {
    let objective = &agg.objective;
    CatalogCard {
        header: course_header(
            objective.id,
            &objective.name,
            objective.code.as_deref(),
            None,
            objective.image_url.as_deref(),
        ),
        children_count: objective.activity.children_count.and_then(|n| u32::try_from(n).ok()),
        duration_minutes: course::duration_minutes(objective.duration),
        is_draft: objective.state == course::DRAFT,
        link: catalog::catalog_link(objective.id),
    }
}

/// The catalog course page: the course, whether it is already in My courses ('Enrolled') or can
/// be added, and its availability.
#[utoipa::path(get, path = "/api/bff/catalog/{objectiveId}", tag = "views", params(
    ("objectiveId" = uuid::Uuid, Path, description = "The course (objective) id"),
), responses(
    (status = 200, description = "The course as the catalog shows it", body = CatalogCourseView),
    (status = 400, description = "The id is not a UUID", body = Problem),
    (status = 401, description = "No valid session", body = Unauthorized),
    (status = 403, description = "The user may not use the learner area (no ObjectiveWorkflow.Create)", body = Problem),
    (status = 404, description = "No such course in the catalog, or the catalog is turned off", body = Problem),
    (status = 504, description = "The learning platform did not answer in time", body = Problem),
))]
pub async fn get_catalog_course(
    auth: LearnerSession,
    Path(raw_id): Path<String>,
) -> AppResult<Json<CatalogCourseView>> {
    require_catalog(&auth.portal)?;
    let id = parse_id("objectiveId", &raw_id)?;
    let access = auth.portal.tenant.upstream.objective_access(&auth.ctx, id).await?;
    let now = auth.portal.tenant.upstream.now();
    let actions = catalog::catalog_page_actions(&access, now);
    let enrolled = catalog::in_my_courses(&access);
    let objective = &access.objective;
    Ok(Json(CatalogCourseView {
        course: course_overview(objective),
        is_mandatory: access.is_mandatory == Some(true),
        enrolled,
        buttons: actions.buttons,
        notices: actions.notices,
        availability: availability(access.availability_date, access.availability_end_date),
        details_link: enrolled.then(|| format!("/courses/{}", objective.id)),
        refresh_at: catalog::catalog_page_refresh_at(&access, now).and_then(rfc3339),
    }))
}
