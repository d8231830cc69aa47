//! The gateway and lms-sandbox on free loopback ports, driven over real HTTP.
//! Modules mirror the URLs they exercise.

mod helpers;

mod client;
mod events;
mod login;
mod logout;
mod metrics;
mod my_courses;
mod ops;
mod session;
mod telemetry;
mod tenants;
mod tokens;
