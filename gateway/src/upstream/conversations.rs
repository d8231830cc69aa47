//! The tenant's chat service and AI tutor (beside the LMS API, under the same base and token):
//! `chat/...` and `tutor/answers`. Shapes are read into small DTOs here; the views in
//! `bff::chat` and `bff::tutor` decide what the browser sees.
//!
//! The long poll and the tutor's stream do not take one of the tenant's in-flight call slots
//! (they would hold it for seconds and starve the views); the gateway bounds them per session
//! instead (`chat.max_streams_per_session`, `tutor.max_streams_per_session`).

use std::{collections::HashMap, time::Duration};

use reqwest::Method;
use serde::Deserialize;
use serde_json::json;
use uuid::Uuid;

use super::{CallContext, Upstream, UpstreamError, transport};

/// How much longer than its wait a long poll may take before it counts as timed out.
const LONG_POLL_GRACE: Duration = Duration::from_secs(10);

/// A channel as the chat service lists it.
#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct UpstreamChannel {
    /// Channel id.
    pub id: String,
    /// `announcement` or `team`.
    pub kind: String,
    /// Display name.
    pub name: String,
    /// The course of an announcement channel.
    #[serde(default)]
    pub objective_id: Option<String>,
    /// Messages the user has not read.
    #[serde(default)]
    pub unread_count: u32,
}

/// A message as the chat service sends it.
#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct UpstreamMessage {
    /// Message id.
    pub id: String,
    /// Position in the chat.
    pub seq: i64,
    /// Channel id.
    pub channel_id: String,
    /// Author's user id.
    pub author_id: String,
    /// Author's display name.
    #[serde(default)]
    pub author_name: String,
    /// Plain text.
    pub text: String,
    /// RFC 3339.
    #[serde(default)]
    pub created: Option<String>,
}

/// A page of messages and the user's read cursor.
#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct MessagePage {
    /// Oldest first.
    pub data: Vec<UpstreamMessage>,
    /// The newest message the user had read.
    #[serde(default)]
    pub last_read_seq: i64,
}

/// The answer of one long poll.
#[derive(Debug, Clone, Deserialize)]
pub struct ChatEvents {
    /// New messages, oldest first.
    pub data: Vec<UpstreamMessage>,
    /// The cursor to poll from next.
    pub last: i64,
}

impl Upstream {
    /// `GET chat/channels`.
    pub async fn chat_channels(&self, ctx: &CallContext) -> Result<Vec<UpstreamChannel>, UpstreamError> {
        self.get(ctx, "reading the chat channels", "chat/channels", &[]).await
    }

    /// `GET chat/unread-counts`: unread messages by channel id (one call for a page of cards).
    pub async fn chat_unread_counts(&self, ctx: &CallContext) -> Result<HashMap<String, u32>, UpstreamError> {
        self.get(ctx, "reading the unread chat counts", "chat/unread-counts", &[]).await
    }

    /// `GET chat/channels/{id}/messages`: the newest `take` messages.
    pub async fn chat_messages(
        &self,
        ctx: &CallContext,
        channel: &str,
        take: u32,
    ) -> Result<MessagePage, UpstreamError> {
        let path = format!("chat/channels/{}/messages", encode(channel));
        self.get(ctx, "reading chat messages", &path, &[("take", take.to_string())]).await
    }

    /// `POST chat/channels/{id}/messages` (a command: never retried).
    pub async fn post_chat_message(
        &self,
        ctx: &CallContext,
        channel: &str,
        text: &str,
    ) -> Result<UpstreamMessage, UpstreamError> {
        let what = "posting a chat message";
        let path = format!("chat/channels/{}/messages", encode(channel));
        let answer =
            self.command(ctx, what, Method::POST, &path, &json!({ "text": text }), super::Prefer::RespondSync).await?;
        serde_json::from_value(answer.body)
            .map_err(|e| UpstreamError::Bad(what.into(), format!("unreadable answer: {e}")))
    }

    /// `POST chat/channels/{id}/read`.
    pub async fn mark_chat_read(&self, ctx: &CallContext, channel: &str, seq: i64) -> Result<(), UpstreamError> {
        let path = format!("chat/channels/{}/read", encode(channel));
        self.command(
            ctx,
            "marking chat messages read",
            Method::POST,
            &path,
            &json!({ "seq": seq }),
            super::Prefer::RespondSync,
        )
        .await?;
        Ok(())
    }

    /// `GET chat/events`: messages of the user's channels after `after`, waiting up to `wait`
    /// for one (without `after`: the current cursor at once). The call may take `wait` plus
    /// the usual timeout.
    pub async fn chat_events(
        &self,
        ctx: &CallContext,
        after: Option<i64>,
        wait: Duration,
    ) -> Result<ChatEvents, UpstreamError> {
        let what = "waiting for chat messages";
        let url = self.url(what, "chat/events")?;
        let mut query = vec![("waitMs", wait.as_millis().to_string())];
        if let Some(after) = after {
            query.push(("after", after.to_string()));
        }
        let timeout = wait + LONG_POLL_GRACE;
        let response = self
            .http
            .get(url)
            .query(&query)
            .headers(ctx.headers())
            .timeout(timeout)
            .send()
            .await
            .map_err(|e| transport(what, e))?;
        let response = check_status(what, ctx, response)?;
        let body = super::read_limited(response, self.max_response_bytes)
            .await
            .map_err(|e| UpstreamError::Bad(what.into(), e.to_string()))?;
        serde_json::from_slice(&body).map_err(|e| UpstreamError::Bad(what.into(), format!("unreadable answer: {e}")))
    }

    /// `GET users/me/objective-workflow-aggregates/{id}/knowledge-model`: the knowledge model
    /// the tutor answers from, when the course has one.
    pub async fn knowledge_model_id(
        &self,
        ctx: &CallContext,
        aggregate: Uuid,
    ) -> Result<Option<String>, UpstreamError> {
        #[derive(Deserialize)]
        #[serde(rename_all = "camelCase")]
        struct KnowledgeModel {
            #[serde(default)]
            knowledge_model_id: Option<String>,
        }
        let path = format!("users/me/objective-workflow-aggregates/{aggregate}/knowledge-model");
        let model: KnowledgeModel = self.get(ctx, "reading the course's knowledge model", &path, &[]).await?;
        Ok(model.knowledge_model_id)
    }

    /// `POST tutor/answers`: the tutor's answer as a stream (`text/event-stream`), once its
    /// head arrived within `first_byte`; the whole answer may take up to `whole`. Dropping the
    /// response closes the connection, which cancels the answer upstream.
    pub async fn tutor_answer(
        &self,
        ctx: &CallContext,
        body: &serde_json::Value,
        first_byte: Duration,
        whole: Duration,
    ) -> Result<reqwest::Response, UpstreamError> {
        let what = "asking the tutor";
        let url = self.url(what, "tutor/answers")?;
        let request = self.http.post(url).headers(ctx.headers()).json(body).timeout(whole);
        let response = match tokio::time::timeout(first_byte, request.send()).await {
            Ok(sent) => sent.map_err(|e| transport(what, e))?,
            Err(_) => return Err(UpstreamError::Timeout(what.into())),
        };
        check_status(what, ctx, response)
    }
}

/// The response if it succeeded, else the error its status means.
fn check_status(
    what: &str,
    ctx: &CallContext,
    response: reqwest::Response,
) -> Result<reqwest::Response, UpstreamError> {
    match response.status().as_u16() {
        200..=299 => Ok(response),
        400 | 422 => Err(UpstreamError::Rejected(what.into(), serde_json::Value::Null)),
        401 => Err(UpstreamError::Unauthorized(what.into(), ctx.authorization.clone())),
        403 => Err(UpstreamError::Forbidden(what.into())),
        404 => Err(UpstreamError::NotFound(what.into())),
        _ => Err(UpstreamError::Status(what.into(), response.status())),
    }
}

/// One path segment, percent-encoded.
fn encode(segment: &str) -> String {
    url::form_urlencoded::byte_serialize(segment.as_bytes()).collect()
}
