import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Files share a worker's modules and environment (no per-file isolation): the suite needs no fresh module
    // state per file, and isolation cost most of its time (REQ-perf-suite).
    isolate: false,
    include: ['src/**/*.test.ts'],
    environment: 'node',
    // Fuzzing runs hundreds of requests per property through the in-process server; two cores, other work beside.
    testTimeout: 60_000,
    hookTimeout: 30_000,
  },
});
