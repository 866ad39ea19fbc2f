import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CHROMIUM } from './chromium';
import { ROOT, startStack } from './stack';

/**
 * Temporary data folders live in this workspace's gitignored .cache, inside the clone: turbo's strict
 * environment mode does not pass TMPDIR on, so os.tmpdir() would be /tmp even where CI points TMPDIR elsewhere.
 */
const CACHE_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', '.cache');

/** The identity provider's and the portal's ports (the API serves the portal on 5173 once it exists). */
const STACK_PORTS = [4000, 5173];
const PORT_WAIT_MS = 5 * 60_000;

const answers = (port: number, host: string) =>
  new Promise<boolean>((resolve) => {
    const socket = connect({ port, host });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

/**
 * Waits until nothing listens on the stack's ports: another run (or `npm start`) may hold them for a while, and
 * the tests must talk to the servers they started, never to someone else's.
 */
async function waitForFreePorts() {
  const until = Date.now() + PORT_WAIT_MS;
  let told = false;
  for (;;) {
    const busy: number[] = [];
    for (const port of STACK_PORTS) {
      if ((await answers(port, '127.0.0.1')) || (await answers(port, '::1'))) busy.push(port);
    }
    if (!busy.length) return;
    if (Date.now() > until) throw new Error(`Ports ${busy.join(', ')} stayed busy; stop what uses them.`);
    if (!told) console.log(`e2e: waiting for port(s) ${busy.join(', ')} to be free...`);
    told = true;
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

/**
 * Builds the portal and starts the stack (identity provider, and the API or vite preview serving the build) on
 * a fresh data folder, so every run starts from the seeded personas. Returns the teardown.
 */
export default async function globalSetup() {
  if (!existsSync(CHROMIUM.executablePath)) {
    throw new Error(
      `No Chromium at ${CHROMIUM.executablePath}: install Debian's (apt-get install chromium) or set CHROMIUM_PATH. ` +
        'Browsers are never downloaded (no `npx playwright install`).',
    );
  }
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const build = spawnSync(npm, ['run', 'build', '-w', '@sentinel/portal'], { cwd: ROOT, encoding: 'utf8' });
  if (build.status !== 0) {
    throw new Error(`The portal did not build (exit ${build.status}):\n${build.stdout}\n${build.stderr}`);
  }

  await waitForFreePorts();
  mkdirSync(CACHE_DIR, { recursive: true });
  const dataRoot = mkdtempSync(join(CACHE_DIR, 'stack-data-'));
  const removeData = () => rmSync(dataRoot, { recursive: true, force: true });
  const stack = await startStack({ dataRoot, stdio: 'ignore' }).catch((error: unknown) => {
    removeData();
    throw error;
  });
  if (stack.children.some((child) => child.exitCode !== null)) {
    await stack.stop();
    removeData();
    throw new Error('A server of the stack exited at start (is a port taken?).');
  }

  return async () => {
    await stack.stop();
    removeData();
  };
}
