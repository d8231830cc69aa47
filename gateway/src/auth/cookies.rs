//! The two cookies the gateway sets, and reading them back.
//!
//! - the session cookie: opaque id, host-only, HttpOnly, Path=/; named `__Host-lp_session` over
//!   https and `lp_session` on plain-http loopback only;
//! - the pending-login cookie: the logins this browser started, each sealed (see
//!   [`super::pending`]), at most `session.max_pending_logins` and [`MAX_PENDING_COOKIE_CHARS`],
//!   so tabs never pile cookies up; `__Host-lp_login` (Path=/) over https, `lp_login`
//!   (Path=/oidc) on plain-http loopback.
//!
//! Both are `SameSite=Lax`, except for tenants with `cross_site_embedding`: there they are always
//! `SameSite=None; Secure; Partitioned` (CHIPS), so a frame in a page of another site gets and
//! sends them, in its own jar keyed by the embedding site. That holds on plain-http loopback
//! too: browsers refuse `SameSite=None` without `Secure`, and Chromium treats `localhost`,
//! `*.localhost`, `127.0.0.1` and `[::1]` as secure contexts whose `Secure` cookies it keeps over
//! plain http. The names stay `lp_session` / `lp_login` there, as the `__Host-` prefix needs
//! https. Plain http is only ever served on such loopback hosts (see
//! [`Portal::resolve`]), so such a tenant never falls back to a `Lax` cookie a
//! cross-site frame would not send.

use axum::http::{HeaderMap, HeaderValue, header};
use cookie::{Cookie, CookieBuilder, SameSite, time::Duration};

use crate::tenant::Portal;

/// Session cookie name for a request.
pub fn session_cookie_name(portal: &Portal) -> &'static str {
    if portal.secure() { "__Host-lp_session" } else { "lp_session" }
}

/// Pending-login cookie name for a request.
pub fn pending_cookie_name(portal: &Portal) -> &'static str {
    if portal.secure() { "__Host-lp_login" } else { "lp_login" }
}

/// The value of cookie `name` in the request's Cookie headers, if present once or more (first wins).
///
/// Read as the cookie crate's `Cookie::split_parse` reads a Cookie header (pairs split at `;`,
/// name and value trimmed, pieces without `=` skipped; a property test holds the two to the same
/// answer), without building a whole cookie, attributes and all, of every pair: every API request
/// reads its session cookie, and that took about 1,600 instructions a read.
///
/// A value that is text (`HeaderValue::to_str`) has no whitespace but spaces and tabs, so the
/// ASCII trim is the cookie crate's (Unicode) one.
pub fn read(headers: &HeaderMap, name: &str) -> Option<String> {
    headers
        .get_all(header::COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(';'))
        .filter_map(|pair| pair.split_once('='))
        .find(|(n, _)| n.trim_ascii() == name)
        .map(|(_, value)| value.trim_ascii().to_owned())
}

/// The value of the request's session cookie, as the tenant layer read it
/// ([`read`] with [`session_cookie_name`]) for its session slots, so the session extractor
/// (`crate::auth::extract`) does not read the Cookie header again.
#[derive(Debug, Clone)]
pub struct SessionCookie(pub String);

/// Whether this request's cookies are the cross-site (partitioned) kind.
fn cross_site(portal: &Portal) -> bool {
    portal.tenant.config.cross_site_embedding
}

/// The attributes every cookie of ours has for this request.
fn attributes<'c>(builder: CookieBuilder<'c>, portal: &Portal) -> CookieBuilder<'c> {
    // `SameSite=None` needs `Secure`; on plain-http loopback browsers keep it (secure context).
    let builder = builder.http_only(true).secure(portal.secure() || cross_site(portal));
    if cross_site(portal) {
        builder.same_site(SameSite::None).partitioned(true)
    } else {
        builder.same_site(SameSite::Lax)
    }
}

/// `Set-Cookie` for a new session id.
pub fn session(portal: &Portal, id: &str) -> HeaderValue {
    let cookie = attributes(Cookie::build((session_cookie_name(portal), id.to_owned())).path("/"), portal).build();
    to_header(&cookie)
}

/// `Set-Cookie` that removes the session cookie.
pub fn clear_session(portal: &Portal) -> HeaderValue {
    let cookie =
        attributes(Cookie::build((session_cookie_name(portal), "")).path("/"), portal).max_age(Duration::ZERO).build();
    to_header(&cookie)
}

/// States of pending logins named by the browser's pending-login cookie `name`.
pub fn pending_states(headers: &HeaderMap, name: &str) -> Vec<String> {
    read(headers, name).map(|v| parse_pending_states(&v)).unwrap_or_default()
}

/// Longest entry of the pending-login cookie.
pub const MAX_PENDING_ENTRY_CHARS: usize = 2048;

/// Longest pending-login cookie value: browsers keep cookies up to about 4 KB.
pub const MAX_PENDING_COOKIE_CHARS: usize = 3600;

/// The entries of a pending-login cookie value (`.`-separated, each at most
/// [`MAX_PENDING_ENTRY_CHARS`] characters).
pub fn parse_pending_states(value: &str) -> Vec<String> {
    value.split('.').filter(|s| !s.is_empty() && s.len() <= MAX_PENDING_ENTRY_CHARS).map(String::from).collect()
}

/// `Set-Cookie` for the pending-login list (newest last), trimmed to `max` entries and
/// [`MAX_PENDING_COOKIE_CHARS`] (oldest first).
pub fn pending(portal: &Portal, mut states: Vec<String>, max: usize, ttl_secs: u64) -> HeaderValue {
    if states.len() > max {
        states.drain(..states.len() - max);
    }
    while states.len() > 1 && states.iter().map(|s| s.len() + 1).sum::<usize>() > MAX_PENDING_COOKIE_CHARS {
        states.remove(0);
    }
    let path = if portal.secure() { "/" } else { "/oidc" };
    let builder = attributes(Cookie::build((pending_cookie_name(portal), states.join("."))).path(path), portal);
    let builder = if states.is_empty() {
        builder.max_age(Duration::ZERO)
    } else {
        builder.max_age(Duration::seconds(i64::try_from(ttl_secs).unwrap_or(i64::MAX)))
    };
    to_header(&builder.build())
}

/// One fuzzing input: the bytes of a Cookie header. Reading our cookies must never panic, and
/// the pending entries it yields are each 1 to [`MAX_PENDING_ENTRY_CHARS`] characters without `.`; used by the `cookies`
/// fuzz target and the corpus replay test.
pub fn check_fuzz_input(data: &[u8]) {
    let Ok(value) = HeaderValue::from_bytes(data) else { return };
    let mut headers = HeaderMap::new();
    headers.append(header::COOKIE, value.clone());
    headers.append(header::COOKIE, value);
    for name in ["lp_session", "__Host-lp_session", "lp_login", "__Host-lp_login"] {
        let _ = read(&headers, name);
        for state in pending_states(&headers, name) {
            assert!(
                (1..=MAX_PENDING_ENTRY_CHARS).contains(&state.len()) && !state.contains('.'),
                "bad state {state:?}"
            );
        }
    }
}

fn to_header(cookie: &Cookie<'_>) -> HeaderValue {
    HeaderValue::from_str(&cookie.encoded().to_string()).expect("cookie values are ASCII tokens")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::Config;

    /// A request on `host` to a tenant with `cross_site_embedding` as given; `localhost` is
    /// plain-http loopback, any other host https.
    fn portal_on(host: &str, cross_site_embedding: bool) -> Portal {
        let config = Config::with_defaults(&format!(
            r#"[tenants.t]
            hosts = ["localhost", "portal.example"]
            allow_http_loopback = true
            cross_site_embedding = {cross_site_embedding}
            api_url = "https://lms.example/api/"
            [tenants.t.oidc]
            issuer = "https://idp.example/realms/t"
            client_id = "c"
            [tenants.t.ui]
            parent_origins = ["https://intranet.partner.example"]"#
        ));
        Portal::for_test(&config, host)
    }

    /// What the cookie crate reads as cookie `name` of these Cookie headers.
    fn read_by_the_cookie_crate(values: &[String], name: &str) -> Option<String> {
        values
            .iter()
            .flat_map(|v| Cookie::split_parse(v.as_str()))
            .filter_map(Result::ok)
            .find(|c| c.name() == name)
            .map(|c| c.value().to_owned())
    }

    proptest::proptest! {
        /// Whatever a browser (or anyone) sends as Cookie headers, the session cookie read is
        /// the one the cookie crate reads.
        #[test]
        fn a_cookie_is_read_as_the_cookie_crate_reads_it(
            values in proptest::collection::vec("(( |\\t)*(lp_session|lp|x|)( |\\t)*(=( |\\t|[!-~])*)?;?)*", 0..3),
            name in "lp_session|lp|x",
        ) {
            let mut headers = HeaderMap::new();
            for value in &values {
                headers.append(header::COOKIE, HeaderValue::from_str(value).expect("visible ASCII"));
            }
            proptest::prop_assert_eq!(read(&headers, &name), read_by_the_cookie_crate(&values, &name));
        }
    }

    #[test]
    fn the_first_of_several_cookies_of_a_name_is_read() {
        let mut headers = HeaderMap::new();
        headers.append(header::COOKIE, HeaderValue::from_static("a=1; lp_session = one ;lp_session=two"));
        headers.append(header::COOKIE, HeaderValue::from_static("lp_session=three"));
        assert_eq!(read(&headers, "lp_session").as_deref(), Some("one"));
        assert_eq!(read(&headers, "a").as_deref(), Some("1"));
        assert_eq!(read(&headers, "lp").as_deref(), None);
    }

    fn literal(value: HeaderValue) -> String {
        value.to_str().expect("ascii").to_string()
    }

    #[test]
    fn cross_site_tenants_get_partitioned_none_cookies_over_https() {
        let portal = portal_on("portal.example", true);
        assert_eq!(
            literal(session(&portal, "abc")),
            "__Host-lp_session=abc; HttpOnly; SameSite=None; Partitioned; Secure; Path=/"
        );
        assert_eq!(
            literal(pending(&portal, vec!["s1".into(), "s2".into()], 5, 600)),
            "__Host-lp_login=s1.s2; HttpOnly; SameSite=None; Partitioned; Secure; Path=/; Max-Age=600"
        );
        assert_eq!(
            literal(clear_session(&portal)),
            "__Host-lp_session=; HttpOnly; SameSite=None; Partitioned; Secure; Path=/; Max-Age=0"
        );
    }

    #[test]
    fn cross_site_tenants_get_partitioned_none_secure_cookies_on_plain_http_loopback_too() {
        // Chromium keeps Secure cookies of loopback hosts over http; the names lack `__Host-`.
        let http = portal_on("localhost:8080", true);
        assert_eq!(
            literal(session(&http, "abc")),
            "lp_session=abc; HttpOnly; SameSite=None; Partitioned; Secure; Path=/"
        );
        assert_eq!(
            literal(pending(&http, vec!["s1".into()], 5, 600)),
            "lp_login=s1; HttpOnly; SameSite=None; Partitioned; Secure; Path=/oidc; Max-Age=600"
        );
        assert_eq!(
            literal(clear_session(&http)),
            "lp_session=; HttpOnly; SameSite=None; Partitioned; Secure; Path=/; Max-Age=0"
        );
    }

    #[test]
    fn other_tenants_keep_lax_cookies() {
        let https = portal_on("portal.example", false);
        assert_eq!(literal(session(&https, "abc")), "__Host-lp_session=abc; HttpOnly; SameSite=Lax; Secure; Path=/");
        assert_eq!(
            literal(pending(&https, vec!["s1".into()], 5, 600)),
            "__Host-lp_login=s1; HttpOnly; SameSite=Lax; Secure; Path=/; Max-Age=600"
        );
        let http = portal_on("localhost:8080", false);
        assert_eq!(literal(session(&http, "abc")), "lp_session=abc; HttpOnly; SameSite=Lax; Path=/");
        assert_eq!(
            literal(pending(&http, vec!["s1".into()], 5, 600)),
            "lp_login=s1; HttpOnly; SameSite=Lax; Path=/oidc; Max-Age=600"
        );
    }

    #[test]
    fn pending_cookie_keeps_only_the_newest_logins() {
        let portal = portal_on("localhost:8080", false);
        let states: Vec<String> = (1..=7).map(|i| format!("s{i}")).collect();
        assert_eq!(
            literal(pending(&portal, states, 5, 600)),
            "lp_login=s3.s4.s5.s6.s7; HttpOnly; SameSite=Lax; Path=/oidc; Max-Age=600"
        );
        assert_eq!(
            literal(pending(&portal, vec![], 5, 600)),
            "lp_login=; HttpOnly; SameSite=Lax; Path=/oidc; Max-Age=0"
        );
        assert_eq!(parse_pending_states("a..b.".to_string().as_str()), ["a", "b"]);
        assert!(parse_pending_states(&"x".repeat(MAX_PENDING_ENTRY_CHARS + 1)).is_empty());
        let big: Vec<String> = (0..5).map(|i| format!("{i}").repeat(1000)).collect();
        let trimmed = literal(pending(&portal, big, 5, 600));
        assert!(trimmed.starts_with("lp_login=2222") && trimmed.contains(".4444"), "{trimmed}");
    }

    #[test]
    fn reads_the_named_cookie_among_many() {
        let mut headers = HeaderMap::new();
        headers.append(header::COOKIE, HeaderValue::from_static("a=1; lp_session=abc; b=2"));
        headers.append(header::COOKIE, HeaderValue::from_static("lp_session=second"));
        assert_eq!(read(&headers, "lp_session").as_deref(), Some("abc"));
        assert_eq!(read(&headers, "missing"), None);
    }

    #[test]
    fn garbage_cookie_headers_are_ignored() {
        let mut headers = HeaderMap::new();
        headers.append(header::COOKIE, HeaderValue::from_static(";;=;lp_session"));
        headers.append(header::COOKIE, HeaderValue::from_bytes(b"\xff\xfe").expect("opaque bytes"));
        assert_eq!(read(&headers, "lp_session"), None);
    }
}
