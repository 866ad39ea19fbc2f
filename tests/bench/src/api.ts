/**
 * `npm run bench` (root): requests per second and latency of the API under autocannon, on SQLite and on
 * PostgreSQL side by side, in one run.
 *
 * - GET /api/health (no token, one `select 1`) against GET /api/records as Dr. Alice Smith (RS256 token checked
 *   by the server's own verifier against a JWKS served here, caller lookup, the list, its audit row), at 10 and
 *   50 connections; GET /api/me (token and caller lookup, no audit row) shows what authentication alone costs.
 * - POST /api/appointments at 10 connections: the appointment, its id counter and its audit row per request.
 *
 * The server runs in this process (buildServer, logger off, store opened as `main.ts` opens it: migrated and
 * seeded); autocannon fires from a worker thread so that the load generator does not share the server's event
 * loop. SQLite lives in a fresh folder under .cache/, PostgreSQL in a fresh database of the local cluster
 * (scripts/postgres.mjs), dropped afterwards. BENCH_SECONDS sets the length of each measurement (default 5).
 * The table goes to stdout and, with the raw numbers, to results/api.json.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { availableParallelism, cpus } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildServer } from '@sentinel/api';
import { openStore, type Store } from '@sentinel/api/store';
import { KNOWLEDGE, TEST_AUDIENCE, signAccessToken } from '@sentinel/api/testkit';
import { PERSONAS, seed } from '@sentinel/mocks/seed';
import autocannon from 'autocannon';
import { exportJWK, generateKeyPair } from 'jose';
import pg from 'pg';
import { ensurePostgres } from '../../../scripts/postgres.mjs';

const BENCH_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const WARMUP_SECONDS = 1;

type Backend = 'sqlite' | 'postgres';
const BACKEND_LABEL: Readonly<Record<Backend, string>> = { sqlite: 'SQLite', postgres: 'PostgreSQL' };

type Load = {
  readonly name: string;
  readonly method: 'GET' | 'POST';
  readonly path: string;
  readonly connections: number;
  readonly authenticated: boolean;
  readonly body?: string;
};

type Measurement = {
  readonly backend: Backend;
  readonly name: string;
  readonly connections: number;
  readonly requestsPerSecond: number;
  readonly latencyMs: { readonly p50: number; readonly p99: number; readonly mean: number };
  readonly completed: number;
  readonly non2xx: number;
  readonly errors: number;
};

const APPOINTMENT = JSON.stringify({
  patientName: PERSONAS.jane.name,
  patientEmail: PERSONAS.jane.email,
  doctorName: PERSONAS.alice.name,
  date: '2027-03-15',
  time: '09:30',
  type: 'follow-up',
  notes: 'Benchmark appointment.',
});

const HEALTH = 'GET /api/health';
const RECORDS = 'GET /api/records';
const ME = 'GET /api/me';
const CREATE = 'POST /api/appointments';

const LOADS: readonly Load[] = [10, 50]
  .flatMap((connections): Load[] => [
    { name: HEALTH, method: 'GET', path: '/api/health', connections, authenticated: false },
    { name: RECORDS, method: 'GET', path: '/api/records', connections, authenticated: true },
    { name: ME, method: 'GET', path: '/api/me', connections, authenticated: true },
  ])
  .concat([
    {
      name: CREATE,
      method: 'POST',
      path: '/api/appointments',
      connections: 10,
      authenticated: true,
      body: APPOINTMENT,
    },
  ]);

/** The issuer's signing key, published as a JWKS on 127.0.0.1 the way the identity provider publishes its own. */
async function startIssuer(): Promise<{ issuer: string; token: string; close: () => Promise<void> }> {
  const keys = await generateKeyPair('RS256', { extractable: true });
  const jwk = { ...(await exportJWK(keys.publicKey)), kid: 'test-key', alg: 'RS256', use: 'sig' };
  const server: Server = createServer((request, response) => {
    if (request.url === '/.well-known/jwks.json') {
      response.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify({ keys: [jwk] }));
    } else {
      response.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  const token = await signAccessToken(keys.privateKey, 'alice', {}, new Date(), issuer);
  return { issuer, token, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

/** A fresh store per backend, and how to throw it away. */
async function freshStore(
  backend: Backend,
  postgresUrl: string | null,
): Promise<{ store: Store; drop: () => Promise<void> }> {
  if (backend === 'sqlite') {
    const cache = path.join(BENCH_ROOT, '.cache');
    mkdirSync(cache, { recursive: true });
    const dataDir = mkdtempSync(path.join(cache, 'sqlite-'));
    const store = await openStore({ dataDir, seed: seed(new Date()) });
    return { store, drop: async () => rmSync(dataDir, { recursive: true, force: true }) };
  }
  if (!postgresUrl) throw new Error('PostgreSQL is not available.');
  const admin = new pg.Client({ connectionString: postgresUrl });
  await admin.connect();
  const name = `sentinel_bench_${Date.now()}`;
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(postgresUrl);
  url.pathname = `/${name}`;
  const drop = async () => {
    await admin.query(`DROP DATABASE IF EXISTS ${name}`);
    await admin.end();
  };
  try {
    return {
      store: await openStore({ dataDir: ':memory:', databaseUrl: url.href, seed: seed(new Date()) }),
      drop,
    };
  } catch (error) {
    await drop();
    throw error;
  }
}

function headersOf(load: Load, token: string): Record<string, string> {
  return {
    ...(load.authenticated ? { authorization: `Bearer ${token}` } : {}),
    ...(load.body ? { 'content-type': 'application/json' } : {}),
  };
}

function autocannonOptions(baseUrl: string, token: string, load: Load, seconds: number): autocannon.Options {
  return {
    url: `${baseUrl}${load.path}`,
    method: load.method,
    connections: load.connections,
    duration: seconds,
    workers: 1,
    headers: headersOf(load, token),
    ...(load.body ? { body: load.body } : {}),
  };
}

async function measureBackend(backend: Backend, postgresUrl: string | null, issuer: string, token: string) {
  const { store, drop } = await freshStore(backend, postgresUrl);
  const app = await buildServer({
    settings: {
      issuer,
      audience: TEST_AUDIENCE,
      jwksUrl: new URL('.well-known/jwks.json', issuer).href,
      portalDist: undefined,
      adminEmail: undefined,
    },
    store,
    knowledge: () => KNOWLEDGE,
    logger: false,
  });
  const measurements: Measurement[] = [];
  try {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const baseUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

    // Every load must succeed once before it is timed: a benchmark of 401s would measure nothing.
    for (const load of LOADS) {
      const response = await fetch(`${baseUrl}${load.path}`, {
        method: load.method,
        headers: headersOf(load, token),
        ...(load.body ? { body: load.body } : {}),
      });
      if (!response.ok) throw new Error(`${load.name} answered ${response.status}: ${await response.text()}`);
    }
    const warmedUp = new Set<string>();
    for (const load of LOADS) {
      if (!warmedUp.has(load.name)) {
        warmedUp.add(load.name);
        await autocannon(autocannonOptions(baseUrl, token, load, WARMUP_SECONDS));
      }
      const result = await autocannon(autocannonOptions(baseUrl, token, load, SECONDS));
      const measurement: Measurement = {
        backend,
        name: load.name,
        connections: load.connections,
        requestsPerSecond: result.requests.average,
        latencyMs: { p50: result.latency.p50, p99: result.latency.p99, mean: result.latency.mean },
        completed: result.requests.total,
        non2xx: result.non2xx,
        errors: result.errors,
      };
      measurements.push(measurement);
      console.error(
        `${BACKEND_LABEL[backend]} ${load.name} c=${load.connections}: ${Math.round(measurement.requestsPerSecond)} req/s, ` +
          `p50 ${measurement.latencyMs.p50} ms, p99 ${measurement.latencyMs.p99} ms`,
      );
    }
  } finally {
    await app.close();
    await store.close();
    await drop();
  }
  return measurements;
}

const fmt = (n: number | undefined, digits = 0) => (n === undefined ? '—' : n.toFixed(digits));

function markdownTable(backends: readonly Backend[], all: readonly Measurement[]): string {
  const find = (backend: Backend, name: string, connections: number) =>
    all.find((m) => m.backend === backend && m.name === name && m.connections === connections);
  const header = [
    'Measurement',
    'Conns',
    ...backends.map((b) => `${BACKEND_LABEL[b]} req/s`),
    ...backends.map((b) => `${BACKEND_LABEL[b]} p50 / p99 ms`),
  ];
  const rows: string[][] = [];
  const row = (label: string, name: string, connections: number) => {
    const found = backends.map((b) => find(b, name, connections));
    rows.push([
      label,
      String(connections),
      ...found.map((m) =>
        m
          ? fmt(m.requestsPerSecond) + (m.non2xx + m.errors > 0 ? ` (${m.non2xx + m.errors} failed)` : '')
          : '—',
      ),
      ...found.map((m) => (m ? `${m.latencyMs.p50} / ${m.latencyMs.p99}` : '—')),
    ]);
  };
  for (const connections of [10, 50]) {
    row(`${HEALTH} (no token)`, HEALTH, connections);
    row(`${RECORDS} (alice)`, RECORDS, connections);
    const ratios = backends.map((b) => {
      const records = find(b, RECORDS, connections);
      const health = find(b, HEALTH, connections);
      return records && health ? fmt(records.requestsPerSecond / health.requestsPerSecond, 2) : '—';
    });
    rows.push([`records / health`, String(connections), ...ratios, ...backends.map(() => '')]);
    row(`${ME} (alice, token only)`, ME, connections);
  }
  row(`${CREATE} (+ audit row)`, CREATE, 10);
  const line = (cells: readonly string[]) => `| ${cells.join(' | ')} |`;
  return [line(header), line(header.map((_, i) => (i < 1 ? '---' : '---:'))), ...rows.map(line)].join('\n');
}

const postgresUrl = await ensurePostgres().catch((error: unknown) => {
  console.error(
    `PostgreSQL could not be prepared: ${error instanceof Error ? error.message : String(error)}`,
  );
  return null;
});
const backends: Backend[] = postgresUrl ? ['sqlite', 'postgres'] : ['sqlite'];
if (!postgresUrl) console.error('PostgreSQL is not installed here: measuring SQLite only.');

const { issuer, token, close } = await startIssuer();
const measurements: Measurement[] = [];
try {
  for (const backend of backends)
    measurements.push(...(await measureBackend(backend, postgresUrl, issuer, token)));
} finally {
  await close();
}

const table = markdownTable(backends, measurements);
const environment = {
  date: new Date().toISOString(),
  node: process.version,
  cpus: availableParallelism(),
  cpuModel: cpus()[0]?.model ?? 'unknown',
  secondsPerMeasurement: SECONDS,
  autocannon: { workers: 1, pipelining: 1 },
};
mkdirSync(path.join(BENCH_ROOT, 'results'), { recursive: true });
writeFileSync(
  path.join(BENCH_ROOT, 'results', 'api.json'),
  `${JSON.stringify({ environment, measurements, table }, null, 2)}\n`,
);
console.log(
  `\nAPI benchmark, ${SECONDS} s per measurement, Node ${process.version}, ${environment.cpus} CPUs ` +
    `(server and load generator share them)\n\n${table}\n\nRaw numbers: tests/bench/results/api.json`,
);
