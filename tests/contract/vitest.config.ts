import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    environment: 'node',
    // Starts (or finds) the local PostgreSQL and provides its URL as inject('postgresUrl').
    globalSetup: [fileURLToPath(import.meta.resolve('@sentinel/api/postgres-setup'))],
    // One fresh server per state-changing sequence; each starts in well under a second.
    testTimeout: 30_000,
    hookTimeout: 30_000,
  },
});
