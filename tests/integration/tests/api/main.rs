//! The gateway and lms-sandbox on free loopback ports, driven over real HTTP.
//! Modules mirror the URLs they exercise.

mod helpers;
mod redis_server;

mod backchannel;
mod calendar;
mod certificate_preview;
mod client;
mod dashboard;
mod email_answer;
mod embedding;
mod instances;
mod interop;
mod login;
mod logout;
mod my_courses;
mod my_courses_filters;
mod ops;
mod passthrough;
mod permissions;
mod profile;
mod providers;
mod redis;
mod session;
mod tenants;
mod tokens;
