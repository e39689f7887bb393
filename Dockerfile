# The site's image (docs/operations.md, "Containers"): one Node process serving the prerendered
# pages and the API, data in the /data volume. Any PUBLIC_ORIGIN at run time (decision 041).
#   docker build -t longbar .          (NODE_IMAGE: any Debian-based Node 24 image with npm)
#   docker run -p 3000:3000 -v longbar-data:/data -e PUBLIC_ORIGIN=https://www.example.com longbar
ARG NODE_IMAGE=node:24-bookworm-slim

# 1. Build: every dependency, the content checked, the pages prerendered.
FROM ${NODE_IMAGE} AS build
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# 2. Production dependencies only (no Vite, TypeScript, test tools).
FROM ${NODE_IMAGE} AS deps
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force

# 3. What runs: Node, the server's source (Node runs TypeScript directly), the build, the
#    production dependencies, as an unprivileged user.
FROM ${NODE_IMAGE}
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000 DATA_DIR=/data
# ca-certificates: Litestream reaches S3 over https with the system's authorities.
RUN apt-get update && apt-get install -y --no-install-recommends ca-certificates \
  && apt-get clean && rm -rf /var/lib/apt/lists/* /var/cache/apt/*.bin \
  && (id -u node >/dev/null 2>&1 || useradd --uid 1000 --user-group --no-create-home --shell /usr/sbin/nologin node) \
  && mkdir -p /data && chown node:node /data && rm -rf /usr/local/lib/node_modules/npm /usr/local/bin/npm /usr/local/bin/npx
WORKDIR /app
COPY --from=deps /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY package.json ./
COPY src ./src
COPY schemas ./schemas
USER node
VOLUME ["/data"]
EXPOSE 3000
# /healthz answers 200 while the database answers (no curl in a slim image: Node's fetch).
HEALTHCHECK --interval=10s --timeout=3s --start-period=20s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# SIGTERM: the server stops accepting, finishes requests in flight and the send in progress,
# closes the database, exits 0 (src/server/shutdown.ts). Node itself is PID 1, not npm.
STOPSIGNAL SIGTERM
CMD ["node", "src/server/main.ts"]
