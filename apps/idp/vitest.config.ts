import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    environment: 'node',
    testTimeout: 20_000,
    // Starts the local PostgreSQL (when installed) for the account directory's PostgreSQL suite.
    globalSetup: ['src/directory/postgres.setup.ts'],
  },
});
