//! `lms-sandbox [--listen ADDR] [--data-dir DIR] [--clock MODE] [--admin-token TOKEN] [--faults JSON]`:
//! serves until Ctrl-C or SIGTERM. Prints `lms-sandbox listening on http://ADDR` on stdout once
//! bound; logs go to stderr. `LMS_SANDBOX_LISTEN`, `LMS_SANDBOX_DATA_DIR`, `LMS_SANDBOX_CLOCK`,
//! `LMS_SANDBOX_ADMIN_TOKEN` and `LMS_SANDBOX_FAULTS` set the same options; flags win over the
//! environment.

// Functions stay short (the threshold is in clippy.toml at the workspace root).
#![warn(clippy::too_many_lines)]

use std::{io::Write, net::SocketAddr, path::PathBuf, process::ExitCode};

use lms_sandbox::{SandboxConfig, clock::ClockMode, faults::FaultRule, spawn};

const USAGE: &str = "usage: lms-sandbox [--listen ADDR] [--data-dir DIR] [--clock real|offset:+SECONDS|fixed:RFC3339] \
                     [--admin-token TOKEN] [--faults JSON-ARRAY-OF-RULES]";

/// mimalloc instead of glibc's malloc: a list call builds and drops thousands of small JSON
/// values, where glibc's free lists took about a quarter of the sandbox's CPU under `make bench`.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

#[tokio::main]
async fn main() -> ExitCode {
    tracing_subscriber::fmt()
        .with_writer(std::io::stderr)
        .with_env_filter(
            tracing_subscriber::EnvFilter::try_from_default_env().unwrap_or_else(|_| "info,tower_http=warn".into()),
        )
        .init();
    let config = match parse_args(std::env::args().skip(1), |name| std::env::var(name).ok()) {
        Ok(config) => config,
        Err(message) => {
            eprintln!("{message}\n{USAGE}");
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

/// The configuration from the command line `args` (without the program name) and the
/// environment (`env` looks a variable up).
fn parse_args(
    args: impl IntoIterator<Item = String>,
    env: impl Fn(&str) -> Option<String>,
) -> Result<SandboxConfig, String> {
    let mut listen = env("LMS_SANDBOX_LISTEN").unwrap_or_else(|| "127.0.0.1:8081".into());
    let mut data_dir = env("LMS_SANDBOX_DATA_DIR").unwrap_or_else(|| ".demo-data/sandbox".into());
    let mut clock = env("LMS_SANDBOX_CLOCK").unwrap_or_else(|| "real".into());
    let mut admin_token = env("LMS_SANDBOX_ADMIN_TOKEN").filter(|t| !t.is_empty());
    let mut faults = env("LMS_SANDBOX_FAULTS").filter(|f| !f.trim().is_empty());
    let mut args = args.into_iter();
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
            "--clock" => clock = value,
            "--admin-token" => admin_token = Some(value).filter(|t| !t.is_empty()),
            "--faults" => faults = Some(value).filter(|f| !f.trim().is_empty()),
            other => return Err(format!("unknown argument `{other}`")),
        }
    }
    let listen: SocketAddr = listen.parse().map_err(|e| format!("--listen {listen}: {e}"))?;
    let mut config = SandboxConfig::in_memory(listen);
    config.data_dir = Some(PathBuf::from(data_dir));
    config.clock = clock.parse::<ClockMode>()?;
    config.admin_token = admin_token;
    if let Some(raw) = faults {
        config.faults = serde_json::from_str::<Vec<FaultRule>>(&raw).map_err(|e| format!("--faults: {e}"))?;
        for (index, rule) in config.faults.iter().enumerate() {
            rule.validate().map_err(|e| format!("--faults: rule {index}: {e}"))?;
        }
    }
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

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(args: &[&str], env: &[(&str, &str)]) -> Result<SandboxConfig, String> {
        let env: Vec<(String, String)> = env.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect();
        parse_args(args.iter().map(|a| a.to_string()), move |name| {
            env.iter().find(|(k, _)| k == name).map(|(_, v)| v.clone())
        })
    }

    /// Arguments, environment, and the clock mode they give (`Err(())` for a refusal).
    type ClockCase = (&'static [&'static str], &'static [(&'static str, &'static str)], Result<ClockMode, ()>);

    #[test]
    fn the_clock_comes_from_the_flag_or_the_environment() {
        let cases: [ClockCase; 9] = [
            (&[], &[], Ok(ClockMode::Real)),
            (&[], &[("LMS_SANDBOX_CLOCK", "offset:+86400")], Ok(ClockMode::Offset(86_400))),
            (&[], &[("LMS_SANDBOX_CLOCK", "offset:-3600")], Ok(ClockMode::Offset(-3_600))),
            (&[], &[("LMS_SANDBOX_CLOCK", "fixed:2026-01-31T12:00:00Z")], Ok(ClockMode::Fixed(1_769_860_800))),
            (&["--clock", "fixed:2026-01-31T12:00:00Z"], &[], Ok(ClockMode::Fixed(1_769_860_800))),
            (&["--clock=offset:+60"], &[("LMS_SANDBOX_CLOCK", "real")], Ok(ClockMode::Offset(60))),
            (&["--clock", "real"], &[("LMS_SANDBOX_CLOCK", "offset:+60")], Ok(ClockMode::Real)),
            (&["--clock", "soon"], &[], Err(())),
            (&[], &[("LMS_SANDBOX_CLOCK", "fixed:31.01.2026")], Err(())),
        ];
        for (args, env, expected) in cases {
            assert_eq!(parse(args, env).map(|c| c.clock).map_err(|_| ()), expected, "{args:?} {env:?}");
        }
    }

    #[test]
    fn the_admin_token_and_other_options() {
        assert_eq!(parse(&[], &[]).expect("defaults").admin_token, None);
        let from_env = parse(&[], &[("LMS_SANDBOX_ADMIN_TOKEN", "s3cret")]).expect("env");
        assert_eq!(from_env.admin_token.as_deref(), Some("s3cret"));
        let flag = parse(&["--admin-token", "flag"], &[("LMS_SANDBOX_ADMIN_TOKEN", "env")]).expect("flag");
        assert_eq!(flag.admin_token.as_deref(), Some("flag"));
        assert_eq!(parse(&[], &[("LMS_SANDBOX_ADMIN_TOKEN", "")]).expect("empty").admin_token, None);
        let listen = parse(&["--listen", "127.0.0.1:0", "--data-dir=data"], &[]).expect("listen");
        assert_eq!(listen.listen.port(), 0);
        assert!(parse(&["--clock"], &[]).expect_err("a value is needed").contains("--clock"));
        assert!(parse(&["--colour", "red"], &[]).expect_err("unknown").contains("--colour"));
    }

    #[test]
    fn fault_rules_at_start() {
        assert_eq!(parse(&[], &[]).expect("defaults").faults, []);
        let down = r#"[{"tenant":"globex","fault":{"kind":"down"}}]"#;
        let from_env = parse(&[], &[("LMS_SANDBOX_FAULTS", down)]).expect("env").faults;
        assert_eq!(from_env.len(), 1);
        assert_eq!(from_env[0].tenant.as_deref(), Some("globex"));
        let latency = r#"[{"fault":{"kind":"latency","ms":5}},{"path":"users/**","fault":{"kind":"reset"}}]"#;
        assert_eq!(parse(&["--faults", latency], &[("LMS_SANDBOX_FAULTS", down)]).expect("flag").faults.len(), 2);
        for bad in [
            r#"{"fault":{"kind":"down"}}"#,
            r#"[{"fault":{"kind":"boom"}}]"#,
            r#"[{"fault":{"kind":"error","status":200,"rate":1}}]"#,
        ] {
            let message = parse(&["--faults", bad], &[]).expect_err(bad);
            assert!(message.starts_with("--faults:"), "{message}");
        }
    }
}
