// Packs a built dist/ the way `npm publish` would and lints the tarball: publint (the package.json against the
// files: exports, types, sideEffects) and Are the Types Wrong (every entry resolves to JavaScript and declarations
// that agree, under Node's ESM resolution and under bundlers). Any error fails, so CI catches a broken package
// before a team installs it. ESM only by design: the esm-only profile leaves out require() from CommonJS.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { publint } from 'publint';
import { formatMessage } from 'publint/utils';

/** Packs `<root>/dist` into `<root>/.cache/pack` and returns the tarball's path. */
export function pack(root) {
  const destination = join(root, '.cache', 'pack');
  mkdirSync(destination, { recursive: true });
  const out = execFileSync('npm', ['pack', '--json', '--pack-destination', destination], {
    cwd: join(root, 'dist'),
    encoding: 'utf8',
  });
  const [{ filename, entryCount, unpackedSize }] = JSON.parse(out);
  const tarball = join(destination, filename);
  const kB = (n) => `${(n / 1024).toFixed(1)} kB`;
  console.log(
    `${filename}: ${kB(statSync(tarball).size)} packed, ${kB(unpackedSize)} unpacked, ${entryCount} files`,
  );
  return tarball;
}

/** Runs publint and attw over the tarball; throws (and so fails the script) on any error or warning. */
export async function lintTarball(tarball) {
  const { messages, pkg } = await publint({
    pack: { tarball: readFileSync(tarball).buffer },
    strict: true,
  });
  for (const message of messages) console.log(`publint ${message.type}: ${formatMessage(message, pkg)}`);
  const failing = messages.filter((message) => message.type !== 'suggestion');
  if (failing.length) throw new Error(`publint: ${failing.length} problem(s) in ${tarball}`);
  console.log(`publint: ${messages.length ? 'suggestions only' : 'no issues'}`);
  // `--no-definitely-typed`: judge our own declarations, and never ask the registry for @types packages.
  // A stylesheet export has no types to check; TypeScript hosts declare `*.css` themselves (vite/client does).
  const stylesheets = Object.keys(pkg.exports ?? {}).filter((path) => path.endsWith('.css'));
  const exclude = stylesheets.length ? ['--exclude-entrypoints', ...stylesheets] : [];
  execFileSync(
    'npx',
    ['--no', 'attw', tarball, '--profile', 'esm-only', '--no-definitely-typed', ...exclude],
    { stdio: 'inherit' },
  );
}
