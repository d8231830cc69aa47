"""`report.md` and `report.json` from the figures of a run, the machine's description, and the
table of the saved hot-path steps."""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path

from .common import HERE, NGINX


def fmt(v, digits=1, unit=""):
    if v is None:
        return "–"
    if isinstance(v, float):
        return f"{v:,.{digits}f}{unit}"
    return f"{v:,}{unit}"


def hotpath_table() -> list[str]:
    lines = []
    files = sorted((HERE / "hotpath").glob("*.json"))
    if not files:
        return lines
    lines += [
        "| step | commit | conns | nginx rps | gateway rps | gateway/nginx rps | CPU µs/req nginx / gateway | CPU ratio | p50 ms nginx / gateway |",
        "| --- | --- | --- | --- | --- | --- | --- | --- | --- |",
    ]
    for f in files:
        step = json.loads(f.read_text())
        for row in step["passthrough"]["rows"]:
            n, g, r = row["nginx"], row["gateway"], row["ratios"]
            lines.append(
                f"| {step['label']} | {step['commit'][:7]} | {row['connections']} | {fmt(n['rps'], 0)} | {fmt(g['rps'], 0)} | "
                f"{fmt(r['rps_gateway_over_nginx'], 2)} | {fmt(n['cpu_us_per_request'], 0)} / {fmt(g['cpu_us_per_request'], 0)} | "
                f"{fmt(r['cpu_gateway_over_nginx'], 2)} | {fmt(n['p50_ms'], 2)} / {fmt(g['p50_ms'], 2)} |"
            )
    return lines


def write_report(data: dict, out_dir: Path) -> None:
    out_dir.mkdir(parents=True, exist_ok=True)
    (out_dir / "report.json").write_text(json.dumps(data, indent=2) + "\n")
    L = header_lines(data)
    sections = [
        ("passthrough", passthrough_lines),
        ("views", views_lines),
        ("details", details_lines),
        ("sessions", sessions_lines),
        ("client", client_lines),
        ("instructions", instructions_lines),
    ]
    for key, render in sections:
        if data.get(key):
            L += render(data[key])
    L += hotpath_lines()
    L += ["## Commands", "", "```", *dict.fromkeys(data["commands"]), "```", ""]
    (out_dir / "report.md").write_text("\n".join(L))


def header_lines(data: dict) -> list[str]:
    """The title, the run, the machine and how the figures were taken."""
    m = data["machine"]
    return [
        "# Learner portal gateway: `make bench` report",
        "",
        f"Run {data['started']} to {data['finished']} on commit `{data['commit'][:12]}`{' (smoke run: figures meaningless)' if data['smoke'] else ''}.",
        f"{m['cores']} cores ({m['cpu_model']}), Linux {m['kernel']}, {m['nginx']}, {m['wrk']}. Loopback only.",
        f"Load average before: {m['load_before']}; after: {m['load_after']}. The machine was shared with other work "
        "while this ran (see the load): figures are medians of the repeats and vary between runs."
        + steal_sentence(m.get("steal_percent")),
        f"wrk: {data['settings']['duration_s']} s per run, {data['settings']['repeat']} repeats per figure "
        "(interleaved), 2 threads (1 for one connection). CPU per request: user + system time of the proxy's "
        "processes (nginx: master and workers; gateway: the process) from /proc, over the requests served. "
        "The gateway logs at `RUST_LOG=warn` (no line per request), as nginx runs with `access_log off`.",
        "",
    ]


def steal_sentence(steal: float | None) -> str:
    """What the host took of the run's CPU time, when it was read."""
    if steal is None:
        return ""
    return (f" The host took {steal:.1f} % of the machine's CPU time while this ran (steal: its virtual "
            "CPUs waiting for the physical ones), which slows every process measured here and lengthens "
            "each wake-up." if steal >= 1 else f" The host took {steal:.1f} % of the machine's CPU time (steal).")


def passthrough_lines(p: dict) -> list[str]:
    """Scenario 1: the pass-through table against nginx."""
    sessions = p.get("sessions", 1)
    L = [
        "## Summary: pass-through against nginx (scenario 1)",
        "",
        f"`GET {p['path']}`, a fixed {p['answer_bytes']}-byte JSON answer served by nginx as the upstream; "
        "nginx `proxy_pass` with a keep-alive upstream adding a bearer header, against the gateway with "
        "signed-in sessions (session lookup, anti-forgery check, token, metrics, trace context). wrk's requests "
        f"take the cookies of {sessions} sessions of `ada` in turn (signed in through the real code flow), so "
        "each connection is a browser of its own, as when many learners use the portal; nginx gets the same "
        "requests.",
        "",
        "| conns | direct rps | nginx proxy rps | gateway rps | gateway / nginx rps | p50 nginx / gateway | p99 nginx / gateway | CPU per request nginx / gateway | CPU gateway / nginx | p50 added |",
        "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |",
    ]
    for row in p["rows"]:
        d, n, g, r = row["direct"], row["nginx"], row["gateway"], row["ratios"]
        L.append(
            f"| {row['connections']} | {fmt(d['rps'], 0)} | {fmt(n['rps'], 0)} | {fmt(g['rps'], 0)} | {fmt(r['rps_gateway_over_nginx'], 2)} | "
            f"{fmt(n['p50_ms'], 2)} / {fmt(g['p50_ms'], 2)} ms | {fmt(n['p99_ms'], 2)} / {fmt(g['p99_ms'], 2)} ms | "
            f"{fmt(n['cpu_us_per_request'], 0)} / {fmt(g['cpu_us_per_request'], 0)} µs | {fmt(r['cpu_gateway_over_nginx'], 2)} | "
            f"{fmt(r['p50_added_over_nginx_ms'], 2)} ms |"
        )
    targets = [t for t in ("direct", "nginx", "floor", "gateway") if t in p["rows"][0]]
    errors = sum(row[t]["errors"] for row in p["rows"] for t in targets)
    L += ["", f"Errors (socket errors and non-2xx answers) over every run: {errors}.", ""]
    if "floor" in p["rows"][0]:
        def split(t: dict) -> str:
            return f"{fmt(t.get('cpu_user_us_per_request'), 1)} / {fmt(t.get('cpu_system_us_per_request'), 1)} µs"

        floor_rows, split_rows = [], []
        for row in p["rows"]:
            n, f, g = row["nginx"], row["floor"], row["gateway"]
            over = g["cpu_us_per_request"] - f["cpu_us_per_request"] if g["cpu_us_per_request"] and f["cpu_us_per_request"] else None
            floor_rows.append(
                f"| {row['connections']} | {fmt(f['rps'], 0)} | {fmt(n['cpu_us_per_request'], 0)} / {fmt(f['cpu_us_per_request'], 0)} / "
                f"{fmt(g['cpu_us_per_request'], 0)} µs | {fmt(row['ratios'].get('cpu_floor_over_nginx'), 2)} | {fmt(over, 0, ' µs')} |"
            )
            nu, gu = n.get("cpu_user_us_per_request"), g.get("cpu_user_us_per_request")
            ratio = f"{gu / nu:.1f}x" if nu and gu else "–"
            split_rows.append(f"| {row['connections']} | {split(n)} | {split(f)} | {split(g)} | {ratio} |")
        L += [
            "The floor: `gateway/examples/hyper_floor.rs`, the least a proxy on the gateway's HTTP stack (hyper's "
            "server and hyper's client connections, kept in a list per thread, on a current-thread tokio runtime "
            "per thread, jemalloc) does "
            "for the same request, with none of the gateway's own work (no session, anti-forgery check, allowlist, "
            "limits, metrics, trace context or request id). The gateway's CPU less the floor's is what its own "
            "work costs.",
            "",
            "| conns | floor rps | CPU per request nginx / floor / gateway | floor / nginx | gateway over the floor |",
            "| --- | --- | --- | --- | --- |",
            *floor_rows,
            "",
        ]
        # Reports of runs before the split was measured have no user and system times.
        if "cpu_user_us_per_request" in p["rows"][0]["gateway"]:
            L += [
                "The same CPU split into the processes' own code (user) and the kernel's work for their system "
                "calls (system; on loopback that includes delivering each written segment to its reader):",
                "",
                "| conns | nginx user / system | floor user / system | gateway user / system | gateway user over nginx user |",
                "| --- | --- | --- | --- | --- |",
                *split_rows,
                "",
            ]
    one = p.get("one_session")
    if one:
        L += [
            f"One session alone over {one['connections']} connections (the measure of the reports before this "
            f"one): {fmt(one['rps'], 0)} rps, p50 {fmt(one['p50_ms'], 2)} ms, {fmt(one['cpu_us_per_request'], 0)} µs "
            "of CPU per request. One session's requests are served at most `limits.max_in_flight_per_session` (8 by "
            "default) at once, the others wait for a slot: that measures the session's queue (its wake-ups across "
            "threads) more than the pass-through. A browser opens at most 6 connections to one host over HTTP/1.1.",
            "",
        ]
    L += [
        "Targets (issue 15, reported, not asserted): CPU per request at most 1.5x nginx's, throughput at least "
        "0.67x nginx's at 16 and 64 connections, p50 added under 0.5 ms at 16 connections.",
        "",
    ]
    if p.get("layers"):
        L += [
            "Where the gateway's CPU per request goes (16 connections, separate runs): `/healthz` is the HTTP "
            "server and the outer layers (request id, trace, limits, metrics); the session view adds the tenant, "
            "anti-forgery and session layers and a JSON answer without upstream call; the pass-through adds the "
            "upstream round trip.",
            "",
            "| request | rps | CPU per request | added over the row above |",
            "| --- | --- | --- | --- |",
        ]
        previous = None
        for layer in p["layers"]:
            cpu = layer["cpu_us_per_request"]
            added = cpu - previous if previous is not None and cpu is not None else None
            shown = "/api/lms/…/knowledge-model" if layer["name"] == "passthrough" else layer["path"]
            L.append(f"| `{shown}` | {fmt(layer['rps'], 0)} | {fmt(cpu, 0)} µs | {fmt(added, 0, ' µs')} |")
            previous = cpu
        L.append("")
    return L


def views_lines(v: dict) -> list[str]:
    """Scenario 2: warm and cold views."""
    L = [
        "## Views (scenario 2)",
        "",
        "End to end through the gateway to lms-sandbox (release builds), one request at a time. Upstream time is "
        "the gateway's own measure of its upstream calls (`gateway_upstream_call_duration_seconds`), summed over "
        "calls that run concurrently. Gateway time is the CPU time the gateway's threads spent per warm request "
        "(`/proc/<pid>/task/*/schedstat`; it includes the two `/metrics` reads around each series), the "
        "sandbox's beside it: the work each side did, which wall-clock subtraction cannot tell apart when calls "
        "overlap. Cold: the first request after the gateway started (empty caches), median over restarts.",
        "",
        "| user | view | bytes | warm median | upstream calls | upstream time | gateway time (CPU) | sandbox CPU | cold median | cold upstream calls |",
        "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |",
    ]
    for r in v["rows"]:
        w, c = r["warm"], r["cold"]
        L.append(
            f"| {r['user']} | {r['view']} | {fmt(r['bytes'])} | {fmt(w['median_ms'])} ms | {fmt(w['upstream_calls_per_request'], 1)} | "
            f"{fmt(w['upstream_ms_per_request'])} ms | {fmt(w.get('gateway_cpu_ms'), 2)} ms | {fmt(w.get('sandbox_cpu_ms'))} ms | "
            f"{fmt(c['median_ms'])} ms | {fmt(c['upstream_calls_per_request'], 0)} |"
        )
    L += ["", "Targets: bulk My courses under 20 ms of gateway time; the bulk dashboard under 30 ms end to end.", ""]
    return L


def details_lines(dt: dict) -> list[str]:
    """Scenario 3: course details with the latency fault."""
    L = [
        "## Course details with 50 ms on every upstream call (scenario 3)",
        "",
        f"Course '{dt['course']}', sandbox fault rule `latency 50 ms` on every API call of the tenant.",
        "",
        "| first visit (after My courses) | median answer | upstream calls per request | mean upstream call | median over the mean call | upstream time per request (summed) | if the calls ran one after another |",
        "| --- | --- | --- | --- | --- | --- | --- |",
        f"| {fmt(dt.get('first_ms'))} ms | {fmt(dt['median_ms'])} ms | {fmt(dt['upstream_calls_per_request'], 1)} | {fmt(dt.get('mean_upstream_call_ms'))} ms "
        f"| {fmt(dt['median_ms'] - dt.get('mean_upstream_call_ms', 0.0))} ms | {fmt(dt['upstream_ms_per_request'])} ms | {fmt(dt['if_sequential_ms'], 0)} ms |",
        "",
        "Target: within 5 ms of its slowest upstream call (here at least 50 ms; the slowest is at least the mean). "
        "The calls run in one concurrent round when the course's ids are known from an earlier view (My courses here), "
        "else in two (three for a course with proctored activities).",
        "",
    ]
    return L


def sessions_lines(s: dict) -> list[str]:
    """Scenario 4: memory per session and the Redis store."""
    L = [
        "## Sessions (scenario 4)",
        "",
        "| in-process sessions | resident memory | per session | a request's look-up | a back-channel logout's scan |",
        "| --- | --- | --- | --- | --- |",
    ]
    for r in s["memory"]:
        read = f"{r['read_ns'] / 1000:,.2f} µs" if "read_ns" in r else "–"
        scan = f"{r['logout_scan_ms']:,.1f} ms" if "logout_scan_ms" in r else "–"
        L.append(
            f"| {r['sessions']:,} | {r['rss_bytes'] / 2**20:,.1f} MiB (empty store: {r['baseline_rss_bytes'] / 2**20:,.1f} MiB) "
            f"| {fmt(r['bytes_per_session'], 0)} B | {read} | {scan} |"
        )
    first = s["memory"][0]
    tokens = (
        f" (access token {first['access_token_chars']:,} characters, ID token {first['id_token_chars']:,})"
        if "id_token_chars" in first
        else ""
    )
    capacity = max(r["sessions"] for r in s["memory"]) + 1
    L += [
        "",
        f"Measured by `gateway/examples/session_memory.rs` (`{s['example']}`): the in-process store filled with "
        f"sessions shaped like a signed-in `ada` (her profile, tokens with the sandbox's claims{tokens}), one store "
        f"of capacity {capacity:,} (`session.max_sessions`; 100,000 by default) filled to each count in turn, its "
        "resident memory over the empty store's divided by the count; a look-up "
        "reads one session back as a request does (median of 25 rounds of 2,000); the scan is a back-channel logout "
        "matching no session, which reads every one. Target: under 2 KB per session.",
        "",
    ]
    st = s.get("store_rps_16")
    if st:
        L += [
            "The session store under the pass-through at 16 connections, each request's session read from it "
            "(16 sessions taken in turn, as in scenario 1):",
            "",
            "| store | rps (16 conns, pass-through) | p50 | CPU per request |",
            "| --- | --- | --- | --- |",
        ]
        for name, r in st.items():
            L.append(f"| {name} | {fmt(r['rps'], 0)} | {fmt(r['p50_ms'], 2)} ms | {fmt(r['cpu_us_per_request'], 0)} µs |")
        L.append("")
    elif s.get("redis"):
        L += [f"Redis: {s['redis'].get('skipped')}", ""]
    return L


def client_lines(c: dict) -> list[str]:
    """Scenario 5: client bytes and time to the first card."""
    L = [
        "## Client (scenario 5)",
        "",
        f"`/learn/courses` loads {len(c['files'])} JavaScript and CSS files: {fmt(c['total_bytes'])} bytes, "
        f"{fmt(c['total_gzip_bytes'])} gzipped (level 6), {fmt(c['total_transferred_bytes'])} bytes on the wire as "
        "served (Chromium's encoded length: body and response headers).",
        "",
        "| file | bytes | gzip | on the wire (as served) | Content-Encoding |",
        "| --- | --- | --- | --- | --- |",
    ]
    for f in c["files"]:
        L.append(f"| {f['name']} | {fmt(f['bytes'])} | {fmt(f['gzip_bytes'])} | {fmt(f['transferred_bytes'])} | {f['encoding'] or 'none'} |")
    L += ["", "| locale chunk | bytes | gzip |", "| --- | --- | --- |"]
    for name, f in c["locale_chunks"].items():
        L.append(f"| {name} | {fmt(f['bytes'])} | {fmt(f['gzip_bytes'])} |")
    L += [
        "",
        f"Time from navigation to the first course card, headless Chromium, 4x CPU throttling, empty browser cache, "
        f"signed in: median {fmt(c['first_card_median_ms'], 0)} ms of {len(c['first_card_ms'])} "
        f"({', '.join(fmt(x, 0) for x in c['first_card_ms'])} ms).",
        "",
    ]
    return L


def instructions_lines(i: dict) -> list[str]:
    """Scenario 6: instructions per pass-through request, and where the floor's and the
    gateway's go by crate."""
    rows = i["rows"]
    L = [
        "## Instructions per request (scenario 6)",
        "",
        f"The pass-through request of scenario 1 over one keep-alive connection, {fmt(i['requests'])} of them counted "
        f"after {fmt(i['warm_up'])} to warm up, each proxy under valgrind's callgrind (nginx as one process, the floor "
        "with one thread): the instructions of the proxy's own code, its libraries and libc per request. The kernel's "
        "work for their system calls is not counted, so these are the user-space part of the CPU per request, and "
        "they do not move with the machine or its load: runs of the same build counted within 0.1 % of each other.",
        "",
        "| proxy | instructions per request | over nginx |",
        "| --- | --- | --- |",
    ]
    for name in ("nginx", "floor", "gateway"):
        if name in rows:
            L.append(f"| {name} | {fmt(rows[name]['instructions_per_request'], 0)} | {fmt(rows[name]['over_nginx'], 2)} |")
    if "floor" in rows and "gateway" in rows:
        floor, gateway = rows["floor"]["by_crate_per_request"], rows["gateway"]["by_crate_per_request"]
        crates = sorted(set(floor) | set(gateway), key=lambda c: -(gateway.get(c, 0)))
        shown = [c for c in crates if max(gateway.get(c, 0), floor.get(c, 0)) >= 500]
        rest = [c for c in crates if c not in shown]
        L += [
            "",
            "By the crate of the function the instructions ran in (inlined code counts where it was inlined: "
            "`hyper`'s dispatcher holds some of the gateway's services), per request:",
            "",
            "| crate | floor | gateway | gateway less floor |",
            "| --- | --- | --- | --- |",
        ]
        for c in shown:
            f, g = floor.get(c, 0), gateway.get(c, 0)
            L.append(f"| `{c}` | {fmt(f, 0)} | {fmt(g, 0)} | {fmt(g - f, 0)} |")
        if rest:
            f, g = sum(floor.get(c, 0) for c in rest), sum(gateway.get(c, 0) for c in rest)
            L.append(f"| {len(rest)} others | {fmt(f, 0)} | {fmt(g, 0)} | {fmt(g - f, 0)} |")
    L.append("")
    return L


def hotpath_lines() -> list[str]:
    """The saved hot-path steps, when there are any: how they were measured, the table, what each
    step changed and measured, what was tried and not kept, and where the CPU goes."""
    hp = hotpath_table()
    if not hp:
        return []
    return [
        "## Hot path: before and after each change",
        "",
        "Scenario 1 after each change (`bench.py [--only passthrough] --label ...`, 5 s per run, 3 repeats), saved "
        "in `tests/load/hotpath/`; the commit is the one holding the code measured. The steps ran on one shared "
        "machine under different loads, and the machine itself got faster and slower between them (the nginx of "
        "a row is the yardstick of that row): compare the gateway against the nginx of the same row, not rows "
        "against each other. A change of a few µs is below what one run shows here (the same build measured 86 "
        "and 97 µs at 16 connections in two runs the same hour), so from step 11 on each build is also measured "
        "against the one before with `bench.py --against DIR`: both builds serve at once behind the same "
        "upstream, each under its own wrk (8 connections, 8 sessions), so the machine's load hits both alike. "
        "Two copies of one build differed that way by -1.8 to +2.0 µs per round (5 rounds), another day by -1.5 "
        "to +3.2 (median +0.4, 8 rounds).",
        "",
        *hp,
        "",
        "### What each step changed",
        "",
        "- **Steps 1 to 3** (d20aab7, a789cf4, ac6db50): the gateway as it was; no OpenTelemetry spans when "
        "nothing exports them; mimalloc as the global allocator.",
        "- **Step 4** (8053ee5): one shared session per request, counted request ids, one CSP per tenant, a free "
        "upstream slot taken without a timer. The machine got slower between steps 3 and 4 (the same nginx "
        "serving the fixed answer directly: 9 µs of CPU per request at one connection, then 47).",
        "- **Step 5** measures step 3's build again beside the current one: the hardening between them (own "
        "accept loop with header timers, per-session slots, view budget, sign-in limiter) and what came since "
        "cost 12 to 16 % more CPU per pass-through request in steps 5 and 6, not the doubling steps 3 and 4 "
        "suggest. **Step 6** (5efd1af) sizes the upstream buffers from `Content-Length`.",
        "- **Step 7** (942fdbd) keeps each in-process session as a compressed record read back per request "
        "(scenario 4: about 1 µs more per look-up), within the run-to-run noise.",
        "- **Step 8** (c965dce) builds reqwest without its cookie layer, which parsed every upstream call's URL: "
        "130 against 126 µs, the two builds measured in turn (9 runs of 5 s, 16 connections).",
        "- **Step 9** (1870c20) sends the pass-through's calls with hyper-util's pooled client over hyper-rustls "
        "instead of reqwest, whose layers parsed every call's address twice more and armed timers of their own: "
        "127 against 100 µs at 16 connections (5 rounds of two 5 s runs), 130 against 114 at 64 (3 rounds).",
        "- **Step 10** (bf7f98f) serves each connection on one of `worker_threads` threads with a current-thread "
        "runtime each (and a pass-through pool per thread) instead of tokio's work-stealing runtime, so a "
        "request's tasks never wake another thread: 110 against 94 µs at 16 connections (11,970 and 14,050 "
        "rps), 109 against 97.5 at 64 (about 12,000 rps both). One connection alone is served slower (3,350 and "
        "2,900 rps); `work_stealing = true` keeps tokio's runtime.",
        "- **Step 11** (dcca44e) changes the method, not the code. Until step 10 every connection sent the cookie "
        "of one session, whose requests are served at most `limits.max_in_flight_per_session` (8) at once, so "
        "most requests first waited for a slot (a semaphore shared by the threads: a wake-up across threads "
        "each). From step 11 the requests take the cookies of 64 sessions in turn, as many browsers would. The "
        "same build at 16 connections (medians of 3 rounds of two 5 s runs): one session 95 µs and 13,750 rps; "
        "16 sessions in turn 78 µs and 16,800 rps; one session with 64 slots 92 µs. Step 11 also adds the floor "
        "(see the summary).",
        "- **Step 12** (36e7091), each part against the build before (6 rounds each): without an exporter the "
        "request's trace context rides in its own `traceparent` header, which its upstream calls continue, "
        "instead of in a span kept alive for it, so at `RUST_LOG=warn` no span is built: 5.2 µs less per request "
        "(rounds 1.9 to 7.0). The headers read on every request looked up as `HeaderName` constants instead of "
        "text, and the portal of each usual Host header resolved once at start: 4.6 µs less (1.1 to 8.0). The "
        "request head counted without writing its target out: within the spread. The whole step: 9.5 µs less "
        "(8 rounds, 6.4 to 13.4), 10.4 with the two builds' roles swapped (6 rounds, 9.4 to 12.1).",
        "- **Step 13** (9d4e400) builds the release binaries (the gateway, the floor and the sandbox alike) with "
        "fat LTO and one codegen unit: 14.5 µs less per request (111.2 against 96.0 µs, 8 rounds, every one 8.2 "
        "to 28.1 less), 16.7 less with the roles swapped (4.7 to 25.2). Its row is the first of a slower machine "
        "(nginx 34 µs per proxied request at 16 connections, against 24 to 27).",
        "- **Step 14** (df4e3ae) keeps the sessions of the latest requests decoded beside the records they were "
        "read from (`session.decoded_sessions`, 256): a request still reads its record, then reuses the session "
        "decoded from that very record. Found by switching parts off one at a time in a measuring build without "
        "LTO (never committed; two gateways from one binary serving at once, 5 rounds of 4 s, about 120 µs per "
        "request there): every session decoded once saved 10.5 µs, the outer layers together (request id, "
        "trace, limits, timeout) 26, the request metrics 5.5; each smaller part alone was within that method's "
        "spread (two identical gateways: -10.6 to +6.9 µs a round). With fat LTO, against step 13: 3.0 µs less "
        "(104.3 against 109.0 µs, 8 rounds, every one 1.1 to 8.7 less), 3.3 less with the roles swapped (7.8 "
        "less to 4.1 more). Scenario 4's look-up is now that of a session read moments before.",
        "- **Step 15** keeps the `Authorization` value with the session's access token: it was written out on "
        "every request (the JWT's segments encoded again, `Bearer` put before them, the whole checked as a header "
        "value, about 840 bytes) and again for each upstream call of a view; now once per decoded session. The "
        "request's `Accept-Language` and request id go upstream as the header values they came as. Against "
        "847ff6e (8 rounds of 5 s): 4.1 µs less (94.8 against 99.1 µs; 6 of 8 rounds less), 1.3 less with the "
        "roles swapped (6 of 8 less).",
        "- **Step 16** serves connections with hyper's own HTTP/1.1 builder instead of hyper-util's auto builder "
        "limited to HTTP/1.1: the same limits and timers, without the version-sniffing wrapper around every "
        "read. Against 6c5565f: 0.4 and 0.5 µs less (two runs of 3 rounds; every round 0.1 to 1.6 less). Its row "
        "is the first of a faster machine (nginx 19 µs per proxied request at 16 connections, against 36).",
        "- **Step 17** reads the session cookie from the request's Cookie header in place (each of the two reads "
        "per request copied the header first) and writes a new `traceparent` into a fixed buffer instead of "
        "formatting it: 0.5 µs less (6 rounds, every one 0.2 to 0.7 less), 1.1 less with the roles swapped (0.8 "
        "to 1.7).",
        "- **Step 18** boxes the two rare paths of a pass-through request, the session's token refresh (the "
        "store's lock and the issuer's call) and the check of activity records against a hidden grade, whose "
        "state made every request's futures larger: the handler's future went from 4,600 to 2,736 bytes and the "
        "session extractor's from 4,312 to 632 (debug build, `rustc -Zprint-type-sizes`). Against 9d282fa (6 "
        "rounds of 5 s): 1.4 µs less (5 of 6 rounds less), 0.7 less with the roles swapped (5 of 6). Its row ran "
        "on a slower machine than step 17's report (nginx 33 µs per request at 16 connections, against 20); "
        "9d282fa measured alone in the same minutes took 77 µs against nginx's 36 at 16 connections and 73 "
        "against 31 at 64 (2.1 and 2.4 times; step 18's row: 2.4 and 2.2), where that morning's report had 1.9 "
        "for it: the ratio moves with the machine, not only with the code.",
        "- **Step 19** (07bce03) writes the head and body limits and the request metrics as tower services "
        "instead of with axum's `from_fn`, which on every request cloned the whole stack of services below it "
        "(each boxed route level allocating again) and boxed its `Next` and its future; a request without a "
        "body now goes on at once, nothing cloned or boxed. Found by a measuring build without the two limits "
        "(never committed): 5.5 µs less per request (6 rounds, 1.0 to 8.1). The services against 12ac55a, both "
        "serving at once (6 rounds of 5 s): 2.1 µs less (every round 0.7 to 3.3 less), 3.1 less with the roles "
        "swapped (4 of 6 rounds less). Its row is the report of that commit, on a faster machine than the "
        "report of 12ac55a (nginx 18 µs per proxied request at 16 connections, against 28).",
        "- **Step 20** (326282d): a token the platform refuses before it expires is renewed and the request "
        "asked once more (a040a13). For that the tenant layer copied every read's headers and extensions "
        "before running it: 0.8 µs more per pass-through request than the build before (b1cb5c2, 5 rounds of "
        "5 s, every round 0.66 to 0.95 more). The pass-through now sends its one call again itself and the "
        "tenant layer copies nothing for it: 0.7 µs less than b1cb5c2 (5 rounds, 0.3 to 1.3 less), within the "
        "spread. Its row ran on a faster machine (nginx 11 µs per proxied request at 16 connections, against "
        "18 in step 19's row): the gateway's 25 µs is 2.2 times that, step 19's 48 was 2.6 times its nginx.",
        "- **Step 21** (2c1a847, 48d361f) writes the tenant layer as a tower service instead of with `from_fn`: "
        "a request with nothing to await before its route (the pass-through, the client's files, sign-in) calls "
        "its route at once and only wraps its future, nothing cloned or boxed; views, token renewals and a "
        "session waiting for a slot take one clone and one box as before. The session slots and the in-process "
        "session records are on moka's synchronous caches, so a look-up is a call, not a future. Found with "
        "builds without LTO (the layer: 7.9 µs less, 5 rounds; the records: 2.9 less). With fat LTO, both builds "
        "serving at once (6 rounds of 5 s each way, every round less): the layer 1.1 and 1.5 µs less against "
        "24da0dc, the records 1.8 and 0.6 less against the layer alone. Its row ran with 13 % of the machine's "
        "CPU time taken by the host (steal): nginx's one connection took 234 µs per request, against 85 in the "
        "report of 4132330.",
        "- **Step 22** (d02b78d) serves the pass-through with a stack of its own beside the router: the same "
        "request metrics (under the route template `/api/lms/{*path}`), outer layers and tenant layer composed "
        "around its handler alone, each a typed service, where through the router a request was matched among "
        "every route and took a boxed copy and a boxed future at each of its layers. Every other path is still "
        "the router's (d050ada took the pass-through's route out of the router: nothing served it there). Both release "
        "builds serving at once against 1dd3404 (6 rounds of 5 s each way): 4.2 and 4.1 µs less per request, "
        "every round less (2.6 to 7.2). Its row ran on a faster machine (nginx 14 µs per proxied request at 16 "
        "connections, against 33 in step 21's row): the gateway's 32 µs is 2.3 times that.",
        "- **Step 23** is the first found by counting instructions (scenario 6: callgrind, one connection, "
        "2,000 requests), which the machine's speed and load do not move. The pass-through's path is split and "
        "checked once, each segment's UUID parsed once, and the shape it matches says whether the call reads "
        "activity records, where the path was split and collected twice and every shape that reached a UUID "
        "parsed it again (about 5,100 instructions); the session cookie is read from the Cookie header without "
        "building a whole cookie, attributes and all, of every pair (980 instructions a read instead of 1,650, "
        "two reads a request; a property test holds the two readings to the same answer); the request metrics' "
        "labels are no longer three new strings a request; the upstream request is built in place rather than "
        "through `Request::builder`, and the headers forwarded each way are picked by going over the few headers "
        "once rather than by a look-up of each name. The gateway's pass-through request went from 84,935 to "
        "80,407 instructions (5.3 % fewer; nginx 23,179, the floor 44,715, both unchanged). In CPU time it is "
        "below what `--against` tells apart: both release builds serving at once against 228db4c's (6 rounds of "
        "5 s each way), whichever build ran as `this` took more, 1.6 and 1.5 µs (every round of a run on the same "
        "side), so the two do not differ beyond that; two more runs the same evening, 8 rounds each way: this "
        "step's build 0.1 and 0.4 µs more. Its row is from the full run of this report, on a faster machine again (nginx 13 µs per proxied "
        "request at 16 connections): the gateway's 26 µs is 1.96 times that; its 0.70 of nginx's throughput at 16 "
        "connections meets that target, as the rows of steps 16, 17, 20 and 21 did, and its 0.57 at 64 does not.",
        "- **Step 24** sends the pass-through's calls on hyper's own HTTP/1.1 connections "
        "(`hyper::client::conn::http1`), kept idle in a list of each worker thread (`upstream::forward::pool`), "
        "instead of through hyper-util's pooled client. That client is made to be shared between threads, and on "
        "every call it hashed its pool key (scheme and host) with SipHash three times under two locks, boxed the "
        "call's future, copied the address twice, formatted the `Host` header anew and spawned a task to put the "
        "connection back once it was ready again. Now a call takes the connection put back last, waits for it to "
        "be ready, and puts it back once its answer was read whole; the `Host` value is kept with the connection, "
        "the call goes in origin form, and whether an origin goes through a proxy is decided at its first call. "
        "What the pool kept: calls to one origin share connections, none is kept idle past 90 s, and a call that a "
        "reused connection closed under before sending anything is sent again on another one. The floor takes "
        "the same connections, so it stays the least a proxy on this stack does. Counted by callgrind: the "
        "gateway's pass-through request from 80,467 to 68,597 instructions (15 % fewer), the floor's from 44,716 "
        "to 32,028 (28 %), nginx's 23,182 (1.4x the floor's now, 1.9x before). Both release builds serving at "
        "once against a6b60bb's (6 rounds of 5 s each way): 4.1 and 4.0 µs less CPU per request, every round "
        "less (3.3 to 4.7). Its row ran on a slower machine than step 23's (nginx 25 µs per proxied request at 16 "
        "connections, against 13): the gateway's 41 µs is 1.61 times that at 16 connections and 1.54 at 64, the "
        "floor's 1.04 and 1.00.",
        "- **Step 25** takes jemalloc as the gateway's global allocator instead of mimalloc 3, which took a "
        "fresh page from its arena about once a pass-through request (its page search and fresh-page allocation "
        "about 1,800 instructions a request under callgrind). Both release builds serving at once against step "
        "24's: 0.8 µs less CPU per request (6 rounds, 4 of them less), 0.9 less with the roles swapped (6 rounds, "
        "every one less), then 1.2 less (8 rounds, 7 less); 66,363 instructions a request instead of 68,597. The "
        "session store's resident memory went down (24.3 against 28.6 MB with 10,000 sessions) at about the same "
        "2 KB a session. Its row, like every separate run, moved with the machine: nginx 23 µs per request at 16 "
        "connections and the gateway 41, 22 and 32 at 64; `--against` is the measure of the step.",
        "- **Step 26** takes out look-ups, allocations and copies that callgrind's count of a pass-through "
        "request showed: the request metrics go through handles kept per method and status class instead of a "
        "look-up of each metric family (a lock and a SipHash of the labels' text, about 1,250 instructions); the "
        "session caches, the session slots and the table of Host values hash with foldhash instead of SipHash; "
        "the request id no longer goes into the request's and the answer's extensions (nothing read it there), "
        "the session cookie is read once and the noted head size taken out again, so a request's extensions no "
        "longer grow their table; the session's time spans are compared on Unix nanoseconds instead of by "
        "`OffsetDateTime`'s subtraction (about 270 instructions each, four a request); and a forwarded call's "
        "future went from 7.7 to 2.0 KB by boxing a new connection's setup and the proxied call (in the debug "
        "build the connection's setup alone made the difference, 4,232 to 2,016 bytes), which the handler's "
        "boxed future copied whole. 60,724 instructions a "
        "request instead of 66,661 (9 % fewer). Both release builds serving at once against step 25's (6 rounds "
        "of 5 s each way): 2.5 and 2.6 µs less CPU per request, every round less (0.9 to 3.6). Its row: nginx 25 "
        "µs per request at 16 connections and the gateway 37 (1.50x), 21 and 31 at 64 (1.46x).",
        "- **Step 27** stops the workers waking themselves. tokio's time driver notes, each time it wakes, "
        "when its earliest timer is due, and registering a timer due before that wakes the driver through its "
        "eventfd, even from its own busy thread. A pass-through request did so every time: the upstream call's "
        "timer (15 s) was the earliest when the answer came, and the next head's timer (10 s), registered once the "
        "answer was sent, was due before it. Each worker now keeps a timer due within a second (one wake-up a "
        "second of an idle worker), so longer timers register quietly: `strace -c` counts 6.0 system calls a "
        "request instead of 7.3 (one `write` and 0.3 `epoll_wait` fewer; nginx makes 7.0). Also the CSRF check "
        "no longer parses a header name as text on every API request, and no body is collected from a read. "
        "58,821 instructions a request instead of 60,724. Both release builds serving at once against step 26's: "
        "1.4 and 2.3 µs less CPU per request, every round less (0.1 to 2.7). Its row came out slower at 64 "
        "connections (nginx 21, the gateway 35 µs per request; at 16, 24 and 38); separate runs of both builds "
        "right after it gave step 26's 37 and 31 µs at 16 and 64 connections and step 27's 36 and 30.",
        "- **Step 28** drops tower-http's request body limit from the outer layers: the limits layer below it "
        "already reads a body whole within `limits.request_body_bytes` (or passes one that has ended), so the "
        "second limit checked nothing, and it cost a look-up of `Content-Length`, a wrapper and a boxed body a "
        "request. The request span looks up the request id only when the span is kept (with `info` not logged, "
        "never). 58,043 instructions a request instead of 58,821. Both release builds serving at once against "
        "step 27's: 0.7 µs less CPU per request (5 rounds of 6 less) and 1.1 less with the roles swapped (every "
        "round). Its row: nginx 25 µs per request at 16 connections and the gateway 36 (1.44x), 22 and 30 at 64 "
        "(1.37x); 0.83 and 0.81 of nginx's throughput.",
        "",
        "### Tried and not kept",
        "",
        "Each was within the spread of `--against` or worse:",
        "",
        "- (after step 28) the request's portal behind one reference count instead of three (tenant, host, "
        "origin; a request clones it about three times, and both worker threads clone the same one) and the "
        "pass-through's metric handles behind one instead of two: 0.5 µs less CPU per request one way (5 rounds "
        "of 6 less) and 0.6 more the other (every round more);",
        "- (after step 24) mimalloc 2 instead of mimalloc 3 (the `v2` feature): 1,585 fewer instructions a "
        "request, but 0.2 µs more and 0.7 less CPU per request (6 rounds each way);",
        "- (after step 23) the whole release build at `opt-level = \"s\"` (smaller code, for the first-level "
        "instruction cache): the gateway's request took 105,856 instructions instead of 80,171 (1,000 requests "
        "under callgrind's cache simulation), missed the instruction cache 3,460 times instead of 3,853 and the "
        "data cache 1,551 times instead of 1,384, and mispredicted 1,651 branches instead of 1,209; serving at once "
        "with the build of step 23 (6 rounds of 5 s each way, every round alike) it took 1.9 and 1.8 µs more per "
        "request;",
        "- the upstream calls' trace headers written straight from the request's trace instead of through the "
        "SDK's propagator: 3.2, 0.8 and -0.5 µs less in three runs (medians of 5, 4 and 8 rounds); leaving the "
        "headers out altogether saves 4.9 µs (5 rounds, every one 3.2 or more), which would break the trace;",
        "- (step 12) the head limit as a tower-http `ValidateRequest` instead of a middleware function (no box "
        "per request): 1.3 µs more;",
        "- (step 12) the session store and the session slots on moka's synchronous caches (their asynchronous "
        "look-ups build futures of 752 and 1,416 bytes): 1.8 more then; on later code step 21 measured them "
        "less and keeps them;",
        "- (step 12) the rare paths boxed so that the futures built on every request shrink (the session "
        "extractor's from 4,096 to 608 bytes): 3.0 more then; step 18 boxed them again on later code and "
        "measured 1.4 less;",
        "- (step 16) the outer layers wrapped once around the router instead of around each of its routes (two "
        "boxed route levels fewer per request): 1.3 µs more (3 rounds);",
        "- (step 16) each thread keeping handles to the metric series it records (no lock on the family, no "
        "owned labels: six strings fewer per request): 0.1 less and 0.2 more in two runs;",
        "- (after the report of 12ac55a) the session extractor's look-up written out again as before 7aaae57: "
        "0.8 µs more than 12ac55a (3 rounds, 0.6 to 6.1): the mend of 7aaae57 costs nothing;",
        "- (after step 19) the tenant layer as a tower service too (the route's future made at once, the "
        "session's slot taken before it is first polled, one box): 0.8 µs less (6 rounds, from 4.9 less to 2.0 "
        "more), within the spread; step 21 keeps it without the box, with the slots on the synchronous cache.",
        "",
        "### Where the CPU goes",
        "",
        "- Just before step 16 (6c5565f; perf at 16 connections with DWARF call graphs): about half is the "
        "kernel's (38 % of the process's samples under `writev` alone, most of that the loopback delivering "
        "the written segment to its reader), 42 % the gateway's own code and 7 % libc's (5 % `memmove`, futures "
        "moved into their boxes); no function of the gateway above 1.5 %.",
        "- `strace -c` over one run at 16 connections counted the same system calls per request for nginx, the "
        "floor and the gateway: 2 `writev` and 2 `recvfrom` (nginx also 1 `getsockopt`), an `epoll_wait` about "
        "every 8th request.",
        "- The same count with `perf stat -e raw_syscalls:sys_enter` on 2026-12-02 (the release build of 07bce03; the harness's "
        "servers, one run of 5 s each): 4.72 system calls per request for the floor and 4.71 for the gateway at "
        "16 connections, 4.34 and 4.38 at 64 (nginx 5.69 and 5.09). The gateway's system time beyond the "
        "floor's (15.1 against 12.0 µs per request at 16 connections, 14.1 against 11.8 at 64) comes with the "
        "same calls, not with more of them.",
        "- How far the layers can go, measured once with a measuring build (never committed): the pass-through "
        "served straight from the connection, outside the router and every layer (the tenant, the anti-forgery "
        "check, the session and its permission, the forward and the security headers only: no session slots, "
        "request id, metrics, trace, limits, timeout or panic guard), took 62.8 µs per request at 16 "
        "connections, median of 3 runs of 5 s, against nginx's 39.4, the floor's 44.1 and the full gateway's "
        "94.0 in the same minutes: 1.59 times nginx. Even without any layer, the gateway's own work (its "
        "session look-up, the allowlist, the token and the headers) and hyper's client and server cost more "
        "than 1.5 times nginx, so the target is not in reach by trimming layers. Step 22 later built the "
        "pass-through a path of its own beside the router, with every layer kept (the same layers composed "
        "around its handler, none of their work repeated in code): 4.2 µs less.",
        "- What the outer layers cost after step 19, measured with a measuring build without them (never "
        "committed: no request id, trace layer, panic guard, head and body limits or request timeout, and no "
        "timer on the forwarded call) against the release build of 07bce03 (cf86428 only moved code), both "
        "serving at once (6 rounds of 5 s): 3.3 µs less per "
        "request (every round 2.3 to 4.1 less), of 49.9. While step 14 was looked for, the same layers took 26 "
        "of about 120 µs in a build without LTO; what is left of the gateway's work beyond the floor's is in "
        "the router, the tenant layer, the session and the forward itself.",
        "- At 17cc14f (perf at 16 connections with DWARF call graphs; of 4,558 samples, the 2,288 taken in the "
        "process's own code, each counted in every function on its stack): the handler 33 % of them (the "
        "upstream call 14 %, hyper-util's client 10 % of that; the session and its permission 8 %), the router "
        "and the layers around the handler at least 25 %, hyper's server, tokio and the allocator the rest; no "
        "function above 1.5 % of all samples by itself.",
        "- Whether the two threads slow each other down over what they share (reference counts, caches, "
        "metrics), measured by serving with one thread (nginx with one worker, the floor with one thread, "
        "`worker_threads = 1`; 3 runs of 5 s): 39 against nginx's 20 µs per request at 16 connections, 40 "
        "against 21 at 64, the ratio of two threads: they do not.",
        "- The report of 2026-12-01 (12ac55a, the code of step 18 and a mend of the session extractor) ran on a "
        "slower machine again: nginx's own code took 9.4 µs per proxied request at 16 connections and the "
        "floor's 16.2, against 4.4 and 7.1 in the report of 9d282fa, and the gateway's 50.5 against 20.0, so its "
        "ratio to nginx read 2.74 where that report had 1.90. Measured the same evening with both serving at "
        "once (3 rounds each), 12ac55a took 4.2 µs more per request than 9d282fa (every round 2.4 to 5.3 more) "
        "and 2.8 more with the roles swapped (1.3 to 3.7), where step 18 had measured 1.4 less: the few µs "
        "between the two changed sign between the two days.",
        "- 12ac55a on 2026-12-02 (`tests/load/profile-12ac55a.txt`; the harness's servers, the three measured in turn, 3 runs "
        "of 5 s each, medians; preemptions from `/proc/<pid>/task/*/status`): at 16 connections nginx 22.2 µs of CPU per request (7.7 user, 14.5 system), the "
        "floor 27.5 (12.9, 14.9), the gateway 55.0 (36.7, 18.3); at 64 connections 16.9 (7.4, 10.1), 21.1 (11.2, "
        "9.8) and 51.7 (35.3, 16.5). No page faults per request in any of them; the gateway's threads were "
        "preempted 0.58 times per request at 16 connections (the floor's 0.34, nginx's 0.27). In a profile "
        "with DWARF call graphs at 16 connections (3,217 samples, 47 µs per request in that run), the router's "
        "route future took 30 % of the samples: the handler 16 % (hyper-util's client 7 %, the session extractor "
        "5 %) and the layers between them 14 %, about 6.4 µs; the request metrics and the router's dispatch around it 3 %, hyper's "
        "server and the upstream connection's task (most of it `writev`) the rest. No function above 3 % by "
        "itself but the kernel's and `memmove`.",
        "",
        "- Where the gateway's CPU beyond the floor's goes, by the code each sample was taken in (12ac55a on "
        "2026-12-02, perf with DWARF call graphs at 16 connections, the floor and the gateway one after the "
        "other; the profiler itself raised their CPU per request to 38.6 and 76.1 µs, so the figures are of "
        "that run): the kernel 19.5 against 24.8 µs, hyper 3.0 and 4.8, tokio 2.5 and 4.4, the allocator 2.6 and "
        "5.8, `http` 1.9 and 4.3, Rust's `core` 1.3 and 5.3, `memcpy` 1.2 and 3.5; the gateway alone: its own "
        "functions 5.5 (the floor's 0.8), axum 4.2, moka 2.4 (the session store, the decoded sessions and the "
        "session slots), tower 1.1. The 37.5 µs between the two are spread over a dozen parts, none above 5.5.",
        "",
        "- Counted by callgrind on 2026-12-04 (the build of step 23, one connection, 2,000 requests): the "
        "gateway's 80,407 instructions per pass-through request take 51 allocations, 52 hashes of a header "
        "name (each look-up, insert or append in a header map hashes the name) and 9 SipHash digests; the floor's "
        "44,715 take 23, 20 and 3. The floor's three digests are hyper-util's connection pool hashing its key "
        "(scheme and host) at check-out and check-in, about 3,200 instructions of every request, the gateway's "
        "too; the gateway's six more are the request metrics' label sets (two look-ups) and the moka caches of "
        "the sessions and their slots. mimalloc's search for a page with free blocks ran 1.5 times a request in "
        "the gateway (about 1,100 instructions a request) and not at all in the floor.",
        "",
        "- The same requests under callgrind's cache and branch simulation (1,000 requests, the host's cache "
        "sizes; nginx the same way): per request the gateway missed the first-level instruction cache 3,853 times "
        "against the floor's 1,876 (2.1x) and nginx's 516, the first-level data cache 1,384 times against 282 "
        "(4.9x) and nginx's 10, and mispredicted 1,209 branches against 471 (2.6x) and 335, for 1.8 times the "
        "floor's instructions and 3.5 times nginx's. (callgrind does not see the kernel copy received bytes into "
        "a buffer, so a read of fresh bytes in a newly allocated buffer counts as a miss; nginx reuses its "
        "buffers, hyper allocates a new read buffer for each message it reads.) What the gateway does beyond the "
        "floor costs more in memory traffic and wrong guesses than in instructions: its code path runs through "
        "more code than the first-level cache holds, and it reaches more data (sessions, caches, metrics, "
        "larger futures). That is why step 23, 5.3 % fewer instructions, measured no less CPU time: what was "
        "cut were cheap instructions (byte loops, parsing) of data already in the cache. The largest single source "
        "of data-cache misses is `memcpy` (319 a request, 23 % of the gateway's, most of them writes): futures and "
        "requests moved into place, the most by the upstream call's timeout (65) and by the call through the limits and the tenant layer (55). "
        "Two runs more of "
        "`--against` the same evening (8 rounds of 5 s each way): 0.1 and 0.4 µs more.",
        "",
        "What the target would take on that day: 1.5 times nginx is 33 µs per request at 16 connections and 25 "
        "at 64, and the floor alone took 27.5 and 21.1 of them; the gateway's own work (its session, "
        "anti-forgery check, allowlist, token, metrics, trace context, limits and request id) would have to "
        "fit in the remaining 5.8 and 4.3 µs, where it took 27.5 and 30.6.",
        "",
        "Profiles of the gateway at 16 connections: `tests/load/profile-*.txt`.",
        "",
    ]


def machine_info(extra_load: str = "") -> dict:
    model = ""
    for line in Path("/proc/cpuinfo").read_text().splitlines():
        if line.startswith("model name"):
            model = line.split(":", 1)[1].strip()
            break
    def version(argv):
        try:
            r = subprocess.run(argv, capture_output=True, text=True, timeout=10)
            return (r.stdout + r.stderr).strip().splitlines()[0]
        except (OSError, IndexError):
            return "?"
    return {
        "cores": os.cpu_count(),
        "cpu_model": model,
        "kernel": os.uname().release,
        "nginx": version([NGINX, "-v"]),
        "wrk": version(["wrk", "-v"]).split(" [")[0],
        "load_before": " ".join(Path("/proc/loadavg").read_text().split()[:3]),
        "cpu_times_before": cpu_times(),
    }


def cpu_times() -> list[int]:
    """The machine's CPU time so far by kind (`/proc/stat`'s first line: user, nice, system, idle,
    iowait, irq, softirq, steal, ...), in clock ticks; empty where there is no such file."""
    try:
        return [int(v) for v in Path("/proc/stat").read_text().splitlines()[0].split()[1:]]
    except (OSError, ValueError, IndexError):
        return []


def steal_percent(before: list[int], after: list[int]) -> float | None:
    """The share of the CPU time between two `cpu_times()` that the host took from this virtual
    machine (steal, the eighth field), in percent; None without both readings."""
    if len(before) < 8 or len(after) < 8:
        return None
    # guest and guest_nice (fields 9 and 10) are already counted in user and nice.
    total = sum(after[:8]) - sum(before[:8])
    return round(100 * (after[7] - before[7]) / total, 1) if total > 0 else None
