//! One module per screen's view and per command, plus the client's static files and config.

pub mod calendar;
pub mod certificate_preview;
pub mod client;
pub mod dashboard;
pub mod email_answer;
pub mod learner_courses;
pub mod my_courses;
pub mod profile;
pub mod session;
pub mod ui_config;
