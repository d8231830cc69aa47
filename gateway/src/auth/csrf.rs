//! The CSRF rules, applied centrally so no route can forget them:
//! - every `/api/**` request except the public ones carries `X-Requested-With: XMLHttpRequest`
//!   (a header a cross-site form or image cannot send, and which forces a CORS preflight that
//!   the gateway never grants);
//! - unsafe methods (POST, PUT, PATCH, DELETE) whose browser sends `Origin` must come from this
//!   request's own origin.

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

/// Checks one request against both rules; `origin` is `scheme://host[:port]` of the request.
pub fn check(method: &Method, path: &str, headers: &HeaderMap, origin: &str) -> Result<(), CsrfRefusal> {
    if (path == "/api" || path.starts_with("/api/")) && !is_public(path) {
        let ok = headers.get("x-requested-with").is_some_and(|v| v.as_bytes().eq_ignore_ascii_case(b"XMLHttpRequest"));
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
        ];
        for (method, path, hs, expected) in cases {
            assert_eq!(&check(method, path, &headers(hs), origin), expected, "{method} {path} {hs:?}");
        }
    }
}
