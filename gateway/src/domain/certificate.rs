//! Certificates (spec section 5).

use time::OffsetDateTime;

/// Spec section 5: 'A certificate is expired when its expiry date is not after now.' No expiry
/// date: never expires.
pub fn certificate_expired(expiration: Option<OffsetDateTime>, now: OffsetDateTime) -> bool {
    expiration.is_some_and(|e| e <= now)
}

/// A certificate's file.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CertificateFile {
    /// The PDF download.
    Pdf,
    /// The PNG preview.
    Png,
}

/// Where a browser fetches a certificate's file: always this gateway's public certificate route,
/// never the upstream's address (a browser is only ever given gateway URLs). `None` when the
/// upstream has no such file, or when the number could not be put into a URL path as it is
/// (only letters, digits, '-' and '_' can).
pub fn certificate_file_url(number: &str, upstream_url: Option<&str>, file: CertificateFile) -> Option<String> {
    let plain = !number.is_empty() && number.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_');
    let name = match file {
        CertificateFile::Pdf => "certificate.pdf",
        CertificateFile::Png => "certificate.png",
    };
    (plain && upstream_url.is_some()).then(|| format!("/api/bff/public/certificates/{number}/{name}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Certificate links: a browser is only given this gateway's URLs.
    #[test]
    fn certificate_links_are_gateway_urls_never_the_upstreams() {
        let upstream = Some("http://127.0.0.1:8081/t/acme/api/public/certificate-records/1/certificate.pdf");
        let cases = [
            (
                "pdf",
                "ACME-1",
                upstream,
                CertificateFile::Pdf,
                Some("/api/bff/public/certificates/ACME-1/certificate.pdf"),
            ),
            (
                "png",
                "ACME-1",
                upstream,
                CertificateFile::Png,
                Some("/api/bff/public/certificates/ACME-1/certificate.png"),
            ),
            ("no file upstream", "ACME-1", None, CertificateFile::Pdf, None),
            ("a number that is no path segment", "../x", upstream, CertificateFile::Pdf, None),
            ("empty number", "", upstream, CertificateFile::Pdf, None),
        ];
        for (clause, number, url, file, expected) in cases {
            assert_eq!(certificate_file_url(number, url, file).as_deref(), expected, "{clause}");
        }
    }
    use time::{Duration, macros::datetime};

    /// Spec section 5 'A certificate is expired when its expiry date is not after now'.
    #[test]
    fn certificate_expired_when_expiry_is_not_after_now() {
        let now = datetime!(2026-03-01 12:00 UTC);
        let cases = [
            ("no expiry", None, false),
            ("expiry at now", Some(now), true),
            ("expiry a second ago", Some(now - Duration::SECOND), true),
            ("expiry a second ahead", Some(now + Duration::SECOND), false),
        ];
        for (clause, expiry, expired) in cases {
            assert_eq!(certificate_expired(expiry, now), expired, "{clause}");
        }
    }
}
