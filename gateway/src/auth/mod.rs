//! Identity: OIDC login, logout and back-channel logout, server-side sessions, the CSRF rule, the redirect check,
//! and the sign-in handoff to a portal framed by another site.

pub mod adopt;
pub mod backchannel;
pub mod cookies;
pub mod csrf;
pub mod extract;
pub mod oidc;
pub mod pending;
pub mod redirect_check;
pub mod routes;
pub mod session;
