//! The accept loop: hyper's connection builder with the limits `axum::serve` does not offer.
//!
//! - at most `limits.max_connections` connections are open at once; further ones wait in the
//!   listen queue of the kernel (not accepted) until one closes;
//! - a connection must deliver a complete request head within
//!   `limits.header_read_timeout_secs` of being accepted, and again of each answer being sent,
//!   so the same timer also ends idle keep-alive connections; a client trickling one header line
//!   at a time, or never sending anything, is cut off;
//! - request heads are limited by bytes and by header count (a 431 comes from the head-limit
//!   layer for heads within hyper's buffer, hyper closes the connection beyond it);
//! - on shutdown no new connection is accepted and open ones finish their requests.
//!
//! Each request carries the peer address as [`ConnectInfo`].

use std::{net::SocketAddr, sync::Arc, time::Duration};

use axum::{Router, extract::ConnectInfo, http::Request};
use hyper_util::{
    rt::{TokioExecutor, TokioIo, TokioTimer},
    server::{conn::auto, graceful::GracefulShutdown},
    service::TowerToHyperService,
};
use tokio::{net::TcpListener, sync::Semaphore};
use tower::ServiceExt;

use crate::config::Limits;

/// Most headers in one request head.
const MAX_HEADERS: usize = 128;

/// Serves `app` on `listener` with `limits` until `shutdown` completes, then lets open
/// connections finish their requests for at most `drain`.
pub async fn serve(
    listener: TcpListener,
    app: Router,
    limits: &Limits,
    shutdown: impl Future<Output = ()> + Send + 'static,
    drain: Duration,
) -> anyhow::Result<()> {
    // HTTP/1.1 only: browsers speak HTTP/2 only over TLS, which a proxy in front terminates,
    // and guessing the version would wait for bytes without any timeout.
    let mut builder = auto::Builder::new(TokioExecutor::new()).http1_only();
    builder
        .http1()
        .timer(TokioTimer::new())
        .header_read_timeout(Duration::from_secs(limits.header_read_timeout_secs))
        .max_headers(MAX_HEADERS);
    let connections = Arc::new(Semaphore::new(limits.max_connections));
    let graceful = GracefulShutdown::new();
    tokio::pin!(shutdown);
    loop {
        let permit = tokio::select! {
            permit = connections.clone().acquire_owned() => permit?,
            () = &mut shutdown => break,
        };
        let (stream, peer) = tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok(accepted) => accepted,
                Err(e) => {
                    // Out of file descriptors and the like: wait a moment rather than spin.
                    tracing::warn!(error = %e, "accepting a connection");
                    tokio::time::sleep(Duration::from_millis(50)).await;
                    continue;
                }
            },
            () = &mut shutdown => break,
        };
        let _ = stream.set_nodelay(true);
        let service = app.clone().map_request(move |mut req: Request<hyper::body::Incoming>| {
            req.extensions_mut().insert(ConnectInfo(peer));
            req
        });
        let connection = builder.serve_connection(TokioIo::new(stream), TowerToHyperService::new(service)).into_owned();
        let connection = graceful.watch(connection);
        tokio::spawn(async move {
            if let Err(e) = connection.await {
                tracing::debug!(error = %e, %peer, "connection ended with an error");
            }
            drop(permit);
        });
    }
    drop(listener);
    if tokio::time::timeout(drain, graceful.shutdown()).await.is_err() {
        tracing::warn!("connections still open after {drain:?}; stopping anyway");
    }
    Ok(())
}

/// The address of the client that opened the connection, when served by [`serve`].
pub fn peer_addr(req: &axum::http::request::Parts) -> Option<SocketAddr> {
    req.extensions.get::<ConnectInfo<SocketAddr>>().map(|c| c.0)
}
