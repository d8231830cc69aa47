//! The checks of every section, by the files and variables an operator would write.

use super::*;
use figment::providers::Serialized;

fn load(toml: &str) -> Result<Config, ConfigError> {
    let defaults = include_str!("../../../config/default.toml");
    let raw: RawConfig = Figment::new()
        .merge(Toml::string(defaults))
        .merge(Toml::string(toml))
        .merge(Serialized::defaults(serde_json::json!({})))
        .extract()
        .map_err(|e| ConfigError(e.into_iter().map(|e| e.to_string()).collect()))?;
    Config::from_raw(raw)
}

#[test]
fn the_demo_config_is_valid() {
    let config = load(include_str!("../../../config/demo.toml")).expect("demo config");
    assert_eq!(config.tenants.len(), 2);
    assert_eq!(config.tenants["acme"].hosts, ["localhost", "acme.localhost"]);
    assert!(config.tenants["acme"].cross_site_embedding, "framed by the example parent page");
    assert_eq!(config.tenants["acme"].ui.parent_origins, ["http://127.0.0.1:8090"]);
    assert!(!config.tenants["globex"].ui.catalog_enabled);
    assert_eq!(config.session.idle_timeout_secs, 7200);
}

#[test]
fn serving_threads_default_to_one_worker_per_core_and_are_bounded() {
    let tenant = "[tenants.x]\nhosts = [\"x.example\"]\napi_url = \"https://lms.example/\"\n\
                  [tenants.x.oidc]\nissuer = \"https://idp.example\"\nclient_id = \"c\"\n";
    assert_eq!(load(tenant).expect("defaults").worker_threads, 0);
    assert_eq!(load(&format!("worker_threads = 3\n{tenant}")).expect("3").worker_threads, 3);
    let err = load(&format!("worker_threads = 1000\n{tenant}")).expect_err("too many");
    assert!(err.0.join("\n").contains("worker_threads: at most 256"), "{err:?}");
    assert!(load(&format!("worker_threads = -1\n{tenant}")).is_err(), "negative");
    assert!(!load(tenant).expect("defaults").work_stealing, "worker threads with a runtime each by default");
    assert!(load(&format!("work_stealing = true\n{tenant}")).expect("work stealing").work_stealing);
}

#[test]
fn adopt_codes_live_at_most_sixty_seconds() {
    let tenant = "[tenants.x]\nhosts = [\"x.example\"]\napi_url = \"https://lms.example/\"\n\
                  [tenants.x.oidc]\nissuer = \"https://idp.example\"\nclient_id = \"c\"\n";
    assert_eq!(load(tenant).expect("defaults").session.adopt_code_ttl_secs, 60);
    assert_eq!(
        load(&format!("{tenant}[session]\nadopt_code_ttl_secs = 1")).expect("1 s").session.adopt_code_ttl_secs,
        1
    );
    for bad in [0, 61, 3600] {
        let err = load(&format!("{tenant}[session]\nadopt_code_ttl_secs = {bad}")).expect_err("out of range");
        assert!(err.0.join("\n").contains("session.adopt_code_ttl_secs: must be between 1 and 60"), "{bad}: {err:?}");
    }
}

#[test]
fn catalog_limits_are_checked() {
    let config = load(include_str!("../../../config/demo.toml")).expect("demo config");
    assert_eq!((config.catalog.default_take, config.catalog.max_take), (100, 200));
    let err = load(
        "[catalog]\ndefault_take = 300\nmax_take = 200\nmax_keyword_chars = 0\npublic_max_in_flight = 0\n\
         [tenants.x]\nhosts = [\"x.example\"]\napi_url = \"https://lms.example/\"\n\
         [tenants.x.oidc]\nissuer = \"https://idp.example\"\nclient_id = \"c\"",
    )
    .expect_err("bad catalog limits");
    let all = err.0.join("\n");
    for key in ["catalog.default_take", "catalog.max_keyword_chars", "catalog.public_max_in_flight"] {
        assert!(all.contains(key), "{key} not named in:\n{all}");
    }
}

#[test]
fn a_view_reads_at_least_one_at_a_time() {
    let config = load(include_str!("../../../config/demo.toml")).expect("demo config");
    assert_eq!(config.upstream.reads_in_flight_per_view, 8);
    let err = load(
        "[upstream]\nmax_in_flight_per_tenant = 4\nqueue_timeout_ms = 100\nidempotent_retries = 0\nretry_jitter_ms = 0\n\
         reads_in_flight_per_view = 0\n\
         [tenants.x]\nhosts = [\"x.example\"]\napi_url = \"https://lms.example/\"\n\
         [tenants.x.oidc]\nissuer = \"https://idp.example\"\nclient_id = \"c\"",
    )
    .expect_err("no reads per view");
    assert!(err.0.join("\n").contains("upstream.reads_in_flight_per_view"), "{:?}", err.0);
}

#[test]
fn every_bad_key_is_named() {
    let err = load(
        r#"listen = "nowhere"
        [tenants.x]
        hosts = []
        api_url = "not a url"
        [tenants.x.oidc]
        issuer = "http://idp.example.com"
        client_id = """#,
    )
    .expect_err("bad config");
    let all = err.0.join("\n");
    for key in ["listen", "tenants.x.hosts", "tenants.x.api_url", "tenants.x.oidc.issuer", "tenants.x.oidc.client_id"] {
        assert!(all.contains(key), "{key} not named in:\n{all}");
    }
}

#[test]
fn the_login_rate_limit_and_trusted_proxies_are_checked() {
    let tenant = "[tenants.x]\nhosts = [\"x.example\"]\napi_url = \"https://lms.example/\"\n\
                  [tenants.x.oidc]\nissuer = \"https://idp.example\"\nclient_id = \"c\"\n";
    let config = load(tenant).expect("the defaults are valid");
    assert!(config.trusted_proxies.is_empty(), "no proxy is trusted by default");
    assert!(config.login_rate_limit.requests_per_minute > 0 && config.login_rate_limit.burst > 0);
    let good = format!("trusted_proxies = [\"10.0.0.7\", \"192.168.1.9/24\", \"::1\", \"fd00::/8\"]\n{tenant}");
    let config = load(&good).expect("addresses and ranges");
    let nets: Vec<String> = config.trusted_proxies.iter().map(ToString::to_string).collect();
    assert_eq!(nets, ["10.0.0.7/32", "192.168.1.0/24", "::1/128", "fd00::/8"]);
    let bad = format!(
        "trusted_proxies = [\"10.0.0.0/33\", \"proxy.example\"]\n\
         [login_rate_limit]\nrequests_per_minute = 0\nburst = 0\nmax_clients = 0\n{tenant}"
    );
    let all = load(&bad).expect_err("bad values").0.join("\n");
    for key in [
        "`10.0.0.0/33`",
        "`proxy.example`",
        "login_rate_limit.requests_per_minute",
        "login_rate_limit.burst",
        "login_rate_limit.max_clients",
    ] {
        assert!(all.contains(key), "{key} not named in:\n{all}");
    }
}

#[test]
fn view_passthrough_and_file_limits_are_checked() {
    let tenant = r#"
        [tenants.x]
        hosts = ["x.example"]
        api_url = "https://lms.example/"
        [tenants.x.oidc]
        issuer = "https://idp.example"
        client_id = "c"
    "#;
    let config = load(tenant).expect("the defaults are valid");
    assert_eq!(config.views.calendar_max_range_days, 62);
    assert_eq!((config.files.max_bytes, config.files.timeout_secs, config.files.max_redirects), (52_428_800, 120, 3));
    let bad = format!(
        "{tenant}\n[views]\ncalendar_max_range_days = 0\n[passthrough]\nmax_body_bytes = 0\n\
         [files]\nmax_bytes = 0\ntimeout_secs = 0\nmax_redirects = 11\n"
    );
    let all = load(&bad).expect_err("bad limits").0.join("\n");
    for key in [
        "views.calendar_max_range_days",
        "passthrough.max_body_bytes",
        "files.max_bytes",
        "files.timeout_secs",
        "files.max_redirects",
    ] {
        assert!(all.contains(key), "{key} not named in:\n{all}");
    }
}

#[test]
fn media_and_parent_origins_must_be_origins() {
    let tenant = |ui: &str| {
        format!(
            "[tenants.x]\nhosts = [\"x.example\"]\napi_url = \"https://lms.example/\"\n\
             [tenants.x.oidc]\nissuer = \"https://idp.example\"\nclient_id = \"c\"\n[tenants.x.ui]\n{ui}"
        )
    };
    let config =
        load(&tenant("media_origins = [\"https://media.example\", \"http://127.0.0.1:8081\"]")).expect("valid");
    assert_eq!(config.tenants["x"].ui.media_origins, ["https://media.example", "http://127.0.0.1:8081"]);
    let all = load(&tenant("media_origins = [\"https://media.example/videos/\", \"*\"]\nparent_origins = [\"x\"]"))
        .expect_err("not origins")
        .0
        .join("\n");
    for named in
        ["x.ui.media_origins: `https://media.example/videos/`", "x.ui.media_origins: `*`", "x.ui.parent_origins: `x`"]
    {
        assert!(all.contains(named), "{named} not named in:\n{all}");
    }
}

#[test]
fn storage_and_embed_origins_are_origins() {
    let tenant = |loopback: bool, storage: &str, embeds: &str| {
        format!(
            r#"[tenants.x]
            hosts = ["x.example"]
            allow_http_loopback = {loopback}
            api_url = "https://lms.example/"
            storage_origins = [{storage}]
            [tenants.x.oidc]
            issuer = "https://idp.example"
            client_id = "c"
            [tenants.x.ui]
            embed_origins = [{embeds}]"#
        )
    };
    let config =
        load(&tenant(false, r#""https://files.example""#, r#""https://video.example:8443""#)).expect("origins");
    assert_eq!(config.tenants["x"].storage_origins, ["https://files.example"]);
    assert!(config.tenants["x"].storage_send_token, "the token goes along unless switched off");
    assert_eq!(config.tenants["x"].ui.embed_origins, ["https://video.example:8443"]);
    let config = load(&tenant(true, r#""http://127.0.0.1:8081""#, r#""http://localhost:8081""#)).expect("loopback");
    assert_eq!(config.tenants["x"].storage_origins, ["http://127.0.0.1:8081"]);
    let bad = [
        (tenant(false, r#""https://files.example/""#, ""), "tenants.x.storage_origins: `https://files.example/`"),
        (tenant(false, r#""files.example""#, ""), "tenants.x.storage_origins: `files.example`"),
        (tenant(false, r#""https://Files.example""#, ""), "tenants.x.storage_origins: `https://Files.example`"),
        (tenant(false, r#""https://files.example:443""#, ""), "`https://files.example:443`"),
        (tenant(false, r#""http://127.0.0.1:8081""#, ""), "must be https"),
        (tenant(true, r#""http://files.example""#, ""), "must be https"),
        (tenant(false, "", r#""https://video.example/embed""#), "tenants.x.ui.embed_origins"),
        (tenant(false, "", r#""*""#), "tenants.x.ui.embed_origins: `*`"),
    ];
    for (toml, expected) in bad {
        let all = load(&toml).expect_err(expected).0.join("\n");
        assert!(all.contains(expected), "{expected} not named in:\n{all}");
    }
}

#[test]
fn a_tenant_lists_several_providers_with_one_default() {
    let tenant = |extra: &str| {
        format!(
            r#"[tenants.x]
            hosts = ["x.example"]
            api_url = "https://lms.example/"
            [tenants.x.oidc]
            issuer = "https://idp.example"
            client_id = "c"
            [[tenants.x.providers]]
            id = "corporate"
            issuer = "https://corp.example"
            client_id = "lp"
            {extra}"#
        )
    };
    let config = load(&tenant("")).expect("valid");
    let x = &config.tenants["x"];
    assert_eq!(x.providers.iter().map(|p| p.id.as_str()).collect::<Vec<_>>(), ["default", "corporate"]);
    assert_eq!(x.default_provider, "default");
    assert_eq!(x.provider("corporate").map(|p| p.oidc.issuer.as_str()), Some("https://corp.example/"));
    let config = load(&tenant("default = true")).expect("valid");
    assert_eq!(config.tenants["x"].default_provider, "corporate");
    let err = load(&tenant(
        "[[tenants.x.providers]]\nid = \"corporate\"\nissuer = \"http://corp.example\"\nclient_id = \"\"",
    ))
    .expect_err("duplicate id, http issuer, empty client id");
    let all = err.0.join("\n");
    for needle in
        ["providers[1].id: provider `corporate` is defined twice", "providers[1].issuer", "providers[1].client_id"]
    {
        assert!(all.contains(needle), "{needle} not in:\n{all}");
    }
}

#[test]
fn event_and_telemetry_limits_are_checked() {
    let demo = include_str!("../../../config/demo.toml");
    let config = load(demo).expect("demo config");
    assert_eq!(config.events.max_body_bytes, 65536);
    assert!(config.telemetry.otlp_endpoint.is_none(), "no export unless configured");
    let bad = format!(
        "{demo}\n[events]\nqueue_capacity = 0\nmax_body_bytes = 0\n\
         [telemetry]\nsampling_ratio = 1.5\notlp_endpoint = \"ftp://127.0.0.1/v1/traces\"\nmax_queued_spans = 0\n"
    );
    let err = load(&bad).expect_err("bad limits").to_string();
    for key in [
        "events.queue_capacity",
        "events.max_body_bytes",
        "telemetry.sampling_ratio",
        "telemetry.otlp_endpoint",
        "telemetry.max_queued_spans",
    ] {
        assert!(err.contains(key), "{key} named in: {err}");
    }
}

#[test]
fn unknown_keys_are_refused() {
    let err = load("colour = \"blue\"").expect_err("unknown key");
    assert!(err.0.join(" ").contains("colour"), "{:?}", err.0);
}

#[test]
fn a_host_serves_one_tenant_only() {
    let tenant = |id: &str| {
        format!(
            "[tenants.{id}]\nhosts=[\"same.example\"]\napi_url=\"https://lms.example/\"\n[tenants.{id}.oidc]\nissuer=\"https://idp.example\"\nclient_id=\"c\"\n"
        )
    };
    let err = load(&format!("{}{}", tenant("a"), tenant("b"))).expect_err("duplicate host");
    assert!(err.0.join(" ").contains("already used by tenant `a`"), "{:?}", err.0);
}

#[test]
#[expect(clippy::result_large_err, reason = "figment's Jail closure returns figment::Error")]
fn environment_variables_override_the_files_and_are_checked_too() {
    figment::Jail::expect_with(|jail| {
        jail.create_file("default.toml", include_str!("../../../config/default.toml"))?;
        jail.create_file("demo.toml", include_str!("../../../config/demo.toml"))?;
        jail.set_env("LP_LISTEN", "127.0.0.1:9090");
        jail.set_env("LP_SESSION__IDLE_TIMEOUT_SECS", "3600");
        jail.set_env("LP_TENANTS__ACME__UI__COURSES_NAME", "Learning plan");
        let files = [PathBuf::from("default.toml"), PathBuf::from("demo.toml")];
        let config = Config::load(&files, Config::env()).map_err(|e| e.to_string())?;
        assert_eq!(config.listen.port(), 9090);
        assert_eq!(config.session.idle_timeout_secs, 3600);
        assert_eq!(config.tenants["acme"].ui.courses_name, "Learning plan");
        jail.set_env("LP_SESSION__STORE", "redis");
        jail.set_env("LP_SESSION__ENCRYPTION_KEYS", format!("new:{KEY},old:{KEY}"));
        let config = Config::load(&files, Config::env()).map_err(|e| e.to_string())?;
        assert_eq!(config.session.store, SessionStoreKind::Redis);
        assert_eq!(config.session_keys.as_ref().map(|k| k.current_kid()), Some("new"));
        jail.set_env("LP_SESSION__REFRESH_LOCK_TTL_MS", "15000");
        let err = Config::load(&files, Config::env()).expect_err("lock shorter than an issuer call");
        assert!(err.to_string().contains("session.refresh_lock_ttl_ms"), "{err}");
        jail.set_env("LP_SESSION__REFRESH_LOCK_TTL_MS", "20000");
        jail.set_env("LP_SESSION__IDLE_TIMEOUT_SECS", "0");
        let err = Config::load(&files, Config::env()).expect_err("zero idle timeout");
        assert!(err.to_string().contains("session.idle_timeout_secs"), "{err}");
        Ok(())
    });
}

const KEY: &str = "AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8=";

#[test]
fn the_redis_store_needs_a_key_and_a_redis_section() {
    let err = load("[session]\nstore = \"redis\"").expect_err("no key");
    let all = err.0.join("\n");
    assert!(all.contains("session.encryption_keys: required when session.store is redis"), "{all}");
    let config = load(&format!(
        "{}\n[session]\nstore = \"redis\"\nencryption_keys = \"k2:{KEY},k1:{KEY}\"\n",
        include_str!("../../../config/demo.toml")
    ))
    .expect("valid redis config");
    assert_eq!(config.session.store, SessionStoreKind::Redis);
    assert_eq!(config.session_keys.as_ref().map(|k| k.current_kid()), Some("k2"));
    assert_eq!(config.session.touch_write_interval_secs, 60);
    assert_eq!(config.session.decoded_sessions, 256);
    assert!(!format!("{config:?}").contains(KEY), "keys never print");
}

#[test]
fn bad_session_keys_and_redis_settings_are_named() {
    let err = load(
        "[session]\nencryption_keys = \"good:AAAA,bad\"\n[redis]\nurl = \"rediss://x\"\nconnect_timeout_ms = 0\ncommand_timeout_ms = 1\npool_size = 0",
    )
    .expect_err("bad keys");
    let all = err.0.join("\n");
    for expected in [
        "session.encryption_keys: key `good` is not 32 bytes",
        "session.encryption_keys: entry 2",
        "redis.url: scheme `rediss`",
        "redis.connect_timeout_ms",
        "redis.pool_size",
    ] {
        assert!(all.contains(expected), "{expected} not in:\n{all}");
    }
    assert!(!all.contains("AAAA"), "no key material in errors: {all}");
}

#[test]
fn loopback_hosts() {
    for (host, expected) in [
        ("localhost", true),
        ("acme.localhost", true),
        ("127.0.0.1", true),
        ("[::1]", true),
        ("localhost.example.com", false),
        ("10.0.0.1", false),
    ] {
        assert_eq!(is_loopback_host(host), expected, "{host}");
    }
}

#[test]
fn command_waits_default_to_the_spec_and_end_before_the_request_timeout() {
    let tenant = "[tenants.x]\nhosts=[\"x.example\"]\napi_url=\"https://lms.example/\"\n\
        [tenants.x.oidc]\nissuer=\"https://idp.example\"\nclient_id=\"c\"\n";
    let c = load(tenant).expect("defaults").commands;
    assert_eq!(
        (c.poll_interval_ms, c.poll_timeout_ms, c.enroll_poll_attempts, c.enroll_poll_interval_ms),
        (1000, 60000, 15, 1500),
        "spec section 9"
    );
    let err = load(&format!("[limits]\nrequest_timeout_secs = 60\n[commands]\npoll_interval_ms = 0\n{tenant}"))
        .expect_err("waits longer than a request");
    let all = err.0.join("\n");
    assert!(all.contains("commands.poll_interval_ms: must be greater than 0"), "{all}");
    assert!(all.contains("commands.poll_timeout_ms: with the enrolment wait"), "{all}");
}
