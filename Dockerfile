# CodeDrop in one image: the API and the built web app, on SQLite and /data by default.
# docs/operations.md ("Containers") explains running it; scripts/container-test.sh proves it.
ARG BASE_IMAGE=node:20-bookworm-slim

# What compiles better-sqlite3 when no prebuilt binary fits the platform.
FROM ${BASE_IMAGE} AS toolchain
RUN apt-get update \
  && apt-get install -y --no-install-recommends python3 make g++ \
  && apt-get clean \
  && rm -rf /var/lib/apt/lists/*
# Compile native modules against the headers shipped with the image's Node.js, no download.
ENV npm_config_nodedir=/usr/local \
  npm_config_fund=false \
  npm_config_audit=false \
  npm_config_update_notifier=false
WORKDIR /app

# Every workspace's manifest, so the dependency layers are reused until the lockfile changes.
FROM toolchain AS manifests
COPY package.json package-lock.json ./
COPY packages/contract/package.json packages/contract/
COPY packages/crypto/package.json packages/crypto/
COPY packages/cli/package.json packages/cli/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/

# The server's production dependencies only: the web app's are bundled into its build.
# Then what no production process reads: type declarations, TypeScript sources, source
# maps, docs, each package's own tests and examples, and the native module's build files.
FROM manifests AS deps
RUN npm ci --omit=dev -w apps/server -w packages/contract -w packages/crypto \
  && cd node_modules \
  && find . -regextype posix-extended -type d \
  -regex '(\.|.*/node_modules)/(@[^/]+/)?[^/]+/(test|tests|__tests__|example|examples|docs|\.github)' \
  -prune -exec rm -rf {} + \
  && find . -type f \( -name '*.ts' -o -name '*.mts' -o -name '*.cts' -o -name '*.map' \
  -o -name '*.tsbuildinfo' -o \( -name '*.md' ! -iname 'licen[cs]e*' \) \) -delete \
  && cd better-sqlite3 \
  && find build -mindepth 1 ! -path build/Release ! -path build/Release/better_sqlite3.node \
  -prune -exec rm -rf {} + \
  && rm -rf deps src

# Everything built from source; scripts are not needed to build (only the server's
# native module needs one, and it comes from the deps stage).
FROM manifests AS build
RUN npm ci --ignore-scripts
COPY . .
RUN npm run build

FROM ${BASE_IMAGE}
RUN apt-get update \
  && apt-get install -y --no-install-recommends tini \
  && apt-get clean \
  && rm -rf /var/lib/apt/lists/* /var/log/apt/* /var/log/dpkg.log \
  && groupadd --gid 10001 codedrop \
  && useradd --uid 10001 --gid codedrop --home-dir /nonexistent --no-create-home \
  --shell /usr/sbin/nologin codedrop \
  && mkdir -p /data \
  && chown codedrop:codedrop /data \
  && chmod 0700 /data
WORKDIR /app
COPY --from=deps /app/package.json ./
COPY --from=deps /app/node_modules ./node_modules
COPY --from=build /app/packages/contract/package.json packages/contract/
COPY --from=build /app/packages/contract/dist packages/contract/dist
COPY --from=build /app/packages/crypto/package.json packages/crypto/
COPY --from=build /app/packages/crypto/dist packages/crypto/dist
COPY --from=build /app/apps/server/package.json apps/server/
COPY --from=build /app/apps/server/dist apps/server/dist
COPY --from=build /app/apps/web/dist apps/web/dist
ENV NODE_ENV=production \
  DATA_DIR=/data \
  PORT=3000 \
  HOST=0.0.0.0
VOLUME /data
EXPOSE 3000
USER codedrop:codedrop
# The server writes only to DATA_DIR, so the root filesystem may be mounted read-only.
HEALTHCHECK --interval=30s --timeout=5s --start-period=20s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/livez').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# tini as PID 1 passes SIGTERM to node, which drains its workers, and reaps what exits.
ENTRYPOINT ["/usr/bin/tini", "--"]
CMD ["node", "apps/server/dist/server.js"]
