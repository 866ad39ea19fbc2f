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
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    // Screen tests render whole screens with user-event; on a loaded 2-core CI machine 5 s is too tight.
    testTimeout: 15_000,
  },
});
