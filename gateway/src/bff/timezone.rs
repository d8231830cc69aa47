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

/// The zone `raw` names in the IANA time-zone database bundled with the gateway (the one its
/// calendar reckons days in), written as the database writes it (`asia/tokyo` is `Asia/Tokyo`);
/// `None` for a name the database does not know, which the platform might otherwise keep and
/// every dated view then show in UTC. The platform may still refuse a known name (its refusal
/// comes back as a problem with its message).
fn iana_name(raw: &str) -> Option<String> {
    let raw = raw.trim();
    let plausible = !raw.is_empty()
        && raw.len() <= MAX_TIMEZONE_CHARS
        && raw.chars().all(|c| c.is_ascii_alphanumeric() || "/_+-".contains(c));
    if !plausible {
        return None;
    }
    let zone = jiff::tz::TimeZone::get(raw).ok()?;
    Some(zone.iana_name().unwrap_or(raw).to_string())
}

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
    let timezone = iana_name(&request.timezone).ok_or_else(|| {
        AppError::BadRequest(format!(
            "timezone must name a zone of the IANA time-zone database, such as Europe/Paris (at most \
             {MAX_TIMEZONE_CHARS} characters)"
        ))
    })?;
    let timezone = timezone.as_str();
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

#[cfg(test)]
mod tests {
    use super::iana_name;

    #[test]
    fn time_zone_names_are_those_of_the_iana_database() {
        let cases = [
            ("Europe/Paris", Some("Europe/Paris")),
            (" Asia/Tokyo ", Some("Asia/Tokyo")),
            ("asia/tokyo", Some("Asia/Tokyo")),
            ("America/Argentina/Buenos_Aires", Some("America/Argentina/Buenos_Aires")),
            ("UTC", Some("UTC")),
            ("Etc/GMT+3", Some("Etc/GMT+3")),
            ("Not/AZone", None),
            ("Nowhere", None),
            ("", None),
            ("<script>", None),
            ("../../etc/passwd", None),
            ("Europe/Paris\u{0}", None),
        ];
        for (raw, expected) in cases {
            assert_eq!(iana_name(raw).as_deref(), expected, "{raw:?}");
        }
    }
}
