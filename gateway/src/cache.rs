//! Caches of upstream data that rarely changes: terms per tenant and user, grading scales per
//! tenant and id. Bounded, with a time-to-live from config; concurrent misses for one key make
//! one upstream call (moka's `or_try_insert_with`). Hits and misses are counted in
//! [`crate::metrics`]: a miss is a lookup that called the upstream; requests that waited for
//! another's call count as hits.
//!
//! Beside them, the ids of each learner's courses last seen ([`CourseIds`]): not data shown
//! to anyone, but what lets course details start its dependent reads at once instead of
//! after the course access has answered. They are checked against that answer every time.

use std::{sync::Arc, time::Duration};

use contracts::upstream::{GradingScale, Term};
use moka::future::Cache;
use uuid::Uuid;

use crate::{
    config::CacheSettings,
    metrics::Metrics,
    upstream::{CallContext, Upstream, UpstreamError},
};

/// The ids a course's dependent reads need, as last seen for one learner: the aggregate
/// (earlier attempts), the last attempt (the activity tree), the grading scale, and the
/// activity workflows of that attempt with a proctoring session. A hint only: whoever reads
/// through it compares it with the course access it reads at the same time. Beside them,
/// whether that attempt's tree has a proctored activity at all: the lists skip the tree of an
/// attempt known to have none (see [`Caches::attempts_without_proctoring`]).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct CourseIds {
    /// The learner's aggregate of the course.
    pub aggregate: Option<Uuid>,
    /// The last attempt (objective workflow).
    pub workflow: Option<Uuid>,
    /// The course's grading scale.
    pub grading_scale: Option<Uuid>,
    /// The activity workflows of `workflow` with a proctoring session.
    pub proctored: Arc<[Uuid]>,
    /// Whether the tree of `workflow` has a proctored activity, with or without a session.
    pub has_proctored_activity: bool,
}

/// Course ids by tenant, learner and objective.
type CourseIdsCache = Cache<(Arc<str>, Uuid, Uuid), CourseIds>;

/// The gateway's caches.
#[derive(Debug, Clone)]
pub struct Caches {
    terms: Cache<(String, Uuid), Arc<Vec<Term>>>,
    grading_scales: Cache<(String, Uuid), Arc<GradingScale>>,
    /// By tenant, learner and objective; `None` when `cache.course_ids_max_entries` is 0.
    course_ids: Option<CourseIdsCache>,
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
            course_ids: (settings.course_ids_max_entries > 0).then(|| {
                Cache::builder()
                    .max_capacity(settings.course_ids_max_entries)
                    .time_to_live(Duration::from_secs(settings.course_ids_ttl_secs))
                    .build()
            }),
        }
    }

    /// The ids last seen for `user`'s course `objective` (all empty when none are known).
    pub async fn course_ids(&self, tenant: &str, user: Uuid, objective: Uuid) -> CourseIds {
        let Some(cache) = &self.course_ids else { return CourseIds::default() };
        let found = cache.get(&(Arc::from(tenant), user, objective)).await;
        self.metrics.cache_lookup("course_ids", found.is_some());
        found.unwrap_or_default()
    }

    /// Of `attempts` (objective, last attempt) of `user`'s courses, whether each is known to
    /// have no proctored activity in its tree: the tree of this very attempt, read within
    /// `cache.course_ids_ttl_secs` (an entry left unchanged is not written again, so it is
    /// never older than that), had none. Which activities are proctored is the course's make-up,
    /// not the learner's progress; an author who adds a proctored activity to a running attempt
    /// is seen by the lists at most that long after (course details reads the tree every time
    /// and updates the entry). A course without an entry, or whose last attempt is another one,
    /// is read.
    pub async fn attempts_without_proctoring(&self, tenant: &str, user: Uuid, attempts: &[(Uuid, Uuid)]) -> Vec<bool> {
        let Some(cache) = &self.course_ids else { return vec![false; attempts.len()] };
        let tenant: Arc<str> = Arc::from(tenant);
        let mut known = Vec::with_capacity(attempts.len());
        for &(objective, workflow) in attempts {
            let found = cache.get(&(tenant.clone(), user, objective)).await;
            self.metrics.cache_lookup("course_ids", found.is_some());
            known.push(found.is_some_and(|ids| ids.workflow == Some(workflow) && !ids.has_proctored_activity));
        }
        known
    }

    /// Remembers the ids of `user`'s courses, as (objective, ids); unchanged ones are left as
    /// they are (an insert costs more than a look-up).
    pub async fn remember_course_ids(
        &self,
        tenant: &str,
        user: Uuid,
        courses: impl IntoIterator<Item = (Uuid, CourseIds)>,
    ) {
        let Some(cache) = &self.course_ids else { return };
        let tenant: Arc<str> = Arc::from(tenant);
        for (objective, ids) in courses {
            let key = (tenant.clone(), user, objective);
            if cache.get(&key).await.as_ref() != Some(&ids) {
                cache.insert(key, ids).await;
            }
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
            reads_in_flight_per_view: 8,
        };
        let base = Url::parse(&format!("http://{addr}/api/")).expect("url");
        (Upstream::new(reqwest::Client::new(), base, 1 << 20, &settings, "unit", metrics.clone()), calls)
    }

    /// Short-lived caches of 10 entries, and `course_ids` course-id entries (0 turns them off).
    fn settings(course_ids: u64) -> CacheSettings {
        CacheSettings {
            terms_ttl_secs: 60,
            grading_scales_ttl_secs: 60,
            max_entries: 10,
            course_ids_ttl_secs: 60,
            course_ids_max_entries: course_ids,
        }
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
        let caches = Caches::new(&settings(10), metrics.clone());
        let ctx = CallContext::background("t");
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
        let caches = Caches::new(&settings(10), metrics.clone());
        let ctx = CallContext::background("t");
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

    /// Course ids are kept per tenant, learner and course, and not at all with a capacity of 0.
    #[tokio::test]
    async fn course_ids_are_kept_per_learner_and_course_unless_turned_off() {
        let metrics = Arc::new(Metrics::new());
        let caches = Caches::new(&settings(10), metrics.clone());
        let (ada, grace, course) = (Uuid::from_u128(1), Uuid::from_u128(2), Uuid::from_u128(3));
        let ids = CourseIds {
            aggregate: Some(Uuid::from_u128(4)),
            workflow: Some(Uuid::from_u128(5)),
            grading_scale: None,
            proctored: vec![Uuid::from_u128(6)].into(),
            has_proctored_activity: true,
        };
        assert_eq!(caches.course_ids("acme", ada, course).await, CourseIds::default(), "nothing seen yet");
        caches.remember_course_ids("acme", ada, [(course, ids.clone())]).await;
        assert_eq!(caches.course_ids("acme", ada, course).await, ids);
        assert_eq!(caches.course_ids("acme", grace, course).await, CourseIds::default(), "another learner");
        assert_eq!(caches.course_ids("globex", ada, course).await, CourseIds::default(), "another tenant");
        assert_eq!((count(&metrics, "course_ids", "hit"), count(&metrics, "course_ids", "miss")), (1, 3));

        let off = Caches::new(&settings(0), metrics);
        off.remember_course_ids("acme", ada, [(course, ids)]).await;
        assert_eq!(off.course_ids("acme", ada, course).await, CourseIds::default(), "turned off");
    }

    /// Spec section 4 'Availability' in the lists: only an attempt whose tree was seen without
    /// a proctored activity skips its tree; another attempt, another learner, a tree with one,
    /// or nothing seen at all is read.
    #[tokio::test]
    async fn only_attempts_seen_without_a_proctored_activity_skip_their_tree() {
        let caches = Caches::new(&settings(10), Arc::new(Metrics::new()));
        let id = Uuid::from_u128;
        let (ada, grace) = (id(1), id(2));
        let (plain, proctored, unseen) = (id(10), id(11), id(12));
        let (attempt, retake) = (id(20), id(21));
        let seen = |has_proctored_activity| CourseIds {
            aggregate: Some(id(30)),
            workflow: Some(attempt),
            grading_scale: None,
            proctored: Vec::new().into(),
            has_proctored_activity,
        };
        caches.remember_course_ids("acme", ada, [(plain, seen(false)), (proctored, seen(true))]).await;
        let asked = [(plain, attempt), (plain, retake), (proctored, attempt), (unseen, attempt)];
        assert_eq!(caches.attempts_without_proctoring("acme", ada, &asked).await, [true, false, false, false]);
        assert_eq!(caches.attempts_without_proctoring("acme", grace, &[(plain, attempt)]).await, [false]);
        assert_eq!(caches.attempts_without_proctoring("globex", ada, &[(plain, attempt)]).await, [false]);
        let off = Caches::new(&settings(0), Arc::new(Metrics::new()));
        assert_eq!(off.attempts_without_proctoring("acme", ada, &[(plain, attempt)]).await, [false]);
    }
}
