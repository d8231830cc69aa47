//! `GET /config-ui/config.json`: the tenant's runtime client config.

use axum::{Json, extract::State};
use contracts::bff::{NavPluginItem, UiConfig};

use crate::{app::AppState, tenant::Portal};

/// The tenant's client config; no session needed.
pub async fn get_ui_config(State(state): State<AppState>, portal: Portal) -> Json<UiConfig> {
    let t = &portal.tenant.config;
    let ui = &t.ui;
    Json(UiConfig {
        tenant: t.id.clone(),
        product_name: ui.product_name.clone(),
        courses_name: ui.courses_name.clone(),
        catalog_enabled: ui.catalog_enabled,
        dashboard_enabled: ui.dashboard_enabled,
        calendar_enabled: ui.calendar_enabled,
        rooms_enabled: ui.rooms_enabled,
        nav_plugins: ui
            .nav_plugins
            .iter()
            .map(|p| NavPluginItem { label: p.label.clone(), url: p.url.clone() })
            .collect(),
        feedback_enabled: ui.feedback_enabled,
        feedback_comment_max_chars: u32::try_from(state.config.events.max_comment_chars).unwrap_or(u32::MAX),
        ai_tutor_enabled: ui.ai_tutor_enabled,
        default_locale: ui.default_locale.clone(),
        locales: ui.locales.clone(),
        parent_origins: ui.parent_origins.clone(),
        storage_origins: t.storage_origins.clone(),
        privacy_policy_url: ui.privacy_policy_url.clone(),
        version: env!("CARGO_PKG_VERSION").into(),
    })
}
