//! lms-sandbox over real HTTP: one test binary whose modules mirror the URLs.

mod admin;
mod api_aggregates;
mod api_users;
mod clock;
mod events;
mod faults;
mod helpers;
mod idp;
mod process;
mod tokens;
