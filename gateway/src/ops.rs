//! Liveness and readiness.

use std::{collections::BTreeMap, time::Duration};

use axum::{
    Json,
    extract::State,
    http::StatusCode,
    response::{IntoResponse, Response},
};

use crate::{app::AppState, error::problem};

/// Longest wait for one upstream's answer to the readiness probe.
const UPSTREAM_PROBE_TIMEOUT: Duration = Duration::from_secs(2);

/// 200 while the process serves.
pub async fn healthz() -> &'static str {
    "ok"
}

/// Readiness: 503 when the session store does not answer (this instance cannot serve anyone);
/// otherwise 200 with `{"status", "sessionStore", "upstreams"}`, `status` being `ready`, or
/// `degraded` when a tenant's upstream does not answer (`upstreams.{tenant}` is then `down`).
/// An upstream outage does not make the instance unready: every instance shares the upstream,
/// and taking them all out of the load balancer would only turn problem answers into errors of
/// the balancer.
pub async fn readyz(State(state): State<AppState>) -> Response {
    if let Err(e) = state.sessions.ping().await {
        return problem(StatusCode::SERVICE_UNAVAILABLE, "not_ready", Some(e.to_string()));
    }
    let probes = state.tenants.all().into_iter().map(|tenant| async move {
        let up = tenant.upstream.reachable(UPSTREAM_PROBE_TIMEOUT).await;
        (tenant.config.id.clone(), if up { "ok" } else { "down" })
    });
    let upstreams: BTreeMap<String, &str> = futures::future::join_all(probes).await.into_iter().collect();
    let degraded = upstreams.values().any(|s| *s != "ok");
    let body = serde_json::json!({
        "status": if degraded { "degraded" } else { "ready" },
        "sessionStore": "ok",
        "upstreams": upstreams,
    });
    Json(body).into_response()
}
