//! The AI tutor (`POST /api/bff/tutor/answers`): a question about a course, answered by the
//! tenant's tutor service and streamed to the browser as it is written.
//!
//! The gateway checks the question (not empty, at most `tutor.max_question_chars`), that the
//! tenant turned the tutor on (`ui.ai_tutor_enabled`, else 404) and that the learner has the
//! course (the course's access, else 404), then relays the tutor's `text/event-stream`
//! unchanged, event by event. The course's knowledge model goes with the question, or the
//! tenant's default (`ui.ai_tutor_knowledge_model_id`) when the course has none. Limits: one
//! session streams at most `tutor.max_streams_per_session`
//! answers at once (429), the tutor must start within `tutor.first_token_timeout_secs` (504
//! problem) and finish within `tutor.max_answer_secs` (the stream then ends with an `error`
//! event). When the browser goes away the relay is dropped, and with it the upstream
//! connection, so the tutor stops writing.

use std::time::Duration;

use axum::{
    body::{Body, Bytes},
    extract::State,
    http::header,
    response::Response,
};
use contracts::bff::{Problem, TutorQuestion, Unauthorized};
use futures::StreamExt;
use serde_json::json;

use super::params::parse_id;
use crate::{
    app::AppState,
    auth::extract::LearnerSession,
    bff::streams::StreamKind,
    error::{AppError, AppResult},
    extract,
    upstream::UpstreamError,
};

/// Streams the tutor's answer.
#[utoipa::path(post, path = "/api/bff/tutor/answers", tag = "commands",
    request_body = TutorQuestion,
    responses(
        (status = 200, description = "`text/event-stream`: `citation` ({source, passage}), `token` ({text}), then `done` or `error` ({message})", content_type = "text/event-stream"),
        (status = 400, description = "Empty or longer than `tutor.max_question_chars`", body = Problem),
        (status = 401, description = "No valid session", body = Unauthorized),
        (status = 403, description = "The user lacks the learner permission (ObjectiveWorkflow.Create)", body = Problem),
        (status = 404, description = "The tutor is off for this tenant, or no such course for this learner", body = Problem),
        (status = 413, description = "Body larger than `commands.max_body_bytes`", body = Problem),
        (status = 422, description = "The tutor refused the question", body = Problem),
        (status = 429, description = "This session is already streaming `tutor.max_streams_per_session` answers", body = Problem),
        (status = 502, description = "The tutor could not be reached", body = Problem),
        (status = 504, description = "The tutor did not start answering in time", body = Problem),
    ))]
pub async fn ask_tutor(
    State(state): State<AppState>,
    LearnerSession(auth): LearnerSession,
    extract::Json(body): extract::Json<TutorQuestion>,
) -> AppResult<Response> {
    let settings = &state.config.tutor;
    if !auth.portal.tenant.config.ui.ai_tutor_enabled {
        return Err(AppError::NotFound);
    }
    let question = body.question.trim();
    if question.is_empty() {
        return Err(AppError::BadRequest("question: Field is required".into()));
    }
    if question.chars().count() > settings.max_question_chars {
        return Err(AppError::BadRequest(format!("question: Maximum length is {}", settings.max_question_chars)));
    }
    let objective = parse_id("objectiveId", &body.objective_id)?;
    let slot = state
        .streams
        .acquire(StreamKind::Tutor, &auth.session.id, settings.max_streams_per_session)
        .ok_or_else(|| AppError::TooManyRequests("The tutor is still answering your last question.".into()))?;

    let upstream = &auth.portal.tenant.upstream;
    // The learner must have the course; its knowledge model, when it has one, goes along.
    let access = upstream.objective_access(&auth.ctx, objective).await?;
    let own_model = match access.objective_workflow_aggregate.as_ref().map(|a| a.id) {
        Some(aggregate) => upstream.knowledge_model_id(&auth.ctx, aggregate).await.unwrap_or(None),
        None => None,
    };
    // The course's own model, else the tenant's default (spec section 6).
    let knowledge_model = own_model.or_else(|| auth.portal.tenant.config.ui.ai_tutor_knowledge_model_id.clone());
    let question_body = json!({
        "objectiveId": objective,
        "knowledgeModelId": knowledge_model,
        "question": question,
    });
    let answer = upstream
        .tutor_answer(
            &auth.ctx,
            &question_body,
            Duration::from_secs(settings.first_token_timeout_secs),
            Duration::from_secs(settings.max_answer_secs),
        )
        .await
        .map_err(|e| match e {
            UpstreamError::NotFound(_) => AppError::NotFound,
            e => crate::bff::chat::refused(e, "The tutor could not answer this question."),
        })?;

    // Relay the events; a failure midway (timeout, reset) ends the stream with an `error` event.
    let relay = answer.bytes_stream().map(move |chunk| {
        let _held = &slot;
        Ok::<Bytes, std::convert::Infallible>(match chunk {
            Ok(bytes) => bytes,
            Err(e) => {
                let reason =
                    if e.is_timeout() { "The tutor took too long to answer." } else { "The tutor stopped answering." };
                Bytes::from(format!("event: error\ndata: {}\n\n", json!({ "message": reason })))
            }
        })
    });
    let relay = relay.scan(false, |failed, item| {
        // Stop after the first error event.
        if *failed {
            return futures::future::ready(None);
        }
        if let Ok(bytes) = &item {
            *failed = bytes.starts_with(b"event: error");
        }
        futures::future::ready(Some(item))
    });
    Response::builder()
        .header(header::CONTENT_TYPE, "text/event-stream")
        .header(header::CACHE_CONTROL, "no-cache, no-store")
        .header("x-accel-buffering", "no")
        .body(Body::from_stream(relay))
        .map_err(|e| AppError::Internal(e.into()))
}
