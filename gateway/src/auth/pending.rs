//! Logins between `/oidc/login` and `/oidc/callback`, kept in the browser's own pending-login
//! cookie rather than in the gateway.
//!
//! Each entry of the cookie is one login (tenant, provider, `state`, `nonce`, PKCE verifier,
//! where to go afterwards, expiry), sealed with AES-256-GCM under a random key of this process
//! and the tenant id as associated data: the browser can neither read nor change it, and an
//! entry of one tenant does not open for another. The gateway keeps nothing per started login,
//! so anonymous `/oidc/login` floods cost no memory and cannot push other users' logins out.
//! A login started before a restart of the gateway does not open afterwards: the callback then
//! sends the browser to the client, which starts over (as for an expired login).

use base64::{Engine, engine::general_purpose::URL_SAFE_NO_PAD};
use rand::RngCore;
use serde::{Deserialize, Serialize};
use time::OffsetDateTime;

use super::session::crypto::KeyRing;

/// Key id of the process key (never shown: it is taken off the sealed value).
const KID: &str = "p";

/// Longest `return_to` kept in a login; a longer one (very long query) returns to the client home.
pub const MAX_RETURN_TO_CHARS: usize = 1024;

/// One started login, as sealed into the pending-login cookie.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, Eq)]
pub struct PendingLogin {
    /// Id of the tenant the login was started on.
    #[serde(rename = "t")]
    pub tenant_id: String,
    /// Identity provider id.
    #[serde(rename = "p")]
    pub provider: String,
    /// `state` sent to the issuer.
    #[serde(rename = "s")]
    pub state: String,
    /// `nonce` to find in the ID token.
    #[serde(rename = "n")]
    pub nonce: String,
    /// PKCE verifier for the token call.
    #[serde(rename = "v")]
    pub pkce_verifier: String,
    /// Where the browser goes after the sign-in (already checked at the start).
    #[serde(rename = "r")]
    pub return_to: String,
    /// Unix time after which the login is void.
    #[serde(rename = "e")]
    pub expires_at: i64,
    /// The embedding page that opened this sign-in in a popup, when it is one of the tenant's
    /// `ui.parent_origins` (checked at the start): the callback then hands it a one-time code.
    #[serde(rename = "o", default, skip_serializing_if = "Option::is_none")]
    pub parent_origin: Option<String>,
}

/// Seals and opens [`PendingLogin`]s with a key made at start.
#[derive(Debug, Clone)]
pub struct LoginSealer {
    ring: KeyRing,
}

impl LoginSealer {
    /// A sealer with a fresh random key.
    pub fn random() -> Self {
        let mut key = [0u8; 32];
        rand::rng().fill_bytes(&mut key);
        let spec = format!("{KID}:{}", URL_SAFE_NO_PAD.encode(key));
        LoginSealer { ring: KeyRing::parse(&spec).expect("a fresh 32-byte key is valid") }
    }

    /// The cookie entry of `login` (URL-safe base64, no `.`).
    pub fn seal(&self, login: &PendingLogin) -> String {
        let json = serde_json::to_vec(login).expect("a pending login serialises");
        let sealed = self.ring.seal(&json, aad(&login.tenant_id).as_bytes());
        sealed.strip_prefix(&format!("{KID}:")).map(String::from).unwrap_or(sealed)
    }

    /// The login in cookie entry `entry` when it opens for `tenant` and has not expired.
    pub fn open(&self, entry: &str, tenant: &str, now: OffsetDateTime) -> Option<PendingLogin> {
        let json = self.ring.open(&format!("{KID}:{entry}"), aad(tenant).as_bytes()).ok()?;
        let login: PendingLogin = serde_json::from_slice(&json).ok()?;
        (login.tenant_id == tenant && login.expires_at > now.unix_timestamp()).then_some(login)
    }
}

fn aad(tenant: &str) -> String {
    format!("pending-login:{tenant}")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn login(tenant: &str, expires_at: i64) -> PendingLogin {
        PendingLogin {
            tenant_id: tenant.into(),
            provider: "default".into(),
            state: "s".repeat(43),
            nonce: "n".repeat(43),
            pkce_verifier: "v".repeat(43),
            return_to: "http://localhost:8080/learn/courses?keyword=a".into(),
            expires_at,
            parent_origin: Some("https://intranet.partner.example".into()),
        }
    }

    #[test]
    fn a_sealed_login_opens_only_for_its_tenant_before_it_expires() {
        let sealer = LoginSealer::random();
        let now = OffsetDateTime::now_utc();
        let entry = sealer.seal(&login("acme", now.unix_timestamp() + 600));
        assert!(!entry.contains('.') && !entry.contains(':') && !entry.contains("localhost"), "{entry}");
        assert_eq!(sealer.open(&entry, "acme", now), Some(login("acme", now.unix_timestamp() + 600)));
        assert_eq!(sealer.open(&entry, "globex", now), None, "another tenant");
        assert_eq!(sealer.open(&entry, "acme", now + time::Duration::seconds(601)), None, "expired");
        assert_eq!(LoginSealer::random().open(&entry, "acme", now), None, "another process's key");
        let mut tampered = entry.clone().into_bytes();
        tampered[20] ^= 1;
        assert_eq!(sealer.open(&String::from_utf8_lossy(&tampered), "acme", now), None, "tampered");
    }
}
