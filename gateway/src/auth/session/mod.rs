//! Server-side sessions: the record, its expiry rules, and the store trait with two
//! implementations: in process ([`memory::MemoryStore`], the default) and Redis
//! ([`redis::RedisStore`], for several gateway instances; encrypted at rest by [`crypto`]).
//!
//! Write-back: extracting a session slides its idle expiry, but the new `last_seen` is written
//! only when it moves the expiry meaningfully, that is when the stored `last_seen` is at least
//! `session.touch_write_interval_secs` old (or when the tokens changed). The idle expiry is thus
//! accurate to that interval, and a busy session costs one store write per interval instead of
//! one per request.

pub mod crypto;
pub mod memory;
pub mod redis;
pub mod token;

pub use memory::MemoryStore;
pub use redis::RedisStore;
pub use token::{AccessToken, Token};

use std::{sync::Arc, time::Duration};

use base64::{Engine, engine::general_purpose::URL_SAFE_NO_PAD};
use contracts::{bff::UnauthorizedReason, upstream::UserProfile};
use futures::future::BoxFuture;
use rand::RngCore;
use serde::{Deserialize, Serialize};
use time::OffsetDateTime;

use crate::config::SessionSettings;

/// Tokens of a session; they never leave the gateway. Each is kept compactly ([`Token`]).
#[derive(Clone, Serialize, Deserialize)]
pub struct Tokens {
    /// Bearer token for the upstream API.
    pub access_token: AccessToken,
    /// When the access token expires.
    pub access_expires_at: OffsetDateTime,
    /// Refresh token, when the issuer gave one.
    pub refresh_token: Option<Token>,
    /// The raw ID token, kept as `id_token_hint` for logout.
    pub id_token: Token,
}

impl std::fmt::Debug for Tokens {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Tokens").field("access_expires_at", &self.access_expires_at).finish_non_exhaustive()
    }
}

/// One signed-in browser.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Session {
    /// Opaque id (256 random bits, base64url); the cookie value. Never logged.
    #[serde(skip)]
    pub id: String,
    /// Id of the tenant the session belongs to; it is refused on any other tenant's host.
    /// Stored as `tenant`.
    #[serde(rename = "tenant")]
    pub tenant_id: String,
    /// The issuer's subject.
    pub subject: String,
    /// The issuer's session id (`sid`), for back-channel logout.
    pub sid: Option<String>,
    /// Id of the tenant's identity provider that signed the user in (refresh and logout go
    /// there); `None` means the tenant's default provider.
    #[serde(default)]
    pub provider: Option<String>,
    /// The user's profile, read from the upstream at login.
    pub user: UserProfile,
    /// Tokens for the upstream.
    pub tokens: Tokens,
    /// When the session was created (absolute lifetime counts from here).
    pub created_at: OffsetDateTime,
    /// Last authenticated request (idle expiry counts from here).
    pub last_seen: OffsetDateTime,
}

/// What a one-time adopt code stands for (see `auth::adopt`): a session of a tenant, until a
/// moment. Kept by the store that keeps the sessions, so any instance can redeem it.
#[derive(Clone, Serialize, Deserialize, PartialEq, Eq)]
pub struct AdoptGrant {
    /// Id of the tenant the code was made on; it is refused on any other tenant's host.
    /// Stored as `tenant`.
    #[serde(rename = "tenant")]
    pub tenant_id: String,
    /// Id of the session the code lets a frame share.
    pub session_id: String,
    /// Unix time after which the code is void (the store also forgets it then).
    pub expires_at: i64,
}

impl std::fmt::Debug for AdoptGrant {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        // The session id is a credential: never in logs.
        f.debug_struct("AdoptGrant").field("tenant_id", &self.tenant_id).field("expires_at", &self.expires_at).finish()
    }
}

/// A fresh session id: 256 bits from the OS-seeded CSPRNG.
pub fn new_session_id() -> String {
    let mut bytes = [0u8; 32];
    rand::rng().fill_bytes(&mut bytes);
    URL_SAFE_NO_PAD.encode(bytes)
}

/// Whether the slid `last_seen` is worth writing back: the stored one is at least
/// `session.touch_write_interval_secs` old.
pub fn needs_write_back(session: &Session, now: OffsetDateTime, settings: &SessionSettings) -> bool {
    passed(session.last_seen, now, time::Duration::seconds(settings.touch_write_interval_secs as i64))
}

/// Whether at least `span` passed from `since` to `now` (`now - since >= span`), reckoned on the
/// two instants' Unix nanoseconds instead of by `OffsetDateTime`'s subtraction, which builds a
/// calendar duration on the way (about 270 instructions; a signed-in request asks four times).
pub fn passed(since: OffsetDateTime, now: OffsetDateTime, span: time::Duration) -> bool {
    now.unix_timestamp_nanos() - since.unix_timestamp_nanos() >= span.whole_nanoseconds()
}

/// Whether a session may still be used at `now`: idle expiry (slid by activity) and absolute lifetime.
pub fn check_expiry(
    session: &Session,
    now: OffsetDateTime,
    settings: &SessionSettings,
) -> Result<(), UnauthorizedReason> {
    let idle = time::Duration::seconds(settings.idle_timeout_secs as i64);
    let absolute = time::Duration::seconds(settings.absolute_lifetime_secs as i64);
    if passed(session.last_seen, now, idle) || passed(session.created_at, now, absolute) {
        return Err(UnauthorizedReason::Expired);
    }
    Ok(())
}

/// When the session ends if nothing else happens.
pub fn expires_at(session: &Session, settings: &SessionSettings) -> OffsetDateTime {
    let idle_end = session.last_seen + time::Duration::seconds(settings.idle_timeout_secs as i64);
    let absolute_end = session.created_at + time::Duration::seconds(settings.absolute_lifetime_secs as i64);
    idle_end.min(absolute_end)
}

/// A failure of the session store itself (not "no such session").
#[derive(Debug, thiserror::Error)]
#[error("session store: {0}")]
pub struct StoreError(pub String);

/// A held refresh lock; given back with [`SessionStore::unlock_refresh`].
#[derive(Debug)]
pub struct RefreshLock {
    /// Store entry of the lock (empty when the store needs none).
    pub key: String,
    /// Random value proving this holder set the lock.
    pub token: String,
}

/// Where sessions live. Implementations must be safe to share across requests.
pub trait SessionStore: Send + Sync + std::fmt::Debug {
    /// The session with this id, if any.
    fn get<'a>(&'a self, id: &'a str) -> BoxFuture<'a, Result<Option<Session>, StoreError>>;
    /// The session with this id, if any, as a request reads it: shared, never changed in place.
    /// [`Self::get`]'s answer unless the store keeps sessions read moments ago at hand.
    fn get_shared<'a>(&'a self, id: &'a str) -> BoxFuture<'a, Result<Option<Arc<Session>>, StoreError>> {
        Box::pin(async move { Ok(self.get(id).await?.map(Arc::new)) })
    }
    /// Creates or replaces a session; it lives until [`expires_at`].
    fn put(&self, session: Session) -> BoxFuture<'_, Result<(), StoreError>>;
    /// Removes a session; removing a missing one is not an error.
    fn remove<'a>(&'a self, id: &'a str) -> BoxFuture<'a, Result<(), StoreError>>;
    /// Back-channel logout: removes the tenant's sessions of issuer session `sid` when given,
    /// otherwise every session of `subject`. Answers the removed sessions.
    fn remove_for_logout<'a>(
        &'a self,
        tenant: &'a str,
        sid: Option<&'a str>,
        subject: Option<&'a str>,
    ) -> BoxFuture<'a, Result<Vec<Session>, StoreError>>;
    /// Tries once to take the refresh lock of a session for all instances sharing the store;
    /// `None` when another holder has it. In-process stores need no more than the caller's
    /// local lock and always answer `Some`.
    fn try_lock_refresh<'a>(&'a self, id: &'a str) -> BoxFuture<'a, Result<Option<RefreshLock>, StoreError>>;
    /// Releases a refresh lock, only if it is still this holder's.
    fn unlock_refresh(&self, lock: RefreshLock) -> BoxFuture<'_, Result<(), StoreError>>;
    /// Records `key` for `ttl`; `true` the first time, `false` while it is remembered (replay checks).
    fn first_use<'a>(&'a self, key: &'a str, ttl: Duration) -> BoxFuture<'a, Result<bool, StoreError>>;
    /// Keeps one-time adopt code `code` for `ttl` (after which it is gone).
    fn put_adopt_code<'a>(
        &'a self,
        code: &'a str,
        grant: AdoptGrant,
        ttl: Duration,
    ) -> BoxFuture<'a, Result<(), StoreError>>;
    /// Takes adopt code `code` out of the store in one atomic step, so of two concurrent takes
    /// (on any instances) at most one gets the grant.
    fn take_adopt_code<'a>(&'a self, code: &'a str) -> BoxFuture<'a, Result<Option<AdoptGrant>, StoreError>>;
    /// Answers when the store is usable (readiness).
    fn ping(&self) -> BoxFuture<'_, Result<(), StoreError>>;
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;
    use time::macros::datetime;

    pub(super) fn settings() -> SessionSettings {
        SessionSettings {
            idle_timeout_secs: 7200,
            absolute_lifetime_secs: 43200,
            max_sessions: 10,
            decoded_sessions: 4,
            max_pending_logins: 5,
            pending_login_ttl_secs: 600,
            store: crate::config::SessionStoreKind::Memory,
            touch_write_interval_secs: 60,
            refresh_lock_ttl_ms: 20_000,
            refresh_lock_wait_ms: 10_000,
            logout_token_max_age_secs: 120,
            adopt_code_ttl_secs: 60,
            encryption_keys: None,
        }
    }

    pub(super) fn session(created: OffsetDateTime, last_seen: OffsetDateTime) -> Session {
        Session {
            id: new_session_id(),
            tenant_id: "acme".into(),
            subject: "s".into(),
            sid: None,
            provider: None,
            user: serde_json::from_value(serde_json::json!({
                "id": "00000000-0000-0000-0000-000000000001", "tenant_id": "acme", "email": "a@b.c"
            }))
            .expect("profile"),
            tokens: Tokens {
                access_token: "a".into(),
                access_expires_at: created,
                refresh_token: None,
                id_token: "i".into(),
            },
            created_at: created,
            last_seen,
        }
    }

    /// Spec section 4 'Session': restarts after 2 hours of inactivity; section 9: 7200 s.
    #[test]
    fn session_expires_after_two_idle_hours_and_at_its_absolute_lifetime() {
        let t0 = datetime!(2026-01-01 08:00 UTC);
        let cases = [
            (t0, t0 + time::Duration::seconds(7199), Ok(())),
            (t0, t0 + time::Duration::seconds(7200), Err(UnauthorizedReason::Expired)),
            (t0 + time::Duration::hours(11), t0 + time::Duration::hours(11) + time::Duration::minutes(59), Ok(())),
            (t0 + time::Duration::hours(11), t0 + time::Duration::hours(12), Err(UnauthorizedReason::Expired)),
        ];
        for (last_seen, now, expected) in cases {
            assert_eq!(check_expiry(&session(t0, last_seen), now, &settings()), expected, "last {last_seen} now {now}");
        }
        assert_eq!(expires_at(&session(t0, t0), &settings()), t0 + time::Duration::hours(2));
        assert_eq!(
            expires_at(&session(t0, t0 + time::Duration::hours(11)), &settings()),
            t0 + time::Duration::hours(12)
        );
    }

    /// `passed` answers as `OffsetDateTime`'s subtraction does, to the nanosecond, in offsets
    /// other than UTC and across days, years and the sign.
    #[test]
    fn passed_is_the_subtraction_compared() {
        let t0 = datetime!(2026-12-31 23:59:59.999_999_999 +03:30);
        let steps = [0, 1, 999_999_999, 1_000_000_000, 86_400_000_000_001, 31_622_400_000_000_000];
        for a in steps {
            for b in steps {
                let (since, now) = (
                    t0 + time::Duration::nanoseconds(a),
                    t0.to_offset(time::UtcOffset::UTC) + time::Duration::nanoseconds(b),
                );
                for span in [0, 1, a - b, b - a, b - a + 1, b - a - 1, 7_200_000_000_000] {
                    let span = time::Duration::nanoseconds(span);
                    assert_eq!(passed(since, now, span), now - since >= span, "{since} {now} {span}");
                }
            }
        }
    }

    #[test]
    fn session_ids_are_long_and_distinct() {
        let a = new_session_id();
        assert_eq!(a.len(), 43);
        assert_ne!(a, new_session_id());
    }

    #[test]
    fn last_seen_is_written_back_once_per_interval() {
        let t0 = datetime!(2026-01-01 08:00 UTC);
        let s = session(t0, t0);
        assert!(!needs_write_back(&s, t0 + time::Duration::seconds(59), &settings()));
        assert!(needs_write_back(&s, t0 + time::Duration::seconds(60), &settings()));
    }

    /// Sessions and adopt grants already in a store were written with the key `tenant`; the
    /// field's name in code is `tenant_id`, its stored name stays.
    #[test]
    fn stored_sessions_and_adopt_grants_keep_their_tenant_key() {
        let t0 = datetime!(2026-01-01 08:00 UTC);
        let stored = serde_json::to_value(session(t0, t0)).expect("json");
        assert_eq!(stored["tenant"], "acme");
        assert!(stored.get("tenant_id").is_none(), "{stored}");
        let read: Session = serde_json::from_value(stored).expect("read back");
        assert_eq!(read.tenant_id, "acme");
        let grant = AdoptGrant { tenant_id: "acme".into(), session_id: "s".into(), expires_at: 1 };
        let stored = serde_json::to_value(&grant).expect("json");
        assert_eq!(stored, serde_json::json!({ "tenant": "acme", "session_id": "s", "expires_at": 1 }));
        assert_eq!(serde_json::from_value::<AdoptGrant>(stored).expect("read back"), grant);
    }
}
