//! `GET /api/bff/my-courses`: the My courses page in one call.
//!
//! Reads the enrolled query, collections and terms concurrently, then the grading scales of
//! the page's courses (through the cache), and applies the rules of `domain`.

use std::collections::HashMap;

use axum::{Json, extract::State};
use contracts::{
    bff::{CourseCard, MyCoursesView, Problem, TermOption, Unauthorized},
    upstream::{GradingScale, ObjectiveWorkflowAggregate},
};
use serde::Deserialize;
use utoipa::IntoParams;
use uuid::Uuid;

use crate::{
    app::AppState,
    auth::extract::AuthSession,
    domain::{course, lists, score},
    error::{AppError, AppResult},
    extract::Query,
    upstream::aggregates::LoadOptions,
};

/// Most cards one page may ask for.
const MAX_TAKE: u32 = 200;
/// Cards per page when the client does not say.
const DEFAULT_TAKE: u32 = 100;
/// Longest keyword accepted.
const MAX_KEYWORD_CHARS: usize = 200;

/// Query of My courses.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct MyCoursesQuery {
    /// Words of the course name (lower-cased and trimmed by the gateway).
    #[serde(default)]
    keyword: String,
    /// Courses to skip (paging).
    #[serde(default)]
    skip: u32,
    /// Courses per page, 1 to 200 (default 100).
    take: Option<u32>,
}

/// The My courses view.
#[utoipa::path(get, path = "/api/bff/my-courses", tag = "views", params(MyCoursesQuery), responses(
    (status = 200, description = "The enrolled courses of the page, with collections and terms", body = MyCoursesView),
    (status = 400, description = "Bad paging or keyword", body = Problem),
    (status = 401, description = "No valid session", body = Unauthorized),
))]
pub async fn get_my_courses(
    State(state): State<AppState>,
    auth: AuthSession,
    Query(query): Query<MyCoursesQuery>,
) -> AppResult<Json<MyCoursesView>> {
    if query.keyword.chars().count() > MAX_KEYWORD_CHARS {
        return Err(AppError::BadRequest(format!("keyword is longer than {MAX_KEYWORD_CHARS} characters")));
    }
    let take = query.take.unwrap_or(DEFAULT_TAKE);
    if take == 0 || take > MAX_TAKE {
        return Err(AppError::BadRequest(format!("take must be between 1 and {MAX_TAKE}")));
    }
    let keyword = lists::normalise_keyword(&query.keyword);
    let upstream = &auth.tenant.tenant.upstream;
    let tenant = &auth.session.tenant;
    let options = LoadOptions {
        filter: Some(lists::enrolled_filter(&keyword)),
        sort: Some(lists::default_sort()),
        skip: query.skip,
        take,
        require_total_count: true,
    };
    let (page, showcases, terms) = tokio::try_join!(
        async { upstream.query_aggregates(&auth.ctx, &options).await.map_err(AppError::from) },
        async { upstream.enrolled_showcases(&auth.ctx).await.map_err(AppError::from) },
        async {
            state
                .caches
                .terms(tenant, auth.session.user.id, upstream, &auth.ctx)
                .await
                // moka shares one error among every waiter
                .map_err(|e| AppError::from((*e).clone()))
        },
    )?;
    // The upstream filter carries the list rule; applying it again guards against an upstream
    // that ignores part of a filter.
    let items: Vec<ObjectiveWorkflowAggregate> = page.data.into_iter().filter(lists::is_enrolled_listed).collect();
    let mut scale_ids: Vec<Uuid> = items.iter().filter_map(|a| a.objective.grading_scale_id).collect();
    scale_ids.sort();
    scale_ids.dedup();
    let scales: HashMap<Uuid, std::sync::Arc<GradingScale>> = state
        .caches
        .grading_scales(tenant, &scale_ids, upstream, &auth.ctx)
        .await?
        .into_iter()
        .map(|s| (s.id, s))
        .collect();
    let colors = course::card_colors(&items, query.skip as usize);
    let cards = items
        .iter()
        .zip(colors)
        .map(|(agg, color)| {
            to_card(agg, color, agg.objective.grading_scale_id.and_then(|id| scales.get(&id)).map(|s| &**s))
        })
        .collect();
    let collections = lists::collection_chips(showcases, &items);
    Ok(Json(MyCoursesView {
        items: cards,
        total_count: page.total_count.map_or(0, |n| u32::try_from(n.max(0)).unwrap_or(u32::MAX)),
        keyword,
        collections,
        terms: terms.iter().map(|t| TermOption { id: t.id.to_string(), name: t.name.clone() }).collect(),
        catalog_enabled: auth.tenant.tenant.config.ui.catalog_enabled,
    }))
}

fn to_card(agg: &ObjectiveWorkflowAggregate, color: Option<&str>, scale: Option<&GradingScale>) -> CourseCard {
    CourseCard {
        objective_id: agg.objective.id.to_string(),
        aggregate_id: agg.id.to_string(),
        name: agg.objective.name.clone(),
        code: agg.objective.code.clone().filter(|c| !c.is_empty()),
        image_url: agg.objective.image_url.clone(),
        color: color.map(String::from),
        progress_percent: score::progress_percent(agg.last_objective_workflow.as_ref().and_then(|w| w.progress)),
        status: course::course_status(agg),
        is_mandatory: agg.is_mandatory,
        is_draft: agg.objective.state == course::DRAFT,
        duration_minutes: course::duration_minutes(agg.objective.duration),
        result: course::card_result(agg, scale),
        link: course::card_link(agg),
    }
}
