# The two commands of the README: `make serve` and `make test`. Everything else is a helper.
HOST ?= 127.0.0.1
PORT ?= 8080
JOBS ?= $(shell nproc)
PRESET ?= release
BIN := build/$(PRESET)/src/cli/gameboard

FUZZ_SECONDS ?= 600
AGENT_SEEDS ?= 200
AGENT_JOBS ?= 2

.PHONY: all deps web-deps configure build serve cluster test test-fast test-asan test-fuzz fuzz bench \
	bench-agents bench-wasm bench-cluster bench-scale bench-cards soak format format-check clean

all: build

deps:
	@bash scripts/deps.sh

# The npm packages of the node tests: the browser test's (web/node_modules, web_e2e), the OpenAPI
# validators (tests/openapi/node_modules, openapi_validate) and the MCP SDK (tests/mcp/node_modules,
# mcp_sdk_client).
web-deps: deps
	@bash scripts/web_deps.sh
	@bash scripts/openapi_deps.sh
	@bash scripts/mcp_deps.sh

configure: deps
	@cmake --preset $(PRESET) >/dev/null

build: configure
	@cmake --build --preset $(PRESET) -j $(JOBS)

serve: build
	@exec $(BIN) serve --host $(HOST) --port $(PORT)

# Replicas on a private PostgreSQL behind nginx, all on loopback, in the foreground (Ctrl-C stops
# everything): nginx on CLUSTER_PORT, replica i on CLUSTER_PORT+i. deploy/cluster.sh.
REPLICAS ?= 2
CLUSTER_PORT ?= 8090
cluster: build
	@exec bash deploy/cluster.sh --replicas $(REPLICAS) --port $(CLUSTER_PORT)

# Every suite: sanitizers (ASan+UBSan) over the whole test suite, the fuzz harnesses for a bounded
# time, then the optimised build. The last summary line is the release suite's.
test: deps
	@$(MAKE) --no-print-directory test-asan
	@$(MAKE) --no-print-directory test-fuzz
	@$(MAKE) --no-print-directory test-fast

# The release suite alone: the quick loop while developing.
test-fast: build web-deps
	@ctest --preset release -j $(JOBS)

test-asan: deps web-deps
	@cmake --preset asan >/dev/null
	@cmake --build --preset asan -j $(JOBS)
	@ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 ctest --preset asan -j $(JOBS)

test-fuzz: deps
	@cmake --preset fuzz -DGB_FUZZ_SECONDS=12 -DGB_FUZZ_SEED=1 >/dev/null
	@cmake --build --preset fuzz -j $(JOBS)
	@ctest --preset fuzz -j $(JOBS)

# Long fuzzing: `make fuzz FUZZ_SECONDS=3600`.
fuzz: deps
	@cmake --preset fuzz -DGB_FUZZ_SECONDS=$(FUZZ_SECONDS) -DGB_FUZZ_SEED=0 >/dev/null
	@cmake --build --preset fuzz -j $(JOBS)
	@ctest --preset fuzz -j $(JOBS)

bench: PRESET = release
bench: build
	@bash scripts/bench.sh

# Issue 23 at scale: 100,000 runs of 5,000 names on SQLite and PostgreSQL: board and run reads at
# 1,000 requests/s, submissions from 16 connections, verifying against playing
# (docs/performance.md, "At a hundred thousand runs"; SCALE_RUNS=N for a smaller store).
bench-scale: PRESET = release
bench-scale: build
	@GAMEBOARD_WITH_BENCH=1 bash scripts/deps.sh
	@bash scripts/bench_scale.sh

# Issue 22: 1,000 closed scorecards of 60 slots on SQLite and PostgreSQL: reading a card and the
# agents' board at 1,000 requests/s, filling slots against plain submissions of the same runs
# (docs/performance.md, "Scorecards"; CARDS_CARDS=N for fewer cards), the same comparison in
# instructions under callgrind (scripts/fill_instructions.sh), and in pages written
# (scripts/fill_pages.sh).
bench-cards: PRESET = release
bench-cards: build
	@GAMEBOARD_WITH_BENCH=1 bash scripts/deps.sh
	@bash scripts/bench_cards.sh
	@bash scripts/fill_instructions.sh
	@bash scripts/fill_pages.sh

# The cluster's speed: action requests through nginx + two replicas against one replica direct,
# submissions and board reads on PostgreSQL (docs/performance.md, "Replicas behind nginx").
bench-cluster: build
	@GAMEBOARD_WITH_BENCH=1 bash scripts/deps.sh
	@bash scripts/bench_cluster.sh

# A bounded soak of mixed load (SOAK_SECONDS, default 180): no 5xx, no crash, flat memory.
SOAK_SECONDS ?= 180
soak: build
	@GAMEBOARD_WITH_BENCH=1 bash scripts/deps.sh
	@bash scripts/soak.sh $(SOAK_SECONDS)

# Every agent of every game over seeds 1..AGENT_SEEDS (default 200) with AGENT_JOBS workers
# (default 2) at the default budgets; prints the table that goes into docs/agents.md.
bench-agents: PRESET = release
bench-agents: build
	@SEEDS=$(AGENT_SEEDS) JOBS=$(AGENT_JOBS) bash scripts/bench_agents.sh $(BIN)

# The WebAssembly engine under Node against the native engine on the same random play.
bench-wasm: PRESET = release
bench-wasm: build
	@node bench/wasm_speed.mjs build/release

format:
	@clang-format -i $$(git ls-files '*.cc' '*.h')

format-check:
	@clang-format --dry-run -Werror $$(git ls-files '*.cc' '*.h')

clean:
	@rm -rf build
