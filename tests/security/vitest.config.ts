import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    environment: 'node',
    // Fuzzing runs hundreds of requests per property through the in-process server; two cores, other work beside.
    testTimeout: 60_000,
    hookTimeout: 30_000,
  },
});
