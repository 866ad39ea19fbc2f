// A local PostgreSQL for tests and CI: `ensurePostgres()` returns a connection URL, or null when PostgreSQL is
// not installed. DATABASE_URL_TEST wins when set (its role needs CREATEDB: the store tests create a database
// per test). Otherwise Debian's packaged server is used: a cluster is created when the package made none,
// started when it is down, and given the role `sentinel` (password `sentinel`, CREATEDB) and the database
// `sentinel_test`. Needs root (or password-less sudo) for pg_ctlcluster and the postgres superuser.
//
// CLI: `node scripts/postgres.mjs` prints the URL (exit 1 when PostgreSQL is not installed).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

export const TEST_ROLE = 'sentinel';
export const TEST_PASSWORD = 'sentinel';
export const TEST_DATABASE = 'sentinel_test';

const POSTGRES_LIB = '/usr/lib/postgresql';

/** Runs a command; throws with its output when it fails. */
function run(command, args, input) {
  const result = spawnSync(command, args, { cwd: '/', encoding: 'utf8', input });
  if (result.error) throw result.error;
  if (result.status !== 0) {
    const output = `${result.stdout ?? ''}${result.stderr ?? ''}`.trim();
    throw new Error(`${command} ${args.join(' ')} failed (status ${result.status}): ${output}`);
  }
  return result.stdout;
}

/** Runs a command as root: directly when we are root, else through password-less sudo. */
function asRoot(command, args, input) {
  return process.getuid?.() === 0 ? run(command, args, input) : run('sudo', ['-n', command, ...args], input);
}

/** Runs a command as the postgres superuser account. */
function asPostgres(command, args, input) {
  return process.getuid?.() === 0
    ? run('runuser', ['-u', 'postgres', '--', command, ...args], input)
    : run('sudo', ['-n', '-u', 'postgres', command, ...args], input);
}

/** The installed server versions (folders of /usr/lib/postgresql holding bin/postgres), newest first. */
function installedVersions() {
  if (!existsSync(POSTGRES_LIB)) return [];
  return readdirSync(POSTGRES_LIB)
    .filter((v) => existsSync(`${POSTGRES_LIB}/${v}/bin/postgres`))
    .sort((a, b) => Number(b) - Number(a));
}

/** `pg_lsclusters` rows: version, name, port and whether the cluster runs. */
function clusters() {
  return run('pg_lsclusters', ['--no-header'])
    .split('\n')
    .map((line) => line.trim().split(/\s+/))
    .filter((cols) => cols.length >= 4)
    .map(([version, name, port, status]) => ({
      version,
      name,
      port: Number(port),
      online: status === 'online',
    }));
}

/** True when Debian's PostgreSQL (server and cluster tools) is installed. */
export function postgresInstalled() {
  return existsSync('/usr/bin/pg_ctlcluster') && installedVersions().length > 0;
}

/**
 * The URL of a running PostgreSQL that tests may create databases on, or null when PostgreSQL is not
 * installed. Throws when it is installed but cannot be started or prepared.
 */
export async function ensurePostgres() {
  const given = process.env.DATABASE_URL_TEST;
  if (given) return given;
  if (!postgresInstalled()) return null;

  let list = clusters();
  if (list.length === 0) {
    const version = installedVersions()[0];
    asRoot('pg_createcluster', [version, 'main']);
    list = clusters();
  }
  const cluster = list.find((c) => c.online) ?? list[0];
  if (!cluster) throw new Error('pg_createcluster made no cluster.');
  if (!cluster.online) asRoot('pg_ctlcluster', [cluster.version, cluster.name, 'start']);

  const port = String(cluster.port);
  // Idempotent: the role gets its password and CREATEDB even when it existed; the database is made once.
  const script = `
DO $$ BEGIN
  IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = '${TEST_ROLE}') THEN
    CREATE ROLE ${TEST_ROLE} LOGIN CREATEDB PASSWORD '${TEST_PASSWORD}';
  ELSE
    ALTER ROLE ${TEST_ROLE} LOGIN CREATEDB PASSWORD '${TEST_PASSWORD}';
  END IF;
END $$;
SELECT 'CREATE DATABASE ${TEST_DATABASE} OWNER ${TEST_ROLE}'
  WHERE NOT EXISTS (SELECT FROM pg_database WHERE datname = '${TEST_DATABASE}')\\gexec
`;
  asPostgres('psql', ['-p', port, '-X', '-q', '-v', 'ON_ERROR_STOP=1'], script);
  return `postgres://${TEST_ROLE}:${TEST_PASSWORD}@localhost:${port}/${TEST_DATABASE}`;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const url = await ensurePostgres();
  if (!url) {
    console.error(
      'PostgreSQL is not installed (Debian: apt-get install postgresql), and DATABASE_URL_TEST is unset.',
    );
    process.exit(1);
  }
  console.log(url);
}
