"""Shared by the load harness: paths, the fixed answer, logging, commands, ports, processes and
CPU time from /proc."""

from __future__ import annotations

import json
import os
import re
import shutil
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

# The folder of bench.py (tests/load): the hot-path steps and the default report live there.
HERE = Path(__file__).resolve().parents[1]
ROOT = HERE.parents[1]
CLK_TCK = os.sysconf("SC_CLK_TCK")
# The aggregate id of the pass-through path; any UUID passes the allowlist, the upstream nginx
# answers every knowledge-model call with the same fixed JSON.
AGGREGATE = "6b0e8a4e-1f0c-4a55-9d61-2f1b2c3d4e5f"
PASS_PATH = f"users/me/objective-workflow-aggregates/{AGGREGATE}/knowledge-model"
FIXED_JSON = json.dumps(
    {
        "knowledgeModelId": "0b1e8a4e-1f0c-4a55-9d61-2f1b2c3d4e5f",
        "name": "Cybersecurity knowledge model",
        "nodes": [{"id": f"n{i}", "label": f"Topic {i}", "mastery": i / 10} for i in range(8)],
    },
    separators=(",", ":"),
)
COMMANDS: list[str] = []
NGINX = shutil.which("nginx") or "/usr/sbin/nginx"
# Every section the full report has; the smoke run fails when one is missing.
SECTIONS = [
    "## Summary: pass-through against nginx (scenario 1)",
    "## Views (scenario 2)",
    "## Course details with 50 ms on every upstream call (scenario 3)",
    "## Sessions (scenario 4)",
    "## Client (scenario 5)",
    "## Instructions per request (scenario 6)",
    "## Commands",
]


def log(message: str) -> None:
    print(f"[bench {time.strftime('%H:%M:%S')}] {message}", file=sys.stderr, flush=True)


def note_command(argv: list[str]) -> None:
    """Keeps a command for the report, with paths relative to the repository."""
    line = " ".join(argv).replace(f"{ROOT}/", "").replace(tempfile.gettempdir() + "/", "$TMPDIR/")
    line = re.sub(r"lp_session=\S+", "lp_session=<session of ada>", line)
    line = re.sub(
        r"(?:lp_session=<session of ada> ?){2,}",
        lambda m: f"<the cookies of {m.group(0).count('lp_session')} sessions of ada> ",
        line,
    ).rstrip()
    COMMANDS.append(re.sub(r"\$TMPDIR/lp-bench-[^/ ]+", "$SCRATCH", line))


def run(argv: list[str], **kwargs) -> subprocess.CompletedProcess:
    note_command(argv)
    return subprocess.run(argv, **kwargs)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_port(port: int, timeout: float = 20) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            return
        except OSError:
            time.sleep(0.05)
    raise RuntimeError(f"nothing listens on 127.0.0.1:{port} after {timeout} s")


# ---------------------------------------------------------------- processes


class Processes:
    """Every process the bench started; `stop_all` ends them (SIGTERM, then SIGKILL)."""

    def __init__(self, scratch: Path):
        self.scratch = scratch
        self.started: list[tuple[str, subprocess.Popen]] = []

    def start(
        self, name: str, argv: list[str], env: dict | None = None, ready: str | None = None, wait: float = 60
    ) -> tuple[subprocess.Popen, str]:
        note_command(argv)
        errlog = open(self.scratch / f"{name}.stderr", "wb")
        proc = subprocess.Popen(
            argv,
            stdout=subprocess.PIPE if ready else subprocess.DEVNULL,
            stderr=errlog,
            env={**os.environ, **(env or {})},
            cwd=ROOT,
        )
        self.started.append((name, proc))
        found = ""
        if ready:
            deadline = time.monotonic() + wait
            pattern = re.compile(ready)
            while time.monotonic() < deadline:
                line = proc.stdout.readline().decode(errors="replace")
                if not line and proc.poll() is not None:
                    raise RuntimeError(f"{name} exited early: {self.tail(name)}")
                m = pattern.search(line)
                if m:
                    found = m.group(1)
                    break
            else:
                raise RuntimeError(f"{name} did not start within {wait:g} s: {self.tail(name)}")
        return proc, found

    def tail(self, name: str) -> str:
        try:
            return (self.scratch / f"{name}.stderr").read_text(errors="replace")[-3000:]
        except OSError:
            return ""

    def stop(self, proc: subprocess.Popen) -> None:
        if proc.poll() is None:
            proc.terminate()
            try:
                proc.wait(5)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait(5)
        self.started = [(n, p) for n, p in self.started if p is not proc]

    def stop_all(self) -> None:
        for _, proc in reversed(list(self.started)):
            self.stop(proc)


def proc_tree(pid: int) -> list[int]:
    """`pid` and its children (nginx's master and workers)."""
    pids = [pid]
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                stat = Path(f"/proc/{entry}/stat").read_text()
            except OSError:
                continue
            if int(stat.rsplit(")", 1)[1].split()[1]) == pid:
                pids.append(int(entry))
    return pids


def thread_cpu_seconds(pid: int) -> float:
    """CPU time of the live threads of `pid` to the nanosecond (`/proc/<pid>/task/*/schedstat`),
    for figures too small for `cpu_seconds_split`'s clock ticks; threads that ended are not counted."""
    total = 0
    for task in Path(f"/proc/{pid}/task").iterdir():
        try:
            total += int((task / "schedstat").read_text().split()[0])
        except (OSError, ValueError, IndexError):
            continue
    return total / 1e9


def cpu_seconds_split(pids: list[int]) -> tuple[float, float]:
    """User and system CPU time of these processes (all their threads, finished ones included):
    the system time is the kernel's work for their system calls (on loopback also the TCP
    delivery to the peer), the user time their own code's."""
    user = system = 0
    for pid in pids:
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        user += int(fields[11])
        system += int(fields[12])
    return user / CLK_TCK, system / CLK_TCK
