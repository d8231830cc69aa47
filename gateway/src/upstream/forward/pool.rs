//! The pass-through's upstream connections: HTTP/1.1 connections opened with hyper's connection
//! API (`hyper::client::conn::http1`) and kept idle between calls, one pool per thread.
//!
//! Written here, over hyper, rather than with hyper-util's pooled client (which the pass-through
//! used until then): that client is made to be shared between threads and paid on every call for
//! it. Its pool key was hashed three times (SipHash) under two locks, the call's future boxed,
//! the address copied twice and the `Host` header formatted anew, and a task spawned to put the
//! connection back once it was ready again. A pool that belongs to one thread needs none of that:
//! a connection is taken from and put back into a short list, the `Host` value is kept with it,
//! and the next call waits for it to be ready. What it keeps of hyper-util's client: calls to
//! one origin share connections, an idle connection is not kept past [`IDLE_TIMEOUT`], and a
//! call that a reused connection closed under before sending anything is sent again on another
//! one (a server may close an idle connection at any moment, and nothing of the call was sent).
//!
//! A connection's task is spawned on the runtime of the thread that opened it; each worker thread
//! of `crate::serve` has its own runtime and its own pool, so a call and its connection stay on
//! one thread. On tokio's multi-thread runtime (`work_stealing`) a call may finish on another
//! thread and put its connection into that thread's pool, which is as good.

use std::{
    cell::RefCell,
    time::{Duration, Instant},
};

use axum::body::Bytes;
use http_body_util::Full;
use hyper::{
    Request, Response,
    body::Incoming,
    client::conn::http1::{self, SendRequest},
    header::{self, HeaderValue},
};
use hyper_rustls::HttpsConnector;
use hyper_util::client::legacy::connect::HttpConnector;
use thread_local::ThreadLocal;
use tower::ServiceExt;

/// An idle connection is closed when it was not used for this long (hyper-util's default, which
/// the pass-through's pool had before). It is closed when the thread's pool is next used; until
/// then, the upstream's own idle timeout may close it first.
pub const IDLE_TIMEOUT: Duration = Duration::from_secs(90);

/// Most idle connections one thread keeps (to all origins together); a connection coming back to
/// a full pool is closed. More calls than this at once on one thread are rare: the tenant's
/// `upstream.max_in_flight_per_tenant` bounds them first.
pub const MAX_IDLE_PER_THREAD: usize = 256;

/// A call sent again on another connection after a reused one closed before sending it, at most
/// this often (a fresh connection that closes is a failure of its own).
const MAX_RESENDS: usize = 3;

/// The connection a call was sent on, put back with [`Pool::put`] once its answer was read.
#[derive(Debug)]
pub struct Conn {
    /// `scheme://authority` of the upstream it is connected to.
    origin: Box<str>,
    /// The `Host` header its calls carry.
    host: HeaderValue,
    sender: SendRequest<Full<Bytes>>,
    /// When it was last put back.
    idle_since: Instant,
}

/// Why a call got no answer.
#[derive(Debug)]
pub enum SendError {
    /// No connection could be opened (address, refused, TLS).
    Connect(Box<dyn std::error::Error + Send + Sync>),
    /// The connection failed while sending the call or reading its answer.
    Send(hyper::Error),
}

/// The idle connections of one thread (see the module doc), and which origins the proxy rules
/// send through a proxy.
#[derive(Debug, Default)]
pub struct Pool {
    idle: RefCell<Vec<Conn>>,
    /// Whether calls to an origin go through a proxy, as decided for its first call: the rules
    /// are read once, at start, and look at the scheme, host and port alone, so the decision
    /// holds for every later call. One entry per upstream origin of the configured tenants.
    proxied: RefCell<Vec<(Box<str>, bool)>>,
}

/// Sends `request` (origin-form, without `Host`) to `origin` (`scheme://authority`; the same as
/// the `Uri` `origin_uri`, which `connector` takes) on an idle connection of the calling thread's pool in `pools`, or on a
/// new one. The answer's body is still to be read; once it was, the connection goes back with
/// [`Pool::put`]. (A free function over the pools rather than a method of one: a thread's pool
/// is not shared, so a call that waits holds none.)
pub async fn send(
    pools: &ThreadLocal<Pool>,
    connector: &HttpsConnector<HttpConnector>,
    origin: &str,
    origin_uri: &hyper::Uri,
    mut request: Request<Full<Bytes>>,
) -> Result<(Response<Incoming>, Conn), SendError> {
    let mut resends = 0;
    loop {
        let taken = pools.get_or_default().take(origin);
        let reused = taken.is_some();
        let mut conn = match taken {
            Some(conn) => conn,
            // Boxed: a new connection's state (the TLS session among it) would otherwise make
            // every call's future that much larger, reused connection or not (in the debug build
            // 4,232 bytes instead of 2,016, see `tests::a_forwarded_calls_future_stays_small`).
            None => Box::pin(connect(connector, origin, origin_uri)).await?,
        };
        if reused && conn.sender.ready().await.is_err() {
            // Closed while idle: another one.
            continue;
        }
        request.headers_mut().insert(header::HOST, conn.host.clone());
        match conn.sender.try_send_request(request).await {
            Ok(response) => return Ok((response, conn)),
            Err(mut e) => match e.take_message() {
                Some(unsent) if reused && resends < MAX_RESENDS => {
                    resends += 1;
                    request = unsent;
                }
                _ => return Err(SendError::Send(e.into_error())),
            },
        }
    }
}

impl Pool {
    /// Whether calls to `origin` go through a proxy: `decide` says so for its first call.
    pub fn proxied(&self, origin: &str, decide: impl FnOnce() -> bool) -> bool {
        if let Some((_, proxied)) = self.proxied.borrow().iter().find(|(known, _)| &**known == origin) {
            return *proxied;
        }
        let proxied = decide();
        self.proxied.borrow_mut().push((origin.into(), proxied));
        proxied
    }

    /// Keeps `conn` for the next call, its previous answer read whole.
    pub fn put(&self, mut conn: Conn) {
        let mut idle = self.idle.borrow_mut();
        if idle.len() < MAX_IDLE_PER_THREAD && !conn.sender.is_closed() {
            conn.idle_since = Instant::now();
            idle.push(conn);
        }
    }

    /// The connection to `origin` put back last, after closing those that are closed or were
    /// idle for [`IDLE_TIMEOUT`].
    fn take(&self, origin: &str) -> Option<Conn> {
        let mut idle = self.idle.borrow_mut();
        let now = Instant::now();
        idle.retain(|conn| !conn.sender.is_closed() && now.duration_since(conn.idle_since) < IDLE_TIMEOUT);
        let at = idle.iter().rposition(|conn| &*conn.origin == origin)?;
        Some(idle.remove(at))
    }

    /// How many connections this pool keeps idle.
    #[cfg(test)]
    pub fn idle(&self) -> usize {
        self.idle.borrow().len()
    }

    /// Makes every idle connection idle for `by` longer.
    #[cfg(test)]
    pub fn age_idle(&self, by: Duration) {
        for conn in self.idle.borrow_mut().iter_mut() {
            conn.idle_since = conn.idle_since.checked_sub(by).expect("an instant that far back");
        }
    }
}

/// A new connection to `origin` (`origin_uri`), its task spawned on the current runtime.
async fn connect(
    connector: &HttpsConnector<HttpConnector>,
    origin: &str,
    origin_uri: &hyper::Uri,
) -> Result<Conn, SendError> {
    // The host and the port when not the scheme's own (the origin comes from a parsed URL,
    // which leaves a default port out), without any user information.
    let host = match (origin_uri.host(), origin_uri.port_u16()) {
        (Some(host), Some(port)) => HeaderValue::try_from(format!("{host}:{port}")),
        (Some(host), None) => HeaderValue::try_from(host),
        (None, _) => return Err(SendError::Connect(format!("no host in {origin}").into())),
    }
    .map_err(|e| SendError::Connect(Box::new(e)))?;
    let io = connector.clone().oneshot(origin_uri.clone()).await.map_err(SendError::Connect)?;
    let (sender, connection) = http1::handshake(io).await.map_err(|e| SendError::Connect(Box::new(e)))?;
    tokio::spawn(async move {
        if let Err(e) = connection.await {
            tracing::debug!(error = %e, "an upstream connection of the pass-through ended with an error");
        }
    });
    Ok(Conn { origin: origin.into(), host, sender, idle_since: Instant::now() })
}
