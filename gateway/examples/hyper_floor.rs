//! `hyper_floor LISTEN UPSTREAM [THREADS]`: the floor under the gateway's pass-through, for
//! `make bench` (tests/load, scenario 1). The least a proxy built on the gateway's HTTP stack
//! (hyper's server, hyper's client connections kept in a pool per thread, tokio, jemalloc) does
//! for the same request:
//! `GET /api/lms/{path}` is sent to `UPSTREAM{path}` with a bearer token, its body read whole
//! and answered with its status, `Content-Type` and `Cache-Control: no-store`. No session,
//! anti-forgery check, allowlist, limits, metrics, trace context or request id, so the gateway's
//! CPU per request less this one's is what its own work costs.
//!
//! `THREADS` (2 by default) threads each run a current-thread runtime with a listener of its own
//! on `LISTEN` (`SO_REUSEPORT`, the kernel spreads the connections), as nginx's worker processes
//! do. Each thread keeps its upstream connections in a list of its own, as the gateway's
//! pass-through does (`upstream::forward::pool`), here without its idle timeout, origins or
//! second tries. Prints `hyper-floor listening on http://LISTEN` when every thread listens.

use std::{cell::RefCell, net::SocketAddr, sync::mpsc, time::Duration};

use axum::body::Bytes;
use http_body_util::{BodyExt, Full};
use hyper::{
    Request, Response, StatusCode,
    body::Incoming,
    client::conn::http1::SendRequest,
    header::{self, HeaderValue},
    server::conn::http1,
    service::service_fn,
};
use hyper_util::rt::{TokioIo, TokioTimer};

/// The gateway's allocator (see `main.rs`).
#[global_allocator]
static ALLOCATOR: tikv_jemallocator::Jemalloc = tikv_jemallocator::Jemalloc;

thread_local! {
    /// The idle upstream connections of the thread.
    static IDLE: RefCell<Vec<SendRequest<Full<Bytes>>>> = const { RefCell::new(Vec::new()) };
}

/// Longest wait for a request's head, as the gateway's `limits.header_read_timeout_secs`.
const HEADER_READ_TIMEOUT: Duration = Duration::from_secs(10);

fn main() -> anyhow::Result<()> {
    let mut args = std::env::args().skip(1);
    let usage = "usage: hyper_floor LISTEN UPSTREAM [THREADS]";
    let listen: SocketAddr = args.next().ok_or_else(|| anyhow::anyhow!(usage))?.parse()?;
    let upstream: hyper::Uri = args.next().ok_or_else(|| anyhow::anyhow!(usage))?.parse()?;
    let upstream: &'static Origin = Box::leak(Box::new(Origin::of(&upstream)?));
    let threads: usize = args.next().map_or(Ok(2), |t| t.parse())?;
    let (ready, listening) = mpsc::channel();
    let workers: Vec<_> = (0..threads)
        .map(|_| {
            let ready = ready.clone();
            std::thread::spawn(move || serve(listen, upstream, ready))
        })
        .collect();
    drop(ready);
    for _ in 0..threads {
        listening.recv()??;
    }
    println!("hyper-floor listening on http://{listen}");
    for worker in workers {
        worker.join().map_err(|_| anyhow::anyhow!("a worker thread panicked"))??;
    }
    Ok(())
}

/// One worker: its runtime, its listener, its upstream pool.
fn serve(listen: SocketAddr, upstream: &'static Origin, ready: mpsc::Sender<anyhow::Result<()>>) -> anyhow::Result<()> {
    let runtime = tokio::runtime::Builder::new_current_thread().enable_all().build()?;
    runtime.block_on(async move {
        let bound = (|| {
            let socket = tokio::net::TcpSocket::new_v4()?;
            socket.set_reuseport(true)?;
            socket.bind(listen)?;
            socket.listen(1024)
        })();
        let listener = match bound {
            Ok(listener) => {
                ready.send(Ok(()))?;
                listener
            }
            Err(e) => {
                ready.send(Err(anyhow::anyhow!("listening on {listen}: {e}")))?;
                return Ok(());
            }
        };
        loop {
            let (stream, _) = listener.accept().await?;
            stream.set_nodelay(true)?;
            tokio::spawn(async move {
                let service = service_fn(move |req| forward(req, upstream));
                let connection = http1::Builder::new()
                    .timer(TokioTimer::new())
                    .header_read_timeout(HEADER_READ_TIMEOUT)
                    .serve_connection(TokioIo::new(stream), service);
                // A connection that breaks off ends here; the bench counts errors on its side.
                let _ = connection.await;
            });
        }
    })
}

/// Where the upstream is: its address to connect to, the `Host` header and the path prefix.
struct Origin {
    addr: String,
    host: HeaderValue,
    prefix: String,
}

impl Origin {
    fn of(uri: &hyper::Uri) -> anyhow::Result<Self> {
        let authority = uri.authority().ok_or_else(|| anyhow::anyhow!("UPSTREAM needs a host and port"))?;
        let port = authority.port_u16().unwrap_or(80);
        Ok(Origin {
            addr: format!("{}:{port}", authority.host()),
            host: HeaderValue::from_str(authority.as_str())?,
            prefix: uri.path().trim_end_matches('/').to_string() + "/",
        })
    }
}

/// The request forwarded on an idle connection of the thread (or a new one) and its answer read
/// whole, the connection kept again; 502 when the upstream cannot be reached.
async fn forward(req: Request<Incoming>, upstream: &Origin) -> Result<Response<Full<Bytes>>, hyper::Error> {
    let Some(path) = req.uri().path().strip_prefix("/api/lms/") else { return Ok(status(StatusCode::NOT_FOUND)) };
    let Ok(request) = Request::get(format!("{}{path}", upstream.prefix))
        .header(header::HOST, upstream.host.clone())
        .header(header::AUTHORIZATION, "Bearer reference-token")
        .body(Full::new(Bytes::new()))
    else {
        return Ok(status(StatusCode::BAD_REQUEST));
    };
    // The connection put back last, or a new one when none is left open.
    let mut sender = loop {
        let Some(mut sender) = IDLE.with_borrow_mut(Vec::pop) else {
            let Ok(stream) = tokio::net::TcpStream::connect(&upstream.addr).await else {
                return Ok(status(StatusCode::BAD_GATEWAY));
            };
            let _ = stream.set_nodelay(true);
            let (sender, connection) = hyper::client::conn::http1::handshake(TokioIo::new(stream)).await?;
            tokio::spawn(connection);
            break sender;
        };
        if sender.ready().await.is_ok() {
            break sender;
        }
    };
    let Ok(answer) = sender.send_request(request).await else { return Ok(status(StatusCode::BAD_GATEWAY)) };
    let (parts, body) = answer.into_parts();
    let body = body.collect().await?.to_bytes();
    IDLE.with_borrow_mut(|idle| idle.push(sender));
    let mut response = Response::new(Full::new(body));
    *response.status_mut() = parts.status;
    if let Some(kind) = parts.headers.get(header::CONTENT_TYPE) {
        response.headers_mut().insert(header::CONTENT_TYPE, kind.clone());
    }
    response.headers_mut().insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    Ok(response)
}

fn status(code: StatusCode) -> Response<Full<Bytes>> {
    let mut response = Response::new(Full::new(Bytes::new()));
    *response.status_mut() = code;
    response
}
