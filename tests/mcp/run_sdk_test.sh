#!/usr/bin/env bash
# ctest's entry for the SDK client test: checks node and the SDK are there (saying what to run when
# they are not), then runs sdk_client.mjs against the given gameboard binary.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
if ! command -v node >/dev/null; then
  echo "mcp_sdk_client: node is missing: run scripts/deps.sh" >&2
  exit 1
fi
if [ ! -d "$here/node_modules/@modelcontextprotocol/sdk" ]; then
  echo "mcp_sdk_client: the MCP SDK is missing: run scripts/mcp_deps.sh (or make web-deps)" >&2
  exit 1
fi
cd "$here"
exec node sdk_client.mjs "$1"
