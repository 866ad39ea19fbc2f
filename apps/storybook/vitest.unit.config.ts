import { defineConfig } from 'vitest/config';

/**
 * The Storybook app's own code in Node: the story matrix's rules (.storybook/matrix.ts). The stories themselves
 * are tested on the built Storybook (`npm run test:built`, REQ-screen-matrix); `npm run test:stories` runs them in
 * Vitest's browser mode while working on a story.
 */
export default defineConfig({
  test: { name: 'storybook-unit', include: ['.storybook/**/*.test.ts', 'scripts/**/*.test.ts'] },
});
