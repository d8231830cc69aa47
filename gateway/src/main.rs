//! `gateway [--config FILE]...`: loads config (default `config/default.toml`), binds, serves.
//! Prints `gateway listening on http://ADDR` on stdout once bound; logs go to stderr.

#![warn(clippy::too_many_lines)]

use std::{io::Write, path::PathBuf, process::ExitCode};

use gateway::{Server, config::Config, telemetry};

/// jemalloc instead of glibc's malloc: a pass-through request makes dozens of small, short-lived
/// allocations, where glibc spent about 14 % of the process's CPU (tests/load/report.md, hot
/// path). mimalloc took that away first; jemalloc measured about 1 µs less CPU per pass-through
/// request than mimalloc 3 (both release builds serving at once, every round of 6 and 7 of 8 the
/// other way; callgrind: 66,363 instructions a request against 68,597), where mimalloc 3 took a
/// fresh page from its arena about once a request, and less resident memory (24 against 29 MB
/// with 10,000 sessions; about 2 KB a session either way).
#[global_allocator]
static ALLOCATOR: tikv_jemallocator::Jemalloc = tikv_jemallocator::Jemalloc;

fn main() -> ExitCode {
    let files = match config_files(std::env::args().skip(1)) {
        Ok(files) => files,
        Err(message) => {
            eprintln!("{message}\nusage: gateway [--config FILE]...");
            return ExitCode::from(2);
        }
    };
    let config = match Config::load(&files, Config::env()) {
        Ok(config) => config,
        Err(e) => {
            eprintln!("{e}");
            return ExitCode::from(2);
        }
    };
    // Serving with work stealing: the runtime's threads serve the connections, as many as
    // `worker_threads` says. Else the serving threads are the gateway's own (`serve::Workers`)
    // and this runtime accepts connections and runs the background work (one thread per core,
    // tokio's default, so a long background task does not hold up accepting).
    let mut runtime = tokio::runtime::Builder::new_multi_thread();
    if config.work_stealing && config.worker_threads > 0 {
        runtime.worker_threads(config.worker_threads);
    }
    match runtime.enable_all().build() {
        Ok(runtime) => runtime.block_on(serve(config)),
        Err(e) => {
            eprintln!("gateway: starting the runtime: {e}");
            ExitCode::FAILURE
        }
    }
}

/// Starts telemetry, binds and serves `config` until a shutdown signal.
async fn serve(config: Config) -> ExitCode {
    if let Err(e) = telemetry::init(&config.telemetry) {
        eprintln!("gateway: starting telemetry: {e:#}");
        return ExitCode::FAILURE;
    }
    let server = match Server::bind(config).await {
        Ok(server) => server,
        Err(e) => {
            eprintln!("gateway: {e:#}");
            return ExitCode::FAILURE;
        }
    };
    match server.local_addr() {
        Ok(addr) => {
            println!("gateway listening on http://{addr}");
            let _ = std::io::stdout().flush();
        }
        Err(e) => {
            eprintln!("gateway: reading the bound address: {e}");
            return ExitCode::FAILURE;
        }
    }
    let served = server.run(shutdown_signal()).await;
    telemetry::shutdown();
    if let Err(e) = served {
        eprintln!("gateway: {e:#}");
        return ExitCode::FAILURE;
    }
    ExitCode::SUCCESS
}

fn config_files(mut args: impl Iterator<Item = String>) -> Result<Vec<PathBuf>, String> {
    let mut files = Vec::new();
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--config" => files.push(PathBuf::from(args.next().ok_or("--config needs a file")?)),
            other => return Err(format!("unknown argument `{other}`")),
        }
    }
    if files.is_empty() {
        files.push(PathBuf::from("config/default.toml"));
    }
    Ok(files)
}

async fn shutdown_signal() {
    let ctrl_c = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    #[cfg(unix)]
    let terminate = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut s) => {
                s.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    #[cfg(not(unix))]
    let terminate = std::future::pending::<()>();
    tokio::select! {
        () = ctrl_c => {},
        () = terminate => {},
    }
}
