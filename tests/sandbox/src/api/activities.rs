//! The activity tree of a running course: `users/me/objective-workflows/{id}/activity`,
//! `.../activity/{activityPathId}`, `.../children` and `.../activity-with-aggregates` (the
//! full tree). Each node carries its last activity workflow and best record in this workflow.

use axum::{
    Json, Router,
    extract::{Path, State},
    http::HeaderMap,
    routing::get,
};
use serde_json::{Value, json};

use super::{
    engine::{Activity, Tree, workflow},
    iso, user,
};
use crate::{Shared, error::ApiError};

pub(super) fn routes() -> Router<Shared> {
    Router::new()
        .route("/t/{tenant}/api/users/me/objective-workflows/{id}/activity", get(root_activity))
        .route("/t/{tenant}/api/users/me/objective-workflows/{id}/activity/children", get(root_children))
        .route("/t/{tenant}/api/users/me/objective-workflows/{id}/activity/{path}", get(activity_at))
        .route("/t/{tenant}/api/users/me/objective-workflows/{id}/activity/{path}/children", get(children_at))
        .route("/t/{tenant}/api/users/me/objective-workflows/{id}/activity-with-aggregates", get(full_tree))
}

/// The tree of workflow `id` of the token's user.
pub(super) fn tree_of(s: &Shared, tenant: &str, headers: &HeaderMap, id: &str) -> Result<(Tree, String), ApiError> {
    let user = user(s, tenant, headers)?;
    let db = s.db();
    let w = workflow(&db, &user, id)?.ok_or_else(|| ApiError::not_found(format!("no objective workflow `{id}`")))?;
    Ok((Tree::load(&db, &w.objective, Some(&w.id), s.now())?, w.id))
}

/// An activity with its aggregate in this workflow and, `depth` levels down, its children.
pub(super) fn activity_json(tree: &Tree, a: &Activity, depth: usize) -> Value {
    let children = tree.children(&a.id);
    let last = tree.last.get(&a.id).map_or(Value::Null, |w| {
        json!({
            "id": w.id, "state": w.state, "started": iso(Some(w.started)), "submitted": iso(w.submitted),
            "finished": iso(w.finished), "score": w.score, "progress": w.progress, "lastProctoringSessionId": w.session,
        })
    });
    let best = tree.best.get(&a.id).map_or(Value::Null, |r| {
        json!({ "id": r.id, "score": r.score, "maxScore": r.max_score, "normalizedScore": r.normalized, "passed": r.passed })
    });
    let scored = matches!(a.kind.as_str(), "lti" | "proctored" | "collaborative");
    let mut activity = json!({
        "id": a.id, "name": a.name, "code": a.code, "type": a.kind, "activityType": a.kind, "state": a.state,
        "supportReview": a.support_review, "supportMobileView": true, "supportCollaborativeMode": a.collaborative,
        "supportPersonalMode": !a.collaborative, "supportLtiGrading": scored, "allowPublishing": false,
        "allowEditing": false, "duration": a.duration, "proctored": a.proctored, "maxScore": a.max_score,
        "childrenCount": children.len(),
        "children": if depth == 0 { json!([]) } else { Value::Array(children.iter().map(|c| part_json(tree, c, depth - 1)).collect()) },
        "activityWorkflowAggregate": { "activityId": a.id, "lastActivityWorkflow": last, "bestActivityRecord": best },
    });
    // What it shows, beside its own fields (`content`, `videoUrl`, `captions`, `startDate`, ...).
    if let (Value::Object(fields), Some(Value::Object(content))) = (&mut activity, &a.content) {
        fields.extend(content.clone());
    }
    activity
}

/// The part that places `a` under its parent, with the activity as `childActivity`.
pub(super) fn part_json(tree: &Tree, a: &Activity, depth: usize) -> Value {
    json!({
        "id": a.part, "axis": "child", "activityPathId": a.path, "available": tree.available(a),
        "contentAvailable": matches!(a.state, 2 | 3), "optional": a.optional, "order": a.ord, "scoreWeight": a.weight,
        "locked": a.locked, "completed": tree.completed(a),
        "childActivity": activity_json(tree, a, depth), "activityConstraint": tree.constraint(a),
    })
}

fn at<'t>(tree: &'t Tree, path: &str) -> Result<&'t Activity, ApiError> {
    tree.at_path(path).ok_or_else(|| ApiError::not_found(format!("no activity at path `{path}`")))
}

async fn root_activity(
    State(s): State<Shared>,
    Path((tenant, id)): Path<(String, String)>,
    headers: HeaderMap,
) -> Result<Json<Value>, ApiError> {
    let (tree, _) = tree_of(&s, &tenant, &headers, &id)?;
    Ok(Json(activity_json(&tree, tree.root(), 1)))
}

async fn activity_at(
    State(s): State<Shared>,
    Path((tenant, id, path)): Path<(String, String, String)>,
    headers: HeaderMap,
) -> Result<Json<Value>, ApiError> {
    let (tree, _) = tree_of(&s, &tenant, &headers, &id)?;
    Ok(Json(activity_json(&tree, at(&tree, &path)?, 1)))
}

fn children(tree: &Tree, a: &Activity) -> Json<Value> {
    Json(Value::Array(tree.children(&a.id).iter().map(|c| part_json(tree, c, 0)).collect()))
}

async fn root_children(
    State(s): State<Shared>,
    Path((tenant, id)): Path<(String, String)>,
    headers: HeaderMap,
) -> Result<Json<Value>, ApiError> {
    let (tree, _) = tree_of(&s, &tenant, &headers, &id)?;
    Ok(children(&tree, tree.root()))
}

async fn children_at(
    State(s): State<Shared>,
    Path((tenant, id, path)): Path<(String, String, String)>,
    headers: HeaderMap,
) -> Result<Json<Value>, ApiError> {
    let (tree, _) = tree_of(&s, &tenant, &headers, &id)?;
    Ok(children(&tree, at(&tree, &path)?))
}

async fn full_tree(
    State(s): State<Shared>,
    Path((tenant, id)): Path<(String, String)>,
    headers: HeaderMap,
) -> Result<Json<Value>, ApiError> {
    let (tree, _) = tree_of(&s, &tenant, &headers, &id)?;
    Ok(Json(activity_json(&tree, tree.root(), usize::MAX)))
}
