//! The current user.

use contracts::upstream::UserProfile;

use super::{CallContext, Upstream, UpstreamError};

impl Upstream {
    /// `GET users/me`: the signed-in user's profile, roles and permissions.
    pub async fn current_user(&self, ctx: &CallContext) -> Result<UserProfile, UpstreamError> {
        self.get(ctx, "reading the current user", "users/me", &[]).await
    }
}
