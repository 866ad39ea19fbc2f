/**
 * REQ-perf-bench bundle budgets, enforced by `npm run test:built -w @sentinel/portal` (part of `npm test`): builds the
 * portal with its own Vite config into .cache/budget-build (not dist/, which the e2e stack may be serving),
 * reads the manifest, prints per route the gzipped JS and CSS a browser loads and every lazy chunk, and fails
 * when a route is over its JS budget, when the landing would load the sign-in SDK, or when msw, the model SDK,
 * mocks or test code are in any chunk. Sizes are gzip level 9 (what size-limit's gzip mode reports).
 * Flags: --json <file> also writes the figures in the shared benchmark shape (the bench registry writes
 * tests/bench/results/bundle.json this way); a relative path is taken from where npm was started.
 */
import { mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { constants, gzipSync } from 'node:zlib';
import { build, type Manifest, type Plugin } from 'vite';
import {
  bundleBenchResult,
  forbiddenFigures,
  formatReport,
  lazyChunkFigures,
  routeFigures,
  sdkFilesOnLanding,
  type ChunkModules,
} from './budgets';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const outDir = join(root, '.cache', 'budget-build');

/** Records the module ids (and their rendered length) of every emitted chunk. */
function recordModules(into: Record<string, Record<string, number>>): Plugin {
  return {
    name: 'sentinel-record-modules',
    apply: 'build',
    generateBundle(_options, bundle) {
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue;
        into[output.fileName] = Object.fromEntries(
          Object.entries(output.modules).map(([id, module]) => [id, module.renderedLength]),
        );
      }
    },
  };
}

const filesUnder = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(outDir, join(entry.parentPath, entry.name)));

const modules: Record<string, Record<string, number>> = {};
await build({
  root,
  logLevel: 'warn',
  plugins: [recordModules(modules)],
  build: { outDir, emptyOutDir: true, manifest: true },
});

const manifest = JSON.parse(readFileSync(join(outDir, '.vite', 'manifest.json'), 'utf8')) as Manifest;
const emitted = filesUnder(outDir).filter((file) => /\.(js|css)$/.test(file));
const contents = Object.fromEntries(emitted.map((file) => [file, readFileSync(join(outDir, file), 'utf8')]));
const gzipped = Object.fromEntries(
  Object.entries(contents).map(([file, text]) => [
    file,
    gzipSync(text, { level: constants.Z_BEST_COMPRESSION }).length,
  ]),
);

const routes = routeFigures(manifest, gzipped, modules as ChunkModules);
const lazy = lazyChunkFigures(manifest, gzipped);
const forbidden = forbiddenFigures(modules as ChunkModules, contents);
const sdkOnLanding = sdkFilesOnLanding(manifest, modules as ChunkModules);

console.log(formatReport(routes, lazy, forbidden));

const over = (r: (typeof routes)[number]) => [
  ...(r.jsBytes > r.maxJsKb * 1000
    ? [`${r.route} loads ${(r.jsBytes / 1000).toFixed(1)} kB of JS gzipped, over its ${r.maxJsKb} kB budget`]
    : []),
  ...(r.maxFiles !== undefined && r.files.length > r.maxFiles
    ? [`${r.route} fetches ${r.files.length} files for its first paint, over its budget of ${r.maxFiles}`]
    : []),
];
const failures = [
  ...routes.flatMap(over),
  ...sdkOnLanding.map((file) => `the landing loads the sign-in SDK in ${file}`),
  ...forbidden.flatMap((f) => [
    ...f.modules.map((m) => `${f.what} is in the build: ${m}`),
    ...f.markersFound.map((m) => `${f.what} is in the build (marker): ${m}`),
  ]),
];

const jsonAt = process.argv.indexOf('--json');
if (jsonAt > -1) {
  const target = process.argv[jsonAt + 1];
  if (!target) throw new Error('--json needs a file name.');
  const file = resolve(process.env.INIT_CWD ?? process.cwd(), target);
  mkdirSync(dirname(file), { recursive: true });
  const result = bundleBenchResult(routes, lazy, forbidden, sdkOnLanding, new Date());
  writeFileSync(file, `${JSON.stringify(result, null, 2)}\n`);
  console.log(`\nFigures written to ${file}`);
}

if (failures.length) {
  console.error(`\nBundle budgets failed:\n${failures.map((f) => `- ${f}`).join('\n')}`);
  process.exit(1);
}
console.log(
  '\nBundle budgets: every route within its JS and file budgets, no SDK on the landing, no forbidden code.',
);
