//! Host → tenant. Each tenant owns its upstream client, its OIDC providers and its UI config.

use std::{collections::HashMap, sync::Arc};

use axum::{
    extract::FromRequestParts,
    http::{HeaderMap, header, request::Parts},
};

use crate::{
    auth::oidc::OidcProvider,
    config::{Config, TenantConfig, is_loopback_host},
    error::AppError,
    metrics::Metrics,
    upstream::Upstream,
};

/// A tenant, ready to serve.
#[derive(Debug)]
pub struct Tenant {
    /// Its validated config.
    pub config: TenantConfig,
    /// Its upstream LMS client.
    pub upstream: Upstream,
    /// Its identity providers, by id, in configured order.
    pub providers: Vec<(String, OidcProvider)>,
}

impl Tenant {
    /// The identity provider with this id.
    pub fn provider(&self, id: &str) -> Option<&OidcProvider> {
        self.providers.iter().find(|(p, _)| p == id).map(|(_, p)| p)
    }

    /// The provider a session was signed in with; `None` (sessions from before providers were
    /// recorded) means the tenant's default.
    pub fn session_provider(&self, id: Option<&str>) -> Option<&OidcProvider> {
        self.provider(id.unwrap_or(&self.config.default_provider))
    }
}

/// All tenants, by host name.
#[derive(Debug, Default)]
pub struct Tenants {
    by_host: HashMap<String, Arc<Tenant>>,
}

impl Tenants {
    /// Builds every tenant of `config` over one shared HTTP client.
    pub fn new(config: &Config, http: &reqwest::Client, metrics: &Arc<Metrics>) -> Self {
        let mut by_host = HashMap::new();
        for tenant in config.tenants.values() {
            let t = Arc::new(Tenant {
                upstream: Upstream::new(
                    http.clone(),
                    tenant.api_url.clone(),
                    config.limits.upstream_max_response_bytes,
                    &config.upstream,
                    &tenant.id,
                    metrics.clone(),
                ),
                providers: tenant
                    .providers
                    .iter()
                    .map(|p| {
                        let provider =
                            OidcProvider::new(p.oidc.clone(), http.clone(), config.limits.upstream_max_response_bytes);
                        (p.id.clone(), provider)
                    })
                    .collect(),
                config: tenant.clone(),
            });
            for host in &tenant.hosts {
                by_host.insert(host.clone(), t.clone());
            }
        }
        Tenants { by_host }
    }

    /// The tenant for a Host header value (port ignored, case-insensitive).
    pub fn for_host(&self, host: &str) -> Option<Arc<Tenant>> {
        let name = host_name(host)?;
        self.by_host.get(&name).cloned()
    }
}

/// The host name of a Host header value, lower-cased, without port.
fn host_name(host: &str) -> Option<String> {
    let authority: axum::http::uri::Authority = host.parse().ok()?;
    if authority.as_str().contains('@') {
        return None;
    }
    Some(authority.host().trim_start_matches('[').trim_end_matches(']').to_ascii_lowercase())
}

/// The tenant and public origin of the current request, put in the request by the tenant layer.
#[derive(Debug, Clone)]
pub struct RequestTenant {
    /// The tenant.
    pub tenant: Arc<Tenant>,
    /// The Host header as sent (host and optional port).
    pub host: String,
    /// `https`, or `http` for a loopback host of a development tenant.
    pub scheme: &'static str,
}

impl RequestTenant {
    /// Resolves the tenant of a request from its Host header.
    pub fn resolve(tenants: &Tenants, headers: &HeaderMap, uri_host: Option<&str>) -> Option<Self> {
        let host = headers.get(header::HOST).and_then(|h| h.to_str().ok()).or(uri_host)?.to_string();
        let tenant = tenants.for_host(&host)?;
        let plain_http_ok = tenant.config.allow_http_loopback && host_name(&host).is_some_and(|h| is_loopback_host(&h));
        Some(RequestTenant { tenant, host, scheme: if plain_http_ok { "http" } else { "https" } })
    }

    /// `scheme://host[:port]` of this request.
    pub fn origin(&self) -> String {
        format!("{}://{}", self.scheme, self.host)
    }

    /// Whether cookies must be `Secure` (and named `__Host-`).
    pub fn secure(&self) -> bool {
        self.scheme == "https"
    }
}

impl<S: Send + Sync> FromRequestParts<S> for RequestTenant {
    type Rejection = AppError;

    async fn from_request_parts(parts: &mut Parts, _state: &S) -> Result<Self, Self::Rejection> {
        parts.extensions.get::<RequestTenant>().cloned().ok_or(AppError::MisdirectedRequest)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn host_names_ignore_port_and_case() {
        assert_eq!(host_name("Acme.Localhost:8080").as_deref(), Some("acme.localhost"));
        assert_eq!(host_name("localhost").as_deref(), Some("localhost"));
        assert_eq!(host_name("[::1]:80").as_deref(), Some("::1"));
        assert_eq!(host_name("evil@localhost"), None);
        assert_eq!(host_name("a b"), None);
    }
}
