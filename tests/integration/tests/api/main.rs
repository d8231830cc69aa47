//! The gateway and lms-sandbox on free loopback ports, driven over real HTTP.
//! Modules mirror the URLs they exercise.

mod helpers;
mod redis_server;

mod backchannel;
mod client;
mod instances;
mod login;
mod logout;
mod my_courses;
mod ops;
mod redis;
mod session;
mod tenants;
mod tokens;
