# The two README commands, `make demo` and `make test`, and their helpers.
SHELL := /bin/bash
.DEFAULT_GOAL := help

CARGO ?= cargo

.PHONY: help demo test deps test-deps build build-rust build-client contracts \
        test-rust test-client test-e2e bench fmt lint

help: ## list the targets
	@grep -E '^[a-z-]+:.*## ' $(MAKEFILE_LIST) | sed 's/:.*## /\t/'

demo: deps build ## install what is missing, build, run sandbox + gateway on http://localhost:8080/learn/
	@scripts/demo.sh

test: test-deps build ## every test: Rust unit + integration, contracts drift, client, browser
	$(MAKE) test-rust
	$(MAKE) test-client
	$(MAKE) test-e2e

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

bench: ## speed goals: lms-sandbox p99 per call under 5 ms on loopback (fails otherwise)
	$(CARGO) bench -p lms-sandbox

fmt:
	$(CARGO) fmt --all

lint:
	$(CARGO) fmt --all -- --check
	$(CARGO) clippy --workspace --all-targets -- -D warnings
