//! The user's units (spec section 7, `users/{id}/units`).

use contracts::upstream::{Unit, UnitList};
use uuid::Uuid;

use super::{CallContext, Upstream, UpstreamError};

impl Upstream {
    /// `GET users/{id}/units`: the units the user belongs to, with their membership.
    pub async fn units(&self, ctx: &CallContext, user_id: Uuid) -> Result<Vec<Unit>, UpstreamError> {
        let list: UnitList = self.get(ctx, "reading the user's units", &format!("users/{user_id}/units"), &[]).await?;
        Ok(list.items)
    }
}
