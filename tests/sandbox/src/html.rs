//! The dev issuer's pages: sign-in form, errors, signed out. Plain, accessible HTML; every
//! value is escaped.

use axum::{
    http::StatusCode,
    response::{Html, IntoResponse, Response},
};

/// Escapes text for HTML content and double-quoted attributes.
pub(crate) fn escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

fn page(title: &str, body: &str) -> String {
    format!(
        "<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\"><meta name=\"viewport\" \
         content=\"width=device-width, initial-scale=1\"><link rel=\"icon\" href=\"data:,\"><title>{}</title><style>body{{font-family:system-ui,sans-serif;\
         max-width:28rem;margin:3rem auto;padding:0 1rem;color:#1a1a1a}}label{{display:block;margin-block-start:1rem}}\
         input{{display:block;inline-size:100%;padding:.5rem;margin-block-start:.25rem;font-size:1rem}}\
         button{{margin-block-start:1.5rem;padding:.6rem 1.2rem;font-size:1rem;background:#1c4f9c;color:#fff;\
         border:0;border-radius:4px}}[role=alert]{{color:#a61b1b;margin-block-start:1rem}}</style></head>\
         <body><main>{body}</main></body></html>",
        escape(title)
    )
}

/// The sign-in page; `hidden` carries the authorization request.
pub(crate) fn sign_in(
    tenant_name: &str,
    action: &str,
    hidden: &[(&str, &str)],
    username: &str,
    error: Option<&str>,
) -> Response {
    let fields: String = hidden
        .iter()
        .map(|(k, v)| format!("<input type=\"hidden\" name=\"{}\" value=\"{}\">", escape(k), escape(v)))
        .collect();
    let alert = error.map(|e| format!("<p role=\"alert\">{}</p>", escape(e))).unwrap_or_default();
    let body = format!(
        "<h1>Sign in to {name}</h1>{alert}<form method=\"post\" action=\"{action}\">{fields}\
         <label for=\"username\">Username</label><input id=\"username\" name=\"username\" autocomplete=\"username\" \
         required value=\"{user}\"><label for=\"password\">Password</label><input id=\"password\" name=\"password\" \
         type=\"password\" autocomplete=\"current-password\" required><button type=\"submit\">Sign in</button></form>",
        name = escape(tenant_name),
        action = escape(action),
        user = escape(username),
    );
    let status = if error.is_some() { StatusCode::UNAUTHORIZED } else { StatusCode::OK };
    (status, Html(page(&format!("Sign in to {tenant_name}"), &body))).into_response()
}

/// An error page that does not redirect (bad client or redirect URI).
pub(crate) fn error(status: StatusCode, message: &str) -> Response {
    (status, Html(page("Sign-in error", &format!("<h1>Sign-in error</h1><p role=\"alert\">{}</p>", escape(message)))))
        .into_response()
}

/// Shown after logout when there is nowhere to return to.
pub(crate) fn signed_out(tenant_name: &str) -> Response {
    Html(page("Signed out", &format!("<h1>You are signed out of {}</h1>", escape(tenant_name)))).into_response()
}

#[cfg(test)]
mod tests {
    use super::escape;

    #[test]
    fn escapes_markup() {
        assert_eq!(escape("<a href=\"x\">'&'</a>"), "&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;");
    }
}
