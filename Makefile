# pbtool — every entry point a developer or CI needs. `make test` and `make demo` work on a fresh
# Debian 12 machine: they install the Debian packages they need first (root, or sudo).

SWIFT        ?= swift
RELEASE_DIR  := .build/release
# Release builds carry the Swift runtime and Foundation inside the binary: an installed pbtool
# then runs without the Swift toolchain, and starts in about 7 ms instead of 10 (docs/bench.md).
RELEASE      := -c release --static-swift-stdlib
DEBUG_DIR    := .build/debug
# Debug builds compile the image and fingerprint modules with -O (Package.swift says why).
export PBTOOL_OPTIMIZE_ENGINE := 1

# Debian packages the build, the live-stack tests and the demo need; the JPEG and JPEG 2000 tools
# the codecs are tested against; man-db, dpkg-dev and lintian for the man pages and `make deb`;
# libsystemd-dev (sd-bus) for `pbtool service`, and dbus, fprintd and libpam-fprintd for its tests
# (their clients and pam_fprintd; fprintd's own daemon is never started).
DEBIAN_PACKAGES := pcscd vsmartcard-vpcd libpcsclite-dev libusb-1.0-0-dev libsqlite3-dev \
                   libssl-dev umockdev libpng-dev libtiff-dev sqlite3 pcsc-tools \
                   pamtester libpam-modules openssl python3-cryptography stress-ng e2fsprogs \
                   libjpeg62-turbo-dev libopenjp2-7-dev libjpeg-turbo-progs libopenjp2-tools \
                   man-db dpkg-dev lintian python3-gi gir1.2-umockdev-1.0 \
                   libsystemd-dev dbus fprintd libpam-fprintd polkitd
# Python packages the interoperability tests and benchmarks compare against (skipped when absent).
PIP_PACKAGES    := wsq

.PHONY: all deps build test fuzz fuzz-long ci-under-load demo bench man completions install install-udev deb lintian test-deb clean

all: build

deps:
	@missing=""; for p in $(DEBIAN_PACKAGES); do \
	    dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q "ok installed" || missing="$$missing $$p"; \
	done; \
	if [ -n "$$missing" ]; then \
	    echo "Installing Debian packages:$$missing"; \
	    if [ "$$(id -u)" = 0 ]; then SUDO=""; else SUDO="sudo"; fi; \
	    $$SUDO apt-get update -qq && \
	    DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq --no-install-recommends $$missing; \
	fi
	@for p in $(PIP_PACKAGES); do \
	    python3 -c "import $$p" 2>/dev/null || python3 -m pip install -q $$p 2>/dev/null || \
	        echo "note: could not install Python package $$p; tests that compare against it will be skipped"; \
	done

build: deps
	$(SWIFT) build

# `make test`, last step: replay apdu-scripts/*.apdu against the virtual card through pcscd
# (`pbtool card emulate` in vpcd reader "Virtual PCD 00 00") and store the JUnit report. It holds
# the live-stack lock the Swift live tests use, starts pcscd only if none runs, and stops what it
# started; a failed script fails the make.
APDU_JUNIT ?= reports/apdu-junit.xml
define APDU_SCRIPTS_REPLAY
set -eu
pbtool=$(DEBUG_DIR)/pbtool; started_pcscd=""
status=0; $$pbtool card readers >/dev/null 2>&1 || status=$$?   # 3: pcscd unreachable
[ $$status -ne 3 ] || { pcscd; started_pcscd=yes; echo "apdu-scripts: started pcscd"; }
$$pbtool card emulate --port 35963 >.build/apdu-scripts-emulator.log 2>&1 & emulator=$$!
trap 'kill -TERM $$emulator; wait $$emulator || true; [ -z "$$started_pcscd" ] || kill $$(cat /run/pcscd/pcscd.pid)' EXIT
# Until pcscd shows the card; 5 minutes only turns a hang into a failure (a loaded machine took over 10 s).
for _ in $$(seq 1500); do $$pbtool card status --reader "Virtual PCD 00 00" >/dev/null 2>&1 && break; sleep 0.2; done
$$pbtool apdu run --reader "Virtual PCD 00 00" --junit $(APDU_JUNIT) apdu-scripts/*.apdu
endef
export APDU_SCRIPTS_REPLAY

# Tests run one at a time: many wait on child processes and pcscd with blocking calls, and in
# parallel on a 2-core machine those waits starved the thread pool Foundation's Process uses to
# notice a child's exit (tests stalled for minutes, then timed out). Live tests share one pcscd anyway.
test: deps
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build --no-parallel
	flock /tmp/pbtool-live-stack.lock bash -c "$$APDU_SCRIPTS_REPLAY"

# `make fuzz`: every parser under libFuzzer + AddressSanitizer for FUZZ_SECONDS each (docs/fuzzing.md);
# FUZZ_TARGETS narrows it to some targets. Builds in .build-fuzz, apart from the normal build.
FUZZ_SECONDS ?= 60
fuzz: deps
	FUZZ_SECONDS=$(FUZZ_SECONDS) Fuzz/run-fuzz.sh

# `make fuzz-long`: every target for FUZZ_LONG_SECONDS (an hour) each, or until FUZZ_RUNS
# executions when that is set; inputs that add coverage are merged into Fuzz/Corpus/<target>,
# the small corpus kept in the repository (docs/fuzzing.md).
FUZZ_LONG_SECONDS ?= 3600
FUZZ_RUNS ?=
fuzz-long: deps
	FUZZ_SECONDS=$(FUZZ_LONG_SECONDS) FUZZ_RUNS=$(FUZZ_RUNS) FUZZ_KEEP_CORPUS=1 Fuzz/run-fuzz.sh

# `make ci-under-load`: what CI runs (.ci/run) while stress-ng keeps both cores busy, as on a
# shared CI machine: the live tests must wait for events, never for a time (docs/robustness.md).
ci-under-load: deps
	stress-ng --cpu 2 --quiet & load=$$!; trap 'kill $$load' EXIT; bash .ci/run

# `make demo`: pcscd (started only if none runs), a fresh virtual card attached through vpcd by
# `pbtool card emulate`, and the simulated sensor with synthetic fingers: card status → enroll
# the right index on the card → verify (match) → verify with another finger (no match, counter
# shown) → the IDStore secret released after a match. Holds the live-stack lock the tests use,
# and stops everything it started. The card decides with the engine's compact-card matcher at
# its calibrated FMR 1/10,000 threshold.
DEMO_STATE ?= $(CURDIR)/.build/demo-card-state.json
DEMO_KEY   := 00112233445566778899AABBCCDDEEFF
define DEMO_SCRIPT
set -eu
pbtool=$(DEBUG_DIR)/pbtool; started_pcscd=""; scratch=$$(mktemp -d)
status=0; $$pbtool card readers >/dev/null 2>&1 || status=$$?   # 3: pcscd unreachable
[ $$status -ne 3 ] || { pcscd; started_pcscd=yes; echo "demo: started pcscd"; }
rm -f $(DEMO_STATE)
$$pbtool card emulate --state $(DEMO_STATE) >.build/demo-emulator.log 2>&1 & emulator=$$!
trap 'kill -TERM $$emulator; wait $$emulator || true; rm -rf $$scratch; [ -z "$$started_pcscd" ] || kill $$(cat /run/pcscd/pcscd.pid)' EXIT
for _ in $$(seq 1500); do $$pbtool card status >/dev/null 2>&1 && break; sleep 0.2; done
step() { printf '\n== %s\n' "$$1"; }
run() { printf '$$ pbtool %s\n' "$$*"; $$pbtool "$$@"; }
expect() { wanted=$$1; shift; got=0; run "$$@" || got=$$?; echo "(exit $$got)"; [ $$got -eq $$wanted ]; }
owner="--sensor sim:synthetic:7"; stranger="--sensor sim:synthetic:11"
step "The card in the reader"
run card status
step "A fresh card: its admin key set"
run card init --admin-key $(DEMO_KEY)
printf 'vpn: correct horse battery staple\n' >$$scratch/secret.txt
step "A secret on the card, released only to a verified finger"
run idstore put vpn --from $$scratch/secret.txt --access finger --admin-key $(DEMO_KEY)
step "Enroll the right index on the card (synthetic finger 7, three swipes)"
run enroll --finger right-index --on-card --admin-key $(DEMO_KEY) $$owner
step "Verify on the card: the same finger, another impression"
expect 0 verify --finger right-index --on-card $$owner
step "Verify on the card with another finger (synthetic finger 11): no match, one try less"
expect 1 verify --finger right-index --on-card $$stranger
run card fingers
step "Verify again, then the IDStore releases the secret"
expect 0 verify --finger right-index --on-card $$owner --quiet
run idstore get vpn
endef
export DEMO_SCRIPT

demo: deps
	$(SWIFT) build --product pbtool
	@flock /tmp/pbtool-live-stack.lock bash -c "$$DEMO_SCRIPT"

bench: deps
	$(SWIFT) build $(RELEASE) --product pbbench
	$(SWIFT) build $(RELEASE) --product pbtool
	$(RELEASE_DIR)/pbbench

# `make man`: a page per command from the commands' own help (pbmanual) beside the hand-written
# pbtool(1) and pbtool-apdu-script(5), in .build/man/man{1,5}. `make completions`: bash, zsh and
# fish scripts from the argument parser, in .build/completions.
MAN_DIR         := .build/man
COMPLETIONS_DIR := .build/completions

man: deps
	$(SWIFT) build --product pbtool
	$(SWIFT) build --product pbmanual
	rm -rf $(MAN_DIR) && mkdir -p $(MAN_DIR)/man5
	$(DEBUG_DIR)/pbmanual --tool $(DEBUG_DIR)/pbtool --output $(MAN_DIR)/man1
	cp docs/man/pbtool.1 $(MAN_DIR)/man1/ && cp docs/man/pbtool-apdu-script.5 $(MAN_DIR)/man5/

completions: deps
	$(SWIFT) build --product pbtool
	mkdir -p $(COMPLETIONS_DIR)
	for shell in bash zsh fish; do $(DEBUG_DIR)/pbtool --generate-completion-script $$shell >$(COMPLETIONS_DIR)/pbtool.$$shell; done

# `make install` (PREFIX=/usr/local, DESTDIR for staging): the release binary, the man pages and
# the completions where bash-completion, zsh and fish look for them. The udev rules: make install-udev.
PREFIX  ?= /usr/local
BINDIR  := $(DESTDIR)$(PREFIX)/bin
SHARE   := $(DESTDIR)$(PREFIX)/share

install: man completions
	$(SWIFT) build $(RELEASE) --product pbtool
	install -D -m 0755 $(RELEASE_DIR)/pbtool $(BINDIR)/pbtool
	install -d $(SHARE)/man/man1 $(SHARE)/man/man5
	install -m 0644 $(MAN_DIR)/man1/*.1 $(SHARE)/man/man1/
	install -m 0644 $(MAN_DIR)/man5/*.5 $(SHARE)/man/man5/
	install -D -m 0644 $(COMPLETIONS_DIR)/pbtool.bash $(SHARE)/bash-completion/completions/pbtool
	install -D -m 0644 $(COMPLETIONS_DIR)/pbtool.zsh $(SHARE)/zsh/site-functions/_pbtool
	install -D -m 0644 $(COMPLETIONS_DIR)/pbtool.fish $(SHARE)/fish/vendor_completions.d/pbtool.fish
	@if [ -z "$(DESTDIR)" ] && command -v mandb >/dev/null 2>&1; then mandb -q $(PREFIX)/share/man || true; fi

# `make deb`: .build/deb/pbtool_<version>_<arch>.deb (packaging/deb/build-deb.sh, docs/packaging.md).
# It checks the build dependencies itself and names any that is missing. `make lintian` checks
# the package; `make test-deb` installs it, runs it, reads a man page and removes it.
DEB = $(wildcard .build/deb/pbtool_*.deb)

deb:
	SWIFT=$(SWIFT) packaging/deb/build-deb.sh

lintian: deb
	lintian --fail-on error,warning --info $(DEB)

test-deb: lintian
	packaging/deb/test-deb.sh $(DEB)

# The udev rules that give the seat user the sensors and readers (udev/70-pbtool.rules).
UDEV_RULES_DIR ?= /etc/udev/rules.d

install-udev:
	install -D -m 0644 udev/70-pbtool.rules $(UDEV_RULES_DIR)/70-pbtool.rules
	@if command -v udevadm >/dev/null 2>&1 && udevadm control --ping >/dev/null 2>&1; then \
	    udevadm control --reload-rules && udevadm trigger --subsystem-match=usb --action=change && \
	    echo "udev rules reloaded; replug the sensor if it was attached"; \
	else \
	    echo "udev is not running here: $(UDEV_RULES_DIR)/70-pbtool.rules applies when udev next starts"; \
	fi

clean:
	rm -rf .build
