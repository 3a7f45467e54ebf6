import { defineConfig } from 'vitest/config';

/**
 * The fault suite (npm run test:faults): stops and starts Neo4j and kills app processes, so it is kept out of
 * `npm test` and runs one file at a time with minutes-long budgets.
 */
export default defineConfig({
  test: {
    include: ['test/faults/**/*.test.ts'],
    globalSetup: ['test/faults/global-setup.ts'],
    fileParallelism: false,
    testTimeout: 600_000,
    hookTimeout: 300_000,
    reporters: ['default'],
  },
});
