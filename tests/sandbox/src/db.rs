//! The sandbox's state in SQLite: the schema and its indexes. Times are Unix seconds
//! (business dates, read through the sandbox clock) except the `*_ms` columns, which are
//! system-clock milliseconds for the sandbox's own delays (aggregates that appear later).

use rusqlite::Connection;

/// Every table and index, as one SQL script (kept as SQL so it reads as a schema).
const SCHEMA: &str = include_str!("schema.sql");

/// Creates every table and index (the database is new at every start).
pub(crate) fn create_schema(db: &Connection) -> rusqlite::Result<()> {
    db.execute_batch(SCHEMA)
}
