// @ts-check
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import checkFile from 'eslint-plugin-check-file';

/**
 * Layer boundaries (REQ-arch-layers): domain imports nothing of ours; demo data imports only domain; mocks import
 * only domain, demo data, the bundled knowledge content and the API's behaviour (service);
 * ui imports only domain (mocks only from stories and tests); the server kit imports nothing of ours. An app
 * imports packages and its own files: never another app's code from a request path (its tests may start another
 * app through that app's exported entry points), never a file inside another package's src, and demo data only
 * in main.ts, the seeding step. Imports may not climb out of a package's own folder by relative path, so a
 * package is reached only by its name.
 */
const leavePackage = { regex: '^(\\.\\./){3,}', message: 'Import other packages by name (@sentinel/...).' };
const deepImport = {
  regex: '^@sentinel/[^/]+/src/',
  message: "Import a package's exported entry points, not files inside its src.",
};
const APPS = ['api', 'calendar', 'idp', 'model', 'portal', 'storybook'];
const TEST_FILES = ['**/*.test.{ts,tsx}', '**/*.setup.ts', '**/testSupport*', '**/testkit*', '**/fake*'];
/** The lint zone of one app: its request code may not import another app; its tests only by entry points. */
const appZone = (app) => [
  {
    files: [`apps/${app}/src/**/*.{ts,tsx}`, `apps/${app}/scripts/**/*.{ts,mjs}`],
    ignores: TEST_FILES,
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            leavePackage,
            deepImport,
            {
              group: APPS.filter((other) => other !== app).flatMap((other) => [
                `@sentinel/${other}`,
                `@sentinel/${other}/*`,
              ]),
              message: 'An app does not import another app: share it through a package.',
            },
          ],
        },
      ],
    },
  },
  {
    files: TEST_FILES.map((glob) => `apps/${app}/src/${glob}`),
    // The vitest global setup starts PostgreSQL through the repository's script.
    ignores: ['**/*.setup.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [leavePackage, deepImport] }] },
  },
];

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
        { patterns: [layer(['demo-data', 'domain', 'knowledge', 'service']), leavePackage] },
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
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [layer(['demo-data', 'domain', 'mocks']), leavePackage] },
      ],
    },
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
    // Demo data (personas, fixtures, the fixed clock) is built from the domain's rules and nothing else.
    files: ['packages/demo-data/src/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [layer(['domain']), leavePackage] }] },
  },
  {
    // No demo data in a server's request path (REQ-arch-layers): only an app's composition root (main.ts, the
    // seeding step of the embedded default) and its tests and test support may load personas or the mock API.
    // The typescript-eslint twin of no-restricted-imports, so that app zones written with the core rule do
    // not replace these patterns (a later config object's options for the same rule win).
    files: ['apps/*/src/**/*.{ts,tsx}'],
    ignores: [
      '**/main.ts',
      '**/*.test.{ts,tsx}',
      '**/testSupport*',
      '**/testkit*',
      '**/test/**',
      '**/tests/**',
      '**/__tests__/**',
    ],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@sentinel/demo-data', '@sentinel/demo-data/*', '@sentinel/mocks', '@sentinel/mocks/*'],
              message:
                'Demo data is passed in by main.ts (the seeding step), never imported by request code.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['knowledge/src/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [layer(['domain']), leavePackage] }] },
  },
  ...APPS.flatMap(appZone),
  {
    // One file-name case per kind of file: components and the files named after them (their styles, data,
    // stories and tests) in PascalCase; every other module, hook, script and test in camelCase. Dots separate
    // a file's kind (`Button.css.ts`, `rateLimit.test.ts`); never hyphens or underscores.
    files: ['**/*.{ts,tsx,js,mjs,cjs}'],
    // Names a tool fixes: Storybook's test-runner configuration.
    ignores: ['apps/storybook/.storybook/test-runner.ts', 'apps/storybook/test-runner-jest.config.cjs'],
    plugins: { 'check-file': checkFile },
    rules: {
      'check-file/filename-naming-convention': [
        'error',
        { '**/*.{ts,tsx,js,mjs,cjs}': '+([a-zA-Z0-9])' },
        { ignoreMiddleExtensions: true },
      ],
    },
  },
);
