#!/usr/bin/env bash
# Starts lms-sandbox and the gateway with config/demo.toml; Ctrl-C stops both.
# Logs go to .demo-data/logs/; the script says 'running' only once the gateway's /healthz
# answered, and otherwise names the log to read.
set -euo pipefail
cd "$(dirname "$0")/.."

data_dir=.demo-data/sandbox
log_dir=.demo-data/logs
mkdir -p "$data_dir" "$log_dir"
sandbox_log=$log_dir/sandbox.log
gateway_log=$log_dir/gateway.log
pids=()
stop() {
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  wait 2>/dev/null || true
}
trap stop EXIT INT TERM

target/debug/lms-sandbox --listen 127.0.0.1:8081 --data-dir "$data_dir" >"$sandbox_log" 2>&1 &
pids+=($!)
target/debug/gateway --config config/default.toml --config config/demo.toml >"$gateway_log" 2>&1 &
pids+=($!)

# Wait until both answer (at most 30 s), or one of them exits.
healthy() { curl -fsS -o /dev/null "$1" 2>/dev/null; }
alive() { kill -0 "$1" 2>/dev/null; }
ready=
for _ in $(seq 1 300); do
  if ! alive "${pids[0]}"; then failed=sandbox; break; fi
  if ! alive "${pids[1]}"; then failed=gateway; break; fi
  if healthy http://127.0.0.1:8081/healthz && healthy http://127.0.0.1:8080/healthz; then ready=1; break; fi
  sleep 0.1
done

if [ -z "$ready" ]; then
  failed=${failed:-gateway}
  log=$log_dir/$failed.log
  echo >&2
  echo "The demo did not start: the $failed did not answer /healthz. Its log, $log, ends with:" >&2
  tail -n 20 "$log" >&2 || true
  exit 1
fi

echo
echo "The learner portal is running: http://localhost:8080/learn/"
echo "Sign in as ada / demo (more accounts in README.md). Ctrl-C stops it."
echo "Logs: $sandbox_log and $gateway_log"
wait -n "${pids[@]}"
