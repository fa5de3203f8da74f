# Granary. `make run` brings up the local engine; `make test` builds and runs every test.
SHELL := /bin/bash
.DEFAULT_GOAL := help

MVN ?= mvn -B -ntp
DIST := storage/runtime/target/granary-node
NODE := $(DIST)/bin/granary-node
LOCAL_DIR ?= $(CURDIR)/var/local-cluster
DIST_STAMP := $(DIST)/.built
DIST_SOURCES := $(shell find storage/runtime/src -type f 2>/dev/null) pom.xml storage/runtime/pom.xml

.PHONY: help deps build run stop status wipe test bench-start-time clean

help:
	@echo "make run     install what is missing, build, start the local cluster (idempotent)"
	@echo "make test    install what is missing, build, run unit + integration tests"
	@echo "make stop    stop the local cluster"
	@echo "make status  per-role PID, ports, health, RSS, EC coder and checksum"
	@echo "make wipe YES=1   delete the local cluster's data"
	@echo "make bench-start-time   cold/warm start time and RSS of the local cluster"

deps:
	@tools/deps.sh

# Rebuild the distribution only when its sources changed, so a second `make run` touches nothing.
$(DIST_STAMP): $(DIST_SOURCES)
	$(MVN) -q -DskipTests package
	@touch $@

build: deps $(DIST_STAMP)

run: build
	@$(NODE) local up --dir $(LOCAL_DIR)

stop:
	@if [ -x $(NODE) ]; then $(NODE) local down --dir $(LOCAL_DIR); else echo "not built; nothing to stop"; fi

status:
	@$(NODE) local status --dir $(LOCAL_DIR)

wipe:
	@$(NODE) local wipe --dir $(LOCAL_DIR) $(if $(YES),--yes)

test: deps
	$(MVN) verify
	@touch $(DIST_STAMP)

bench-start-time: build
	@storage/runtime/bench/start-time.sh

clean:
	$(MVN) -q clean
