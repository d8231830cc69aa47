//! Liveness and readiness.

use axum::{extract::State, http::StatusCode, response::IntoResponse};

use crate::{app::AppState, error::problem};

/// 200 while the process serves.
pub async fn healthz() -> &'static str {
    "ok"
}

/// 200 when the session store answers; 503 otherwise.
pub async fn readyz(State(state): State<AppState>) -> impl IntoResponse {
    match state.sessions.ping().await {
        Ok(()) => "ready".into_response(),
        Err(e) => problem(StatusCode::SERVICE_UNAVAILABLE, "not_ready", Some(e.to_string())),
    }
}
