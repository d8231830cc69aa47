//! Objective workflow aggregates (enrolled courses).

use contracts::upstream::{LoadResult, ObjectiveWorkflowAggregate};

use super::{CallContext, Upstream, UpstreamError};

/// DevExtreme-style load options of a `.../query` call.
#[derive(Debug, Clone, Default)]
pub struct LoadOptions {
    /// Filter expression, for example `[["isMandatory","=",true]]`.
    pub filter: Option<serde_json::Value>,
    /// Sort selectors, for example `[{"selector":"objective.name","desc":false}]`.
    pub sort: Option<serde_json::Value>,
    /// Items to skip.
    pub skip: u32,
    /// Items to take.
    pub take: u32,
    /// Whether `totalCount` is wanted.
    pub require_total_count: bool,
}

impl LoadOptions {
    /// The options as URL query parameters.
    pub fn to_query(&self) -> Vec<(&'static str, String)> {
        let mut query = vec![
            ("skip", self.skip.to_string()),
            ("take", self.take.to_string()),
            ("requireTotalCount", self.require_total_count.to_string()),
        ];
        if let Some(filter) = &self.filter {
            query.push(("filter", filter.to_string()));
        }
        if let Some(sort) = &self.sort {
            query.push(("sort", sort.to_string()));
        }
        query
    }
}

impl Upstream {
    /// `GET objective-workflow-aggregates/query`.
    pub async fn query_aggregates(
        &self,
        ctx: &CallContext,
        options: &LoadOptions,
    ) -> Result<LoadResult<ObjectiveWorkflowAggregate>, UpstreamError> {
        self.get(ctx, "querying enrolled courses", "objective-workflow-aggregates/query", &options.to_query()).await
    }
}
