/**
 * The API under autocannon, on SQLite and on PostgreSQL side by side, in one run (results/api.json):
 *
 * - GET /api/records as Dr. Alice Smith through our whole server (Fastify, token check by the server's own
 *   verifier against a JWKS served here, caller lookup in the directory, the policy, the contract's response
 *   check, the call's audit row committed with it), against
 * - a REFERENCE written here: a bare node:http server doing the same work with nothing else: jose's jwtVerify
 *   with the same key, the same SQL in one transaction (the caller's row, the list, the audit id, the audit
 *   row) on its own copy of the same seeded database, JSON out. It is as durable as our server: on SQLite every
 *   answer waits until its commit is on disk (the write-ahead log fsynced, one fsync for the commits waiting
 *   together); on PostgreSQL the server's COMMIT does that. On SQLite a second reference fsyncs every commit
 *   (synchronous = FULL), the textbook setting, to show what that costs.
 * - GET /api/health (one `select 1`, no token) for the ratio to a bare route;
 * - GET /api/me (token and caller lookup, no audit row) and POST /api/appointments (the appointment, its id and
 *   its audit row: creates per second).
 *
 * Budgets (REQ-perf-api): our GET /api/records reaches >= 0.8x the reference's requests per second, and its
 * p99 is < 10 ms at 10 connections, on each store.
 *
 * Each load runs BENCH_ROUNDS times (default 3), alternating with the others so that a burst of load from
 * elsewhere on the machine hits ours and the reference alike; the round with the most requests per second is
 * kept (noise only ever slows a run down), and every round is in the notes. BENCH_SECONDS per round (default 5);
 * BENCH_STORES=sqlite or postgres to measure one store only, BENCH_LOADS=records@10,reference@10 some loads only
 * (while working on the server; the budgets then say what is missing), BENCH_SQLITE_DIR the folder for the SQLite
 * files (default tests/bench/.cache; a tmpfs such as /dev/shm takes the disk out of the figures).
 * Only 2xx answers count; any other answer or socket error is reported and fails the budgets.
 * Everything runs in this process, autocannon in a worker thread. SQLite lives in fresh folders under .cache/,
 * PostgreSQL in fresh databases of the local cluster (scripts/postgres.mjs), dropped afterwards.
 */
import { closeSync, fdatasync, mkdirSync, mkdtempSync, openSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { isDeepStrictEqual, promisify } from 'node:util';
import { openStore, SQLITE_FILE, type Store } from '@sentinel/api/store';
import { TEST_AUDIENCE } from '@sentinel/api/testkit';
import {
  recordReadBasis,
  type CareFacts,
  type ConfidentialityViewer,
  type MedicalRecord,
  type Role,
} from '@sentinel/domain';
import { ROUTES } from '@sentinel/domain/contract';
import { PERSONAS, seed } from '@sentinel/demo-data';
import autocannon from 'autocannon';
import SqliteDatabase from 'better-sqlite3';
import { jwtVerify } from 'jose';
import pg from 'pg';
import { ensurePostgres } from '../../../scripts/postgres.mjs';
import { benchServer, startIssuer, type Issuer } from './issuer';
import { BENCH_ROOT, budget, loadNow, machineNote, writeResult, type Budget, type Cell } from './result';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 3));
const WARMUP_SECONDS = 1;
const RATIO_BUDGET = 0.8;
const P99_BUDGET_MS = 10;

type Backend = 'sqlite' | 'postgres';
const BACKEND_LABEL: Readonly<Record<Backend, string>> = { sqlite: 'SQLite', postgres: 'PostgreSQL' };

type Target = 'ours' | 'reference' | 'reference-fsync-each';

type Load = {
  readonly key: string;
  readonly label: string;
  readonly target: Target;
  readonly method: 'GET' | 'POST';
  readonly path: string;
  readonly connections: number;
  readonly authenticated: boolean;
  readonly body?: string;
  readonly backends: readonly Backend[];
};

type Round = {
  readonly rps: number;
  readonly p50: number;
  readonly p99: number;
  /** Microseconds the event loop of the servers' process was busy per answer (what the CPU spends on one). */
  readonly busyUs: number;
  readonly load: number;
};

type Measurement = {
  readonly backend: Backend;
  readonly key: string;
  /** The kept round (most 2xx per second). */
  readonly rps: number;
  readonly p50: number;
  readonly p99: number;
  readonly busyUs: number;
  readonly rounds: readonly Round[];
  /** Non-2xx answers and socket errors over all rounds. */
  readonly failed: number;
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

const BOTH: readonly Backend[] = ['sqlite', 'postgres'];
const LOADS: readonly Load[] = [
  ...[10, 50].flatMap((connections): Load[] => [
    {
      key: `health@${connections}`,
      label: 'GET /api/health (no token, select 1)',
      target: 'ours',
      method: 'GET',
      path: '/api/health',
      connections,
      authenticated: false,
      backends: BOTH,
    },
    {
      key: `records@${connections}`,
      label: 'GET /api/records, our server',
      target: 'ours',
      method: 'GET',
      path: '/api/records',
      connections,
      authenticated: true,
      backends: BOTH,
    },
    {
      key: `reference@${connections}`,
      label: 'GET /api/records, reference handler',
      target: 'reference',
      method: 'GET',
      path: '/api/records',
      connections,
      authenticated: true,
      backends: BOTH,
    },
  ]),
  {
    key: 'fsync-each@10',
    label: 'GET /api/records, reference fsyncing each commit',
    target: 'reference-fsync-each',
    method: 'GET',
    path: '/api/records',
    connections: 10,
    authenticated: true,
    backends: ['sqlite'],
  },
  {
    key: 'me@10',
    label: 'GET /api/me (token and caller, no audit row)',
    target: 'ours',
    method: 'GET',
    path: '/api/me',
    connections: 10,
    authenticated: true,
    backends: BOTH,
  },
  {
    key: 'create@10',
    label: 'POST /api/appointments (+ audit row)',
    target: 'ours',
    method: 'POST',
    path: '/api/appointments',
    connections: 10,
    authenticated: true,
    body: APPOINTMENT,
    backends: BOTH,
  },
];

const listen = (server: Server) => new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const baseUrlOf = (server: Server) => `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

/** A fresh, migrated and seeded database: a SQLite folder or a PostgreSQL database, and how to drop it. */
async function freshDatabase(
  backend: Backend,
  postgresUrl: string | null,
  tag: string,
): Promise<{ dataDir: string; databaseUrl: string | undefined; drop: () => Promise<void> }> {
  let created: { dataDir: string; databaseUrl: string | undefined; drop: () => Promise<void> };
  if (backend === 'sqlite') {
    const cache = process.env.BENCH_SQLITE_DIR ?? path.join(BENCH_ROOT, '.cache');
    mkdirSync(cache, { recursive: true });
    const dataDir = mkdtempSync(path.join(cache, `sqlite-${tag}-`));
    created = {
      dataDir,
      databaseUrl: undefined,
      drop: async () => rmSync(dataDir, { recursive: true, force: true }),
    };
  } else {
    if (!postgresUrl) throw new Error('PostgreSQL is not available.');
    const admin = new pg.Client({ connectionString: postgresUrl });
    await admin.connect();
    const name = `sentinel_bench_${tag.replace(/\W/g, '_')}_${Date.now()}`;
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(postgresUrl);
    url.pathname = `/${name}`;
    created = {
      dataDir: ':memory:',
      databaseUrl: url.href,
      drop: async () => {
        const dropper = new pg.Client({ connectionString: postgresUrl });
        await dropper.connect();
        await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await dropper.end();
      },
    };
  }
  // Migrated and seeded by the store itself, so the reference reads exactly the rows our server reads.
  const store = await openStore({
    dataDir: created.dataDir,
    databaseUrl: created.databaseUrl,
    seed: seed(new Date()),
  });
  await store.close();
  return created;
}

/** What the reference needs of a database: one durable transaction doing the list's SQL. */
type ReferenceDb = {
  /**
   * The records (JSON each) with the call's audit row, committed; null when the subject has no active account
   * (nothing written). `audit` makes the row from the caller's account and the number of items.
   */
  listRecords(sub: string, audit: (account: Account, items: number) => AuditRow): Promise<string[] | null>;
  close(): Promise<void>;
};

type Account = { readonly role: string; readonly status: string };

/**
 * Record confidentiality (REQ-rec-confidentiality) as our server decides it, for the reference: a doctor's list with
 * records above normal reads the directory (who wrote what) and, for the records they did not write, the care
 * team and appointments of those records' patients and the doctor's emergency grants. The reference runs that
 * same SQL, bare, so the ratio keeps measuring our server's overhead and not the feature. Three pure steps
 * around the two reads, so the synchronous SQLite transaction and the PostgreSQL one share them.
 */
type Confidential = {
  readonly rows: readonly { json: string; record: MedicalRecord }[];
  readonly viewer: ConfidentialityViewer;
  readonly now: Date;
};

const NO_CARE_FACTS: CareFacts = { assignments: [], appointments: [], users: [], grants: [] };

/** The list to decide on, or null when nothing in it needs a decision (a patient, or only normal records). */
function confidentialList(json: readonly string[], sub: string, role: string): Confidential | null {
  if (role === 'patient') return null;
  const rows = json.map((text) => ({ json: text, record: JSON.parse(text) as MedicalRecord }));
  if (rows.every(({ record }) => record.confidentialityLevel === 'normal')) return null;
  return { rows, viewer: { sub, role: role as Role }, now: new Date() };
}

/** The patients whose care facts are needed: of the records the viewer did not write (none: all readable). */
function ownersToCheck(list: Confidential, users: CareFacts['users']): string[] {
  const authorsOnly: CareFacts = { ...NO_CARE_FACTS, users };
  const owners = list.rows
    .filter(({ record }) => recordReadBasis(record, list.viewer, authorsOnly, list.now) === 'denied')
    .map(({ record }) => record.ownerId)
    .filter((id): id is string => !!id);
  return [...new Set(owners)];
}

const readableOf = (list: Confidential, facts: CareFacts) =>
  list.rows
    .filter(({ record }) => recordReadBasis(record, list.viewer, facts, list.now) !== 'denied')
    .map((r) => r.json);

const grantOf = (row: {
  owner_id: string;
  clinician_sub: string;
  granted_at: string;
  expires_at: string;
}) => ({
  ownerId: row.owner_id,
  clinicianSub: row.clinician_sub,
  grantedAt: row.granted_at,
  expiresAt: row.expires_at,
});

/** The caller's account (the row's JSON), if it may call at all. */
function activeAccount(data: string | undefined): Account | null {
  const account = data === undefined ? null : (JSON.parse(data) as Account);
  return account?.status === 'active' ? account : null;
}

type AuditRow = {
  readonly timestamp: string;
  readonly actorSub: string;
  readonly actorRole: string;
  readonly outcome: string;
  readonly reason: string;
};

const LIST_AUDIT = ROUTES.listRecords.audit ?? { action: 'list', resourceType: 'record' };
const AUDIT_INSERT_COLUMNS =
  'id, timestamp, actor_sub, actor_role, action, resource_type, resource_id, patient_id, outcome, reason';

/**
 * SQLite with better-sqlite3, prepared statements, WAL. `group`: synchronous = NORMAL and one fdatasync of the
 * WAL for every commit waiting at that moment before any of them is answered; `each`: synchronous = FULL.
 */
function sqliteReference(dataDir: string, sync: 'group' | 'each'): ReferenceDb {
  const file = path.join(dataDir, SQLITE_FILE);
  const db = new SqliteDatabase(file);
  db.pragma('journal_mode = WAL');
  db.pragma(`synchronous = ${sync === 'group' ? 'NORMAL' : 'FULL'}`);
  db.pragma('busy_timeout = 5000');
  // The first read creates the -wal file that the group commit fsyncs.
  db.prepare('SELECT count(*) FROM users').get();
  const userRow = db.prepare<[string], { data: string }>('SELECT data FROM users WHERE id = ?');
  const recordRows = db.prepare<[], { data: string }>('SELECT data FROM records ORDER BY seq');
  const nextAuditId = db.prepare<[], { last_issued: number }>(
    `INSERT INTO counters (prefix, last_issued) VALUES ('aud', 1001)
     ON CONFLICT (prefix) DO UPDATE SET last_issued = counters.last_issued + 1 RETURNING last_issued`,
  );
  const insertAudit = db.prepare(
    `INSERT INTO audit (${AUDIT_INSERT_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const usersAll = db.prepare<[], { data: string }>('SELECT data FROM users ORDER BY seq');
  const careTeamOf = db.prepare<[string], { owner_id: string; clinician_sub: string }>(
    'SELECT owner_id, clinician_sub FROM care_team WHERE owner_id = ? ORDER BY clinician_sub',
  );
  const appointmentsOf = db.prepare<[string], { data: string }>(
    'SELECT data FROM appointments WHERE owner_id = ? ORDER BY seq',
  );
  const grantsOf = db.prepare<
    [string],
    { owner_id: string; clinician_sub: string; granted_at: string; expires_at: string }
  >(
    'SELECT owner_id, clinician_sub, granted_at, expires_at FROM emergency_access WHERE clinician_sub = ? ORDER BY seq',
  );
  const readable = (json: string[], sub: string, account: Account): string[] => {
    const confidential = confidentialList(json, sub, account.role);
    if (!confidential) return json;
    const users = usersAll.all().map((row) => JSON.parse(row.data) as CareFacts['users'][number]);
    const owners = ownersToCheck(confidential, users);
    if (owners.length === 0) return json;
    const facts: CareFacts = {
      users,
      assignments: owners.flatMap((o) =>
        careTeamOf.all(o).map((r) => ({ ownerId: r.owner_id, clinicianSub: r.clinician_sub })),
      ),
      appointments: owners.flatMap((o) => appointmentsOf.all(o).map((r) => JSON.parse(r.data))),
      grants: grantsOf.all(sub).map(grantOf),
    };
    return readableOf(confidential, facts);
  };
  const list = db.transaction((sub: string, audit: (account: Account, items: number) => AuditRow) => {
    const account = activeAccount(userRow.get(sub)?.data);
    if (!account) return null;
    const records = readable(
      recordRows.all().map((row) => row.data),
      sub,
      account,
    );
    const row = audit(account, records.length);
    const n = nextAuditId.get()?.last_issued;
    insertAudit.run(
      `aud-${n}`,
      row.timestamp,
      row.actorSub,
      row.actorRole,
      LIST_AUDIT.action,
      LIST_AUDIT.resourceType,
      null,
      null,
      row.outcome,
      row.reason,
    );
    return records;
  });

  const wal = sync === 'group' ? openSync(`${file}-wal`, 'r') : -1;
  const syncWal = promisify(fdatasync);
  let waiting: (() => void)[] = [];
  let syncing = false;
  const durable = () =>
    new Promise<void>((resolve) => {
      waiting.push(resolve);
      if (!syncing) void flush();
    });
  const flush = async () => {
    syncing = true;
    while (waiting.length > 0) {
      const batch = waiting;
      waiting = [];
      await syncWal(wal);
      for (const resolve of batch) resolve();
    }
    syncing = false;
  };

  return {
    async listRecords(sub, audit) {
      const result = list(sub, audit);
      if (sync === 'group') await durable();
      return result;
    },
    async close() {
      if (wal >= 0) closeSync(wal);
      db.close();
    },
  };
}

/** PostgreSQL with node-postgres: a pool of 10 (as our server's), BEGIN ... COMMIT on one client. */
function postgresReference(databaseUrl: string): ReferenceDb {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
  return {
    async listRecords(sub, audit) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const account = activeAccount(
          (await client.query<{ data: string }>('SELECT data FROM users WHERE id = $1', [sub])).rows[0]?.data,
        );
        if (!account) {
          await client.query('ROLLBACK');
          return null;
        }
        let records = (
          await client.query<{ data: string }>('SELECT data FROM records ORDER BY seq')
        ).rows.map((row) => row.data);
        const confidential = confidentialList(records, sub, account.role);
        if (confidential) {
          const users = (
            await client.query<{ data: string }>('SELECT data FROM users ORDER BY seq')
          ).rows.map((row) => JSON.parse(row.data) as CareFacts['users'][number]);
          const owners = ownersToCheck(confidential, users);
          if (owners.length > 0) {
            const assignments: CareFacts['assignments'][number][] = [];
            const appointments: CareFacts['appointments'][number][] = [];
            for (const owner of owners) {
              const team = await client.query<{ owner_id: string; clinician_sub: string }>(
                'SELECT owner_id, clinician_sub FROM care_team WHERE owner_id = $1 ORDER BY clinician_sub',
                [owner],
              );
              assignments.push(
                ...team.rows.map((r) => ({ ownerId: r.owner_id, clinicianSub: r.clinician_sub })),
              );
              const booked = await client.query<{ data: string }>(
                'SELECT data FROM appointments WHERE owner_id = $1 ORDER BY seq',
                [owner],
              );
              appointments.push(
                ...booked.rows.map((r) => JSON.parse(r.data) as CareFacts['appointments'][number]),
              );
            }
            const grants = await client.query<{
              owner_id: string;
              clinician_sub: string;
              granted_at: string;
              expires_at: string;
            }>(
              'SELECT owner_id, clinician_sub, granted_at, expires_at FROM emergency_access WHERE clinician_sub = $1 ORDER BY seq',
              [sub],
            );
            records = readableOf(confidential, {
              users,
              assignments,
              appointments,
              grants: grants.rows.map(grantOf),
            });
          }
        }
        const row = audit(account, records.length);
        const n = (await client.query<{ n: string }>(`SELECT nextval('audit_ids') AS n`)).rows[0]?.n;
        await client.query(
          `INSERT INTO audit (${AUDIT_INSERT_COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
          [
            `aud-${n}`,
            row.timestamp,
            row.actorSub,
            row.actorRole,
            LIST_AUDIT.action,
            LIST_AUDIT.resourceType,
            null,
            null,
            row.outcome,
            row.reason,
          ],
        );
        await client.query('COMMIT');
        return records;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}

/** The reference handler: verify, one transaction, JSON out. Nothing else. */
async function startReference(issuer: Issuer, db: ReferenceDb): Promise<Server> {
  const answer = (response: ServerResponse, status: number, body: unknown) =>
    response
      .writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' })
      .end(JSON.stringify(body));
  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    if (request.method !== 'GET' || request.url !== '/api/records') return answer(response, 404, {});
    const token = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
    if (!token) return answer(response, 401, { error: 'unauthorized' });
    let sub: string;
    try {
      const { payload } = await jwtVerify(token, issuer.publicKey, {
        issuer: issuer.issuer,
        audience: TEST_AUDIENCE,
        algorithms: ['RS256'],
        requiredClaims: ['sub', 'exp'],
      });
      sub = payload.sub ?? '';
    } catch {
      return answer(response, 401, { error: 'unauthorized' });
    }
    const records = await db.listRecords(sub, (account, items) => ({
      timestamp: new Date().toISOString(),
      actorSub: sub,
      actorRole: account.role,
      outcome: 'allowed',
      reason: `all items: ${items}`,
    }));
    if (!records) return answer(response, 401, { error: 'unauthorized' });
    return answer(response, 200, { items: records.map((data) => JSON.parse(data) as unknown) });
  };
  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      console.error(error);
      answer(response, 500, { error: 'internal' });
    });
  });
  await listen(server);
  return server;
}

function headersOf(load: Load, token: string): Record<string, string> {
  return {
    ...(load.authenticated ? { authorization: `Bearer ${token}` } : {}),
    ...(load.body ? { 'content-type': 'application/json' } : {}),
  };
}

async function fire(url: string, load: Load, token: string, seconds: number) {
  return autocannon({
    url: `${url}${load.path}`,
    method: load.method,
    connections: load.connections,
    duration: seconds,
    workers: 1,
    headers: headersOf(load, token),
    ...(load.body ? { body: load.body } : {}),
  });
}

async function measureBackend(backend: Backend, postgresUrl: string | null, issuer: Issuer, token: string) {
  const ours = await freshDatabase(backend, postgresUrl, 'ours');
  const reference = await freshDatabase(backend, postgresUrl, 'reference');
  const referenceEach = backend === 'sqlite' ? await freshDatabase(backend, postgresUrl, 'each') : undefined;
  const store: Store = await openStore({ dataDir: ours.dataDir, databaseUrl: ours.databaseUrl });
  const app = await benchServer(issuer.issuer, store);
  const referenceDb =
    backend === 'sqlite'
      ? sqliteReference(reference.dataDir, 'group')
      : postgresReference(reference.databaseUrl ?? '');
  const referenceEachDb = referenceEach ? sqliteReference(referenceEach.dataDir, 'each') : undefined;
  const referenceServer = await startReference(issuer, referenceDb);
  const referenceEachServer = referenceEachDb ? await startReference(issuer, referenceEachDb) : undefined;

  const measurements: Measurement[] = [];
  try {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const urls: Readonly<Record<Target, string | undefined>> = {
      ours: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`,
      reference: baseUrlOf(referenceServer),
      'reference-fsync-each': referenceEachServer && baseUrlOf(referenceEachServer),
    };
    const only = process.env.BENCH_LOADS?.split(',');
    const all = LOADS.filter((load) => load.backends.includes(backend));
    const loads = all.filter((load) => !only || only.includes(load.key));

    // Every load must succeed once before it is timed (a benchmark of 401s would measure nothing), and the
    // reference must answer what our server answers: the same work.
    const bodies = new Map<Target, unknown>();
    for (const load of all) {
      const response = await fetch(`${urls[load.target]}${load.path}`, {
        method: load.method,
        headers: headersOf(load, token),
        ...(load.body ? { body: load.body } : {}),
      });
      const text = await response.text();
      if (!response.ok) throw new Error(`${load.label} answered ${response.status}: ${text}`);
      if (load.path === '/api/records') bodies.set(load.target, JSON.parse(text));
    }
    for (const target of ['reference', 'reference-fsync-each'] as const) {
      if (bodies.has(target) && !isDeepStrictEqual(bodies.get(target), bodies.get('ours'))) {
        throw new Error(`The ${target} answers GET /api/records differently from our server.`);
      }
    }

    const rounds = new Map<string, { rounds: Round[]; failed: number }>();
    for (let round = 0; round < ROUNDS; round++) {
      // Every other round in the opposite order, so that neither side always runs first.
      for (const load of round % 2 === 0 ? loads : [...loads].reverse()) {
        const url = urls[load.target] ?? '';
        if (round === 0) await fire(url, load, token, WARMUP_SECONDS);
        const load1 = loadNow();
        const loop = performance.eventLoopUtilization();
        const result = await fire(url, load, token, SECONDS);
        const busy = performance.eventLoopUtilization(loop).active;
        const entry = rounds.get(load.key) ?? { rounds: [], failed: 0 };
        entry.failed += result.non2xx + result.errors;
        entry.rounds.push({
          rps: result['2xx'] / result.duration,
          p50: result.latency.p50,
          p99: result.latency.p99,
          busyUs: Math.round((busy * 1000) / Math.max(1, result['2xx'])),
          load: load1,
        });
        rounds.set(load.key, entry);
        console.error(
          `${BACKEND_LABEL[backend]} round ${round + 1}/${ROUNDS} ${load.label} c=${load.connections}: ` +
            `${Math.round(result['2xx'] / result.duration)} req/s, p50 ${result.latency.p50} ms, ` +
            `p99 ${result.latency.p99} ms${result.non2xx + result.errors ? `, ${result.non2xx + result.errors} failed` : ''}, ` +
            `loop ${Math.round((busy * 1000) / Math.max(1, result['2xx']))} µs/req ` +
            `(load ${load1})`,
        );
      }
    }
    for (const load of loads) {
      const entry = rounds.get(load.key);
      if (!entry) continue;
      const best = entry.rounds.reduce((a, b) => (b.rps > a.rps ? b : a));
      measurements.push({ backend, key: load.key, ...best, rounds: entry.rounds, failed: entry.failed });
    }
  } finally {
    await app.close();
    await store.close();
    await new Promise<void>((resolve) => referenceServer.close(() => resolve()));
    if (referenceEachServer) await new Promise<void>((resolve) => referenceEachServer.close(() => resolve()));
    await referenceDb.close();
    await referenceEachDb?.close();
    await ours.drop();
    await reference.drop();
    await referenceEach?.drop();
  }
  return measurements;
}

const round2 = (n: number) => Math.round(n * 100) / 100;

function buildResult(backends: readonly Backend[], all: readonly Measurement[], startNote: string) {
  const find = (backend: Backend, key: string) => all.find((m) => m.backend === backend && m.key === key);
  const ratio = (backend: Backend, a: string, b: string): number | null => {
    const x = find(backend, a);
    const y = find(backend, b);
    return x && y && y.rps > 0 ? round2(x.rps / y.rps) : null;
  };
  const columns = [
    'Measurement',
    'Conns',
    ...backends.flatMap((b) => [
      `${BACKEND_LABEL[b]} req/s`,
      `${BACKEND_LABEL[b]} p50 ms`,
      `${BACKEND_LABEL[b]} p99 ms`,
      `${BACKEND_LABEL[b]} loop µs/req`,
    ]),
  ];
  const rows: Cell[][] = [];
  const row = (label: string, key: string, connections: number) => {
    if (!backends.some((b) => find(b, key))) return;
    rows.push([
      label,
      connections,
      ...backends.flatMap((b): Cell[] => {
        const m = find(b, key);
        if (!m) return [null, null, null, null];
        return [
          m.failed > 0 ? `${Math.round(m.rps)} (${m.failed} failed)` : Math.round(m.rps),
          m.p50,
          m.p99,
          m.busyUs,
        ];
      }),
    ]);
  };
  const ratioRow = (label: string, a: string, b: string, connections: number) =>
    rows.push([
      label,
      connections,
      ...backends.flatMap((backend): Cell[] => [ratio(backend, a, b), null, null, null]),
    ]);
  const labelOf = (key: string) => LOADS.find((l) => l.key === key)?.label ?? key;
  for (const connections of [10, 50]) {
    row(labelOf(`health@${connections}`), `health@${connections}`, connections);
    row(labelOf(`records@${connections}`), `records@${connections}`, connections);
    row(labelOf(`reference@${connections}`), `reference@${connections}`, connections);
    ratioRow('ours / reference (req/s)', `records@${connections}`, `reference@${connections}`, connections);
    ratioRow('ours / health (req/s)', `records@${connections}`, `health@${connections}`, connections);
  }
  row(labelOf('fsync-each@10'), 'fsync-each@10', 10);
  row(labelOf('me@10'), 'me@10', 10);
  row(labelOf('create@10'), 'create@10', 10);

  const budgets: Budget[] = [];
  for (const backend of backends) {
    const name = BACKEND_LABEL[backend];
    for (const connections of [10, 50]) {
      const ours = find(backend, `records@${connections}`);
      const ref = find(backend, `reference@${connections}`);
      const clean = ours && ref && ours.failed === 0 && ref.failed === 0;
      budgets.push(
        budget(
          `${name}: GET /api/records vs reference, req/s ratio at ${connections} connections`,
          clean ? round2(ours.rps / ref.rps) : Number.NaN,
          '>=',
          RATIO_BUDGET,
          'x',
        ),
      );
    }
    const ours = find(backend, 'records@10');
    budgets.push(
      budget(
        `${name}: GET /api/records p99 at 10 connections`,
        ours && ours.failed === 0 ? ours.p99 : Number.NaN,
        '<',
        P99_BUDGET_MS,
        'ms',
      ),
    );
  }

  const loads = all.flatMap((m) => m.rounds.map((r) => r.load));
  const notes = [
    `Before: ${startNote}. After: ${machineNote()}. 1-minute load average during the measurements: ` +
      `${Math.min(...loads).toFixed(2)} to ${Math.max(...loads).toFixed(2)}.`,
    `autocannon 8 (1 worker thread, no pipelining) against servers in the same process, all on the same CPUs; ` +
      `${ROUNDS} round${ROUNDS === 1 ? '' : 's'} of ${SECONDS} s per load, alternating, after a ${WARMUP_SECONDS} s warm-up; the round with ` +
      'the most 2xx answers per second is kept (its p50 and p99 with it).',
    'Our server: buildServer as main.ts builds it (logger off, per-user rate limit on with the bench allowance), store opened by openStore (migrated, seeded), ' +
      'token checked against the JWKS served over HTTP. Reference: node:http, jose jwtVerify with the same public ' +
      'key, the same SQL in one transaction on its own copy of the seeded database, JSON out; its answer is ' +
      'checked equal to ours before timing.',
    'Durability is the same for both: SQLite answers after the WAL holding the commit is fsynced (WAL, ' +
      'synchronous NORMAL plus one fdatasync for the commits waiting together); PostgreSQL after its COMMIT. ' +
      'The fsync-each reference row is SQLite with synchronous = FULL (one fsync per commit).',
    ...backends.flatMap((backend) =>
      LOADS.filter((l) => l.backends.includes(backend)).flatMap((load) => {
        const m = find(backend, load.key);
        return m
          ? [
              `${BACKEND_LABEL[backend]} ${load.label} c=${load.connections}, rounds: ` +
                m.rounds.map((r) => `${Math.round(r.rps)} req/s p99 ${r.p99} ms (load ${r.load})`).join('; '),
            ]
          : [];
      }),
    ),
  ];
  if (!backends.includes('postgres')) notes.push('PostgreSQL is not installed here: SQLite only.');
  return {
    name: 'api',
    title:
      'API throughput and latency: our GET /api/records vs a bare reference handler, SQLite and PostgreSQL',
    measuredAt: new Date().toISOString(),
    columns,
    rows,
    budgets,
    notes,
  };
}

const startNote = machineNote();
const postgresUrl = await ensurePostgres().catch((error: unknown) => {
  console.error(
    `PostgreSQL could not be prepared: ${error instanceof Error ? error.message : String(error)}`,
  );
  return null;
});
// BENCH_STORES=sqlite (or postgres) measures one store only, while working on it.
const wanted = (process.env.BENCH_STORES ?? 'sqlite,postgres').split(',');
const backends = (postgresUrl ? BOTH : (['sqlite'] as const)).filter((b) => wanted.includes(b));
if (!postgresUrl) console.error('PostgreSQL is not installed here: measuring SQLite only.');

const issuer = await startIssuer();
const token = await issuer.tokenFor('alice');
const measurements: Measurement[] = [];
try {
  for (const backend of backends)
    measurements.push(...(await measureBackend(backend, postgresUrl, issuer, token)));
} finally {
  await issuer.close();
}
const result = buildResult(backends, measurements, startNote);
const file = writeResult(result);
console.log(`\n${result.title}\n`);
const line = (cells: readonly Cell[]) =>
  `| ${cells.map((c) => (c === null ? '—' : String(c))).join(' | ')} |`;
console.log([line(result.columns), ...result.rows.map(line)].join('\n'));
for (const b of result.budgets)
  console.log(`${b.pass ? 'pass' : 'FAIL'}  ${b.label}: ${b.value} ${b.op} ${b.limit} ${b.unit}`);
console.log(`\n${path.relative(process.cwd(), file)}`);
