//! `GET /api/bff/my-courses`: the My courses page in one call.
//!
//! Reads the keyword and paging as the catalog does ([`ListQuery`], limits from `[catalog]`),
//! reads collections and terms concurrently, sanitises the URL filter against them
//! (`collection`, `term`, `courseProgress`, `coursePriority`, comma-separated; unknown values
//! dropped and flagged in `filtersUnavailable`, unknown params ignored), runs the enrolled query
//! with the filter applied upstream (so paging and totals are right), then reads the grading
//! scales of the page's courses (through the cache), their objective accesses (reveal policy,
//! dates) and their last attempts' trees (the proctoring rule), and builds each card through
//! `domain::outcome`, as details, the dashboard and the tree build theirs.

use std::{collections::HashMap, sync::Arc};

use axum::{
    Json,
    extract::{RawQuery, State},
};
use contracts::{
    bff::{CardLock, CourseCard, MyCoursesView, Problem, TermOption, Unauthorized},
    upstream::{GradingScale, LoadResult, ObjectiveWorkflowAggregate, Showcase, Term},
};
use time::OffsetDateTime;
use uuid::Uuid;

use super::{
    course_header::availability,
    fields::{non_empty, rfc3339, total_count},
    learner_courses::{
        LearnerCourse, last_attempt_job, proctoring_mismatches, proctoring_trees, remember_course_ids, with_accesses,
    },
    params::{FilterParams, ListParams, ListQuery},
};
use crate::{
    app::AppState,
    auth::extract::LearnerSession,
    domain::{
        course, filters, lists,
        outcome::{self, ResultFacts},
    },
    error::{AppError, AppResult},
    upstream::aggregates::LoadOptions,
};

/// Longest raw query accepted, in bytes (the filter lists ids, so it stays short in practice).
const MAX_QUERY_BYTES: usize = 8192;

/// The My courses view.
#[utoipa::path(get, path = "/api/bff/my-courses", tag = "views", params(
    ListParams,
    FilterParams,
), responses(
    (status = 200, description = "The enrolled courses of the page, with collections, terms and the filter applied", body = MyCoursesView),
    (status = 400, description = "Bad paging, keyword or an overlong query", body = Problem),
    (status = 401, description = "No valid session", body = Unauthorized),
    (status = 403, description = "The user may not use the learner area (no ObjectiveWorkflow.Create)", body = Problem),
))]
pub async fn get_my_courses(
    State(state): State<AppState>,
    auth: LearnerSession,
    RawQuery(raw_query): RawQuery,
) -> AppResult<Json<MyCoursesView>> {
    let raw_query = raw_query.unwrap_or_default();
    if raw_query.len() > MAX_QUERY_BYTES {
        return Err(AppError::BadRequest(format!("the query is longer than {MAX_QUERY_BYTES} bytes")));
    }
    let params: Vec<(String, String)> = url::form_urlencoded::parse(raw_query.as_bytes()).into_owned().collect();
    let ListQuery { keyword, skip, take } = ListQuery::parse(&params, &state.config.catalog)?;
    let upstream = &auth.portal.tenant.upstream;
    let tenant_id = &auth.session.tenant_id;
    let (showcases, terms, sanitised, page) = read_page(&state, &auth, &params, &keyword, skip, take).await?;
    // The upstream filter carries the list rule and the URL filter; applying them again guards
    // against an upstream that ignores part of a filter.
    let items: Vec<ObjectiveWorkflowAggregate> = page
        .data
        .into_iter()
        .filter(|a| lists::is_enrolled_listed(a) && filters::matches_filter(a, &sanitised.filter))
        .collect();
    let mut scale_ids: Vec<Uuid> = items.iter().filter_map(|a| a.objective.grading_scale_id).collect();
    scale_ids.sort();
    scale_ids.dedup();
    // One call for the whole page's unread announcements, beside the grading scales and the
    // accesses.
    let (scales, unread, courses) = tokio::join!(
        state.caches.grading_scales(tenant_id, &scale_ids, upstream, &auth.ctx),
        crate::bff::chat::unread_counts(upstream, &auth.ctx),
        with_accesses(&auth, items)
    );
    let scales: HashMap<Uuid, Arc<GradingScale>> = scales?.into_iter().map(|s| (s.id, s)).collect();
    let courses = courses?;
    // The trees are read for the proctoring rule alone: not those of attempts known to have
    // no proctored activity.
    let attempts = courses.iter().enumerate().filter_map(|(i, c)| last_attempt_job(i, &c.aggregate));
    let trees = proctoring_trees(&state.caches, &auth, attempts.collect()).await?;
    let mismatches = proctoring_mismatches(&auth, &courses, &trees).await?;
    remember_course_ids(&state.caches, &auth, courses.iter().enumerate(), &trees).await;
    let now = upstream.now();
    let cards = courses
        .iter()
        .zip(mismatches)
        .map(|(c, mismatch)| {
            let scale = c.aggregate.objective.grading_scale_id.and_then(|id| scales.get(&id)).map(|s| &**s);
            let mut card = to_card(c, mismatch, scale, now);
            card.unread_announcements =
                card.announcement_channel_id.as_ref().and_then(|ch| unread.get(ch)).copied().unwrap_or(0);
            card
        })
        .collect();
    let items: Vec<ObjectiveWorkflowAggregate> = courses.into_iter().map(|c| c.aggregate).collect();
    let collections = lists::collection_chips(showcases, &items);
    Ok(Json(MyCoursesView {
        items: cards,
        total_count: total_count(page.total_count),
        keyword,
        collections,
        terms: terms.iter().map(|t| TermOption { id: t.id.to_string(), name: t.name.clone() }).collect(),
        catalog_enabled: auth.portal.tenant.config.ui.catalog_enabled,
        filter: sanitised.filter,
        filters_unavailable: sanitised.filters_unavailable,
    }))
}

/// The learner's collections and terms, the URL's filter checked against them, and the page
/// of courses it selects.
async fn read_page(
    state: &AppState,
    auth: &LearnerSession,
    params: &[(String, String)],
    keyword: &str,
    skip: u32,
    take: u32,
) -> AppResult<(Vec<Showcase>, Arc<Vec<Term>>, filters::SanitisedFilter, LoadResult<ObjectiveWorkflowAggregate>)> {
    let upstream = &auth.portal.tenant.upstream;
    let tenant_id = &auth.session.tenant_id;
    let known = async {
        tokio::try_join!(async { upstream.enrolled_showcases(&auth.ctx).await.map_err(AppError::from) }, async {
            state
                .caches
                .terms(tenant_id, auth.session.user.id, upstream, &auth.ctx)
                .await
                // moka shares one error among every waiter
                .map_err(|e| AppError::from((*e).clone()))
        })
    };
    let options = |sanitised: &filters::SanitisedFilter| {
        let mut filter = lists::enrolled_filter(keyword);
        if let (Some(selected), Some(parts)) = (filters::filter_expression(&sanitised.filter), filter.as_array_mut()) {
            parts.push(serde_json::json!("and"));
            parts.push(selected);
        }
        LoadOptions { filter: Some(filter), sort: Some(lists::default_sort()), skip, take, require_total_count: true }
    };
    // The collections and terms are needed before the page's query only to check the ones the
    // URL names; without any, the query runs beside their reads (one round fewer).
    let names_known = params.iter().any(|(k, v)| (k == "collection" || k == "term") && !v.trim().is_empty());
    if names_known {
        let (showcases, terms) = known.await?;
        // 'uncategorized' is always a known collection: it names the courses without one.
        let known_collections: Vec<String> =
            showcases.iter().map(|s| s.id.to_string()).chain([Uuid::nil().to_string()]).collect();
        let known_terms: Vec<String> = terms.iter().map(|t| t.id.to_string()).collect();
        let sanitised = filters::sanitise_filter(params, &known_collections, &known_terms);
        let page = upstream.query_aggregates(&auth.ctx, &options(&sanitised)).await?;
        Ok((showcases, terms, sanitised, page))
    } else {
        let sanitised = filters::sanitise_filter(params, &[], &[]);
        let query = async { upstream.query_aggregates(&auth.ctx, &options(&sanitised)).await.map_err(AppError::from) };
        let ((showcases, terms), page) = tokio::try_join!(known, query)?;
        Ok((showcases, terms, sanitised, page))
    }
}

/// One card, every rule decided by `domain::outcome` from the course's access (status, progress,
/// result visibility, link, lock) as the other views decide it.
fn to_card(c: &LearnerCourse, mismatch: bool, scale: Option<&GradingScale>, now: OffsetDateTime) -> CourseCard {
    let agg = &c.aggregate;
    let facts = c.facts(mismatch);
    let objective = agg.objective.id.to_string();
    let due = c.access.as_ref().and_then(|a| a.due_date);
    CourseCard {
        objective_id: objective.clone(),
        aggregate_id: agg.id.to_string(),
        name: agg.objective.name.clone(),
        code: non_empty(agg.objective.code.as_deref()),
        image_url: agg.objective.image_url.clone(),
        color: course::card_color_of(agg.objective.id, agg.objective.image_url.as_deref()).map(String::from),
        progress_percent: outcome::progress_percent(&facts),
        status: outcome::status(&facts),
        is_mandatory: agg.is_mandatory,
        is_draft: agg.objective.state == course::DRAFT,
        duration_minutes: course::duration_minutes(agg.objective.duration),
        result: outcome::card_result(
            &facts,
            agg.last_objective_record.as_ref().map(ResultFacts::of_summary).as_ref(),
            scale,
            now,
        ),
        link: outcome::course_link(&facts, &objective, &agg.id.to_string()),
        grade_hidden: outcome::result_hidden(&facts, now),
        lock: match &c.access {
            Some(access) => outcome::start_lock(access, now),
            None => (agg.objective.state == course::DRAFT).then_some(CardLock::ComingSoon),
        },
        availability: availability(
            c.access.as_ref().and_then(|a| a.availability_date),
            c.access.as_ref().and_then(|a| a.availability_end_date),
        ),
        due_date: rfc3339(due),
        overdue: outcome::overdue(&facts, due, now),
        children_count: agg.objective.activity.children_count.and_then(|n| u32::try_from(n).ok()),
        unread_announcements: 0,
        announcement_channel_id: agg.objective.announcement_channel_id.clone(),
    }
}
