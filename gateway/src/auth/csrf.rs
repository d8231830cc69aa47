//! The CSRF rules, applied centrally so no route can forget them:
//! - every `/api/**` request except the public ones carries `X-Requested-With: XMLHttpRequest`
//!   (a header a cross-site form or image cannot send, and which forces a CORS preflight that
//!   the gateway never grants);
//! - unsafe methods (POST, PUT, PATCH, DELETE) whose browser sends `Origin` must come from this
//!   request's own origin.
//!
//! One exception: `GET`/`HEAD` of the file proxy (`crate::files`), which links open (a download,
//! a new tab) and so cannot send a header, needs it only when the browser says the request came
//! from another site (`Sec-Fetch-Site` other than `same-origin` or `none`). It changes nothing,
//! and its answers are `Cross-Origin-Resource-Policy: same-origin`.

use axum::http::{HeaderMap, Method, header};

/// Why a request was refused.
#[derive(Debug, PartialEq, Eq)]
pub enum CsrfRefusal {
    /// `X-Requested-With` missing or wrong.
    MissingHeader,
    /// `Origin` of another site.
    ForeignOrigin,
}

/// Paths under `/api` that need no session and no header.
fn is_public(path: &str) -> bool {
    path.starts_with("/api/bff/public/") || path == "/api/bff/openapi.json"
}

/// A link of this site opening the file proxy.
fn is_file_link(method: &Method, path: &str, headers: &HeaderMap) -> bool {
    (*method == Method::GET || *method == Method::HEAD)
        && path == crate::files::FILES_PATH
        && headers
            .get(crate::headers::SEC_FETCH_SITE)
            .is_none_or(|site| site.as_bytes() == b"same-origin" || site.as_bytes() == b"none")
}

/// Checks one request against both rules; `origin` is `scheme://host[:port]` of the request.
pub fn check(method: &Method, path: &str, headers: &HeaderMap, origin: &str) -> Result<(), CsrfRefusal> {
    if (path == "/api" || path.starts_with("/api/")) && !is_public(path) && !is_file_link(method, path, headers) {
        let ok = headers
            .get(crate::headers::X_REQUESTED_WITH)
            .is_some_and(|v| v.as_bytes().eq_ignore_ascii_case(b"XMLHttpRequest"));
        if !ok {
            return Err(CsrfRefusal::MissingHeader);
        }
    }
    let unsafe_method = !matches!(*method, Method::GET | Method::HEAD | Method::OPTIONS | Method::TRACE);
    if unsafe_method
        && let Some(sent) = headers.get(header::ORIGIN)
        && !sent.as_bytes().eq_ignore_ascii_case(origin.as_bytes())
    {
        return Err(CsrfRefusal::ForeignOrigin);
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::http::HeaderValue;

    fn headers(pairs: &[(&'static str, &'static str)]) -> HeaderMap {
        let mut h = HeaderMap::new();
        for (k, v) in pairs {
            h.insert(*k, HeaderValue::from_static(v));
        }
        h
    }

    #[test]
    fn api_calls_need_the_header_and_unsafe_calls_a_same_origin() {
        let origin = "http://localhost:8080";
        const XRW: (&str, &str) = ("x-requested-with", "XMLHttpRequest");
        type Case = (Method, &'static str, &'static [(&'static str, &'static str)], Result<(), CsrfRefusal>);
        let cases: &[Case] = &[
            (Method::GET, "/api/bff/session", &[XRW], Ok(())),
            (Method::GET, "/api/bff/session", &[], Err(CsrfRefusal::MissingHeader)),
            (Method::GET, "/api/bff/session", &[("x-requested-with", "fetch")], Err(CsrfRefusal::MissingHeader)),
            (Method::GET, "/api/bff/public/catalog", &[], Ok(())),
            (Method::GET, "/learn/courses", &[], Ok(())),
            (Method::POST, "/api/bff/session/touch", &[XRW, ("origin", "http://localhost:8080")], Ok(())),
            (Method::POST, "/api/bff/session/touch", &[XRW], Ok(())),
            (
                Method::POST,
                "/api/bff/session/touch",
                &[XRW, ("origin", "http://evil.example")],
                Err(CsrfRefusal::ForeignOrigin),
            ),
            (Method::POST, "/oidc/logout", &[("origin", "http://evil.example")], Err(CsrfRefusal::ForeignOrigin)),
            (Method::POST, "/oidc/logout", &[("origin", "null")], Err(CsrfRefusal::ForeignOrigin)),
            (Method::POST, "/oidc/logout", &[("origin", "http://localhost:8080")], Ok(())),
            // The file proxy: opened by links of this site, never from another one.
            (Method::GET, "/api/bff/files", &[], Ok(())),
            (Method::GET, "/api/bff/files", &[("sec-fetch-site", "same-origin")], Ok(())),
            (Method::GET, "/api/bff/files", &[("sec-fetch-site", "none")], Ok(())),
            (Method::HEAD, "/api/bff/files", &[("sec-fetch-site", "same-origin")], Ok(())),
            (Method::GET, "/api/bff/files", &[("sec-fetch-site", "cross-site")], Err(CsrfRefusal::MissingHeader)),
            (Method::GET, "/api/bff/files", &[("sec-fetch-site", "same-site")], Err(CsrfRefusal::MissingHeader)),
            (Method::GET, "/api/bff/files", &[XRW, ("sec-fetch-site", "cross-site")], Ok(())),
            (Method::POST, "/api/bff/files", &[("sec-fetch-site", "same-origin")], Err(CsrfRefusal::MissingHeader)),
            (Method::GET, "/api/bff/files/x", &[], Err(CsrfRefusal::MissingHeader)),
            (Method::GET, "/api/bff/attachment-size", &[], Err(CsrfRefusal::MissingHeader)),
        ];
        for (method, path, hs, expected) in cases {
            assert_eq!(&check(method, path, &headers(hs), origin), expected, "{method} {path} {hs:?}");
        }
    }
}
