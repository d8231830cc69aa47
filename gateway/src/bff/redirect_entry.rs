//! `GET /api/bff/redirect?objectiveId=&activityId=&activityPathId=&inProctoringIframe=`: the
//! query-driven redirect entry of spec section 2, answered as where the client should go.
//!
//! - The course or the activity is not found, the course has no started workflow, or it is draft
//!   or archived: course details (`/courses/{objectiveId}`), which shows the course, its notice
//!   or the unavailable page.
//! - A non-composite course with a started workflow: the content page.
//! - A composite course: the activity named by `activityPathId` (else `activityId`) in the
//!   content page (`/courses/{objectiveId}/view/content/{activityPathId}`; the path id is the
//!   part's key in content URLs); with `inProctoringIframe` and a proctored activity, the
//!   proctored activity route. Neither given: the content page.

use axum::Json;
use contracts::bff::{Problem, Unauthorized};
use contracts::{
    bff::{CourseTarget, RedirectView},
    upstream::{ActivityPart, ActivityType},
};
use serde::Deserialize;
use utoipa::IntoParams;
use uuid::Uuid;

use super::params::parse_id;
use crate::{
    auth::extract::LearnerSession,
    domain::details,
    error::{AppError, AppResult},
    extract::Query,
    upstream::UpstreamError,
};

/// Longest activity path id accepted.
const MAX_PATH_ID_CHARS: usize = 200;

/// Query of the redirect entry.
#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct RedirectQuery {
    /// The course (objective) id; required.
    objective_id: Option<String>,
    /// An activity of the course.
    activity_id: Option<String>,
    /// The path id of an activity of the course.
    activity_path_id: Option<String>,
    /// Opened inside the proctoring iframe: present without value, `true`/`1` or `false`/`0`.
    #[serde(default)]
    in_proctoring_iframe: Option<String>,
}

/// A query flag: present without value, or `true`/`1`.
fn flag(raw: Option<&str>) -> AppResult<bool> {
    match raw {
        None | Some("false" | "0") => Ok(false),
        Some("" | "true" | "1") => Ok(true),
        Some(other) => Err(AppError::BadRequest(format!("inProctoringIframe must be true or false, not {other:?}"))),
    }
}

fn find<'a>(parts: &'a [ActivityPart], hit: &dyn Fn(&ActivityPart) -> bool) -> Option<&'a ActivityPart> {
    parts.iter().find_map(|p| if hit(p) { Some(p) } else { find(&p.child_activity.children, hit) })
}

/// Path ids are put into a URL path: only letters, digits, dots, dashes and underscores.
fn safe_path_id(raw: &str) -> bool {
    !raw.is_empty()
        && raw.chars().count() <= MAX_PATH_ID_CHARS
        && raw.chars().all(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '-' | '_'))
}

/// The redirect entry.
#[utoipa::path(get, path = "/api/bff/redirect", tag = "views", params(
    RedirectQuery,
), responses(
    (status = 200, description = "Where the redirect entry sends the learner", body = RedirectView),
    (status = 400, description = "A missing or malformed id or flag", body = Problem),
    (status = 401, description = "No valid session", body = Unauthorized),
    (status = 403, description = "The user may not use the learner area (no ObjectiveWorkflow.Create)", body = Problem),
    (status = 404, description = "The learner has no such course or activity", body = Problem),
    (status = 504, description = "The learning platform did not answer in time", body = Problem),
))]
pub async fn get_redirect(auth: LearnerSession, Query(query): Query<RedirectQuery>) -> AppResult<Json<RedirectView>> {
    let raw = query.objective_id.as_deref().ok_or_else(|| AppError::BadRequest("objectiveId is required".into()))?;
    let objective = parse_id("objectiveId", raw)?;
    let activity: Option<Uuid> =
        query.activity_id.as_deref().filter(|a| !a.is_empty()).map(|a| parse_id("activityId", a)).transpose()?;
    let path_id = query.activity_path_id.as_deref().filter(|p| !p.is_empty());
    if path_id.is_some_and(|p| !safe_path_id(p)) {
        return Err(AppError::BadRequest("activityPathId has characters a path id never has".into()));
    }
    let in_iframe = flag(query.in_proctoring_iframe.as_deref())?;
    let details = || RedirectView { target: CourseTarget::Details, path: format!("/courses/{objective}") };
    let content = |segment: Option<&str>| RedirectView {
        target: CourseTarget::Content,
        path: match segment {
            Some(s) => format!("/courses/{objective}/view/content/{s}"),
            None => format!("/courses/{objective}/view/content"),
        },
    };
    let upstream = &auth.portal.tenant.upstream;
    let access = match upstream.objective_access(&auth.ctx, objective).await {
        Ok(access) => access,
        Err(UpstreamError::NotFound(_)) => return Ok(Json(details())),
        Err(e) => return Err(e.into()),
    };
    let Some(workflow) = access.last_objective_workflow.as_ref() else { return Ok(Json(details())) };
    if !details::content_available(&access) {
        // Spec section 4 'Starting': draft content is 'coming soon', archived 'not available';
        // the details page says so, the content is not opened.
        return Ok(Json(details()));
    }
    let kind = access.objective.kind.or_else(|| access.objective.activity.as_ref().and_then(|a| a.kind));
    if kind != Some(ActivityType::Composite) {
        return Ok(Json(content(None)));
    }
    if path_id.is_none() && activity.is_none() {
        return Ok(Json(content(None)));
    }
    let tree = match upstream.activity_tree(&auth.ctx, workflow.id).await {
        Ok(tree) => tree,
        Err(UpstreamError::NotFound(_)) => return Ok(Json(details())),
        Err(e) => return Err(e.into()),
    };
    let found = match path_id {
        Some(p) => find(&tree.children, &|part| part.activity_path_id.as_deref() == Some(p)),
        None => find(&tree.children, &|part| part.child_activity.id == activity),
    };
    let Some(part) = found else { return Ok(Json(details())) };
    let Some(part_path) = part.activity_path_id.as_deref().filter(|p| safe_path_id(p)) else {
        return Ok(Json(content(None)));
    };
    if in_iframe && part.child_activity.proctored == Some(true) {
        return Ok(Json(RedirectView {
            target: CourseTarget::Proctor,
            path: format!("/courses/proctor/{objective}/{part_path}?inProctoringIframe=true"),
        }));
    }
    Ok(Json(content(Some(part_path))))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_proctoring_flag_reads_presence_and_booleans() {
        assert!(!flag(None).expect("absent"));
        assert!(flag(Some("")).expect("bare"));
        assert!(flag(Some("true")).expect("true"));
        assert!(!flag(Some("0")).expect("0"));
        assert!(flag(Some("maybe")).is_err());
    }

    #[test]
    fn path_ids_that_could_leave_the_path_are_refused() {
        assert!(safe_path_id("1.3"));
        assert!(!safe_path_id("../x"));
        assert!(!safe_path_id("1/2"));
        assert!(!safe_path_id(""));
        assert!(!safe_path_id(&"1".repeat(MAX_PATH_ID_CHARS + 1)));
    }
}
