#!/usr/bin/env bash
# Installs the OpenAPI test's npm packages (@seriousme/openapi-schema-validator and ajv, pinned by
# tests/openapi/package-lock.json) into tests/openapi/node_modules with `npm ci`. Skips when they
# are already installed from the current lock file.
set -euo pipefail
cd "$(dirname "$0")/../tests/openapi"

installed=node_modules/.package-lock.json
if [ -f "$installed" ] && [ -d node_modules/ajv ] && [ "$installed" -nt package-lock.json ]; then
  exit 0
fi
echo "openapi_deps.sh: npm ci in tests/openapi/"
npm ci --no-audit --no-fund --loglevel=error
