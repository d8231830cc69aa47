//! Caches of upstream data that rarely changes: terms per tenant and user, grading scales per
//! tenant and id. Bounded, with a time-to-live from config; concurrent misses for one key make
//! one upstream call (moka's `or_try_insert_with`). Hits and misses are counted in
//! [`crate::metrics`]: a miss is a lookup that called the upstream; requests that waited for
//! another's call count as hits.

use std::{sync::Arc, time::Duration};

use contracts::upstream::{GradingScale, Term};
use moka::future::Cache;
use uuid::Uuid;

use crate::{
    config::CacheSettings,
    metrics::Metrics,
    upstream::{CallContext, Upstream, UpstreamError},
};

/// The gateway's caches.
#[derive(Debug, Clone)]
pub struct Caches {
    terms: Cache<(String, Uuid), Arc<Vec<Term>>>,
    grading_scales: Cache<(String, Uuid), Arc<GradingScale>>,
    metrics: Arc<Metrics>,
}

impl Caches {
    /// Caches sized and timed by `settings`, counting hits and misses into `metrics`.
    pub fn new(settings: &CacheSettings, metrics: Arc<Metrics>) -> Self {
        Caches {
            metrics,
            terms: Cache::builder()
                .max_capacity(settings.max_entries)
                .time_to_live(Duration::from_secs(settings.terms_ttl_secs))
                .build(),
            grading_scales: Cache::builder()
                .max_capacity(settings.max_entries)
                .time_to_live(Duration::from_secs(settings.grading_scales_ttl_secs))
                .build(),
        }
    }

    /// The user's terms, from the cache or the upstream.
    pub async fn terms(
        &self,
        tenant: &str,
        user: Uuid,
        upstream: &Upstream,
        ctx: &CallContext,
    ) -> Result<Arc<Vec<Term>>, Arc<UpstreamError>> {
        let entry = self
            .terms
            .entry((tenant.to_string(), user))
            .or_try_insert_with(async { upstream.terms(ctx).await.map(Arc::new) })
            .await?;
        self.metrics.cache_lookup("terms", !entry.is_fresh());
        Ok(entry.into_value())
    }

    /// Grading scales by id; missing ones are read upstream in one call.
    pub async fn grading_scales(
        &self,
        tenant: &str,
        ids: &[Uuid],
        upstream: &Upstream,
        ctx: &CallContext,
    ) -> Result<Vec<Arc<GradingScale>>, UpstreamError> {
        let mut found = Vec::with_capacity(ids.len());
        let mut missing = Vec::new();
        for id in ids {
            match self.grading_scales.get(&(tenant.to_string(), *id)).await {
                Some(scale) => found.push(scale),
                None => missing.push(*id),
            }
            self.metrics.cache_lookup("grading_scales", missing.last() != Some(id));
        }
        if !missing.is_empty() {
            for scale in upstream.grading_scales(ctx, &missing).await? {
                let scale = Arc::new(scale);
                self.grading_scales.insert((tenant.to_string(), scale.id), scale.clone()).await;
                found.push(scale);
            }
        }
        Ok(found)
    }

    /// Drops what is cached for one user (at logout).
    pub async fn forget_user(&self, tenant: &str, user: Uuid) {
        self.terms.invalidate(&(tenant.to_string(), user)).await;
    }
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::{AtomicUsize, Ordering};

    use axum::{Router, routing::get};
    use url::Url;

    use super::*;
    use crate::config::UpstreamSettings;

    const TERM: &str = "00000000-0000-0000-0000-0000000000e1";
    const SCALE: &str = "00000000-0000-0000-0000-0000000000f1";

    /// An upstream on loopback answering terms and one grading scale, counting its calls.
    async fn upstream(metrics: &Arc<Metrics>) -> (Upstream, Arc<AtomicUsize>) {
        let calls = Arc::new(AtomicUsize::new(0));
        let (terms_calls, scale_calls) = (calls.clone(), calls.clone());
        let app = Router::new()
            .route(
                "/api/users/me/terms",
                get(move || async move {
                    terms_calls.fetch_add(1, Ordering::SeqCst);
                    // Slow enough that concurrent lookups overlap.
                    tokio::time::sleep(Duration::from_millis(50)).await;
                    axum::Json(serde_json::json!([{ "id": TERM, "name": "Spring" }]))
                }),
            )
            .route(
                "/api/grading-scales/query",
                get(move || async move {
                    scale_calls.fetch_add(1, Ordering::SeqCst);
                    axum::Json(serde_json::json!({ "data": [{ "id": SCALE, "name": "Pass/fail" }] }))
                }),
            );
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.expect("bind");
        let addr = listener.local_addr().expect("addr");
        tokio::spawn(async move { axum::serve(listener, app).await.expect("serve") });
        let settings = UpstreamSettings {
            max_in_flight_per_tenant: 4,
            queue_timeout_ms: 1000,
            idempotent_retries: 0,
            retry_jitter_ms: 1,
        };
        let base = Url::parse(&format!("http://{addr}/api/")).expect("url");
        (Upstream::new(reqwest::Client::new(), base, 1 << 20, &settings, "unit", metrics.clone()), calls)
    }

    fn count(metrics: &Metrics, cache: &str, outcome: &str) -> u64 {
        metrics
            .cache_lookups
            .get_or_create(&crate::metrics::CacheLabels { cache: cache.into(), outcome: outcome.into() })
            .get()
    }

    #[tokio::test]
    async fn hits_and_misses_are_counted_per_cache() {
        let metrics = Arc::new(Metrics::new());
        let (upstream, calls) = upstream(&metrics).await;
        let settings = CacheSettings { terms_ttl_secs: 60, grading_scales_ttl_secs: 60, max_entries: 10 };
        let caches = Caches::new(&settings, metrics.clone());
        let ctx = CallContext { access_token: "t".into(), accept_language: None, request_id: None };
        let user = Uuid::nil();
        let scale: Uuid = SCALE.parse().expect("uuid");
        for _ in 0..3 {
            let terms = caches.terms("acme", user, &upstream, &ctx).await.expect("terms");
            assert_eq!(terms[0].name, "Spring");
            let scales = caches.grading_scales("acme", &[scale], &upstream, &ctx).await.expect("scales");
            assert_eq!(scales[0].id, scale);
        }
        assert_eq!(calls.load(Ordering::SeqCst), 2, "one upstream call per cache");
        assert_eq!((count(&metrics, "terms", "miss"), count(&metrics, "terms", "hit")), (1, 2));
        assert_eq!((count(&metrics, "grading_scales", "miss"), count(&metrics, "grading_scales", "hit")), (1, 2));
    }

    /// Concurrent misses for one key make one upstream call; a user's sign-out drops only that
    /// user's entry.
    #[tokio::test]
    async fn concurrent_misses_share_one_call_and_logout_drops_the_users_entry() {
        let metrics = Arc::new(Metrics::new());
        let (upstream, calls) = upstream(&metrics).await;
        let settings = CacheSettings { terms_ttl_secs: 60, grading_scales_ttl_secs: 60, max_entries: 10 };
        let caches = Caches::new(&settings, metrics.clone());
        let ctx = CallContext { access_token: "t".into(), accept_language: None, request_id: None };
        let (ada, grace) = (Uuid::from_u128(1), Uuid::from_u128(2));
        let lookups = (0..20).map(|_| caches.terms("acme", ada, &upstream, &ctx));
        for answer in futures::future::join_all(lookups).await {
            assert_eq!(answer.expect("terms")[0].name, "Spring");
        }
        assert_eq!(calls.load(Ordering::SeqCst), 1, "twenty concurrent misses, one upstream call");
        caches.terms("acme", grace, &upstream, &ctx).await.expect("terms");
        assert_eq!(calls.load(Ordering::SeqCst), 2);

        caches.forget_user("acme", ada).await;
        caches.terms("acme", grace, &upstream, &ctx).await.expect("terms");
        assert_eq!(calls.load(Ordering::SeqCst), 2, "the other user's entry stays");
        caches.terms("acme", ada, &upstream, &ctx).await.expect("terms");
        assert_eq!(calls.load(Ordering::SeqCst), 3, "the signed-out user's entry is gone");
    }
}
