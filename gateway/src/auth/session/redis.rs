//! Sessions in Redis (or Valkey), shared by every gateway instance, over the `fred` client.
//!
//! Layout (no entry name contains a raw session id, issuer session id or subject: each is a
//! SHA-256 in hex):
//! - `lp:session:{sha256(id)}`: the session JSON sealed by [`KeyRing`] (the entry name is the
//!   associated data), expiring with the session ([`expires_at`]: idle or absolute, whichever
//!   comes first);
//! - `lp:sid:{tenant}:{sha256(sid)}` and `lp:sub:{tenant}:{sha256(sub)}`: sets of session entry
//!   names, for back-channel logout; they live for the absolute lifetime from their last write,
//!   so they outlive every session they name. Members of sessions that ended otherwise stay
//!   until then; deleting a missing entry at logout is harmless;
//! - `lp:refresh-lock:{sha256(id)}`: the refresh lock (`SET NX PX`), released only by its holder;
//! - `lp:once:{sha256(key)}`: replay marks (`SET NX PX`);
//! - `lp:adopt:{sha256(code)}`: one-time adopt codes, sealed like sessions (they name a session
//!   id), `SET PX` for their lifetime and taken with `GETDEL`, so a code is redeemed at most
//!   once across every instance.
//!
//! Every command has the configured timeout. While Redis is unreachable commands fail with
//! [`StoreError`] (answered 503, never as "no session"), and the client reconnects in the
//! background, so the gateway works again without a restart when Redis is back.

use std::time::Duration;

use fred::{
    prelude::{
        Builder, ClientLike, Config as FredConfig, Expiration, KeysInterface, LuaInterface, Pool, ReconnectPolicy,
        SetOptions, SetsInterface,
    },
    types::Value,
};
use futures::future::BoxFuture;
use sha2::{Digest, Sha256};
use time::OffsetDateTime;

use super::{AdoptGrant, RefreshLock, Session, SessionStore, StoreError, crypto::KeyRing, expires_at, new_session_id};
use crate::config::{RedisSettings, SessionSettings};

/// Delay between reconnection attempts while Redis is unreachable, in milliseconds.
const RECONNECT_DELAY_MS: u32 = 500;

/// Deletes the lock only when it still holds this holder's token.
const UNLOCK_SCRIPT: &str =
    "if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) else return 0 end";

/// The Redis store.
pub struct RedisStore {
    pool: Pool,
    keys: KeyRing,
    settings: SessionSettings,
}

impl std::fmt::Debug for RedisStore {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("RedisStore").field("pool", &self.pool).field("keys", &self.keys).finish_non_exhaustive()
    }
}

fn store_error(doing: &str) -> impl FnOnce(fred::error::Error) -> StoreError + '_ {
    move |e| StoreError(format!("redis, {doing}: {e}"))
}

/// SHA-256 of `value`, in hex.
fn digest(value: &str) -> String {
    Sha256::digest(value.as_bytes()).iter().map(|b| format!("{b:02x}")).collect()
}

/// Entry name of a session.
pub fn session_key(id: &str) -> String {
    format!("lp:session:{}", digest(id))
}

/// Entry name of an adopt code.
fn adopt_key(code: &str) -> String {
    format!("lp:adopt:{}", digest(code))
}

fn sid_index(tenant: &str, sid: &str) -> String {
    format!("lp:sid:{tenant}:{}", digest(sid))
}

fn subject_index(tenant: &str, subject: &str) -> String {
    format!("lp:sub:{tenant}:{}", digest(subject))
}

impl RedisStore {
    /// A store over a pool of `redis.pool_size` connections. Waits up to
    /// `redis.connect_timeout_ms` for the connections; past it the gateway starts anyway (not
    /// ready) and connecting goes on in the background.
    pub async fn connect(redis: &RedisSettings, settings: &SessionSettings, keys: KeyRing) -> Result<Self, StoreError> {
        let mut config = FredConfig::from_url(&redis.url).map_err(store_error("reading redis.url"))?;
        config.fail_fast = false;
        let mut builder = Builder::from_config(config);
        builder
            .with_connection_config(|c| {
                c.connection_timeout = Duration::from_millis(redis.connect_timeout_ms);
                c.internal_command_timeout = Duration::from_millis(redis.command_timeout_ms);
            })
            .with_performance_config(|p| p.default_command_timeout = Duration::from_millis(redis.command_timeout_ms))
            .set_policy(ReconnectPolicy::new_constant(0, RECONNECT_DELAY_MS));
        let pool = builder.build_pool(redis.pool_size).map_err(store_error("building the pool"))?;
        // The connection tasks run (and reconnect) for the life of the pool.
        let _tasks = pool.connect();
        let connect_timeout = Duration::from_millis(redis.connect_timeout_ms);
        match tokio::time::timeout(connect_timeout, pool.wait_for_connect()).await {
            Ok(Ok(())) => {}
            Ok(Err(e)) => tracing::warn!(error = %e, "redis not reachable yet; starting not ready"),
            Err(_) => tracing::warn!("redis not reachable yet; starting not ready"),
        }
        Ok(RedisStore { pool, keys, settings: settings.clone() })
    }
}

impl SessionStore for RedisStore {
    fn get<'a>(&'a self, id: &'a str) -> BoxFuture<'a, Result<Option<Session>, StoreError>> {
        Box::pin(async move {
            let key = session_key(id);
            let sealed: Option<String> = self.pool.get(&key).await.map_err(store_error("reading a session"))?;
            let Some(sealed) = sealed else { return Ok(None) };
            let json = match self.keys.open(&sealed, key.as_bytes()) {
                Ok(json) => json,
                Err(e) => {
                    // A key taken out of the ring, or a damaged entry: the session cannot be used.
                    tracing::warn!(error = %e, "dropping a session that does not decrypt");
                    let _: i64 = self.pool.del(&key).await.map_err(store_error("deleting a session"))?;
                    return Ok(None);
                }
            };
            let mut session: Session = serde_json::from_slice(&json)
                .map_err(|e| StoreError(format!("redis, reading a session: not a session ({e})")))?;
            session.id = id.to_string();
            Ok(Some(session))
        })
    }

    fn put(&self, session: Session) -> BoxFuture<'_, Result<(), StoreError>> {
        Box::pin(async move {
            let key = session_key(&session.id);
            let ttl_ms = (expires_at(&session, &self.settings) - OffsetDateTime::now_utc()).whole_milliseconds();
            if ttl_ms <= 0 {
                let _: i64 = self.pool.del(&key).await.map_err(store_error("deleting a session"))?;
                return Ok(());
            }
            let json = serde_json::to_vec(&session).map_err(|e| StoreError(format!("encoding a session: {e}")))?;
            let sealed = self.keys.seal(&json, key.as_bytes());
            let index_ttl_ms = (self.settings.absolute_lifetime_secs * 1000) as i64;
            let pipeline = self.pool.next_connected().pipeline();
            let queue = store_error("queueing a session write");
            let _: () =
                pipeline.set(&key, sealed, Some(Expiration::PX(ttl_ms as i64)), None, false).await.map_err(queue)?;
            let mut indexes = vec![subject_index(&session.tenant_id, &session.subject)];
            if let Some(sid) = &session.sid {
                indexes.push(sid_index(&session.tenant_id, sid));
            }
            for index in indexes {
                let _: () = pipeline.sadd(&index, &key).await.map_err(store_error("queueing an index write"))?;
                let _: () =
                    pipeline.pexpire(&index, index_ttl_ms, None).await.map_err(store_error("queueing an index ttl"))?;
            }
            let _: Vec<Value> = pipeline.all().await.map_err(store_error("writing a session"))?;
            Ok(())
        })
    }

    fn remove<'a>(&'a self, id: &'a str) -> BoxFuture<'a, Result<(), StoreError>> {
        Box::pin(async move {
            let _: i64 = self.pool.del(session_key(id)).await.map_err(store_error("deleting a session"))?;
            Ok(())
        })
    }

    fn remove_for_logout<'a>(
        &'a self,
        tenant: &'a str,
        sid: Option<&'a str>,
        subject: Option<&'a str>,
    ) -> BoxFuture<'a, Result<Vec<Session>, StoreError>> {
        Box::pin(async move {
            let index = match (sid, subject) {
                (Some(sid), _) => sid_index(tenant, sid),
                (None, Some(subject)) => subject_index(tenant, subject),
                (None, None) => return Ok(Vec::new()),
            };
            let members: Vec<String> =
                self.pool.smembers(&index).await.map_err(store_error("reading a logout index"))?;
            let mut removed = Vec::new();
            for member in members {
                let sealed: Option<String> = self.pool.get(&member).await.map_err(store_error("reading a session"))?;
                let deleted: i64 = self.pool.del(&member).await.map_err(store_error("deleting a session"))?;
                // The session is gone either way; it is reported when it could still be read.
                let session = sealed
                    .and_then(|sealed| self.keys.open(&sealed, member.as_bytes()).ok())
                    .and_then(|json| serde_json::from_slice::<Session>(&json).ok());
                if let (1, Some(session)) = (deleted, session) {
                    removed.push(session);
                }
            }
            let _: i64 = self.pool.del(&index).await.map_err(store_error("deleting a logout index"))?;
            Ok(removed)
        })
    }

    fn try_lock_refresh<'a>(&'a self, id: &'a str) -> BoxFuture<'a, Result<Option<RefreshLock>, StoreError>> {
        Box::pin(async move {
            let key = format!("lp:refresh-lock:{}", digest(id));
            let token = new_session_id();
            let ttl = Expiration::PX(self.settings.refresh_lock_ttl_ms as i64);
            let set: Option<String> = self
                .pool
                .set(&key, &token, Some(ttl), Some(SetOptions::NX), false)
                .await
                .map_err(store_error("taking a refresh lock"))?;
            Ok(set.map(|_| RefreshLock { key, token }))
        })
    }

    fn unlock_refresh(&self, lock: RefreshLock) -> BoxFuture<'_, Result<(), StoreError>> {
        Box::pin(async move {
            let _: i64 = self
                .pool
                .eval(UNLOCK_SCRIPT, vec![lock.key], vec![lock.token])
                .await
                .map_err(store_error("releasing a refresh lock"))?;
            Ok(())
        })
    }

    fn first_use<'a>(&'a self, key: &'a str, ttl: Duration) -> BoxFuture<'a, Result<bool, StoreError>> {
        Box::pin(async move {
            let entry = format!("lp:once:{}", digest(key));
            let ttl = Expiration::PX(ttl.as_millis().max(1) as i64);
            let set: Option<String> = self
                .pool
                .set(&entry, "1", Some(ttl), Some(SetOptions::NX), false)
                .await
                .map_err(store_error("recording a replay mark"))?;
            Ok(set.is_some())
        })
    }

    fn put_adopt_code<'a>(
        &'a self,
        code: &'a str,
        grant: AdoptGrant,
        ttl: Duration,
    ) -> BoxFuture<'a, Result<(), StoreError>> {
        Box::pin(async move {
            let key = adopt_key(code);
            let json = serde_json::to_vec(&grant).map_err(|e| StoreError(format!("encoding an adopt code: {e}")))?;
            let sealed = self.keys.seal(&json, key.as_bytes());
            let ttl = Expiration::PX(ttl.as_millis().max(1) as i64);
            let _: () = self
                .pool
                .set(&key, sealed, Some(ttl), None, false)
                .await
                .map_err(store_error("writing an adopt code"))?;
            Ok(())
        })
    }

    fn take_adopt_code<'a>(&'a self, code: &'a str) -> BoxFuture<'a, Result<Option<AdoptGrant>, StoreError>> {
        Box::pin(async move {
            let key = adopt_key(code);
            // GETDEL: read and delete in one command, so a code is redeemed once across instances.
            let sealed: Option<String> = self.pool.getdel(&key).await.map_err(store_error("taking an adopt code"))?;
            let Some(sealed) = sealed else { return Ok(None) };
            // A code sealed under a key no longer in the ring, or damaged, redeems nothing.
            Ok(self
                .keys
                .open(&sealed, key.as_bytes())
                .ok()
                .and_then(|json| serde_json::from_slice::<AdoptGrant>(&json).ok()))
        })
    }

    fn ping(&self) -> BoxFuture<'_, Result<(), StoreError>> {
        Box::pin(async move {
            let _: String = self.pool.ping(None).await.map_err(store_error("ping"))?;
            Ok(())
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn entry_names_never_contain_the_raw_values() {
        let id = new_session_id();
        let key = session_key(&id);
        assert!(key.starts_with("lp:session:") && key.len() == "lp:session:".len() + 64, "{key}");
        assert!(!key.contains(&id));
        assert!(!sid_index("acme", "issuer-sid").contains("issuer-sid"));
        assert!(!subject_index("acme", "user-1").contains("user-1"));
        assert!(!adopt_key("the-code").contains("the-code"));
    }
}
