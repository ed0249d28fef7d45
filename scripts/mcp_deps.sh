#!/usr/bin/env bash
# Installs the MCP client test's npm package (the official TypeScript SDK,
# @modelcontextprotocol/sdk, pinned by tests/mcp/package-lock.json) into tests/mcp/node_modules
# with `npm ci`. Skips when it is already installed from the current lock file.
set -euo pipefail
cd "$(dirname "$0")/../tests/mcp"

installed=node_modules/.package-lock.json
if [ -f "$installed" ] && [ -d node_modules/@modelcontextprotocol/sdk ] && [ "$installed" -nt package-lock.json ]; then
  exit 0
fi
echo "mcp_deps.sh: npm ci in tests/mcp/"
npm ci --no-audit --no-fund --loglevel=error
