import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    // Files share a worker's modules and environment (no per-file isolation): the suite needs no fresh module
    // state per file, and isolation cost most of its time (REQ-perf-suite).
    isolate: false,
  },
});
