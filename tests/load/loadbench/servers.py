"""The tools and servers the harness drives: wrk, perf, nginx configurations and the Stack
(sandbox, upstream nginx, reference nginx proxy, gateway)."""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import urllib.parse
from pathlib import Path

from .common import FIXED_JSON, NGINX, PASS_PATH, ROOT, Processes, cpu_seconds_split, free_port, log, note_command, run, wait_port

WRK_LUA = """
done = function(summary, latency, requests)
  local e = summary.errors
  io.write(string.format('BENCHJSON {"requests":%d,"duration_us":%d,"socket_errors":%d,"non_2xx":%d,"p50_us":%d,"p90_us":%d,"p99_us":%d,"mean_us":%.1f}\\n',
    summary.requests, summary.duration, e.connect + e.read + e.write + e.timeout, e.status,
    latency:percentile(50), latency:percentile(90), latency:percentile(99), latency.mean))
end
"""


# Requests in turn over the `Cookie` headers given as the script's arguments: each of wrk's
# threads builds one request per cookie once, then sends them in rotation.
WRK_ROTATE_LUA = """
local requests, count, last = {}, 0, 0
init = function(args)
  for _, cookie in ipairs(args) do
    local headers = {}
    for name, value in pairs(wrk.headers) do headers[name] = value end
    headers["Cookie"] = cookie
    count = count + 1
    requests[count] = wrk.format(nil, nil, headers)
  end
end
request = function()
  last = last % count + 1
  return requests[last]
end
"""


def wrk(
    url: str, conns: int, duration: float, headers: list[str], pids: list[int], scratch: Path, cookies: list[str] | None = None
) -> dict:
    """wrk against `url`; with `cookies`, its requests take them in turn (each a `name=value`)."""
    script = scratch / ("rotate.lua" if cookies else "report.lua")
    script.write_text((WRK_ROTATE_LUA if cookies else "") + WRK_LUA)
    argv = ["wrk", f"-t{min(2, conns)}", f"-c{conns}", f"-d{duration:g}s", "--timeout", "5s", "-s", str(script)]
    for h in headers:
        argv += ["-H", h]
    argv.append(url)
    if cookies:
        argv += ["--", *cookies]
    before = cpu_seconds_split(pids)
    out = run(argv, capture_output=True, text=True, timeout=duration + 60)
    after = cpu_seconds_split(pids)
    line = next((l for l in out.stdout.splitlines() if l.startswith("BENCHJSON ")), None)
    if line is None:
        raise RuntimeError(f"wrk gave no summary: {out.stdout}\n{out.stderr}")
    r = json.loads(line.split(" ", 1)[1])
    secs = r["duration_us"] / 1e6
    r["rps"] = r["requests"] / secs if secs else 0
    user, system = after[0] - before[0], after[1] - before[1]
    r["cpu_s"] = user + system
    r["cpu_us_per_request"] = (user + system) * 1e6 / r["requests"] if r["requests"] else None
    r["cpu_user_us_per_request"] = user * 1e6 / r["requests"] if r["requests"] else None
    r["cpu_system_us_per_request"] = system * 1e6 / r["requests"] if r["requests"] else None
    return r


def median_of(runs: list[dict], key: str):
    values = [r[key] for r in runs if r.get(key) is not None]
    return statistics.median(values) if values else None


def profile_start(pid: int, duration: float, scratch: Path) -> subprocess.Popen:
    """perf samples of the gateway while one wrk run loads it (call graphs, 999 Hz)."""
    argv = ["perf", "record", "-F", "999", "-g", "-p", str(pid), "-o", str(scratch / "perf.data"), "--", "sleep", str(max(1, duration - 1))]
    note_command(argv)
    return subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def profile_finish(perf: subprocess.Popen, scratch: Path, out: Path) -> None:
    perf.wait(120)
    argv = ["perf", "report", "-i", str(scratch / "perf.data"), "--stdio", "--no-children", "--sort", "dso,symbol", "--percent-limit", "0.7", "-g", "none"]
    note_command(argv)
    report = subprocess.run(argv, capture_output=True, text=True, timeout=300).stdout
    out.write_text("\n".join(line.rstrip() for line in report.splitlines() if line.strip()) + "\n")
    log(f"profile written to {out}")


def nginx_conf(scratch: Path, name: str, workers: int, body: str) -> Path:
    d = scratch / f"nginx-{name}"
    for sub in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi"):
        (d / sub).mkdir(parents=True, exist_ok=True)
    conf = d / "nginx.conf"
    conf.write_text(
        f"""worker_processes {workers};
pid {d}/nginx.pid;
error_log {d}/error.log warn;
events {{ worker_connections 4096; }}
http {{
  access_log off;
  client_body_temp_path {d}/client_body;
  proxy_temp_path {d}/proxy;
  fastcgi_temp_path {d}/fastcgi;
  uwsgi_temp_path {d}/uwsgi;
  scgi_temp_path {d}/scgi;
  keepalive_requests 1000000;
{body}
}}
"""
    )
    return conf


def proxy_body(listen_port: int, up_port: int) -> str:
    """The reference proxy: the pass-through's prefix to the upstream nginx over keep-alive
    connections, with a bearer token and without the browser's cookie."""
    return f"""  upstream lms {{ server 127.0.0.1:{up_port}; keepalive 64; }}
  server {{
    listen 127.0.0.1:{listen_port};
    location /api/lms/ {{
      proxy_pass http://lms/t/acme/api/;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Cookie "";
      proxy_set_header Authorization "Bearer reference-token";
      add_header Cache-Control no-store;
    }}
  }}"""


class Stack:
    """The sandbox, the upstream nginx, the reference nginx proxy and the gateway."""

    def __init__(self, procs: Processes, scratch: Path, bin_dir: Path, client_dir: Path):
        self.procs, self.scratch, self.bin_dir, self.client_dir = procs, scratch, bin_dir, client_dir

    def start(self) -> None:
        self.start_sandbox()
        self.start_nginx()
        self.write_gateway_config()
        self.gateway = self.start_gateway("gateway")

    def start_sandbox(self) -> None:
        self.sandbox_proc, url = self.procs.start(
            "lms-sandbox",
            # Its own data folder, so a running `make demo` (which holds the default one) is
            # neither in the way nor touched.
            [str(self.bin_dir / "lms-sandbox"), "--listen", "127.0.0.1:0", "--data-dir", str(self.scratch / "sandbox")],
            env={"RUST_LOG": "warn"},
            ready=r"lms-sandbox listening on (http://\S+)",
        )
        self.sandbox = url.rstrip("/")

    def start_nginx(self) -> None:
        """The upstream nginx (the fixed answer, the sandbox behind it) and the reference proxy."""
        sandbox_port = urllib.parse.urlsplit(self.sandbox).port
        self.up_port, self.proxy_port = free_port(), free_port()
        up = nginx_conf(
            self.scratch,
            "upstream",
            1,
            f"""  upstream sandbox {{ server 127.0.0.1:{sandbox_port}; keepalive 16; }}
  server {{
    listen 127.0.0.1:{self.up_port};
    location ~ ^/t/acme/api/users/me/objective-workflow-aggregates/[^/]+/knowledge-model$ {{
      default_type application/json;
      return 200 '{FIXED_JSON}';
    }}
    location / {{
      proxy_pass http://sandbox;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
      proxy_buffering off;
    }}
  }}""",
        )
        proxy = nginx_conf(self.scratch, "proxy", os.cpu_count() or 1, proxy_body(self.proxy_port, self.up_port))
        self.nginx_up, _ = self.procs.start(
            "nginx-upstream", [NGINX, "-p", str(up.parent), "-e", str(up.parent / "error.log"), "-c", str(up), "-g", "daemon off;"]
        )
        self.nginx_proxy, _ = self.procs.start(
            "nginx-proxy", [NGINX, "-p", str(proxy.parent), "-e", str(proxy.parent / "error.log"), "-c", str(proxy), "-g", "daemon off;"]
        )
        wait_port(self.up_port)
        wait_port(self.proxy_port)

    def write_gateway_config(self) -> None:
        self.gateway_config = self.scratch / "gateway.toml"
        q = json.dumps
        self.gateway_config.write_text(
            f"""client_dir = {q(str(self.client_dir))}
environment = "prod"

# Every learner of the bench signs in from one address (64 sessions for scenario 1 at once).
[login_rate_limit]
burst = 200

# The pass-through tenant: its upstream is the nginx with the fixed answer.
[tenants.bench]
name = "Bench"
hosts = ["localhost"]
allow_http_loopback = true
api_url = {q(f"http://127.0.0.1:{self.up_port}/t/acme/api/")}
[tenants.bench.oidc]
issuer = {q(f"{self.sandbox}/t/acme/idp")}
client_id = "learner-portal"
client_secret = "demo-secret"

# The views tenant: the sandbox itself.
[tenants.acme]
name = "Acme"
hosts = ["acme.localhost"]
allow_http_loopback = true
api_url = {q(f"{self.sandbox}/t/acme/api/")}
[tenants.acme.oidc]
issuer = {q(f"{self.sandbox}/t/acme/idp")}
client_id = "learner-portal"
client_secret = "demo-secret"
[tenants.acme.ui]
dashboard_enabled = true
default_locale = "en-US"
locales = ["en-US", "ar-AR"]
"""
        )

    def start_gateway(self, name: str, env: dict | None = None, wrapper: list[str] | None = None):
        """The gateway (under `wrapper`, a command that runs it, when given)."""
        argv = [
            *(wrapper or []),
            str(self.bin_dir / "gateway"),
            "--config",
            str(ROOT / "config" / "default.toml"),
            "--config",
            str(self.gateway_config),
        ]
        proc, url = self.procs.start(
            name,
            argv,
            env={"LP_LISTEN": "127.0.0.1:0", "RUST_LOG": "warn", **(env or {})},
            ready=r"gateway listening on (http://\S+)",
            wait=300 if wrapper else 60,
        )
        port = urllib.parse.urlsplit(url).port
        return {"proc": proc, "port": port}

    def passthrough(self, gw=None) -> tuple[str, list[str], list[int]]:
        """The pass-through's URL on `gw` (the gateway by default), the headers a browser's call
        sends but its cookie, and the process to measure."""
        gw = gw or self.gateway
        url = f"http://127.0.0.1:{gw['port']}/api/lms/{PASS_PATH}"
        return url, [f"Host: localhost:{gw['port']}", "X-Requested-With: XMLHttpRequest"], [gw["proc"].pid]

    def start_floor(self) -> dict:
        """`gateway/examples/hyper_floor.rs` in front of the upstream nginx, as the gateway is."""
        port = free_port()
        argv = [str(self.bin_dir / "examples" / "hyper_floor"), f"127.0.0.1:{port}", f"http://127.0.0.1:{self.up_port}/t/acme/api/"]
        proc, _ = self.procs.start("hyper-floor", argv, ready=r"hyper-floor listening on (http://\S+)")
        return {"proc": proc, "port": port}

    def restart_gateway(self) -> None:
        self.procs.stop(self.gateway["proc"])
        self.gateway = self.start_gateway("gateway")

    def origin(self, host: str, gw=None) -> str:
        return f"http://{host}:{(gw or self.gateway)['port']}"
