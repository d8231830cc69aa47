//! Third-party issuers a tenant's API trusts besides its own dev issuer.
//!
//! A tenant may name an issuer (issuer URL, JWKS URI, expected audience) whose access tokens
//! (JWTs) its API accepts. The issuer's keys are fetched in the background at start, read again
//! every [`JWKS_MAX_AGE`] and soon after a token names a key we do not have (at most once per
//! [`JWKS_MIN_REFETCH`]). The token's `sub` is mapped to a seeded user by the configured
//! sub → username table, else by its `email` claim.

use std::{
    collections::{BTreeMap, HashMap},
    sync::{Arc, RwLock},
    time::Duration,
};

use jsonwebtoken::{Algorithm, DecodingKey, Validation, jwk::JwkSet};
use serde::Deserialize;
use tokio::sync::Notify;
use url::Url;

use crate::error::ApiError;

/// Keys are read again after this long.
pub const JWKS_MAX_AGE: Duration = Duration::from_secs(300);
/// Least time between two reads of one issuer's keys.
pub const JWKS_MIN_REFETCH: Duration = Duration::from_secs(2);
const FETCH_TIMEOUT: Duration = Duration::from_secs(5);

/// One trusted third-party issuer of a tenant.
#[derive(Debug, Clone)]
pub struct ExternalIssuer {
    /// The tenant whose API accepts its tokens.
    pub tenant: String,
    /// The `iss` its tokens carry.
    pub issuer: String,
    /// Where its signing keys are published.
    pub jwks_uri: Url,
    /// The `aud` its tokens must carry for this API.
    pub audience: String,
    /// Subjects mapped to seeded usernames of the tenant; subjects not listed are matched by
    /// their `email` claim.
    pub usernames: BTreeMap<String, String>,
}

/// A verified token of a trusted issuer.
#[derive(Debug, Clone)]
pub struct ExternalToken {
    /// The issuer's subject.
    pub sub: String,
    /// The username the subject maps to, when mapped by table.
    pub username: Option<String>,
    /// The `email` claim, when present.
    pub email: Option<String>,
    /// Expiry.
    pub exp: i64,
    /// Issued at.
    pub iat: i64,
    /// Issuer session, when present.
    pub sid: Option<String>,
    /// Granted scopes.
    pub scope: String,
    /// Token id.
    pub jti: String,
}

#[derive(Debug, Deserialize)]
struct Claims {
    sub: String,
    exp: i64,
    #[serde(default)]
    iat: i64,
    #[serde(default)]
    email: Option<String>,
    #[serde(default)]
    sid: Option<String>,
    #[serde(default)]
    scope: Option<String>,
    #[serde(default)]
    jti: Option<String>,
}

#[derive(Debug)]
struct Entry {
    config: ExternalIssuer,
    keys: RwLock<HashMap<String, (DecodingKey, Algorithm)>>,
    wake: Notify,
}

/// Every trusted issuer with its cached keys.
#[derive(Debug, Clone, Default)]
pub struct Trusted {
    entries: Arc<Vec<Entry>>,
}

/// Asymmetric algorithms only: a JWKS never legitimately publishes an HMAC secret.
const ALGORITHMS: [Algorithm; 7] = [
    Algorithm::RS256,
    Algorithm::RS384,
    Algorithm::RS512,
    Algorithm::PS256,
    Algorithm::ES256,
    Algorithm::ES384,
    Algorithm::EdDSA,
];

impl Trusted {
    /// Trusts `issuers` and starts reading their keys in the background (needs a Tokio runtime).
    pub fn start(issuers: Vec<ExternalIssuer>) -> Self {
        let entries: Vec<Entry> = issuers
            .into_iter()
            .map(|config| Entry { config, keys: RwLock::new(HashMap::new()), wake: Notify::new() })
            .collect();
        let trusted = Trusted { entries: Arc::new(entries) };
        if !trusted.entries.is_empty() {
            let http = reqwest::Client::builder()
                .timeout(FETCH_TIMEOUT)
                .redirect(reqwest::redirect::Policy::none())
                .build()
                .unwrap_or_default();
            for index in 0..trusted.entries.len() {
                let entries = trusted.entries.clone();
                let http = http.clone();
                tokio::spawn(async move { keep_keys_fresh(&entries[index], &http).await });
            }
        }
        trusted
    }

    /// Whether `tenant` trusts an issuer named `iss`.
    pub fn trusts(&self, tenant: &str, iss: &str) -> bool {
        self.entries.iter().any(|e| e.config.tenant == tenant && e.config.issuer == iss)
    }

    /// Verifies `token` of the trusted issuer `iss` for `tenant`: key, algorithm, issuer,
    /// audience, expiry.
    pub fn verify(&self, tenant: &str, iss: &str, token: &str) -> Result<ExternalToken, ApiError> {
        let entry = self
            .entries
            .iter()
            .find(|e| e.config.tenant == tenant && e.config.issuer == iss)
            .ok_or_else(|| ApiError::invalid_token("the token's issuer is not trusted here"))?;
        let header = jsonwebtoken::decode_header(token)
            .map_err(|e| ApiError::invalid_token(format!("the bearer token is not a JWT: {e}")))?;
        let kid = header.kid.clone().unwrap_or_default();
        let found = entry.keys.read().unwrap_or_else(|p| p.into_inner()).get(&kid).cloned();
        let Some((key, alg)) = found else {
            entry.wake.notify_one();
            return Err(ApiError::invalid_token(format!(
                "no key `{kid}` of the trusted issuer (yet); keys are being read"
            )));
        };
        if header.alg != alg || !ALGORITHMS.contains(&alg) {
            return Err(ApiError::invalid_token("the token's algorithm does not match its key"));
        }
        let mut validation = Validation::new(alg);
        validation.set_issuer(&[&entry.config.issuer]);
        validation.set_audience(&[&entry.config.audience]);
        validation.leeway = 0;
        let claims = jsonwebtoken::decode::<Claims>(token, &key, &validation)
            .map_err(|e| ApiError::invalid_token(format!("the trusted issuer's token is not valid here: {e}")))?
            .claims;
        Ok(ExternalToken {
            username: entry.config.usernames.get(&claims.sub).cloned(),
            sub: claims.sub,
            email: claims.email,
            exp: claims.exp,
            iat: claims.iat,
            sid: claims.sid,
            scope: claims.scope.unwrap_or_default(),
            jti: claims.jti.unwrap_or_default(),
        })
    }
}

/// Reads the issuer's keys now, then every [`JWKS_MAX_AGE`] or when woken by an unknown key.
async fn keep_keys_fresh(entry: &Entry, http: &reqwest::Client) {
    loop {
        match fetch(http, &entry.config.jwks_uri).await {
            Ok(keys) => {
                tracing::info!(issuer = %entry.config.issuer, keys = keys.len(), "read a trusted issuer's keys");
                *entry.keys.write().unwrap_or_else(|p| p.into_inner()) = keys;
            }
            Err(e) => {
                tracing::warn!(issuer = %entry.config.issuer, error = %e, "reading a trusted issuer's keys failed")
            }
        }
        tokio::time::sleep(JWKS_MIN_REFETCH).await;
        let _ = tokio::time::timeout(JWKS_MAX_AGE, entry.wake.notified()).await;
    }
}

async fn fetch(http: &reqwest::Client, uri: &Url) -> anyhow::Result<HashMap<String, (DecodingKey, Algorithm)>> {
    let response = http.get(uri.clone()).send().await?.error_for_status()?;
    let set: JwkSet = response.json().await?;
    let mut keys = HashMap::new();
    for jwk in &set.keys {
        let Some(kid) = jwk.common.key_id.clone() else { continue };
        let alg = match jwk.common.key_algorithm.map(|a| a.to_string()).as_deref().map(str::parse::<Algorithm>) {
            Some(Ok(alg)) => alg,
            _ => match &jwk.algorithm {
                jsonwebtoken::jwk::AlgorithmParameters::RSA(_) => Algorithm::RS256,
                jsonwebtoken::jwk::AlgorithmParameters::EllipticCurve(_) => Algorithm::ES256,
                _ => continue,
            },
        };
        if !ALGORITHMS.contains(&alg) {
            continue;
        }
        if let Ok(key) = DecodingKey::from_jwk(jwk) {
            keys.insert(kid, (key, alg));
        }
    }
    Ok(keys)
}
