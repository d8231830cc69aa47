//! `GET /api/bff/profile`: the profile page (spec section 2) in one call.
//!
//! Reads the current user (fresh, so a time zone saved since sign-in shows) and the user's
//! units concurrently; the header's full name and the primary unit come from `domain::profile`.

use axum::Json;
use contracts::bff::{Problem, Unauthorized};
use contracts::bff::{ProfileUnit, ProfileView, SessionUser};

use crate::{
    auth::extract::AuthSession,
    domain::profile::{display_timezone, full_name, primary_unit},
    error::{AppError, AppResult},
};

/// The profile view.
#[utoipa::path(get, path = "/api/bff/profile", tag = "views", responses(
    (status = 200, description = "Personal info, primary unit and time zone", body = ProfileView),
    (status = 401, description = "No valid session", body = Unauthorized),
    (status = 504, description = "The learning platform did not answer in time", body = Problem),
))]
pub async fn get_profile(auth: AuthSession) -> AppResult<Json<ProfileView>> {
    let upstream = &auth.portal.tenant.upstream;
    let user_id = auth.session.user.id;
    let (user, units) =
        tokio::try_join!(async { upstream.current_user(&auth.ctx).await.map_err(AppError::from) }, async {
            upstream.units(&auth.ctx, user_id).await.map_err(AppError::from)
        },)?;
    let primary = primary_unit(&units).map(|u| ProfileUnit {
        id: u.id.to_string(),
        name: u.name.clone(),
        code: u.code.clone().filter(|c| !c.is_empty()),
    });
    Ok(Json(ProfileView {
        user: SessionUser {
            id: user.id.to_string(),
            email: user.email.clone(),
            full_name: full_name(&user),
            timezone: user.timezone.clone(),
        },
        primary_unit: primary,
        privacy_policy_url: auth.portal.tenant.config.ui.privacy_policy_url.clone(),
        timezone: display_timezone(user.timezone.as_deref()).to_string(),
        timezone_chosen: user.timezone.as_deref().is_some_and(|tz| !tz.trim().is_empty()),
    }))
}
