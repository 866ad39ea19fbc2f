// `npm start`: runs the product on its embedded defaults. The identity provider (apps/idp), the API with its
// embedded database (apps/api) and the portal (apps/portal) land with the identity and API issues; until then
// this prints what the command will start and checks that the bundled knowledge base loads.
import { existsSync } from 'node:fs';
import { execFileSync } from 'node:child_process';

const parts = [
  ['Identity provider (embedded, Auth0-compatible)', 'http://localhost:4000', 'apps/idp'],
  ['Portal + API (SQLite embedded, built-in demo model)', 'http://localhost:5173', 'apps/portal'],
];
const ready = parts.filter(([, , dir]) => existsSync(dir));
if (ready.length === parts.length) {
  execFileSync('npx', ['turbo', 'run', 'start', '--filter=./apps/*'], { stdio: 'inherit' });
} else {
  console.log('Sentinel Health\n');
  console.log('`npm start` will start:');
  for (const [name, url] of parts) console.log(`  - ${name} at ${url}`);
  console.log('\nThese arrive with the identity/portal and API issues. What exists today:');
  console.log('  - packages/domain: every rule of the specification, tested (`npm test`)');
  console.log('  - knowledge/: the four medical documents and seven built-in items');
  execFileSync('npx', ['tsx', 'knowledge/src/cli.ts'], { stdio: 'inherit' });
}
