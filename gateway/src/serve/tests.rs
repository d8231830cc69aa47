//! The accept loop's workers, with real connections on loopback: which thread serves a
//! connection, and what happens to a request in flight on shutdown.

use std::{collections::BTreeSet, time::Duration};

use axum::{Router, routing::get};
use figment::{
    Figment,
    providers::{Format, Toml},
};
use tokio::{
    io::{AsyncReadExt, AsyncWriteExt},
    net::TcpStream,
    sync::oneshot,
};

use super::*;

fn limits() -> Limits {
    Figment::new()
        .merge(Toml::string(include_str!("../../../config/default.toml")))
        .extract_inner("limits")
        .expect("the default limits")
}

/// Answers `/` with the name of the thread serving it, `/slow` after 300 ms.
fn app() -> Router {
    async fn thread_name() -> String {
        std::thread::current().name().unwrap_or("unnamed").to_owned()
    }
    Router::new().route("/", get(thread_name)).route(
        "/slow",
        get(|| async {
            tokio::time::sleep(Duration::from_millis(300)).await;
            thread_name().await
        }),
    )
}

/// Serves [`app`] on `threads` workers until the returned sender is dropped or sent to.
async fn start(threads: Threads) -> (SocketAddr, oneshot::Sender<()>, tokio::task::JoinHandle<anyhow::Result<()>>) {
    let listener = TcpListener::bind("127.0.0.1:0").await.expect("bind");
    let addr = listener.local_addr().expect("addr");
    let (stop, stopped) = oneshot::channel::<()>();
    let served = tokio::spawn(async move {
        serve(listener, app(), &limits(), threads, async { drop(stopped.await) }, Duration::from_secs(5)).await
    });
    (addr, stop, served)
}

/// Sends `GET path` on `stream` (kept alive) and reads the answer's body.
async fn get_on(stream: &mut TcpStream, path: &str) -> String {
    stream.write_all(format!("GET {path} HTTP/1.1\r\nHost: localhost\r\n\r\n").as_bytes()).await.expect("request");
    let mut answer = Vec::new();
    let mut buf = [0u8; 1024];
    loop {
        let read = tokio::time::timeout(Duration::from_secs(5), stream.read(&mut buf))
            .await
            .expect("an answer within 5 s")
            .expect("read");
        assert!(read > 0, "closed before a whole answer: {}", String::from_utf8_lossy(&answer));
        answer.extend_from_slice(&buf[..read]);
        let text = String::from_utf8_lossy(&answer).into_owned();
        if let Some((head, body)) = text.split_once("\r\n\r\n") {
            assert!(head.starts_with("HTTP/1.1 200"), "{head}");
            let length: usize = head
                .lines()
                .find_map(|l| l.to_ascii_lowercase().strip_prefix("content-length: ").map(str::to_owned))
                .and_then(|n| n.trim().parse().ok())
                .expect("a content-length");
            if body.len() >= length {
                return body[..length].to_owned();
            }
        }
    }
}

#[tokio::test]
async fn a_connection_stays_on_one_worker_and_a_new_one_goes_to_the_least_busy() {
    let (addr, _stop, _served) = start(Threads::PerWorker(2)).await;
    let mut first = TcpStream::connect(addr).await.expect("connect");
    assert_eq!(get_on(&mut first, "/").await, "gateway-worker-0");
    let mut second = TcpStream::connect(addr).await.expect("connect");
    assert_eq!(get_on(&mut second, "/").await, "gateway-worker-1", "worker 0 has one open, worker 1 none");
    for _ in 0..5 {
        assert_eq!(get_on(&mut first, "/").await, "gateway-worker-0");
        assert_eq!(get_on(&mut second, "/").await, "gateway-worker-1");
    }
    // Worker 0's connection closes: the next one goes to it.
    drop(first);
    tokio::time::sleep(Duration::from_millis(200)).await;
    let mut third = TcpStream::connect(addr).await.expect("connect");
    assert_eq!(get_on(&mut third, "/").await, "gateway-worker-0");
}

#[tokio::test]
async fn zero_threads_means_one_per_core() {
    let cores = std::thread::available_parallelism().map_or(1, std::num::NonZero::get);
    let (addr, _stop, _served) = start(Threads::PerWorker(0)).await;
    let mut open = Vec::new();
    let mut names = BTreeSet::new();
    for _ in 0..cores + 2 {
        let mut stream = TcpStream::connect(addr).await.expect("connect");
        names.insert(get_on(&mut stream, "/").await);
        open.push(stream);
    }
    let expected: BTreeSet<String> = (0..cores).map(|i| format!("gateway-worker-{i}")).collect();
    assert_eq!(names, expected);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn with_work_stealing_the_runtime_serving_is_the_one_that_serves() {
    let (addr, _stop, _served) = start(Threads::Shared).await;
    for _ in 0..3 {
        let mut stream = TcpStream::connect(addr).await.expect("connect");
        assert_eq!(get_on(&mut stream, "/").await, "tokio-rt-worker", "tokio's name for its threads");
    }
}

#[tokio::test]
async fn on_shutdown_a_request_in_flight_is_answered_and_no_new_connection_is_served() {
    let (addr, stop, served) = start(Threads::PerWorker(2)).await;
    let mut stream = TcpStream::connect(addr).await.expect("connect");
    let in_flight = tokio::spawn(async move { get_on(&mut stream, "/slow").await });
    tokio::time::sleep(Duration::from_millis(100)).await;
    stop.send(()).expect("serving");
    assert!(in_flight.await.expect("answered").starts_with("gateway-worker-"));
    tokio::time::timeout(Duration::from_secs(3), served).await.expect("stopped").expect("joined").expect("served");
    assert!(TcpStream::connect(addr).await.is_err(), "still accepting");
}

#[test]
fn a_worker_whose_thread_ended_is_passed_over() {
    let workers = Workers::start(2).expect("workers");
    let (tx, rx) = std::sync::mpsc::channel::<String>();
    let name = move |tx: std::sync::mpsc::Sender<String>| {
        move |_open: OpenConnection| {
            let _ = tx.send(std::thread::current().name().unwrap_or("unnamed").to_owned());
        }
    };
    workers.run(|_open| panic!("a job that panics ends its worker's thread"));
    let deadline = std::time::Instant::now() + Duration::from_secs(5);
    while !workers.workers[0].jobs.is_closed() {
        assert!(std::time::Instant::now() < deadline, "worker 0 still running");
        std::thread::sleep(Duration::from_millis(10));
    }
    for _ in 0..3 {
        workers.run(name(tx.clone()));
        assert_eq!(rx.recv_timeout(Duration::from_secs(5)).expect("ran"), "gateway-worker-1");
    }
}

/// The write system calls this thread made so far (Linux's I/O accounting of the thread).
fn writes_of_this_thread() -> u64 {
    let io = std::fs::read_to_string("/proc/thread-self/io").expect("/proc/thread-self/io");
    io.lines().find_map(|l| l.strip_prefix("syscw:")).and_then(|n| n.trim().parse().ok()).expect("syscw")
}

/// The write system calls of `rounds` rounds of a request's timers on a worker's runtime: a
/// long one (the upstream call's) is due when the worker wakes, then a shorter one (the next
/// head's) is registered.
fn timer_wake_ups(anchored: bool, rounds: usize) -> u64 {
    let runtime = tokio::runtime::Builder::new_current_thread().enable_all().build().expect("runtime");
    runtime.block_on(async move {
        if anchored {
            tokio::spawn(anchor_timers());
        }
        tokio::task::yield_now().await;
        let before = writes_of_this_thread();
        for _ in 0..rounds {
            let mut call = std::pin::pin!(tokio::time::sleep(Duration::from_secs(15)));
            assert!(futures::poll!(call.as_mut()).is_pending());
            // The worker wakes (a park without waiting) and notes the long timer as its earliest.
            tokio::task::yield_now().await;
            let mut head = std::pin::pin!(tokio::time::sleep(Duration::from_secs(10)));
            assert!(futures::poll!(head.as_mut()).is_pending());
            tokio::task::yield_now().await;
        }
        writes_of_this_thread() - before
    })
}

/// A worker registers a request's timers without waking itself through its eventfd: without
/// the anchor each round costs a `write` (tokio's behaviour this works around), with it none.
#[test]
fn a_worker_registers_a_requests_timers_without_waking_itself() {
    assert!(timer_wake_ups(false, 20) >= 20, "tokio wakes its own driver for an earlier timer");
    assert_eq!(timer_wake_ups(true, 20), 0, "the anchor keeps every longer timer quiet");
}
