// @storybook/test-runner on the built static Storybook (what designers open), in Debian Chromium.
const { getJestConfig } = require('@storybook/test-runner');
const path = require('node:path');
const { CHROMIUM } = require('./scripts/chromium.cjs');

const base = getJestConfig();

module.exports = {
  ...base,
  cacheDirectory: path.join(__dirname, '.cache', 'jest'),
  testTimeout: 30_000,
  testEnvironmentOptions: {
    'jest-playwright': {
      ...base.testEnvironmentOptions['jest-playwright'],
      browsers: ['chromium'],
      launchOptions: CHROMIUM,
    },
  },
};
