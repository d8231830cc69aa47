//! The sandbox's state in SQLite: schema, and the questions the API asks of it.

use rusqlite::Connection;

/// Creates every table (the database is new at every start).
pub(crate) fn create_schema(db: &Connection) -> rusqlite::Result<()> {
    db.execute_batch(
        r#"
        PRAGMA foreign_keys = ON;
        CREATE TABLE users (
            id TEXT PRIMARY KEY, tenant TEXT NOT NULL, username TEXT NOT NULL, password_sha256 TEXT NOT NULL,
            email TEXT NOT NULL, first_name TEXT, middle_name TEXT, last_name TEXT, timezone TEXT,
            roles TEXT NOT NULL, permissions TEXT NOT NULL, UNIQUE (tenant, username));
        CREATE TABLE showcases (
            id TEXT PRIMARY KEY, tenant TEXT NOT NULL, name TEXT NOT NULL, code TEXT, description TEXT, ord INTEGER);
        CREATE TABLE terms (id TEXT PRIMARY KEY, tenant TEXT NOT NULL, name TEXT NOT NULL);
        CREATE TABLE user_terms (user_id TEXT NOT NULL REFERENCES users(id), term_id TEXT NOT NULL REFERENCES terms(id));
        CREATE TABLE grading_scales (id TEXT PRIMARY KEY, tenant TEXT NOT NULL, body TEXT NOT NULL);
        CREATE TABLE objectives (
            id TEXT PRIMARY KEY, tenant TEXT NOT NULL, name TEXT NOT NULL, code TEXT, description TEXT,
            image_url TEXT, state INTEGER NOT NULL, activity_id TEXT NOT NULL, activity_type TEXT NOT NULL,
            activity_state INTEGER NOT NULL, children_count INTEGER, grading_scale_id TEXT, duration INTEGER);
        CREATE TABLE objective_showcases (
            objective_id TEXT NOT NULL REFERENCES objectives(id), showcase_id TEXT NOT NULL REFERENCES showcases(id));
        CREATE TABLE accesses (
            id TEXT PRIMARY KEY, aggregate_id TEXT NOT NULL UNIQUE, user_id TEXT NOT NULL REFERENCES users(id),
            objective_id TEXT NOT NULL REFERENCES objectives(id), is_mandatory INTEGER NOT NULL,
            show_in_catalog INTEGER NOT NULL, term_id TEXT, is_self_enrolled INTEGER NOT NULL);
        CREATE TABLE workflows (
            id TEXT PRIMARY KEY, aggregate_id TEXT NOT NULL REFERENCES accesses(aggregate_id),
            state INTEGER NOT NULL, progress REAL, started TEXT NOT NULL);
        CREATE TABLE records (
            id TEXT PRIMARY KEY, aggregate_id TEXT NOT NULL REFERENCES accesses(aggregate_id), grade TEXT,
            passed INTEGER, finished INTEGER, score REAL, max_score REAL, normalized_score REAL, created TEXT NOT NULL);
        CREATE TABLE idp_sessions (id TEXT PRIMARY KEY, tenant TEXT NOT NULL, user_id TEXT NOT NULL, sid TEXT NOT NULL,
            auth_time INTEGER NOT NULL, ended INTEGER NOT NULL DEFAULT 0);
        CREATE TABLE auth_codes (code TEXT PRIMARY KEY, tenant TEXT NOT NULL, client_id TEXT NOT NULL,
            redirect_uri TEXT NOT NULL, code_challenge TEXT NOT NULL, nonce TEXT, scope TEXT NOT NULL,
            user_id TEXT NOT NULL, sid TEXT NOT NULL, auth_time INTEGER NOT NULL, expires_at INTEGER NOT NULL);
        CREATE TABLE refresh_tokens (token TEXT PRIMARY KEY, tenant TEXT NOT NULL, user_id TEXT NOT NULL,
            sid TEXT NOT NULL, family TEXT NOT NULL, scope TEXT NOT NULL, used INTEGER NOT NULL DEFAULT 0,
            revoked INTEGER NOT NULL DEFAULT 0);
        "#,
    )
}
