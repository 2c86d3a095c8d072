# knob-panel: two commands for a newcomer.
#   make run    install what is missing, build a release binary, show panels/demo.json
#   make test   install what tests need, run every test (unit, offscreen, VM display)
SHELL := /bin/bash
export PATH := $(PATH):/opt/swift/usr/bin
SWIFT ?= swift
PANEL ?= panels/demo.json
BIN := .build/release/knob-panel
# How the release binary is linked. Each piece is checked by tests/cli/run-cli-tests.sh on
# make's binary (no Swift runtime library, static C libraries, RELR, peak RSS of the bench) and
# costs memory when it goes missing (docs/performance.md, "Where the memory goes").
# --static-swift-stdlib: runs without the toolchain (the appliance carries no Swift libraries).
# lld, -z pack-relative-relocs: the 28 000 relative relocations as RELR (glibc >= 2.36), not a
#   660 KB table the loader reads. --no-export-dynamic: nothing loads plug-ins.
# HOT: the functions a panel runs while it starts and paints, first in .text and together (the
#   kernel maps code in 64 KB windows round each page touched). The recipe writes the list from
#   the binary it just linked (scripts/hot-functions.py, a second or two) and links again when
#   it changed; a stale name in it can only come from before this build's source change, hence
#   --no-warn-symbol-ordering.
# -function-sections: the list can move only functions in sections of their own.
# scripts/private-functions.ld: .init, .plt and the private helpers without a symbol to list,
#   in front of the hot functions.
HOT := .build/hot-functions.order
FUNCTION_SECTIONS := -Xswiftc -Xfrontend -Xswiftc -function-sections \
	-Xlinker -T -Xlinker $(CURDIR)/scripts/private-functions.ld
LEAN_LINK := -Xswiftc -use-ld=lld -Xlinker -z -Xlinker pack-relative-relocs -Xlinker --no-export-dynamic \
	-Xlinker --symbol-ordering-file=$(CURDIR)/$(HOT) -Xlinker --no-warn-symbol-ordering \
	$(FUNCTION_SECTIONS)
# libstdc++ (only the Swift runtime uses it) linked statically: the runtime's link arguments say
# -lstdc++, so a directory searched first holds a linker script of that name naming the archive
# (no archive: the shared library).
STATIC_CXX := .build/static-libstdc++
# Cairo, the libraries it uses (pixman, fontconfig, FreeType, expat, libpng, zlib, brotli) and
# libdrm from Debian's archives: a shared library is resident in 64 KB windows with its own
# relocated data. scripts/static-c-link.sh prints lld --remap-inputs flags for the -l flags the
# module maps give (an archive missing: all shared, with a note); it runs in the recipe, after
# deps installed the packages, never while make parses this file.
STATIC_C := .build/static-c/cairo.ld
RELEASE := -c release --static-swift-stdlib $(LEAN_LINK) -Xswiftc -L$(CURDIR)/$(STATIC_CXX)
# set -f: the flags' '*/libcairo.so' patterns are for lld, not for the shell to expand.
# Link, list the hot functions of the binary, link again (about a second) if the list changed.
RELEASE_BUILD = mkdir -p .build && touch $(HOT) && flags=$$(scripts/static-c-link.sh $(STATIC_C)) && set -f && \
	$(SWIFT) build $(RELEASE) $$flags && old=$$(cksum < $(HOT)) && scripts/hot-functions.py $(BIN) $(HOT) && \
	if [ "$$(cksum < $(HOT))" != "$$old" ]; then rm -f $(BIN) && $(SWIFT) build $(RELEASE) $$flags; fi

PREFIX ?= /usr/local
# What runs $(BIN) for install's man pages and completions: empty, or qemu-aarch64 for arm64.
EMU ?=
DESTDIR ?=
BINDIR := $(PREFIX)/bin
DATADIR := $(PREFIX)/share/knob-panel
DOCDIR := $(PREFIX)/share/doc/knob-panel
UNITDIR ?= $(PREFIX)/lib/systemd/system
SYSUSERSDIR ?= $(PREFIX)/lib/sysusers.d
MANDIR := $(PREFIX)/share/man
BASHCOMPDIR := $(PREFIX)/share/bash-completion/completions
ZSHCOMPDIR := $(PREFIX)/share/zsh/vendor-completions
# The unit reads its settings from here whatever the PREFIX (ConfigurationDirectory= is /etc).
CONFDIR := /etc/knob-panel
# What install writes besides the panels (uninstall removes exactly these).
INSTALLED := $(BINDIR)/knob-panel $(UNITDIR)/knob-panel.service $(SYSUSERSDIR)/knob-panel.conf \
	$(MANDIR)/man1/knob-panel.1 $(MANDIR)/man5/knob-panel-layout.5 $(BASHCOMPDIR)/knob-panel $(ZSHCOMPDIR)/_knob-panel

.PHONY: build-arm64 deb-arm64 test-arm64 run build test unit-test cli-test studio-test fuzz-test fuzz vm-test deb-test deps test-deps bench clean install uninstall deb image vm-demo image-test

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
test: test-deps unit-test build cli-test studio-test fuzz-test deb-test vm-test

unit-test:
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build

cli-test:
	KNOB_PANEL=$(BIN) KNOB_REQUIRE_STATIC=1 tests/cli/run-cli-tests.sh

# The layout studio over HTTP against the real server, then in Debian's chromium (Playwright):
# the page, then the design tools (select, move, resize, inspector, palette, screen, undo).
studio-test:
	python3 tests/studio/http_tests.py $(BIN)
	python3 tests/studio/browser_tests.py $(BIN)
	python3 tests/studio/design_tests.py $(BIN)

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

# make install [PREFIX=/usr/local] [DESTDIR=/tmp/stage]: binary, panels, schema, docs, man pages,
# completions, the unit and its user (sysusers.d), and /etc/knob-panel/knob-panel.conf unless one
# is there. tests/vm/image.py writes the unit into the appliance the same way; make deb stages
# with PREFIX=/usr. The man pages and completions come from the binary ('knob-panel manual').
install: $(BIN)
	install -d $(DESTDIR)$(BINDIR) $(DESTDIR)$(DATADIR)/panels $(DESTDIR)$(DOCDIR) $(DESTDIR)$(UNITDIR) $(DESTDIR)$(SYSUSERSDIR) \
	    $(DESTDIR)$(MANDIR)/man1 $(DESTDIR)$(MANDIR)/man5 $(DESTDIR)$(BASHCOMPDIR) $(DESTDIR)$(ZSHCOMPDIR) $(DESTDIR)$(CONFDIR)
	install -m 0755 $(BIN) $(DESTDIR)$(BINDIR)/knob-panel
	install -m 0644 panels/*.json $(DESTDIR)$(DATADIR)/panels/
	install -m 0644 README.md docs/*.md $(DESTDIR)$(DOCDIR)/
	sed -e 's|@BINDIR@|$(BINDIR)|g' -e 's|@PANELDIR@|$(DATADIR)/panels|g' -e 's|@DOCDIR@|$(DOCDIR)|g' \
	    dist/knob-panel.service.in > $(DESTDIR)$(UNITDIR)/knob-panel.service
	chmod 0644 $(DESTDIR)$(UNITDIR)/knob-panel.service
	install -m 0644 dist/knob-panel.sysusers $(DESTDIR)$(SYSUSERSDIR)/knob-panel.conf
	$(EMU) $(BIN) manual knob-panel.1 > $(DESTDIR)$(MANDIR)/man1/knob-panel.1
	$(EMU) $(BIN) manual knob-panel-layout.5 > $(DESTDIR)$(MANDIR)/man5/knob-panel-layout.5
	$(EMU) $(BIN) manual bash > $(DESTDIR)$(BASHCOMPDIR)/knob-panel
	$(EMU) $(BIN) manual zsh > $(DESTDIR)$(ZSHCOMPDIR)/_knob-panel
	sed -e 's|/usr/share/knob-panel/panels|$(DATADIR)/panels|g' dist/knob-panel.conf > .build/knob-panel.conf
	[ -e $(DESTDIR)$(CONFDIR)/knob-panel.conf ] || install -m 0644 .build/knob-panel.conf $(DESTDIR)$(CONFDIR)/knob-panel.conf

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

# Removes what install wrote. A panel that differs from the one shipped (a user edited it) and
# /etc/knob-panel (the user's settings and panels) are kept, and said so.
uninstall:
	rm -f $(addprefix $(DESTDIR),$(INSTALLED))
	for f in panels/*.json; do t=$(DESTDIR)$(DATADIR)/$$f; \
	    if cmp -s "$$f" "$$t"; then rm -f "$$t"; elif [ -e "$$t" ]; then echo "kept $$t: it differs from the one installed"; fi; done
	for f in README.md docs/*.md; do rm -f $(DESTDIR)$(DOCDIR)/$$(basename $$f); done
	-rmdir $(DESTDIR)$(DATADIR)/panels $(DESTDIR)$(DATADIR) $(DESTDIR)$(DOCDIR) 2>/dev/null
	@[ ! -d $(DESTDIR)$(CONFDIR) ] || echo "kept $(DESTDIR)$(CONFDIR): your settings and panels (remove it yourself)"

# The Debian package, built with dpkg-deb from a 'make install' staging tree (scripts/deb.sh).
deb: $(BIN)
	@scripts/install-deps.sh deb
	scripts/deb.sh build $(BIN)

# Installs, runs, removes and purges the package in a throwaway Debian root (debootstrap).
deb-test: deb
	scripts/deb.sh test

# arm64 (aarch64), cross-compiled on this x86_64 machine by Debian trixie's swiftlang 6.0.3 (amd64)
# against an arm64 tree of trixie's packages, both unpacked under .build/arm64 by
# scripts/arm64-sdk.sh (once; README.md "arm64"). The link is make build's LEAN_LINK, with two
# differences: the hot-function list is the x86_64 build's when there is one (hot-functions.py
# traces with x86-64 ptrace; the Swift and C symbol names are the same), and trixie ships no
# libcairo.a or libpixman-1.a, so those two are bookworm's (the archives make build links here,
# cairo 1.16; arm64-sdk.sh static-archives), the rest of the static C libraries trixie's.
ARM64 := .build/arm64
BIN_ARM64 := $(ARM64)/swiftpm/aarch64-unknown-linux-gnu/release/knob-panel
STATIC_CXX_ARM64 := $(ARM64)/static-libstdc++
HOT_ARM64 := $(ARM64)/hot-functions.order
RELEASE_ARM64 := -c release --static-swift-stdlib --swift-sdks-path $(CURDIR)/$(ARM64)/sdk --swift-sdk knob-arm64 \
	--scratch-path $(CURDIR)/$(ARM64)/swiftpm $(subst $(CURDIR)/$(HOT),$(CURDIR)/$(HOT_ARM64),$(LEAN_LINK)) \
	-Xswiftc -L$(CURDIR)/$(STATIC_CXX_ARM64)
build-arm64:
	@scripts/install-deps.sh arm64
	scripts/arm64-sdk.sh > /dev/null
	@mkdir -p $(STATIC_CXX_ARM64) && echo "INPUT($(CURDIR)/$(ARM64)/root/usr/lib/gcc/aarch64-linux-gnu/14/libstdc++.a)" > $(STATIC_CXX_ARM64)/libstdc++.so
	@touch $(HOT) && if ! cmp -s $(HOT) $(HOT_ARM64); then cp $(HOT) $(HOT_ARM64) && rm -f $(BIN_ARM64); fi
	flags=$$(scripts/arm64-sdk.sh run scripts/static-c-link.sh $(ARM64)/static-c/cairo.ld $(CURDIR)/$(ARM64)/static-archives) && set -f && \
	    scripts/arm64-sdk.sh swift build $(RELEASE_ARM64) $$flags
	@file -b $(BIN_ARM64)

# The arm64 package: scripts/deb.sh on the arm64 binary, its Depends from the arm64 tree's
# symbols files (scripts/tree-shlibdeps.py), the man pages from the binary under qemu-aarch64,
# Built-Using the sources of the static archives when cairo is linked in.
deb-arm64: build-arm64
	bu=$$(readelf -d $(BIN_ARM64) | grep -q 'libcairo\.so' || scripts/arm64-sdk.sh built-using | sort -u | paste -sd, | sed 's/,/, /g') && \
	DEB_BUILT_USING="$$bu" DEB_ARCH=arm64 DEB_TREE=$(CURDIR)/$(ARM64)/root DEB_EMU="qemu-aarch64-static -L $(CURDIR)/$(ARM64)/root" \
	    DEB_RENAME='s/^libunibreak1$$/libunibreak6/; s/^libasound2$$/libasound2t64/' \
	    scripts/deb.sh build $(BIN_ARM64)

# The arm64 binary against the x86_64 one, emulated (tests/arm64/run-arm64-tests.sh): renders and
# events under qemu-aarch64, the VM step in qemu-system-aarch64, the .deb installed in a trixie
# arm64 root booted in that VM, size, RSS. Not in make test (about 12.5 minutes once both builds
# are there, 9.5 of them the package step; DEB_INSTALL=0 leaves it out); make test-arm64
# COUNTS=1 adds the instruction counts (callgrind; the arm64 run under qemu-aarch64 is slow).
test-arm64: build build-arm64 deb-arm64
	KNOB_PANEL=$(BIN) KNOB_PANEL_ARM64=$(BIN_ARM64) tests/arm64/run-arm64-tests.sh

clean:
	rm -rf .build .build-fuzz
