import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/**
 * Debian Chromium (/usr/bin/chromium, or CHROMIUM_PATH) and the flags that keep it off the network, shared with
 * the story tests (REQ-arch-toolchain). Playwright never downloads a browser here.
 */
export const { CHROMIUM } = require('../../../apps/storybook/scripts/chromium.cjs') as {
  CHROMIUM: { executablePath: string; args: string[] };
};
