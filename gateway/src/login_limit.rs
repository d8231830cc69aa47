//! How often one client address may start a sign-in (`GET /oidc/login`).
//!
//! A started login costs the gateway no memory (it lives sealed in the browser's own cookie, see
//! [`crate::auth::pending`]), but each one is still work here and a sign-in page at the issuer.
//! Each client address may start `login_rate_limit.burst` sign-ins at once and
//! `login_rate_limit.requests_per_minute` sustained (GCRA, from `governor`); beyond that it gets
//! 429 with a problem body and `Retry-After`, and other addresses are not affected.
//!
//! The client address is the connection's peer. Only when the peer is one of
//! `trusted_proxies` is `X-Forwarded-For` read: the client is its right-most address that is
//! not a trusted proxy (every entry left of it was written by the client itself and proves
//! nothing; an entry that is not an address stops the walk at the last trusted hop). IPv6
//! clients are counted per /64 network, the smallest a single host is usually given.
//!
//! The counts live in a bounded moka cache of at most `login_rate_limit.max_clients`
//! addresses, each forgotten once idle for as long as a whole burst takes to come back (it
//! then equals a fresh count anyway): memory stays bounded however many addresses call. When
//! more addresses than that are active at once, the cache's admission policy keeps the most
//! frequent ones (a flooding address is frequent); an address not kept starts afresh.

use std::{
    net::{IpAddr, Ipv6Addr, SocketAddr},
    num::NonZeroU32,
    sync::Arc,
    time::Duration,
};

use axum::{
    extract::{ConnectInfo, Request, State},
    http::{HeaderMap, HeaderValue, StatusCode, header},
    middleware::Next,
    response::Response,
};
use governor::{
    Quota, RateLimiter,
    clock::{Clock, DefaultClock},
    nanos::Nanos,
    state::{InMemoryState, NotKeyed, StateStore},
};
use ipnet::IpNet;

use crate::{config::LoginRateLimit, error::problem};

/// The rate-limit state of each client address, in a bounded cache (clones share it).
#[derive(Debug, Clone)]
pub struct AddressStore {
    states: moka::sync::Cache<IpAddr, Arc<InMemoryState>>,
}

impl AddressStore {
    fn new(max_clients: u64, forget_after: Duration) -> Self {
        let states = moka::sync::Cache::builder().max_capacity(max_clients).time_to_idle(forget_after).build();
        AddressStore { states }
    }
}

impl StateStore for AddressStore {
    type Key = IpAddr;

    fn measure_and_replace<T, F, E>(&self, key: &IpAddr, f: F) -> Result<T, E>
    where
        F: Fn(Option<Nanos>) -> Result<(T, Nanos), E>,
    {
        let state = self.states.get_with(*key, || Arc::new(InMemoryState::default()));
        state.measure_and_replace(&NotKeyed::NonKey, f)
    }
}

/// Counts sign-in starts per client address.
#[derive(Debug)]
pub struct LoginLimiter {
    limiter: RateLimiter<IpAddr, AddressStore, DefaultClock>,
    /// The limiter's store, for its size.
    store: AddressStore,
    trusted_proxies: Vec<IpNet>,
}

impl LoginLimiter {
    /// A limiter with `settings`, reading `X-Forwarded-For` only from `trusted_proxies`.
    pub fn new(settings: &LoginRateLimit, trusted_proxies: Vec<IpNet>) -> Self {
        // The configuration checks both are positive.
        let per_minute = NonZeroU32::new(settings.requests_per_minute).unwrap_or(NonZeroU32::MIN);
        let burst = NonZeroU32::new(settings.burst).unwrap_or(NonZeroU32::MIN);
        let quota = Quota::per_minute(per_minute).allow_burst(burst);
        let forget_after = quota.burst_size_replenished_in().max(Duration::from_secs(1));
        let store = AddressStore::new(settings.max_clients, forget_after);
        let limiter = RateLimiter::new(quota, store.clone(), DefaultClock::default());
        LoginLimiter { limiter, store, trusted_proxies }
    }

    /// Counts one sign-in start of `client`: `Err` with the time to wait when it is one too many.
    pub fn check(&self, client: IpAddr) -> Result<(), Duration> {
        self.limiter.check_key(&client).map_err(|not_until| not_until.wait_time_from(self.limiter.clock().now()))
    }

    /// The address counted for a request from `peer` with `headers` (see the module docs).
    pub fn client(&self, peer: IpAddr, headers: &HeaderMap) -> IpAddr {
        let mut client = canonical(peer);
        if !self.is_trusted(client) {
            return counted(client);
        }
        // Every X-Forwarded-For line as one list, walked from the right (the nearest hop).
        'walk: for value in headers.get_all("x-forwarded-for").iter().rev() {
            let Ok(value) = value.to_str() else { break };
            for entry in value.rsplit(',') {
                let Some(address) = parse_entry(entry) else { break 'walk };
                client = address;
                if !self.is_trusted(address) {
                    break 'walk;
                }
            }
        }
        counted(client)
    }

    /// Addresses whose counts are kept now (after the cache's pending evictions).
    pub fn tracked_clients(&self) -> u64 {
        self.store.states.run_pending_tasks();
        self.store.states.entry_count()
    }

    fn is_trusted(&self, address: IpAddr) -> bool {
        self.trusted_proxies.iter().any(|net| net.contains(&address))
    }
}

/// An `X-Forwarded-For` entry: an address, perhaps with a port (`192.0.2.1:443`, `[2001:db8::1]:443`).
fn parse_entry(entry: &str) -> Option<IpAddr> {
    let entry = entry.trim();
    let address = entry.parse::<IpAddr>().ok().or_else(|| entry.parse::<SocketAddr>().ok().map(|s| s.ip()))?;
    Some(canonical(address))
}

/// An IPv4 address written as IPv6 (`::ffff:192.0.2.1`, from a dual-stack socket) as IPv4.
fn canonical(address: IpAddr) -> IpAddr {
    match address {
        IpAddr::V6(v6) => v6.to_ipv4_mapped().map_or(address, IpAddr::V4),
        v4 => v4,
    }
}

/// What is counted for `address`: itself for IPv4, its /64 network for IPv6.
fn counted(address: IpAddr) -> IpAddr {
    match address {
        IpAddr::V6(v6) => IpAddr::V6(Ipv6Addr::from(u128::from(v6) & !(u128::from(u64::MAX)))),
        v4 => v4,
    }
}

/// Route layer of `GET /oidc/login`: 429 with `Retry-After` for a client address past its limit.
pub async fn limit(State(limiter): State<Arc<LoginLimiter>>, req: Request, next: Next) -> Response {
    // Requests not served by `crate::serve` (in-process tests) have no peer: nothing to count.
    let Some(peer) = req.extensions().get::<ConnectInfo<SocketAddr>>().map(|c| c.0.ip()) else {
        return next.run(req).await;
    };
    let client = limiter.client(peer, req.headers());
    match limiter.check(client) {
        Ok(()) => next.run(req).await,
        Err(wait) => {
            let secs = (wait.as_secs() + u64::from(wait.subsec_nanos() > 0)).max(1);
            tracing::debug!(%client, retry_after = secs, "too many sign-in starts");
            let detail = format!("Too many sign-ins were started from this address. Try again in {secs} s.");
            let mut response = problem(StatusCode::TOO_MANY_REQUESTS, "too_many_requests", Some(detail));
            response.headers_mut().insert(header::RETRY_AFTER, HeaderValue::from(secs));
            response
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn limiter(per_minute: u32, burst: u32, max_clients: u64, trusted: &[&str]) -> LoginLimiter {
        let settings = LoginRateLimit { requests_per_minute: per_minute, burst, max_clients };
        let net = |t: &&str| t.parse::<IpNet>().unwrap_or_else(|_| IpNet::from(ip(t)));
        LoginLimiter::new(&settings, trusted.iter().map(net).collect())
    }

    fn ip(s: &str) -> IpAddr {
        s.parse().expect("address")
    }

    fn forwarded(values: &[&str]) -> HeaderMap {
        let mut headers = HeaderMap::new();
        for v in values {
            headers.append("x-forwarded-for", HeaderValue::from_str(v).expect("value"));
        }
        headers
    }

    #[test]
    fn a_burst_then_the_sustained_rate_per_address_and_other_addresses_unaffected() {
        let limiter = limiter(60, 5, 100, &[]);
        for i in 0..5 {
            assert_eq!(limiter.check(ip("192.0.2.1")), Ok(()), "start {i} of the burst");
        }
        let wait = limiter.check(ip("192.0.2.1")).expect_err("one too many");
        assert!(wait > Duration::ZERO && wait <= Duration::from_secs(1), "one a second comes back: {wait:?}");
        assert_eq!(limiter.check(ip("192.0.2.2")), Ok(()), "another address has its own count");
    }

    #[test]
    fn without_a_trusted_peer_forwarded_for_is_ignored() {
        let limiter = limiter(60, 5, 100, &[]);
        assert_eq!(limiter.client(ip("198.51.100.7"), &forwarded(&["203.0.113.9"])), ip("198.51.100.7"));
        let limiter = self::limiter(60, 5, 100, &["10.0.0.0/8"]);
        assert_eq!(limiter.client(ip("198.51.100.7"), &forwarded(&["203.0.113.9"])), ip("198.51.100.7"));
    }

    #[test]
    fn from_a_trusted_peer_the_right_most_untrusted_forwarded_address_is_the_client() {
        let limiter = limiter(60, 5, 100, &["10.0.0.0/8", "127.0.0.1"]);
        let peer = ip("127.0.0.1");
        // The client forged the left-most entry; the proxies appended the rest.
        let chain = forwarded(&["6.6.6.6, 203.0.113.9, 10.1.2.3"]);
        assert_eq!(limiter.client(peer, &chain), ip("203.0.113.9"));
        // The same over several header lines.
        assert_eq!(limiter.client(peer, &forwarded(&["6.6.6.6", "203.0.113.9", "10.1.2.3"])), ip("203.0.113.9"));
        // Ports are dropped; every hop trusted: the left-most is the client.
        assert_eq!(limiter.client(peer, &forwarded(&["203.0.113.9:4711"])), ip("203.0.113.9"));
        assert_eq!(limiter.client(peer, &forwarded(&["10.0.0.1, 10.0.0.2"])), ip("10.0.0.1"));
        // No header, or a garbled nearest entry: the trusted hop itself.
        assert_eq!(limiter.client(peer, &HeaderMap::new()), peer);
        assert_eq!(limiter.client(peer, &forwarded(&["203.0.113.9, unknown"])), peer);
        assert_eq!(limiter.client(peer, &forwarded(&["203.0.113.9, unknown, 10.0.0.5"])), ip("10.0.0.5"));
        assert_eq!(limiter.client(peer, &forwarded(&["garbage, 203.0.113.9"])), ip("203.0.113.9"));
    }

    #[test]
    fn ipv6_clients_are_counted_per_64_and_mapped_ipv4_as_ipv4() {
        let limiter = limiter(60, 5, 100, &[]);
        assert_eq!(limiter.client(ip("2001:db8:1:2:aaaa::1"), &HeaderMap::new()), ip("2001:db8:1:2::"));
        assert_eq!(limiter.client(ip("::ffff:192.0.2.1"), &HeaderMap::new()), ip("192.0.2.1"));
        for i in 0..5 {
            assert_eq!(limiter.check(limiter.client(ip(&format!("2001:db8::{i}")), &HeaderMap::new())), Ok(()));
        }
        let next = limiter.client(ip("2001:db8::ffff"), &HeaderMap::new());
        assert!(limiter.check(next).is_err(), "another address of the same /64 shares its count");
    }

    #[test]
    fn a_hundred_thousand_addresses_keep_at_most_max_clients_and_a_flood_stays_limited() {
        const MAX_CLIENTS: u64 = 1_000;
        let limiter = limiter(60, 5, MAX_CLIENTS, &[]);
        let flood = ip("192.0.2.66");
        let mut flood_passed = 0;
        for i in 0u32..100_000 {
            let _ = limiter.check(IpAddr::V4((0x0a00_0000 + i).into()));
            if i % 10 == 0 && limiter.check(flood).is_ok() {
                flood_passed += 1;
            }
        }
        let tracked = limiter.tracked_clients();
        println!("100,000 addresses: {tracked} kept (max {MAX_CLIENTS}), {flood_passed} of 10,000 flood starts passed");
        assert!(tracked <= MAX_CLIENTS, "{tracked} addresses kept");
        // The flooding address is frequent, so it is kept and stays limited (a burst of 5, then
        // one a second while the loop runs).
        assert!(flood_passed < 100, "{flood_passed} flood starts passed");
    }
}
