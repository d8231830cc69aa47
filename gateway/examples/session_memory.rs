//! `session_memory N...`: resident memory of the in-process session store holding N sessions,
//! for `make bench` (tests/load). Each session has the shape of a signed-in `ada`: her profile,
//! an RS256 access and ID token with the sandbox's claims and a refresh token. Prints one JSON line
//! per N: `{"sessions": N, "rss_bytes": R, "baseline_rss_bytes": B, "bytes_per_session": ..,
//! "access_token_chars": .., "id_token_chars": .., "read_ns": .., "logout_scan_ms": ..}` (a
//! request's look-up of its session; a back-channel logout's scan of every session). The memory
//! counts the store's decoded sessions at their full number (`session.decoded_sessions`).

use std::time::Duration;

use contracts::upstream::{Permission, UserProfile};
use figment::{
    Figment,
    providers::{Format, Toml},
};
use gateway::{
    auth::session::{MemoryStore, Session, SessionStore, Tokens, new_session_id},
    config::SessionSettings,
};
use time::OffsetDateTime;

/// The gateway's allocator (see `main.rs`), so the memory is the gateway's.
#[global_allocator]
static ALLOCATOR: tikv_jemallocator::Jemalloc = tikv_jemallocator::Jemalloc;

fn rss_bytes() -> u64 {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmRSS:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse::<u64>().ok())
        .map_or(0, |kb| kb * 1024)
}

/// `n` random bytes, base64url: the sandbox's opaque tokens (refresh, `sid`, `jti`) are 32.
fn random(n: usize) -> String {
    use base64::{Engine, engine::general_purpose::URL_SAFE_NO_PAD};
    let bytes: Vec<u8> = (0..n).map(|_| rand::random::<u8>()).collect();
    URL_SAFE_NO_PAD.encode(bytes)
}

/// A JWT as the sandbox signs one: an RS256 header with its key id, `claims`, and a 2048-bit
/// RSA signature (256 random bytes stand in for it; a signature does not compress either).
fn jwt(claims: &serde_json::Value) -> String {
    use base64::{Engine, engine::general_purpose::URL_SAFE_NO_PAD};
    let header = URL_SAFE_NO_PAD.encode(br#"{"typ":"JWT","alg":"RS256","kid":"acme-2026-1"}"#);
    let claims = URL_SAFE_NO_PAD.encode(claims.to_string());
    format!("{header}.{claims}.{}", random(256))
}

fn session(now: OffsetDateTime) -> Session {
    let (user, sid) = (uuid::Uuid::new_v4(), random(32));
    let (iat, issuer) = (now.unix_timestamp(), "http://sandbox.localhost:8081/t/acme/idp");
    // The claims the sandbox's token endpoint writes (tests/sandbox/src/idp/token.rs).
    let access = jwt(&serde_json::json!({
        "iss": issuer, "sub": user, "aud": "learner-portal", "exp": iat + 600, "iat": iat, "sid": sid,
        "tenant": "acme", "scope": "openid profile email offline_access", "jti": random(32),
    }));
    let id_token = jwt(&serde_json::json!({
        "iss": issuer, "sub": user, "aud": "learner-portal", "exp": iat + 3600, "iat": iat,
        "auth_time": iat, "nonce": random(32), "sid": sid, "at_hash": random(16),
        "email": "ada@acme.example", "name": "Ada Lovelace", "given_name": "Ada",
        "family_name": "Lovelace", "preferred_username": "ada",
    }));
    let permission = |name: &str| Permission { name: name.into(), scope_id: None };
    Session {
        id: new_session_id(),
        tenant_id: "acme".into(),
        subject: user.to_string(),
        sid: Some(sid),
        provider: None,
        user: UserProfile {
            id: user,
            tenant_id: "acme".into(),
            email: "ada@acme.example".into(),
            first_name: Some("Ada".into()),
            middle_name: None,
            last_name: Some("Lovelace".into()),
            timezone: Some("Europe/London".into()),
            roles: vec!["Learner".into()],
            permissions: vec![
                permission("ObjectiveWorkflow.Create"),
                permission("ObjectiveWorkflow.Read"),
                permission("Catalog.Read"),
            ],
        },
        tokens: Tokens {
            access_token: access.as_str().into(),
            access_expires_at: now + time::Duration::minutes(10),
            refresh_token: Some(random(32).as_str().into()),
            id_token: id_token.as_str().into(),
        },
        created_at: now,
        last_seen: now,
    }
}

/// Nanoseconds a request's look-up of its session takes (the median of 25 rounds of 2,000): its
/// record, then the session decoded from it by the first look-up.
async fn read_ns(store: &MemoryStore, sample: &Session) -> f64 {
    store.put(sample.clone()).await.expect("put");
    let mut rounds = Vec::with_capacity(25);
    for _ in 0..25 {
        let started = std::time::Instant::now();
        for _ in 0..2_000 {
            let session = store.get_shared(&sample.id).await.expect("read").expect("kept");
            std::hint::black_box(session);
        }
        rounds.push(started.elapsed().as_nanos() as f64 / 2_000.0);
    }
    store.remove(&sample.id).await.expect("remove");
    rounds.sort_by(f64::total_cmp);
    rounds[rounds.len() / 2]
}

#[tokio::main(flavor = "current_thread")]
async fn main() {
    let counts: Vec<u64> = std::env::args().skip(1).filter_map(|a| a.parse().ok()).collect();
    let counts = if counts.is_empty() { vec![10_000, 100_000] } else { counts };
    // The session settings of `config/default.toml` (the decoded sessions among them), with room
    // for every session asked for.
    let default_toml = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../config/default.toml");
    let mut settings: SessionSettings = Figment::from(Toml::file_exact(default_toml))
        .extract_inner("session")
        .expect("the [session] section of config/default.toml");
    settings.max_sessions = counts.iter().copied().max().unwrap_or(0) + 1;
    let decoded = usize::try_from(settings.decoded_sessions).expect("decoded sessions fit in memory");
    let sample = session(OffsetDateTime::now_utc());
    let (access_chars, id_chars) = (sample.tokens.access_token.text().len(), sample.tokens.id_token.text().len());
    let store = MemoryStore::new(&settings);
    tokio::time::sleep(Duration::from_millis(50)).await;
    let baseline = rss_bytes();
    let now = OffsetDateTime::now_utc();
    let mut held = 0u64;
    for n in counts {
        let mut latest = std::collections::VecDeque::new();
        while held < n {
            let s = session(now);
            latest.push_back(s.id.clone());
            if latest.len() > decoded {
                latest.pop_front();
            }
            store.put(s).await.expect("put");
            held += 1;
        }
        // The latest sessions read once each, as requests would: the decoded ones are full.
        for id in &latest {
            store.get_shared(id).await.expect("read").expect("kept");
        }
        // Let the cache's housekeeping catch up before reading the memory.
        tokio::time::sleep(Duration::from_millis(200)).await;
        let rss = rss_bytes();
        let per = rss.saturating_sub(baseline) as f64 / n as f64;
        let read_ns = read_ns(&store, &sample).await;
        // A back-channel logout of an issuer session no one has: a scan of every record.
        let started = std::time::Instant::now();
        let removed = store.remove_for_logout("acme", Some("no-such-sid"), None).await.expect("scan");
        let scan_ms = started.elapsed().as_secs_f64() * 1000.0;
        assert!(removed.is_empty());
        println!(
            "{{\"sessions\": {n}, \"rss_bytes\": {rss}, \"baseline_rss_bytes\": {baseline}, \"bytes_per_session\": {per:.0}, \"access_token_chars\": {access_chars}, \"id_token_chars\": {id_chars}, \"read_ns\": {read_ns:.0}, \"logout_scan_ms\": {scan_ms:.1}}}"
        );
    }
}
