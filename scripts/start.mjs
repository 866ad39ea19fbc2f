// `npm start` (and `npm run dev`, with hot reload): runs the product on its embedded defaults and prints where
// to open it: the identity provider (apps/idp, http://localhost:4000), the API with its embedded database,
// which serves the portal's production build and /api on http://localhost:5173, and MailDev for the product's
// mails on http://localhost:1080 unless SMTP_URL is set (scripts/stack.mjs).
import { spawnSync } from 'node:child_process';
import { ROOT, startStack } from './stack.mjs';

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

const knowledge = spawnSync('npx', ['tsx', 'knowledge/src/cli.ts'], { cwd: ROOT, stdio: 'inherit' });
if (knowledge.status !== 0) process.exit(knowledge.status ?? 1);

// `npm run dev` passes --dev: the portal's Vite dev server with hot reload instead of the production build.
const dev = process.argv.includes('--dev');
if (!dev) {
  console.log('\nBuilding the portal...');
  const build = spawnSync(npm, ['run', 'build', '-w', '@sentinel/portal'], { cwd: ROOT, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

let stack;
try {
  stack = await startStack({ dev });
} catch (error) {
  console.error(`\nSentinel Health did not start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  console.log('\nStopping...');
  await stack.stop();
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of stack.children) child.on('exit', () => void stop());

console.log('\nSentinel Health is running:');
console.log(`  Portal             ${stack.portalUrl}${stack.hasApi ? ' (API under /api)' : ''}`);
console.log(`  Identity provider  ${stack.idpUrl}`);
if (stack.modelUrl) console.log(`  Built-in model     ${stack.modelUrl} (demo)`);
if (stack.calendarUrl) console.log(`  Calendar service   ${stack.calendarUrl} (token vault)`);
if (stack.mailUrl)
  console.log(`  Mail (MailDev)     ${stack.mailUrl} (every mail the product sends; SMTP localhost:1025)`);
else console.log(`  Mail               sent through SMTP_URL`);
console.log('Demo accounts (offline demo only; TOTP secret JBSWY3DPEHPK3PXP for doctors and the admin):');
for (const [email, password, role] of [
  ['jane.doe@example.com', 'Demo-patient-1', 'patient'],
  ['john.roe@example.com', 'Demo-patient-2', 'patient'],
  ['dr.alice.smith@example.com', 'Demo-doctor-1', 'doctor, MFA'],
  ['dr.ben.carter@example.com', 'Demo-doctor-2', 'doctor, MFA'],
  ['sam.admin@example.com', 'Demo-admin-1', 'admin, MFA'],
  ['nora.nurse@example.com', 'Demo-nurse-1', 'nurse'],
  ['phil.pharmacist@example.com', 'Demo-pharmacist-1', 'pharmacist'],
  ['dana.dietitian@example.com', 'Demo-dietitian-1', 'dietitian'],
]) {
  console.log(`  ${email.padEnd(30)} ${password.padEnd(18)} ${role}`);
}
console.log('Ctrl+C stops everything.');
