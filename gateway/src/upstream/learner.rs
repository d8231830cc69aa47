//! Reads of the learner views (calendar, dashboard, certificate preview): the learner's
//! objective accesses, objective records and a certificate record by number.

use contracts::upstream::{CertificateRecord, LoadResult, ObjectiveAccess, ObjectiveRecord};

use super::{CallContext, Upstream, UpstreamError, aggregates::LoadOptions};

impl Upstream {
    /// `GET users/me/objective-accesses/query`: the learner's accesses with dates and last attempt.
    pub async fn query_objective_accesses(
        &self,
        ctx: &CallContext,
        options: &LoadOptions,
    ) -> Result<LoadResult<ObjectiveAccess>, UpstreamError> {
        self.get(ctx, "querying objective accesses", "users/me/objective-accesses/query", &options.to_query()).await
    }

    /// `GET objective-records/query`, newest first: the learner's latest `take` records.
    pub async fn query_objective_records(
        &self,
        ctx: &CallContext,
        take: u32,
    ) -> Result<LoadResult<ObjectiveRecord>, UpstreamError> {
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
    ) -> Result<Option<CertificateRecord>, UpstreamError> {
        let options = LoadOptions {
            filter: Some(serde_json::json!(["certificateNumber", "=", number])),
            take: 2,
            ..LoadOptions::default()
        };
        let result: LoadResult<CertificateRecord> =
            self.get(ctx, "reading a certificate record", "certificate-records/query", &options.to_query()).await?;
        Ok(result.data.into_iter().find(|c| c.certificate_number == number))
    }
}
