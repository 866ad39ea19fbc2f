// The published @sentinel/domain: dist/ with ESM, declarations and its own package.json (`npm pack` runs there).
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildLibrary } from './libraryBuild.mjs';

await buildLibrary({
  root: join(dirname(fileURLToPath(import.meta.url)), '..'),
  entries: { '.': 'index', './contract': 'contract/index' },
});
