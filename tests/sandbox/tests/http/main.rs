//! lms-sandbox over real HTTP: one test binary whose modules mirror the URLs.

mod api_aggregates;
mod api_users;
mod helpers;
mod idp;
mod process;
mod tokens;
