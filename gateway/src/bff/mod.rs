//! One module per screen's view and per command, plus the client's static files and config.

pub mod client;
pub mod commands;
pub mod enroll;
pub mod my_courses;
pub mod session;
pub mod start;
pub mod timezone;
pub mod ui_config;
pub mod workflows;
