//! One module per screen's view and per command, plus the client's static files and config.

pub mod catalog;
pub mod client;
pub mod commands;
pub mod course_details;
pub mod course_tree;
pub mod enroll;
pub mod my_courses;
pub mod public;
pub mod redirect;
pub mod session;
pub mod start;
pub mod timezone;
pub mod ui_config;
pub mod workflow_view;
pub mod workflows;
