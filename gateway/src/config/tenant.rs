//! The tenants: each one's hosts, upstream API, identity providers, storage and runtime client
//! config (`[tenants.ID]`), checked one by one ([`check_tenants`]), every problem naming its key.

use std::{collections::BTreeMap, fmt};

use serde::Deserialize;
use url::Url;

use super::raw::{RawProvider, RawTenant};

/// One tenant, validated.
#[derive(Debug, Clone)]
pub struct TenantConfig {
    /// Tenant id (the key under `[tenants]`).
    pub id: String,
    /// Display name.
    pub name: String,
    /// Host names (without port) that select this tenant.
    pub hosts: Vec<String>,
    /// Whether plain http is accepted on loopback hosts (development only).
    pub allow_http_loopback: bool,
    /// Base URL of the tenant's upstream LMS API (ends with `/`).
    pub api_url: Url,
    /// The tenant's identity providers, in configured order; `/oidc/login?provider=ID` picks one.
    pub providers: Vec<ProviderConfig>,
    /// Id of the provider used when the login names none.
    pub default_provider: String,
    /// Whether the portal is embedded by pages of another site: session and pending-login cookies
    /// are then `SameSite=None; Secure; Partitioned`, also on plain-http loopback (see
    /// `auth::cookies`).
    pub cross_site_embedding: bool,
    /// Origins (`scheme://host[:port]`) of the storage the tenant's rich content links files on:
    /// the gateway reads those files for the browser (`GET /api/bff/files`) and their sizes.
    pub storage_origins: Vec<String>,
    /// Whether the learner's upstream access token goes with those reads (storage of the LMS
    /// itself); off for storage that takes signed links and refuses other credentials.
    pub storage_send_token: bool,
    /// The tenant's runtime client config.
    pub ui: UiSettings,
}

impl TenantConfig {
    /// The provider with this id.
    pub fn provider(&self, id: &str) -> Option<&ProviderConfig> {
        self.providers.iter().find(|p| p.id == id)
    }
}

/// One identity provider of a tenant.
#[derive(Debug, Clone)]
pub struct ProviderConfig {
    /// Provider id, as named by `/oidc/login?provider=`; the `oidc` section is provider `default`.
    pub id: String,
    /// The client registration at this provider.
    pub oidc: OidcSettings,
}

/// A tenant's OIDC client registration.
#[derive(Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct OidcSettings {
    /// Issuer URL; discovery is read from `{issuer}/.well-known/openid-configuration`.
    pub issuer: Url,
    /// Client id registered at the issuer.
    pub client_id: String,
    /// Client secret; never printed.
    pub client_secret: Option<String>,
    /// Scopes requested besides `openid`.
    #[serde(default = "default_scopes")]
    pub scopes: Vec<String>,
}

impl fmt::Debug for OidcSettings {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("OidcSettings")
            .field("issuer", &self.issuer.as_str())
            .field("client_id", &self.client_id)
            .field("client_secret", &self.client_secret.as_ref().map(|_| "<redacted>"))
            .field("scopes", &self.scopes)
            .finish()
    }
}

pub(super) fn default_scopes() -> Vec<String> {
    ["profile", "email", "offline_access"].map(String::from).to_vec()
}

/// A tenant's runtime client config (served at `/config-ui/config.json`).
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct UiSettings {
    /// Product name in the header and page titles.
    #[serde(default = "default_product_name")]
    pub product_name: String,
    /// Heading of My courses (and its navigation item and breadcrumb); empty, the default: the
    /// portal's own 'My courses', in the learner's language.
    #[serde(default)]
    pub courses_name: String,
    /// Catalog in the navigation (default on).
    #[serde(default = "yes")]
    pub catalog_enabled: bool,
    /// Learner dashboard (default off).
    #[serde(default)]
    pub dashboard_enabled: bool,
    /// Calendar in the navigation (default on).
    #[serde(default = "yes")]
    pub calendar_enabled: bool,
    /// Product feedback widget (visible unless explicitly false).
    #[serde(default = "yes")]
    pub feedback_enabled: bool,
    /// AI tutor widget (default off).
    #[serde(default)]
    pub ai_tutor_enabled: bool,
    /// The knowledge model the tutor answers from for a course that names none of its own.
    #[serde(default)]
    pub ai_tutor_knowledge_model_id: Option<String>,
    /// Default locale.
    #[serde(default = "default_locale")]
    pub default_locale: String,
    /// Locales offered.
    #[serde(default = "default_locales")]
    pub locales: Vec<String>,
    /// Origins allowed to embed the portal.
    #[serde(default)]
    pub parent_origins: Vec<String>,
    /// Origins the LMS's media (activity videos and their caption tracks) are served from:
    /// the policy's `media-src`, besides this origin.
    #[serde(default)]
    pub media_origins: Vec<String>,
    /// Origins whose pages rich content may frame (video players): the portal's
    /// `Content-Security-Policy` `frame-src` names them besides its own origin.
    #[serde(default)]
    pub embed_origins: Vec<String>,
    /// Privacy-policy link.
    #[serde(default)]
    pub privacy_policy_url: Option<String>,
    /// Rooms in the learner navigation (default off).
    #[serde(default)]
    pub rooms_enabled: bool,
    /// Platform features of the tenant: `research`, `knowledgeModels` (default none).
    #[serde(default)]
    pub platform_features: Vec<String>,
    /// Research projects in the learner navigation (default off; also needs the feature and `Research.Access`).
    #[serde(default)]
    pub research_projects_enabled: bool,
    /// Knowledge models in the learner navigation (default off; also needs the feature and `Research.Access`).
    #[serde(default)]
    pub knowledge_models_enabled: bool,
    /// Where the go-to-portal item leads (default `/`).
    #[serde(default = "default_portal_url")]
    pub portal_url: String,
    /// Plug-in items appended to the learner navigation.
    #[serde(default)]
    pub nav_plugins: Vec<NavPluginSettings>,
}

/// A plug-in item of the learner navigation.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NavPluginSettings {
    /// The item's text.
    pub label: String,
    /// Where it leads.
    pub url: String,
}

fn default_portal_url() -> String {
    "/".into()
}

pub(super) fn yes() -> bool {
    true
}
fn default_product_name() -> String {
    "Learner portal".into()
}
fn default_locale() -> String {
    "en-US".into()
}
fn default_locales() -> Vec<String> {
    vec!["en-US".into()]
}

/// Checks every tenant of the files; a host may serve one tenant only. The tenants with a
/// problem are left out (and their problems added to `errors`).
pub(super) fn check_tenants(
    raw: BTreeMap<String, RawTenant>,
    errors: &mut Vec<String>,
) -> BTreeMap<String, TenantConfig> {
    if raw.is_empty() {
        errors.push("tenants: at least one tenant is required".into());
    }
    let mut tenants = BTreeMap::new();
    let mut seen_hosts = BTreeMap::<String, String>::new();
    for (id, t) in raw {
        if let Some(tenant) = check_tenant(&id, t, &mut seen_hosts, errors) {
            tenants.insert(id, tenant);
        }
    }
    tenants
}

fn check_tenant(
    id: &str,
    t: RawTenant,
    seen_hosts: &mut BTreeMap<String, String>,
    errors: &mut Vec<String>,
) -> Option<TenantConfig> {
    let key = format!("tenants.{id}");
    let before = errors.len();
    if id.is_empty() || !id.chars().all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_') {
        errors.push(format!("{key}: tenant ids use letters, digits, '-' and '_' only"));
    }
    if t.hosts.is_empty() {
        errors.push(format!("{key}.hosts: at least one host is required"));
    }
    let hosts: Vec<String> = t.hosts.iter().map(|h| h.to_ascii_lowercase()).collect();
    for host in &hosts {
        if host.is_empty() || host.contains([':', '/', ' ']) {
            errors.push(format!("{key}.hosts: `{host}` is not a bare host name"));
        } else if let Some(other) = seen_hosts.insert(host.clone(), id.to_string()) {
            errors.push(format!("{key}.hosts: `{host}` is already used by tenant `{other}`"));
        }
    }
    let api_url = match t.api_url.as_deref().map(Url::parse) {
        Some(Ok(mut url)) => {
            if !url.path().ends_with('/') {
                url.set_path(&format!("{}/", url.path()));
            }
            Some(url)
        }
        Some(Err(e)) => {
            errors.push(format!("{key}.api_url: not a URL ({e})"));
            None
        }
        None => {
            errors.push(format!("{key}.api_url: missing"));
            None
        }
    };
    let (providers, default_provider) = check_providers(&key, t.oidc, t.providers, t.allow_http_loopback, errors);
    let ui = t.ui.unwrap_or_else(UiSettings::defaults);
    if !ui.locales.contains(&ui.default_locale) {
        errors.push(format!("{key}.ui.default_locale: `{}` is not in ui.locales", ui.default_locale));
    }
    for (name, origins) in [("parent_origins", &ui.parent_origins), ("media_origins", &ui.media_origins)] {
        for origin in origins {
            match Url::parse(origin) {
                Ok(u) if u.origin().ascii_serialization() == *origin => {}
                _ => errors.push(format!("{key}.ui.{name}: `{origin}` is not an origin like https://host[:port]")),
            }
        }
    }
    check_origins(&format!("{key}.ui.embed_origins"), &ui.embed_origins, t.allow_http_loopback, errors);
    check_origins(&format!("{key}.storage_origins"), &t.storage_origins, t.allow_http_loopback, errors);
    if errors.len() > before {
        return None;
    }
    Some(TenantConfig {
        id: id.to_string(),
        name: t.name.unwrap_or_else(|| id.to_string()),
        hosts,
        allow_http_loopback: t.allow_http_loopback,
        api_url: api_url?,
        providers,
        default_provider: default_provider?,
        cross_site_embedding: t.cross_site_embedding,
        storage_origins: t.storage_origins,
        storage_send_token: t.storage_send_token,
        ui,
    })
}

/// Each of `origins` must be an origin as browsers write it (`https://host[:port]`, lower case,
/// no path and no default port), over https unless `allow_http_loopback` and on loopback.
fn check_origins(key: &str, origins: &[String], allow_http_loopback: bool, errors: &mut Vec<String>) {
    for origin in origins {
        match Url::parse(origin) {
            Ok(u) if u.origin().ascii_serialization() == *origin => {
                if u.scheme() != "https" && !(allow_http_loopback && is_loopback_url(&u)) {
                    errors.push(format!(
                        "{key}: `{origin}` must be https (http only on loopback with allow_http_loopback)"
                    ));
                }
            }
            _ => errors.push(format!("{key}: `{origin}` is not an origin like https://host[:port]")),
        }
    }
}

/// The `oidc` section (provider `default`) and the `providers` list: ids unique, exactly one
/// default (the `oidc` section unless a listed provider says `default = true`).
fn check_providers(
    key: &str,
    oidc: Option<OidcSettings>,
    listed: Vec<RawProvider>,
    allow_http_loopback: bool,
    errors: &mut Vec<String>,
) -> (Vec<ProviderConfig>, Option<String>) {
    let mut providers = Vec::new();
    let mut defaults = Vec::new();
    if let Some(oidc) = oidc {
        providers.push((format!("{key}.oidc"), ProviderConfig { id: "default".into(), oidc }));
    }
    for (i, p) in listed.into_iter().enumerate() {
        if p.default {
            defaults.push(p.id.clone());
        }
        let oidc =
            OidcSettings { issuer: p.issuer, client_id: p.client_id, client_secret: p.client_secret, scopes: p.scopes };
        providers.push((format!("{key}.providers[{i}]"), ProviderConfig { id: p.id, oidc }));
    }
    if providers.is_empty() {
        errors.push(format!("{key}.oidc: missing section (or at least one entry in {key}.providers)"));
    }
    let mut seen = std::collections::BTreeSet::new();
    for (pkey, p) in &providers {
        if p.id.is_empty()
            || p.id.len() > 64
            || !p.id.chars().all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
        {
            errors.push(format!("{pkey}.id: provider ids use 1 to 64 letters, digits, '-' and '_'"));
        }
        if !seen.insert(p.id.clone()) {
            errors.push(format!("{pkey}.id: provider `{}` is defined twice", p.id));
        }
        if p.oidc.client_id.is_empty() {
            errors.push(format!("{pkey}.client_id: must not be empty"));
        }
        let plain_http_ok = allow_http_loopback && is_loopback_url(&p.oidc.issuer);
        if p.oidc.issuer.scheme() != "https" && !plain_http_ok {
            errors.push(format!("{pkey}.issuer: must be https (http only on loopback with allow_http_loopback)"));
        }
    }
    let default = match defaults.as_slice() {
        [] => providers.first().map(|(_, p)| p.id.clone()),
        [one] => Some(one.clone()),
        _ => {
            errors.push(format!("{key}.providers: only one provider may say `default = true`"));
            None
        }
    };
    (providers.into_iter().map(|(_, p)| p).collect(), default)
}

impl UiSettings {
    /// The settings of a tenant whose `ui` section is absent.
    fn defaults() -> Self {
        Self {
            product_name: default_product_name(),
            courses_name: String::new(),
            catalog_enabled: true,
            dashboard_enabled: false,
            calendar_enabled: true,
            feedback_enabled: true,
            ai_tutor_enabled: false,
            ai_tutor_knowledge_model_id: None,
            default_locale: default_locale(),
            locales: default_locales(),
            parent_origins: Vec::new(),
            media_origins: Vec::new(),
            embed_origins: Vec::new(),
            privacy_policy_url: None,
            rooms_enabled: false,
            platform_features: Vec::new(),
            research_projects_enabled: false,
            knowledge_models_enabled: false,
            portal_url: default_portal_url(),
            nav_plugins: Vec::new(),
        }
    }
}

/// Whether `url` points at this machine (`localhost`, `*.localhost`, 127.0.0.0/8, `[::1]`).
pub fn is_loopback_url(url: &Url) -> bool {
    url.host_str().is_some_and(is_loopback_host)
}

/// Whether a host name (without port) is a loopback name or address.
pub fn is_loopback_host(host: &str) -> bool {
    let host = host.trim_start_matches('[').trim_end_matches(']').to_ascii_lowercase();
    host == "localhost"
        || host.ends_with(".localhost")
        || host.parse::<std::net::IpAddr>().is_ok_and(|ip| ip.is_loopback())
}
