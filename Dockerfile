# syntax=docker/dockerfile:1
# Multi-stage build on Node 24 LTS; the runtime image has production dependencies only and runs as a non-root user.

FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
# The node@24 devDependency is only for machines whose system Node is older; the image already has Node 24.
RUN npm ci --ignore-scripts
COPY tsconfig.json tsconfig.build.json nest-cli.json ./
COPY src ./src
COPY fake-upstream ./fake-upstream
COPY scripts ./scripts
COPY mcp ./mcp
RUN node node_modules/typescript/bin/tsc -p tsconfig.build.json && npm prune --omit=dev --ignore-scripts

FROM node:24-bookworm-slim AS runtime
ENV NODE_ENV=production PORT=3200 HOST=0.0.0.0
# glibc's allocator: two arenas instead of one per thread keep freed buffers from spreading (decision 010); blocks
# of 128 KB and more always mapped on their own, so a large answer's memory goes back when freed (decision 018).
ENV MALLOC_ARENA_MAX=2
ENV MALLOC_MMAP_THRESHOLD_=65536
WORKDIR /app
COPY --from=build --chown=node:node /app/node_modules ./node_modules
COPY --from=build --chown=node:node /app/dist ./dist
COPY --from=build --chown=node:node /app/package.json ./package.json
# The fake upstream's recorded payloads, for the offline demo: docker run --rm -p 3200:3200 <image> node dist/fake-upstream/demo.js
COPY --from=build --chown=node:node /app/fake-upstream/fixtures ./fake-upstream/fixtures
# The login page's static files (GET /login), read from the source tree: tsc does not copy them into dist.
COPY --from=build --chown=node:node /app/src/login/page ./src/login/page
# config/ holds the cookie file (mount a volume here to keep a login across restarts)
RUN mkdir -p config && chown node:node config
USER node
EXPOSE 3200
# Probes the address the gateway listens on: loopback for a wildcard HOST, else HOST itself (an IPv6 one in brackets).
HEALTHCHECK --interval=30s --timeout=3s --start-period=10s --retries=3 \
  CMD node -e "const h=process.env.HOST||'';const a=['','0.0.0.0','::'].includes(h)?'127.0.0.1':h.includes(':')?'['+h+']':h;fetch('http://'+a+':'+(process.env.PORT||3200)+'/health/live').then(r=>process.exit(r.ok?0:1)).catch(()=>process.exit(1))"
CMD ["node", "--max-semi-space-size=16", "--heap-growing-percent=30", "dist/src/main.js"]
