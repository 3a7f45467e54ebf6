# Build stage: compile TypeScript with the dev dependencies.
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
# The client package is a workspace of the lockfile; the server's LangChain retriever is compiled from its source.
COPY packages/client/package.json ./packages/client/
RUN npm ci --no-audit --no-fund
COPY tsconfig.json tsconfig.build.json ./
COPY packages/client/src ./packages/client/src
COPY src ./src
COPY seed ./seed
RUN npm run build

# Runtime stage: production dependencies, compiled code, and the Cypher files loaded by name.
FROM node:20-bookworm-slim
ENV NODE_ENV=production
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/client/package.json ./packages/client/
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force
COPY --from=build /app/dist ./dist
COPY cypher ./cypher
# The entity tagger's weights (strata entities extract, and the cycle once entities are in the graph).
COPY models ./models
COPY src/api/public ./src/api/public
# `strata` (the CLI) on the PATH: docker compose exec strata strata recall --group demo-1 "..."
RUN chmod +x dist/src/cli/main.js && ln -s /app/dist/src/cli/main.js /usr/local/bin/strata
# EMBEDDER=glove derives its word table on its first start and keeps it here (WORD_VECTORS_CACHE).
RUN mkdir -p node_modules/.cache/strata && chown node node_modules/.cache/strata
USER node
EXPOSE 8080
CMD ["node", "dist/src/main.js"]
