"""Scenario 6: the instructions a pass-through request takes, counted by callgrind.

CPU time per request moves with the machine (another CPU model, another day's steal), and two
builds a few µs apart need both serving at once to be told apart. An instruction count does not
move: nginx, the floor and the gateway each run under callgrind (one process each), are warmed
up, then the instructions of a fixed number of pass-through requests over one keep-alive
connection are counted, the proxy's own code, its libraries and libc's (the kernel's work is not
counted). Runs of the same build count within 0.1 % of each other, so a change's effect reads
off two runs, and the gateway's count is set beside nginx's.

The gateway's and the floor's counts are also grouped by the crate whose function the
instructions ran in (inlined code counts where it was inlined, so `hyper` holds some of the
gateway's services: a map of where the work is, not an account of each layer).
"""

from __future__ import annotations

import http.client
import re
import shutil
import subprocess
import time
from pathlib import Path

from .common import NGINX, PASS_PATH, free_port, log, note_command, run, wait_port
from .servers import Stack, nginx_conf, proxy_body
from .web import sign_in_many

CALLGRIND = ["valgrind", "--tool=callgrind", "--instr-atstart=no", "--dump-instr=no"]


def available() -> bool:
    return bool(shutil.which("valgrind") and shutil.which("callgrind_control") and shutil.which("callgrind_annotate"))


def drive(port: int, host: str, cookies: list[str], n: int) -> None:
    """`n` pass-through GETs over one keep-alive connection, cookies in turn; each must be 200."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=120)
    try:
        for i in range(n):
            headers = {"Host": host, "X-Requested-With": "XMLHttpRequest"}
            if cookies:
                headers["Cookie"] = cookies[i % len(cookies)]
            conn.request("GET", f"/api/lms/{PASS_PATH}", headers=headers)
            resp = conn.getresponse()
            resp.read()
            if resp.status != 200:
                raise RuntimeError(f"pass-through request {i} answered {resp.status}")
    finally:
        conn.close()


def control(*argv: str) -> None:
    run(["callgrind_control", *argv], capture_output=True, text=True, timeout=120, check=True)


def count(pid: int, out_prefix: Path, port: int, host: str, cookies: list[str], n: int, warm: int) -> Path:
    """Warms the process under callgrind up, counts `n` requests and dumps: the dump's path."""
    drive(port, host, cookies, warm)
    control("--instr=on", str(pid))
    drive(port, host, cookies, n)
    control("--instr=off", str(pid))
    control("--dump", str(pid))
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        dumps = sorted(out_prefix.parent.glob(f"{out_prefix.name}.{pid}.out.*"))
        if dumps:
            return dumps[-1]
        time.sleep(0.2)
    raise RuntimeError(f"callgrind wrote no dump for {pid}")


def total_of(dump: Path) -> int:
    """The dump's `totals:` line (its `summary:` line counts only what ran before the dump's
    first part)."""
    for line in reversed(dump.read_text(errors="replace").splitlines()):
        if line.startswith("totals:"):
            return int(line.split()[1])
    raise RuntimeError(f"no total in {dump}")


ANNOTATED = re.compile(r"^\s*([\d,]+)\s+\([\s\d.]+%\)\s+(.*)$")


def crate_of(function: str, where: str) -> str:
    """The crate a function of `callgrind_annotate`'s list belongs to (its implementing type's)."""
    if "libc.so" in where or "ld-linux" in where:
        return "libc"
    if function.startswith(("mi_", "_mi_", "__mi_")):
        return "mimalloc"
    if "::" not in function:
        return "compiler runtime"
    name = function.lstrip("<&*")
    first = re.split(r"::|<| ", name, maxsplit=1)[0]
    if " as " in name and ("::" not in name.split(" as ", 1)[0] or len(first) <= 2):
        first = re.split(r"::|<| ", name.split(" as ", 1)[1].lstrip("<&*"), maxsplit=1)[0]
    return first or "?"


def by_crate(dump: Path) -> dict[str, int]:
    """Self instructions of the dump grouped by crate."""
    argv = ["callgrind_annotate", "--threshold=100", "--auto=no", str(dump)]
    out = run(argv, capture_output=True, text=True, timeout=300, check=True).stdout
    groups: dict[str, int] = {}
    listing = False
    for line in out.splitlines():
        if "file:function" in line:
            listing = True
            continue
        m = ANNOTATED.match(line) if listing else None
        if not m or "PROGRAM TOTALS" in line:
            continue
        cost = int(m.group(1).replace(",", ""))
        rest = m.group(2)
        where = rest[rest.rfind(" [") :] if rest.endswith("]") else ""
        function = rest[: len(rest) - len(where)].split(":", 1)[-1] if where else rest.split(":", 1)[-1]
        crate = crate_of(function.strip(), where)
        groups[crate] = groups.get(crate, 0) + cost
    return groups


def scenario_instructions(stack: Stack, args) -> dict:
    """6. Instructions per pass-through request of nginx (one process), the floor (one thread)
    and the gateway, each under callgrind."""
    if not available():
        raise RuntimeError("scenario 6 needs valgrind (make bench installs it as root)")
    n, warm = (50, 20) if args.smoke else (2000, 300)
    scratch = stack.scratch / "callgrind"
    scratch.mkdir(exist_ok=True)
    rows: dict[str, dict] = {}
    upstream = f"http://127.0.0.1:{stack.up_port}/t/acme/api/"

    # nginx: the reference proxy's configuration, one process (no master), as a worker runs it.
    port = free_port()
    conf = nginx_conf(scratch, "counted", 1, proxy_body(port, stack.up_port))
    prefix = scratch / "nginx"
    argv = [*CALLGRIND, f"--callgrind-out-file={prefix}.%p.out", NGINX, "-p", str(conf.parent), "-e", str(conf.parent / "error.log"), "-c", str(conf), "-g", "daemon off; master_process off;"]
    proc, _ = stack.procs.start("nginx-counted", argv)
    wait_port(port, 120)
    rows["nginx"] = {"dump": count(proc.pid, prefix, port, f"127.0.0.1:{port}", [], n, warm)}
    stack.procs.stop(proc)

    # The floor, one thread.
    port = free_port()
    prefix = scratch / "floor"
    argv = [*CALLGRIND, f"--callgrind-out-file={prefix}.%p.out", str(stack.bin_dir / "examples" / "hyper_floor"), f"127.0.0.1:{port}", upstream, "1"]
    proc, _ = stack.procs.start("hyper-floor-counted", argv, ready=r"hyper-floor listening on (http://\S+)", wait=300)
    rows["floor"] = {"dump": count(proc.pid, prefix, port, "localhost", [], n, warm)}
    stack.procs.stop(proc)

    # The gateway, with sessions signed in through it.
    prefix = scratch / "gateway"
    gw = stack.start_gateway("gateway-counted", wrapper=[*CALLGRIND, f"--callgrind-out-file={prefix}.%p.out"])
    cookies = sign_in_many(stack.origin("localhost", gw), "ada", 8)
    host = f"localhost:{gw['port']}"
    rows["gateway"] = {"dump": count(gw["proc"].pid, prefix, gw["port"], host, cookies, n, warm)}
    stack.procs.stop(gw["proc"])

    if getattr(args, "dumps", None):
        keep = Path(args.dumps)
        keep.mkdir(parents=True, exist_ok=True)
        for name, row in rows.items():
            shutil.copy(row["dump"], keep / f"{name}.callgrind.out")
    result: dict = {"requests": n, "warm_up": warm, "rows": {}}
    for name, row in rows.items():
        dump = row["dump"]
        entry = {"instructions_per_request": total_of(dump) / n}
        # Every request runs code of the proxy's own: a count below one instruction each is a
        # measure of nothing (instrumentation never switched on, or the wrong process dumped).
        if entry["instructions_per_request"] < 1:
            raise RuntimeError(f"callgrind counted no instructions for {name}'s requests ({dump})")
        if name != "nginx":
            entry["by_crate_per_request"] = {k: v / n for k, v in sorted(by_crate(dump).items(), key=lambda kv: -kv[1])}
        result["rows"][name] = entry
    base = result["rows"]["nginx"]["instructions_per_request"]
    for entry in result["rows"].values():
        entry["over_nginx"] = entry["instructions_per_request"] / base if base else None
    log("scenario 6 counted: " + ", ".join(f"{k} {v['instructions_per_request']:,.0f}" for k, v in result["rows"].items()))
    return result
