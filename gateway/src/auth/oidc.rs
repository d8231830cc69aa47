//! A tenant's OpenID Connect relying party, over the `openidconnect` crate.
//!
//! Discovery (with the issuer's keys) is fetched on first use and cached; it is fetched again
//! when it is older than an hour, or when an ID token names a key we do not have (rotation) —
//! at most once per [`KEY_REFRESH_MIN_INTERVAL`], so tokens with made-up key ids cannot make us
//! hammer the issuer. ID tokens (and the logout tokens of [`super::backchannel`]) are accepted
//! only with an asymmetric algorithm of [`ALLOWED_SIGNING_ALGORITHMS`] (never `none` or HS*,
//! whatever discovery advertises).
//! HTTP goes through the workspace's `reqwest` client (redirects never followed) by a small
//! adapter, so the crate's own reqwest is not pulled in.

use std::{
    str::FromStr,
    sync::Arc,
    time::{Duration, Instant},
};

use base64::{Engine, engine::general_purpose::URL_SAFE_NO_PAD};
use futures::future::BoxFuture;
use openidconnect::{
    AccessTokenHash, AuthorizationCode, ClientId, ClientSecret, CsrfToken, EndpointMaybeSet, EndpointNotSet,
    EndpointSet, HttpRequest, HttpResponse, IssuerUrl, LoginHint, LogoutRequest, Nonce, OAuth2TokenResponse,
    PkceCodeChallenge, PkceCodeVerifier, PostLogoutRedirectUrl, ProviderMetadataWithLogout, RedirectUrl, RefreshToken,
    RequestTokenError, Scope, StandardErrorResponse, TokenResponse,
    core::{
        CoreAuthenticationFlow, CoreClient, CoreErrorResponseType, CoreIdToken, CoreJsonWebKeySet,
        CoreJwsSigningAlgorithm,
    },
};
use time::OffsetDateTime;
use tokio::sync::RwLock;
use url::Url;

use crate::config::OidcSettings;

const DISCOVERY_MAX_AGE: Duration = Duration::from_secs(3600);

/// Least time between two key refreshes caused by unknown key ids.
pub const KEY_REFRESH_MIN_INTERVAL: Duration = Duration::from_secs(30);

/// The signature algorithms accepted on ID tokens and logout tokens: asymmetric only (never
/// `none`, never a shared secret).
pub const ALLOWED_SIGNING_ALGORITHMS: [CoreJwsSigningAlgorithm; 9] = [
    CoreJwsSigningAlgorithm::RsaSsaPkcs1V15Sha256,
    CoreJwsSigningAlgorithm::RsaSsaPkcs1V15Sha384,
    CoreJwsSigningAlgorithm::RsaSsaPkcs1V15Sha512,
    CoreJwsSigningAlgorithm::RsaSsaPssSha256,
    CoreJwsSigningAlgorithm::RsaSsaPssSha384,
    CoreJwsSigningAlgorithm::RsaSsaPssSha512,
    CoreJwsSigningAlgorithm::EcdsaP256Sha256,
    CoreJwsSigningAlgorithm::EcdsaP384Sha384,
    CoreJwsSigningAlgorithm::EdDsa,
];

type Client =
    CoreClient<EndpointSet, EndpointNotSet, EndpointNotSet, EndpointNotSet, EndpointMaybeSet, EndpointMaybeSet>;

/// A failed OIDC step; the message names the step.
#[derive(Debug, thiserror::Error)]
pub enum OidcError {
    /// The issuer could not be reached or answered badly.
    #[error("identity provider unavailable while {0}")]
    Unavailable(String),
    /// The issuer refused (an OAuth error answer such as `invalid_grant`), or its answer failed
    /// a check (signature, nonce, audience, PKCE, ...).
    #[error("identity provider answer rejected while {0}")]
    Rejected(String),
}

/// Sorts a failed token call. An OAuth error answer (RFC 6749 section 5.2) for which
/// `definitive` holds is a refusal ([`OidcError::Rejected`]); no answer, a timeout, an answer
/// that is no token or OAuth error answer (a 503 page, a proxy's error) and any other error
/// code are the issuer being unavailable for now, never a reason to end a session.
fn token_call_error<RE: std::error::Error + 'static>(
    what: &str,
    e: RequestTokenError<RE, StandardErrorResponse<CoreErrorResponseType>>,
    definitive: impl Fn(&CoreErrorResponseType) -> bool,
) -> OidcError {
    match &e {
        RequestTokenError::ServerResponse(answer) if definitive(answer.error()) => {
            OidcError::Rejected(format!("{what}: {e}"))
        }
        _ => OidcError::Unavailable(format!("{what}: {}", with_sources(&e))),
    }
}

/// What a login or refresh yields.
#[derive(Debug, Clone)]
pub struct TokenSet {
    /// Bearer token for the upstream API.
    pub access_token: String,
    /// When it expires.
    pub access_expires_at: OffsetDateTime,
    /// Refresh token, if given.
    pub refresh_token: Option<String>,
    /// Raw ID token (kept for logout), when given.
    pub id_token: Option<String>,
    /// Verified subject (login only).
    pub subject: Option<String>,
    /// Issuer session id (`sid` claim of the verified ID token), when present.
    pub sid: Option<String>,
}

/// The secrets of a started login, kept server-side until the callback.
#[derive(Debug, Clone)]
pub struct LoginStart {
    /// Where the browser goes now.
    pub authorize_url: Url,
    /// `state`, echoed back by the issuer.
    pub state: String,
    /// `nonce`, to find in the ID token.
    pub nonce: String,
    /// PKCE verifier for the token call.
    pub pkce_verifier: String,
}

/// One tenant's relying party.
#[derive(Debug)]
pub struct OidcProvider {
    settings: OidcSettings,
    http: reqwest::Client,
    max_response_bytes: usize,
    discovered: RwLock<Option<(Arc<ProviderMetadataWithLogout>, Instant)>>,
    last_key_refresh: tokio::sync::Mutex<Option<Instant>>,
}

impl OidcProvider {
    /// A provider for `settings`, using `http` (which must not follow redirects).
    pub fn new(settings: OidcSettings, http: reqwest::Client, max_response_bytes: usize) -> Self {
        OidcProvider {
            settings,
            http,
            max_response_bytes,
            discovered: RwLock::new(None),
            last_key_refresh: tokio::sync::Mutex::new(None),
        }
    }

    /// The issuer URL of this provider.
    pub fn issuer(&self) -> &Url {
        &self.settings.issuer
    }

    /// Discovery and keys read again because a token named key `kid` we do not have; at most
    /// once per [`KEY_REFRESH_MIN_INTERVAL`] (otherwise the cached ones are returned).
    pub async fn metadata_for_unknown_key(&self, kid: &str) -> Result<Arc<ProviderMetadataWithLogout>, OidcError> {
        let mut last = self.last_key_refresh.lock().await;
        if last.is_some_and(|at| at.elapsed() < KEY_REFRESH_MIN_INTERVAL) {
            tracing::warn!(kid, "unknown signing key; keys were read again only recently, not now");
            return self.metadata(false).await;
        }
        tracing::info!(kid, "unknown signing key; reading the issuer's keys again");
        *last = Some(Instant::now());
        self.metadata(true).await
    }

    async fn metadata(&self, force: bool) -> Result<Arc<ProviderMetadataWithLogout>, OidcError> {
        if !force
            && let Some((md, at)) = self.discovered.read().await.as_ref()
            && at.elapsed() < DISCOVERY_MAX_AGE
        {
            return Ok(md.clone());
        }
        let issuer = IssuerUrl::new(self.settings.issuer.as_str().trim_end_matches('/').to_string())
            .map_err(|e| OidcError::Rejected(format!("reading the issuer URL: {e}")))?;
        let md = ProviderMetadataWithLogout::discover_async(issuer, &self.http_adapter())
            .await
            .map_err(|e| OidcError::Unavailable(format!("reading discovery and keys: {e}")))?;
        let md = Arc::new(md);
        *self.discovered.write().await = Some((md.clone(), Instant::now()));
        Ok(md)
    }

    fn client(&self, md: &ProviderMetadataWithLogout, redirect_uri: &Url) -> Result<Client, OidcError> {
        let redirect = RedirectUrl::new(redirect_uri.to_string())
            .map_err(|e| OidcError::Rejected(format!("building the redirect URI: {e}")))?;
        Ok(CoreClient::from_provider_metadata(
            md.clone(),
            ClientId::new(self.settings.client_id.clone()),
            self.settings.client_secret.clone().map(ClientSecret::new),
        )
        .set_redirect_uri(redirect))
    }

    /// Starts a login: authorization code flow with PKCE S256, state and nonce.
    pub async fn begin(
        &self,
        redirect_uri: &Url,
        login_hint: Option<&str>,
        force_login: bool,
    ) -> Result<LoginStart, OidcError> {
        let md = self.metadata(false).await?;
        let client = self.client(&md, redirect_uri)?;
        let (challenge, verifier) = PkceCodeChallenge::new_random_sha256();
        let mut request = client
            .authorize_url(CoreAuthenticationFlow::AuthorizationCode, CsrfToken::new_random, Nonce::new_random)
            .set_pkce_challenge(challenge);
        for scope in &self.settings.scopes {
            request = request.add_scope(Scope::new(scope.clone()));
        }
        if let Some(hint) = login_hint.filter(|h| !h.is_empty() && h.len() <= 256) {
            request = request.set_login_hint(LoginHint::new(hint.to_string()));
        }
        if force_login {
            request = request.add_prompt(openidconnect::core::CoreAuthPrompt::Login);
        }
        let (url, state, nonce) = request.url();
        Ok(LoginStart {
            authorize_url: url,
            state: state.secret().clone(),
            nonce: nonce.secret().clone(),
            pkce_verifier: verifier.secret().clone(),
        })
    }

    /// Finishes a login: exchanges the code (with the PKCE verifier) and verifies the ID token
    /// (signature and algorithm, issuer, audience, expiry, nonce, access-token hash).
    pub async fn finish(
        &self,
        redirect_uri: &Url,
        code: &str,
        pkce_verifier: &str,
        nonce: &str,
    ) -> Result<TokenSet, OidcError> {
        let md = self.metadata(false).await?;
        let client = self.client(&md, redirect_uri)?;
        let response = client
            .exchange_code(AuthorizationCode::new(code.to_string()))
            .map_err(|e| OidcError::Rejected(format!("preparing the token call: {e}")))?
            .set_pkce_verifier(PkceCodeVerifier::new(pkce_verifier.to_string()))
            .request_async(&self.http_adapter())
            .await
            .map_err(|e| token_call_error("exchanging the authorization code", e, |_| true))?;
        let id_token =
            response.id_token().ok_or_else(|| OidcError::Rejected("reading the token answer: no ID token".into()))?;
        let nonce = Nonce::new(nonce.to_string());
        let client = match jwt_header_kid(&id_token.to_string()) {
            Some(kid) if !has_key(&md, &kid) => {
                let md = self.metadata_for_unknown_key(&kid).await?;
                self.client(&md, redirect_uri)?
            }
            _ => client,
        };
        let verifier = client.id_token_verifier().set_allowed_algs(ALLOWED_SIGNING_ALGORITHMS);
        let claims = id_token
            .claims(&verifier, &nonce)
            .map_err(|e| OidcError::Rejected(format!("verifying the ID token: {}", with_sources(&e))))?
            .clone();
        if let Some(expected) = claims.access_token_hash() {
            let alg = id_token
                .signing_alg()
                .map_err(|e| OidcError::Rejected(format!("reading the ID token algorithm: {e}")))?;
            let key = id_token
                .signing_key(&verifier)
                .map_err(|e| OidcError::Rejected(format!("finding the ID token key: {e}")))?;
            let actual = AccessTokenHash::from_token(response.access_token(), alg, key)
                .map_err(|e| OidcError::Rejected(format!("hashing the access token: {e}")))?;
            if actual != *expected {
                return Err(OidcError::Rejected("checking at_hash: access token does not match".into()));
            }
        }
        let raw_id_token = id_token.to_string();
        Ok(TokenSet {
            access_token: response.access_token().secret().clone(),
            access_expires_at: expiry(response.expires_in()),
            refresh_token: response.refresh_token().map(|t| t.secret().clone()),
            sid: claim_of_verified_jwt(&raw_id_token, "sid"),
            id_token: Some(raw_id_token),
            subject: Some(claims.subject().to_string()),
        })
    }

    /// Exchanges a refresh token for new tokens.
    pub async fn refresh(&self, refresh_token: &str, redirect_uri: &Url) -> Result<TokenSet, OidcError> {
        let md = self.metadata(false).await?;
        let client = self.client(&md, redirect_uri)?;
        let response = client
            .exchange_refresh_token(&RefreshToken::new(refresh_token.to_string()))
            .map_err(|e| OidcError::Rejected(format!("preparing the refresh call: {e}")))?
            .request_async(&self.http_adapter())
            .await
            .map_err(|e| {
                token_call_error("refreshing the access token", e, |code| *code == CoreErrorResponseType::InvalidGrant)
            })?;
        Ok(TokenSet {
            access_token: response.access_token().secret().clone(),
            access_expires_at: expiry(response.expires_in()),
            refresh_token: response.refresh_token().map(|t| t.secret().clone()),
            id_token: response.id_token().map(|t| t.to_string()),
            subject: None,
            sid: None,
        })
    }

    /// The issuer's end-session URL with `id_token_hint` and `post_logout_redirect_uri`, when
    /// the issuer supports RP-initiated logout.
    pub async fn end_session_url(&self, id_token: &str, post_logout: &Url) -> Option<Url> {
        let md = self.metadata(false).await.ok()?;
        let endpoint = md.additional_metadata().end_session_endpoint.clone()?;
        let mut request = LogoutRequest::from(endpoint)
            .set_client_id(ClientId::new(self.settings.client_id.clone()))
            .set_post_logout_redirect_uri(PostLogoutRedirectUrl::new(post_logout.to_string()).ok()?);
        if let Ok(token) = CoreIdToken::from_str(id_token) {
            request = request.set_id_token_hint(&token);
        }
        Some(request.http_get_url())
    }

    /// The issuer's signing keys from the cached discovery; `reload` reads them again (an
    /// unknown key id may mean the issuer rotated its keys). Used for back-channel logout tokens.
    pub async fn signing_keys(&self, reload: bool) -> Result<CoreJsonWebKeySet, OidcError> {
        Ok(self.metadata(reload).await?.jwks().clone())
    }

    /// The adapter from `openidconnect`'s HTTP calls to our `reqwest` client.
    fn http_adapter(&self) -> impl Fn(HttpRequest) -> BoxFuture<'static, Result<HttpResponse, HttpError>> + use<> {
        let http = self.http.clone();
        let limit = self.max_response_bytes;
        move |request: HttpRequest| {
            let http = http.clone();
            Box::pin(async move {
                let (parts, body) = request.into_parts();
                let response =
                    http.request(parts.method, parts.uri.to_string()).headers(parts.headers).body(body).send().await?;
                let mut builder = axum::http::Response::builder().status(response.status());
                for (name, value) in response.headers() {
                    builder = builder.header(name, value);
                }
                let body = crate::upstream::read_limited(response, limit).await?;
                builder.body(body).map_err(|e| HttpError::Build(e.to_string()))
            })
        }
    }
}

/// A failure of the HTTP adapter.
#[derive(Debug, thiserror::Error)]
pub enum HttpError {
    /// Transport failure.
    #[error(transparent)]
    Transport(#[from] reqwest::Error),
    /// The answer was larger than the configured limit.
    #[error("answer larger than {0} bytes")]
    TooLarge(usize),
    /// The answer could not be rebuilt.
    #[error("building the answer: {0}")]
    Build(String),
}

impl From<crate::upstream::BodyError> for HttpError {
    fn from(e: crate::upstream::BodyError) -> Self {
        match e {
            crate::upstream::BodyError::Transport(e) => HttpError::Transport(e),
            crate::upstream::BodyError::TooLarge(n) => HttpError::TooLarge(n),
        }
    }
}

fn expiry(expires_in: Option<Duration>) -> OffsetDateTime {
    // Without `expires_in` assume a short life, so a refresh is tried early rather than late.
    OffsetDateTime::now_utc() + expires_in.unwrap_or(Duration::from_secs(300))
}

/// An error and its sources, `: `-joined (the crate's errors put the detail in the source).
fn with_sources(e: &dyn std::error::Error) -> String {
    let mut text = e.to_string();
    let mut source = e.source();
    while let Some(inner) = source {
        text.push_str(&format!(": {inner}"));
        source = inner.source();
    }
    text
}

/// Whether the issuer's key set has a key with this id.
fn has_key(md: &ProviderMetadataWithLogout, kid: &str) -> bool {
    use openidconnect::JsonWebKey;
    md.jwks().keys().iter().any(|k| k.key_id().is_some_and(|id| id.as_str() == kid))
}

/// The `kid` of a JWT's header (unverified: only used to pick the key to verify with).
pub fn jwt_header_kid(jwt: &str) -> Option<String> {
    let header = jwt.split('.').next()?;
    let bytes = URL_SAFE_NO_PAD.decode(header).ok()?;
    let value: serde_json::Value = serde_json::from_slice(&bytes).ok()?;
    value.get("kid")?.as_str().map(String::from)
}

/// Reads one claim of a JWT whose signature was already verified by `openidconnect`
/// (used for `sid`, which the crate's core claims type does not carry).
fn claim_of_verified_jwt(jwt: &str, claim: &str) -> Option<String> {
    let payload = jwt.split('.').nth(1)?;
    let bytes = URL_SAFE_NO_PAD.decode(payload).ok()?;
    let value: serde_json::Value = serde_json::from_slice(&bytes).ok()?;
    value.get(claim)?.as_str().map(String::from)
}

#[cfg(test)]
mod tests;
