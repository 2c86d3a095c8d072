# knob-panel: two commands for a newcomer.
#   make run    install what is missing, build a release binary, show panels/demo.json
#   make test   install what tests need, run every test (unit, offscreen, VM display)
SHELL := /bin/bash
export PATH := $(PATH):/opt/swift/usr/bin
SWIFT ?= swift
PANEL ?= panels/demo.json
BIN := .build/release/knob-panel
# The Swift runtime linked into the binary: it runs on a machine without the toolchain (and
# the appliance image needs no Swift libraries). See docs/performance.md for size and start-up.
# Fewer pages touched at start (docs/performance.md, "Where the memory goes"): LLVM's lld (in
# the toolchain) packs the 28 000 relative relocations as RELR (glibc >= 2.36) instead of a
# 660 KB table the loader reads, and no Swift symbols go into the dynamic symbol table (they
# are for nobody: the binary loads no plug-ins), about 1 MiB resident less. The functions that
# run while a panel starts and paints go first in .text, together (scripts/hot-functions.sh
# writes the list): 2.8 MB of code resident instead of 4.7 MB.
# The list can only move functions that sit in sections of their own: swiftc puts most of a
# file's functions into one .text section (1.25 MB of ours), which moved whole or not at all;
# -function-sections gives each its own. Private helpers without a symbol (closure contexts'
# destroy functions, unnamed thunks) cannot be listed: scripts/private-functions.ld gathers them
# in front of .text. Together about 0.3 MB of code less resident; the code itself is unchanged.
FUNCTION_SECTIONS := -Xswiftc -Xfrontend -Xswiftc -function-sections \
	-Xlinker -T -Xlinker $(CURDIR)/scripts/private-functions.ld
LEAN_LINK := -Xswiftc -use-ld=lld -Xlinker -z -Xlinker pack-relative-relocs -Xlinker --no-export-dynamic \
	-Xlinker --symbol-ordering-file=$(CURDIR)/scripts/hot-functions.order -Xlinker --no-warn-symbol-ordering \
	$(FUNCTION_SECTIONS)
# libstdc++ (which only the Swift runtime uses) is linked statically, as -static-libstdc++
# would: the 2 MB shared library was 0.95 MiB resident for the few functions the runtime
# calls. The runtime's link arguments say -lstdc++, so a directory searched first holds a
# linker script of that name pointing at the archive (no archive: the shared library as before).
STATIC_CXX := .build/static-libstdc++
# Cairo and the libraries only it uses here (pixman, fontconfig, FreeType, expat, libpng, zlib,
# brotli), and libdrm, are linked statically from Debian's own archives (the -dev packages ship
# them): a shared library is resident in 64 KB windows round every page touched, with its own
# relocated data, so linked in they cost 2 MiB less at the bench's peak (docs/performance.md).
# The module maps say -lcairo, -lfontconfig, -lfreetype and -ldrm, and pkg-config's -L comes first, so lld's --remap-inputs
# swaps the shared libraries it finds for the archives (scripts/static-c-link.sh; an archive
# missing: everything stays shared, with a note). X11 is not needed: nothing pulls cairo's Xlib code.
# The choice is made in the recipe, after deps has installed the packages: make parses this
# file before any recipe runs, when a fresh machine has no pkg-config and no archives yet.
STATIC_C := .build/static-c/cairo.ld
RELEASE := -c release --static-swift-stdlib $(LEAN_LINK) -Xswiftc -L$(CURDIR)/$(STATIC_CXX)
# set -f: the flags' '*/libcairo.so' patterns are for lld, not for the shell to expand.
RELEASE_BUILD = flags=$$(scripts/static-c-link.sh $(STATIC_C)) && set -f && $(SWIFT) build $(RELEASE) $$flags

PREFIX ?= /usr/local
DESTDIR ?=
BINDIR := $(PREFIX)/bin
DATADIR := $(PREFIX)/share/knob-panel
DOCDIR := $(PREFIX)/share/doc/knob-panel
UNITDIR ?= $(PREFIX)/lib/systemd/system
SYSUSERSDIR ?= $(PREFIX)/lib/sysusers.d

.PHONY: run build test unit-test cli-test studio-test fuzz-test fuzz vm-test deps test-deps bench clean install uninstall image vm-demo image-test

run: deps build
	$(BIN) run $(PANEL) --fallback png

build: $(STATIC_CXX)
	$(RELEASE_BUILD)

$(STATIC_CXX):
	@mkdir -p $@; a=$$(clang -print-file-name=libstdc++.a); \
	if [ -f "$$a" ]; then echo "INPUT($$a)" > $@/libstdc++.so; else echo "note: no libstdc++.a, libstdc++ stays a shared library"; fi

deps:
	@scripts/install-deps.sh build

test-deps:
	@scripts/install-deps.sh test

# Every test; fails (non-zero) when any test fails.
test: test-deps unit-test build cli-test studio-test fuzz-test vm-test

unit-test:
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build

cli-test:
	KNOB_PANEL=$(BIN) KNOB_REQUIRE_STATIC=1 tests/cli/run-cli-tests.sh

# The layout studio over HTTP against the real server, then in Debian's chromium (Playwright).
studio-test:
	python3 tests/studio/http_tests.py $(BIN)
	python3 tests/studio/browser_tests.py $(BIN)

# Every parser under libFuzzer + AddressSanitizer for 20 s each (five targets, under two minutes),
# built into .build-fuzz/ by tests/fuzz/fuzz.sh; fails on any crash or broken contract.
fuzz-test:
	tests/fuzz/fuzz.sh run 20

# Long runs: FUZZ_RUNS executions per target (one target at a time, niced).
FUZZ_RUNS ?= 1000000
fuzz:
	tests/fuzz/fuzz.sh runs $(FUZZ_RUNS)

vm-test:
	KNOB_PANEL=$(BIN) tests/vm/run-vm-tests.sh

bench: build
	$(BIN) bench $(PANEL) --frames 100

# make install [PREFIX=/usr/local] [DESTDIR=/tmp/stage]: binary, panels, schema, docs, the unit
# and its user (sysusers.d). tests/vm/image.py writes the unit into the appliance the same way.
install: $(BIN)
	install -d $(DESTDIR)$(BINDIR) $(DESTDIR)$(DATADIR)/panels $(DESTDIR)$(DOCDIR) $(DESTDIR)$(UNITDIR) $(DESTDIR)$(SYSUSERSDIR)
	install -m 0755 $(BIN) $(DESTDIR)$(BINDIR)/knob-panel
	install -m 0644 panels/*.json $(DESTDIR)$(DATADIR)/panels/
	install -m 0644 README.md docs/*.md $(DESTDIR)$(DOCDIR)/
	sed -e 's|@BINDIR@|$(BINDIR)|g' -e 's|@PANELDIR@|$(DATADIR)/panels|g' -e 's|@DOCDIR@|$(DOCDIR)|g' \
	    dist/knob-panel.service.in > $(DESTDIR)$(UNITDIR)/knob-panel.service
	chmod 0644 $(DESTDIR)$(UNITDIR)/knob-panel.service
	install -m 0644 dist/knob-panel.sysusers $(DESTDIR)$(SYSUSERSDIR)/knob-panel.conf

$(BIN): $(STATIC_CXX)
	$(RELEASE_BUILD)

# The appliance: Debian's kernel + an initramfs (busybox, the binary and its libraries, fonts,
# panels, the unit) whose init runs the unit's ExecStart as its user (tests/vm/image.py).
IMAGE ?= .build/image
image: test-deps build
	python3 tests/vm/image.py build --bin $(BIN) --out $(IMAGE)

# Boots the image in QEMU: a window (-display gtk) when there is a display, else a screenshot.
vm-demo: image
	python3 tests/vm/image.py demo --out $(IMAGE)

# Boots the image, sets a value over the socket from the host, cuts the power, boots again.
image-test: image
	python3 tests/vm/image.py test --bin $(BIN) --out $(IMAGE)

uninstall:
	rm -f $(DESTDIR)$(BINDIR)/knob-panel $(DESTDIR)$(UNITDIR)/knob-panel.service $(DESTDIR)$(SYSUSERSDIR)/knob-panel.conf
	rm -rf $(DESTDIR)$(DATADIR) $(DESTDIR)$(DOCDIR)

clean:
	rm -rf .build .build-fuzz
