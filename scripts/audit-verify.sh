#!/usr/bin/env bash
# npm run audit:verify: seals the audit rows written since the last seal, then walks the whole
# audit chain (ADR 42) of the portal's database: DATABASE_URL, else the PGlite directory
# PGLITE_DATA_DIR (./data/pglite by default; only while no server has it open). Prints a JSON
# line and a sentence; exits 1 when the chain is broken, naming the first place that fails.
set -Eeuo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
# Under node_modules/.cache, so the bundle's bare imports resolve to the project's packages.
BUNDLE=node_modules/.cache/audit/verify.mjs
npx esbuild scripts/audit/verify.ts --bundle --platform=node --format=esm --target=node20 \
  --alias:~=./app --packages=external --log-level=warning --outfile="$BUNDLE"
node "$BUNDLE"
