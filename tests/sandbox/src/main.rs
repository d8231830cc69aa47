//! `lms-sandbox [--listen ADDR] [--data-dir DIR]`: serves until Ctrl-C or SIGTERM.
//! Prints `lms-sandbox listening on http://ADDR` on stdout once bound; logs go to stderr.

use std::{io::Write, net::SocketAddr, path::PathBuf, process::ExitCode};

use lms_sandbox::{SandboxConfig, spawn};

#[tokio::main]
async fn main() -> ExitCode {
    tracing_subscriber::fmt()
        .with_writer(std::io::stderr)
        .with_env_filter(
            tracing_subscriber::EnvFilter::try_from_default_env().unwrap_or_else(|_| "info,tower_http=warn".into()),
        )
        .init();
    let config = match parse_args() {
        Ok(config) => config,
        Err(message) => {
            eprintln!("{message}\nusage: lms-sandbox [--listen ADDR] [--data-dir DIR]");
            return ExitCode::from(2);
        }
    };
    let sandbox = match spawn(config).await {
        Ok(sandbox) => sandbox,
        Err(e) => {
            eprintln!("lms-sandbox: {e:#}");
            return ExitCode::FAILURE;
        }
    };
    println!("lms-sandbox listening on http://{}", sandbox.addr());
    let _ = std::io::stdout().flush();
    shutdown_signal().await;
    sandbox.shutdown().await;
    ExitCode::SUCCESS
}

fn parse_args() -> Result<SandboxConfig, String> {
    let env = |name: &str| std::env::var(name).ok();
    let mut listen = env("LMS_SANDBOX_LISTEN").unwrap_or_else(|| "127.0.0.1:8081".into());
    let mut data_dir = env("LMS_SANDBOX_DATA_DIR").unwrap_or_else(|| ".demo-data/sandbox".into());
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        if arg == "--help" || arg == "-h" {
            return Err("lms-sandbox: the upstream LMS stand-in and dev OIDC issuer".into());
        }
        // Both `--listen ADDR` and `--listen=ADDR`.
        let (flag, value) = match arg.split_once('=') {
            Some((flag, value)) => (flag.to_string(), value.to_string()),
            None => (arg.clone(), args.next().ok_or(format!("{arg} needs a value"))?),
        };
        match flag.as_str() {
            "--listen" => listen = value,
            "--data-dir" => data_dir = value,
            other => return Err(format!("unknown argument `{other}`")),
        }
    }
    let listen: SocketAddr = listen.parse().map_err(|e| format!("--listen {listen}: {e}"))?;
    let mut config = SandboxConfig::in_memory(listen);
    config.data_dir = Some(PathBuf::from(data_dir));
    if let Some(spec) = env("LMS_SANDBOX_BACKCHANNEL_URIS") {
        config.backchannel_logout_uris =
            lms_sandbox::parse_backchannel_uris(&spec).map_err(|e| format!("LMS_SANDBOX_BACKCHANNEL_URIS: {e}"))?;
    }
    Ok(config)
}

async fn shutdown_signal() {
    let ctrl_c = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    let terminate = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut s) => {
                s.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    tokio::select! {
        () = ctrl_c => {},
        () = terminate => {},
    }
}
