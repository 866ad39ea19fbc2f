/**
 * `npm run bench -- soak` (opt-in, not in CI): the API under 20 connections for 10 minutes (SOAK_MINUTES), with
 * 0 errors and flat memory (REQ-sec, Durability and load; HIPAA 164.308(a)(7) contingency, 164.312(c)(1)).
 *
 * The server runs in this process as main.ts builds it (buildServer, store migrated and seeded on SQLite in a
 * fresh folder under .cache/, the per-user rate limit on with the benches' allowance), tokens checked against a
 * JWKS served here.
 * autocannon fires from a worker thread in slices of SLICE_SECONDS, each connection cycling through a realistic
 * mix: GET /api/me, /api/records, /api/appointments, /api/prescriptions, /api/knowledge, a knowledge search and
 * an appointment status change (a write with its audit row that does not grow the data read back). Between
 * slices the server's heap is measured after a full garbage collection (the main isolate only: autocannon's
 * worker has its own), with the process RSS beside it.
 *
 * Budgets: no error and no non-2xx answer over the whole run; the heap after GC at the end within HEAP_BUDGET_MB
 * of where it stood after the first slice (the warm-up: caches, JIT, prepared statements), and its least-squares
 * slope over the run below SLOPE_BUDGET_MB_PER_MIN. Writes results/soak.json.
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { getPriority } from 'node:os';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { openStore } from '@sentinel/api/store';
import { seed } from '@sentinel/demo-data';
import autocannon from 'autocannon';
import { benchServer, startIssuer } from './issuer';
import { BENCH_ROOT, budget, loadNow, machineNote, writeResult } from './result';

const MINUTES = Number(process.env.SOAK_MINUTES ?? 10);
const SLICE_SECONDS = Number(process.env.SOAK_SLICE_SECONDS ?? 30);
const CONNECTIONS = 20;
const HEAP_BUDGET_MB = 16;
const SLOPE_BUDGET_MB_PER_MIN = 1;

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

const MB = 1024 * 1024;

/** The heap and RSS of this process after two full collections (the second sweeps what the first freed). */
function memory(): { heapMb: number; rssMb: number } {
  gc();
  gc();
  const usage = process.memoryUsage();
  return { heapMb: usage.heapUsed / MB, rssMb: usage.rss / MB };
}

/** What each connection sends, in turn. */
function requestMix(): autocannon.Request[] {
  return [
    { method: 'GET', path: '/api/me' },
    { method: 'GET', path: '/api/records' },
    { method: 'GET', path: '/api/appointments' },
    { method: 'GET', path: '/api/prescriptions' },
    { method: 'GET', path: '/api/knowledge' },
    { method: 'GET', path: '/api/knowledge/search?q=diabetes%20medication' },
    {
      method: 'PATCH',
      path: '/api/appointments/apt-004',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ status: 'confirmed' }),
    },
  ];
}

type Slice = {
  readonly minute: number;
  readonly requestsPerSecond: number;
  readonly p50: number;
  readonly p99: number;
  readonly errors: number;
  readonly non2xx: number;
  readonly heapMb: number;
  readonly rssMb: number;
  readonly load: number;
};

/** Least-squares slope of y over x. */
function slope(points: readonly (readonly [number, number])[]): number {
  const n = points.length;
  if (n < 2) return 0;
  const mx = points.reduce((s, [x]) => s + x, 0) / n;
  const my = points.reduce((s, [, y]) => s + y, 0) / n;
  const num = points.reduce((s, [x, y]) => s + (x - mx) * (y - my), 0);
  const den = points.reduce((s, [x]) => s + (x - mx) ** 2, 0);
  return den ? num / den : 0;
}

const round = (value: number, digits = 1) => Math.round(value * 10 ** digits) / 10 ** digits;

async function main() {
  const cache = path.join(BENCH_ROOT, '.cache');
  mkdirSync(cache, { recursive: true });
  const dataDir = mkdtempSync(path.join(cache, 'soak-'));
  const issuing = await startIssuer();
  const { issuer, close: closeIssuer } = issuing;
  // Valid for the whole soak: the identity provider's access tokens live an hour; the soak asks for longer.
  const token = await issuing.tokenFor('alice', {
    exp: Math.floor(Date.now() / 1000) + (MINUTES + 10) * 60,
  });
  const store = await openStore({ dataDir, seed: seed(new Date()) });
  const app = await benchServer(issuer, store);
  const slices: Slice[] = [];
  const startedAt = Date.now();
  try {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    for (const request of requestMix()) {
      const response = await fetch(`${url}${request.path}`, {
        method: request.method,
        headers: { authorization: `Bearer ${token}`, ...(request.headers as Record<string, string>) },
        ...(request.body ? { body: request.body as string } : {}),
      });
      if (!response.ok) throw new Error(`${request.method} ${request.path} answered ${response.status}`);
    }
    const before = memory();
    console.log(
      `soak: ${MINUTES} min at ${CONNECTIONS} connections; heap ${before.heapMb.toFixed(1)} MB at start`,
    );
    const sliceCount = Math.max(1, Math.round((MINUTES * 60) / SLICE_SECONDS));
    for (let i = 0; i < sliceCount; i += 1) {
      const result = await autocannon({
        url,
        connections: CONNECTIONS,
        duration: SLICE_SECONDS,
        workers: 1,
        headers: { authorization: `Bearer ${token}` },
        requests: requestMix(),
      });
      const { heapMb, rssMb } = memory();
      const slice: Slice = {
        minute: round((Date.now() - startedAt) / 60_000, 2),
        requestsPerSecond: round(result.requests.average, 0),
        p50: result.latency.p50,
        p99: result.latency.p99,
        errors: result.errors + result.timeouts,
        non2xx: result.non2xx,
        heapMb: round(heapMb),
        rssMb: round(rssMb),
        load: loadNow(),
      };
      slices.push(slice);
      console.log(
        `  ${slice.minute.toFixed(1)} min: ${slice.requestsPerSecond} req/s, p99 ${slice.p99} ms, errors ` +
          `${slice.errors}, non-2xx ${slice.non2xx}, heap ${slice.heapMb} MB, RSS ${slice.rssMb} MB`,
      );
    }
  } finally {
    await app.close();
    await store.close();
    await closeIssuer();
    rmSync(dataDir, { recursive: true, force: true });
  }

  const errors = slices.reduce((s, x) => s + x.errors, 0);
  const non2xx = slices.reduce((s, x) => s + x.non2xx, 0);
  const requests = slices.reduce((s, x) => s + x.requestsPerSecond * SLICE_SECONDS, 0);
  const warm = slices[0];
  const last = slices.at(-1);
  const growth = warm && last ? last.heapMb - warm.heapMb : Number.NaN;
  const heapSlope = slope(slices.slice(1).map((s) => [s.minute, s.heapMb] as const));
  const file = writeResult({
    name: 'soak',
    title: `API soak: ${MINUTES} minutes at ${CONNECTIONS} connections, mixed reads and audited writes`,
    measuredAt: new Date().toISOString(),
    columns: [
      'minute',
      'requests/s',
      'p50 ms',
      'p99 ms',
      'errors',
      'non-2xx',
      'heap after GC MB',
      'RSS MB',
      'load',
    ],
    rows: slices.map((s) => [
      s.minute,
      s.requestsPerSecond,
      s.p50,
      s.p99,
      s.errors,
      s.non2xx,
      s.heapMb,
      s.rssMb,
      s.load,
    ]),
    budgets: [
      budget('errors and timeouts over the run', errors, '==', 0, 'requests'),
      budget('non-2xx answers over the run', non2xx, '==', 0, 'requests'),
      budget('heap after GC, last slice minus first', round(growth, 2), '<=', HEAP_BUDGET_MB, 'MB'),
      budget(
        'heap slope after the first slice',
        round(heapSlope, 3),
        '<=',
        SLOPE_BUDGET_MB_PER_MIN,
        'MB/min',
      ),
    ],
    notes: [
      `${MINUTES} minutes (SOAK_MINUTES) in slices of ${SLICE_SECONDS} s; about ${Math.round(requests).toLocaleString('en-US')} requests in all.`,
      'In process: buildServer as main.ts builds it (per-user rate limit on with the bench allowance, logger off), SQLite in a fresh ' +
        'folder, one doctor token; autocannon (20 connections) in a worker thread, each connection cycling GET ' +
        '/api/me, /api/records, /api/appointments, /api/prescriptions, /api/knowledge, a knowledge search and a ' +
        'PATCH of an appointment status (audited writes that do not grow what is read back; the audit table grows).',
      'Heap: the main isolate (the server) after two forced full GCs between slices; RSS includes the load generator.',
      `Process priority (nice) ${getPriority()}: run with \`nice -n 19\` beside other measurements, so that it takes only ` +
        'the CPU they leave (requests/s then follows their load; errors and memory do not depend on it).',
      machineNote(),
    ],
  });
  console.log(`wrote ${file}`);
}

await main();
