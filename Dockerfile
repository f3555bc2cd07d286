# syntax=docker/dockerfile:1
#
# The portal as one container: `remix-serve` on port 3000, embedded PGlite in
# the /app/data volume.
#
#   docker build -t portal .
#   docker run --init -p 3000:3000 -v portal-data:/app/data -e SEED_DEMO=true portal
#
# SEED_DEMO=true seeds the demo brand (about 10,000 games) on the first start;
# seeding is idempotent, and the first open of an empty data directory takes
# ~5 s. DATABASE_URL=postgres://… switches from the embedded PGlite to
# PostgreSQL (the volume is then unused). With SEED_DEMO=true,
# BRAND_FILE=/path/brand.json (mounted) seeds your own brand instead of the demo
# one. Without SEED_DEMO it is a production start: BRAND_FILE, PUBLIC_URL,
# CS_PATH_KEY and DATA_KEY are required, no account is made, and the log
# prints a one-time link for the first operator (docs/operations.md).
# The first open of PGlite peaks near 900 MB of memory. Other variables: docs/configuration.md.
#
# `--init` (compose: `init: true`) is recommended so node is not PID 1.

ARG NODE_IMAGE=node:20-slim

# ---- deps: every dependency, dev included (the build needs @remix-run/dev) ----
FROM ${NODE_IMAGE} AS deps
WORKDIR /app
# patches/: npm ci's postinstall applies them to node_modules (react-dom's writer, ADR 30).
COPY package.json package-lock.json ./
COPY patches ./patches
RUN npm ci --no-audit --no-fund

# ---- build: server bundle (build/) and browser assets (public/build/) ----
FROM deps AS build
COPY . .
RUN npm run build \
 && npm prune --omit=dev --no-audit --no-fund

# ---- runtime: the pruned node_modules and the build output, nothing else ----
# locales/ are not copied: the server build bundles them (JSON imports).
FROM ${NODE_IMAGE} AS runtime
WORKDIR /app
ENV NODE_ENV=production \
    PORT=3000 \
    PGLITE_DATA_DIR=/app/data/pglite
# Application files stay owned by root (read-only for the app); only the data
# directory belongs to the unprivileged `node` user.
COPY --from=build /app/package.json ./package.json
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/build ./build
COPY --from=build /app/public ./public
RUN mkdir -p /app/data/pglite && chown -R node:node /app/data
USER node
VOLUME /app/data
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/healthz').then((r) => r.json()).then((b) => process.exit(b.status === 'ok' ? 0 : 1), () => process.exit(1))"]
# `npm start` (remix-serve ./build/index.js) without npm in between, so SIGTERM reaches node.
CMD ["node", "node_modules/@remix-run/serve/dist/cli.js", "./build/index.js"]
