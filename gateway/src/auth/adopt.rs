//! The sign-in handoff to a portal framed by a page of another site.
//!
//! Such a frame has its own partitioned cookie jar, and identity providers refuse to be framed,
//! so the embedding page signs the learner in in a top-level popup, and the popup's session has
//! to reach the frame:
//!
//! 1. the popup starts at `/oidc/login?...&parentOrigin=<the embedding page's origin>`; the
//!    origin is kept in the sealed pending login only when it is exactly one of the tenant's
//!    `ui.parent_origins` ([`kept_parent_origin`]);
//! 2. the callback creates the session and sets its cookie as usual, then, instead of a
//!    redirect, answers [`handoff_page`]: it posts `{"type":"learner-portal:signed-in","code"}`
//!    to `window.opener` with that exact origin as target (never `*`) and closes itself;
//! 3. the parent forwards the code to the frame, which posts it to
//!    `POST /api/bff/session/adopt` and gets its own session cookie.
//!
//! The code ([`new_adopt_code`]) is 256 random bits, lives `session.adopt_code_ttl_secs` (at most
//! 60 s), is kept by the session store (so any instance redeems it) and is taken atomically, so
//! it is used once at most; it names its tenant and the session.
//!
//! The frame SHARES the popup's server session: its cookie carries the same session id. A
//! sibling session would need its own refresh token, but the issuer rotates refresh tokens and
//! treats a reuse as theft, so two sessions holding one refresh token would sign each other out
//! at the first refresh. Sharing also makes a logout from either place, an expiry, and a
//! back-channel logout end both, as the learner expects of one sign-in.

use axum::{
    http::{HeaderValue, StatusCode, header},
    response::{IntoResponse, Response},
};
use base64::{
    Engine,
    engine::general_purpose::{STANDARD, URL_SAFE_NO_PAD},
};
use rand::RngCore;
use sha2::{Digest, Sha256};
use std::sync::LazyLock;

use crate::tenant::Portal;

/// Length of an adopt code: 32 random bytes in unpadded base64url.
pub const ADOPT_CODE_CHARS: usize = 43;

/// A fresh adopt code: 256 bits from the OS-seeded CSPRNG, base64url.
pub fn new_adopt_code() -> String {
    let mut bytes = [0u8; 32];
    rand::rng().fill_bytes(&mut bytes);
    URL_SAFE_NO_PAD.encode(bytes)
}

/// Whether `code` has the shape of an adopt code (checked before any store is asked).
pub fn is_well_formed(code: &str) -> bool {
    code.len() == ADOPT_CODE_CHARS && code.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
}

/// The `parentOrigin` of a login, kept only when it is exactly one of the tenant's
/// `ui.parent_origins` (no normalising: a configured origin is already in its serialised form).
pub fn kept_parent_origin(portal: &Portal, requested: Option<&str>) -> Option<String> {
    let requested = requested?;
    let kept = portal.tenant.config.ui.parent_origins.iter().find(|o| o.as_str() == requested).cloned();
    if kept.is_none() {
        tracing::warn!(
            tenant = %portal.tenant.config.id,
            "a sign-in named a parentOrigin that is not in ui.parent_origins; it signs in without a handoff"
        );
    }
    kept
}

/// The popup's script. It is the same for every answer (the origin and the code are read from a
/// JSON data block, which never runs), so the page's policy allows exactly this script by hash.
const HANDOFF_SCRIPT: &str = r#"(function () {
  var data = JSON.parse(document.getElementById("handoff").textContent);
  if (!window.opener) return;
  window.opener.postMessage({ type: "learner-portal:signed-in", code: data.code }, data.parentOrigin);
  window.close();
})();"#;

/// `Content-Security-Policy` of the handoff page: nothing but its own script, no framing.
static HANDOFF_POLICY: LazyLock<String> = LazyLock::new(|| {
    let hash = STANDARD.encode(Sha256::digest(HANDOFF_SCRIPT.as_bytes()));
    format!(
        "default-src 'none'; script-src 'sha256-{hash}'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
    )
});

/// A page's own `Content-Security-Policy`, which the tenant layer keeps instead of the client's.
#[derive(Debug, Clone)]
pub struct OwnContentSecurityPolicy(pub HeaderValue);

/// The page the sign-in popup ends on: posts the code to `parent_origin` and closes. Opened
/// without an opener (a blocked popup opened as a tab instead), it stays, saying the learner is
/// signed in, with a link to `return_to`. Cookies are added by the caller.
pub fn handoff_page(parent_origin: &str, code: &str, return_to: &str) -> Response {
    let data = serde_json::json!({ "parentOrigin": parent_origin, "code": code }).to_string();
    // Inside <script>, `</script` would end the data block: `<` and `>` become JSON escapes.
    let data = data.replace('<', "\\u003c").replace('>', "\\u003e");
    let page = format!(
        r#"<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Signed in</title></head>
<body><main><h1>You are signed in</h1>
<p>This window closes by itself. If it stays open, close it and go back to the page you came from, or continue here.</p>
<p><a href="{href}">Continue to the learner portal</a></p></main>
<script id="handoff" type="application/json">{data}</script>
<script>{HANDOFF_SCRIPT}</script>
</body></html>
"#,
        href = escape_attribute(return_to),
    );
    let policy = HeaderValue::from_str(&HANDOFF_POLICY).expect("the policy is ASCII");
    let mut response = (
        StatusCode::OK,
        [
            (header::CONTENT_TYPE, HeaderValue::from_static("text/html; charset=utf-8")),
            (header::CACHE_CONTROL, HeaderValue::from_static("no-store")),
            (header::X_FRAME_OPTIONS, HeaderValue::from_static("DENY")),
            (header::CONTENT_SECURITY_POLICY, policy.clone()),
        ],
        page,
    )
        .into_response();
    response.extensions_mut().insert(OwnContentSecurityPolicy(policy));
    response
}

/// Escapes a value for a double-quoted HTML attribute. By hand: five replacements, for one
/// attribute holding a URL the gateway already checked (same origin), need no template engine.
fn escape_attribute(value: &str) -> String {
    value.replace('&', "&amp;").replace('"', "&quot;").replace('<', "&lt;").replace('>', "&gt;").replace('\'', "&#39;")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn adopt_codes_are_long_distinct_and_well_formed() {
        let a = new_adopt_code();
        assert_eq!(a.len(), ADOPT_CODE_CHARS);
        assert!(is_well_formed(&a), "{a}");
        assert_ne!(a, new_adopt_code());
        for bad in ["", "short", &"a".repeat(44), &format!("{}=", "a".repeat(42)), &format!("{}/", "a".repeat(42))] {
            assert!(!is_well_formed(bad), "{bad}");
        }
    }

    #[test]
    fn the_handoff_page_posts_to_exactly_the_parent_origin_under_a_hash_policy() {
        let response = handoff_page("https://intranet.example", "c0de", "http://localhost:8080/learn/?a=1&b=\"2\"");
        let csp = response.headers()[header::CONTENT_SECURITY_POLICY].to_str().expect("ascii").to_string();
        let hash = STANDARD.encode(Sha256::digest(HANDOFF_SCRIPT.as_bytes()));
        assert_eq!(
            csp,
            format!(
                "default-src 'none'; script-src 'sha256-{hash}'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
            )
        );
        assert_eq!(response.headers()[header::CACHE_CONTROL], "no-store");
        assert!(!HANDOFF_SCRIPT.contains('*'), "never a wildcard target");
        assert!(
            HANDOFF_SCRIPT
                .contains("postMessage({ type: \"learner-portal:signed-in\", code: data.code }, data.parentOrigin)")
        );
    }

    #[tokio::test]
    async fn the_data_block_and_the_link_cannot_break_out_of_the_page() {
        assert_eq!(escape_attribute(r#"/a?x=1&y="<b>'"#), "/a?x=1&amp;y=&quot;&lt;b&gt;&#39;");
        let response = handoff_page("https://a.example", "</script><script>alert(1)</script>", "/learn/");
        let body = axum::body::to_bytes(response.into_body(), 1 << 16).await.expect("body");
        let body = String::from_utf8(body.to_vec()).expect("utf-8");
        assert_eq!(body.matches("</script>").count(), 2, "{body}");
        assert!(
            body.contains(r#""code":"\u003c/script\u003e\u003cscript\u003ealert(1)\u003c/script\u003e""#),
            "{body}"
        );
    }
}
