//! lms-sandbox over real HTTP: one test binary whose modules mirror the URLs.

mod admin;
mod api_accesses;
mod api_activities;
mod api_aggregates;
mod api_catalog;
mod api_certificates;
mod api_chat;
mod api_commands;
mod api_enrollments;
mod api_files;
mod api_lti;
mod api_media;
mod api_records;
mod api_tutor;
mod api_users;
mod api_workflows;
mod clock;
mod events;
mod faults;
mod helpers;
mod idp;
mod process;
mod tokens;
