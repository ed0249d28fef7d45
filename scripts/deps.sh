#!/usr/bin/env bash
# Installs every Debian package the build and the tests need (node and chromium for web_e2e).
# Idempotent: installs only what is missing, and runs apt-get update only when something is. Needs
# root (or sudo) when it installs.
set -euo pipefail

packages=(
  g++ cmake make pkg-config
  libsimdjson-dev libboost1.81-dev libcli11-dev libfmt-dev
  libgtest-dev libgmock-dev libbenchmark-dev
  clang-format clang-14 libclang-rt-14-dev
  nodejs chromium
  # The run store (SQLite by default, PostgreSQL for several replicas), names (ICU) and tokens.
  libsqlite3-dev libpq-dev postgresql libicu-dev libssl-dev
  # the WebAssembly engine (src/wasm) and its tests
  emscripten
  # The Python package (python/): pybind11 and numpy/pytest for Debian's /usr/bin/python3.
  pybind11-dev python3-pybind11 python3-numpy python3-pytest python3-dev
  # The load balancer of deploy/ (make cluster and the failure drills).
  nginx-light
)
# Debian's nodejs ships npm separately; a NodeSource nodejs bundles it (and conflicts with it).
if ! command -v npm >/dev/null 2>&1; then packages+=(npm); fi
# Benchmarks only: load (wrk), instruction counts (valgrind), what a commit writes (strace, sqlite3).
if [ "${GAMEBOARD_WITH_BENCH:-0}" = 1 ]; then packages+=(wrk valgrind strace sqlite3); fi

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -eq 0 ]; then exit 0; fi

echo "deps.sh: installing ${missing[*]}"
SUDO=""
if [ "$(id -u)" != 0 ]; then SUDO="sudo"; fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}"
