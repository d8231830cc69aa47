//! Plain data shared across the learner portal.
//!
//! - [`upstream`]: the shapes of the upstream LMS API (spec section 3) as the gateway reads them.
//! - [`bff`]: the view models the gateway serves under `/api/bff` and `/config-ui`; TypeScript
//!   bindings for the client are generated from these (see [`typescript`]).

// Functions stay short (the threshold is in clippy.toml at the workspace root).
#![warn(clippy::too_many_lines)]

pub mod bff;
pub mod typescript;
pub mod upstream;
