import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    environment: 'node',
    testTimeout: 30_000,
    // Starts the local PostgreSQL (when installed) for the store's PostgreSQL suite.
    globalSetup: ['src/store/postgres.setup.ts'],
  },
});
