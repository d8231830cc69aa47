#!/usr/bin/env bash
# Installs schemathesis, pinned, in target/venv-schemathesis (ignored by git) for the API fuzz
# test of tests/integration (`schemathesis.rs`); does nothing when that version is already there.
set -euo pipefail
cd "$(dirname "$0")/.."

VERSION=4.32.5
VENV=target/venv-schemathesis

if [ -x "$VENV/bin/schemathesis" ] && [ "$("$VENV/bin/schemathesis" --version 2>/dev/null)" = "schemathesis, version $VERSION" ]; then
  exit 0
fi
echo "installing schemathesis $VERSION in $VENV"
mkdir -p target
python3 -m venv --clear "$VENV"
"$VENV/bin/pip" install --quiet --disable-pip-version-check --no-input "schemathesis==$VERSION"
