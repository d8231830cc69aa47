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
//! - connections are served by worker threads with an event loop each, a connection staying on
//!   the thread that took it ([`Workers`]), or with `work_stealing` by the tasks of tokio's
//!   multi-thread runtime ([`Threads`]).
//!
//! Each request carries the peer address as [`ConnectInfo`].

use std::{
    convert::Infallible,
    net::SocketAddr,
    sync::{
        Arc,
        atomic::{AtomicUsize, Ordering},
    },
    time::Duration,
};

use axum::{
    body::Body,
    extract::{ConnectInfo, Request},
    response::Response,
};
use hyper_util::{
    rt::{TokioIo, TokioTimer},
    server::graceful::GracefulShutdown,
    service::TowerToHyperService,
};
use tokio::{net::TcpListener, sync::Semaphore};
use tower::{Service, ServiceExt};

use crate::config::Limits;

/// Most headers in one request head.
const MAX_HEADERS: usize = 128;

/// How connections are spread over threads (`worker_threads`, `work_stealing`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Threads {
    /// Worker threads with a runtime each (0: one per core), see [`Workers`].
    PerWorker(usize),
    /// The tasks of the runtime [`serve`] runs on (tokio's multi-thread runtime moves them
    /// between its threads).
    Shared,
}

/// Serves `app` on `listener` with `limits` until `shutdown` completes, then lets open
/// connections finish their requests for at most `drain`. Connections are served as `threads`
/// says.
pub async fn serve<S>(
    listener: TcpListener,
    app: S,
    limits: &Limits,
    threads: Threads,
    shutdown: impl Future<Output = ()> + Send + 'static,
    drain: Duration,
) -> anyhow::Result<()>
where
    S: Service<Request, Response = Response, Error = Infallible> + Clone + Send + 'static,
    S::Future: Send + 'static,
{
    // HTTP/1.1 only, with hyper's own builder: browsers speak HTTP/2 only over TLS, which a proxy
    // in front terminates, and guessing the version (hyper-util's auto builder) would wait for
    // bytes without any timeout; its wrapper around every read also cost about 0.5 µs of CPU per
    // pass-through request in the bench (`tests/load/bench.py --against`).
    let mut builder = hyper::server::conn::http1::Builder::new();
    builder
        .timer(TokioTimer::new())
        .header_read_timeout(Duration::from_secs(limits.header_read_timeout_secs))
        .max_headers(MAX_HEADERS);
    let workers = match threads {
        Threads::PerWorker(count) => Some(Workers::start(count)?),
        Threads::Shared => None,
    };
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
        let connection = Connection { peer, app: app.clone(), builder: builder.clone(), watcher: graceful.watcher() };
        let Some(workers) = &workers else {
            connection.spawn(stream, permit);
            continue;
        };
        // Off this runtime's poller, onto the worker's (below).
        let stream = match stream.into_std() {
            Ok(stream) => stream,
            Err(e) => {
                tracing::debug!(error = %e, %peer, "handing over a connection");
                continue;
            }
        };
        workers.run(move |open| match tokio::net::TcpStream::from_std(stream) {
            Ok(stream) => connection.spawn(stream, (permit, open)),
            Err(e) => tracing::warn!(error = %e, %peer, "registering a connection"),
        });
    }
    drop(listener);
    if tokio::time::timeout(drain, graceful.shutdown()).await.is_err() {
        tracing::warn!("connections still open after {drain:?}; stopping anyway");
    }
    Ok(())
}

/// What serving one accepted connection needs.
struct Connection<S> {
    peer: SocketAddr,
    app: S,
    builder: hyper::server::conn::http1::Builder,
    watcher: hyper_util::server::graceful::Watcher,
}

impl<S> Connection<S>
where
    S: Service<Request, Response = Response, Error = Infallible> + Clone + Send + 'static,
    S::Future: Send + 'static,
{
    /// Serves `stream` in a task of the current runtime, holding `held` until it ends.
    fn spawn(self, stream: tokio::net::TcpStream, held: impl Send + 'static) {
        let Connection { peer, app, builder, watcher } = self;
        let service = app.map_request(move |req: Request<hyper::body::Incoming>| {
            let mut req = req.map(Body::new);
            req.extensions_mut().insert(ConnectInfo(peer));
            req
        });
        let connection = builder.serve_connection(TokioIo::new(stream), TowerToHyperService::new(service));
        let connection = watcher.watch(connection);
        tokio::spawn(async move {
            if let Err(e) = connection.await {
                tracing::debug!(error = %e, %peer, "connection ended with an error");
            }
            drop(held);
        });
    }
}

/// Work for a worker: runs on its thread, inside its runtime; holds the worker's count of open
/// connections up by one while the value it is given lives.
type Job = Box<dyn FnOnce(OpenConnection) + Send>;

/// The threads serving connections, each running a current-thread runtime: an accepted
/// connection goes to the worker with the fewest open ones and stays there, its requests, the
/// tasks they spawn and the pass-through's upstream connections included (the pool is per
/// thread, see `upstream::forward`), as nginx's worker processes keep theirs. Against tokio's
/// multi-thread runtime, which moves tasks between threads to balance them, this saves the
/// wake-ups of one thread by another and the shared queues on every request: in the bench
/// (tests/load/report.md, hot path) the pass-through took 94 instead of 110 µs of CPU per
/// request at 16 connections, 14,000 instead of 12,000 a second. The price: one connection's
/// long piece of work (a large view's few milliseconds) delays the other connections of its
/// thread, where another thread could have taken them, and an idle worker sleeps at once where
/// tokio's threads look for work first, so one connection alone is served slower (2,900
/// instead of 3,350 requests a second, one after another). `work_stealing = true` serves with
/// tokio's runtime instead ([`Threads::Shared`]).
/// Written here because neither tokio nor hyper offers a runtime per thread with a hand-over
/// of accepted connections; the accept loop, limits and graceful shutdown above stay as they
/// were. The job queues are unbounded, but each job holds a connection permit, so at most
/// `limits.max_connections` are queued or open.
struct Workers {
    workers: Vec<Worker>,
}

struct Worker {
    jobs: tokio::sync::mpsc::UnboundedSender<Job>,
    open: Arc<AtomicUsize>,
}

/// One open connection of a worker, counted while this lives.
struct OpenConnection(Arc<AtomicUsize>);

impl Drop for OpenConnection {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::Relaxed);
    }
}

impl Workers {
    /// Starts `threads` workers (0: one per core). They stop when this is dropped, once their
    /// queued jobs ran; their open connections end with them.
    fn start(threads: usize) -> anyhow::Result<Self> {
        let threads = match threads {
            0 => std::thread::available_parallelism().map_or(1, std::num::NonZero::get),
            n => n,
        };
        let mut workers = Vec::with_capacity(threads);
        for index in 0..threads {
            let runtime = tokio::runtime::Builder::new_current_thread()
                .enable_all()
                .build()
                .map_err(|e| anyhow::anyhow!("starting worker runtime {index}: {e}"))?;
            let (jobs, mut queue) = tokio::sync::mpsc::unbounded_channel::<Job>();
            let open = Arc::new(AtomicUsize::new(0));
            let counted = open.clone();
            std::thread::Builder::new()
                .name(format!("gateway-worker-{index}"))
                .spawn(move || {
                    runtime.block_on(async move {
                        tokio::spawn(anchor_timers());
                        while let Some(job) = queue.recv().await {
                            job(OpenConnection(counted.clone()));
                        }
                    });
                })
                .map_err(|e| anyhow::anyhow!("starting worker thread {index}: {e}"))?;
            workers.push(Worker { jobs, open });
        }
        Ok(Workers { workers })
    }

    /// Runs `job` on the worker with the fewest open connections. A worker whose thread ended
    /// (only a panic outside a connection's task ends one: tokio keeps a task's panic in the
    /// task) is passed over; with none left, the job is dropped, closing its connection.
    fn run(&self, job: impl FnOnce(OpenConnection) + Send + 'static) {
        let mut job: Job = Box::new(job);
        loop {
            let live = self.workers.iter().filter(|w| !w.jobs.is_closed());
            let Some(worker) = live.min_by_key(|w| w.open.load(Ordering::Relaxed)) else {
                tracing::error!("every worker thread has ended; a connection was closed");
                return;
            };
            worker.open.fetch_add(1, Ordering::Relaxed);
            match worker.jobs.send(job) {
                Ok(()) => return,
                Err(unsent) => {
                    worker.open.fetch_sub(1, Ordering::Relaxed);
                    job = unsent.0;
                }
            }
        }
    }
}

/// How far ahead a worker always has a timer due ([`anchor_timers`]).
const TIMER_ANCHOR: Duration = Duration::from_secs(1);

/// Keeps a timer of the worker's runtime due within [`TIMER_ANCHOR`], so registering the timers
/// of a request does not make the worker wake itself. tokio's time driver notes, each time it
/// wakes, when its earliest timer is due, and a timer registered to be due before that wakes
/// the driver through its eventfd, even from the driver's own thread while it is busy
/// (`tokio::runtime::time::Handle::reregister`). A pass-through request did that every time: its
/// upstream call's timer (`limits.upstream_timeout_secs`, 15 s) was the earliest when the answer
/// came, and the next head's timer (`limits.header_read_timeout_secs`, 10 s), registered once
/// the answer was sent, was due before it: one more `write` and one more `epoll_wait` per
/// request (`strace -c`: 7.3 system calls a request where nginx makes 7.0). With a timer always
/// due within a second, every longer one is registered quietly; the price is one wake-up a
/// second of each idle worker.
async fn anchor_timers() {
    let mut ticks = tokio::time::interval(TIMER_ANCHOR);
    ticks.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        ticks.tick().await;
    }
}

/// The address of the client that opened the connection, when served by [`serve`].
pub fn peer_addr(req: &axum::http::request::Parts) -> Option<SocketAddr> {
    req.extensions.get::<ConnectInfo<SocketAddr>>().map(|c| c.0)
}

#[cfg(test)]
mod tests;
