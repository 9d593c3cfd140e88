# One image for every role: `serve --roles grpc|http|worker` (comma-separated), `migrate`, `topup`, ...
# Not built in the development environment (no Docker engine there); kept simple so it reads correct.

FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY tsconfig.json tsconfig.build.json knexfile.ts ./
COPY src ./src
COPY migrations ./migrations
RUN npm run build

FROM node:20-bookworm-slim AS runtime
ENV NODE_ENV=production
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force
COPY --from=build /app/dist ./dist
# Scripts and the proto sit beside the compiled code, at the same relative place as in the source tree.
COPY lua ./dist/lua
COPY proto ./dist/proto
COPY src/admin/graphql/schema.graphql ./dist/src/admin/graphql/schema.graphql
RUN mkdir -p /app/uploads && chown node:node /app/uploads
USER node
ENV UPLOAD_DIR=/app/uploads
EXPOSE 50051 3000
ENTRYPOINT ["node", "dist/src/cli.js"]
CMD ["serve"]
