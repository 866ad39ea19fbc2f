// End-to-end sign-in, in Debian Chromium, against the real stack: the portal's production build (vite preview,
// http://localhost:5173) and the embedded identity provider (http://localhost:4000, fresh data folder). The
// unmodified Auth0 SDK runs the code flow with PKCE; personas sign in with password (and TOTP for doctors and
// admins), land on their own dashboard, are refused another role's, and log out to the landing.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as OTPAuth from 'otpauth';
import { chromium } from 'playwright';

const require = createRequire(import.meta.url);
const { CHROMIUM } = require('../../storybook/scripts/chromium.cjs');
const here = join(dirname(fileURLToPath(import.meta.url)), '..');
const idpDir = join(here, '..', 'idp');
const PORTAL = 'http://localhost:5173';
const IDP = 'http://localhost:4000';
const TOTP_SECRET = 'JBSWY3DPEHPK3PXP'; // the offline demo secret of shared/ARCHITECTURE.md

const vite = join(dirname(require.resolve('vite/package.json')), 'bin', 'vite.js');
const build = spawnSync(process.execPath, [vite, 'build', '--logLevel', 'warn'], {
  cwd: here,
  stdio: 'inherit',
});
if (build.status !== 0) process.exit(build.status ?? 1);

const dataDir = mkdtempSync(join(tmpdir(), 'sentinel-e2e-idp-'));
const servers = [
  spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: idpDir,
    env: { ...process.env, IDP_PORT: '4000', IDP_DATA_DIR: dataDir },
    stdio: ['ignore', 'ignore', 'inherit'],
  }),
  spawn(process.execPath, [vite, 'preview', '--port', '5173', '--strictPort'], {
    cwd: here,
    stdio: ['ignore', 'ignore', 'inherit'],
  }),
];
const stop = () => {
  for (const s of servers) s.kill('SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
};
process.on('exit', stop);

async function waitFor(url) {
  for (let i = 0; i < 100; i += 1) {
    if (
      await fetch(url).then(
        (r) => r.ok,
        () => false,
      )
    )
      return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not start`);
}
await waitFor(`${IDP}/.well-known/openid-configuration`);
await waitFor(PORTAL);

const totp = () => new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(TOTP_SECRET) }).generate();
const PERSONAS = [
  {
    email: 'jane.doe@example.com',
    password: 'Demo-patient-1',
    mfa: false,
    home: '/patient-dashboard',
    heading: 'Welcome back, Jane',
    forbidden: '/admin-dashboard',
  },
  {
    email: 'dr.alice.smith@example.com',
    password: 'Demo-doctor-1',
    mfa: true,
    home: '/doctor-dashboard',
    heading: 'Welcome, Dr. Smith',
    forbidden: '/patient-dashboard',
  },
  {
    email: 'sam.admin@example.com',
    password: 'Demo-admin-1',
    mfa: true,
    home: '/admin-dashboard',
    heading: 'System Administration',
    forbidden: '/doctor-dashboard',
  },
];

const failures = [];
let passed = 0;
const check = (name, ok, detail = '') => {
  if (ok) passed += 1;
  else failures.push(`${name}${detail ? `: ${detail}` : ''}`);
  console.log(`${ok ? 'ok' : 'FAIL'} ${name}`);
};

const browser = await chromium.launch({ headless: true, ...CHROMIUM });
try {
  for (const p of PERSONAS) {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const errors = [];
    page.on('pageerror', (e) => errors.push(e.message));
    try {
      await page.goto(`${PORTAL}/`, { waitUntil: 'networkidle' });
      await page.getByRole('button', { name: 'Sign In' }).click();
      await page.waitForURL((u) => u.origin === IDP);
      await page.getByLabel('Email').fill(p.email);
      await page.getByLabel('Password').fill(p.password);
      await page.getByRole('button', { name: 'Continue' }).click();
      if (p.mfa) {
        await page.getByLabel('Authentication code').fill(totp());
        await page.getByRole('button', { name: 'Verify' }).click();
      }
      await page.waitForURL(`${PORTAL}${p.home}`, { timeout: 15_000 });
      await page.getByRole('heading', { level: 1, name: p.heading }).waitFor({ timeout: 10_000 });
      check(`${p.email} signs in and lands on ${p.home}`, true);

      await page.goto(`${PORTAL}${p.forbidden}`);
      await page.waitForURL(`${PORTAL}/unauthorized`, { timeout: 10_000 });
      const denied = await page
        .getByRole('heading', { name: 'Access Denied' })
        .waitFor({ timeout: 10_000 })
        .then(
          () => true,
          () => false,
        );
      check(`${p.email} is refused ${p.forbidden}`, denied);

      await page.getByRole('button', { name: 'Go to my dashboard' }).click();
      await page.getByRole('button', { name: 'Log out' }).click();
      await page.waitForURL(`${PORTAL}/`, { timeout: 15_000 });
      await page.getByRole('button', { name: 'Sign In' }).waitFor({ timeout: 10_000 });
      const cache = await page.evaluate(() =>
        Object.keys(localStorage).filter((k) => k.startsWith('@@auth0spajs@@')),
      );
      check(
        `${p.email} logs out to the landing with the token cache cleared`,
        cache.length === 0,
        cache.join(', '),
      );
      check(`${p.email} had no page errors`, errors.length === 0, errors.join(' | '));
    } catch (error) {
      check(
        `${p.email} sign-in flow`,
        false,
        error instanceof Error ? error.message.split('\n')[0] : String(error),
      );
      await page.screenshot({ path: join(here, '.cache', `e2e-${p.email}.png`) }).catch(() => undefined);
    } finally {
      await page.close();
    }
  }

  // A wrong password stays on the identity provider with its message and no code.
  const page = await browser.newPage();
  await page.goto(`${PORTAL}/`, { waitUntil: 'networkidle' });
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL((u) => u.origin === IDP);
  await page.getByLabel('Email').fill('jane.doe@example.com');
  await page.getByLabel('Password').fill('wrong-password');
  await page.getByRole('button', { name: 'Continue' }).click();
  const refused = await page
    .getByText('Wrong email or password.')
    .waitFor({ timeout: 10_000 })
    .then(
      () => true,
      () => false,
    );
  check('a wrong password is refused on the sign-in page', refused && new URL(page.url()).origin === IDP);
  await page.close();
} finally {
  await browser.close();
}

console.log(`e2e: ${passed} passed, ${failures.length} failed`);
for (const f of failures) console.error(`  ${f}`);
stop();
process.exit(failures.length ? 1 : 0);
