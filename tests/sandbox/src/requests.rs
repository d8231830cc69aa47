//! The request log behind `GET /admin/requests`: how many requests the sandbox received outside
//! the admin API (the LMS API, the issuer, the file host), and the method and path of the newest
//! ones, so a test can show that a call reached neither the upstream nor the issuer.

use std::{collections::VecDeque, sync::Mutex};

use axum::{
    extract::{Request, State},
    middleware::Next,
    response::Response,
};
use serde_json::{Value, json};

use crate::Shared;

/// How many of the newest requests the log keeps by method and path (older ones are only counted).
pub(crate) const RECENT_REQUESTS: usize = 100;

/// Every request outside `/admin/` counted, the newest [`RECENT_REQUESTS`] kept as `METHOD /path`
/// (without the query, which may carry codes and tokens).
#[derive(Debug, Default)]
pub(crate) struct RequestLog {
    inner: Mutex<Seen>,
}

#[derive(Debug, Default)]
struct Seen {
    total: u64,
    recent: VecDeque<String>,
}

impl RequestLog {
    fn seen(&self) -> std::sync::MutexGuard<'_, Seen> {
        self.inner.lock().unwrap_or_else(|p| p.into_inner())
    }

    fn record(&self, line: String) {
        let mut seen = self.seen();
        seen.total += 1;
        if seen.recent.len() == RECENT_REQUESTS {
            seen.recent.pop_front();
        }
        seen.recent.push_back(line);
    }

    /// `{total, recent: ["GET /t/acme/api/users/me", ...]}`, oldest first.
    pub(crate) fn view(&self) -> Value {
        let seen = self.seen();
        json!({ "total": seen.total, "recent": seen.recent })
    }

    /// Forgets every request.
    pub(crate) fn clear(&self) {
        *self.seen() = Seen::default();
    }
}

/// Records a request before it is answered (so one that a fault delays or drops counts too);
/// the admin API's own calls are not recorded.
pub(crate) async fn record(State(s): State<Shared>, request: Request, next: Next) -> Response {
    let path = request.uri().path();
    if !path.starts_with("/admin/") {
        s.requests.record(format!("{} {path}", request.method()));
    }
    next.run(request).await
}

#[cfg(test)]
mod tests {
    use super::{RECENT_REQUESTS, RequestLog};

    #[test]
    fn the_log_counts_everything_and_keeps_the_newest_requests() {
        let log = RequestLog::default();
        for n in 0..RECENT_REQUESTS + 5 {
            log.record(format!("GET /t/acme/api/{n}"));
        }
        let view = log.view();
        assert_eq!(view["total"], RECENT_REQUESTS + 5);
        let recent = view["recent"].as_array().expect("recent");
        assert_eq!(recent.len(), RECENT_REQUESTS);
        assert_eq!(recent[0], "GET /t/acme/api/5");
        assert_eq!(recent[RECENT_REQUESTS - 1], format!("GET /t/acme/api/{}", RECENT_REQUESTS + 4));
        log.clear();
        assert_eq!(log.view(), serde_json::json!({ "total": 0, "recent": [] }));
    }
}
