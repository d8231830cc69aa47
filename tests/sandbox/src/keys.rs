//! RS256 signing keys, one per tenant: generated at first start and kept as PKCS#1 PEM in
//! `data_dir/keys/{tenant}.pem`; without a data folder, each tenant's key is generated once per
//! process and shared by every sandbox of that process (key generation takes a moment, and
//! tests start many sandboxes).

use std::{
    collections::HashMap,
    path::Path,
    sync::{Mutex, OnceLock},
};

use anyhow::Context;
use base64::{Engine, engine::general_purpose::URL_SAFE_NO_PAD};
use jsonwebtoken::{DecodingKey, EncodingKey};
use rsa::{
    RsaPrivateKey,
    pkcs1::{DecodeRsaPrivateKey, EncodeRsaPrivateKey, LineEnding},
    traits::PublicKeyParts,
};
use sha2::{Digest, Sha256};

/// A tenant's signing key with its public parts.
#[derive(Clone)]
pub(crate) struct SigningKey {
    /// Key id, a hash of the public key.
    pub kid: String,
    /// Modulus, base64url.
    pub n: String,
    /// Exponent, base64url.
    pub e: String,
    /// For signing.
    pub encoding: EncodingKey,
    /// For verifying our own tokens.
    pub decoding: DecodingKey,
}

impl std::fmt::Debug for SigningKey {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SigningKey").field("kid", &self.kid).finish_non_exhaustive()
    }
}

fn generate_pem() -> anyhow::Result<String> {
    let key = RsaPrivateKey::new(&mut rsa::rand_core::OsRng, 2048).context("generating an RSA key")?;
    Ok(key.to_pkcs1_pem(LineEnding::LF).context("encoding the RSA key")?.to_string())
}

/// The key of `tenant`, from `data_dir` (created when missing) or the process-wide one.
pub(crate) fn load_or_create(data_dir: Option<&Path>, tenant: &str) -> anyhow::Result<SigningKey> {
    let pem = match data_dir {
        Some(dir) => {
            let path = dir.join("keys").join(format!("{tenant}.pem"));
            if path.exists() {
                std::fs::read_to_string(&path).with_context(|| format!("reading {}", path.display()))?
            } else {
                let pem = generate_pem()?;
                let keys_dir = dir.join("keys");
                std::fs::create_dir_all(&keys_dir).with_context(|| format!("creating {}", keys_dir.display()))?;
                std::fs::write(&path, &pem).with_context(|| format!("writing {}", path.display()))?;
                pem
            }
        }
        None => {
            static SHARED: OnceLock<Mutex<HashMap<String, String>>> = OnceLock::new();
            // Held while generating, so concurrent sandboxes wait for one key instead of making several.
            let mut shared = SHARED.get_or_init(Mutex::default).lock().unwrap_or_else(|p| p.into_inner());
            match shared.get(tenant) {
                Some(pem) => pem.clone(),
                None => {
                    let pem = generate_pem()?;
                    shared.insert(tenant.to_string(), pem.clone());
                    pem
                }
            }
        }
    };
    from_pem(&pem)
}

fn from_pem(pem: &str) -> anyhow::Result<SigningKey> {
    let key = RsaPrivateKey::from_pkcs1_pem(pem).context("reading the RSA key")?;
    let n = URL_SAFE_NO_PAD.encode(key.n().to_bytes_be());
    let e = URL_SAFE_NO_PAD.encode(key.e().to_bytes_be());
    let kid = URL_SAFE_NO_PAD.encode(Sha256::digest(format!("{n}.{e}")))[..16].to_string();
    Ok(SigningKey {
        encoding: EncodingKey::from_rsa_pem(pem.as_bytes()).context("loading the signing key")?,
        decoding: DecodingKey::from_rsa_components(&n, &e).context("loading the verifying key")?,
        kid,
        n,
        e,
    })
}
