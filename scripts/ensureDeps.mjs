// Installs what is missing on first run, so `npm start` and `npm test` work on a fresh clone.
// Reinstalls when package-lock.json is newer than the last install.
import { execSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const marker = join(root, 'node_modules', '.package-lock.json');
const lock = join(root, 'package-lock.json');

const stale = !existsSync(marker) || statSync(lock).mtimeMs > statSync(marker).mtimeMs + 1000;
if (stale) {
  console.log('Installing dependencies (first run)...');
  execSync('npm ci --no-audit --no-fund', {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1', TURBO_TELEMETRY_DISABLED: '1' },
  });
}

/** Installs Debian packages with apt (first run on a fresh machine); false when that is not possible. */
function aptInstall(packages) {
  try {
    execSync(`apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${packages}`, {
      stdio: 'inherit',
    });
    return true;
  } catch {
    return false;
  }
}

// The store tests run on SQLite and on PostgreSQL: Debian's server, started by scripts/postgres.mjs.
if (
  process.argv.includes('--postgres') &&
  !existsSync('/usr/bin/pg_ctlcluster') &&
  !process.env.DATABASE_URL_TEST
) {
  console.log('Installing Debian postgresql for the store tests (first run)...');
  if (!aptInstall('postgresql')) {
    console.error(
      'PostgreSQL is missing and could not be installed. Install it (apt-get install postgresql) or set DATABASE_URL_TEST.',
    );
    process.exit(1);
  }
}

// Story tests need a browser: Debian's Chromium, never one downloaded by a test tool.
if (process.argv.includes('--browser')) {
  const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (!existsSync(chromium)) {
    console.log('Installing Debian chromium for the story tests (first run)...');
    if (!aptInstall('chromium')) {
      console.error(
        `Chromium is missing at ${chromium} and could not be installed. Install it (Debian: apt-get install chromium) or set CHROMIUM_PATH.`,
      );
      process.exit(1);
    }
  }
}
