//! Course and team chat, and the AI tutor (spec sections 1, 2 and 6): the chat views and
//! commands of `/api/bff/chat/...` and the tutor question of `POST /api/bff/tutor/answers`.

use serde::{Deserialize, Serialize};
use ts_rs::TS;
use utoipa::ToSchema;

/// What a channel is for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
pub enum ChatChannelKind {
    /// A course's announcements (learners read, instructors post).
    Announcement,
    /// A team of a collaborative activity (every member posts).
    Team,
}

/// One channel of the learner.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ChatChannel {
    /// Channel id.
    pub id: String,
    /// Announcements of a course, or a team.
    pub kind: ChatChannelKind,
    /// Display name (the course's or the team's).
    pub name: String,
    /// The course of an announcement channel.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub objective_id: Option<String>,
    /// Messages the learner has not read.
    pub unread_count: u32,
    /// Whether the learner may post here.
    pub can_post: bool,
}

/// `GET /api/bff/chat/channels`: the learner's channels.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ChatChannelsView {
    /// Team channels first, then announcement channels, by name.
    pub channels: Vec<ChatChannel>,
}

/// One message. Its text is plain text: the client never renders it as HTML.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ChatMessage {
    /// Message id.
    pub id: String,
    /// Position in the chat, the cursor of reading and of the live stream.
    pub seq: i64,
    /// The channel it belongs to.
    pub channel_id: String,
    /// Author's display name.
    pub author_name: String,
    /// Whether the signed-in learner wrote it.
    pub mine: bool,
    /// Plain text.
    pub text: String,
    /// When it was posted (RFC 3339).
    pub created: String,
}

/// `GET /api/bff/chat/channels/{channelId}`: one channel and its newest messages.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ChatChannelView {
    /// The channel.
    pub channel: ChatChannel,
    /// The newest messages, oldest first.
    pub messages: Vec<ChatMessage>,
    /// The last message the learner had read before opening (`seq`, 0 for none).
    pub last_read_seq: i64,
    /// Longest text `POST .../messages` accepts, in characters.
    pub max_message_chars: u32,
}

/// `POST /api/bff/chat/channels/{channelId}/messages`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct PostChatMessage {
    /// Plain text; leading and trailing spaces are dropped; never empty.
    pub text: String,
}

/// `POST /api/bff/chat/channels/{channelId}/read`: everything up to `seq` is read.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct MarkChatRead {
    /// The newest message read.
    pub seq: i64,
}

/// `POST /api/bff/tutor/answers`: a question about a course. The answer is a
/// `text/event-stream` of `citation` (`{source, passage}`), `token` (`{text}`), then `done`
/// or `error` (`{message}`) events.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct TutorQuestion {
    /// The course asked about.
    pub objective_id: String,
    /// The question; never empty, at most the configured length.
    pub question: String,
}
