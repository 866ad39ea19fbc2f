// `npm start` (and `npm run dev`, with hot reload): runs the product on its embedded defaults and prints where to open it: the identity provider
// (apps/idp, http://localhost:4000) and the portal's production build (apps/portal, http://localhost:5173).
// The API with its embedded database and the built-in model join with the API and assistant issues; until
// then the screens show their "cannot reach the server" state after sign-in.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

const knowledge = spawnSync('npx', ['tsx', 'knowledge/src/cli.ts'], { cwd: root, stdio: 'inherit' });
if (knowledge.status !== 0) process.exit(knowledge.status ?? 1);

if (!existsSync(join(root, 'apps/idp/package.json')) || !existsSync(join(root, 'apps/portal/package.json'))) {
  console.log('\nThe identity provider and the portal are not in this checkout yet; nothing else to start.');
  process.exit(0);
}

// `npm run dev` passes --dev: the portal's Vite dev server with hot reload instead of the production build.
const dev = process.argv.includes('--dev');
if (!dev) {
  console.log('\nBuilding the portal...');
  const build = spawnSync(npm, ['run', 'build', '-w', '@sentinel/portal'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const children = [
  spawn(npm, ['run', 'start', '-w', '@sentinel/idp'], { cwd: root, stdio: 'inherit' }),
  spawn(npm, ['run', dev ? 'dev' : 'preview', '-w', '@sentinel/portal'], { cwd: root, stdio: 'inherit' }),
];
const stop = () => {
  for (const child of children) child.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) child.on('exit', (code) => code && code !== 0 && stop());

setTimeout(() => {
  console.log('\nSentinel Health is running:');
  console.log('  Portal             http://localhost:5173');
  console.log('  Identity provider  http://localhost:4000');
  console.log('Sign in as jane.doe@example.com / Demo-patient-1 (other personas: README). Ctrl+C stops.');
}, 3000);
