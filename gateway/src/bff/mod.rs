//! One module per screen's view and per command, plus the client's static files and config.

pub mod catalog;
pub mod client;
pub mod course_details;
pub mod course_tree;
pub mod my_courses;
pub mod public;
pub mod redirect;
pub mod session;
pub mod ui_config;
pub mod workflow_view;
