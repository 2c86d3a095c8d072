# knob-panel: two commands for a newcomer.
#   make run    install what is missing, build a release binary, show panels/demo.json
#   make test   install what tests need, run every test (unit, offscreen, VM display)
SHELL := /bin/bash
export PATH := $(PATH):/opt/swift/usr/bin
SWIFT ?= swift
PANEL ?= panels/demo.json
BIN := .build/release/knob-panel

.PHONY: run build test unit-test cli-test vm-test deps test-deps bench clean

run: deps build
	$(BIN) run $(PANEL)

build:
	$(SWIFT) build -c release

deps:
	@scripts/install-deps.sh build

test-deps:
	@scripts/install-deps.sh test

# Every test; fails (non-zero) when any test fails.
test: test-deps unit-test build cli-test vm-test

unit-test:
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build

cli-test:
	KNOB_PANEL=$(BIN) tests/cli/run-cli-tests.sh

vm-test:
	KNOB_PANEL=$(BIN) tests/vm/run-vm-tests.sh

bench: build
	$(BIN) bench $(PANEL) --frames 100

clean:
	rm -rf .build
