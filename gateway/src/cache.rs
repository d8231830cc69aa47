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
    metrics,
    upstream::{CallContext, Upstream, UpstreamError},
};

/// The gateway's caches.
#[derive(Debug, Clone)]
pub struct Caches {
    terms: Cache<(String, Uuid), Arc<Vec<Term>>>,
    grading_scales: Cache<(String, Uuid), Arc<GradingScale>>,
}

impl Caches {
    /// Caches sized and timed by `settings`.
    pub fn new(settings: &CacheSettings) -> Self {
        Caches {
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
        metrics::global().cache_lookup("terms", !entry.is_fresh());
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
            metrics::global().cache_lookup("grading_scales", missing.last() != Some(id));
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
