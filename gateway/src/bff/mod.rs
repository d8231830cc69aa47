//! One module per screen's view and per command, plus the client's static files and config.

pub mod activity;
pub mod activity_commands;
pub mod calendar;
pub mod catalog;
pub mod certificate_preview;
pub mod client;
pub mod commands;
pub mod course_details;
pub mod course_header;
pub mod course_tree;
pub mod dashboard;
pub mod email_answer;
pub mod enroll;
pub mod learner_courses;
pub mod my_courses;
pub mod profile;
pub mod public;
pub mod redirect;
pub mod session;
pub mod start;
pub mod timezone;
pub mod ui_config;
pub mod workflow_view;
pub mod workflows;
