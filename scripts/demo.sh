#!/usr/bin/env bash
# Starts lms-sandbox and the gateway with config/demo.toml; Ctrl-C stops both.
set -euo pipefail
cd "$(dirname "$0")/.."

data_dir=.demo-data/sandbox
mkdir -p "$data_dir"
pids=()
stop() {
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  wait 2>/dev/null || true
}
trap stop EXIT INT TERM

target/debug/lms-sandbox --listen 127.0.0.1:8081 --data-dir "$data_dir" &
pids+=($!)
target/debug/gateway --config config/default.toml --config config/demo.toml &
pids+=($!)

# Wait until the gateway answers, then say where the portal is.
for _ in $(seq 1 100); do
  if curl -fsS -o /dev/null http://127.0.0.1:8080/healthz 2>/dev/null; then break; fi
  sleep 0.1
done
echo
echo "The learner portal is running: http://localhost:8080/learn/"
echo "Sign in as ada / demo (more accounts in README.md). Ctrl-C stops it."
wait -n "${pids[@]}"
