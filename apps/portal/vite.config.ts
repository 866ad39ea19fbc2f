import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig, loadEnv, type Plugin } from 'vite';

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

/** Code that must never reach a browser bundle: mocks, test and story code, the model SDK (server only). */
const FORBIDDEN_IN_BUNDLE = [
  /[\\/]node_modules[\\/]msw[\\/]/,
  /[\\/]node_modules[\\/]@huggingface[\\/]/,
  /[\\/]node_modules[\\/]@testing-library[\\/]/,
  /[\\/]packages[\\/]mocks[\\/]/,
  /\.(test|stories)\.[cm]?[jt]sx?$/,
];

/** Fails the build when a forbidden module ends up in any chunk. */
function bundleGuard(): Plugin {
  return {
    name: 'sentinel-bundle-guard',
    apply: 'build',
    generateBundle(_options, bundle) {
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue;
        const offending = Object.keys(output.modules).filter((id) =>
          FORBIDDEN_IN_BUNDLE.some((pattern) => pattern.test(id)),
        );
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
    // The entry is React DOM, the Auth0 SDK and the router (about 525 kB minified, 157 kB gzipped): the
    // default 500 kB warning would fire on every build without saying anything new.
    chunkSizeWarningLimit: 600,
  },
}));
