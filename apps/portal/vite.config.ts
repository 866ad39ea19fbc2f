import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig, loadEnv, type Plugin } from 'vite';
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

export default defineConfig(({ mode }) => ({
  root: here,
  plugins: [react(), vanillaExtractPlugin(), bundleGuard()],
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
