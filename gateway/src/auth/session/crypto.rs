//! Encryption of sessions at rest: AES-256-GCM (RustCrypto `aes-gcm`), a random 96-bit nonce per
//! write, and the key id in front of every value so keys can rotate.
//!
//! A sealed value reads `{kid}:{base64url(nonce ‖ ciphertext ‖ tag)}`. The first key of the
//! ring encrypts; every key of the ring decrypts. The name of the store entry is bound in as
//! associated data, so a value copied under another name does not open.

use std::fmt;

use aes_gcm::{
    Aes256Gcm, KeyInit, Nonce,
    aead::{Aead, Payload},
};
use base64::{
    Engine,
    engine::general_purpose::{STANDARD, URL_SAFE, URL_SAFE_NO_PAD},
};
use rand::RngCore;

/// Longest key id accepted.
const MAX_KID_CHARS: usize = 32;
/// GCM nonce length: 96 bits.
const NONCE_BYTES: usize = 12;

/// Why a value could not be opened.
#[derive(Debug, PartialEq, Eq, thiserror::Error)]
pub enum CryptoError {
    /// The value does not have the `{kid}:{base64}` shape.
    #[error("sealed value is malformed")]
    Malformed,
    /// The value names a key the ring does not have.
    #[error("sealed value uses unknown key `{0}`")]
    UnknownKey(String),
    /// Authentication failed: wrong key, tampered value or another entry's value.
    #[error("sealed value does not authenticate")]
    Tampered,
}

/// One key with its id.
#[derive(Clone)]
struct SessionKey {
    kid: String,
    cipher: Aes256Gcm,
}

/// The encryption keys of the session store: the first encrypts, all decrypt.
#[derive(Clone)]
pub struct KeyRing {
    keys: Vec<SessionKey>,
}

impl fmt::Debug for KeyRing {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let kids: Vec<&str> = self.keys.iter().map(|k| k.kid.as_str()).collect();
        f.debug_struct("KeyRing").field("kids", &kids).finish_non_exhaustive()
    }
}

impl KeyRing {
    /// Parses `kid:base64key,kid:base64key` (32-byte keys, standard or url-safe base64).
    /// Errors name the key id, never the key material.
    pub fn parse(spec: &str) -> Result<Self, Vec<String>> {
        let mut keys: Vec<SessionKey> = Vec::new();
        let mut errors = Vec::new();
        for (position, entry) in spec.split(',').map(str::trim).enumerate() {
            let Some((kid, material)) = entry.split_once(':') else {
                errors.push(format!("entry {} is not `kid:base64key`", position + 1));
                continue;
            };
            let kid = kid.trim();
            if kid.is_empty()
                || kid.len() > MAX_KID_CHARS
                || !kid.chars().all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
            {
                errors.push(format!(
                    "entry {}: key ids use 1 to {MAX_KID_CHARS} letters, digits, '-' and '_'",
                    position + 1
                ));
                continue;
            }
            if keys.iter().any(|k| k.kid == kid) {
                errors.push(format!("key `{kid}` is listed twice"));
                continue;
            }
            let material = material.trim();
            let bytes = [&STANDARD, &URL_SAFE, &URL_SAFE_NO_PAD]
                .iter()
                .find_map(|engine| engine.decode(material).ok())
                .filter(|b| b.len() == 32);
            match bytes.and_then(|b| Aes256Gcm::new_from_slice(&b).ok()) {
                Some(cipher) => keys.push(SessionKey { kid: kid.to_string(), cipher }),
                None => errors.push(format!("key `{kid}` is not 32 bytes in base64")),
            }
        }
        if errors.is_empty() && keys.is_empty() {
            errors.push("no key given".into());
        }
        if errors.is_empty() { Ok(KeyRing { keys }) } else { Err(errors) }
    }

    /// The id of the key new values are sealed with.
    pub fn current_kid(&self) -> &str {
        &self.keys[0].kid
    }

    /// Encrypts `plaintext` with the first key and a fresh random nonce; `aad` is the entry name.
    pub fn seal(&self, plaintext: &[u8], aad: &[u8]) -> String {
        let key = &self.keys[0];
        let mut nonce = [0u8; NONCE_BYTES];
        rand::rng().fill_bytes(&mut nonce);
        let ciphertext = key
            .cipher
            .encrypt(&Nonce::from(nonce), Payload { msg: plaintext, aad })
            .expect("AES-GCM encryption only fails past 64 GiB");
        let mut sealed = Vec::with_capacity(NONCE_BYTES + ciphertext.len());
        sealed.extend_from_slice(&nonce);
        sealed.extend_from_slice(&ciphertext);
        format!("{}:{}", key.kid, URL_SAFE_NO_PAD.encode(sealed))
    }

    /// Decrypts a value sealed by any key of the ring for the entry `aad`.
    pub fn open(&self, sealed: &str, aad: &[u8]) -> Result<Vec<u8>, CryptoError> {
        let (kid, body) = sealed.split_once(':').ok_or(CryptoError::Malformed)?;
        let key = self.keys.iter().find(|k| k.kid == kid).ok_or_else(|| CryptoError::UnknownKey(kid.to_string()))?;
        let bytes = URL_SAFE_NO_PAD.decode(body).map_err(|_| CryptoError::Malformed)?;
        if bytes.len() < NONCE_BYTES {
            return Err(CryptoError::Malformed);
        }
        let (nonce, ciphertext) = bytes.split_at(NONCE_BYTES);
        let nonce: [u8; NONCE_BYTES] = nonce.try_into().map_err(|_| CryptoError::Malformed)?;
        key.cipher.decrypt(&Nonce::from(nonce), Payload { msg: ciphertext, aad }).map_err(|_| CryptoError::Tampered)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const K1: &str = "AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8=";
    const K2: &str = "HxwdHBsaGRgXFhUUExIREA8ODQwLCgkIBwYFBAMCAQA=";

    #[test]
    fn sealed_values_open_and_hide_the_plaintext() {
        let ring = KeyRing::parse(&format!("one:{K1}")).expect("ring");
        let sealed = ring.seal(b"secret access token", b"entry");
        assert!(sealed.starts_with("one:"), "{sealed}");
        assert!(!sealed.contains("secret"));
        assert_ne!(sealed, ring.seal(b"secret access token", b"entry"), "a fresh nonce per write");
        assert_eq!(ring.open(&sealed, b"entry").expect("open"), b"secret access token");
    }

    #[test]
    fn tampered_or_moved_values_do_not_open() {
        let ring = KeyRing::parse(&format!("one:{K1}")).expect("ring");
        let sealed = ring.seal(b"payload", b"entry");
        let (kid, body) = sealed.split_once(':').expect("shape");
        let mut bytes = URL_SAFE_NO_PAD.decode(body).expect("b64");
        let last = bytes.len() - 1;
        bytes[last] ^= 1;
        let tampered = format!("{kid}:{}", URL_SAFE_NO_PAD.encode(&bytes));
        assert_eq!(ring.open(&tampered, b"entry"), Err(CryptoError::Tampered));
        assert_eq!(ring.open(&sealed, b"another entry"), Err(CryptoError::Tampered));
        assert_eq!(ring.open("garbage", b"entry"), Err(CryptoError::Malformed));
        assert_eq!(ring.open("one:!!", b"entry"), Err(CryptoError::Malformed));
    }

    #[test]
    fn rotation_new_key_seals_old_key_still_opens_unknown_key_fails() {
        let old = KeyRing::parse(&format!("old:{K1}")).expect("ring");
        let rotated = KeyRing::parse(&format!("new:{K2}, old:{K1}")).expect("ring");
        let before = old.seal(b"v", b"e");
        assert_eq!(rotated.open(&before, b"e").expect("old key still opens"), b"v");
        let after = rotated.seal(b"v", b"e");
        assert!(after.starts_with("new:"), "{after}");
        assert_eq!(old.open(&after, b"e"), Err(CryptoError::UnknownKey("new".into())));
        assert_eq!(rotated.current_kid(), "new");
    }

    #[test]
    fn bad_key_lists_name_the_key_and_never_the_material() {
        let cases = [
            ("short:AAEC", "key `short` is not 32 bytes"),
            ("nocolon", "entry 1 is not `kid:base64key`"),
            (&format!("a:{K1},a:{K2}") as &str, "key `a` is listed twice"),
            (&format!("bad.id:{K1}") as &str, "entry 1: key ids use"),
            ("", "entry 1 is not"),
        ];
        for (spec, expected) in cases {
            let errors = KeyRing::parse(spec).expect_err(spec).join("; ");
            assert!(errors.contains(expected), "{spec}: {errors}");
            assert!(!errors.contains("AAEC"), "{errors}");
        }
    }
}
