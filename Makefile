# Granary. `make run` brings up the local engine and the console; `make test` runs every test.
SHELL := /bin/bash
.DEFAULT_GOAL := help

MVN ?= mvn -B -ntp
DIST := storage/runtime/target/granary-node
NODE := $(DIST)/bin/granary-node
LOCAL_DIR ?= $(CURDIR)/var/local-cluster
export GRANARY_LOCAL_DIR := $(LOCAL_DIR)

JAVA_STAMP := backend/target/.built
JAVA_SOURCES := $(shell find storage/client/src storage/runtime/src storage/bench/src backend/src backend/openapi -type f 2>/dev/null) \
	pom.xml storage/client/pom.xml storage/runtime/pom.xml storage/bench/pom.xml backend/pom.xml
WEB_DEPS := frontend/node_modules/.installed
WEB_STAMP := frontend/dist/index.html
WEB_SOURCES := $(shell find frontend/src frontend/public -type f 2>/dev/null) frontend/index.html \
	frontend/vite.config.ts frontend/package.json backend/openapi/openapi.yaml

.PHONY: help deps build run stop status wipe test test-java test-web e2e lint bench-start-time bench-api bench-tables bench-compaction bench-ec bench-workloads bench-ec-convert bench-ycsb-parity bench-failover bench-vsphere bench-experiments bench-kerberos bench-observability lab-up lab-down lab-status lint-ansible test-monitoring vsphere-tools test-vsphere images compose-up compose-down lint-docker test-docker bench-docker clean

help:
	@echo "make run     install what is missing, build, start the local cluster and the console"
	@echo "make test    install what is missing, build, run unit, integration and browser tests"
	@echo "make stop    stop the console and the local cluster (data stays)"
	@echo "make status  per-role PID, ports, health, RSS, EC coder and checksum"
	@echo "make wipe YES=1   delete the local cluster's data"
	@echo "make bench-start-time   cold/warm start time and RSS of the local cluster"
	@echo "make bench-api   overview/health latency under 20 clients (docs/benchmarks/)"
	@echo "make bench-tables table listing/region paging with 1,000 tables / 10,000 regions (docs/benchmarks/)"
	@echo "make bench-compaction random reads before/after a scheduled major compaction (docs/benchmarks/)"
	@echo "make bench-ec        EC (RS-3-2) vs 3x replication write/read throughput, ISA-L vs Java coder"
	@echo "make bench-workloads PE randomRead/scan/randomWrite and YCSB A/C through the bench agent, with the ceiling"
	@echo "make bench-ycsb-parity the agent vs YCSB's own hbase2 client (YCSB_SRC: its source), A and C, 6 reps, paired ratios with CIs"
	@echo "make bench-failover   HA local cluster: kill -9 the active NameNode / HMaster, stop the ZooKeeper leader under 4 writers, 5 drills each"
	@echo "make bench-kerberos   plain and Kerberized 3-host lab installs, YCSB A on each: install time and throughput as ratios (root)"
	@echo "make bench-vsphere    a vSphere install through the control plane (vcsim, 4 VMs on lab hosts): spec to HEALTHY and first put"
	@echo "make bench-experiments Experiments I and II at full size through the API (EC coder, DFSIO, small files, reconstruction, native checksums, factor sweep, MSLAB, HFile formats, PE vs Bigtable): figures beside the seeds' (REPS=2; EXPERIMENTS= a subset adds to the document)"
	@echo "make bench-observability Prometheus' CPU idle and under chart queries, the chart API p99 over 30 days of history"
	@echo "make bench-ec-convert 1 GiB replicated -> RS-3-2 through the control plane: ISA-L x4, x1, Java coder; bit-exact"
	@echo "make bench-scale-in   scale_in.yml of a lab host holding ~0.5 and ~2 GiB: seconds per GiB, fixed part (root; holds the lab lock)"
	@echo "make lab-up 3 / make lab-down   N lab hosts (network namespaces, systemd, sshd) for the Ansible roles"
	@echo "make lint-ansible   ansible-lint (production profile), --syntax-check of every playbook, module unit tests"
	@echo "make test-monitoring promtool: the shipped alert rules check and pass their unit tests (fire after for:, resolve)"
	@echo "make vsphere-tools  build var/gobin/vcsim (govmomi's vCenter simulator) and var/gobin/govc when their sources changed"
	@echo "make test-vsphere   vsphere_vms.yml / vsphere_destroy.yml against the simulator, read back with govc"
	@echo "make images         granary/node and granary/control-plane (podman, or docker), rebuilt when their inputs changed"
	@echo "make compose-up / compose-down   docker/compose.yml: PostgreSQL, the engine (5 DataNodes) and the console"
	@echo "make test-docker    lint the Dockerfiles and the compose file, build the images, the compose smoke test"
	@echo "make bench-docker   the compose smoke test, its image sizes and start times into docs/benchmarks/docker.md"

deps:
	@tools/deps.sh
	@tools/ansible-venv.sh >/dev/null
	@tools/vsphere/build.sh >/dev/null

vsphere-tools:
	@tools/vsphere/build.sh >/dev/null

# `make lab-up 3`: the word after lab-up is the host count (default 3)
ifeq (lab-up,$(firstword $(MAKECMDGOALS)))
  LAB_N := $(or $(word 2,$(MAKECMDGOALS)),$(N),3)
  $(eval $(LAB_N):;@:)
endif
lab-up:
	@tools/lab/lab.sh up $(LAB_N)

lab-down:
	@tools/lab/lab.sh down

lab-status:
	@tools/lab/lab.sh status

lint-ansible: deps
	@ansible/tests/lint.sh

# The alert rules the node distribution ships (storage/runtime/src/main/distribution/monitoring)
test-monitoring: deps
	promtool check rules storage/runtime/src/main/distribution/monitoring/granary-alerts.yml
	promtool test rules storage/runtime/src/test/monitoring/granary-alerts.test.yml

test-vsphere: deps
	@ansible/tests/vsphere-sim.sh

# Rebuild only when sources changed, so a second `make run` touches nothing.
$(JAVA_STAMP): $(JAVA_SOURCES)
	$(MVN) -q -DskipTests package
	@touch $@

$(WEB_DEPS): frontend/package-lock.json
	cd frontend && npm ci --no-audit --no-fund
	@touch $@

$(WEB_STAMP): $(WEB_DEPS) $(WEB_SOURCES)
	cd frontend && npm run build

build: deps $(JAVA_STAMP) $(WEB_STAMP)

run: build
	@$(NODE) local up --metrics --dir $(LOCAL_DIR)
	@tools/backend.sh start
	@echo "console: http://localhost:8080"

stop:
	@tools/backend.sh stop
	@if [ -x $(NODE) ]; then $(NODE) local down --dir $(LOCAL_DIR); else echo "not built; nothing to stop"; fi

status:
	@$(NODE) local status --dir $(LOCAL_DIR) || true
	@tools/backend.sh status || true

wipe:
	@$(NODE) local wipe --dir $(LOCAL_DIR) $(if $(YES),--yes)

# every stage in order, with per-stage times at the end (tools/test.sh)
test:
	@tools/test.sh

# the contract's documented error responses first: a gap would otherwise surface only at the e2e fuzz
test-java:
	tools/api/check.sh
	$(MVN) verify
	@touch $(JAVA_STAMP)

# the smoke suite needs no backend: the built console in Chromium with the API mocked (~1 min)
test-web: $(WEB_DEPS)
	cd frontend && npm run typecheck && npm test && npm run build && npm run e2e:smoke

e2e: $(JAVA_STAMP) $(WEB_STAMP)
	tools/e2e.sh

lint: $(WEB_DEPS) lint-docker
	cd frontend && npm run lint

# hadolint on the Dockerfiles (.hadolint.yaml), the compose file against the compose specification
lint-docker:
	@tools/docker/deps.sh
	@var/docker-venv/bin/hadolint docker/node/Dockerfile docker/control-plane/Dockerfile docker/test/postgres/Dockerfile
	@var/docker-venv/bin/check-jsonschema --builtin-schema vendor.compose-spec docker/compose.yml

images: build
	@tools/docker/deps.sh
	@tools/docker/images.sh

compose-up: images
	@tools/docker/compose.sh up

compose-down:
	@tools/docker/compose.sh down

test-docker: lint-docker images
	@tools/docker/smoke.sh

bench-docker: images
	@tools/docker/smoke.sh --bench

bench-start-time: build
	@storage/runtime/bench/start-time.sh

bench-api: run
	@backend/bench/api-latency.sh

bench-observability: build
	@backend/bench/observability.sh

bench-tables: build
	@backend/bench/tables-api.sh

bench-compaction: build
	@backend/bench/compaction-reads.sh

bench-ec: build
	@storage/runtime/bench/ec-throughput.sh

bench-workloads: build
	@backend/bench/workloads.sh

bench-ec-convert: build
	@backend/bench/ec-convert.sh

bench-ycsb-parity: build
	@backend/bench/ycsb-parity.sh

# Experiments I at full size (EC coder, DFSIO, small files, reconstruction, native checksums); REPS=2 repetitions by default
bench-experiments: build
	@EXPERIMENTS="$(EXPERIMENTS)" backend/bench/experiments.sh $(REPS)

# VcentersIT's full vSphere install (4 VMs onto 4 lab hosts) to HEALTHY, a put and the destroy (root; the lab)
bench-vsphere: build
	$(MVN) -pl storage/client,storage/runtime,storage/bench,provisioning,backend verify -Dit.test=VcentersIT \
	  -Dit.excluded-groups=none -Dgroups=bench -Dtest=NONE -Dsurefire.failIfNoSpecifiedTests=false \
	  -Dfailsafe.failIfNoSpecifiedTests=false -Dgranary.kerberos-it.skip=true
	@cat backend/target/vsphere-timings.json

bench-failover: build
	@storage/runtime/bench/failover.sh

# plain and Kerberized lab installs with YCSB A on each (root; the lab); YCSB_SECONDS=120 by default
bench-kerberos: build
	@backend/bench/kerberos.sh $(YCSB_SECONDS)

# a 4-host lab of its own (tools/lab) for the whole run; SCALE_IN_MIB="S1 S2" sizes the leaving host
.PHONY: bench-scale-in
bench-scale-in:
	@flock /tmp/granary-lab.lock ansible/tests/bench-scale-in.sh $(SCALE_IN_MIB)

clean:
	$(MVN) -q clean
	rm -rf frontend/dist
