#!/usr/bin/env bash
# Installs what is missing for `make demo` (npm packages), with --test for `make test` (also
# Debian's chromium, redis-server, python3-venv, nginx, wrk and valgrind when running as root, and
# schemathesis, pinned, in a virtual environment under target/), with --bench for `make bench`
# and with --lint for `make lint` (the browser tests' npm packages too).
set -euo pipefail
cd "$(dirname "$0")/.."

npm_install() {
  local dir=$1
  # Reinstall when node_modules is missing or older than the lock file.
  if [ ! -d "$dir/node_modules" ] || [ "$dir/package-lock.json" -nt "$dir/node_modules/.package-lock.json" ]; then
    echo "installing npm packages in $dir"
    (cd "$dir" && npm ci --no-audit --no-fund --loglevel=error)
  fi
}

npm_install client

# `make lint` also lints the browser tests, with their own ESLint.
if [ "${1:-}" = "--lint" ]; then
  npm_install tests/e2e
  exit 0
fi

if [ "${1:-}" = "--test" ] || [ "${1:-}" = "--bench" ]; then
  npm_install tests/e2e
  npm_install tests/oidc-provider
  missing=()
  command -v chromium >/dev/null 2>&1 || missing+=(chromium)
  command -v redis-server >/dev/null 2>&1 || missing+=(redis-server)
  # schemathesis (the API fuzz test) goes into a virtual environment of Python 3.
  python3 -c 'import venv, ensurepip' >/dev/null 2>&1 || missing+=(python3-venv)
  # The load harness (tests/load): the reference proxy and the load generator.
  command -v nginx >/dev/null 2>&1 || [ -x /usr/sbin/nginx ] || missing+=(nginx)
  command -v wrk >/dev/null 2>&1 || missing+=(wrk)
  # Its instruction counts (scenario 6): callgrind.
  command -v valgrind >/dev/null 2>&1 || missing+=(valgrind)
  if [ ${#missing[@]} -gt 0 ]; then
    if [ "$(id -u)" = 0 ]; then
      echo "installing Debian packages: ${missing[*]}"
      apt-get update -q
      DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends "${missing[@]}"
    else
      echo "The tests need the Debian packages: ${missing[*]}." >&2
      echo "Install them as root: apt-get install ${missing[*]}" >&2
      exit 1
    fi
  fi
  scripts/install-schemathesis.sh
fi
