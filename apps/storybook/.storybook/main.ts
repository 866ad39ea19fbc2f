import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { StorybookConfig } from '@storybook/react-vite';
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import remarkGfm from 'remark-gfm';

const here = dirname(fileURLToPath(import.meta.url));
const uiPackage = resolve(here, '../../../packages/ui');

/** A prop as react-docgen-typescript reports it: where its type declares it. */
type DocgenProp = { declarations?: { fileName: string }[]; parent?: { fileName: string } };

/**
 * Prop tables list our props and drop the hundreds of DOM attributes a component passes through. A prop is ours
 * when one of its declarations is in our source (a prop both we and the DOM declare, such as Box's `as`, stays),
 * or when it has no declaration at all: the props of Box's sprinkles are a mapped type with none.
 */
function isOurProp(prop: DocgenProp): boolean {
  const files = prop.declarations?.map((declaration) => declaration.fileName) ?? [];
  if (files.length === 0) return !prop.parent || !prop.parent.fileName.includes('node_modules');
  return files.some((file) => !file.includes('node_modules'));
}

const config: StorybookConfig = {
  stories: ['../src/**/*.mdx', '../../../packages/ui/src/**/*.stories.tsx'],
  addons: [
    {
      name: '@storybook/addon-docs',
      // GitHub-flavoured Markdown in MDX pages: tables, strikethrough, task lists, autolinks.
      options: { mdxPluginOptions: { mdxCompileOptions: { remarkPlugins: [remarkGfm] } } },
    },
    '@storybook/addon-a11y',
    '@storybook/addon-vitest',
    'msw-storybook-addon',
  ],
  framework: { name: '@storybook/react-vite', options: {} },
  staticDirs: ['../public'],
  core: { disableTelemetry: true, disableWhatsNewNotifications: true },
  typescript: {
    reactDocgen: 'react-docgen-typescript',
    /*
     * The components live in packages/ui, outside this app: docgen reads them through that package's tsconfig
     * (this app's own tsconfig does not include them, and a file outside the project gets no prop table, no
     * description and no displayName, so a minified build's snippets showed `<We />`).
     */
    reactDocgenTypescriptOptions: {
      tsconfigPath: resolve(uiPackage, 'tsconfig.json'),
      include: [resolve(uiPackage, 'src/**/*.tsx')],
      exclude: ['**/*.stories.tsx', '**/*.test.tsx'],
      shouldExtractLiteralValuesFromEnum: true,
      shouldRemoveUndefinedFromOptional: true,
      savePropValueAsString: true,
      propFilter: isOurProp,
    },
  },
  viteFinal(viteConfig) {
    viteConfig.plugins = [...(viteConfig.plugins ?? []), vanillaExtractPlugin()];
    // Pre-bundled up front, so Vite never reloads the page in the middle of a story test run.
    viteConfig.optimizeDeps = {
      ...viteConfig.optimizeDeps,
      include: [
        ...(viteConfig.optimizeDeps?.include ?? []),
        '@vanilla-extract/sprinkles/createRuntimeSprinkles',
        '@tanstack/react-query',
        '@tanstack/react-virtual',
        'react-markdown',
        'msw',
        'msw/browser',
        'zod',
        'yaml',
      ],
    };
    return viteConfig;
  },
};

export default config;
