//! The gateway and lms-sandbox on free loopback ports, driven over real HTTP.
//! Modules mirror the URLs they exercise.

// Functions stay short (the threshold is in clippy.toml at the workspace root).
#![warn(clippy::too_many_lines)]

mod helpers;
mod redis_server;
mod reliability_common;

mod adopt;
mod backchannel;
mod bad_input;
mod calendar;
mod catalog;
mod certificate_preview;
mod chat;
mod client;
mod commands_enroll;
mod commands_start;
mod commands_timezone;
mod commands_workflows;
mod connections;
mod consistency;
mod contract_details;
mod course_details;
mod course_tree;
mod dashboard;
mod email_answer;
mod embedding;
mod events;
mod files;
mod instances;
mod interop;
mod issuer_faults;
mod load;
mod login;
mod login_flood;
mod login_rate_limit;
mod logout;
mod logout_forgery;
mod lti;
mod metrics;
mod my_courses;
mod my_courses_filters;
mod one_decision;
mod openapi;
mod ops;
mod origin;
mod passthrough;
mod permissions;
mod player;
mod profile;
mod providers;
mod public;
mod redirect;
mod redis;
mod schemathesis;
mod session;
mod session_limits;
mod snapshots;
mod telemetry;
mod tenants;
mod tokens;
mod tutor;
mod upstream_faults;
mod upstream_headers;
mod view_rounds;
