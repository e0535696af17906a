# The club app's production image (docs/deploy.md). One image runs every server role:
#   kiosk / embedded app:   node dist/server/main.mjs      (the default command)
#   realtime gateway:       node dist/server/gateway.mjs
# It holds compiled JavaScript (no TypeScript runtime), the built web app and only the
# production dependencies, runs as the unprivileged `node` user, and starts with
# NODE_ENV=production, which refuses an unsafe configuration (docs/deploy.md lists what).

# ---- manifests: what npm ci reads, for both installs below ----
FROM node:24.21.0-bookworm-slim AS manifests
WORKDIR /app
# the manifests first, so the install layers are reused until a dependency changes
COPY package.json package-lock.json ./
COPY shared/package.json shared/
COPY machines/package.json machines/
COPY kiosk/package.json kiosk/
COPY realtime/package.json realtime/
COPY web/package.json web/
COPY tests/package.json tests/

# ---- build: every dependency, the web app and the server bundles ----
FROM manifests AS build
RUN npm ci --no-audit --no-fund
COPY . .
# the web app's error reports (optional; a DSN is public, it is sent to every browser)
ARG VITE_SENTRY_DSN=""
RUN npm run build && npm run build:server

# ---- deps: the npm packages the server bundles import, nothing else ----
FROM manifests AS deps
# our own workspaces are inside the bundles: their links are dropped
# Type declarations, source maps and documents of the packages are never read at run time
# (the bundles' own maps stay in dist/server): a sixth of the image.
RUN npm ci --omit=dev --no-audit --no-fund --workspace=@club/kiosk --workspace=@club/realtime \
  && rm -rf node_modules/@club node_modules/@types \
  && find node_modules -type f \( -name '*.d.ts' -o -name '*.d.mts' -o -name '*.d.cts' -o -name '*.map' -o -name '*.md' \) -delete \
  && npm cache clean --force

# ---- proxy: nginx with the load balancer's configuration (docker-compose.yml, target proxy) ----
FROM nginxinc/nginx-unprivileged:1.28-alpine AS proxy
COPY realtime/deploy/nginx.conf /etc/nginx/conf.d/default.conf
EXPOSE 8080

# ---- runtime: the app ----
FROM node:24.21.0-bookworm-slim AS runtime
ENV NODE_ENV=production \
    PORT=3000 \
    DATA_DIR=/app/data
WORKDIR /app
# owned by root, so the running app cannot change its own code
COPY --from=deps /app/node_modules ./node_modules
COPY --from=build /app/dist/server ./dist/server
COPY --from=build /app/web/dist ./web/dist
# uploads (and the embedded database, without DATABASE_URL) live here: a volume in compose
RUN mkdir -p /app/data && chown node:node /app/data
USER node
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/v1/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
CMD ["node", "--enable-source-maps", "dist/server/main.mjs"]
