//! [`Token`]: a token of a session kept in fewer bytes. Most tokens are JWTs (three base64url
//! segments); one is kept as the bytes its segments stand for, a quarter smaller than the text,
//! and written out again when it is used. The text comes back exactly as the issuer gave it:
//! a token whose segments would not encode back to the same text (padding, other characters)
//! is kept as text. Serialized as the text, so the Redis format is unchanged.
//!
//! Hand-written rather than a JWT library: nothing here reads or checks the token (the issuer
//! and the upstream do); it only has to come back byte for byte.

use std::{borrow::Cow, sync::OnceLock};

use axum::http::HeaderValue;

use base64::{Engine, engine::general_purpose::URL_SAFE_NO_PAD};
use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// A token as the issuer gave it. Its `Debug` never shows it.
///
/// One allocation: a kind byte, then for a JWT where its second and third segments start (two
/// little-endian `u32`) and the three segments' bytes, or for any other token its text.
#[derive(Clone, PartialEq, Eq)]
pub struct Token(Box<[u8]>);

/// The kind byte of a token kept as text.
const TEXT: u8 = 0;
/// The kind byte of a JWT kept as its segments' bytes.
const JWT: u8 = 1;
/// Kind byte and the two offsets.
const JWT_HEADER: usize = 9;

impl Token {
    /// Keeps `text`, as bytes when it is a JWT whose segments encode back to the same text.
    pub fn new(text: &str) -> Self {
        Token(Self::jwt(text).unwrap_or_else(|| {
            let mut bytes = Vec::with_capacity(text.len() + 1);
            bytes.push(TEXT);
            bytes.extend_from_slice(text.as_bytes());
            bytes.into_boxed_slice()
        }))
    }

    fn jwt(text: &str) -> Option<Box<[u8]>> {
        let mut segments = text.split('.');
        let (a, b, c) = (segments.next()?, segments.next()?, segments.next()?);
        if segments.next().is_some() {
            return None;
        }
        let mut bytes = Vec::with_capacity(JWT_HEADER + text.len() * 3 / 4 + 2);
        bytes.push(JWT);
        bytes.extend_from_slice(&[0; JWT_HEADER - 1]);
        for (i, segment) in [a, b, c].into_iter().enumerate() {
            let start = bytes.len();
            if i > 0 {
                let offset = u32::try_from(start - JWT_HEADER).ok()?.to_le_bytes();
                bytes[1 + 4 * (i - 1)..5 + 4 * (i - 1)].copy_from_slice(&offset);
            }
            URL_SAFE_NO_PAD.decode_vec(segment, &mut bytes).ok()?;
            // Only a canonical encoding comes back as the same text.
            if URL_SAFE_NO_PAD.encode(&bytes[start..]) != segment {
                return None;
            }
        }
        Some(bytes.into_boxed_slice())
    }

    /// The token's text, as the issuer gave it.
    pub fn text(&self) -> Cow<'_, str> {
        match self.0.split_first() {
            Some((&JWT, rest)) if rest.len() >= JWT_HEADER - 1 => {
                let ((second, third), bytes) = (segment_starts(rest), &rest[JWT_HEADER - 1..]);
                let mut text = String::with_capacity(bytes.len() * 4 / 3 + 4);
                URL_SAFE_NO_PAD.encode_string(&bytes[..second], &mut text);
                text.push('.');
                URL_SAFE_NO_PAD.encode_string(&bytes[second..third], &mut text);
                text.push('.');
                URL_SAFE_NO_PAD.encode_string(&bytes[third..], &mut text);
                Cow::Owned(text)
            }
            // Made from a `&str` by `new`: valid UTF-8 after the kind byte.
            Some((_, rest)) => String::from_utf8_lossy(rest),
            None => Cow::Borrowed(""),
        }
    }

    /// Whether the token is kept as a JWT's bytes (rather than as text).
    #[cfg(test)]
    fn is_jwt(&self) -> bool {
        self.0.first() == Some(&JWT)
    }
}

/// Where a kept JWT's second and third segments start in its bytes: the two little-endian
/// `u32` after the kind byte (`rest` holds at least them).
fn segment_starts(rest: &[u8]) -> (usize, usize) {
    let offset = |at: usize| u32::from_le_bytes([rest[at], rest[at + 1], rest[at + 2], rest[at + 3]]) as usize;
    (offset(0), offset(4))
}

impl From<String> for Token {
    fn from(text: String) -> Self {
        Token::new(&text)
    }
}

impl From<&str> for Token {
    fn from(text: &str) -> Self {
        Token::new(text)
    }
}

impl std::fmt::Debug for Token {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Token(..)")
    }
}

/// As the text in a human-readable format (the Redis store's JSON); as the kept bytes in a
/// binary one (the in-process store's records), checked when read back.
impl Serialize for Token {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        if serializer.is_human_readable() {
            serializer.serialize_str(&self.text())
        } else {
            serializer.serialize_bytes(&self.0)
        }
    }
}

impl<'de> Deserialize<'de> for Token {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        if deserializer.is_human_readable() {
            let text = Cow::<'de, str>::deserialize(deserializer)?;
            return Ok(Token::new(&text));
        }
        // Borrowed from the record (postcard reads from a slice): one copy, no byte-by-byte
        // sequence as `Vec<u8>` would read them.
        let bytes = <&'de [u8]>::deserialize(deserializer)?;
        Token::from_kept(bytes).ok_or_else(|| serde::de::Error::custom("not a kept token"))
    }
}

/// A session's access token, with the `Authorization` value that carries it upstream.
///
/// The value is written out (the JWT's segments encoded again, `Bearer ` before them) on first
/// use and kept with the token, so the requests served by one decoded session (the in-process
/// store keeps the latest ones decoded) and every upstream call of a request share it instead
/// of writing the token out again each time. It belongs to the token it was made from: a new
/// token is a new value, never a stale header. Serialized as the token alone.
#[derive(Clone)]
pub struct AccessToken {
    token: Token,
    authorization: OnceLock<Option<HeaderValue>>,
}

impl AccessToken {
    /// The token's text, as the issuer gave it.
    pub fn text(&self) -> Cow<'_, str> {
        self.token.text()
    }

    /// `Bearer <token>`, marked sensitive (never logged); none for an empty token or one that
    /// cannot be a header value (the upstream then refuses the call as it would the token).
    pub fn authorization(&self) -> Option<HeaderValue> {
        self.authorization.get_or_init(|| bearer(&self.text())).clone()
    }
}

/// `Bearer <token>` as a sensitive header value; none for an empty or unfit token.
pub fn bearer(token: &str) -> Option<HeaderValue> {
    if token.is_empty() {
        return None;
    }
    let mut value = HeaderValue::try_from(format!("Bearer {token}")).ok()?;
    value.set_sensitive(true);
    Some(value)
}

impl PartialEq for AccessToken {
    fn eq(&self, other: &Self) -> bool {
        self.token == other.token
    }
}

impl Eq for AccessToken {}

impl From<Token> for AccessToken {
    fn from(token: Token) -> Self {
        AccessToken { token, authorization: OnceLock::new() }
    }
}

impl From<String> for AccessToken {
    fn from(text: String) -> Self {
        Token::new(&text).into()
    }
}

impl From<&str> for AccessToken {
    fn from(text: &str) -> Self {
        Token::new(text).into()
    }
}

impl std::fmt::Debug for AccessToken {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("AccessToken(..)")
    }
}

impl Serialize for AccessToken {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.token.serialize(serializer)
    }
}

impl<'de> Deserialize<'de> for AccessToken {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        Token::deserialize(deserializer).map(AccessToken::from)
    }
}

impl Token {
    /// A token from the bytes it was kept as, when they are well formed: text after [`TEXT`], or
    /// after [`JWT`] two segment offsets in order and within the bytes.
    fn from_kept(bytes: &[u8]) -> Option<Self> {
        match bytes.split_first()? {
            (&TEXT, rest) => std::str::from_utf8(rest).ok()?,
            (&JWT, rest) if rest.len() >= JWT_HEADER - 1 => {
                let (second, third) = segment_starts(rest);
                if second > third || third > rest.len() - (JWT_HEADER - 1) {
                    return None;
                }
                ""
            }
            _ => return None,
        };
        Some(Token(bytes.into()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The access token's `Authorization` value is `Bearer` and the token's text, sensitive, and
    /// belongs to its token: a token put in its place brings its own value, a copy shares it.
    #[test]
    fn an_access_token_carries_its_own_authorization() {
        let claims = URL_SAFE_NO_PAD.encode(br#"{"sub":"ada"}"#);
        let jwt = format!("eyJhbGciOiJub25lIn0.{claims}.AAEC");
        let mut token = AccessToken::from(jwt.as_str());
        let value = token.authorization().expect("a header value");
        assert_eq!(value, format!("Bearer {jwt}").as_str());
        assert!(value.is_sensitive(), "never logged");
        let copy = token.clone();
        assert_eq!(copy.authorization(), Some(value.clone()));
        token = "opaque-token".into();
        assert_eq!(token.authorization().expect("a header value"), "Bearer opaque-token");
        assert_eq!(copy.authorization(), Some(value), "the copy keeps its own token's");
        assert_eq!(AccessToken::from("").authorization(), None, "no token, no header");
        assert_eq!(AccessToken::from("line\nbreak").authorization(), None, "not a header value");
        assert_eq!(
            postcard::from_bytes::<AccessToken>(&postcard::to_stdvec(&copy).expect("binary")).expect("read back"),
            copy
        );
        assert_eq!(serde_json::to_string(&copy).expect("json"), serde_json::to_string(&jwt).expect("json"));
    }

    /// A JWT is kept as its bytes and comes back as the same text; anything else is kept as text.
    #[test]
    fn tokens_come_back_exactly_as_given() {
        let header = URL_SAFE_NO_PAD.encode(br#"{"alg":"RS256","kid":"k1","typ":"JWT"}"#);
        let claims = URL_SAFE_NO_PAD.encode(br#"{"sub":"ada","exp":1767225600,"aud":"learner-portal"}"#);
        let signature = URL_SAFE_NO_PAD.encode([7u8; 256]);
        let jwt = format!("{header}.{claims}.{signature}");
        let cases = [
            jwt.as_str(),
            "opaque-refresh-token_0123456789abcdefghijklmnopqrstuvwxyz",
            "a.b",
            "a.b.c.d",
            "eyJh.eyJi.",
            "..",
            // Not canonical: the last character carries bits the encoding leaves zero.
            "eyJhbGciOiJub25lIn1.e30.AB",
            "with=padding.e30.AA==",
            "",
        ];
        for text in cases {
            let token = Token::new(text);
            assert_eq!(token.text(), text, "{text}");
            let json = serde_json::to_string(&token).expect("serialize");
            assert_eq!(json, serde_json::to_string(text).expect("json"), "serialized as the text");
            assert_eq!(serde_json::from_str::<Token>(&json).expect("deserialize"), token);
        }
        for text in cases {
            let token = Token::new(text);
            let record = postcard::to_stdvec(&token).expect("binary");
            assert_eq!(postcard::from_bytes::<Token>(&record).expect("read back").text(), text, "{text}");
        }
        assert!(Token::new(&jwt).is_jwt(), "a JWT is kept as bytes");
        assert!(Token::new(&jwt).0.len() < jwt.len() * 4 / 5, "and takes a quarter less");
        assert!(!Token::new("eyJhbGciOiJub25lIn1.e30.AB").is_jwt());
        assert_eq!(std::mem::size_of::<Option<Token>>(), 16, "a pointer and a length");
        assert_eq!(format!("{:?}", Token::new(&jwt)), "Token(..)", "never in logs");
    }

    /// Kept bytes read back from a record are checked, so a damaged one is an error, never a
    /// token whose text would slice out of bounds.
    #[test]
    fn damaged_kept_bytes_are_refused() {
        let jwt = Token::new("eyJh.eyJi.eyJj");
        let record = postcard::to_stdvec(&jwt).expect("binary");
        assert_eq!(postcard::from_bytes::<Token>(&record).expect("intact"), jwt);
        let cases: [&[u8]; 6] = [
            &[],
            &[2, b'x'],
            &[TEXT, 0xff, 0xfe],
            &[JWT, 0, 0, 0],
            &[JWT, 5, 0, 0, 0, 1, 0, 0, 0, 1, 2, 3, 4, 5],
            &[JWT, 1, 0, 0, 0, 9, 0, 0, 0, 1, 2, 3],
        ];
        for kept in cases {
            let record = postcard::to_stdvec(&serde_bytes_of(kept)).expect("binary");
            assert!(postcard::from_bytes::<Token>(&record).is_err(), "{kept:?}");
        }
        let kept = [JWT, 1, 0, 0, 0, 2, 0, 0, 0, 1, 2, 3];
        let record = postcard::to_stdvec(&serde_bytes_of(&kept)).expect("binary");
        assert_eq!(postcard::from_bytes::<Token>(&record).expect("well formed").text(), "AQ.Ag.Aw");
    }

    /// Bytes serialized as serde bytes, as a kept token is.
    fn serde_bytes_of(bytes: &[u8]) -> impl Serialize + '_ {
        struct Bytes<'a>(&'a [u8]);
        impl Serialize for Bytes<'_> {
            fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                serializer.serialize_bytes(self.0)
            }
        }
        Bytes(bytes)
    }
}
