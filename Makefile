# The two commands of the README: `make serve` and `make test`. Everything else is a helper.
HOST ?= 127.0.0.1
PORT ?= 8080
JOBS ?= $(shell nproc)
PRESET ?= release
BIN := build/$(PRESET)/src/cli/gameboard

.PHONY: all deps configure build serve test bench format format-check clean

all: build

deps:
	@bash scripts/deps.sh

configure: deps
	@cmake --preset $(PRESET) >/dev/null

build: configure
	@cmake --build --preset $(PRESET) -j $(JOBS)

serve: build
	@exec $(BIN) serve --host $(HOST) --port $(PORT)

test: build
	@ctest --preset $(PRESET) -j $(JOBS)

bench: PRESET = release
bench: build
	@bash scripts/bench.sh

format:
	@clang-format -i $$(git ls-files '*.cc' '*.h')

format-check:
	@clang-format --dry-run -Werror $$(git ls-files '*.cc' '*.h')

clean:
	@rm -rf build
