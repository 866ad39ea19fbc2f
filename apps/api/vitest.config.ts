import { defineConfig } from 'vitest/config';

const durable = 'src/store/durableCommit.test.ts';

export default defineConfig({
  test: {
    environment: 'node',
    testTimeout: 30_000,
    // Starts the local PostgreSQL (when installed) for the store's PostgreSQL suite.
    globalSetup: ['src/store/postgres.setup.ts'],
    projects: [
      {
        extends: true,
        // Files share a worker's modules (no per-file isolation): isolation cost about a third of the suite's
        // time (REQ-perf-suite).
        test: { name: 'api', include: ['src/**/*.test.ts'], exclude: [durable], isolate: false },
      },
      // This file replaces node:fs with a mock, which needs modules of its own.
      { extends: true, test: { name: 'durable-commit', include: [durable] } },
    ],
  },
});
