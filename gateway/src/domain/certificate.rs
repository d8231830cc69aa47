//! Certificates (spec section 5).

use time::OffsetDateTime;

/// Spec section 5: 'A certificate is expired when its expiry date is not after now.' No expiry
/// date: never expires.
pub fn certificate_expired(expiration: Option<OffsetDateTime>, now: OffsetDateTime) -> bool {
    expiration.is_some_and(|e| e <= now)
}

#[cfg(test)]
mod tests {
    use super::*;
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
