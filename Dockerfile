# Stockroom's image: the app built inside the image, run as the unprivileged user `node`, its
# state under the volume /data. `docker build -t stockroom .`, then e.g.
#   docker run -p 3000:3000 -v stockroom-data:/data -e BASE_URL=http://localhost:3000 stockroom
# (an embedded PostgreSQL under /data), or with DATABASE_URL and S3_* as compose.yaml does.
# `npm run test:container` builds and checks it (scripts/test-container.ts).

# The build: every dependency, the client and server bundles, then node_modules cut down to
# what the server loads (scripts/prune-for-image.ts) so that the last stage takes it as it is.
FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN NODE_ENV=production npm run build \
 && node scripts/prune-for-image.ts

# What runs: Node runs the server's TypeScript itself (server/, contracts/; cli/ for the
# operator commands), with the bundles of the build stage.
FROM node:24-bookworm-slim
# MALLOC_ARENA_MAX: glibc's arenas, one per thread that allocates, keep what image work freed
# (decision 046: a 45 MB upload's import left the server 335 MB larger, 84 MB with two arenas).
ENV NODE_ENV=production \
    DATA_DIR=/data \
    PORT=3000 \
    MALLOC_ARENA_MAX=2
WORKDIR /app
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules node_modules
COPY --from=build /app/build build
COPY --from=build /app/server server
COPY --from=build /app/contracts contracts
COPY --from=build /app/cli cli
# The embedded PostgreSQL refuses to run as root, and nothing here needs root.
RUN mkdir /data && chown node:node /data
USER node
VOLUME /data
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=5m --retries=3 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT}/healthz`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "server/main.ts"]
