//! Course and team chat (`/api/bff/chat/...`), through the tenant's chat service.
//!
//! The learner reads their channels and one channel's newest messages, posts plain text (never
//! HTML: the text is sent on as typed, trimmed, and the client shows it as text), and marks
//! messages read. New messages arrive as server-sent events from `GET /api/bff/chat/stream`:
//! the gateway long-polls the chat service for the session and sends each message as an event
//! whose id is its sequence number, so a browser that reconnects with `Last-Event-ID` misses
//! nothing. A stream is bounded: a heartbeat comment every `chat.stream_heartbeat_secs` (when it
//! also checks that its session still exists, and ends with a `session-ended` event when it
//! does not), at most `chat.stream_max_secs` long, at most `chat.max_streams_per_session` at
//! once. Another tenant's channel, or one the learner is not a member of, is a 404.

use std::{convert::Infallible, time::Duration};

use axum::{
    Json,
    extract::State,
    http::{HeaderMap, StatusCode},
    response::{
        IntoResponse, Response,
        sse::{Event, KeepAlive, Sse},
    },
};
use contracts::bff::{
    ChatChannel, ChatChannelKind, ChatChannelView, ChatChannelsView, ChatMessage, MarkChatRead, PostChatMessage,
    Problem, Unauthorized,
};
use futures::{Stream, StreamExt, stream};
use tokio::time::Instant;

use crate::extract::Path;
use crate::{
    app::AppState,
    auth::extract::{AuthSession, LearnerSession},
    bff::streams::{StreamKind, StreamSlot},
    error::{AppError, AppResult},
    extract,
    upstream::{
        CallContext, Upstream, UpstreamError,
        conversations::{UpstreamChannel, UpstreamMessage},
    },
};

/// How long the browser waits before it reconnects a stream that ended, in milliseconds.
const RECONNECT_MS: u64 = 3_000;

/// The channel of the view, if the learner may see it.
fn channel(up: UpstreamChannel, can_post_announcements: bool) -> Option<ChatChannel> {
    let kind = match up.kind.as_str() {
        "announcement" => ChatChannelKind::Announcement,
        "team" => ChatChannelKind::Team,
        _ => return None,
    };
    Some(ChatChannel {
        id: up.id,
        kind,
        name: up.name,
        objective_id: up.objective_id,
        unread_count: up.unread_count,
        can_post: kind == ChatChannelKind::Team || can_post_announcements,
    })
}

/// Instructors post announcements; learners read them.
fn posts_announcements(auth: &AuthSession) -> bool {
    auth.session.user.roles.iter().any(|r| r == "Instructor")
}

fn message(up: UpstreamMessage, me: &str) -> ChatMessage {
    ChatMessage {
        mine: up.author_id == me,
        id: up.id,
        seq: up.seq,
        channel_id: up.channel_id,
        author_name: up.author_name,
        text: up.text,
        created: up.created.unwrap_or_default(),
    }
}

/// The learner's channels.
#[utoipa::path(get, path = "/api/bff/chat/channels", tag = "views", responses(
    (status = 200, description = "Team channels, then announcement channels, with unread counts", body = ChatChannelsView),
    (status = 401, description = "No valid session", body = Unauthorized),
    (status = 403, description = "The user lacks the learner permission (ObjectiveWorkflow.Create)", body = Problem),
    (status = 502, description = "The chat service could not be reached", body = Problem),
))]
pub async fn get_chat_channels(LearnerSession(auth): LearnerSession) -> AppResult<Json<ChatChannelsView>> {
    let upstream = &auth.portal.tenant.upstream;
    let posts = posts_announcements(&auth);
    let mut channels: Vec<ChatChannel> =
        upstream.chat_channels(&auth.ctx).await?.into_iter().filter_map(|c| channel(c, posts)).collect();
    channels.sort_by(|a, b| {
        (a.kind != ChatChannelKind::Team).cmp(&(b.kind != ChatChannelKind::Team)).then_with(|| a.name.cmp(&b.name))
    });
    Ok(Json(ChatChannelsView { channels }))
}

async fn find_channel(upstream: &Upstream, ctx: &CallContext, id: &str, posts: bool) -> AppResult<ChatChannel> {
    upstream
        .chat_channels(ctx)
        .await?
        .into_iter()
        .filter_map(|c| channel(c, posts))
        .find(|c| c.id == id)
        .ok_or(AppError::NotFound)
}

/// One channel with its newest messages.
#[utoipa::path(get, path = "/api/bff/chat/channels/{channelId}", tag = "views",
    params(("channelId" = String, Path, description = "Channel id")),
    responses(
        (status = 200, description = "The channel and its newest messages", body = ChatChannelView),
        (status = 401, description = "No valid session", body = Unauthorized),
        (status = 403, description = "The user lacks the learner permission (ObjectiveWorkflow.Create)", body = Problem),
        (status = 404, description = "No such channel for this learner", body = Problem),
        (status = 502, description = "The chat service could not be reached", body = Problem),
    ))]
pub async fn get_chat_channel(
    State(state): State<AppState>,
    LearnerSession(auth): LearnerSession,
    Path(channel_id): Path<String>,
) -> AppResult<Json<ChatChannelView>> {
    let upstream = &auth.portal.tenant.upstream;
    let settings = &state.config.chat;
    let posts = posts_announcements(&auth);
    let (channel, page) = tokio::try_join!(find_channel(upstream, &auth.ctx, &channel_id, posts), async {
        upstream.chat_messages(&auth.ctx, &channel_id, settings.page_size).await.map_err(AppError::from)
    })?;
    let me = auth.session.user.id.to_string();
    Ok(Json(ChatChannelView {
        channel,
        messages: page.data.into_iter().map(|m| message(m, &me)).collect(),
        last_read_seq: page.last_read_seq,
        max_message_chars: u32::try_from(settings.max_message_chars).unwrap_or(u32::MAX),
    }))
}

/// Posts a message (plain text).
#[utoipa::path(post, path = "/api/bff/chat/channels/{channelId}/messages", tag = "commands",
    params(("channelId" = String, Path, description = "Channel id")),
    request_body = PostChatMessage,
    responses(
        (status = 200, description = "The posted message", body = ChatMessage),
        (status = 400, description = "Empty or longer than `chat.max_message_chars`", body = Problem),
        (status = 401, description = "No valid session", body = Unauthorized),
        (status = 403, description = "Learners do not post announcements, or the user lacks the learner permission", body = Problem),
        (status = 404, description = "No such channel for this learner", body = Problem),
        (status = 413, description = "Body larger than `commands.max_body_bytes`", body = Problem),
        (status = 422, description = "The chat service refused the message", body = Problem),
    ))]
pub async fn post_chat_message(
    State(state): State<AppState>,
    LearnerSession(auth): LearnerSession,
    Path(channel_id): Path<String>,
    extract::Json(body): extract::Json<PostChatMessage>,
) -> AppResult<Json<ChatMessage>> {
    let text = body.text.trim();
    let max = state.config.chat.max_message_chars;
    if text.is_empty() {
        return Err(AppError::BadRequest("text: Field is required".into()));
    }
    if text.chars().count() > max {
        return Err(AppError::BadRequest(format!("text: Maximum length is {max}")));
    }
    let upstream = &auth.portal.tenant.upstream;
    let posted = upstream.post_chat_message(&auth.ctx, &channel_id, text).await.map_err(|e| match e {
        UpstreamError::Forbidden(_) => AppError::Forbidden("Only instructors post in this channel.".into()),
        e => refused(e, "The message could not be posted."),
    })?;
    Ok(Json(message(posted, &auth.session.user.id.to_string())))
}

/// Marks the channel's messages up to `seq` read.
#[utoipa::path(post, path = "/api/bff/chat/channels/{channelId}/read", tag = "commands",
    params(("channelId" = String, Path, description = "Channel id")),
    request_body = MarkChatRead,
    responses(
        (status = 204, description = "Read"),
        (status = 400, description = "A negative `seq`", body = Problem),
        (status = 401, description = "No valid session", body = Unauthorized),
        (status = 403, description = "The user lacks the learner permission (ObjectiveWorkflow.Create)", body = Problem),
        (status = 404, description = "No such channel for this learner", body = Problem),
        (status = 413, description = "Body larger than `commands.max_body_bytes`", body = Problem),
        (status = 422, description = "The chat service refused the cursor", body = Problem),
    ))]
pub async fn mark_chat_read(
    LearnerSession(auth): LearnerSession,
    Path(channel_id): Path<String>,
    extract::Json(body): extract::Json<MarkChatRead>,
) -> AppResult<StatusCode> {
    if body.seq < 0 {
        return Err(AppError::BadRequest("seq: must not be negative".into()));
    }
    auth.portal
        .tenant
        .upstream
        .mark_chat_read(&auth.ctx, &channel_id, body.seq)
        .await
        .map_err(|e| refused(e, "The messages could not be marked read."))?;
    Ok(StatusCode::NO_CONTENT)
}

/// Unread announcements by channel for a page of cards, in one call. Chat is another service:
/// when it fails, the cards show no count rather than the page failing.
pub(crate) async fn unread_counts(upstream: &Upstream, ctx: &CallContext) -> std::collections::HashMap<String, u32> {
    upstream.chat_unread_counts(ctx).await.unwrap_or_else(|e| {
        tracing::warn!(error = %e, "unread chat counts unavailable; cards show none");
        Default::default()
    })
}

/// A refusal of the chat or tutor service is the command's failure (422, `service_refused`, the
/// gateway's `message`: the service's own words are not passed on); other failures map by cause.
pub(crate) fn refused(e: UpstreamError, message: &str) -> AppError {
    match e {
        UpstreamError::Rejected(..) => AppError::CommandFailed {
            code: "service_refused",
            message: message.to_string(),
            field_errors: Default::default(),
        },
        e => e.into(),
    }
}

/// New messages of the learner's channels as server-sent events.
#[utoipa::path(get, path = "/api/bff/chat/stream", tag = "views",
    params(("Last-Event-ID" = Option<String>, Header, description = "The last message's `seq` the browser received")),
    responses(
        (status = 200, description = "`text/event-stream`: `message` events (a ChatMessage, id = seq), heartbeat comments, `session-ended`", content_type = "text/event-stream"),
        (status = 401, description = "No valid session", body = Unauthorized),
        (status = 403, description = "The user lacks the learner permission (ObjectiveWorkflow.Create)", body = Problem),
        (status = 429, description = "This session already holds `chat.max_streams_per_session` streams", body = Problem),
    ))]
pub async fn get_chat_stream(
    State(state): State<AppState>,
    LearnerSession(auth): LearnerSession,
    headers: HeaderMap,
) -> AppResult<Response> {
    let settings = state.config.chat.clone();
    let slot = state
        .streams
        .acquire(StreamKind::Chat, &auth.session.id, settings.max_streams_per_session)
        .ok_or_else(|| AppError::TooManyRequests("This session has too many chat streams open.".into()))?;
    let after = headers.get("last-event-id").and_then(|v| v.to_str().ok()).and_then(|v| v.trim().parse::<i64>().ok());
    let live = Live {
        state: state.clone(),
        upstream: auth.portal.tenant.upstream.clone(),
        ctx: auth.ctx.clone(),
        session_id: auth.session.id.clone(),
        me: auth.session.user.id.to_string(),
        after,
        heartbeat: Duration::from_secs(settings.stream_heartbeat_secs),
        ends_at: Instant::now() + Duration::from_secs(settings.stream_max_secs),
        first: true,
        done: false,
        _slot: slot,
    };
    // Heartbeats come from the loop itself (it wakes at least every heartbeat to check the
    // session); axum's keep-alive is a second guard for a slow upstream call.
    let keep_alive = KeepAlive::new().interval(Duration::from_secs(settings.stream_heartbeat_secs)).text("ping");
    Ok(Sse::new(live.into_stream()).keep_alive(keep_alive).into_response())
}

/// One browser's stream: where it is in the chat, and until when it runs.
struct Live {
    state: AppState,
    upstream: Upstream,
    ctx: CallContext,
    session_id: String,
    me: String,
    after: Option<i64>,
    heartbeat: Duration,
    ends_at: Instant,
    first: bool,
    done: bool,
    /// Frees this session's stream slot when the stream is dropped (ended or disconnected).
    _slot: StreamSlot,
}

impl Live {
    fn into_stream(self) -> impl Stream<Item = Result<Event, Infallible>> {
        stream::unfold(self, |mut live| async move {
            let events = live.next_events().await?;
            Some((stream::iter(events.into_iter().map(Ok)), live))
        })
        .flatten()
    }

    /// The next events to send, or `None` when the stream ends.
    async fn next_events(&mut self) -> Option<Vec<Event>> {
        if self.done {
            return None;
        }
        if self.first {
            self.first = false;
            return Some(vec![Event::default().retry(Duration::from_millis(RECONNECT_MS)).comment("connected")]);
        }
        // A stream never outlives its session.
        match self.state.sessions.get(&self.session_id).await {
            Ok(Some(_)) => {}
            Ok(None) => {
                self.done = true;
                return Some(vec![Event::default().event("session-ended").data("{}")]);
            }
            // The store is down: end this stream; the browser reconnects and gets a 503 or its data.
            Err(_) => return None,
        }
        let left = self.ends_at.saturating_duration_since(Instant::now());
        if left.is_zero() {
            return None;
        }
        let wait = self.heartbeat.min(left);
        match self
            .upstream
            .chat_events(&self.ctx, self.after, if self.after.is_some() { wait } else { Duration::ZERO })
            .await
        {
            Ok(found) => {
                self.after = Some(found.last);
                if found.data.is_empty() {
                    return Some(vec![Event::default().comment("ping")]);
                }
                let events = found
                    .data
                    .into_iter()
                    .map(|m| {
                        let seq = m.seq;
                        let data = serde_json::to_string(&message(m, &self.me)).unwrap_or_else(|_| "{}".into());
                        Event::default().event("message").id(seq.to_string()).data(data)
                    })
                    .collect();
                Some(events)
            }
            // The token expired or the service failed: end; the browser reconnects (and the
            // reconnection refreshes the session's tokens) after `retry`.
            Err(_) => None,
        }
    }
}
