//! Identity: OIDC login and logout, server-side sessions, the CSRF rule, the redirect check.

pub mod cookies;
pub mod csrf;
pub mod extract;
pub mod oidc;
pub mod redirect;
pub mod routes;
pub mod session;
