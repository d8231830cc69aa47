//! Sessions in this process: bounded, least recently used evicted first, idle entries dropped
//! after the idle timeout. One instance only; several instances use the Redis store. Adopt
//! codes live beside them, bounded the same way, each for `session.adopt_code_ttl_secs`.

use std::{sync::Arc, time::Duration};

use futures::future::BoxFuture;

use super::{AdoptGrant, RefreshLock, Session, SessionStore, StoreError};
use crate::config::SessionSettings;

/// The in-process store.
#[derive(Debug, Clone)]
pub struct MemoryStore {
    cache: moka::future::Cache<String, Arc<Session>>,
    seen: moka::future::Cache<String, ()>,
    adopt_codes: moka::future::Cache<String, AdoptGrant>,
}

impl MemoryStore {
    /// A store for at most `settings.max_sessions` sessions.
    pub fn new(settings: &SessionSettings) -> Self {
        let cache = moka::future::Cache::builder()
            .max_capacity(settings.max_sessions)
            .time_to_idle(Duration::from_secs(settings.idle_timeout_secs))
            .time_to_live(Duration::from_secs(settings.absolute_lifetime_secs))
            .build();
        // Replay marks live as long as a logout token may be accepted.
        let seen = moka::future::Cache::builder()
            .max_capacity(settings.max_sessions)
            .time_to_live(Duration::from_secs(settings.logout_token_max_age_secs.max(1) * 2))
            .build();
        // Every code lives the configured lifetime (the grant's own expiry is checked as well).
        let adopt_codes = moka::future::Cache::builder()
            .max_capacity(settings.max_sessions)
            .time_to_live(Duration::from_secs(settings.adopt_code_ttl_secs.max(1)))
            .build();
        MemoryStore { cache, seen, adopt_codes }
    }
}

impl SessionStore for MemoryStore {
    fn get<'a>(&'a self, id: &'a str) -> BoxFuture<'a, Result<Option<Session>, StoreError>> {
        Box::pin(async move { Ok(self.cache.get(id).await.map(|s| (*s).clone())) })
    }

    fn get_shared<'a>(&'a self, id: &'a str) -> BoxFuture<'a, Result<Option<Arc<Session>>, StoreError>> {
        Box::pin(async move { Ok(self.cache.get(id).await) })
    }

    fn put(&self, session: Session) -> BoxFuture<'_, Result<(), StoreError>> {
        Box::pin(async move {
            // The id stays in the session too, so a request shares the stored copy as it is.
            self.cache.insert(session.id.clone(), Arc::new(session)).await;
            Ok(())
        })
    }

    fn remove<'a>(&'a self, id: &'a str) -> BoxFuture<'a, Result<(), StoreError>> {
        Box::pin(async move {
            self.cache.invalidate(id).await;
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
            // A scan: the in-process store is bounded and back-channel logouts are rare.
            let matching: Vec<(Arc<String>, Arc<Session>)> = self
                .cache
                .iter()
                .filter(|(_, s)| {
                    s.tenant_id == tenant
                        && match (sid, subject) {
                            (Some(sid), _) => s.sid.as_deref() == Some(sid),
                            (None, Some(subject)) => s.subject == subject,
                            (None, None) => false,
                        }
                })
                .collect();
            let mut removed = Vec::with_capacity(matching.len());
            for (id, session) in matching {
                self.cache.invalidate(id.as_str()).await;
                let mut session = (*session).clone();
                session.id = id.to_string();
                removed.push(session);
            }
            Ok(removed)
        })
    }

    fn try_lock_refresh<'a>(&'a self, _id: &'a str) -> BoxFuture<'a, Result<Option<RefreshLock>, StoreError>> {
        Box::pin(async { Ok(Some(RefreshLock { key: String::new(), token: String::new() })) })
    }

    fn unlock_refresh(&self, _lock: RefreshLock) -> BoxFuture<'_, Result<(), StoreError>> {
        Box::pin(async { Ok(()) })
    }

    fn first_use<'a>(&'a self, key: &'a str, _ttl: Duration) -> BoxFuture<'a, Result<bool, StoreError>> {
        Box::pin(async move { Ok(self.seen.entry(key.to_string()).or_insert(()).await.is_fresh()) })
    }

    fn put_adopt_code<'a>(
        &'a self,
        code: &'a str,
        grant: AdoptGrant,
        _ttl: Duration,
    ) -> BoxFuture<'a, Result<(), StoreError>> {
        Box::pin(async move {
            self.adopt_codes.insert(code.to_string(), grant).await;
            Ok(())
        })
    }

    fn take_adopt_code<'a>(&'a self, code: &'a str) -> BoxFuture<'a, Result<Option<AdoptGrant>, StoreError>> {
        // `remove` answers the value only to the one caller that removed it.
        Box::pin(async move { Ok(self.adopt_codes.remove(code).await) })
    }

    fn ping(&self) -> BoxFuture<'_, Result<(), StoreError>> {
        Box::pin(async { Ok(()) })
    }
}

#[cfg(test)]
mod tests {
    use time::OffsetDateTime;

    use super::*;
    use crate::auth::session::tests::{session, settings};

    #[tokio::test]
    async fn memory_store_round_trip() {
        let store = MemoryStore::new(&settings());
        let now = OffsetDateTime::now_utc();
        let s = session(now, now);
        let id = s.id.clone();
        store.put(s).await.expect("put");
        assert_eq!(store.get(&id).await.expect("get").map(|s| s.id), Some(id.clone()));
        store.remove(&id).await.expect("remove");
        assert!(store.get(&id).await.expect("get").is_none());
    }

    #[tokio::test]
    async fn back_channel_logout_removes_the_sessions_of_the_sid_or_the_subject_in_the_tenant() {
        let store = MemoryStore::new(&settings());
        let now = OffsetDateTime::now_utc();
        let mut ids = Vec::new();
        for (tenant, subject, sid) in [("acme", "s", "x"), ("acme", "s", "y"), ("globex", "s", "x")] {
            let mut s = session(now, now);
            s.tenant_id = tenant.into();
            s.subject = subject.into();
            s.sid = Some(sid.into());
            ids.push(s.id.clone());
            store.put(s).await.expect("put");
        }
        store.cache.run_pending_tasks().await;
        let removed = store.remove_for_logout("acme", Some("x"), Some("s")).await.expect("logout");
        assert_eq!(removed.iter().map(|s| s.id.clone()).collect::<Vec<_>>(), [ids[0].clone()]);
        assert!(store.get(&ids[0]).await.expect("get").is_none());
        assert!(store.get(&ids[1]).await.expect("get").is_some());
        assert_eq!(store.remove_for_logout("acme", None, Some("s")).await.expect("logout").len(), 1);
        assert!(store.get(&ids[2]).await.expect("get").is_some(), "another tenant's session stays");
    }

    #[tokio::test]
    async fn an_adopt_code_is_taken_once() {
        let store = MemoryStore::new(&settings());
        let grant = AdoptGrant { tenant_id: "acme".into(), session_id: "s".into(), expires_at: 1 };
        store.put_adopt_code("c", grant.clone(), Duration::from_secs(60)).await.expect("put");
        assert_eq!(store.take_adopt_code("other").await.expect("take"), None);
        assert_eq!(store.take_adopt_code("c").await.expect("take"), Some(grant));
        assert_eq!(store.take_adopt_code("c").await.expect("take"), None, "single use");
    }

    #[tokio::test]
    async fn first_use_is_true_once() {
        let store = MemoryStore::new(&settings());
        assert!(store.first_use("jti", Duration::from_secs(60)).await.expect("first"));
        assert!(!store.first_use("jti", Duration::from_secs(60)).await.expect("second"));
    }
}
