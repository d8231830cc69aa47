//! PDF and attachment links of rich content (spec section 5).

use url::Url;

/// Where a PDF or attachment link of rich content points, as far as the portal may read it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FileLink {
    /// This origin: the browser reads it itself.
    SameOrigin,
    /// A storage origin of the tenant: read through the gateway (`GET /api/bff/files`).
    Storage,
    /// Anything else: not opened, not measured.
    Blocked,
}

/// Spec section 5: 'Only same-origin links or cloud-storage-host links are allowed for PDF and
/// attachment links; others are blocked.'
///
/// `origin` is this request's origin as the tenant layer resolved it (a configured host and a
/// port this gateway serves, never a Host header as sent); `storage_origins` are the tenant's
/// configured origins (`scheme://host[:port]`, as browsers serialise them). A link matches an
/// origin only with the same scheme, host and port; a link with user info, or another scheme
/// than http and https, is blocked.
pub fn file_link(url: &Url, origin: &Url, storage_origins: &[String]) -> FileLink {
    let plain = matches!(url.scheme(), "http" | "https") && url.username().is_empty() && url.password().is_none();
    if !plain || url.host_str().is_none() {
        return FileLink::Blocked;
    }
    if url.origin() == origin.origin() {
        return FileLink::SameOrigin;
    }
    let serialised = url.origin().ascii_serialization();
    if storage_origins.contains(&serialised) { FileLink::Storage } else { FileLink::Blocked }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Spec section 5 'Only same-origin links or cloud-storage-host links are allowed for PDF
    /// and attachment links; others are blocked.'
    #[test]
    fn only_same_origin_links_or_cloud_storage_host_links_are_allowed() {
        let storage = vec!["https://files.example.net".to_string(), "http://127.0.0.1:9000".to_string()];
        let origin = Url::parse("https://acme.example").expect("origin");
        let cases = [
            ("https://acme.example/files/a.pdf", FileLink::SameOrigin),
            ("https://ACME.example/files/a.pdf", FileLink::SameOrigin),
            ("https://acme.example:443/a.pdf", FileLink::SameOrigin),
            ("https://files.example.net/a.pdf", FileLink::Storage),
            ("https://FILES.example.net/a.pdf?sig=1#page=2", FileLink::Storage),
            ("https://files.example.net:443/a.pdf", FileLink::Storage),
            ("http://127.0.0.1:9000/a.pdf", FileLink::Storage),
            // Same host, another scheme or port: another origin.
            ("http://files.example.net/a.pdf", FileLink::Blocked),
            ("https://files.example.net:8443/a.pdf", FileLink::Blocked),
            ("http://127.0.0.1:9001/a.pdf", FileLink::Blocked),
            ("https://127.0.0.1:9000/a.pdf", FileLink::Blocked),
            ("https://acme.example:444/a.pdf", FileLink::Blocked),
            ("http://acme.example/a.pdf", FileLink::Blocked),
            // A look-alike host, user info, other schemes.
            ("https://files.example.net.evil.example/a.pdf", FileLink::Blocked),
            ("https://evil.example/a.pdf", FileLink::Blocked),
            ("https://user:pw@files.example.net/a.pdf", FileLink::Blocked),
            ("https://user@acme.example/a.pdf", FileLink::Blocked),
            ("ftp://files.example.net/a.pdf", FileLink::Blocked),
            ("data:application/pdf;base64,JVBERi0=", FileLink::Blocked),
            ("javascript:alert(1)", FileLink::Blocked),
        ];
        for (raw, expected) in cases {
            let url = Url::parse(raw).expect("url");
            assert_eq!(file_link(&url, &origin, &storage), expected, "{raw}");
        }
        let url = Url::parse("https://files.example.net/a.pdf").expect("url");
        assert_eq!(file_link(&url, &origin, &[]), FileLink::Blocked, "no storage configured");
    }
}
