//! Sessions in this process: bounded, least recently used evicted first, idle entries dropped
//! after the idle timeout. One instance only; several instances use the Redis store. Adopt
//! codes live beside them, bounded the same way, each for `session.adopt_code_ttl_secs`.
//!
//! Each session is kept as one compact record, read back per request: its fields in postcard
//! (varint lengths, the tokens as their bytes), all but the three a back-channel logout matches
//! on LZ4-compressed (the access and ID tokens repeat their key header, the issuer, the subject
//! and the session id). `make bench` (scenario 4):
//! 1.9 KB per session where the session's own structure with its dozen small allocations took
//! 2.8 KB, for about a microsecond more per request.
//!
//! The sessions of the latest requests (`session.decoded_sessions`, 256 by default) are also
//! kept decoded, each beside the record it was read from: a request reads its record (which
//! keeps the record's idle and eviction order as before) and takes the decoded session only
//! when it was read from that very record, so a session replaced or removed meanwhile is never
//! answered from it; the decoded copy of a replaced or removed session is dropped at once, so
//! no ended session's tokens stay in memory. A learner's page sends its calls in bursts;
//! decoding a record per call cost about 3 µs of a pass-through request's CPU in the release
//! build (10 µs in a build without LTO; `make bench`, hot path step 14).
//!
//! The records are on moka's synchronous cache: a look-up is a call, not a future built and
//! polled (the store's methods stay asynchronous for the Redis store). With the release builds
//! of both serving at once (`tests/load/bench.py --against`, 6 rounds of 5 s each way) a
//! pass-through request took 1.8 and 0.6 µs less CPU than on the asynchronous cache, every
//! round less.

use std::{sync::Arc, time::Duration};

use futures::future::BoxFuture;

use super::{AdoptGrant, RefreshLock, Session, SessionStore, StoreError};
use crate::config::SessionSettings;

/// The in-process store.
#[derive(Debug, Clone)]
pub struct MemoryStore {
    cache: moka::sync::Cache<String, Record, Hasher>,
    /// Sessions read lately, each with the record it was decoded from.
    decoded: moka::sync::Cache<String, (Record, Arc<Session>), Hasher>,
    seen: moka::future::Cache<String, ()>,
    adopt_codes: moka::future::Cache<String, AdoptGrant>,
}

impl MemoryStore {
    /// A store for at most `settings.max_sessions` sessions.
    pub fn new(settings: &SessionSettings) -> Self {
        let cache = moka::sync::Cache::builder()
            .max_capacity(settings.max_sessions)
            .time_to_idle(Duration::from_secs(settings.idle_timeout_secs))
            .time_to_live(Duration::from_secs(settings.absolute_lifetime_secs))
            .build_with_hasher(Hasher::default());
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
        let decoded =
            moka::sync::Cache::builder().max_capacity(settings.decoded_sessions).build_with_hasher(Hasher::default());
        MemoryStore { cache, decoded, seen, adopt_codes }
    }
}

/// The hasher of the two caches every signed-in request reads: randomly seeded, like the
/// default one, and about a quarter of its cost on a session id.
type Hasher = foldhash::quality::RandomState;

/// A session as kept: its fields but the id (the entry's key) in postcard, the first three
/// ([`Head`]) as they are, the rest LZ4-compressed with its length in front.
type Record = Arc<[u8]>;

/// The fields a back-channel logout matches on: the first three of [`Session`] (its id is not
/// in the record), at the start of a record and not compressed, so a scan reads them in place.
#[derive(serde::Deserialize)]
struct Head<'a> {
    tenant_id: &'a str,
    subject: &'a str,
    sid: Option<&'a str>,
}

/// Records a back-channel logout reads between two yields to the runtime, so a scan of a full
/// store never holds a worker for long.
const SCAN_SLICE: usize = 1024;

fn encode(session: &Session) -> Result<Record, StoreError> {
    let unwritable = |e: postcard::Error| StoreError(format!("keeping a session: {e}"));
    let fields = postcard::to_stdvec(session).map_err(unwritable)?;
    let (_, rest) = postcard::take_from_bytes::<Head>(&fields).map_err(unwritable)?;
    let mut record = fields[..fields.len() - rest.len()].to_vec();
    record.extend_from_slice(&lz4_flex::compress_prepend_size(rest));
    Ok(record.into())
}

fn decode(id: &str, record: &[u8]) -> Result<Session, StoreError> {
    let unreadable = |e: &dyn std::fmt::Display| StoreError(format!("reading a kept session: {e}"));
    let (_, packed) = postcard::take_from_bytes::<Head>(record).map_err(|e| unreadable(&e))?;
    let head = &record[..record.len() - packed.len()];
    let rest = lz4_flex::decompress_size_prepended(packed).map_err(|e| unreadable(&e))?;
    let fields = [head, &rest].concat();
    let mut session: Session = postcard::from_bytes(&fields).map_err(|e| unreadable(&e))?;
    session.id = id.to_owned();
    Ok(session)
}

/// The head of a record, read in place, when it can be read.
fn head(record: &[u8]) -> Option<Head<'_>> {
    postcard::take_from_bytes(record).ok().map(|(head, _)| head)
}

/// The session a record stands for; a record that cannot be read (only a fault of this build
/// could make one) is logged and treated as no session: reading it again would not help.
fn readable(id: &str, record: &[u8]) -> Option<Session> {
    decode(id, record).inspect_err(|e| tracing::error!(error = %e.0, "dropping a session record")).ok()
}

impl SessionStore for MemoryStore {
    /// A copy of the shared session: for the few callers that change what they read.
    fn get<'a>(&'a self, id: &'a str) -> BoxFuture<'a, Result<Option<Session>, StoreError>> {
        Box::pin(async move { Ok(self.get_shared(id).await?.map(Arc::unwrap_or_clone)) })
    }

    fn get_shared<'a>(&'a self, id: &'a str) -> BoxFuture<'a, Result<Option<Arc<Session>>, StoreError>> {
        Box::pin(async move {
            let Some(record) = self.cache.get(id) else { return Ok(None) };
            if let Some((read_from, session)) = self.decoded.get(id)
                && Arc::ptr_eq(&read_from, &record)
            {
                return Ok(Some(session));
            }
            let Some(session) = readable(id, &record) else {
                self.cache.invalidate(id);
                return Ok(None);
            };
            let session = Arc::new(session);
            self.decoded.insert(id.to_owned(), (record, session.clone()));
            Ok(Some(session))
        })
    }

    fn put(&self, session: Session) -> BoxFuture<'_, Result<(), StoreError>> {
        Box::pin(async move {
            let record = encode(&session)?;
            self.decoded.invalidate(&session.id);
            self.cache.insert(session.id, record);
            Ok(())
        })
    }

    fn remove<'a>(&'a self, id: &'a str) -> BoxFuture<'a, Result<(), StoreError>> {
        Box::pin(async move {
            self.decoded.invalidate(id);
            self.cache.invalidate(id);
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
            // A scan: the in-process store is bounded and back-channel logouts are rare. Each
            // record's head is read, the whole session only of those that match.
            let mut matching = Vec::new();
            let wanted = |tenant_id: &str, session_subject: &str, session_sid: Option<&str>| {
                tenant_id == tenant
                    && match (sid, subject) {
                        (Some(sid), _) => session_sid == Some(sid),
                        (None, Some(subject)) => session_subject == subject,
                        (None, None) => false,
                    }
            };
            for (n, (id, record)) in self.cache.iter().enumerate() {
                match head(&record) {
                    Some(h) if !wanted(h.tenant_id, h.subject, h.sid) => {}
                    // A match is read whole; so is a record whose head cannot be read, to be
                    // logged and passed over.
                    _ => matching
                        .extend(readable(&id, &record).filter(|s| wanted(&s.tenant_id, &s.subject, s.sid.as_deref()))),
                }
                if n % SCAN_SLICE == SCAN_SLICE - 1 {
                    tokio::task::yield_now().await;
                }
            }
            for session in &matching {
                self.decoded.invalidate(&session.id);
                self.cache.invalidate(&session.id);
            }
            Ok(matching)
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
    use crate::auth::session::{
        Tokens,
        tests::{session, settings},
    };

    /// A store of `settings` holding one fresh session, and that session.
    async fn store_holding_one(settings: SessionSettings) -> (MemoryStore, Session) {
        let store = MemoryStore::new(&settings);
        let now = OffsetDateTime::now_utc();
        let mut kept = session(now, now);
        kept.sid = Some("x-1".into());
        store.put(kept.clone()).await.expect("put");
        (store, kept)
    }

    #[tokio::test]
    async fn memory_store_round_trip() {
        let (store, kept) = store_holding_one(settings()).await;
        let id = kept.id;
        assert_eq!(store.get(&id).await.expect("get").map(|s| s.id), Some(id.clone()));
        store.remove(&id).await.expect("remove");
        assert!(store.get(&id).await.expect("get").is_none());
    }

    /// A request's reads of one session share one decoded session until the session changes;
    /// the decoded copy of a replaced or removed session is dropped at once.
    #[tokio::test]
    async fn requests_share_the_decoded_session_until_it_changes() {
        let (store, first) = store_holding_one(settings()).await;
        let id = first.id.clone();
        let read = store.get_shared(&id).await.expect("get").expect("kept");
        let again = store.get_shared(&id).await.expect("get").expect("kept");
        assert!(Arc::ptr_eq(&read, &again), "read once, decoded once");
        assert_eq!(read.id, id);

        let mut refreshed = first;
        refreshed.tokens.access_token = "new-access".into();
        store.put(refreshed).await.expect("put");
        assert!(store.decoded.get(&id).is_none(), "the old tokens are not kept");
        let read = store.get_shared(&id).await.expect("get").expect("kept");
        assert_eq!(read.tokens.access_token.text(), "new-access");

        store.remove(&id).await.expect("remove");
        assert!(store.decoded.get(&id).is_none());
        assert!(store.get_shared(&id).await.expect("get").is_none());
    }

    /// A session decoded from a record that has been replaced since (a request that read the
    /// old record while another stored new tokens) is not answered: only the current record's.
    #[tokio::test]
    async fn a_session_decoded_from_a_replaced_record_is_not_answered() {
        let (store, old) = store_holding_one(settings()).await;
        let id = old.id.clone();
        let old_record = store.cache.get(&id).expect("record");
        let mut new = old.clone();
        new.tokens.access_token = "new-access".into();
        store.put(new).await.expect("put");
        // The late request puts what it decoded from the old record after the new one was kept.
        store.decoded.insert(id.clone(), (old_record, Arc::new(old)));
        let read = store.get_shared(&id).await.expect("get").expect("kept");
        assert_eq!(read.tokens.access_token.text(), "new-access");
    }

    /// A back-channel logout drops the decoded session too; with no decoded sessions kept
    /// (`decoded_sessions = 0`) every read decodes its record.
    #[tokio::test]
    async fn logout_and_no_decoded_sessions() {
        let (store, kept) = store_holding_one(settings()).await;
        assert!(store.get_shared(&kept.id).await.expect("get").is_some());
        assert_eq!(store.remove_for_logout("acme", Some("x-1"), None).await.expect("logout").len(), 1);
        assert!(store.decoded.get(&kept.id).is_none());
        assert!(store.get_shared(&kept.id).await.expect("get").is_none());

        let (store, kept) = store_holding_one(SessionSettings { decoded_sessions: 0, ..settings() }).await;
        let read = store.get_shared(&kept.id).await.expect("get").expect("kept");
        let again = store.get_shared(&kept.id).await.expect("get").expect("kept");
        assert!(!Arc::ptr_eq(&read, &again));
        assert_eq!(read.id, again.id);
    }

    /// A JWT of `claims` with an RS256-sized signature, as an issuer signs one.
    fn jwt(claims: &serde_json::Value) -> String {
        use base64::{Engine, engine::general_purpose::URL_SAFE_NO_PAD};
        let header = URL_SAFE_NO_PAD.encode(br#"{"typ":"JWT","alg":"RS256","kid":"acme-1"}"#);
        let signature: Vec<u8> = (0..=255).collect();
        format!("{header}.{}.{}", URL_SAFE_NO_PAD.encode(claims.to_string()), URL_SAFE_NO_PAD.encode(signature))
    }

    /// Every field comes back as it was put, whether set or left out; the id is the entry's key.
    #[tokio::test]
    async fn a_kept_session_reads_back_exactly() {
        let store = MemoryStore::new(&settings());
        let now = OffsetDateTime::now_utc();
        let sparse = session(now, now);
        let mut full = session(now - time::Duration::minutes(5), now);
        let claims = serde_json::json!({ "iss": "https://idp.example/acme", "sub": "s-1", "sid": "x-1" });
        full.sid = Some("x-1".into());
        full.provider = Some("partner".into());
        full.user = serde_json::from_value(serde_json::json!({
            "id": "00000000-0000-0000-0000-000000000002", "tenant_id": "acme", "email": "ada@acme.example",
            "first_name": "Ada", "middle_name": "", "last_name": "Lovelace", "timezone": "Europe/London",
            "roles": ["Learner", "Instructor"],
            "permissions": [{ "name": "Catalog.Read", "scope_id": null }, { "name": "Unit.Read", "scope_id": "u-7" }]
        }))
        .expect("profile");
        full.tokens = Tokens {
            access_token: jwt(&claims).into(),
            access_expires_at: now + time::Duration::seconds(600),
            refresh_token: Some("opaque-refresh_0123456789".into()),
            id_token: jwt(&serde_json::json!({ "iss": "https://idp.example/acme", "sub": "s-1", "nonce": "n" })).into(),
        };
        for original in [sparse, full] {
            store.put(original.clone()).await.expect("put");
            let read = store.get(&original.id).await.expect("get").expect("kept");
            assert_eq!(read.id, original.id);
            assert_eq!(
                serde_json::to_value(&read).expect("json"),
                serde_json::to_value(&original).expect("json"),
                "every field, the tokens' text included"
            );
        }
    }

    /// The two tokens repeat their header, issuer, subject and session id: the record keeps them
    /// once, so it takes less than the fields in postcard alone.
    #[test]
    fn a_record_is_compressed() {
        let now = OffsetDateTime::now_utc();
        let mut s = session(now, now);
        let claims = serde_json::json!({ "iss": "https://idp.example/acme", "sub": "00000000-0000-0000-0000-000000000002", "sid": "x-1" });
        s.tokens.access_token = jwt(&claims).into();
        s.tokens.id_token = jwt(&claims).into();
        let fields = postcard::to_stdvec(&s).expect("fields");
        let record = encode(&s).expect("record");
        assert!(record.len() < fields.len() * 3 / 4, "{} of {}", record.len(), fields.len());
        assert_eq!(
            serde_json::to_value(decode(&s.id, &record).expect("read")).expect("json"),
            serde_json::to_value(&s).expect("json")
        );
    }

    /// A record that cannot be read is no session (and is dropped), never an error on every
    /// request; a back-channel logout passes over it.
    #[tokio::test]
    async fn an_unreadable_record_is_no_session() {
        let store = MemoryStore::new(&settings());
        let now = OffsetDateTime::now_utc();
        let kept = session(now, now);
        let mut record = encode(&kept).expect("record").to_vec();
        let last = record.len() - 1;
        record.truncate(last);
        store.cache.insert("damaged".into(), record.into());
        store.put(kept.clone()).await.expect("put");
        store.cache.run_pending_tasks();
        assert!(store.remove_for_logout("acme", None, Some("s")).await.expect("logout").len() == 1);
        store.cache.insert("damaged".into(), Arc::from(&b"\x05\0\0\0garbage"[..]));
        assert!(store.get("damaged").await.expect("no error").is_none());
        assert!(store.cache.get("damaged").is_none(), "dropped");
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
        store.cache.run_pending_tasks();
        let removed = store.remove_for_logout("acme", Some("x"), Some("s")).await.expect("logout");
        assert_eq!(removed.iter().map(|s| s.id.clone()).collect::<Vec<_>>(), [ids[0].clone()]);
        assert!(store.get(&ids[0]).await.expect("get").is_none());
        assert!(store.get(&ids[1]).await.expect("get").is_some());
        assert_eq!(store.remove_for_logout("acme", None, Some("s")).await.expect("logout").len(), 1);
        assert!(store.get(&ids[2]).await.expect("get").is_some(), "another tenant's session stays");
    }

    /// The head a logout scan reads is the session's tenant, subject and sid, whatever the
    /// order of `Session`'s fields after them.
    #[test]
    fn a_records_head_is_its_tenant_subject_and_sid() {
        let now = OffsetDateTime::now_utc();
        let mut s = session(now, now);
        (s.tenant_id, s.subject, s.sid) = ("globex".into(), "s-9".into(), Some("x-9".into()));
        let record = encode(&s).expect("record");
        let h = head(&record).expect("head");
        assert_eq!((h.tenant_id, h.subject, h.sid), ("globex", "s-9", Some("x-9")));
    }

    /// A scan reads the store in slices; every match of every slice is removed.
    #[tokio::test]
    async fn back_channel_logout_finds_the_sessions_of_every_slice() {
        let mut settings = settings();
        settings.max_sessions = 4 * SCAN_SLICE as u64;
        let store = MemoryStore::new(&settings);
        let now = OffsetDateTime::now_utc();
        for i in 0..3 * SCAN_SLICE {
            let mut s = session(now, now);
            s.subject = format!("s{}", i % 3);
            store.put(s).await.expect("put");
        }
        store.cache.run_pending_tasks();
        let removed = store.remove_for_logout("acme", None, Some("s1")).await.expect("logout");
        assert_eq!(removed.len(), SCAN_SLICE);
        assert!(removed.iter().all(|s| s.subject == "s1"));
        store.cache.run_pending_tasks();
        assert_eq!(store.cache.entry_count(), 2 * SCAN_SLICE as u64);
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
