"""Scenarios 1 to 5 of the load harness (scenario 6 is `instructions.py`); each answers the figures `report.py` renders."""

from __future__ import annotations

import base64
import gzip
import json
import os
import shutil
import statistics
import threading
from pathlib import Path

from .common import FIXED_JSON, HERE, PASS_PATH, ROOT, Processes, free_port, proc_tree, run, thread_cpu_seconds, wait_port
from .servers import Stack, median_of, profile_finish, profile_start, wrk
from .web import Browser, sign_in, sign_in_many, timed_get, timed_get_json, upstream_totals


# Learners signed in for the pass-through runs: wrk's requests take their cookies in turn, so
# each of 64 connections is a browser of its own, as when many learners use the portal. (One
# session's requests are served at most `limits.max_in_flight_per_session`, 8, at once: one
# session over 16 or 64 connections measures its own queue, reported apart as `one_session`.)
SESSIONS = 64


def scenario_passthrough(stack: Stack, args, conns_list: list[int]) -> dict:
    """1. The fixed answer direct, through nginx proxy_pass, the hyper floor and the gateway."""
    cookies = sign_in_many(stack.origin("localhost"), "ada", 1 if args.smoke else SESSIONS)
    floor = stack.start_floor()
    browser = ["X-Requested-With: XMLHttpRequest"]
    targets = {
        "direct": (f"http://127.0.0.1:{stack.up_port}/t/acme/api/{PASS_PATH}", [], proc_tree(stack.nginx_up.pid)),
        "nginx": (f"http://127.0.0.1:{stack.proxy_port}/api/lms/{PASS_PATH}", browser, proc_tree(stack.nginx_proxy.pid)),
        "floor": (f"http://127.0.0.1:{floor['port']}/api/lms/{PASS_PATH}", browser, [floor["proc"].pid]),
        "gateway": stack.passthrough(),
    }
    with_cookies = {"nginx", "floor", "gateway"}
    # One short warm-up each (not in the smoke run), then the repeats interleaved so drifts in
    # machine load hit all alike.
    for name, (url, headers, pids) in ([] if args.smoke else targets.items()):
        warm = wrk(url, 16, 1, headers, pids, stack.scratch, cookies if name in with_cookies else None)
        if warm["non_2xx"] or warm["socket_errors"] or warm["requests"] == 0:
            raise RuntimeError(f"{name} warm-up failed: {warm}")
    runs: dict[str, dict[int, list[dict]]] = {t: {c: [] for c in conns_list} for t in targets}
    for repeat in range(args.repeat):
        for conns in conns_list:
            for name, (url, headers, pids) in targets.items():
                perf = None
                if args.perf and repeat == 0 and conns == 16 and name == "gateway":
                    perf = profile_start(pids[0], args.duration, stack.scratch)
                sent = cookies if name in with_cookies else None
                runs[name][conns].append(wrk(url, conns, args.duration, headers, pids, stack.scratch, sent))
                if perf:
                    profile_finish(perf, stack.scratch, Path(args.perf))
    rows = []
    for conns in conns_list:
        row = {"connections": conns}
        for name in targets:
            rs = runs[name][conns]
            row[name] = {
                "rps": median_of(rs, "rps"),
                "p50_ms": median_of(rs, "p50_us") / 1000,
                "p99_ms": median_of(rs, "p99_us") / 1000,
                "cpu_us_per_request": median_of(rs, "cpu_us_per_request"),
                "cpu_user_us_per_request": median_of(rs, "cpu_user_us_per_request"),
                "cpu_system_us_per_request": median_of(rs, "cpu_system_us_per_request"),
                "errors": sum(r["socket_errors"] + r["non_2xx"] for r in rs),
                "runs": rs,
            }
        g, n = row["gateway"], row["nginx"]
        row["ratios"] = {
            "rps_gateway_over_nginx": g["rps"] / n["rps"] if n["rps"] else None,
            "cpu_gateway_over_nginx": g["cpu_us_per_request"] / n["cpu_us_per_request"] if n["cpu_us_per_request"] else None,
            "p50_added_over_nginx_ms": g["p50_ms"] - n["p50_ms"],
            "cpu_floor_over_nginx": row["floor"]["cpu_us_per_request"] / n["cpu_us_per_request"] if n["cpu_us_per_request"] else None,
        }
        rows.append(row)
    stack.procs.stop(floor["proc"])
    url, headers, pids = targets["gateway"]
    alone = [wrk(url, 16, args.duration, headers, pids, stack.scratch, cookies[:1]) for _ in range(max(1, args.repeat - 1))]
    one_session = {
        "connections": 16,
        "rps": median_of(alone, "rps"),
        "p50_ms": median_of(alone, "p50_us") / 1000,
        "cpu_us_per_request": median_of(alone, "cpu_us_per_request"),
        "errors": sum(r["socket_errors"] + r["non_2xx"] for r in alone),
    }
    layers = gateway_layers(stack, args, headers, cookies)
    return {
        "path": f"/api/lms/{PASS_PATH}",
        "answer_bytes": len(FIXED_JSON),
        "sessions": len(cookies),
        "rows": rows,
        "one_session": one_session,
        "layers": layers,
    }


def compare_builds(stack: Stack, args, other: Path) -> dict:
    """Two builds of the gateway serving the pass-through at once, each under its own wrk (8
    connections, 8 sessions of its own) at the same time, so the machine's load hits both alike:
    CPU per request of each, and of the other less this one's, per round (`--repeat` rounds after
    one to warm up)."""
    conns = 8
    this = stack.gateway
    stack.bin_dir, own = other, stack.bin_dir
    try:
        that = stack.start_gateway("gateway-other")
    finally:
        stack.bin_dir = own
    builds = {"this": this, "other": that}
    setup = {}
    for name, gw in builds.items():
        url, headers, pids = stack.passthrough(gw)
        (stack.scratch / name).mkdir(exist_ok=True)
        setup[name] = (url, headers, pids, stack.scratch / name, sign_in_many(stack.origin("localhost", gw), "ada", conns))
    rounds: list[dict] = []
    for n in range(args.repeat + 1):
        answers: dict[str, dict] = {}

        def load(name: str) -> None:
            url, headers, pids, scratch, cookies = setup[name]
            answers[name] = wrk(url, conns, args.duration, headers, pids, scratch, cookies)

        threads = [threading.Thread(target=load, args=(name,)) for name in builds]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        for name, r in answers.items():
            if r["non_2xx"] or r["socket_errors"] or r["requests"] == 0:
                raise RuntimeError(f"the {name} build failed requests: {r}")
        if n > 0:
            rounds.append({name: {k: answers[name][k] for k in ("cpu_us_per_request", "rps", "p50_us")} for name in builds})
    stack.procs.stop(that["proc"])
    diffs = [r["other"]["cpu_us_per_request"] - r["this"]["cpu_us_per_request"] for r in rounds]
    return {
        "other_bin_dir": str(other).replace(f"{ROOT}/", ""),
        "connections_each": conns,
        "rounds": rounds,
        "cpu_us_per_request": {name: statistics.median(r[name]["cpu_us_per_request"] for r in rounds) for name in builds},
        "rps": {name: statistics.median(r[name]["rps"] for r in rounds) for name in builds},
        "other_less_this_us": diffs,
        "median_other_less_this_us": statistics.median(diffs),
    }


def gateway_layers(stack: Stack, args, headers: list[str], cookies: list[str]) -> list[dict]:
    """Where the gateway's CPU per request goes, at 16 connections: `/healthz` (the server and the
    outer layers), `/api/bff/session` (plus tenant, anti-forgery and session lookup, an answer
    without upstream call) and the pass-through (plus the upstream round trip)."""
    gw = stack.gateway
    paths = {
        "healthz": ("/healthz", [], None),
        "session": ("/api/bff/session", headers, cookies),
        "passthrough": (f"/api/lms/{PASS_PATH}", headers, cookies),
    }
    layers = []
    for name, (path, hdrs, sent) in paths.items():
        url = f"http://127.0.0.1:{gw['port']}{path}"
        rs = [wrk(url, 16, args.duration, hdrs, [gw["proc"].pid], stack.scratch, sent) for _ in range(max(1, args.repeat - 1))]
        layers.append({"name": name, "path": path, "rps": median_of(rs, "rps"), "cpu_us_per_request": median_of(rs, "cpu_us_per_request"), "errors": sum(r["socket_errors"] + r["non_2xx"] for r in rs)})
    return layers


def scenario_views(stack: Stack, args) -> dict:
    """2. My courses and the dashboard for ada and bulk: warm and cold caches."""
    views = {"my-courses": "/api/bff/my-courses", "dashboard": "/api/bff/dashboard"}
    users = ["ada", "bulk"]
    cold: dict[str, list] = {f"{u} {v}": [] for u in users for v in views}
    for i in range(args.cold_samples):
        if i:
            stack.restart_gateway()  # empty caches
        origin = stack.origin("acme.localhost")
        for user in users:
            cookie = sign_in(origin, user)
            for view, path in views.items():
                c0, s0 = upstream_totals(origin)
                status, ms, size = timed_get(origin, path, cookie)
                c1, s1 = upstream_totals(origin)
                assert status == 200, f"{user} {view}: {status}"
                cold[f"{user} {view}"].append({"ms": ms, "upstream_calls": c1 - c0, "upstream_ms": (s1 - s0) * 1000, "bytes": size})
    origin = stack.origin("acme.localhost")
    rows = []
    for user in users:
        cookie = sign_in(origin, user)
        for view, path in views.items():
            timed_get(origin, path, cookie)  # warm
            c0, s0 = upstream_totals(origin)
            gateway_pid, sandbox_pid = stack.gateway["proc"].pid, stack.sandbox_proc.pid
            g0, u0 = thread_cpu_seconds(gateway_pid), thread_cpu_seconds(sandbox_pid)
            samples = []
            for _ in range(args.view_samples):
                status, ms, size = timed_get(origin, path, cookie)
                assert status == 200, f"{user} {view}: {status}"
                samples.append(ms)
            g1, u1 = thread_cpu_seconds(gateway_pid), thread_cpu_seconds(sandbox_pid)
            c1, s1 = upstream_totals(origin)
            n = len(samples)
            upstream_ms = (s1 - s0) * 1000 / n
            cs = cold[f"{user} {view}"]
            cold_ms = statistics.median(s["ms"] for s in cs)
            cold_up = statistics.median(s["upstream_ms"] for s in cs)
            rows.append(
                {
                    "user": user,
                    "view": view,
                    "bytes": size,
                    "warm": {
                        "median_ms": statistics.median(samples),
                        "mean_ms": statistics.fmean(samples),
                        "upstream_calls_per_request": (c1 - c0) / n,
                        "upstream_ms_per_request": upstream_ms,
                        "gateway_ms": max(0.0, statistics.fmean(samples) - upstream_ms),
                        # What the gateway and the sandbox each spent working per request (the
                        # gateway's includes answering /metrics twice per `n` requests).
                        "gateway_cpu_ms": (g1 - g0) * 1000 / n,
                        "sandbox_cpu_ms": (u1 - u0) * 1000 / n,
                        "samples_ms": samples,
                    },
                    "cold": {
                        "median_ms": cold_ms,
                        "upstream_calls_per_request": statistics.median(s["upstream_calls"] for s in cs),
                        "upstream_ms_per_request": cold_up,
                        "gateway_ms": max(0.0, cold_ms - cold_up),
                        "samples": cs,
                    },
                }
            )
    return {"rows": rows}


def scenario_details(stack: Stack, args) -> dict:
    """3. Course details with 50 ms on every upstream call."""
    origin = stack.origin("acme.localhost")
    cookie = sign_in(origin, "ada")
    status, _, courses = timed_get_json(origin, "/api/bff/my-courses", cookie)
    item = next(i for i in courses["items"] if i.get("objectiveId"))
    path = f"/api/bff/courses/{item['objectiveId']}"
    set_faults(stack, [{"tenant": "acme", "path": "**", "fault": {"kind": "latency", "ms": 50}}])
    try:
        # The learner's first visit of the course, after My courses (as a learner gets there).
        _, first_ms, _ = timed_get(origin, path, cookie)
        c0, s0 = upstream_totals(origin)
        samples = []
        for _ in range(args.detail_samples):
            status, ms, _ = timed_get(origin, path, cookie)
            assert status == 200, f"course details: {status}"
            samples.append(ms)
        c1, s1 = upstream_totals(origin)
    finally:
        set_faults(stack, [])
    n = len(samples)
    calls = (c1 - c0) / n
    return {
        "course": item.get("name"),
        "injected_ms": 50,
        "first_ms": first_ms,
        "median_ms": statistics.median(samples),
        "samples_ms": samples,
        "upstream_calls_per_request": calls,
        "mean_upstream_call_ms": (s1 - s0) * 1000 / (c1 - c0) if c1 > c0 else 0.0,
        "upstream_ms_per_request": (s1 - s0) * 1000 / n,
        "if_sequential_ms": calls * 50,
    }


def set_faults(stack: Stack, rules: list) -> None:
    status, _, body = Browser().request(
        "PUT", f"{stack.sandbox}/admin/faults", json.dumps(rules).encode(), {"Content-Type": "application/json"}
    )
    assert status == 200, f"setting faults: {status} {body[:200]!r}"


def scenario_sessions(stack: Stack, args, procs: Processes) -> dict:
    """4. Memory per in-process session, and the Redis store against the in-process one."""
    example = stack.bin_dir / "examples" / "session_memory"
    if not example.exists():
        # Built with the dev-dependencies' features; the store's memory does not depend on the
        # optimisation level, so a debug build of the example stands in when no release one exists.
        example = ROOT / "target" / "debug" / "examples" / "session_memory"
    counts = [1000, 10000] if args.smoke else [10_000, 100_000]
    out = run([str(example), *map(str, counts)], capture_output=True, text=True, timeout=300)
    memory = [json.loads(l) for l in out.stdout.splitlines() if l.startswith("{")]
    if not memory:
        raise RuntimeError(f"session_memory gave nothing: {out.stderr}")
    result: dict = {"memory": memory, "example": str(example.resolve()).replace(f"{ROOT}/", "")}
    if not shutil.which("redis-server"):
        result["redis"] = {"skipped": "redis-server is not installed"}
        return result
    redis_port = free_port()
    redis, _ = procs.start(
        "redis",
        ["redis-server", "--port", str(redis_port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
    )
    wait_port(redis_port)
    key = base64.b64encode(os.urandom(32)).decode()
    gw_redis = stack.start_gateway(
        "gateway-redis",
        {
            "LP_SESSION__STORE": "redis",
            "LP_REDIS__URL": f"redis://127.0.0.1:{redis_port}",
            "LP_SESSION__ENCRYPTION_KEYS": f"bench:{key}",
        },
    )
    try:
        runs: dict[str, list] = {"memory": [], "redis": []}
        gws = {"memory": stack.gateway, "redis": gw_redis}
        # Sessions of their own for the connections, as in scenario 1.
        count = 1 if args.smoke else 16
        cookies = {name: sign_in_many(stack.origin("localhost", gw), "ada", count) for name, gw in gws.items()}
        for _ in range(args.repeat):
            for name, gw in gws.items():
                url, headers, pids = stack.passthrough(gw)
                runs[name].append(wrk(url, 16, args.duration, headers, pids, stack.scratch, cookies[name]))
        result["store_rps_16"] = {
            name: {
                "rps": median_of(rs, "rps"),
                "p50_ms": median_of(rs, "p50_us") / 1000,
                "cpu_us_per_request": median_of(rs, "cpu_us_per_request"),
                "errors": sum(r["socket_errors"] + r["non_2xx"] for r in rs),
            }
            for name, rs in runs.items()
        }
    finally:
        procs.stop(gw_redis["proc"])
        procs.stop(redis)
    return result


def scenario_client(stack: Stack, args) -> dict:
    """5. Client bytes and time to the first course card (Chromium, 4x CPU throttling)."""
    assets = stack.client_dir / "assets"
    locales = {}
    for f in sorted(assets.glob("*.js")):
        if f.name.startswith("locale-"):
            locales[f.name] = {"bytes": f.stat().st_size, "gzip_bytes": len(gzip.compress(f.read_bytes(), 6))}
    argv = [
        "node",
        str(HERE / "client.mjs"),
        f"http://localhost:{stack.gateway['port']}/learn/courses",
        str(args.client_runs),
    ]
    out = run(argv, capture_output=True, text=True, timeout=300, env={**os.environ, "NODE_PATH": str(ROOT / "tests/e2e/node_modules")})
    line = next((l for l in out.stdout.splitlines() if l.startswith("{")), None)
    if line is None:
        raise RuntimeError(f"client.mjs failed: {out.stdout[-2000:]}\n{out.stderr[-3000:]}")
    result = json.loads(line)
    result["locale_chunks"] = locales
    return result
