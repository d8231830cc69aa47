//! The gateway and lms-sandbox on free loopback ports, driven over real HTTP.
//! Modules mirror the URLs they exercise.

mod helpers;
mod redis_server;

mod backchannel;
mod client;
mod commands_common;
mod commands_enroll;
mod commands_start;
mod commands_timezone;
mod commands_workflows;
mod embedding;
mod instances;
mod interop;
mod login;
mod logout;
mod my_courses;
mod ops;
mod permissions;
mod providers;
mod redis;
mod session;
mod tenants;
mod tokens;
