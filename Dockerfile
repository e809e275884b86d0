# Rendezvous: one image for the web instances (`npm start`) and the job worker (`npm run worker`).
# The layout it is meant for (N web instances behind nginx, one worker, PostgreSQL, Redis and
# S3-compatible storage) is docker-compose.yml; README "Running several instances".
FROM node:22-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npx react-router build

FROM node:22-bookworm-slim
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000 DATA_DIR=/var/lib/rendezvous
WORKDIR /app
# The server runs its TypeScript through tsx (a dependency), so the sources come along.
COPY --from=build /app /app
RUN mkdir -p /var/lib/rendezvous && chown node:node /var/lib/rendezvous
USER node
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=2s --retries=3 CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/readyz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
# --min-semi-space-size: scripts/server-node-flags.mjs (ADR 0083).
CMD ["node", "--min-semi-space-size=16", "scripts/start.mjs"]
