import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import react from '@vitejs/plugin-react';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { build, defineConfig, loadEnv, type Plugin, type Rolldown } from 'vite';
import type * as PrerenderModule from './src/prerender';
import type { SessionPreloads } from './src/prerender';
import { forbiddenKindsOf } from './scripts/bundleRules.ts';

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

/** The modules a returning user's page loads after the entry: the sign-in SDK, the signed-in pages, and per
 * dashboard path its screen (the same modules main.tsx and SignedInPages import). */
const SESSION_MODULES = ['src/SdkSession.tsx', 'src/SignedInPages.tsx'];
const DASHBOARD_MODULES: Readonly<Record<string, string>> = {
  '/patient-dashboard': 'src/dashboards/PatientDashboard.ts',
  '/doctor-dashboard': 'src/dashboards/DoctorPortal.ts',
  '/admin-dashboard': 'src/dashboards/AdminDashboard.ts',
};

/** The chunks (as URLs) to request early for a returning user, beyond what index.html already loads. */
function sessionPreloads(bundle: Rolldown.OutputBundle, base: string): SessionPreloads {
  const chunks = Object.values(bundle).filter(
    (output): output is Rolldown.OutputChunk => output.type === 'chunk',
  );
  const closure = (start: Rolldown.OutputChunk) => {
    const seen = new Set<string>();
    const visit = (fileName: string) => {
      const chunk = bundle[fileName];
      if (seen.has(fileName) || chunk?.type !== 'chunk') return;
      seen.add(fileName);
      chunk.imports.forEach(visit);
    };
    visit(start.fileName);
    return [...seen];
  };
  const entry = chunks.find((chunk) => chunk.isEntry);
  if (!entry) throw new Error('The build has no entry chunk');
  const loaded = new Set(closure(entry));
  const chunkOf = (module: string) => {
    const chunk = chunks.find((c) => c.facadeModuleId === path.join(here, module));
    if (!chunk) throw new Error(`No chunk of its own for ${module}: it is no longer imported lazily`);
    return chunk;
  };
  const url = (file: string) => `${base}${file}`;
  // The sign-in SDK and the signed-in pages with every chunk they import (the SDK is the largest download).
  const always = [
    ...new Set(SESSION_MODULES.flatMap((module) => closure(chunkOf(module)).filter((f) => !loaded.has(f)))),
  ].map(url);
  // Only the dashboard's own chunk: main.tsx imports it as soon as the entry runs, and Vite's loader then
  // requests its dependencies (each link costs the parser time, so the head asks only for what wins most).
  const byPath = Object.entries(DASHBOARD_MODULES).map(([route, module]) => [
    route,
    [url(chunkOf(module).fileName)],
  ]);
  return { always, byPath: Object.fromEntries(byPath) as Record<string, string[]> };
}

/**
 * Issue 7: puts the prerendered landing and the returning user's early downloads into the built index.html
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
        const preloads = sessionPreloads(bundle, base);
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

export default defineConfig(({ mode }) => ({
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
    target: 'es2022',
    // .vite/manifest.json: which chunks each route loads, read by scripts/check-budgets.ts (issue 7 budgets).
    manifest: true,
  },
}));
