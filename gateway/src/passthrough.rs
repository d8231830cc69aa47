//! `/api/lms/**`: the pass-through of the upstream calls the client still makes directly
//! (spec section 7): the LTI resource link and form, the proctoring session and its start
//! token, participants, activity records, group activity workflows and the knowledge model.
//!
//! Only a method and path on [`ALLOWLIST`] goes upstream; anything else is a 404, decided on
//! the raw request path before any decoding: percent-encoded bytes (an encoded slash or dot
//! among them), dot segments, empty segments and characters outside `[A-Za-z0-9._-]` are
//! refused. The query string goes along unchanged (the upstream validates its load options).
//! The session's bearer token is added; of the browser's headers only
//! [`FORWARDED_REQUEST_HEADERS`] go along, so its Cookie never reaches the upstream. Bodies
//! larger than `passthrough.max_body_bytes` get 413. The upstream's status and body come back
//! as they are, except the results (score, grade, pass) in the activity records of a course
//! whose grade is hidden (spec section 4 'Grade visibility', decided as on every view), which are
//! removed, 401 (the session's token was refused: the usual 401 of the gateway) and
//! unreachable or failing upstreams (502/504 problems).

use axum::{
    body::{Body, Bytes, HttpBody},
    extract::{Request, State},
    http::{HeaderValue, StatusCode, header},
    response::Response,
};
use uuid::Uuid;

use crate::{
    app::AppState,
    auth::extract::LearnerSession,
    bff::learner_courses::tree_proctoring_mismatch,
    domain::outcome::{self, CourseFacts},
    error::{AppError, AppResult, problem},
    upstream::{CallContext, UpstreamError, aggregates::LoadOptions},
};

/// Where the pass-through is mounted.
pub const PREFIX: &str = "/api/lms/";

/// The pass-through's route template (its requests are counted under it).
pub const ROUTE: &str = "/api/lms/{*path}";

/// Whether the pass-through serves `path` ([`ROUTE`]): something after [`PREFIX`]; the prefix
/// alone is no call (the router's 404).
pub fn serves(path: &str) -> bool {
    path.strip_prefix(PREFIX).is_some_and(|rest| !rest.is_empty())
}

/// One segment of an allowlisted path.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Segment {
    /// Exactly this text.
    Literal(&'static str),
    /// A UUID.
    Id,
    /// An activity path id (`1.3`): letters, digits, `.`, `-`, `_`.
    PathId,
    /// One or more UUIDs, each its own segment, to the end of the path.
    Ids,
}

use Segment::{Id, Ids, Literal as L, PathId};

/// The activity records a call reads, named by the id in its path's fourth segment.
type ReadsRecords = Option<fn(Uuid) -> Records>;

/// The calls of spec section 7 the client makes directly: method, path shape, and the activity
/// records it reads (checked before answering), if any.
const ALLOWLIST: &[(&str, &[Segment], ReadsRecords)] = &[
    ("POST", &[L("objective-workflows"), Id, L("resource-link")], None),
    ("GET", &[L("objective-workflows"), Id, L("resource-form"), Ids], None),
    (
        "GET",
        &[L("users"), L("me"), L("objective-workflows"), Id, L("activity-workflows"), Id, L("last-proctoring-session")],
        None,
    ),
    (
        "GET",
        &[
            L("users"),
            L("me"),
            L("objective-workflows"),
            Id,
            L("activity-workflows"),
            Id,
            L("last-proctoring-session"),
            L("start-token"),
        ],
        None,
    ),
    (
        "GET",
        &[
            L("users"),
            L("me"),
            L("objective-workflows"),
            Id,
            L("activity-paths"),
            PathId,
            L("participants"),
            L("query"),
        ],
        None,
    ),
    (
        "GET",
        &[L("users"), L("me"), L("objective-workflow-aggregates"), Id, L("activity-records"), L("query")],
        Some(Records::OfAggregate),
    ),
    (
        "GET",
        &[L("users"), L("me"), L("objective-workflows"), Id, L("activity-records"), L("query")],
        Some(Records::OfWorkflow),
    ),
    ("GET", &[L("users"), L("me"), L("objective-workflow-aggregates"), Id, L("group-activity-workflows"), Id], None),
    ("GET", &[L("users"), L("me"), L("objective-workflow-aggregates"), Id, L("knowledge-model")], None),
];

/// The activity records of an enrolled course or of one attempt, as the pass-through names them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Records {
    /// `users/me/objective-workflow-aggregates/{id}/activity-records/query`.
    OfAggregate(Uuid),
    /// `users/me/objective-workflows/{id}/activity-records/query`.
    OfWorkflow(Uuid),
}

/// An allowlisted call, as [`classify`] finds it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Call {
    /// The activity records it reads, if it reads any.
    records: Option<Records>,
}

/// A segment of a call's path: its text and the UUID it is, if it is one (decided once, as
/// several shapes may ask).
#[derive(Debug, Clone, Copy)]
struct Part<'a> {
    text: &'a str,
    id: Option<Uuid>,
}

/// The allowlisted call `method` and the raw `path` (after [`PREFIX`], undecoded) are, if any:
/// the path split once, each segment checked once (not empty, no dot segment, only
/// `[A-Za-z0-9._-]`), then matched against the shapes of [`ALLOWLIST`].
fn classify(method: &str, path: &str) -> Option<Call> {
    // On the stack for every allowlisted shape but a resource form of many activities.
    let mut parts = smallvec::SmallVec::<[Part<'_>; 12]>::new();
    for text in path.split('/') {
        let clean = !text.is_empty()
            && text != "."
            && text != ".."
            && text.bytes().all(|b| b.is_ascii_alphanumeric() || matches!(b, b'.' | b'-' | b'_'));
        if !clean {
            return None;
        }
        // A clean segment is a UUID only in its 36 (hyphenated) or 32 (simple) character forms.
        let id = if matches!(text.len(), 32 | 36) { Uuid::try_parse(text).ok() } else { None };
        parts.push(Part { text, id });
    }
    let (_, _, reads) = ALLOWLIST.iter().find(|(m, shape, _)| *m == method && matches_shape(shape, &parts))?;
    let records = match reads {
        Some(of) => Some(of(parts.get(3)?.id?)),
        None => None,
    };
    Some(Call { records })
}

/// Whether `method` and the raw `path` (after [`PREFIX`], undecoded) are an allowlisted call.
pub fn allowed(method: &str, path: &str) -> bool {
    classify(method, path).is_some()
}

fn matches_shape(shape: &[Segment], parts: &[Part<'_>]) -> bool {
    match (shape.split_first(), parts.split_first()) {
        (None, None) => true,
        (Some((Ids, _)), _) => !parts.is_empty() && parts.iter().all(|p| p.id.is_some()),
        (Some((L(text), rest)), Some((p, more))) => p.text == *text && matches_shape(rest, more),
        (Some((Id, rest)), Some((p, more))) => p.id.is_some() && matches_shape(rest, more),
        (Some((PathId, rest)), Some((p, more))) => p.text.chars().any(|c| c != '.') && matches_shape(rest, more),
        _ => false,
    }
}

/// Whether the course the records belong to hides its grade, decided as on every view
/// ([`outcome::result_hidden`], proctoring mismatch included). A course whose access cannot be
/// found is not the learner's: 404.
async fn results_hidden(auth: &LearnerSession, records: Records) -> AppResult<bool> {
    let upstream = &auth.portal.tenant.upstream;
    let aggregate = match records {
        Records::OfAggregate(id) => id,
        Records::OfWorkflow(id) => {
            let workflow = upstream.objective_workflow(&auth.ctx, id).await?;
            // An attempt that does not say its course cannot be checked: its results stay hidden.
            let Some(aggregate) = workflow.objective_workflow_aggregate_id else { return Ok(true) };
            aggregate
        }
    };
    let options = LoadOptions {
        filter: Some(serde_json::json!(["objectiveWorkflowAggregate.id", "=", aggregate])),
        take: 1,
        ..LoadOptions::default()
    };
    let access = upstream
        .query_objective_accesses(&auth.ctx, &options)
        .await?
        .data
        .into_iter()
        .find(|a| a.objective_workflow_aggregate.as_ref().is_some_and(|g| g.id == aggregate))
        .ok_or(AppError::NotFound)?;
    let mismatch = match access.last_objective_workflow.as_ref() {
        Some(w) => {
            let tree = upstream.activity_tree(&auth.ctx, w.id).await?;
            tree_proctoring_mismatch(upstream, &auth.ctx, w.id, &tree).await?
        }
        None => false,
    };
    Ok(outcome::result_hidden(&CourseFacts::of_access(&access, mismatch), upstream.now()))
}

/// The request's call context with the session's token renewed after the upstream refused
/// `sent` ([`crate::auth::extract::renew_refused`]).
async fn renewed_context(
    state: &AppState,
    auth: &LearnerSession,
    sent: Option<&HeaderValue>,
) -> AppResult<CallContext> {
    let session = crate::auth::extract::renew_refused(state, &auth.portal, &auth.session.id, sent).await?;
    Ok(CallContext { authorization: session.tokens.access_token.authorization(), ..auth.ctx.clone() })
}

/// `/api/lms/{*path}`: forwards an allowlisted call (see the module doc).
pub async fn forward(State(state): State<AppState>, auth: LearnerSession, request: Request) -> AppResult<Response> {
    let (parts, body) = request.into_parts();
    let raw_path = parts.uri.path();
    let Some(path) = raw_path.strip_prefix(PREFIX) else { return Err(AppError::NotFound) };
    let Some(call) = classify(parts.method.as_str(), path) else { return Err(AppError::NotFound) };
    let limit = state.config.passthrough.max_body_bytes;
    // Most calls are reads without a body: nothing to collect.
    let body = if HttpBody::is_end_stream(&body) { Ok(Bytes::new()) } else { axum::body::to_bytes(body, limit).await };
    let Ok(body) = body else {
        return Ok(problem(
            StatusCode::PAYLOAD_TOO_LARGE,
            "payload_too_large",
            Some(format!("The request body is larger than {limit} bytes.")),
        ));
    };
    let upstream = &auth.portal.tenant.upstream;
    let hidden = match call.records {
        // Boxed: only activity records need the check, and its upstream calls' state would
        // otherwise make every forwarded request's future that much larger.
        Some(records) => Box::pin(results_hidden(&auth, records)).await?,
        None => false,
    };
    // One upstream call: one the platform refused for its token did nothing, so it is sent once
    // more with the renewed token, whatever its method (the tenant layer leaves these requests
    // to this handler, so no request is copied on the hot path; see `middleware::run_renewing`).
    let (method, query, headers) = (&parts.method, parts.uri.query(), &parts.headers);
    let answer =
        match upstream.forward(&state.forward, &auth.ctx, method.clone(), path, query, headers, body.clone()).await {
            Err(UpstreamError::Unauthorized(_, sent)) => {
                let ctx = renewed_context(&state, &auth, sent.as_ref()).await?;
                upstream.forward(&state.forward, &ctx, method.clone(), path, query, headers, body).await?
            }
            answer => answer?,
        };
    if answer.status.is_server_error() {
        return Err(AppError::BadGateway(format!("forwarded call answered {}", answer.status)));
    }
    let body = if hidden && answer.status.is_success() {
        // Records of a course whose grade is hidden: kept, without their results; an answer that
        // cannot be read is not handed back at all.
        let mut value: serde_json::Value = serde_json::from_slice(&answer.body)
            .map_err(|e| AppError::BadGateway(format!("activity records that are not JSON: {e}")))?;
        outcome::strip_results(&mut value);
        serde_json::to_vec(&value)
            .map_err(|e| AppError::Internal(anyhow::anyhow!("writing activity records: {e}")))?
            .into()
    } else {
        answer.body
    };
    let mut response = Response::new(Body::from(body));
    *response.status_mut() = answer.status;
    // The forwarded headers as they came (checked values already), then no caching on the way.
    *response.headers_mut() = answer.headers;
    response.headers_mut().insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    Ok(response)
}

#[cfg(test)]
mod tests {
    use super::*;

    const W: &str = "6b0e8a4e-1f0c-4a55-9d61-2f1b2c3d4e5f";
    const A: &str = "0b1e8a4e-1f0c-4a55-9d61-2f1b2c3d4e5f";

    /// The paths sent to the pass-through are those of its route template.
    #[test]
    fn the_pass_through_serves_the_paths_of_its_route_template() {
        assert_eq!(ROUTE.strip_suffix("{*path}"), Some(PREFIX));
        assert!(serves("/api/lms/users/me"));
        assert!(serves("/api/lms/x"));
        assert!(!serves("/api/lms/"));
        assert!(!serves("/api/lms"));
        assert!(!serves("/api/lmsx/users"));
        assert!(!serves("/api/bff/session"));
    }

    /// Spec section 4 'Grade visibility' on the pass-through: the calls that read activity
    /// records name the course or attempt whose grade decides what they show; no other call does.
    #[test]
    fn grade_visibility_the_records_calls_name_their_course_or_attempt() {
        let (w, a) = (Uuid::parse_str(W).unwrap(), Uuid::parse_str(A).unwrap());
        let simple = W.replace('-', "");
        let cases = [
            (
                "GET",
                format!("users/me/objective-workflow-aggregates/{W}/activity-records/query"),
                Some(Some(Records::OfAggregate(w))),
            ),
            (
                "GET",
                format!("users/me/objective-workflows/{A}/activity-records/query"),
                Some(Some(Records::OfWorkflow(a))),
            ),
            (
                "GET",
                format!("users/me/objective-workflows/{simple}/activity-records/query"),
                Some(Some(Records::OfWorkflow(w))),
            ),
            ("GET", format!("users/me/objective-workflow-aggregates/{W}/knowledge-model"), Some(None)),
            ("GET", format!("objective-workflows/{W}/resource-form/{A}"), Some(None)),
            ("POST", format!("users/me/objective-workflows/{A}/activity-records/query"), None),
            ("GET", format!("users/me/objective-workflows/{A}/activity-records"), None),
        ];
        for (method, path, expected) in cases {
            assert_eq!(classify(method, &path).map(|c| c.records), expected, "{method} {path}");
        }
    }

    /// A resource form of more activities than the segments kept on the stack is still one call.
    #[test]
    fn passthrough_allowlist_resource_form_of_many_activities() {
        let many = vec![A; 40].join("/");
        assert!(allowed("GET", &format!("objective-workflows/{W}/resource-form/{many}")));
        assert!(!allowed("GET", &format!("objective-workflows/{W}/resource-form/{many}/1.2")));
    }

    /// Spec section 7, pass-through: allowlisted method and path shapes only.
    #[test]
    fn passthrough_allowlist_method_and_path() {
        let cases = [
            ("POST", format!("objective-workflows/{W}/resource-link"), true),
            ("GET", format!("objective-workflows/{W}/resource-link"), false),
            ("GET", format!("objective-workflows/{W}/resource-form/{A}"), true),
            ("GET", format!("objective-workflows/{W}/resource-form/{A}/{W}"), true),
            ("GET", format!("objective-workflows/{W}/resource-form"), false),
            ("GET", format!("users/me/objective-workflows/{W}/activity-workflows/{A}/last-proctoring-session"), true),
            (
                "GET",
                format!("users/me/objective-workflows/{W}/activity-workflows/{A}/last-proctoring-session/start-token"),
                true,
            ),
            ("GET", format!("users/me/objective-workflows/{W}/activity-paths/1.3/participants/query"), true),
            ("GET", format!("users/me/objective-workflows/{W}/activity-paths/../participants/query"), false),
            ("GET", format!("users/me/objective-workflow-aggregates/{W}/activity-records/query"), true),
            ("GET", format!("users/me/objective-workflows/{W}/activity-records/query"), true),
            ("GET", format!("users/me/objective-workflow-aggregates/{W}/group-activity-workflows/{A}"), true),
            ("GET", format!("users/me/objective-workflow-aggregates/{W}/knowledge-model"), true),
            ("DELETE", format!("users/me/objective-workflow-aggregates/{W}/knowledge-model"), false),
            ("GET", "users/me/objective-workflow-aggregates/not-an-id/knowledge-model".to_string(), false),
            ("GET", format!("users/me/objective-workflow-aggregates/{W}/knowledge-model/"), false),
            ("GET", format!("users/me//objective-workflow-aggregates/{W}/knowledge-model"), false),
            ("GET", format!("users/me/objective-workflow-aggregates/{W}/../{W}/knowledge-model"), false),
            ("GET", format!("users/me/./objective-workflow-aggregates/{W}/knowledge-model"), false),
            ("GET", format!("users%2fme/objective-workflow-aggregates/{W}/knowledge-model"), false),
            ("GET", format!("users/me/objective-workflow-aggregates/{W}%2e%2e/knowledge-model"), false),
            ("GET", "users/me".to_string(), false),
            ("GET", "users/me/terms".to_string(), false),
            ("POST", "create-self-enrollments".to_string(), false),
            ("GET", String::new(), false),
        ];
        for (method, path, expected) in cases {
            assert_eq!(allowed(method, &path), expected, "{method} {path}");
        }
    }
}
