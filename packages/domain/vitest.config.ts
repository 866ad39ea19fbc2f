import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Files share a worker's modules and environment (no per-file isolation): the suite needs no fresh module
    // state per file, and isolation cost most of its time (REQ-perf-suite).
    isolate: false,
    include: ['src/**/*.test.ts'],
    coverage: {
      provider: 'v8',
      include: ['src/**/*.ts'],
      exclude: ['src/**/*.test.ts', 'src/**/index.ts'],
      reporter: ['text-summary'],
      thresholds: { lines: 95, statements: 95, functions: 95, branches: 90 },
    },
  },
});
