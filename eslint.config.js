// @ts-check
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';

/**
 * Layer boundaries (REQ-arch-layers): domain imports nothing of ours; mocks import only domain,
 * the bundled knowledge content and the API's behaviour (service);
 * ui imports only domain (mocks only from stories and tests); the server kit imports nothing of ours; apps
 * import anything. Imports may not climb out of a package's own folder by relative path, so a package is
 * reached only by its name.
 */
const leavePackage = { regex: '^(\\.\\./){3,}', message: 'Import other packages by name (@sentinel/...).' };
const layer = (allowed) => ({
  group: ['@sentinel/*', ...allowed.map((name) => `!@sentinel/${name}`)],
  message: `This layer may import only: ${allowed.length ? allowed.map((n) => `@sentinel/${n}`).join(', ') : 'nothing of ours'}.`,
});

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/coverage/**',
      '**/.turbo/**',
      '**/.cache/**',
      '**/storybook-static/**',
      '**/public/mockServiceWorker.js',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      eqeqeq: ['error', 'always'],
    },
  },
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs', globals: { ...globals.node } },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    // Browser code inside page.evaluate() of the screenshot and visual-check scripts.
    files: ['apps/storybook/scripts/**/*.mjs'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
  },
  {
    files: ['**/*.tsx'],
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
      // A scrolling region must take focus to be scrolled by keyboard (WCAG 2.1.1; axe scrollable-region-focusable).
      'jsx-a11y/no-noninteractive-tabindex': ['error', { tags: [], roles: ['tabpanel', 'region', 'log'] }],
    },
  },
  {
    files: ['packages/domain/src/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            layer([]),
            leavePackage,
            { group: ['react', 'react-dom', 'node:*'], message: 'Domain code is pure.' },
          ],
        },
      ],
      'no-restricted-properties': [
        'error',
        { object: 'Date', property: 'now', message: 'Pass `now` in; rules do not read the clock.' },
        { object: 'Math', property: 'random', message: 'Rules are deterministic.' },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector: "NewExpression[callee.name='Date'][arguments.length=0]",
          message: 'Pass `now` in; rules do not read the clock.',
        },
      ],
      'no-restricted-globals': ['error', 'fetch', 'window', 'document', 'localStorage'],
    },
  },
  {
    files: ['packages/mocks/src/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [layer(['domain', 'knowledge', 'service']), leavePackage] },
      ],
    },
  },
  {
    files: ['packages/ui/src/**/*.{ts,tsx}'],
    ignores: ['**/*.stories.tsx', '**/*.test.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: [layer(['domain']), leavePackage] }] },
  },
  {
    files: ['packages/ui/src/**/*.stories.tsx', 'packages/ui/src/**/*.test.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: [layer(['domain', 'mocks']), leavePackage] }] },
  },
  {
    // The server kit sits under every server and above nothing of ours: no domain rules, demo data or app code.
    files: ['packages/server-kit/src/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [layer([]), leavePackage] }] },
  },
  {
    // The API's behaviour runs in the browser too (the mock API): domain only, no server or Node modules.
    files: ['packages/service/src/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            layer(['domain']),
            leavePackage,
            { group: ['node:*', 'fastify', '@fastify/*'], message: 'The service runs in the browser too.' },
          ],
        },
      ],
    },
  },
  {
    files: ['knowledge/src/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [layer(['domain']), leavePackage] }] },
  },
);
