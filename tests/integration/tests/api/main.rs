//! The gateway and lms-sandbox on free loopback ports, driven over real HTTP.
//! Modules mirror the URLs they exercise.

mod helpers;
mod redis_server;

mod backchannel;
mod calendar;
mod catalog;
mod certificate_preview;
mod client;
mod commands_common;
mod commands_enroll;
mod commands_start;
mod commands_timezone;
mod commands_workflows;
mod consistency;
mod course_details;
mod course_tree;
mod dashboard;
mod email_answer;
mod embedding;
mod events;
mod instances;
mod interop;
mod login;
mod logout;
mod metrics;
mod my_courses;
mod my_courses_filters;
mod one_decision;
mod openapi;
mod ops;
mod passthrough;
mod permissions;
mod profile;
mod providers;
mod public;
mod redirect;
mod redis;
mod session;
mod telemetry;
mod tenants;
mod tokens;
mod upstream_headers;
