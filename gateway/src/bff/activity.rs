//! `GET /api/bff/courses/{objectiveId}/activities/{activityPathId}?workflowId=&viewType=`: one
//! activity of the course player with its content, its activity workflow and, for a composite,
//! its children; beside it the course's modes, state and what its finish dialog warns about.
//!
//! Built from spec section 7's calls: the objective access (modes, last workflow), the full
//! tree with aggregates (locks, statuses, workflows; rules in [`crate::domain::tree`] and
//! [`crate::domain::player`]) and `users/me/objective-workflows/{id}/activity/{path}` (the
//! activity with its children, whose content fields it reads).

use axum::Json;
use contracts::bff::{
    ActivityContent, ActivityView, EventContent, PlayerActivity, PlayerCourse, Problem, Unauthorized, VideoContent,
    VideoTrack,
};
use contracts::upstream::{
    Activity, ActivityContentFields, ActivityType, ObjectiveAccess, PresentationMode, WorkflowState,
};
use serde::Deserialize;
use serde_json::Value;
use utoipa::IntoParams;
use uuid::Uuid;

use super::{
    course_tree::{Shown, ShownPart, kind_name, shown_parts},
    fields::rfc3339,
    params::{activity_path_id, parse_id},
};
use crate::extract::Path;
use crate::{
    auth::extract::AuthSession,
    domain::{
        course::duration_minutes,
        details::{self, status_of},
        outcome::{self, CourseFacts},
        player, refresh,
        tree::{CourseContext, EvaluatedPart},
    },
    error::{AppError, AppResult},
    extract::Query,
};

/// As the tree view: never-started activities of a finished course stay locked.
const NEW_CONTENT_AFTER_COMPLETION: bool = false;

/// Query of the activity view.
#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct ActivityQuery {
    /// The objective workflow to show; the last one when absent.
    workflow_id: Option<String>,
    /// `REVIEW` opens the course read-only (spec section 2 'Query viewType=REVIEW').
    view_type: Option<String>,
}

/// The activity view.
#[utoipa::path(get, path = "/api/bff/courses/{objectiveId}/activities/{activityPathId}", tag = "views", params(
    ("objectiveId" = uuid::Uuid, Path, description = "The course (objective) id"),
    ("activityPathId" = String, Path, description = "The activity's path id (`1.3`)"),
    ActivityQuery,
), responses(
    (status = 200, description = "The activity with its content and workflow, and the course around it", body = ActivityView),
    (status = 400, description = "An id is not a UUID", body = Problem),
    (status = 401, description = "No valid session", body = Unauthorized),
    (status = 404, description = "No such course, workflow or activity (archived activities are not shown)", body = Problem),
    (status = 504, description = "The learning platform did not answer in time", body = Problem),
))]
pub async fn get_activity(
    auth: AuthSession,
    Path((objective_id, path)): Path<(String, String)>,
    Query(query): Query<ActivityQuery>,
) -> AppResult<Json<ActivityView>> {
    let objective = parse_id("objectiveId", &objective_id)?;
    activity_path_id(&path)?;
    let asked =
        query.workflow_id.as_deref().filter(|w| !w.is_empty()).map(|w| parse_id("workflowId", w)).transpose()?;
    let review = query.view_type.as_deref().is_some_and(|v| v.eq_ignore_ascii_case("review"));
    let upstream = &auth.portal.tenant.upstream;
    let ctx = &auth.ctx;
    let access = upstream.objective_access(ctx, objective).await?;
    let last = access.last_objective_workflow.as_ref();
    let workflow = match (asked, last) {
        (Some(id), _) => id,
        (None, Some(w)) => w.id,
        (None, None) => return Err(AppError::NotFound),
    };
    let tree_path = format!("users/me/objective-workflows/{workflow}/activity-with-aggregates");
    let activity_path = format!("users/me/objective-workflows/{workflow}/activity/{path}");
    let (root, at_path, workflow_state) = tokio::try_join!(
        async {
            upstream.get::<Activity>(ctx, "reading the activity tree", &tree_path, &[]).await.map_err(AppError::from)
        },
        async { upstream.get::<Value>(ctx, "reading the activity", &activity_path, &[]).await.map_err(AppError::from) },
        async {
            match last {
                Some(w) if w.id == workflow => Ok(w.state),
                _ => upstream.objective_workflow(ctx, workflow).await.map(|w| w.state).map_err(AppError::from),
            }
        },
    )?;
    if let (Some(root_id), Some(course_root)) = (root.id, access.objective.activity.as_ref().and_then(|a| a.id))
        && root_id != course_root
    {
        return Err(AppError::NotFound);
    }
    let course_finished = workflow_state == WorkflowState::Finished;
    // A finished or earlier attempt is read-only, as review is.
    let review = review || course_finished || last.is_some_and(|w| w.id != workflow);
    let now = upstream.now();
    let course_ctx = CourseContext {
        course_finished,
        new_content_after_completion: NEW_CONTENT_AFTER_COMPLETION,
        now,
        results_protected: details::results_protected(&access),
        reveal_policy: access.grade_reveal_policy,
        reveal_date: access.grade_reveal_date,
    };
    // The same decisions as the contents (course_tree): the course's state frames its parts, and a
    // hidden result hides the passes. The proctoring mismatch is the tree's and the details' to show.
    let course_state = details::course_state(&access).or(Some(root.state));
    let grade_hidden = outcome::result_hidden(&CourseFacts::of_access(&access, false), now);
    let shown = shown_parts(&root.children, course_state, grade_hidden, &course_ctx);
    let (evaluated, this, subtree) = part_with_subtree(&shown, &path)?;
    let children = child_activities(subtree, evaluated.depth, &at_path, review);
    let fields = content_fields(Some(&at_path));
    let course_mode =
        access.objective.activity.as_ref().and_then(|a| a.presentation_mode).or(access.objective.presentation_mode);
    Ok(Json(ActivityView {
        objective_id: objective.to_string(),
        workflow_id: workflow.to_string(),
        review_mode: review,
        activity: player_activity(evaluated, this, Some(&at_path), review),
        presentation_mode: player::presentation_mode(fields.presentation_mode.or(course_mode)),
        children,
        finish_check: player::finish_check(&subtree.iter().map(|(e, s)| (e, Some(s.status))).collect::<Vec<_>>()),
        course: player_course(&access, course_mode, workflow_state, review, &shown),
        refresh_at: rfc3339(refresh::refresh_at(&access, &root.children, now)),
    }))
}

/// The part at `path` among the shown parts, its status and score, and the shown parts under it;
/// 404 when the contents do not show it.
fn part_with_subtree<'s, 'a>(
    shown: &'s [ShownPart<'a>],
    path: &str,
) -> AppResult<(&'s EvaluatedPart<'a>, Shown, &'s [ShownPart<'a>])> {
    let index =
        shown.iter().position(|(e, _)| e.part.activity_path_id.as_deref() == Some(path)).ok_or(AppError::NotFound)?;
    let (evaluated, this) = &shown[index];
    let subtree_end =
        shown[index + 1..].iter().position(|(e, _)| e.depth <= evaluated.depth).map_or(shown.len(), |n| index + 1 + n);
    Ok((evaluated, *this, &shown[index + 1..subtree_end]))
}

/// The direct children (one level below `depth`) among `subtree`, each with its content from the
/// activity read at the path (`at_path`'s `children`).
fn child_activities(subtree: &[ShownPart<'_>], depth: usize, at_path: &Value, review: bool) -> Vec<PlayerActivity> {
    let children_content = at_path.get("children").and_then(Value::as_array).cloned().unwrap_or_default();
    subtree
        .iter()
        .filter(|(e, _)| e.depth == depth + 1)
        .map(|(e, s)| {
            let content = children_content
                .iter()
                .find(|c| c.get("activityPathId").and_then(Value::as_str) == e.part.activity_path_id.as_deref())
                .and_then(|c| c.get("childActivity"));
            player_activity(e, *s, content, review)
        })
        .collect()
}

/// The course around the activity: its name, status, modes, preferred size, whether it can be
/// submitted or finished, and what finishing it warns about (over every shown part).
fn player_course(
    access: &ObjectiveAccess,
    course_mode: Option<PresentationMode>,
    workflow_state: WorkflowState,
    review: bool,
    shown: &[ShownPart<'_>],
) -> PlayerCourse {
    let preferred = |v: Option<i32>| v.and_then(|n| u32::try_from(n).ok()).filter(|n| *n > 0);
    let root_activity = access.objective.activity.as_ref();
    let state = Some(workflow_state);
    PlayerCourse {
        name: access.objective.name.clone(),
        status: status_of(state, false),
        presentation_mode: player::presentation_mode(course_mode),
        display_mode: player::display_mode(access.objective.display_mode),
        preferred_width: preferred(root_activity.and_then(|a| a.preferred_width)),
        preferred_height: preferred(root_activity.and_then(|a| a.preferred_height)),
        can_submit: player::can_submit_course(state, review),
        can_finish: player::can_finish_course(state, review),
        finish_check: player::finish_check(&shown.iter().map(|(e, s)| (e, Some(s.status))).collect::<Vec<_>>()),
    }
}

fn content_fields(value: Option<&Value>) -> ActivityContentFields {
    value.and_then(|v| serde_json::from_value(v.clone()).ok()).unwrap_or_default()
}

fn player_activity(
    evaluated: &EvaluatedPart<'_>,
    shown: Shown,
    content: Option<&Value>,
    review: bool,
) -> PlayerActivity {
    let part = evaluated.part;
    let activity = &part.child_activity;
    let last = activity.activity_workflow_aggregate.as_ref().and_then(|a| a.last_activity_workflow.as_ref());
    let lock = &evaluated.lock;
    let fields = content_fields(content);
    let progress = content
        .and_then(|c| c.pointer("/activityWorkflowAggregate/lastActivityWorkflow/progress"))
        .and_then(Value::as_f64)
        .map(|p| p.clamp(0.0, 1.0));
    PlayerActivity {
        activity_path_id: part.activity_path_id.clone().unwrap_or_default(),
        activity_id: activity.id.map(|id| id.to_string()),
        name: activity.name.clone().unwrap_or_default(),
        kind: kind_name(activity.kind, activity.activity_type.as_deref()),
        collaborative: activity.support_collaborative_mode == Some(true)
            || activity.activity_type.as_deref() == Some("collaborative"),
        proctored: activity.proctored == Some(true),
        status: shown.status,
        banner: player::banner(activity.state),
        locked: lock.locked,
        disabled: lock.disabled,
        lock_reason: lock.reason,
        lock_message: lock.message.clone(),
        activity_workflow_id: last.and_then(|w| w.id).map(|id: Uuid| id.to_string()),
        workflow_status: status_of(last.map(|w| w.state), false),
        progress,
        can_start: player::can_start(part, lock, review),
        can_finish: player::can_finish(part, lock, review),
        duration_minutes: duration_minutes(activity.duration),
        score: shown.score,
        content: activity_content(activity.kind, fields),
    }
}

fn activity_content(kind: ActivityType, fields: ActivityContentFields) -> ActivityContent {
    let video =
        (kind == ActivityType::Video && (fields.video_url.is_some() || fields.embed_url.is_some())).then(|| {
            VideoContent {
                url: fields.video_url.clone(),
                embed_url: fields.embed_url.clone(),
                lang: fields.language.clone(),
                tracks: fields
                    .captions
                    .iter()
                    .map(|t| {
                        let lang = t.language.clone().unwrap_or_else(|| "und".into());
                        VideoTrack { src: t.url.clone(), label: t.label.clone().unwrap_or_else(|| lang.clone()), lang }
                    })
                    .collect(),
            }
        });
    let event = (kind == ActivityType::Event
        && (fields.start_date.is_some() || fields.location.is_some() || fields.meeting_url.is_some()))
    .then(|| EventContent {
        start: rfc3339(fields.start_date),
        end: rfc3339(fields.end_date),
        location: fields.location.clone(),
        meeting_url: fields.meeting_url.clone(),
    });
    ActivityContent { html: fields.content.or(fields.description), video, event, discussion_url: fields.discussion_url }
}
