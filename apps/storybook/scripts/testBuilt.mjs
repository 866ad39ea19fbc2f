// Builds the static Storybook, serves it on loopback, and runs @storybook/test-runner against it: every story
// renders, every play function passes, and axe finds no violation, in the build designers open. Then the
// offline visual check compares key stories with the committed baselines.
// Flags: --no-build (reuse storybook-static), --visual-only, --update (rewrite the baselines).
import { spawn, spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { visualCheck } from './visual.mjs';

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

let status = 0;
if (!process.argv.includes('--visual-only')) {
  const result = spawnSync('test-storybook', ['--index-json', '--url', url, '--maxWorkers=2', '--ci'], {
    cwd: here,
    stdio: 'inherit',
  });
  status = result.status ?? 1;
}
const failures = await visualCheck(url, here, { update: process.argv.includes('--update') });
for (const f of failures) console.error(`visual change: ${f}`);
if (failures.length) status ||= 1;
stop();
process.exit(status);
