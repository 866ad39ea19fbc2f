import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import react from '@vitejs/plugin-react';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { build, defineConfig, loadEnv, type Plugin, type Rolldown } from 'vite';
import type * as PrerenderModule from './src/prerender';
import { forbiddenKindsOf } from './scripts/bundleRules.ts';
import { sessionPreloads, signedInModules } from './scripts/chunks.ts';

const here = fileURLToPath(new URL('.', import.meta.url));

/**
 * The sign-in settings the issue names (AUTH0_DOMAIN, AUTH0_CLIENT_ID, AUTH0_AUDIENCE) plus ADMIN_EMAIL. Vite
 * only exposes VITE_-prefixed variables, so each plain name is copied to its VITE_ twin when that twin is unset.
 * They are listed one by one on purpose: widening envPrefix to 'AUTH0_' would also ship an AUTH0_CLIENT_SECRET
 * to every browser if someone exported one.
 */
const PUBLIC_AUTH_SETTINGS = ['AUTH0_DOMAIN', 'AUTH0_CLIENT_ID', 'AUTH0_AUDIENCE', 'ADMIN_EMAIL'] as const;

function authSettingsFromPlainNames(env: Record<string, string>): Record<string, string> {
  const defined: Record<string, string> = {};
  for (const name of PUBLIC_AUTH_SETTINGS) {
    const plain = env[name];
    if (plain && !env[`VITE_${name}`]) defined[`import.meta.env.VITE_${name}`] = JSON.stringify(plain);
  }
  return defined;
}

/** Fails the build when code that must stay out of the portal (scripts/bundleRules.ts) ends up in any chunk. */
function bundleGuard(): Plugin {
  return {
    name: 'sentinel-bundle-guard',
    apply: 'build',
    generateBundle(_options, bundle) {
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue;
        const offending = Object.keys(output.modules).filter((id) => forbiddenKindsOf(id).length > 0);
        if (offending.length) {
          this.error(
            `${output.fileName} contains code that must stay out of the portal:\n${offending.join('\n')}`,
          );
        }
      }
    },
  };
}

/**
 * REQ-perf-files: the code every signed-in page runs before its first paint, in one chunk and one stylesheet
 * instead of a dozen of each. Left to itself the bundler makes a chunk of every set of lazy modules that
 * share code, so a returning user's dashboard waited on 27 scripts and 10 stylesheets; over HTTP/1.1 (six
 * connections to a host) every extra file is another round trip on a slow phone network. The members come
 * from a first build in memory split the bundler's way (signedInModules), about two seconds: the module graph
 * alone cannot tell them, since every screen is reached through @sentinel/ui's index, which the entry imports
 * too.
 */
async function signedInGroup(): Promise<Rolldown.CodeSplittingGroup> {
  const result = await build({
    configFile: false,
    root: here,
    logLevel: 'silent',
    mode: 'production',
    plugins: [react(), vanillaExtractPlugin()],
    build: { target: BUILD_TARGET, write: false, emptyOutDir: false },
  });
  const outputs = (Array.isArray(result) ? result : [result]) as Rolldown.RolldownOutput[];
  const bundle = Object.fromEntries(
    outputs.flatMap((o) => o.output).map((output) => [output.fileName, output]),
  ) as Rolldown.OutputBundle;
  const members = signedInModules(bundle, here);
  if (!members.size)
    throw new Error('The signed-in pages share no module: the signed-in chunk would be empty');
  // Only these modules, not their dependencies too: React and the rest of the entry's stay in the entry.
  return { name: 'signed-in', test: (id) => members.has(id), includeDependenciesRecursively: false };
}

const BUILD_TARGET = 'es2022';

/**
 * REQ-perf-routes: the small modules every page shares (the domain's constants, results, roles and texts; the
 * primitives every page draws: button, icons, text, stack, spinner, empty state, stat tiles, and the provider
 * check and theme helper of the ui) in one chunk, not one request each: split apart they took a
 * dashboard's first paint to 23 files, over its budget of 18.
 */
const BASICS_GROUP: Rolldown.CodeSplittingGroup = {
  name: 'basics',
  test: /packages[\\/](domain[\\/]src[\\/](constants|result|roles|texts)|ui[\\/]src[\\/](Button|icons|Text|Stack|Spinner|EmptyState|StatTile|SentinelProvider|theme[\\/]createTheme)[\\/.])/,
  includeDependenciesRecursively: false,
};

/**
 * REQ-perf: puts the prerendered landing and the returning user's early downloads into the built index.html
 * (src/prerender.tsx). The module is built for Node with the same React and vanilla-extract plugins as the app,
 * so its class names are the ones of the built stylesheets.
 */
function prerenderLanding(): Plugin {
  let outDir = '';
  let base = '/';
  return {
    name: 'sentinel-prerender-landing',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
      base = config.base;
    },
    writeBundle: {
      sequential: true,
      async handler(_options, bundle) {
        const preloads = sessionPreloads(bundle, base, here);
        const cache = path.join(here, '.cache');
        mkdirSync(cache, { recursive: true });
        const serverOut = mkdtempSync(path.join(cache, 'prerender-'));
        try {
          await build({
            configFile: false,
            root: here,
            logLevel: 'warn',
            mode: 'production',
            plugins: [react(), vanillaExtractPlugin()],
            // Workspace packages export TypeScript source: bundle them; React and friends stay in node_modules.
            ssr: { noExternal: [/^@sentinel\//] },
            build: { ssr: path.join(here, 'src/prerender.tsx'), outDir: serverOut, emptyOutDir: true },
          });
          const entry = readdirSync(serverOut).find((file) => /^prerender\.m?js$/.test(file));
          if (!entry) throw new Error(`The prerender build wrote no module into ${serverOut}`);
          const { prerenderIndexHtml } = (await import(
            pathToFileURL(path.join(serverOut, entry)).href
          )) as typeof PrerenderModule;
          const index = path.join(outDir, 'index.html');
          writeFileSync(index, prerenderIndexHtml(readFileSync(index, 'utf8'), preloads));
        } finally {
          rmSync(serverOut, { recursive: true, force: true });
        }
      },
    },
  };
}

const COMPRESSIBLE = /\.(?:js|css|html|svg|json|txt)$/;

/**
 * Writes a .br and a .gz beside every text file of the build: the API serves them to browsers that accept them
 * (@fastify/static's preCompressed), a third of the bytes over the wire, compressed once at build time.
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'sentinel-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const files = readdirSync(outDir, { withFileTypes: true, recursive: true })
        .filter((entry) => entry.isFile() && COMPRESSIBLE.test(entry.name))
        .map((entry) => path.join(entry.parentPath, entry.name));
      for (const file of files) {
        const content = readFileSync(file);
        writeFileSync(`${file}.gz`, gzipSync(content, { level: constants.Z_BEST_COMPRESSION }));
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(content, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
              [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
            },
          }),
        );
      }
    },
  };
}

export default defineConfig(async ({ command, mode }) => ({
  root: here,
  plugins: [react(), vanillaExtractPlugin(), bundleGuard(), prerenderLanding(), precompress()],
  define: authSettingsFromPlainNames(loadEnv(mode, here, '')),
  server: {
    port: 5173,
    strictPort: true,
    // The API (a later issue) answers under /api on the portal's own origin.
    proxy: { '/api': 'http://localhost:3000' },
  },
  preview: {
    port: 5173,
    strictPort: true,
    proxy: { '/api': 'http://localhost:3000' },
  },
  build: {
    target: BUILD_TARGET,
    // .vite/manifest.json: which chunks each route loads, read by scripts/checkBudgets.ts (REQ-perf-bench).
    manifest: true,
    rolldownOptions:
      command === 'build'
        ? { output: { codeSplitting: { groups: [await signedInGroup(), BASICS_GROUP] } } }
        : {},
  },
}));
