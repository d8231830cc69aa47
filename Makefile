# The two README commands, `make demo` and `make test`, and their helpers; `make help` lists
# every target with its `## ` description.
SHELL := /bin/bash
.DEFAULT_GOAL := help

CARGO ?= cargo

# The workspace's own crates are compiled through clippy-driver with every warning an error,
# in every build: what `cargo clippy -- -D warnings` does, but as a full build rather than a
# check, so `make lint` and `make test` share one build of everything instead of checking the
# whole dependency tree once more (a fresh clone: 7 min 18 s for the one build against about
# 4 min 30 s of clippy and 5 min of build). The price: a lint is an error in `make test` and
# `make demo` too. CLIPPY_ARGS is how cargo-clippy hands its arguments to clippy-driver; the
# same value must reach every cargo command, or the crates are compiled again. Without
# clippy-driver (an empty wrapper), cargo builds as usual.
ifeq ($(origin RUSTC_WORKSPACE_WRAPPER),undefined)
RUSTC_WORKSPACE_WRAPPER := $(shell rustup which clippy-driver 2>/dev/null || command -v clippy-driver)
endif
export RUSTC_WORKSPACE_WRAPPER
export CLIPPY_ARGS := -D__CLIPPY_HACKERY__warnings__CLIPPY_HACKERY__

.PHONY: help demo test deps test-deps build build-rust build-client build-test contracts \
        test-rust snapshots test-client test-e2e test-bench bench bench-deps bench-sandbox fmt lint lint-rust lint-client lint-e2e

help: ## list the targets
	@grep -E '^[a-z0-9-]+:.*## ' $(MAKEFILE_LIST) | sed 's/:.*## /\t/'

demo: deps build ## install what is missing, build, run sandbox + gateway on http://localhost:8080/learn/
	@scripts/demo.sh

test: test-deps build-test ## every test: Rust unit + integration, contracts drift, client, browser, bench smoke run
	$(MAKE) test-rust
	$(MAKE) test-client
	$(MAKE) test-e2e
	$(MAKE) test-bench

deps: ## install the npm packages `make demo` needs
	@scripts/install-deps.sh

test-deps: ## install what `make test` needs (npm packages; chromium, redis-server, nginx, wrk as root)
	@scripts/install-deps.sh --test

build: build-rust build-client ## build the Rust binaries and the client

build-rust: ## build the gateway and lms-sandbox binaries (debug)
	$(CARGO) build --workspace --bins

build-client: ## build the client into client/dist
	cd client && npm run build --silent

# What `make test` runs, built once: the binaries, every test target and the examples in one
# cargo invocation, so dependencies are built with a single feature set. Built apart (the
# binaries, then `cargo test`, then the bench's examples with `-p gateway`), the tests' dev
# dependencies switched on more features and about ninety crates and the gateway were compiled
# twice: 9 min 8 s of building became 7 min 55 s here (the client's build included).
build-test: build-client ## build what `make test` runs: binaries, tests and examples (debug), and the client
	$(CARGO) build --workspace --bins --tests --examples

contracts: ## regenerate the client's TypeScript contracts from the Rust crate
	UPDATE_CONTRACTS=1 $(CARGO) test -p contracts --quiet

# Snapshot tests never write or accept a snapshot here, whatever the environment says: a
# changed view fails (in CI too, where insta would otherwise decide from `CI`), and nothing is
# left behind to be committed unreviewed. `make snapshots` is how they change.
test-rust: ## Rust unit and integration tests, the contracts drift check, the view snapshots
	INSTA_UPDATE=no INSTA_FORCE_PASS=0 $(CARGO) test --workspace

snapshots: ## rewrite the view and OpenAPI snapshots from the current code (review with git diff)
	INSTA_UPDATE=always $(CARGO) test -p integration --test api snapshots::
	@git status --short tests/integration/tests/api/snapshots

test-client: ## client type check, message extraction check, unit tests and the bundle budget (needs a build)
	cd client && npm run typecheck --silent && npm run i18n:check --silent && npm test --silent && npm run budget --silent

test-e2e: ## the browser tests in headless Chromium (needs `make build`)
	cd tests/e2e && npm test

# The harness of `make bench` with tiny durations on the debug build: fails only when the
# harness is broken (a scenario or a report section missing), never on speed.
test-bench: ## the load harness for a few seconds on the debug build (fails only when it breaks)
	$(CARGO) build --workspace --example session_memory --example hyper_floor
	python3 tests/load/bench.py --smoke --bin-dir target/debug --out-dir target/bench-smoke --time-limit 300
	python3 tests/load/bench.py --smoke --bin-dir target/debug --against target/debug --time-limit 120 > target/bench-smoke/against.txt

bench: bench-deps build-client ## gateway vs nginx side by side: writes tests/load/report.md and report.json
	$(CARGO) build --release -p gateway -p lms-sandbox --bins --example session_memory --example hyper_floor
	python3 tests/load/bench.py

bench-deps: ## install what `make bench` needs (nginx, wrk as root)
	@scripts/install-deps.sh --bench

bench-sandbox: ## speed goals: lms-sandbox p99 per call under 5 ms on loopback (fails otherwise)
	$(CARGO) bench -p lms-sandbox

fmt: ## format the Rust code
	$(CARGO) fmt --all

# Every lint CI runs (`.ci/run`, before `make test`), one prerequisite per part. The client's
# bundle budget needs a build, so it runs in `make test-client`.
lint: lint-rust lint-client lint-e2e ## every lint CI runs: Rust formatting and clippy, the client's ESLint and Prettier, the browser tests' ESLint
	@echo "lint: clean"

lint-rust: ## rustfmt check, then clippy over every target of the workspace with every warning an error
	$(CARGO) fmt --all -- --check
	@test -n "$$RUSTC_WORKSPACE_WRAPPER" || { echo "lint-rust: clippy-driver not found (rustup component add clippy)"; exit 1; }
	$(CARGO) build --workspace --all-targets

# `deps` installs the client's npm packages when they are missing or older than the lock file
# (a fresh clone lints before `make test` installs anything).
lint-client: deps ## client ESLint (typescript-eslint, hooks, jsx-a11y) with no warning, then the Prettier check
	cd client && npm run lint --silent && npm run format:check --silent

lint-e2e: ## the browser tests' ESLint: a name used but never defined or imported, one never used
	@scripts/install-deps.sh --lint
	cd tests/e2e && npm run lint --silent
