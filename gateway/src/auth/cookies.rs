//! The two cookies the gateway sets, and reading them back.
//!
//! - the session cookie: opaque id, host-only, HttpOnly, SameSite=Lax, Path=/; named
//!   `__Host-lp_session` over https and `lp_session` on plain-http loopback only;
//! - the pending-login cookie `lp_login` (Path=/oidc): the `state` values of logins this browser
//!   started, at most `session.max_pending_logins`, so tabs never pile cookies up.

use axum::http::{HeaderMap, HeaderValue, header};
use cookie::{Cookie, SameSite, time::Duration};

use crate::tenant::RequestTenant;

/// Session cookie name for a request.
pub fn session_cookie_name(rt: &RequestTenant) -> &'static str {
    if rt.secure() { "__Host-lp_session" } else { "lp_session" }
}

const PENDING: &str = "lp_login";

/// The value of cookie `name` in the request's Cookie headers, if present once or more (first wins).
pub fn read(headers: &HeaderMap, name: &str) -> Option<String> {
    headers
        .get_all(header::COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| Cookie::split_parse(v.to_owned()))
        .filter_map(Result::ok)
        .find(|c| c.name() == name)
        .map(|c| c.value().to_owned())
}

/// `Set-Cookie` for a new session id.
pub fn session(rt: &RequestTenant, id: &str) -> HeaderValue {
    let cookie = Cookie::build((session_cookie_name(rt), id.to_owned()))
        .path("/")
        .http_only(true)
        .secure(rt.secure())
        .same_site(SameSite::Lax)
        .build();
    to_header(&cookie)
}

/// `Set-Cookie` that removes the session cookie.
pub fn clear_session(rt: &RequestTenant) -> HeaderValue {
    let cookie = Cookie::build((session_cookie_name(rt), ""))
        .path("/")
        .http_only(true)
        .secure(rt.secure())
        .same_site(SameSite::Lax)
        .max_age(Duration::ZERO)
        .build();
    to_header(&cookie)
}

/// States of pending logins named by the browser's `lp_login` cookie.
pub fn pending_states(headers: &HeaderMap) -> Vec<String> {
    read(headers, PENDING)
        .map(|v| v.split('.').filter(|s| !s.is_empty() && s.len() <= 64).map(String::from).collect())
        .unwrap_or_default()
}

/// `Set-Cookie` for the pending-login list (newest last), trimmed to `max` entries.
pub fn pending(rt: &RequestTenant, mut states: Vec<String>, max: usize, ttl_secs: u64) -> HeaderValue {
    if states.len() > max {
        states.drain(..states.len() - max);
    }
    let mut builder = Cookie::build((PENDING, states.join(".")))
        .path("/oidc")
        .http_only(true)
        .secure(rt.secure())
        .same_site(SameSite::Lax);
    builder = if states.is_empty() {
        builder.max_age(Duration::ZERO)
    } else {
        builder.max_age(Duration::seconds(ttl_secs as i64))
    };
    to_header(&builder.build())
}

fn to_header(cookie: &Cookie<'_>) -> HeaderValue {
    HeaderValue::from_str(&cookie.encoded().to_string()).expect("cookie values are ASCII tokens")
}

#[cfg(test)]
mod tests {
    use super::*;

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
