# One image for every role: `serve --roles grpc|http|worker` (comma-separated), `migrate`, `topup`, ...
# It runs the artifact `npm run build` makes (dist/, with the Lua scripts, proto, GraphQL schema and
# the built browser apps inside it: console, GraphQL explorer, API docs page), the same one
# test/bin/compiled-runtime.test.ts builds and runs.
# Node 26 is the Active LTS line, and CI (.ci/run) runs the whole suite on it; `npm ci && npm test`
# on a machine's Node 20 keeps working for development (package.json `engines`).
# Not built in the development environment (no Docker engine there); kept simple so it reads correct.

FROM node:26-trixie-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY console/package.json ./console/
COPY explorer/package.json ./explorer/
COPY api-docs/package.json ./api-docs/
COPY client/package.json ./client/
RUN npm ci --no-audit --no-fund
COPY console ./console
COPY explorer ./explorer
COPY api-docs ./api-docs
COPY client ./client
COPY tsconfig.json tsconfig.build.json knexfile.ts ./
COPY src ./src
COPY migrations ./migrations
COPY lua ./lua
COPY proto ./proto
RUN npm run build

FROM node:26-trixie-slim AS runtime
ENV NODE_ENV=production
WORKDIR /app
COPY package.json package-lock.json ./
COPY console/package.json ./console/
COPY explorer/package.json ./explorer/
COPY api-docs/package.json ./api-docs/
COPY client/package.json ./client/
# --omit=optional as well: npm keeps a development package that a production one names as an optional
# peer (bull-board's template engine names React, Babel and TypeScript so; npm/cli#7772) unless
# optional packages are omitted too. Production runs without them by definition. node_modules:
# 131 MB → 86 MB (docs/operations.md).
RUN npm ci --omit=dev --omit=optional --no-audit --no-fund && npm cache clean --force
COPY --from=build /app/dist ./dist
RUN mkdir -p /app/uploads && chown node:node /app/uploads
USER node
ENV UPLOAD_DIR=/app/uploads
EXPOSE 50051 3000
ENTRYPOINT ["node", "--enable-source-maps", "dist/src/cli.js"]
CMD ["serve"]
