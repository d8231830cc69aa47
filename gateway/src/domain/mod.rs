//! Business rules of spec sections 4 and 5, as pure functions. No I/O here; time is passed in.
//! Each rule has a table test named after its spec clause.

pub mod calendar;
pub mod catalog;
pub mod certificate;
pub mod commands;
pub mod course;
pub mod dashboard;
pub mod details;
pub mod email_answer;
pub mod files;
pub mod filters;
pub mod lists;
pub mod outcome;
pub mod permissions;
pub mod player;
pub mod profile;
pub mod refresh;
pub mod reveal;
pub mod score;
pub mod tree;

#[cfg(test)]
pub(crate) mod fixtures;
