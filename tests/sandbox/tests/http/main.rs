//! lms-sandbox over real HTTP: one test binary whose modules mirror the URLs.

// Functions stay short (the threshold is in clippy.toml at the workspace root).
#![warn(clippy::too_many_lines)]

mod admin;
mod api_accesses;
#[expect(clippy::too_many_lines, reason = "tables and journeys read best whole")]
mod api_activities;
#[expect(clippy::too_many_lines, reason = "tables and journeys read best whole")]
mod api_aggregates;
mod api_catalog;
#[expect(clippy::too_many_lines, reason = "tables and journeys read best whole")]
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
#[expect(clippy::too_many_lines, reason = "tables and journeys read best whole")]
mod api_workflows;
mod clock;
mod events;
mod faults;
mod helpers;
mod idp;
mod process;
mod tokens;
