#!/usr/bin/env bash
# Starts lms-sandbox, the gateway with config/demo.toml, and the example embedding page
# (examples/embedding-parent, on another site: http://127.0.0.1:8090/); Ctrl-C stops all three.
# Logs go to .demo-data/logs/; the script says 'running' only once all three answer (the
# sandbox's and the gateway's /healthz, the example page), and otherwise names the log to read.
set -euo pipefail
cd "$(dirname "$0")/.."

data_dir=.demo-data/sandbox
log_dir=.demo-data/logs
mkdir -p "$data_dir" "$log_dir"
sandbox_log=$log_dir/sandbox.log
gateway_log=$log_dir/gateway.log
parent_log=$log_dir/embedding-parent.log
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
node examples/embedding-parent/serve.mjs --port 8090 >"$parent_log" 2>&1 &
pids+=($!)

# Wait until all three answer (at most 30 s), or one of them exits.
healthy() { curl -fsS -o /dev/null "$1" 2>/dev/null; }
alive() { kill -0 "$1" 2>/dev/null; }
ready=
for _ in $(seq 1 300); do
  if ! alive "${pids[0]}"; then failed=sandbox; break; fi
  if ! alive "${pids[1]}"; then failed=gateway; break; fi
  if ! alive "${pids[2]}"; then failed=embedding-parent; break; fi
  if healthy http://127.0.0.1:8081/healthz && healthy http://127.0.0.1:8080/healthz && healthy http://127.0.0.1:8090/; then
    ready=1
    break
  fi
  sleep 0.1
done

if [ -z "$ready" ]; then
  failed=${failed:-gateway}
  log=$log_dir/$failed.log
  echo >&2
  echo "The demo did not start: the $failed did not answer. Its log, $log, ends with:" >&2
  tail -n 20 "$log" >&2 || true
  exit 1
fi

echo
echo "The learner portal is running: http://localhost:8080/learn/"
echo "Sign in as ada / demo (more accounts in README.md). Ctrl-C stops it."
echo "Embedded in a page of another site (docs/embedding.md): http://127.0.0.1:8090/"
echo "Logs: $sandbox_log, $gateway_log and $parent_log"
wait -n "${pids[@]}"
