// `npm run test:built`: @sentinel/ui and @sentinel/domain as a team installs them. Packs both dist/ folders,
// lints the tarballs (publint, Are the Types Wrong), installs them into a host folder (.cache/consumer, extracted
// from the tarballs, not workspace links), compiles scripts/consumer/app.tsx there with strict settings under
// moduleResolution bundler and node16 together with the README's code samples, runs scripts/consumer/smoke.mjs
// in plain Node, and builds the host with Vite and no plugins. Build first with `npm run build:lib`.
import { execFileSync } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import { sizeOf } from '../../domain/scripts/libraryBuild.mjs';
import { lintTarball, pack } from '../../domain/scripts/packageCheck.mjs';

const require = createRequire(import.meta.url);
const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const fixture = join(root, 'scripts', 'consumer');
const host = join(root, '.cache', 'consumer');

const tarballs = { '@sentinel/domain': pack(join(root, '..', 'domain')), '@sentinel/ui': pack(root) };
for (const tarball of Object.values(tarballs)) await lintTarball(tarball);

// The host: its own package.json and node_modules/@sentinel/*; react, zod and the other dependencies come from
// the repository's node_modules further up, as a host's installer would provide them.
rmSync(host, { recursive: true, force: true });
mkdirSync(join(host, 'node_modules', '@sentinel'), { recursive: true });
writeFileSync(join(host, 'package.json'), JSON.stringify({ name: 'host', private: true, type: 'module' }));
for (const file of readdirSync(fixture)) copyFileSync(join(fixture, file), join(host, file));
// The README's code samples are host code too: compiled here, they cannot go stale.
const samples = [...readFileSync(join(root, 'README.md'), 'utf8').matchAll(/```tsx\n([\s\S]*?)```/g)];
if (samples.length === 0) throw new Error('README.md has no tsx samples to compile');
samples.forEach(([, code], index) => writeFileSync(join(host, `readme-${index + 1}.tsx`), code));
for (const [name, tarball] of Object.entries(tarballs)) {
  const into = join(host, 'node_modules', name);
  mkdirSync(`${into}.tmp`, { recursive: true });
  execFileSync('tar', ['-xzf', tarball, '-C', `${into}.tmp`]);
  renameSync(join(`${into}.tmp`, 'package'), into);
  rmSync(`${into}.tmp`, { recursive: true });
}

const tsc = require.resolve('typescript/bin/tsc');
for (const [moduleKind, resolution] of [
  ['esnext', 'bundler'],
  ['node16', 'node16'],
]) {
  const started = performance.now();
  execFileSync(
    process.execPath,
    [tsc, '-p', join(host, 'tsconfig.json'), '--module', moduleKind, '--moduleResolution', resolution],
    { stdio: 'inherit' },
  );
  console.log(
    `host compiles (strict, skipLibCheck off, ${resolution}) in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
}
execFileSync(process.execPath, [join(host, 'smoke.mjs')], { stdio: 'inherit', cwd: host });

// A plain Vite build of the host: no plugins, no optimizeDeps or alias tricks. What it ships is the page's
// initial JavaScript (React included) and CSS; lazy chunks load later.
const started = performance.now();
const out = join(host, 'build');
await build({
  root: host,
  configFile: false,
  logLevel: 'warn',
  build: {
    outDir: out,
    emptyOutDir: true,
    rolldownOptions: {
      // TanStack Query marks its modules "use client" for React Server Components; a client bundle drops that.
      onwarn: (warning, warn) => warning.code !== 'MODULE_LEVEL_DIRECTIVE' && warn(warning),
    },
  },
});
const html = readFileSync(join(out, 'index.html'), 'utf8');
const initial = (pattern) =>
  [...html.matchAll(pattern)].map((match) => join(out, match[1])).filter((file) => existsSync(file));
const scripts = initial(/<script[^>]*src="\/?([^"]+)"/g);
const preloads = initial(/<link rel="modulepreload"[^>]*href="\/?([^"]+)"/g);
const styles = initial(/<link rel="stylesheet"[^>]*href="\/?([^"]+)"/g);
if (scripts.length === 0 || styles.length === 0)
  throw new Error('the host build has no script or no stylesheet');
const js = sizeOf([...scripts, ...preloads]);
const css = sizeOf(styles);
const kB = (n) => `${(n / 1024).toFixed(1)} kB`;
console.log(
  `host Vite build (no plugins): ${((performance.now() - started) / 1000).toFixed(1)} s; initial JS ` +
    `${kB(js.raw)} (${kB(js.gzip)} gzip, React included), CSS ${kB(css.raw)} (${kB(css.gzip)} gzip)`,
);
