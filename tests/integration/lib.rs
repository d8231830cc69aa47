//! Integration tests of the gateway with lms-sandbox; see `tests/api`.
