//! The tenant's chat service, at `/t/{tenant}/api/chat/`: a course's announcement channel (the
//! objective's `announcementChannelId`; its members are the learners with an access to the
//! course, and only instructors post) and team channels of collaborative groups (listed
//! members). Messages carry a sequence number, the cursor of the unread counts and of
//! `chat/events`, a long poll that the gateway turns into server-sent events.
//!
//! | route | answer |
//! | --- | --- |
//! | `GET chat/channels` | the user's channels with `unreadCount` |
//! | `GET chat/unread-counts` | `{channelId: count}` for every channel of the user (one call per page) |
//! | `GET chat/channels/{id}/messages?after=&take=` | `{data: [message], lastReadSeq}`, oldest first |
//! | `POST chat/channels/{id}/messages` `{text}` | 201, the message |
//! | `POST chat/channels/{id}/read` `{seq}` | 204; the user's read cursor moves forward only |
//! | `GET chat/events?after=&waitMs=` | `{data: [message], last}`: messages of the user's channels after `after`, waiting up to `waitMs` (at most 25 s) for one |
//!
//! A channel the user is not a member of is a 404, as if it did not exist.

use std::time::Duration;

use axum::{
    Json, Router,
    extract::{Path, Query, State, rejection::JsonRejection},
    http::{HeaderMap, StatusCode},
    response::{IntoResponse, Response},
    routing::{get, post},
};
use rusqlite::{Connection, OptionalExtension, params};
use serde::Deserialize;
use serde_json::{Value, json};
use uuid::Uuid;

use super::{iso, user};
use crate::{Shared, error::ApiError, seed::id};

/// Longest message text the service accepts, in characters.
pub(crate) const MAX_MESSAGE_CHARS: usize = 4_000;
/// Most messages one page of `messages` answers.
const MAX_TAKE: i64 = 200;
/// Longest wait of one `chat/events` long poll.
const MAX_WAIT_MS: u64 = 25_000;
/// How often a waiting long poll looks for new messages.
const POLL_EVERY: Duration = Duration::from_millis(100);

pub(super) fn routes() -> Router<Shared> {
    Router::new()
        .route("/t/{tenant}/api/chat/channels", get(channels))
        .route("/t/{tenant}/api/chat/unread-counts", get(unread_counts))
        .route("/t/{tenant}/api/chat/channels/{id}/messages", get(messages).post(post_message))
        .route("/t/{tenant}/api/chat/channels/{id}/read", post(mark_read))
        .route("/t/{tenant}/api/chat/events", get(events))
}

/// The chat tables (the database is new at every start).
pub(crate) fn create_schema(db: &Connection) -> rusqlite::Result<()> {
    db.execute_batch(
        r#"
        CREATE TABLE chat_channels (
            id TEXT PRIMARY KEY, tenant TEXT NOT NULL, kind TEXT NOT NULL, name TEXT NOT NULL, objective_id TEXT);
        CREATE INDEX chat_channels_objective ON chat_channels (objective_id);
        CREATE TABLE chat_members (channel_id TEXT NOT NULL, user_id TEXT NOT NULL, PRIMARY KEY (channel_id, user_id));
        CREATE TABLE chat_messages (
            seq INTEGER PRIMARY KEY AUTOINCREMENT, id TEXT NOT NULL UNIQUE, channel_id TEXT NOT NULL,
            author_id TEXT NOT NULL, text TEXT NOT NULL, created INTEGER NOT NULL);
        CREATE INDEX chat_messages_channel ON chat_messages (channel_id, seq);
        CREATE TABLE chat_reads (
            channel_id TEXT NOT NULL, user_id TEXT NOT NULL, last_seq INTEGER NOT NULL, PRIMARY KEY (channel_id, user_id));
        "#,
    )
}

/// The announcement channel id of an objective.
pub(crate) fn announcement_channel(objective_id: &str) -> String {
    id("chat-channel", &format!("announcements/{objective_id}")).to_string()
}

/// The seeded chats: an announcement channel per course, unread announcements on two of
/// ada's courses (and a read one on a third), and the Team Blue channel of ada and grace with
/// some history, all read.
pub(crate) fn seed(db: &Connection, now: i64) -> rusqlite::Result<()> {
    let objectives: Vec<(String, String, String)> = {
        let mut stmt = db.prepare("SELECT id, tenant, name FROM objectives ORDER BY id")?;
        stmt.query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))?.collect::<Result<_, _>>()?
    };
    for (objective, tenant, name) in &objectives {
        db.execute(
            "INSERT INTO chat_channels VALUES (?1, ?2, 'announcement', ?3, ?4)",
            params![announcement_channel(objective), tenant, name, objective],
        )?;
    }
    let user = |name: &str| id("user", &format!("acme/{name}")).to_string();
    let course = |name: &str| announcement_channel(&id("objective", &format!("acme/{name}")).to_string());
    let (ada, grace) = (user("ada"), user("grace"));
    let mut at = now - 3 * 86_400;
    let mut say = |channel: &str, author: &str, text: &str| -> rusqlite::Result<i64> {
        at += 3_600;
        db.execute(
            "INSERT INTO chat_messages (id, channel_id, author_id, text, created) VALUES (?1, ?2, ?3, ?4, ?5)",
            params![Uuid::new_v4().to_string(), channel, author, text, at],
        )?;
        Ok(db.last_insert_rowid())
    };
    let read = say(
        &course("Secure Coding 101"),
        &grace,
        "Office hours this week are on Thursday at 15:00 in the Engineering room.",
    )?;
    db.execute("INSERT INTO chat_reads VALUES (?1, ?2, ?3)", params![course("Secure Coding 101"), ada, read])?;
    say(&course("Data Privacy Basics"), &grace, "Welcome! The quiz now has a second attempt; your best score counts.")?;
    say(&course("Data Privacy Basics"), &grace, "Reminder: finish the walkthrough before the quiz.")?;
    say(&course("Cybersecurity Program"), &grace, "Module 2 opens next Monday. Module 1 must be complete first.")?;

    let team = id("chat-channel", "acme/Team Blue").to_string();
    db.execute("INSERT INTO chat_channels VALUES (?1, 'acme', 'team', 'Team Blue', NULL)", params![team])?;
    for member in [&ada, &grace] {
        db.execute("INSERT INTO chat_members VALUES (?1, ?2)", params![team, member])?;
    }
    say(&team, &grace, "Hi Ada, shall we split the team assignment into two parts?")?;
    say(&team, &ada, "Yes: I take the research part, you take the write-up?")?;
    let last = say(&team, &grace, "Deal. Let's check in on Friday.")?;
    for member in [&ada, &grace] {
        db.execute("INSERT INTO chat_reads VALUES (?1, ?2, ?3)", params![team, member, last])?;
    }
    Ok(())
}

/// SQL: the channels `?1` (a user id) is a member of, in tenant `?2`.
const MY_CHANNELS: &str = "SELECT c.id FROM chat_channels c WHERE c.tenant = ?2 AND (
       (c.kind = 'team' AND EXISTS (SELECT 1 FROM chat_members m WHERE m.channel_id = c.id AND m.user_id = ?1))
    OR (c.kind = 'announcement' AND EXISTS (
           SELECT 1 FROM accesses a WHERE a.objective_id = c.objective_id AND a.user_id = ?1)))";

/// The channel `channel` if `user` is a member of it; 404 otherwise.
fn member_channel(db: &Connection, tenant: &str, user: &str, channel: &str) -> Result<(String, String), ApiError> {
    let sql = format!("SELECT kind, name FROM chat_channels WHERE id = ?3 AND id IN ({MY_CHANNELS})");
    db.query_row(&sql, params![user, tenant, channel], |r| Ok((r.get(0)?, r.get(1)?)))
        .optional()?
        .ok_or_else(|| ApiError::not_found("no such channel"))
}

/// A message as JSON, with its author's display name.
const MESSAGE_JSON: &str = "json_object('id', m.id, 'seq', m.seq, 'channelId', m.channel_id,
    'authorId', m.author_id, 'authorName', trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')),
    'text', m.text, 'created', m.created)";

fn message_rows(db: &Connection, sql: &str, params: impl rusqlite::Params) -> Result<Vec<Value>, ApiError> {
    let mut stmt = db.prepare(sql)?;
    let rows = stmt.query_map(params, |r| r.get::<_, String>(0))?;
    let mut out = Vec::new();
    for row in rows {
        let mut value: Value = serde_json::from_str(&row?).unwrap_or(Value::Null);
        let created = value["created"].as_i64();
        value["created"] = iso(created);
        out.push(value);
    }
    Ok(out)
}

async fn channels(
    State(s): State<Shared>,
    Path(tenant): Path<String>,
    headers: HeaderMap,
) -> Result<Json<Value>, ApiError> {
    let user = user(&s, &tenant, &headers)?;
    let db = s.db();
    let sql = format!(
        "SELECT json_object('id', c.id, 'kind', c.kind, 'name', c.name, 'objectiveId', c.objective_id,
            'unreadCount', (SELECT count(*) FROM chat_messages m WHERE m.channel_id = c.id AND m.author_id <> ?1
                AND m.seq > coalesce((SELECT last_seq FROM chat_reads r WHERE r.channel_id = c.id AND r.user_id = ?1), 0)),
            'lastMessageAt', (SELECT max(created) FROM chat_messages m WHERE m.channel_id = c.id))
         FROM chat_channels c WHERE c.id IN ({MY_CHANNELS})
           AND (c.kind = 'team' OR EXISTS (SELECT 1 FROM chat_messages m WHERE m.channel_id = c.id))
         ORDER BY c.kind DESC, c.name"
    );
    let mut stmt = db.prepare(&sql)?;
    let rows = stmt.query_map(params![user, tenant], |r| r.get::<_, String>(0))?;
    let mut out = Vec::new();
    for row in rows {
        let mut value: Value = serde_json::from_str(&row?).unwrap_or(Value::Null);
        let last = value["lastMessageAt"].as_i64();
        value["lastMessageAt"] = iso(last);
        out.push(value);
    }
    Ok(Json(Value::Array(out)))
}

async fn unread_counts(
    State(s): State<Shared>,
    Path(tenant): Path<String>,
    headers: HeaderMap,
) -> Result<Json<Value>, ApiError> {
    let user = user(&s, &tenant, &headers)?;
    let db = s.db();
    let sql = format!(
        "SELECT m.channel_id, count(*) FROM chat_messages m
         WHERE m.channel_id IN ({MY_CHANNELS}) AND m.author_id <> ?1
           AND m.seq > coalesce((SELECT last_seq FROM chat_reads r WHERE r.channel_id = m.channel_id AND r.user_id = ?1), 0)
         GROUP BY m.channel_id"
    );
    let mut stmt = db.prepare(&sql)?;
    let rows = stmt.query_map(params![user, tenant], |r| Ok((r.get::<_, String>(0)?, r.get::<_, i64>(1)?)))?;
    let mut counts = serde_json::Map::new();
    for row in rows {
        let (channel, count) = row?;
        counts.insert(channel, json!(count));
    }
    Ok(Json(Value::Object(counts)))
}

#[derive(Deserialize)]
struct Page {
    after: Option<i64>,
    take: Option<i64>,
}

async fn messages(
    State(s): State<Shared>,
    Path((tenant, channel)): Path<(String, String)>,
    Query(page): Query<Page>,
    headers: HeaderMap,
) -> Result<Json<Value>, ApiError> {
    let user = user(&s, &tenant, &headers)?;
    let take = page.take.unwrap_or(50);
    if !(1..=MAX_TAKE).contains(&take) {
        return Err(ApiError::bad_request(format!("take must be 1 to {MAX_TAKE}")));
    }
    let db = s.db();
    member_channel(&db, &tenant, &user, &channel)?;
    let data = match page.after {
        // After a cursor: the next messages, oldest first.
        Some(after) => message_rows(
            &db,
            &format!(
                "SELECT {MESSAGE_JSON} FROM chat_messages m LEFT JOIN users u ON u.id = m.author_id
                 WHERE m.channel_id = ?1 AND m.seq > ?2 ORDER BY m.seq LIMIT ?3"
            ),
            params![channel, after, take],
        )?,
        // Without one: the newest page, oldest first.
        None => message_rows(
            &db,
            &format!(
                "SELECT * FROM (SELECT {MESSAGE_JSON} AS j, m.seq AS seq FROM chat_messages m
                    LEFT JOIN users u ON u.id = m.author_id WHERE m.channel_id = ?1 ORDER BY m.seq DESC LIMIT ?2)
                 ORDER BY seq"
            ),
            params![channel, take],
        )?,
    };
    let last_read: i64 = db
        .query_row(
            "SELECT last_seq FROM chat_reads WHERE channel_id = ?1 AND user_id = ?2",
            params![channel, user],
            |r| r.get(0),
        )
        .optional()?
        .unwrap_or(0);
    Ok(Json(json!({ "data": data, "lastReadSeq": last_read })))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct NewMessage {
    text: String,
}

async fn post_message(
    State(s): State<Shared>,
    Path((tenant, channel)): Path<(String, String)>,
    headers: HeaderMap,
    body: Result<Json<NewMessage>, JsonRejection>,
) -> Result<Response, ApiError> {
    let user = user(&s, &tenant, &headers)?;
    let Json(body) = body.map_err(|e| ApiError::bad_request(e.body_text()))?;
    let text = body.text.trim();
    if text.is_empty() {
        return Err(ApiError::bad_request("text: Field is required"));
    }
    if text.chars().count() > MAX_MESSAGE_CHARS {
        return Err(ApiError::bad_request(format!("text: Maximum length is {MAX_MESSAGE_CHARS}")));
    }
    let now = s.now();
    let db = s.db();
    let (kind, _) = member_channel(&db, &tenant, &user, &channel)?;
    if kind == "announcement" {
        let roles: String = db.query_row("SELECT roles FROM users WHERE id = ?1", [&user], |r| r.get(0))?;
        if !roles.contains("Instructor") {
            return Err(ApiError::new(StatusCode::FORBIDDEN, "only instructors post announcements"));
        }
    }
    db.execute(
        "INSERT INTO chat_messages (id, channel_id, author_id, text, created) VALUES (?1, ?2, ?3, ?4, ?5)",
        params![Uuid::new_v4().to_string(), channel, user, text, now],
    )?;
    let seq = db.last_insert_rowid();
    // Your own message is read.
    read_up_to(&db, &channel, &user, seq)?;
    let message = message_rows(
        &db,
        &format!("SELECT {MESSAGE_JSON} FROM chat_messages m LEFT JOIN users u ON u.id = m.author_id WHERE m.seq = ?1"),
        [seq],
    )?;
    Ok((StatusCode::CREATED, Json(message.into_iter().next().unwrap_or(Value::Null))).into_response())
}

/// Moves `user`'s read cursor of `channel` to `seq`, never back.
fn read_up_to(db: &Connection, channel: &str, user: &str, seq: i64) -> rusqlite::Result<usize> {
    db.execute(
        "INSERT INTO chat_reads VALUES (?1, ?2, ?3)
         ON CONFLICT (channel_id, user_id) DO UPDATE SET last_seq = max(last_seq, excluded.last_seq)",
        params![channel, user, seq],
    )
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ReadUpTo {
    seq: i64,
}

async fn mark_read(
    State(s): State<Shared>,
    Path((tenant, channel)): Path<(String, String)>,
    headers: HeaderMap,
    body: Result<Json<ReadUpTo>, JsonRejection>,
) -> Result<StatusCode, ApiError> {
    let user = user(&s, &tenant, &headers)?;
    let Json(body) = body.map_err(|e| ApiError::bad_request(e.body_text()))?;
    if body.seq < 0 {
        return Err(ApiError::bad_request("seq must not be negative"));
    }
    let db = s.db();
    member_channel(&db, &tenant, &user, &channel)?;
    read_up_to(&db, &channel, &user, body.seq)?;
    Ok(StatusCode::NO_CONTENT)
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct EventsQuery {
    after: Option<i64>,
    wait_ms: Option<u64>,
}

async fn events(
    State(s): State<Shared>,
    Path(tenant): Path<String>,
    Query(query): Query<EventsQuery>,
    headers: HeaderMap,
) -> Result<Json<Value>, ApiError> {
    let user = user(&s, &tenant, &headers)?;
    let wait = Duration::from_millis(query.wait_ms.unwrap_or(0).min(MAX_WAIT_MS));
    let deadline = tokio::time::Instant::now() + wait;
    let after = match query.after {
        Some(after) => after,
        // No cursor: start from now (the newest message's number), nothing to send yet.
        None => {
            let last: Option<i64> = s.db().query_row("SELECT max(seq) FROM chat_messages", [], |r| r.get(0))?;
            return Ok(Json(json!({ "data": [], "last": last.unwrap_or(0) })));
        }
    };
    loop {
        let data = {
            let db = s.db();
            message_rows(
                &db,
                &format!(
                    "SELECT {MESSAGE_JSON} FROM chat_messages m LEFT JOIN users u ON u.id = m.author_id
                     WHERE m.seq > ?3 AND m.channel_id IN ({MY_CHANNELS}) ORDER BY m.seq LIMIT {MAX_TAKE}"
                ),
                params![user, tenant, after],
            )?
        };
        if !data.is_empty() || tokio::time::Instant::now() >= deadline {
            let last = data.last().and_then(|m| m["seq"].as_i64()).unwrap_or(after);
            return Ok(Json(json!({ "data": data, "last": last })));
        }
        tokio::time::sleep(POLL_EVERY.min(deadline - tokio::time::Instant::now())).await;
    }
}
