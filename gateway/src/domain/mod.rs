//! Business rules of spec sections 4 and 5, as pure functions. No I/O here; time is passed in.
//! Each rule has a table test named after its spec clause.

pub mod course;
pub mod lists;
pub mod permissions;
pub mod profile;
pub mod score;
