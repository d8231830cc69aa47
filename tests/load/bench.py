#!/usr/bin/env python3
"""`make bench`: the gateway measured side by side with nginx, on loopback.

Starts everything it measures on free 127.0.0.1 ports and stops it again: lms-sandbox (API and
dev OIDC issuer), an nginx serving a fixed JSON answer as the upstream (and passing every other
upstream call on to the sandbox), a reference nginx `proxy_pass` in front of it, the gateway
and, for the session scenario, redis-server. Then runs the scenarios of issue 15 and writes
`report.md` (tables) and `report.json` (every figure, the core count, the commands).

    python3 tests/load/bench.py [--duration 8] [--repeat 3] [--bin-dir target/release]
    python3 tests/load/bench.py --smoke --out-dir DIR     (the harness check of `make test`)
    python3 tests/load/bench.py --only passthrough --label "mimalloc"   (hot-path step)
    python3 tests/load/bench.py --against DIR   (this build and DIR's serving at once, printed)

Python 3.11 standard library only; needs nginx, wrk, redis-server, (scenario 5) Chromium with
the node packages of tests/e2e and (scenario 6) valgrind's callgrind.
"""

from __future__ import annotations

import argparse
import datetime
import json
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from loadbench.common import COMMANDS, HERE, NGINX, ROOT, SECTIONS, Processes, log
from loadbench.instructions import scenario_instructions
from loadbench.report import cpu_times, machine_info, steal_percent, write_report
from loadbench.scenarios import compare_builds, scenario_client, scenario_details, scenario_passthrough, scenario_sessions, scenario_views
from loadbench.servers import Stack


def parse_args() -> argparse.Namespace:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--duration", type=float, default=8, help="seconds per wrk run")
    ap.add_argument("--repeat", type=int, default=3, help="runs per figure (median reported)")
    ap.add_argument("--bin-dir", default=str(ROOT / "target" / "release"))
    ap.add_argument("--client-dir", default=str(ROOT / "client" / "dist"))
    ap.add_argument("--out-dir", default=str(HERE))
    ap.add_argument("--only", choices=["passthrough", "views", "details", "sessions", "instructions"], help="one scenario alone, printed, no report (passthrough: a hot-path step)")
    ap.add_argument("--label", help="also save scenario 1 as a hot-path step under this name")
    ap.add_argument("--against", help="compare with the gateway built in this directory, both serving at once (printed, no report)")
    ap.add_argument("--dumps", help="keep scenario 6's callgrind dumps in this directory (for callgrind_annotate)")
    ap.add_argument("--perf", help="write a perf profile of the gateway (16 connections, first run) to this file")
    ap.add_argument("--smoke", action="store_true", help="tiny durations: checks the harness, not the speed")
    ap.add_argument("--time-limit", type=int, default=1500, help="seconds before everything is stopped")
    args = ap.parse_args()
    if args.smoke:
        args.duration, args.repeat = 1, 1
    args.cold_samples = 1 if args.smoke else 3
    args.view_samples = 3 if args.smoke else 15
    args.detail_samples = 3 if args.smoke else 10
    args.client_runs = 1 if args.smoke else 5
    args.conns_list = [16] if args.smoke else [1, 16, 64]
    return args


def missing_tools(bin_dir: Path) -> str | None:
    """Why the bench cannot run here, or None."""
    for tool in (NGINX, "wrk"):
        if not shutil.which(tool):
            return f"bench: {Path(tool).name} is missing: install Debian's nginx and wrk (make bench does as root)"
    for b in ("gateway", "lms-sandbox", "examples/hyper_floor"):
        if not (bin_dir / b).exists():
            return f"bench: {bin_dir / b} is missing; build it first"
    return None


def run_data(args: argparse.Namespace, bin_dir: Path) -> dict:
    """What the report says of the run before any figure: the commit, the machine, the settings."""
    commit = subprocess.run(["git", "rev-parse", "HEAD"], capture_output=True, text=True, cwd=ROOT).stdout.strip()
    dirty = bool(subprocess.run(["git", "status", "--porcelain", "--", "gateway", "Cargo.toml", "Cargo.lock"], capture_output=True, text=True, cwd=ROOT).stdout.strip())
    return {
        "started": datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds"),
        "commit": commit + ("+changes" if dirty else ""),
        "smoke": args.smoke,
        "machine": machine_info(),
        "settings": {"duration_s": args.duration, "repeat": args.repeat, "connections": args.conns_list, "bin_dir": str(bin_dir).replace(f"{ROOT}/", "")},
    }


def run_scenarios(stack: Stack, args: argparse.Namespace, procs: Processes, data: dict) -> None:
    """Scenario 1 unless another is asked for alone, then the one asked for or all the others."""
    if args.against:
        data["compare"] = compare_builds(stack, args, Path(args.against).resolve())
        return
    if args.only in (None, "passthrough"):
        data["passthrough"] = scenario_passthrough(stack, args, args.conns_list)
        log("scenario 1 done")
    if args.only == "views":
        data["views"] = scenario_views(stack, args)
    elif args.only == "details":
        data["details"] = scenario_details(stack, args)
    elif args.only == "sessions":
        data["sessions"] = scenario_sessions(stack, args, procs)
    elif args.only == "instructions":
        data["instructions"] = scenario_instructions(stack, args)
    elif not args.only:
        data["views"] = scenario_views(stack, args)
        log("scenario 2 done")
        data["details"] = scenario_details(stack, args)
        log("scenario 3 done")
        data["sessions"] = scenario_sessions(stack, args, procs)
        log("scenario 4 done")
        data["client"] = scenario_client(stack, args)
        log("scenario 5 done")
        data["instructions"] = scenario_instructions(stack, args)
        log("scenario 6 done")


def measure(args: argparse.Namespace, bin_dir: Path, data: dict) -> None:
    """Starts the servers, runs the scenarios into `data` and stops everything again, also on an
    error, SIGTERM or after `--time-limit` (the stderr tails of the servers are printed then)."""
    scratch = Path(tempfile.mkdtemp(prefix="lp-bench-"))
    procs = Processes(scratch)

    def on_alarm(signum, frame):
        raise TimeoutError(f"the bench ran longer than {args.time_limit} s")

    def on_term(signum, frame):
        raise KeyboardInterrupt

    signal.signal(signal.SIGALRM, on_alarm)
    signal.signal(signal.SIGTERM, on_term)
    signal.alarm(args.time_limit)
    try:
        stack = Stack(procs, scratch, bin_dir, Path(args.client_dir))
        stack.start()
        log("servers started")
        run_scenarios(stack, args, procs, data)
    except BaseException:
        for name, _ in procs.started:
            tail = procs.tail(name)
            if tail:
                print(f"--- {name} stderr (tail) ---\n{tail}", file=sys.stderr)
        raise
    finally:
        signal.alarm(0)
        procs.stop_all()
        shutil.rmtree(scratch, ignore_errors=True)


def save_hotpath_step(label: str, data: dict) -> None:
    """A hot-path step: scenario 1's figures kept under tests/load/hotpath for the report."""
    step = {"label": label, "commit": data["commit"], "started": data["started"], "machine": data["machine"], "settings": data["settings"], "passthrough": data["passthrough"]}
    hp = HERE / "hotpath"
    hp.mkdir(exist_ok=True)
    n = len(list(hp.glob("*.json"))) + 1
    slug = re.sub(r"[^a-z0-9]+", "-", label.lower()).strip("-")
    (hp / f"{n:02d}-{slug}.json").write_text(json.dumps(step, indent=2) + "\n")


def print_only(only: str, data: dict) -> None:
    """A scenario run alone: its figures on stdout instead of a report."""
    if only != "passthrough":
        print(json.dumps({k: data[k] for k in ("commit", "machine", only)}, indent=2))
        return
    for row in data["passthrough"]["rows"]:
        n, g = row["nginx"], row["gateway"]
        print(f"{row['connections']:>3} conns: nginx {n['rps']:,.0f} rps {n['cpu_us_per_request']:.0f} µs/req p50 {n['p50_ms']:.2f} ms | gateway {g['rps']:,.0f} rps {g['cpu_us_per_request']:.0f} µs/req p50 {g['p50_ms']:.2f} ms")


def main() -> int:
    args = parse_args()
    bin_dir = Path(args.bin_dir).resolve()
    problem = missing_tools(bin_dir)
    if not problem and args.against and not (Path(args.against) / "gateway").exists():
        problem = f"bench: {Path(args.against) / 'gateway'} is missing; build it first"
    if problem:
        print(problem, file=sys.stderr)
        return 1
    data = run_data(args, bin_dir)
    t0 = time.monotonic()
    measure(args, bin_dir, data)
    data["finished"] = datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds")
    data["elapsed_s"] = round(time.monotonic() - t0, 1)
    data["machine"]["load_after"] = " ".join(Path("/proc/loadavg").read_text().split()[:3])
    data["machine"]["steal_percent"] = steal_percent(data["machine"].pop("cpu_times_before", []), cpu_times())
    data["commands"] = COMMANDS
    if args.against:
        print(json.dumps({k: data[k] for k in ("commit", "machine", "settings", "compare")}, indent=2))
        c = data["compare"]
        print(f"CPU per request: this {c['cpu_us_per_request']['this']:.1f} µs, other {c['cpu_us_per_request']['other']:.1f} µs; "
              f"other less this per round {', '.join(f'{d:+.1f}' for d in c['other_less_this_us'])} (median {c['median_other_less_this_us']:+.1f} µs)")
        return 0
    if args.label and "passthrough" in data:
        save_hotpath_step(args.label, data)
    if args.only:
        print_only(args.only, data)
        return 0
    out_dir = Path(args.out_dir)
    write_report(data, out_dir)
    log(f"wrote {out_dir / 'report.md'} and report.json in {data['elapsed_s']} s")
    report = (out_dir / "report.md").read_text()
    missing = [s for s in SECTIONS if s not in report]
    if missing or "| store |" not in report:
        print(f"bench: the report lacks {missing or ['the Redis store table']}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
