//! `session_memory N...`: resident memory of the in-process session store holding N sessions,
//! for `make bench` (tests/load). Each session has the shape of a signed-in `ada`: her profile,
//! an RS256 access and ID token of the sandbox's size and a refresh token. Prints one JSON line
//! per N: `{"sessions": N, "rss_bytes": R, "baseline_rss_bytes": B, "bytes_per_session": ..}`.

use std::time::Duration;

use contracts::upstream::{Permission, UserProfile};
use gateway::{
    auth::session::{MemoryStore, Session, SessionStore, Tokens, new_session_id},
    config::{SessionSettings, SessionStoreKind},
};
use time::OffsetDateTime;

/// The gateway's allocator (see `main.rs`), so the memory is the gateway's.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// Sizes of the sandbox's tokens (a signed JWT of its claims, base64url).
const ACCESS_TOKEN_CHARS: usize = 820;
const ID_TOKEN_CHARS: usize = 780;
const REFRESH_TOKEN_CHARS: usize = 43;

fn rss_bytes() -> u64 {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmRSS:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse::<u64>().ok())
        .map_or(0, |kb| kb * 1024)
}

fn token(n: usize, seed: &str) -> String {
    seed.chars().cycle().take(n).collect()
}

/// A signed JWT of about `n` characters, shaped as the sandbox's: an RS256 header, claims and a
/// 256-byte signature, each base64url.
fn jwt(n: usize, seed: &str) -> String {
    use base64::{Engine, engine::general_purpose::URL_SAFE_NO_PAD};
    let header = URL_SAFE_NO_PAD.encode(br#"{"alg":"RS256","kid":"acme-2026-1","typ":"JWT"}"#);
    let signature = URL_SAFE_NO_PAD.encode(token(256, seed).as_bytes());
    let claims_chars = n.saturating_sub(header.len() + signature.len() + 2);
    let claims = URL_SAFE_NO_PAD.encode(token(claims_chars * 3 / 4, seed).as_bytes());
    format!("{header}.{claims}.{signature}")
}

fn session(now: OffsetDateTime) -> Session {
    let id = new_session_id();
    let permission = |name: &str| Permission { name: name.into(), scope_id: None };
    Session {
        id: id.clone(),
        tenant_id: "acme".into(),
        subject: uuid::Uuid::new_v4().to_string(),
        sid: Some(uuid::Uuid::new_v4().to_string()),
        provider: None,
        user: UserProfile {
            id: uuid::Uuid::new_v4(),
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
            access_token: jwt(ACCESS_TOKEN_CHARS, &id).as_str().into(),
            access_expires_at: now + time::Duration::minutes(10),
            refresh_token: Some(token(REFRESH_TOKEN_CHARS, &id).as_str().into()),
            id_token: jwt(ID_TOKEN_CHARS, &id).as_str().into(),
        },
        created_at: now,
        last_seen: now,
    }
}

#[tokio::main(flavor = "current_thread")]
async fn main() {
    let counts: Vec<u64> = std::env::args().skip(1).filter_map(|a| a.parse().ok()).collect();
    let counts = if counts.is_empty() { vec![10_000, 100_000] } else { counts };
    let settings = SessionSettings {
        idle_timeout_secs: 7200,
        absolute_lifetime_secs: 43200,
        max_sessions: counts.iter().copied().max().unwrap_or(0) + 1,
        max_pending_logins: 5,
        pending_login_ttl_secs: 600,
        store: SessionStoreKind::Memory,
        touch_write_interval_secs: 60,
        refresh_lock_ttl_ms: 20_000,
        refresh_lock_wait_ms: 10_000,
        logout_token_max_age_secs: 120,
        adopt_code_ttl_secs: 60,
        encryption_keys: None,
    };
    let store = MemoryStore::new(&settings);
    tokio::time::sleep(Duration::from_millis(50)).await;
    let baseline = rss_bytes();
    let now = OffsetDateTime::now_utc();
    let mut held = 0u64;
    for n in counts {
        while held < n {
            store.put(session(now)).await.expect("put");
            held += 1;
        }
        // Let the cache's housekeeping catch up before reading the memory.
        tokio::time::sleep(Duration::from_millis(200)).await;
        let rss = rss_bytes();
        let per = rss.saturating_sub(baseline) as f64 / n as f64;
        println!(
            "{{\"sessions\": {n}, \"rss_bytes\": {rss}, \"baseline_rss_bytes\": {baseline}, \"bytes_per_session\": {per:.0}}}"
        );
    }
}
