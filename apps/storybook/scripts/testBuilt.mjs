// Builds the static Storybook, serves it on loopback, and runs @storybook/test-runner against it twice
// (REQ-screen-matrix, .storybook/matrix.ts): at 1280 px in light, then at 390 px in dark. Each pass runs every
// story's play and axe, then axe in the other theme and the light end state against its visual baseline. So
// every story is checked in the build designers open, at both widths and in both themes. Last, the stress
// stories run under forced colours, print media and 200% zoom (scripts/stressModes.mjs).
// Flags: --no-build (reuse storybook-static), --update (rewrite the visual baselines; review them before
// committing), --pass desktop|phone (one pass only).
import { spawn, spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = join(dirname(fileURLToPath(import.meta.url)), '..');
const port = process.env.STORYBOOK_TEST_PORT ?? '6007';
const url = `http://127.0.0.1:${port}`;

const run = (cmd, args) => {
  const result = spawnSync(cmd, args, { cwd: here, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
};

if (!process.argv.includes('--no-build')) run('storybook', ['build', '-o', 'storybook-static', '--quiet']);

// Binaries come from node_modules/.bin on the PATH npm gives scripts; the server is killed by its own pid.
const server = spawn('http-server', ['storybook-static', '-a', '127.0.0.1', '-p', port, '-s', '-c-1'], {
  cwd: here,
  stdio: 'ignore',
});
const stop = () => server.kill('SIGTERM');
process.on('exit', stop);

for (let i = 0; i < 50; i += 1) {
  const ok = await fetch(`${url}/index.json`).then(
    (r) => r.ok,
    () => false,
  );
  if (ok) break;
  await new Promise((r) => setTimeout(r, 200));
}

const only = process.argv.includes('--pass') ? process.argv[process.argv.indexOf('--pass') + 1] : undefined;
const passes = only ? [only] : ['desktop', 'phone'];
let status = 0;
for (const pass of passes) {
  const started = Date.now();
  // Stories tagged desktop-only drive the full desktop layout (every tab of a bar that folds into a menu on a
  // phone); the phone's own stories cover that layout.
  const tags = pass === 'phone' ? ['--excludeTags', 'desktop-only'] : [];
  const result = spawnSync(
    'test-storybook',
    ['--index-json', '--url', url, '--maxWorkers=2', '--ci', ...tags],
    {
      cwd: here,
      stdio: 'inherit',
      env: {
        ...process.env,
        STORY_PASS: pass,
        ...(process.argv.includes('--update') ? { VISUAL_UPDATE: '1' } : {}),
      },
    },
  );
  console.log(
    `story pass ${pass}: ${result.status === 0 ? 'passed' : 'FAILED'} in ${Math.round((Date.now() - started) / 1000)} s`,
  );
  status ||= result.status ?? 1;
}
// New baselines come from Chromium's fast PNG encoder; written again by pngjs at full compression they take
// about half the space in the repository.
if (process.argv.includes('--update')) {
  const { PNG } = await import('pngjs');
  const { readdirSync, readFileSync, writeFileSync } = await import('node:fs');
  const dir = join(here, 'visual-baselines');
  for (const name of readdirSync(dir).filter((n) => n.endsWith('.png'))) {
    const file = join(dir, name);
    const packed = PNG.sync.write(PNG.sync.read(readFileSync(file)), { deflateLevel: 9 });
    if (packed.length < readFileSync(file).length) writeFileSync(file, packed);
  }
}

// The stress stories in the modes Storybook cannot set: forced colours, print media, 200% zoom.
const stress = spawnSync(
  process.execPath,
  [join(here, 'scripts', 'stressModes.mjs'), url, join(here, '.cache', 'stress-modes')],
  {
    cwd: here,
    stdio: 'inherit',
  },
);
console.log(`stress modes: ${stress.status === 0 ? 'passed' : 'FAILED'}`);
status ||= stress.status ?? 1;
stop();
process.exit(status);
