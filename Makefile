# The two README commands, `make demo` and `make test`, and their helpers.
SHELL := /bin/bash
.DEFAULT_GOAL := help

CARGO ?= cargo

.PHONY: help demo test deps test-deps build build-rust build-client contracts \
        test-rust test-client test-e2e test-bench bench bench-deps bench-sandbox fmt lint

help: ## list the targets
	@grep -E '^[a-z-]+:.*## ' $(MAKEFILE_LIST) | sed 's/:.*## /\t/'

demo: deps build ## install what is missing, build, run sandbox + gateway on http://localhost:8080/learn/
	@scripts/demo.sh

test: test-deps build ## every test: Rust unit + integration, contracts drift, client, browser, bench smoke run
	$(MAKE) test-rust
	$(MAKE) test-client
	$(MAKE) test-e2e
	$(MAKE) test-bench

deps:
	@scripts/install-deps.sh

test-deps:
	@scripts/install-deps.sh --test

build: build-rust build-client

build-rust:
	$(CARGO) build --workspace --bins

build-client:
	cd client && npm run build --silent

contracts: ## regenerate the client's TypeScript contracts from the Rust crate
	UPDATE_CONTRACTS=1 $(CARGO) test -p contracts --quiet

test-rust:
	$(CARGO) test --workspace

test-client:
	cd client && npm run typecheck --silent && npm run i18n:check --silent && npm test --silent

test-e2e:
	cd tests/e2e && npm test

# The harness of `make bench` with tiny durations on the debug build: fails only when the
# harness is broken (a scenario or a report section missing), never on speed.
test-bench:
	$(CARGO) build -p gateway --example session_memory
	python3 tests/load/bench.py --smoke --bin-dir target/debug --out-dir target/bench-smoke --time-limit 300

bench: bench-deps build-client ## gateway vs nginx side by side: writes tests/load/report.md and report.json
	$(CARGO) build --release -p gateway -p lms-sandbox --bins --example session_memory
	python3 tests/load/bench.py

bench-deps:
	@scripts/install-deps.sh --bench

bench-sandbox: ## speed goals: lms-sandbox p99 per call under 5 ms on loopback (fails otherwise)
	$(CARGO) bench -p lms-sandbox

fmt:
	$(CARGO) fmt --all

lint:
	$(CARGO) fmt --all -- --check
	$(CARGO) clippy --workspace --all-targets -- -D warnings
