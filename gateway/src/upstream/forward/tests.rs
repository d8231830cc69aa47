//! The pass-through's client against real servers on loopback: HTTPS with a certificate it
//! trusts and one it does not, what it sends, and each way a call can fail.

use std::{convert::Infallible, net::SocketAddr, sync::Arc, time::Duration};

use axum::{body::Bytes, http::HeaderValue};
use http_body_util::Full;
use hyper::{Request, Response, body::Incoming, header::HeaderName, service::service_fn};
use hyper_util::rt::TokioIo;
use rustls::pki_types::{CertificateDer, PrivateKeyDer, PrivatePkcs8KeyDer};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use url::Url;

use hyper_util::client::proxy::matcher::Matcher;

use super::*;
use crate::{config::UpstreamSettings, metrics::Metrics, upstream::TransportCause};

const SECOND: Duration = Duration::from_secs(1);

/// An answer that echoes what the upstream received: method, path and query, and the headers.
async fn echo(request: Request<Incoming>) -> Result<Response<Full<Bytes>>, Infallible> {
    let headers: serde_json::Map<String, serde_json::Value> =
        request.headers().iter().map(|(k, v)| (k.as_str().to_string(), v.to_str().unwrap_or("?").into())).collect();
    let seen = serde_json::json!({
        "method": request.method().as_str(),
        "target": request.uri().to_string(),
        "headers": headers,
    });
    let mut response = Response::new(Full::new(Bytes::from(seen.to_string())));
    response.headers_mut().insert(header::CONTENT_TYPE, HeaderValue::from_static("application/json"));
    response.headers_mut().insert("x-upstream-only", HeaderValue::from_static("kept upstream"));
    Ok(response)
}

/// A self-signed certificate for `localhost` and an HTTPS server on loopback presenting it,
/// answering [`echo`].
async fn https_echo() -> (SocketAddr, CertificateDer<'static>) {
    let certified = rcgen::generate_simple_self_signed(vec!["localhost".to_string()]).expect("certificate");
    let cert = certified.cert.der().clone();
    let key = PrivateKeyDer::Pkcs8(PrivatePkcs8KeyDer::from(certified.signing_key.serialize_der()));
    let config = rustls::ServerConfig::builder_with_provider(Arc::new(rustls::crypto::ring::default_provider()))
        .with_safe_default_protocol_versions()
        .expect("versions")
        .with_no_client_auth()
        .with_single_cert(vec![cert.clone()], key)
        .expect("server config");
    let acceptor = tokio_rustls::TlsAcceptor::from(Arc::new(config));
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.expect("bind");
    let addr = listener.local_addr().expect("addr");
    tokio::spawn(async move {
        while let Ok((socket, _)) = listener.accept().await {
            let acceptor = acceptor.clone();
            tokio::spawn(async move {
                let Ok(tls) = acceptor.accept(socket).await else { return };
                let _ = hyper::server::conn::http1::Builder::new()
                    .serve_connection(TokioIo::new(tls), service_fn(echo))
                    .await;
            });
        }
    });
    (addr, cert)
}

/// A plain HTTP server on loopback that reads one request head per connection and writes
/// `answer` as it is, then waits `linger` and closes.
async fn raw_server(answer: &'static [u8], linger: Duration) -> Url {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.expect("bind");
    let addr = listener.local_addr().expect("addr");
    tokio::spawn(async move {
        while let Ok((mut socket, _)) = listener.accept().await {
            tokio::spawn(async move {
                let mut head = [0u8; 4096];
                let _ = socket.read(&mut head).await;
                let _ = socket.write_all(answer).await;
                tokio::time::sleep(linger).await;
            });
        }
    });
    Url::parse(&format!("http://{addr}/api/")).expect("url")
}

/// A plain HTTP server on loopback answering [`echo`] on keep-alive connections, and the count
/// of connections it accepted.
async fn counting_echo() -> (Url, Arc<std::sync::atomic::AtomicUsize>) {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.expect("bind");
    let addr = listener.local_addr().expect("addr");
    let accepted = Arc::new(std::sync::atomic::AtomicUsize::new(0));
    let counted = accepted.clone();
    tokio::spawn(async move {
        while let Ok((socket, _)) = listener.accept().await {
            counted.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
            tokio::spawn(async move {
                let connection = hyper::server::conn::http1::Builder::new();
                let _ = connection.serve_connection(TokioIo::new(socket), service_fn(echo)).await;
            });
        }
    });
    (Url::parse(&format!("http://{addr}/api/")).expect("url"), accepted)
}

fn no_proxies() -> Matcher {
    Matcher::builder().build()
}

/// A client with the Web PKI roots and no proxy, ending each call within `timeout`.
fn direct(timeout: Duration) -> ForwardClient {
    let roots = rustls::RootCertStore { roots: webpki_roots::TLS_SERVER_ROOTS.to_vec() };
    ForwardClient::with_parts(roots, no_proxies(), reqwest::Client::new(), SECOND, timeout).expect("client")
}

fn upstream(base: Url, max_response_bytes: usize) -> Upstream {
    let settings = UpstreamSettings {
        max_in_flight_per_tenant: 4,
        queue_timeout_ms: 1000,
        idempotent_retries: 1,
        retry_jitter_ms: 5,
        reads_in_flight_per_view: 8,
    };
    Upstream::new(reqwest::Client::new(), base, max_response_bytes, &settings, "unit", Arc::new(Metrics::new()))
}

fn ctx() -> CallContext {
    CallContext {
        authorization: crate::auth::session::token::bearer("token-1"),
        accept_language: Some(HeaderValue::from_static("ar-AR")),
        request_id: Some(HeaderValue::from_static("req-7")),
        trace: crate::telemetry::RequestTrace::of(&HeaderMap::from_iter([(
            HeaderName::from_static("traceparent"),
            HeaderValue::from_static("00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01"),
        )])),
    }
}

async fn get(client: &ForwardClient, up: &Upstream) -> Result<ForwardedAnswer, UpstreamError> {
    let mut headers = HeaderMap::new();
    headers.insert("x-requested-with", HeaderValue::from_static("XMLHttpRequest"));
    headers.insert(header::COOKIE, HeaderValue::from_static("lp_session=secret"));
    up.forward(client, &ctx(), Method::GET, "users/me/knowledge-model", Some("take=1&skip=2"), &headers, Bytes::new())
        .await
}

#[tokio::test]
async fn it_speaks_https_to_an_upstream_whose_certificate_it_trusts_and_sends_what_it_should() {
    let (addr, cert) = https_echo().await;
    let mut roots = rustls::RootCertStore::empty();
    roots.add(cert).expect("root");
    let client =
        ForwardClient::with_parts(roots, no_proxies(), reqwest::Client::new(), SECOND, 5 * SECOND).expect("client");
    let base = Url::parse(&format!("https://localhost:{}/t/acme/api/", addr.port())).expect("url");
    let answer = get(&client, &upstream(base, 1 << 20)).await.expect("an answer over TLS");
    assert_eq!(answer.status, StatusCode::OK);
    assert_eq!(answer.headers.get(header::CONTENT_TYPE).expect("content type"), "application/json");
    assert!(answer.headers.get("x-upstream-only").is_none(), "only the named headers come back");
    let seen: serde_json::Value = serde_json::from_slice(&answer.body).expect("json");
    assert_eq!(seen["method"], "GET");
    assert_eq!(seen["target"], "/t/acme/api/users/me/knowledge-model?take=1&skip=2");
    let headers = &seen["headers"];
    assert_eq!(headers["authorization"], "Bearer token-1");
    assert_eq!(headers["accept-language"], "ar-AR");
    assert_eq!(headers["x-request-id"], "req-7");
    let traceparent = headers["traceparent"].as_str().expect("the request's trace goes on");
    assert!(traceparent.starts_with("00-4bf92f3577b34da6a3ce929d0e0e4736-"), "{traceparent}");
    assert!(traceparent.ends_with("-01") && !traceparent.contains("00f067aa0ba902b7"), "{traceparent}");
    assert_eq!(headers["x-requested-with"], "XMLHttpRequest");
    assert_eq!(headers["user-agent"], USER_AGENT);
    assert_eq!(headers["host"], format!("localhost:{}", addr.port()));
    assert!(headers.get("cookie").is_none(), "no Cookie upstream: {headers}");
}

#[tokio::test]
async fn it_refuses_an_upstream_certificate_outside_its_roots_as_a_connect_failure() {
    let (addr, _) = https_echo().await;
    let client = direct(5 * SECOND);
    let base = Url::parse(&format!("https://localhost:{}/api/", addr.port())).expect("url");
    match get(&client, &upstream(base, 1 << 20)).await {
        Err(UpstreamError::Transport(_, TransportCause::Connect, message)) => {
            assert!(message.to_lowercase().contains("certificate"), "{message}");
        }
        other => panic!("a self-signed certificate is refused: {other:?}"),
    }
}

#[tokio::test]
async fn a_closed_port_is_a_connect_failure() {
    let listener = std::net::TcpListener::bind("127.0.0.1:0").expect("bind");
    let port = listener.local_addr().expect("addr").port();
    drop(listener);
    let client = direct(5 * SECOND);
    let base = Url::parse(&format!("http://127.0.0.1:{port}/api/")).expect("url");
    let error = get(&client, &upstream(base, 1 << 20)).await.expect_err("nothing listens");
    assert!(matches!(error, UpstreamError::Transport(_, TransportCause::Connect, _)), "{error:?}");
}

#[tokio::test]
async fn an_answer_that_breaks_off_is_a_reset() {
    let base = raw_server(b"HTTP/1.1 200 OK\r\ncontent-length: 100\r\n\r\n{\"partial\":", Duration::ZERO).await;
    let client = direct(5 * SECOND);
    let error = get(&client, &upstream(base, 1 << 20)).await.expect_err("half an answer");
    assert!(matches!(error, UpstreamError::Transport(_, TransportCause::Reset, _)), "{error:?}");
}

#[tokio::test]
async fn an_answer_slower_than_the_timeout_is_a_timeout_body_included() {
    // The head comes at once; the body never does.
    let base = raw_server(b"HTTP/1.1 200 OK\r\ncontent-length: 10\r\n\r\n", 10 * SECOND).await;
    let client = direct(Duration::from_millis(300));
    let started = std::time::Instant::now();
    let error = get(&client, &upstream(base, 1 << 20)).await.expect_err("no body in time");
    assert!(matches!(error, UpstreamError::Timeout(_)), "{error:?}");
    assert!(started.elapsed() < 3 * SECOND, "{:?}", started.elapsed());
}

#[tokio::test]
async fn an_answer_over_the_size_limit_is_refused_declared_or_not() {
    let declared = raw_server(b"HTTP/1.1 200 OK\r\ncontent-length: 64\r\n\r\n", Duration::ZERO).await;
    let chunked = raw_server(
        b"HTTP/1.1 200 OK\r\ntransfer-encoding: chunked\r\n\r\n20\r\n0123456789abcdef0123456789abcdef\r\n0\r\n\r\n",
        Duration::ZERO,
    )
    .await;
    let client = direct(5 * SECOND);
    for base in [declared, chunked] {
        let error = get(&client, &upstream(base.clone(), 16)).await.expect_err("over 16 bytes");
        assert!(matches!(&error, UpstreamError::Bad(_, m) if m.contains("16")), "{base}: {error:?}");
    }
    let small = raw_server(b"HTTP/1.1 200 OK\r\ncontent-length: 2\r\n\r\n[]", Duration::ZERO).await;
    let answer = get(&client, &upstream(small, 16)).await.expect("within the limit");
    assert_eq!(&answer.body[..], b"[]");
}

#[tokio::test]
async fn a_refused_token_is_unauthorized_and_other_statuses_come_back_as_they_are() {
    let client = direct(5 * SECOND);
    let refused = raw_server(b"HTTP/1.1 401 Unauthorized\r\ncontent-length: 0\r\n\r\n", Duration::ZERO).await;
    let error = get(&client, &upstream(refused, 1 << 20)).await.expect_err("401");
    assert!(matches!(error, UpstreamError::Unauthorized(..)), "{error:?}");
    let missing = raw_server(
        b"HTTP/1.1 404 Not Found\r\ncontent-type: application/problem+json\r\ncontent-length: 2\r\n\r\n{}",
        Duration::ZERO,
    )
    .await;
    let answer = get(&client, &upstream(missing, 1 << 20)).await.expect("a 404 is an answer");
    assert_eq!((answer.status, &answer.body[..]), (StatusCode::NOT_FOUND, &b"{}"[..]));
    assert_eq!(answer.headers.get(header::CONTENT_TYPE).expect("type"), "application/problem+json");
}

#[tokio::test]
async fn a_call_the_proxy_rules_catch_goes_through_the_proxy_with_the_same_headers() {
    // An HTTP proxy on loopback: it sees the absolute address and answers as the upstream would.
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.expect("bind");
    let proxy = listener.local_addr().expect("addr");
    tokio::spawn(async move {
        while let Ok((socket, _)) = listener.accept().await {
            tokio::spawn(async move {
                let connection = hyper::server::conn::http1::Builder::new();
                let _ = connection.serve_connection(TokioIo::new(socket), service_fn(echo)).await;
            });
        }
    });
    let proxy_url = format!("http://{proxy}");
    let proxies = Matcher::builder().http(proxy_url.clone()).no("127.0.0.1").build();
    let proxied =
        reqwest::Client::builder().proxy(reqwest::Proxy::http(&proxy_url).expect("proxy")).build().expect("client");
    let roots = rustls::RootCertStore { roots: webpki_roots::TLS_SERVER_ROOTS.to_vec() };
    let client = ForwardClient::with_parts(roots, proxies, proxied, SECOND, 5 * SECOND).expect("client");
    // Nothing answers at lms.example: only the proxy can.
    let base = Url::parse("http://lms.example/api/").expect("url");
    // Twice: the second call goes the way the first was sent.
    for _ in 0..2 {
        let answer = get(&client, &upstream(base.clone(), 1 << 20)).await.expect("an answer through the proxy");
        let seen: serde_json::Value = serde_json::from_slice(&answer.body).expect("json");
        assert_eq!(seen["target"], "http://lms.example/api/users/me/knowledge-model?take=1&skip=2");
        let headers = &seen["headers"];
        assert_eq!(headers["authorization"], "Bearer token-1");
        assert_eq!(headers["x-request-id"], "req-7");
        assert_eq!(headers["user-agent"], USER_AGENT);
        assert!(headers.get("cookie").is_none(), "no Cookie upstream: {headers}");
    }
    // An address the rules leave out is called directly (a closed port: a connect failure).
    let closed = std::net::TcpListener::bind("127.0.0.1:0").expect("bind");
    let port = closed.local_addr().expect("addr").port();
    drop(closed);
    let base = Url::parse(&format!("http://127.0.0.1:{port}/api/")).expect("url");
    let error = get(&client, &upstream(base, 1 << 20)).await.expect_err("not through the proxy");
    assert!(matches!(error, UpstreamError::Transport(_, TransportCause::Connect, _)), "{error:?}");
}

#[tokio::test]
async fn calls_to_one_upstream_share_a_kept_connection_and_say_its_host() {
    let (base, accepted) = counting_echo().await;
    let client = direct(5 * SECOND);
    let up = upstream(base.clone(), 1 << 20);
    for _ in 0..3 {
        let answer = get(&client, &up).await.expect("an answer");
        let seen: serde_json::Value = serde_json::from_slice(&answer.body).expect("json");
        assert_eq!(seen["target"], "/api/users/me/knowledge-model?take=1&skip=2");
        assert_eq!(seen["headers"]["host"], format!("127.0.0.1:{}", base.port().expect("port")));
    }
    assert_eq!(
        accepted.load(std::sync::atomic::Ordering::SeqCst),
        1,
        "one connection for three calls one after another"
    );
    assert_eq!(client.pool().idle(), 1, "kept for the next call");
    // Calls at once each take a connection of their own, all kept afterwards.
    let (a, b, c) = tokio::join!(get(&client, &up), get(&client, &up), get(&client, &up));
    for answer in [a, b, c] {
        assert_eq!(answer.expect("an answer").status, StatusCode::OK);
    }
    assert_eq!(accepted.load(std::sync::atomic::Ordering::SeqCst), 3);
    assert_eq!(client.pool().idle(), 3);
}

#[tokio::test]
async fn a_kept_connection_the_upstream_closed_or_left_idle_too_long_is_not_used_again() {
    // Answers one call per connection, then closes it (with no `Connection: close` said).
    let base = raw_server(b"HTTP/1.1 200 OK\r\ncontent-length: 2\r\n\r\n[]", Duration::ZERO).await;
    let client = direct(5 * SECOND);
    let up = upstream(base, 1 << 20);
    for _ in 0..3 {
        let answer = get(&client, &up).await.expect("each call answered, on a new connection");
        assert_eq!(&answer.body[..], b"[]");
        // The close reaches the connection's task.
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    // A connection idle for longer than the pool keeps one is closed when the pool is next used.
    let (base, accepted) = counting_echo().await;
    let up = upstream(base, 1 << 20);
    get(&client, &up).await.expect("an answer");
    client.pool().age_idle(pool::IDLE_TIMEOUT);
    get(&client, &up).await.expect("an answer");
    assert_eq!(accepted.load(std::sync::atomic::Ordering::SeqCst), 2, "the idle one was not used again");
    assert_eq!(client.pool().idle(), 1);
}

#[tokio::test]
async fn a_connection_whose_answer_was_not_read_whole_is_not_kept() {
    let (base, _) = counting_echo().await;
    let client = direct(5 * SECOND);
    // The echo is larger than 16 bytes: refused, its body left unread.
    let error = get(&client, &upstream(base, 16)).await.expect_err("over 16 bytes");
    assert!(matches!(&error, UpstreamError::Bad(..)), "{error:?}");
    assert_eq!(client.pool().idle(), 0);
}

/// A forwarded call's future stays small: it is part of every pass-through request's handler
/// future, which is copied whole when axum boxes it. With a new connection's state (its TLS
/// session among it) inline it was 4,232 bytes in this build (2,016 without), and about 7.7 KB
/// in the release build.
#[test]
fn a_forwarded_calls_future_stays_small() {
    let (up, client, headers, ctx) = (upstream(raw_base(), 1024), direct(SECOND), HeaderMap::new(), ctx());
    let call = up.forward(&client, &ctx, Method::GET, "users/me/knowledge-model", None, &headers, Bytes::new());
    let size = std::mem::size_of_val(&call);
    assert!(size <= 2560, "{size} bytes");
}

/// An address nothing is called at (the test only builds a call's future).
fn raw_base() -> Url {
    Url::parse("http://127.0.0.1:9/api/").expect("url")
}
