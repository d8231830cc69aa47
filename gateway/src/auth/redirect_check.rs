//! The same-host redirect check (spec section 5: "Redirect URLs are accepted only with https
//! and host equal to the current host; otherwise go to the client home").
//!
//! Written by hand because it is a policy, not a parser: the parsing is the `url` crate's
//! (WHATWG), and this function only decides on its result. Anything that does not parse as an
//! absolute URL, uses another scheme, carries credentials, or names another host (after the
//! WHATWG normalisation of backslashes, tabs, percent-encoding and IDNA) is refused.

use url::Url;

/// Returns the redirect target when `candidate` may be followed from a request to
/// `request_host` (the Host header, with or without port); `None` means "go to the client home".
///
/// `allow_http_loopback` lets a development tenant on a loopback host use plain http.
pub fn checked_redirect(candidate: &str, request_host: &str, allow_http_loopback: bool) -> Option<Url> {
    // The WHATWG parser strips tabs and newlines and trims C0 controls and spaces silently;
    // a value that needs such repair is not one our client produced, so refuse it outright.
    if candidate.is_empty()
        || candidate.len() > 2048
        || candidate.chars().any(|c| c.is_control() || c.is_whitespace() || c == '\\')
    {
        return None;
    }
    let url = Url::parse(candidate).ok()?;
    let (host, port) = split_host(request_host)?;
    let scheme_ok = match url.scheme() {
        "https" => true,
        "http" => allow_http_loopback && crate::config::is_loopback_host(&host),
        _ => false,
    };
    if !scheme_ok || !url.username().is_empty() || url.password().is_some() {
        return None;
    }
    let same_host = url.host_str().is_some_and(|h| h.eq_ignore_ascii_case(&host));
    let same_port = url.port_or_known_default() == port.or_else(|| default_port(url.scheme()));
    (same_host && same_port).then_some(url)
}

/// One fuzzing input: byte 0 says whether http loopback is allowed (lowest bit), the rest is
/// `request host` and `candidate` separated by the first newline. Panics when an accepted URL
/// breaks the rule; used by the `redirect_check` fuzz target and the corpus replay test.
pub fn check_fuzz_input(data: &[u8]) {
    let Some((&flags, rest)) = data.split_first() else { return };
    let Ok(text) = std::str::from_utf8(rest) else { return };
    let (host, candidate) = text.split_once('\n').unwrap_or((text, ""));
    let allow_http_loopback = flags & 1 == 1;
    if let Some(url) = checked_redirect(candidate, host, allow_http_loopback) {
        let (request_host, _) = split_host(host).expect("an accepted redirect has a valid request host");
        assert!(url.host_str().is_some_and(|h| h.eq_ignore_ascii_case(&request_host)), "{candidate:?} left {host:?}");
        assert!(url.username().is_empty() && url.password().is_none(), "{candidate:?} carries credentials");
        match url.scheme() {
            "https" => {}
            "http" => assert!(allow_http_loopback && crate::config::is_loopback_host(&request_host), "{candidate:?}"),
            other => panic!("{candidate:?} accepted with scheme {other}"),
        }
    }
}

/// Splits a Host header into a lower-case host and an optional port.
fn split_host(request_host: &str) -> Option<(String, Option<u16>)> {
    let parsed = Url::parse(&format!("http://{request_host}/")).ok()?;
    if parsed.path() != "/" || !parsed.username().is_empty() {
        return None;
    }
    let host = parsed.host_str()?.to_ascii_lowercase();
    Some((host, parsed.port()))
}

fn default_port(scheme: &str) -> Option<u16> {
    match scheme {
        "https" => Some(443),
        "http" => Some(80),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Spec section 5, 'Redirect URLs are accepted only with https and host equal to the current host'.
    #[test]
    fn redirect_urls_are_accepted_only_with_https_and_the_current_host() {
        let cases: &[(&str, &str, bool, bool)] = &[
            // (candidate, request host, allow http loopback, accepted)
            ("https://portal.example/learn/courses?x=1#h", "portal.example", false, true),
            ("https://PORTAL.example/learn/", "portal.example", false, true),
            ("https://portal.example:443/learn/", "portal.example", false, true),
            ("https://portal.example:8443/learn/", "portal.example:8443", false, true),
            ("https://portal.example:8443/learn/", "portal.example", false, false),
            ("http://portal.example/learn/", "portal.example", false, false),
            ("http://portal.example/learn/", "portal.example", true, false),
            ("http://localhost:8080/learn/", "localhost:8080", true, true),
            ("http://localhost:8080/learn/", "localhost:8080", false, false),
            ("http://localhost:9999/learn/", "localhost:8080", true, false),
            ("https://evil.example/learn/", "portal.example", false, false),
            ("https://portal.example.evil.example/", "portal.example", false, false),
            ("https://portal.example@evil.example/", "portal.example", false, false),
            ("https://user:pw@portal.example/", "portal.example", false, false),
            ("//evil.example/learn", "portal.example", false, false),
            ("/learn/courses", "portal.example", false, false),
            ("javascript:alert(1)", "portal.example", false, false),
            ("data:text/html,hi", "portal.example", false, false),
            ("https:\\\\evil.example", "portal.example", false, false),
            ("https://portal.example\\@evil.example/", "portal.example", false, false),
            ("https://evil.example\\.portal.example/", "portal.example", false, false),
            ("\thttps://portal.example/", "portal.example", false, false),
            ("https://portal.example/\n", "portal.example", false, false),
            ("https://xn--80ak6aa92e.com/", "portal.example", false, false),
            ("https://portal.example./", "portal.example", false, false),
            ("", "portal.example", false, false),
            ("https://portal.example/", "evil.example/x", false, false),
        ];
        for &(candidate, host, allow_http, accepted) in cases {
            assert_eq!(
                checked_redirect(candidate, host, allow_http).is_some(),
                accepted,
                "{candidate:?} from {host:?} (http loopback {allow_http})"
            );
        }
    }

    /// The oauth2-proxy open-redirect corpus: every payload must be refused for its host.
    /// It lives outside the project, so the test runs only where the folder exists.
    #[test]
    fn open_redirect_corpus_is_refused() {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../shared/testdata/openredirects.txt");
        let Ok(corpus) = std::fs::read_to_string(&path) else {
            eprintln!("open-redirect corpus not present; skipped");
            return;
        };
        let mut checked = 0;
        for line in corpus.lines().filter(|l| !l.is_empty()) {
            let once = percent_decode(line);
            for candidate in [line.to_string(), once] {
                assert!(
                    checked_redirect(&candidate, "www.whitelisteddomain.tld", false).is_none(),
                    "accepted open-redirect payload {candidate:?}"
                );
                checked += 1;
            }
        }
        assert!(checked > 1000, "corpus unexpectedly small: {checked}");
    }

    /// URL-query unescaping once, as oauth2-proxy's test does (`+` is a space).
    fn percent_decode(s: &str) -> String {
        url::form_urlencoded::parse(format!("x={}", s.replace('&', "%26")).as_bytes())
            .next()
            .map(|(_, v)| v.into_owned())
            .unwrap_or_default()
    }
}
