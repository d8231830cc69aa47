//! Terms, collections and grading scales.

use contracts::upstream::{GradingScale, LoadResult, Showcase, Term};
use uuid::Uuid;

use super::{CallContext, Upstream, UpstreamError};

impl Upstream {
    /// `GET users/me/terms`.
    pub async fn terms(&self, ctx: &CallContext) -> Result<Vec<Term>, UpstreamError> {
        self.get(ctx, "reading terms", "users/me/terms", &[]).await
    }

    /// `GET users/me/enrolled-showcases`.
    pub async fn enrolled_showcases(&self, ctx: &CallContext) -> Result<Vec<Showcase>, UpstreamError> {
        self.get(ctx, "reading collections", "users/me/enrolled-showcases", &[]).await
    }

    /// `GET grading-scales/query` filtered by `ids`.
    pub async fn grading_scales(&self, ctx: &CallContext, ids: &[Uuid]) -> Result<Vec<GradingScale>, UpstreamError> {
        if ids.is_empty() {
            return Ok(Vec::new());
        }
        let mut filter = Vec::new();
        for (i, id) in ids.iter().enumerate() {
            if i > 0 {
                filter.push(serde_json::json!("or"));
            }
            filter.push(serde_json::json!(["id", "=", id]));
        }
        let query = [("filter", serde_json::Value::Array(filter).to_string()), ("take", ids.len().to_string())];
        let result: LoadResult<GradingScale> =
            self.get(ctx, "reading grading scales", "grading-scales/query", &query).await?;
        Ok(result.data)
    }
}
