// Size budgets of the built @sentinel/ui (REQ-product-library), measured by size-limit (esbuild, minified, gzip) on
// dist/ as a host bundles it: `npx size-limit` from packages/ui after `npm run build:lib`; `npm run sizes` runs
// these and the checks size-limit cannot express (scripts/sizes.mjs) and writes the figures for BENCHMARKS.md.
const { join } = require('node:path');

const dist = (name) => join(__dirname, '..', name, 'dist');

/**
 * What the page loads before it runs: every dynamic import stays out (the contract, the markdown renderer and the
 * lazy screens are chunks a host's bundler splits off and fetches later), and @sentinel/domain is the built one, as
 * a host installs it, not the workspace's TypeScript sources.
 */
const initialOnly = (config) => ({
  ...config,
  alias: { '@sentinel/domain': dist('domain') },
  define: { 'process.env.NODE_ENV': '"production"' },
  plugins: [
    {
      name: 'lazy-chunks-load-later',
      setup(build) {
        build.onResolve({ filter: /.*/ }, (args) =>
          args.kind === 'dynamic-import' ? { path: args.path, external: true } : undefined,
        );
      },
    },
  ],
});

/** A host's React: the page budget counts it, the per-entry budgets measure what we add beyond it. */
const REACT = ['react', 'react-dom'];

const entry = (name, exports, limit, ignore = REACT) => ({
  name,
  path: 'dist/index.js',
  import: exports,
  ignore,
  limit,
  gzip: true,
  modifyEsbuildConfig: initialOnly,
});

// Screens are measured by scripts/sizes.mjs with Vite, not here: esbuild keeps the whole of zod 4 behind
// `import { z } from 'zod'` (100 kB gzip more than Rolldown keeps), so a screen's figure here would say more about
// the bundler than about the screen.
module.exports = [
  entry('primitive: Button, beyond React', '{ Button }', '2 kB'),
  {
    name: 'theme entry (@sentinel/ui/theme), all of it',
    path: 'dist/theme/index.js',
    import: '*',
    // The tokens, `vars`, the theme classes and createTheme: what a partner theme needs (it was 7.6 kB when it
    // came from the main entry with every component).
    limit: '3.5 kB',
    gzip: true,
    modifyEsbuildConfig: initialOnly,
  },
  {
    name: 'theme.css',
    path: 'dist/theme.css',
    disablePlugins: ['@size-limit/esbuild'],
    limit: '1.5 kB',
    gzip: true,
  },
  {
    name: 'styles.css (every component)',
    path: 'dist/styles.css',
    disablePlugins: ['@size-limit/esbuild'],
    limit: '10 kB',
    gzip: true,
  },
  {
    name: 'ChatPanel page: initial JS including React',
    path: 'scripts/sizes/chatPanelPage.js',
    limit: '120 kB',
    gzip: true,
    // size-limit leaves out the package's peer dependencies (React) everywhere; this page counts them.
    modifyEsbuildConfig: (config) => ({ ...initialOnly(config), external: [] }),
  },
];
