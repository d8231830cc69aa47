//! One course of the learner: its objective access, earlier attempts, certificates, the
//! activity tree of a workflow, the workflow itself and a proctoring session.
//!
//! The platform's answers vary in two places, both read by the DTOs themselves: a record's
//! `finished` may be a date or a flag ([`ObjectiveRecord::finished_at`]), and an access may carry
//! `isSelfEnrolled` beside its aggregate instead of inside it ([`ObjectiveAccess::self_enrolled`]).

use contracts::upstream::{
    Activity, CertificateRecord, LoadResult, ObjectiveAccess, ObjectiveRecord, ObjectiveWorkflow, ProctoringSession,
};
use serde::de::DeserializeOwned;
use serde_json::Value;
use uuid::Uuid;

use super::{CallContext, Upstream, UpstreamError};

/// Most earlier attempts and certificates read for one course.
const MAX_ROWS: u32 = 100;

fn decode<T: DeserializeOwned>(what: &str, value: Value) -> Result<T, UpstreamError> {
    serde_json::from_value(value).map_err(|e| UpstreamError::Bad(what.into(), format!("unreadable answer: {e}")))
}

impl Upstream {
    /// `GET users/me/objectives/{id}/objective-access`: 404 when the learner has no access.
    pub async fn objective_access(&self, ctx: &CallContext, objective: Uuid) -> Result<ObjectiveAccess, UpstreamError> {
        self.get(ctx, "reading the course access", &format!("users/me/objectives/{objective}/objective-access"), &[])
            .await
    }

    /// `GET objective-workflow-aggregates/{id}/objective-records`: earlier attempts.
    pub async fn objective_records(
        &self,
        ctx: &CallContext,
        aggregate: Uuid,
    ) -> Result<Vec<ObjectiveRecord>, UpstreamError> {
        let what = "reading earlier attempts";
        let path = format!("objective-workflow-aggregates/{aggregate}/objective-records");
        let answer: Value = self.get(ctx, what, &path, &[("take", MAX_ROWS.to_string())]).await?;
        // A bare list or a load result.
        let rows = match answer {
            Value::Array(rows) => rows,
            Value::Object(mut map) => match map.remove("data") {
                Some(Value::Array(rows)) => rows,
                _ => Vec::new(),
            },
            _ => Vec::new(),
        };
        decode(what, Value::Array(rows))
    }

    /// `GET certificate-records/query` of one course and learner, newest first.
    pub async fn course_certificates(
        &self,
        ctx: &CallContext,
        objective: Uuid,
        user: Uuid,
    ) -> Result<Vec<CertificateRecord>, UpstreamError> {
        let what = "reading certificates";
        let filter = serde_json::json!([["objectiveId", "=", objective], "and", ["userId", "=", user]]);
        let sort = serde_json::json!([{ "selector": "created", "desc": true }]);
        let query = [("filter", filter.to_string()), ("sort", sort.to_string()), ("take", MAX_ROWS.to_string())];
        let answer: LoadResult<CertificateRecord> = self.get(ctx, what, "certificate-records/query", &query).await?;
        Ok(answer.data)
    }

    /// `GET users/me/objective-workflows/{id}/activity-with-aggregates`: the full tree.
    pub async fn activity_tree(&self, ctx: &CallContext, workflow: Uuid) -> Result<Activity, UpstreamError> {
        let path = format!("users/me/objective-workflows/{workflow}/activity-with-aggregates");
        self.get(ctx, "reading the activity tree", &path, &[]).await
    }

    /// `GET objective-workflows/{id}`.
    pub async fn objective_workflow(
        &self,
        ctx: &CallContext,
        workflow: Uuid,
    ) -> Result<ObjectiveWorkflow, UpstreamError> {
        self.get(ctx, "reading the workflow", &format!("objective-workflows/{workflow}"), &[]).await
    }

    /// `GET users/me/objective-workflows/{ow}/activity-workflows/{aw}/last-proctoring-session`;
    /// `None` when the activity has none (404).
    pub async fn last_proctoring_session(
        &self,
        ctx: &CallContext,
        workflow: Uuid,
        activity_workflow: Uuid,
    ) -> Result<Option<ProctoringSession>, UpstreamError> {
        let path = format!(
            "users/me/objective-workflows/{workflow}/activity-workflows/{activity_workflow}/last-proctoring-session"
        );
        match self.get(ctx, "reading the proctoring session", &path, &[]).await {
            Ok(session) => Ok(Some(session)),
            Err(UpstreamError::NotFound(_)) => Ok(None),
            Err(e) => Err(e),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A loopback upstream whose `Date` header is `skew` seconds ahead of the real time.
    async fn upstream_with_date_skew(skew: i64) -> Upstream {
        let app = axum::Router::new().route(
            "/{*rest}",
            axum::routing::get(move || async move {
                let (now, by) = (std::time::SystemTime::now(), std::time::Duration::from_secs(skew.unsigned_abs()));
                let at = if skew >= 0 { now + by } else { now - by };
                ([(axum::http::header::DATE, httpdate::fmt_http_date(at))], "[]")
            }),
        );
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.expect("bind");
        let addr = listener.local_addr().expect("addr");
        tokio::spawn(async move {
            let _ = axum::serve(listener, app).await;
        });
        let settings = crate::config::UpstreamSettings {
            max_in_flight_per_tenant: 4,
            queue_timeout_ms: 1000,
            idempotent_retries: 0,
            retry_jitter_ms: 5,
            reads_in_flight_per_view: 8,
        };
        let base = url::Url::parse(&format!("http://{addr}/api/")).expect("url");
        Upstream::new(
            reqwest::Client::new(),
            base,
            1 << 20,
            &settings,
            "unit",
            std::sync::Arc::new(crate::metrics::Metrics::new()),
        )
    }

    fn ctx() -> CallContext {
        CallContext::background("t")
    }

    #[tokio::test]
    async fn business_time_follows_the_upstream_date_header() {
        let day = 86_400;
        let up = upstream_with_date_skew(10 * day).await;
        let before = (up.now() - time::OffsetDateTime::now_utc()).whole_seconds();
        assert!(before.abs() <= 1, "our clock until the upstream answers: {before}");
        let _: Vec<u8> = up.get(&ctx(), "reading", "x", &[]).await.expect("answer");
        let ahead = (up.now() - time::OffsetDateTime::now_utc()).whole_seconds();
        assert!((10 * day - 2..=10 * day + 1).contains(&ahead), "ten days ahead: {ahead}");

        let behind = upstream_with_date_skew(-3_600).await;
        let _: Vec<u8> = behind.get(&ctx(), "reading", "x", &[]).await.expect("answer");
        let skew = (behind.now() - time::OffsetDateTime::now_utc()).whole_seconds();
        assert!((-3_602..=-3_599).contains(&skew), "an hour behind: {skew}");

        let same = upstream_with_date_skew(0).await;
        let _: Vec<u8> = same.get(&ctx(), "reading", "x", &[]).await.expect("answer");
        assert!((same.now() - time::OffsetDateTime::now_utc()).whole_seconds().abs() <= 1, "rounding is ignored");
    }
}
