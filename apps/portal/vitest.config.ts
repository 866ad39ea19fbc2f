import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [vanillaExtractPlugin(), react()],
  test: {
    // Files share a worker's modules and environment (no per-file isolation): the suite needs no fresh module
    // state per file, and isolation cost most of its time (REQ-perf-suite).
    isolate: false,
    environment: 'happy-dom',
    include: ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts'],
    setupFiles: ['./src/test/setup.ts'],
    testTimeout: 20_000,
  },
});
