//! What an activity shows, as the platform may send it beside the activity's fields in
//! `users/me/objective-workflows/{id}/activity/{activityPathId}` and its `children`. The spec
//! names no content fields (section 7: 'response shapes not listed above are not shown'), so
//! every field is optional and read under the names below; an activity without them shows its
//! name and the player's empty state.

use serde::{Deserialize, Serialize};
use time::OffsetDateTime;

use super::{PresentationMode, date};

/// A caption track of a video.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct CaptionTrack {
    /// Track URL (WebVTT).
    #[serde(alias = "src")]
    pub url: String,
    /// Language of the track.
    #[serde(alias = "srclang")]
    pub language: Option<String>,
    /// Label of the track.
    pub label: Option<String>,
}

/// The content fields of an activity.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ActivityContentFields {
    /// Rich content (HTML): a text's body, a discussion's prompt.
    #[serde(alias = "html")]
    pub content: Option<String>,
    /// A short description (HTML), shown when there is no content.
    pub description: Option<String>,
    /// A media file of a video activity.
    pub video_url: Option<String>,
    /// A player page of a video activity, to embed.
    pub embed_url: Option<String>,
    /// Spoken language of a video.
    pub language: Option<String>,
    /// Caption tracks of a video.
    #[serde(default)]
    pub captions: Vec<CaptionTrack>,
    /// Start of an event.
    #[serde(default, with = "date")]
    pub start_date: Option<OffsetDateTime>,
    /// End of an event.
    #[serde(default, with = "date")]
    pub end_date: Option<OffsetDateTime>,
    /// Place of an event.
    pub location: Option<String>,
    /// Online meeting link of an event.
    pub meeting_url: Option<String>,
    /// Thread of a discussion.
    pub discussion_url: Option<String>,
    /// How a composite shows its children, when it says.
    pub presentation_mode: Option<PresentationMode>,
}
