//! `POST /api/bff/profile/timezone`: saves the learner's time zone, only when it differs from
//! the current one (spec section 5).

use axum::{Json, extract::State};
use contracts::bff::{Problem, Unauthorized};
use contracts::bff::{TimezoneRequest, TimezoneResult};

use super::commands::command_error;
use crate::{
    app::AppState,
    auth::extract::AuthSession,
    domain::profile::timezone_needs_saving,
    error::{AppError, AppResult},
    extract,
};

/// Longest time-zone name accepted (IANA names are at most about 30 characters).
const MAX_TIMEZONE_CHARS: usize = 64;

/// Saves the time zone when it changed; answers whether it did.
#[utoipa::path(post, path = "/api/bff/profile/timezone", tag = "commands", request_body = TimezoneRequest, responses(
    (status = 200, description = "The time zone, and whether it changed", body = TimezoneResult),
    (status = 400, description = "Not an IANA time-zone name, or a bad body", body = Problem),
    (status = 401, description = "No valid session", body = Unauthorized),
    (status = 413, description = "The body is larger than `commands.max_body_bytes`", body = Problem),
    (status = 422, description = "The learning platform refused the command: its first message and field errors", body = Problem),
    (status = 504, description = "The learning platform did not answer in time", body = Problem),
))]
pub async fn save_timezone(
    State(state): State<AppState>,
    auth: AuthSession,
    extract::Json(request): extract::Json<TimezoneRequest>,
) -> AppResult<Json<TimezoneResult>> {
    let timezone = request.timezone.trim();
    // Only the shape is checked here: the upstream owns the list of zones it accepts, and its
    // refusal comes back as a problem with its message.
    let plausible = !timezone.is_empty()
        && timezone.len() <= MAX_TIMEZONE_CHARS
        && timezone.chars().all(|c| c.is_ascii_alphanumeric() || "/_+-".contains(c));
    if !plausible {
        return Err(AppError::BadRequest(format!(
            "timezone must be an IANA time-zone name such as Europe/Paris (at most {MAX_TIMEZONE_CHARS} characters)"
        )));
    }
    let upstream = &auth.portal.tenant.upstream;
    let user = upstream.current_user(&auth.ctx).await?;
    let changed = timezone_needs_saving(user.timezone.as_deref(), timezone);
    if changed {
        upstream.set_timezone(&auth.ctx, user.id, timezone).await.map_err(command_error)?;
    }
    remember_timezone(&state, &auth, timezone).await?;
    Ok(Json(TimezoneResult { timezone: timezone.to_string(), changed }))
}

/// The session keeps the user as signed in; the session view gives the client the time zone of
/// every date it shows, so the stored user takes the saved zone too.
async fn remember_timezone(state: &AppState, auth: &AuthSession, timezone: &str) -> AppResult<()> {
    if auth.session.user.timezone.as_deref() == Some(timezone) {
        return Ok(());
    }
    if let Some(mut current) = state.sessions.get(&auth.session.id).await? {
        current.id = auth.session.id.clone();
        current.user.timezone = Some(timezone.to_string());
        state.sessions.put(current).await?;
    }
    Ok(())
}
