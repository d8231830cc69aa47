//! Host → tenant. Three things go by "tenant", each under its own name:
//! - [`TenantConfig`]: a tenant as configured (`[tenants.ID]`);
//! - [`Tenant`]: a tenant ready to serve, built from its config: its upstream client, its OIDC
//!   providers and its UI config;
//! - [`Portal`]: the tenant a request reached and the public origin it reached it at.
//!
//! A session records only its tenant's id (`Session::tenant_id`).

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
    /// Its Content-Security-Policy, made from its config at the first answer and then reused
    /// (`None`: not a valid header value, none is sent).
    pub content_security_policy: std::sync::OnceLock<Option<axum::http::HeaderValue>>,
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

/// All tenants, by host name, and the ports requests may name.
#[derive(Debug, Default)]
pub struct Tenants {
    by_host: HashMap<String, Arc<Tenant>>,
    listen_port: u16,
    public_port: Option<u16>,
    /// The portal of each Host header value a browser sends for a configured host (lower case,
    /// with each port this gateway serves, and without one when that is the scheme's default),
    /// resolved once at start: most requests take their portal from here instead of parsing
    /// and looking up their host again ([`Portal::resolve`] does for any other value).
    by_host_header: HashMap<String, Portal, foldhash::quality::RandomState>,
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
                )
                .with_call_budget(std::time::Duration::from_secs(config.limits.upstream_timeout_secs)),
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
                content_security_policy: std::sync::OnceLock::new(),
            });
            for host in &tenant.hosts {
                by_host.insert(host.clone(), t.clone());
            }
        }
        let mut tenants = Tenants {
            by_host,
            listen_port: config.listen.port(),
            public_port: config.public_port,
            by_host_header: HashMap::default(),
        };
        tenants.by_host_header = tenants.resolved_host_headers();
        tenants
    }

    /// The portals of [`Tenants::by_host_header`], each resolved as a request would be.
    fn resolved_host_headers(&self) -> HashMap<String, Portal, foldhash::quality::RandomState> {
        let mut ports = vec![80, 443, self.listen_port];
        ports.extend(self.public_port);
        let mut resolved = HashMap::default();
        // Configured hosts are bare names (`config::checks`), never IP v6 addresses.
        for host in self.by_host.keys() {
            let values = std::iter::once(host.clone()).chain(ports.iter().map(|port| format!("{host}:{port}")));
            for value in values {
                let headers = HeaderMap::from_iter([(header::HOST, value.parse().expect("a configured host"))]);
                if let Ok(portal) = Portal::resolve_parsed(self, &headers, None) {
                    resolved.insert(value, portal);
                }
            }
        }
        resolved
    }

    /// Whether a request naming `port` (the scheme's default when it names none) reached this
    /// gateway as it is configured: on the port it listens on, on `public_port`, or, without
    /// `public_port`, on 443 for https (a TLS proxy in front). Any other port names another
    /// server, whose origin this gateway must never take for its own.
    fn serves_port(&self, port: u16, scheme: &str) -> bool {
        port == self.listen_port
            || match self.public_port {
                Some(public) => port == public,
                None => scheme == "https" && port == 443,
            }
    }

    /// Every tenant once, by id.
    pub fn all(&self) -> Vec<Arc<Tenant>> {
        let mut by_id = std::collections::BTreeMap::new();
        for tenant in self.by_host.values() {
            by_id.entry(tenant.config.id.clone()).or_insert_with(|| tenant.clone());
        }
        by_id.into_values().collect()
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
    name_of(&authority)
}

/// The host name of `authority`, lower-cased, without port; none with user info.
fn name_of(authority: &axum::http::uri::Authority) -> Option<String> {
    if authority.as_str().contains('@') {
        return None;
    }
    Some(authority.host().trim_start_matches('[').trim_end_matches(']').to_ascii_lowercase())
}

/// The portal a request reached: its tenant and the public origin (scheme and host) it was
/// reached at, put in the request by the tenant layer.
#[derive(Debug, Clone)]
pub struct Portal {
    /// The tenant serving it.
    pub tenant: Arc<Tenant>,
    /// The request's authority (host and optional port), lower-cased, checked against the
    /// configured hosts and served ports.
    pub host: Arc<str>,
    /// `https`, or `http` for a loopback host of a development tenant.
    pub scheme: &'static str,
    /// `scheme://host[:port]`.
    origin: Arc<str>,
}

/// Why a request names no tenant.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum HostRefusal {
    /// Two Host headers, or a Host header that contradicts an absolute request target
    /// (RFC 9112 section 3.2): 400.
    Ambiguous,
    /// No Host, or a host or port this gateway does not serve: 421.
    Unknown,
}

impl Portal {
    /// Resolves the portal (tenant and origin) of a request. The authority of an absolute request target wins
    /// (RFC 9112 section 3.2.2; HTTP/2's `:authority` too), else the Host header; a second Host
    /// header or one that contradicts the target is refused. The host must be a configured
    /// host of a tenant and the port one this gateway serves (see `Tenants::serves_port`), so
    /// the origin of the request ([`Self::origin`]: redirect URIs, same-origin checks) is always
    /// one of the configured ones, never whatever a client put in its Host header.
    pub fn resolve(
        tenants: &Tenants,
        headers: &HeaderMap,
        target_authority: Option<&str>,
    ) -> Result<Self, HostRefusal> {
        let mut host_headers = headers.get_all(header::HOST).iter();
        if target_authority.is_none()
            && let (Some(host), None) = (host_headers.next(), host_headers.next())
            && let Some(portal) = host.to_str().ok().and_then(|host| tenants.by_host_header.get(host))
        {
            return Ok(portal.clone());
        }
        Self::resolve_parsed(tenants, headers, target_authority)
    }

    /// [`Self::resolve`] without the table of usual Host header values.
    fn resolve_parsed(
        tenants: &Tenants,
        headers: &HeaderMap,
        target_authority: Option<&str>,
    ) -> Result<Self, HostRefusal> {
        let mut host_headers = headers.get_all(header::HOST).iter();
        let host_header = host_headers.next();
        if host_headers.next().is_some() {
            return Err(HostRefusal::Ambiguous);
        }
        let host_header = match host_header {
            Some(value) => Some(value.to_str().map_err(|_| HostRefusal::Ambiguous)?),
            None => None,
        };
        let raw = match (target_authority, host_header) {
            (Some(target), Some(host)) if !target.eq_ignore_ascii_case(host) => return Err(HostRefusal::Ambiguous),
            (Some(target), _) => target,
            (None, Some(host)) => host,
            (None, None) => return Err(HostRefusal::Unknown),
        };
        let authority: axum::http::uri::Authority = raw.parse().map_err(|_| HostRefusal::Unknown)?;
        if authority.as_str().contains('@') {
            return Err(HostRefusal::Unknown);
        }
        let name = name_of(&authority).ok_or(HostRefusal::Unknown)?;
        let tenant = tenants.by_host.get(&name).cloned().ok_or(HostRefusal::Unknown)?;
        let plain_http_ok = tenant.config.allow_http_loopback && is_loopback_host(&name);
        let scheme = if plain_http_ok { "http" } else { "https" };
        let port = authority.port_u16().unwrap_or(if plain_http_ok { 80 } else { 443 });
        if !tenants.serves_port(port, scheme) {
            return Err(HostRefusal::Unknown);
        }
        let host = authority.as_str().to_ascii_lowercase();
        let origin = format!("{scheme}://{host}").into();
        Ok(Portal { tenant, host: host.into(), scheme, origin })
    }

    /// `scheme://host[:port]` of this request.
    pub fn origin(&self) -> &str {
        &self.origin
    }

    /// Whether cookies must be `Secure` (and named `__Host-`).
    pub fn secure(&self) -> bool {
        self.scheme == "https"
    }
}

#[cfg(test)]
impl Portal {
    /// For unit tests: the portal a request with Host `host` reaches under `config`'s tenants.
    pub fn for_test(config: &Config, host: &str) -> Self {
        let tenants = Tenants::new(config, &reqwest::Client::new(), &Arc::new(Metrics::new()));
        let headers = HeaderMap::from_iter([(header::HOST, host.parse().expect("a host"))]);
        Portal::resolve(&tenants, &headers, None).expect("a served host")
    }
}

impl<S: Send + Sync> FromRequestParts<S> for Portal {
    type Rejection = AppError;

    async fn from_request_parts(parts: &mut Parts, _state: &S) -> Result<Self, Self::Rejection> {
        parts.extensions.get::<Portal>().cloned().ok_or(AppError::MisdirectedRequest)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The table of usual Host header values answers as resolving them would, and any other
    /// value (another case, port or host, an absolute target) is resolved as before.
    #[test]
    fn a_usual_host_header_resolves_as_any_other() {
        let config = Config::with_defaults(
            r#"listen = "127.0.0.1:8080"
                public_port = 8443
                [tenants.t]
                hosts = ["localhost", "portal.example"]
                allow_http_loopback = true
                api_url = "https://lms.example/api/"
                [tenants.t.oidc]
                issuer = "https://idp.example/realms/t"
                client_id = "c""#,
        );
        let tenants = Tenants::new(&config, &reqwest::Client::new(), &Arc::new(Metrics::new()));
        let seen = |portal: Result<Portal, HostRefusal>| {
            portal.map(|p| (p.tenant.config.id.clone(), p.host.to_string(), p.scheme, p.origin().to_owned()))
        };
        let values = [
            "localhost",
            "localhost:8080",
            "localhost:8443",
            "localhost:80",
            "localhost:443",
            "localhost:9999",
            "LocalHost:8080",
            "portal.example",
            "portal.example:8443",
            "portal.example:443",
            "portal.example:80",
            "Portal.Example:8443",
            "[::1]:8080",
            "[::1]",
            "other.example:8080",
            "evil@localhost:8080",
        ];
        for value in values {
            let headers = HeaderMap::from_iter([(header::HOST, value.parse().expect("a header value"))]);
            let resolved = seen(Portal::resolve(&tenants, &headers, None));
            assert_eq!(resolved, seen(Portal::resolve_parsed(&tenants, &headers, None)), "{value}");
            assert_eq!(
                resolved.is_ok(),
                tenants.by_host_header.contains_key(value) || value != value.to_lowercase(),
                "{value}"
            );
            let other_target = Portal::resolve(&tenants, &headers, Some("portal.example:8443"));
            assert_eq!(
                seen(other_target),
                seen(Portal::resolve_parsed(&tenants, &headers, Some("portal.example:8443"))),
                "{value}"
            );
        }
        let usual = HeaderMap::from_iter([(header::HOST, "localhost:8080".parse().expect("value"))]);
        let portal = Portal::resolve(&tenants, &usual, None).expect("served");
        assert_eq!(
            (portal.origin(), &*portal.host, portal.scheme),
            ("http://localhost:8080", "localhost:8080", "http")
        );
        let mut twice = usual.clone();
        twice.append(header::HOST, "localhost:8080".parse().expect("value"));
        assert_eq!(Portal::resolve(&tenants, &twice, None).err(), Some(HostRefusal::Ambiguous), "two Host headers");
    }

    #[test]
    fn host_names_ignore_port_and_case() {
        assert_eq!(host_name("Acme.Localhost:8080").as_deref(), Some("acme.localhost"));
        assert_eq!(host_name("localhost").as_deref(), Some("localhost"));
        assert_eq!(host_name("[::1]:80").as_deref(), Some("::1"));
        assert_eq!(host_name("evil@localhost"), None);
        assert_eq!(host_name("a b"), None);
    }
}
