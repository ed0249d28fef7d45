#!/usr/bin/env bash
# Installs the browser test's npm packages (playwright-core, pinned by web/package-lock.json) into
# web/node_modules with `npm ci`. Skips when they are already installed from the current lock file.
# Never downloads a browser: the test uses the system chromium (scripts/deps.sh).
set -euo pipefail
cd "$(dirname "$0")/../web"

installed=node_modules/.package-lock.json
if [ -f "$installed" ] && [ -d node_modules/playwright-core ] && [ "$installed" -nt package-lock.json ]; then
  exit 0
fi
echo "web_deps.sh: npm ci in web/"
PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm ci --no-audit --no-fund --loglevel=error
