//! The files as written ([`RawConfig`]): every section optional here, unknown keys refused;
//! [`super::Config::from_raw`] checks them.

use std::{collections::BTreeMap, path::PathBuf};

use serde::Deserialize;
use url::Url;

use super::{
    sections::{
        CacheSettings, CatalogSettings, ChatSettings, CommandSettings, EventsSettings, FileSettings, Limits,
        LoginRateLimit, MetricsSettings, PassthroughSettings, RedisSettings, SessionSettings, TelemetrySettings,
        TutorSettings, UpstreamSettings, ViewSettings,
    },
    tenant::{OidcSettings, UiSettings},
};

/// A provider besides the `oidc` section, as written under `[[tenants.ID.providers]]`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawProvider {
    pub(super) id: String,
    #[serde(default)]
    pub(super) default: bool,
    pub(super) issuer: Url,
    pub(super) client_id: String,
    pub(super) client_secret: Option<String>,
    #[serde(default = "super::tenant::default_scopes")]
    pub(super) scopes: Vec<String>,
}

/// The files as written; every key is checked by [`super::Config::from_raw`].
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawConfig {
    pub(super) listen: Option<String>,
    pub(super) public_port: Option<u16>,
    pub(super) worker_threads: Option<usize>,
    pub(super) work_stealing: Option<bool>,
    pub(super) metrics: Option<MetricsSettings>,
    pub(super) client_dir: Option<PathBuf>,
    pub(super) client_source_maps: Option<bool>,
    pub(super) environment: Option<String>,
    pub(super) limits: Option<Limits>,
    pub(super) session: Option<SessionSettings>,
    pub(super) redis: Option<RedisSettings>,
    pub(super) cache: Option<CacheSettings>,
    pub(super) upstream: Option<UpstreamSettings>,
    pub(super) events: Option<EventsSettings>,
    pub(super) telemetry: Option<TelemetrySettings>,
    pub(super) catalog: Option<CatalogSettings>,
    pub(super) commands: Option<CommandSettings>,
    pub(super) views: Option<ViewSettings>,
    pub(super) passthrough: Option<PassthroughSettings>,
    pub(super) files: Option<FileSettings>,
    pub(super) chat: Option<ChatSettings>,
    pub(super) tutor: Option<TutorSettings>,
    pub(super) login_rate_limit: Option<LoginRateLimit>,
    #[serde(default)]
    pub(super) trusted_proxies: Vec<String>,
    #[serde(default)]
    pub(super) tenants: BTreeMap<String, RawTenant>,
}

/// A tenant as written under `[tenants.ID]`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawTenant {
    pub(super) name: Option<String>,
    #[serde(default)]
    pub(super) hosts: Vec<String>,
    #[serde(default)]
    pub(super) allow_http_loopback: bool,
    pub(super) api_url: Option<String>,
    pub(super) oidc: Option<OidcSettings>,
    #[serde(default)]
    pub(super) providers: Vec<RawProvider>,
    #[serde(default)]
    pub(super) cross_site_embedding: bool,
    #[serde(default)]
    pub(super) storage_origins: Vec<String>,
    #[serde(default = "super::tenant::yes")]
    pub(super) storage_send_token: bool,
    pub(super) ui: Option<UiSettings>,
}
