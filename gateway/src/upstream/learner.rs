//! Reads of the learner views (calendar, dashboard, certificate preview, email answer):
//! objective accesses, a workflow's activity tree, certificate records.

use contracts::upstream::{AccessDates, Activity, IssuedCertificate, LoadResult, RecordTime};
use uuid::Uuid;

use super::{CallContext, Upstream, UpstreamError, aggregates::LoadOptions};

impl Upstream {
    /// `GET users/me/objective-accesses/query`: the learner's accesses with dates and last attempt.
    pub async fn query_objective_accesses(
        &self,
        ctx: &CallContext,
        options: &LoadOptions,
    ) -> Result<LoadResult<AccessDates>, UpstreamError> {
        self.get(ctx, "querying objective accesses", "users/me/objective-accesses/query", &options.to_query()).await
    }

    /// `GET users/me/objectives/{id}/objective-access`: the learner's access to one course.
    pub async fn read_objective_access(
        &self,
        ctx: &CallContext,
        objective_id: Uuid,
    ) -> Result<AccessDates, UpstreamError> {
        let path = format!("users/me/objectives/{objective_id}/objective-access");
        self.get(ctx, "reading an objective access", &path, &[]).await
    }

    /// `GET users/me/objective-workflows/{id}/activity-with-aggregates`: the full tree of an attempt.
    pub async fn read_activity_tree(&self, ctx: &CallContext, workflow_id: Uuid) -> Result<Activity, UpstreamError> {
        let path = format!("users/me/objective-workflows/{workflow_id}/activity-with-aggregates");
        self.get(ctx, "reading an activity tree", &path, &[]).await
    }

    /// `GET objective-records/query`, newest first: when the learner's records were made.
    pub async fn query_record_times(
        &self,
        ctx: &CallContext,
        take: u32,
    ) -> Result<LoadResult<RecordTime>, UpstreamError> {
        let options = LoadOptions {
            sort: Some(serde_json::json!([{ "selector": "created", "desc": true }])),
            take,
            require_total_count: true,
            ..LoadOptions::default()
        };
        self.get(ctx, "querying objective records", "objective-records/query", &options.to_query()).await
    }

    /// `GET certificate-records/query` filtered by `certificateNumber`: the record, if any.
    pub async fn certificate_by_number(
        &self,
        ctx: &CallContext,
        number: &str,
    ) -> Result<Option<IssuedCertificate>, UpstreamError> {
        let options = LoadOptions {
            filter: Some(serde_json::json!(["certificateNumber", "=", number])),
            take: 2,
            ..LoadOptions::default()
        };
        let result: LoadResult<IssuedCertificate> =
            self.get(ctx, "reading a certificate record", "certificate-records/query", &options.to_query()).await?;
        Ok(result.data.into_iter().find(|c| c.certificate_number == number))
    }
}
