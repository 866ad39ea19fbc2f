// The published @sentinel/ui: dist/ with ESM, declarations, one stylesheet (`@sentinel/ui/styles.css`, every
// vanilla-extract style compiled to plain CSS, so a host needs no plugin), the theme alone (`@sentinel/ui/theme`
// and `@sentinel/ui/theme.css`) and its own package.json. Builds
// @sentinel/domain first: ui's declarations are written against domain's built ones.
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import react from '@vitejs/plugin-react';
import { execFileSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildLibrary } from '../../domain/scripts/libraryBuild.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
execFileSync(process.execPath, [join(root, '..', 'domain', 'scripts', 'buildLib.mjs')], { stdio: 'inherit' });

await buildLibrary({
  root,
  entries: { '.': 'index', './theme': 'theme/index' },
  // Components use context and hooks: a server component may import them, never run them. The theme entry
  // (tokens, class names, createTheme) stays usable on the server.
  clientEntries: ['index'],
  css: { './styles.css': 'styles.css' },
  // A partner theme's stylesheet: the theme classes' variables and nothing of the components.
  cssOf: { './theme.css': { file: 'theme.css', entry: 'theme/index' } },
  plugins: [vanillaExtractPlugin(), react()],
  // A host brings these once: two copies of React break hooks, two of TanStack Query split the cache. Ranges as
  // wide as the APIs we use: `ref` as a prop needs React 19; all Query APIs we call are in 5.0.
  peerDependencies: { react: '^19.0.0', 'react-dom': '^19.0.0', '@tanstack/react-query': '^5.0.0' },
});
