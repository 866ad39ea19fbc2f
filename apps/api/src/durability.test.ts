/**
 * Durability of the real API process (`node --import tsx src/main.ts`, SQLite in a temporary folder, tokens
 * checked against a JWKS served by this test): every create the client saw acknowledged survives a SIGKILL in
 * the middle of a burst, nothing half-written shows up after the restart, and SIGTERM lets an in-flight request
 * finish before the database is closed cleanly.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer as createHttpServer, request as httpRequest, type Server } from 'node:http';
import { createServer as createNetServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { APPOINTMENT_TYPES, AppointmentSchema, type Appointment } from '@sentinel/domain';
import { AuditEventSchema, type AppointmentCreate, type AuditEvent } from '@sentinel/domain/contract';
import { PERSONAS, type PersonaKey } from '@sentinel/demo-data';
import SqliteDatabase from 'better-sqlite3';
import { exportJWK, generateKeyPair } from 'jose';
import { afterAll, beforeAll, describe, it, type TestContext } from 'vitest';
import { SQLITE_FILE } from './store/index';
import { TEST_AUDIENCE, signAccessToken, type SigningKey } from './testkit';

const API_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ENTRY = 'src/main.ts';

/** Requests in flight at once during the burst, how many in all, and after how many acknowledgements it dies. */
const CONCURRENCY = 20;
const BURST_SIZE = 300;
const KILL_AFTER_ACKS = 120;
/** Start-up takes ~5 s on two idle cores (tsx, zod, the store's drivers); generous for a busy machine. */
const START_TIMEOUT_MS = 30_000;
const TEST_TIMEOUT_MS = 90_000;

type Exit = { readonly code: number | null; readonly signal: NodeJS.Signals | null };

type ApiProcess = {
  readonly child: ChildProcess;
  readonly baseUrl: string;
  readonly exited: Promise<Exit>;
  /** What the process printed, for failure messages. */
  readonly output: () => string;
};

let signingKey: SigningKey;
let jwksServer: Server;
/** The issuer and its JWKS are served on 127.0.0.1 so that `localhost` resolving to ::1 first cannot matter. */
let issuer: string;
const dataDirs: string[] = [];

beforeAll(async () => {
  const keys = await generateKeyPair('RS256', { extractable: true });
  signingKey = keys.privateKey;
  const jwk = { ...(await exportJWK(keys.publicKey)), kid: 'test-key', alg: 'RS256', use: 'sig' };
  jwksServer = createHttpServer((request, response) => {
    if (request.url === '/.well-known/jwks.json') {
      response.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify({ keys: [jwk] }));
    } else {
      response.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => jwksServer.listen(0, '127.0.0.1', resolve));
  issuer = `http://127.0.0.1:${(jwksServer.address() as AddressInfo).port}/`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => jwksServer.close(() => resolve()));
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
});

function freshDataDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'sentinel-durability-'));
  dataDirs.push(dir);
  return dir;
}

/** A port nobody listens on right now (the API takes API_PORT literally, so the test picks one). */
async function freePort(): Promise<number> {
  const server = createNetServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Starts the API on `dataDir` and waits until GET /api/health answers 200. The process is killed when the test
 * ends, if it still runs.
 */
async function startApi(
  dataDir: string,
  { onTestFinished }: Pick<TestContext, 'onTestFinished'>,
): Promise<ApiProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', ENTRY], {
    cwd: API_ROOT,
    env: {
      ...process.env,
      API_PORT: String(port),
      API_HOST: '127.0.0.1',
      API_DATA_DIR: dataDir,
      AUTH_ISSUER: issuer,
      AUTH_JWKS_URL: new URL('.well-known/jwks.json', issuer).href,
      AUTH0_AUDIENCE: TEST_AUDIENCE,
      // Empty means unset to the API: SQLite, no portal, no admin address, whatever the calling shell says.
      DATABASE_URL: '',
      PORTAL_DIST: '',
      ADMIN_EMAIL: '',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let printed = '';
  child.stdout?.on('data', (chunk: Buffer) => (printed += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (printed += chunk.toString()));
  const exited = new Promise<Exit>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const api: ApiProcess = { child, baseUrl: `http://127.0.0.1:${port}`, exited, output: () => printed };
  onTestFinished(async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await exited;
  });

  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) break;
    const health = await fetch(`${api.baseUrl}/api/health`).catch(() => undefined);
    if (health?.status === 200) return api;
    await sleep(100);
  }
  throw new Error(`The API did not become healthy on ${api.baseUrl}. It printed:\n${printed}`);
}

const tokenFor = (who: PersonaKey) => signAccessToken(signingKey, who, {}, new Date(), issuer);

async function getJson<T>(api: ApiProcess, route: string, who: PersonaKey): Promise<T> {
  const response = await fetch(`${api.baseUrl}${route}`, {
    headers: { Authorization: `Bearer ${await tokenFor(who)}` },
  });
  if (response.status !== 200) {
    throw new Error(`GET ${route} answered ${response.status}: ${await response.text()}\n${api.output()}`);
  }
  return (await response.json()) as T;
}

/** A valid create body whose notes carry a marker unique to this request. */
function appointmentBody(marker: string, i: number): Required<AppointmentCreate> {
  return {
    patientName: PERSONAS.jane.name,
    patientEmail: PERSONAS.jane.email,
    doctorName: PERSONAS.alice.name,
    date: `2027-0${(i % 9) + 1}-${String((i % 28) + 1).padStart(2, '0')}`,
    time: `${String(8 + (i % 10)).padStart(2, '0')}:${i % 2 === 0 ? '00' : '30'}`,
    type: APPOINTMENT_TYPES[i % APPOINTMENT_TYPES.length] ?? 'consultation',
    notes: marker,
  };
}

const isAppointmentCreate = (row: AuditEvent) =>
  row.action === 'create' && row.resourceType === 'appointment' && row.outcome === 'allowed';

// The two tests start processes of their own and run side by side: process start-up dominates their time.
describe.concurrent('the API process under failure', { timeout: TEST_TIMEOUT_MS }, () => {
  it('keeps every acknowledged appointment, whole, and nothing half-written, when it is killed mid-burst', async (context) => {
    const { expect } = context;
    const dataDir = freshDataDir();
    const first = await startApi(dataDir, context);
    const authorization = `Bearer ${await tokenFor('alice')}`;
    const run = `durability-${Date.now()}`;

    const sent = new Map<string, Required<AppointmentCreate>>();
    const acknowledged = new Map<string, { sent: Required<AppointmentCreate>; created: unknown }>();
    const unexpected: string[] = [];
    let next = 0;
    let inFlight = 0;
    let inFlightAtKill = -1;

    const sender = async () => {
      while (inFlightAtKill < 0 && next < BURST_SIZE) {
        const i = next++;
        const body = appointmentBody(`${run}-${i}`, i);
        sent.set(body.notes, body);
        inFlight += 1;
        try {
          const response = await fetch(`${first.baseUrl}/api/appointments`, {
            method: 'POST',
            headers: { Authorization: authorization, 'Content-Type': 'application/json' },
            body: JSON.stringify(body),
          });
          if (response.status !== 201) {
            unexpected.push(`${response.status} ${await response.text()}`);
            continue;
          }
          // Acknowledged only once the whole answer has arrived.
          const created = (await response.json()) as { id: string };
          acknowledged.set(created.id, { sent: body, created });
          if (acknowledged.size >= KILL_AFTER_ACKS && inFlightAtKill < 0) {
            inFlightAtKill = inFlight - 1;
            first.child.kill('SIGKILL');
          }
        } catch {
          // The connection died with the process: this create is unacknowledged, it may or may not exist.
        } finally {
          inFlight -= 1;
        }
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, sender));

    expect(await first.exited).toStrictEqual({ code: null, signal: 'SIGKILL' });
    expect(unexpected, first.output()).toStrictEqual([]);
    // The kill really landed mid-burst: requests were in flight and some were never acknowledged.
    expect(inFlightAtKill).toBeGreaterThan(0);
    expect(acknowledged.size).toBeGreaterThanOrEqual(KILL_AFTER_ACKS);
    expect(acknowledged.size).toBeLessThan(sent.size);

    const second = await startApi(dataDir, context);
    const { items } = await getJson<{ items: unknown[] }>(second, '/api/appointments', 'alice');
    const listed: Appointment[] = items.map((item) => AppointmentSchema.strict().parse(item));
    const byId = new Map(listed.map((item) => [item.id, item]));
    expect(byId.size).toBe(listed.length);

    for (const [id, { sent: body, created }] of acknowledged) {
      expect(created).toStrictEqual({ id, ...body, status: 'scheduled', ownerId: PERSONAS.jane.sub });
      expect(byId.get(id)).toStrictEqual(created);
    }

    const fromThisRun = listed.filter((item) => item.notes.startsWith(`${run}-`));
    const markers = fromThisRun.map((item) => item.notes);
    expect(new Set(markers).size).toBe(markers.length);
    // A create that committed without its answer reaching the client is whole too.
    for (const item of fromThisRun) {
      const body = sent.get(item.notes);
      expect(body, `${item.notes} was never sent`).toBeDefined();
      expect(item).toStrictEqual({ id: item.id, ...body, status: 'scheduled', ownerId: PERSONAS.jane.sub });
    }

    const audit = await getJson<{ items: unknown[] }>(second, '/api/audit', 'sam');
    const rows = audit.items.map((row) => AuditEventSchema.parse(row));
    const creates = rows.filter(isAppointmentCreate);
    for (const item of fromThisRun) {
      expect(
        creates.filter((row) => row.resourceId === item.id),
        `create audit rows of ${item.id}`,
      ).toHaveLength(1);
    }
    for (const row of creates) {
      expect(row.resourceId !== null && byId.has(row.resourceId), `appointment of audit row ${row.id}`).toBe(
        true,
      );
    }

    // The id counter survived too: the next create gets an id no stored appointment has.
    const response = await fetch(`${second.baseUrl}/api/appointments`, {
      method: 'POST',
      headers: { Authorization: authorization, 'Content-Type': 'application/json' },
      body: JSON.stringify(appointmentBody(`${run}-after-restart`, 0)),
    });
    expect(response.status).toBe(201);
    const after = (await response.json()) as Appointment;
    expect(byId.has(after.id)).toBe(false);
  });

  it('finishes the request in flight on SIGTERM, exits 0 and leaves the database checkpointed', async (context) => {
    const { expect } = context;
    const dataDir = freshDataDir();
    const api = await startApi(dataDir, context);
    const payload = JSON.stringify(appointmentBody(`graceful-${Date.now()}`, 7));
    const half = Math.floor(payload.length / 2);

    // Headers and half of the body go out before SIGTERM, the rest once the server is closing: the request is
    // in flight throughout. `Expect: 100-continue` tells the test when the server has read the headers.
    const request = httpRequest(`${api.baseUrl}/api/appointments`, {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${await tokenFor('alice')}`,
        'Content-Type': 'application/json',
        'Content-Length': Buffer.byteLength(payload),
        Expect: '100-continue',
      },
    });
    const answered = new Promise<{ status: number; body: string }>((resolve, reject) => {
      request.once('response', (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (body += chunk));
        response.once('end', () => resolve({ status: response.statusCode ?? 0, body }));
        response.once('error', reject);
      });
      request.once('error', reject);
    });
    await new Promise<void>((resolve, reject) => {
      request.once('continue', resolve);
      request.once('error', reject);
    });
    request.write(payload.slice(0, half));
    api.child.kill('SIGTERM');
    // Closing: new requests are refused (connection refused, or 503 on a kept-alive connection).
    while (
      (await fetch(`${api.baseUrl}/api/health`).then(
        (r) => r.status,
        () => 0,
      )) === 200
    )
      await sleep(50);
    expect(api.child.exitCode, 'the process must wait for the request in flight').toBeNull();
    request.end(payload.slice(half));

    const { status, body } = await answered;
    expect(status, body).toBe(201);
    const created = AppointmentSchema.strict().parse(JSON.parse(body));
    expect(await api.exited, api.output()).toStrictEqual({ code: 0, signal: null });

    // A clean close checkpoints the write-ahead log into the database file and removes it.
    const file = path.join(dataDir, SQLITE_FILE);
    expect(existsSync(`${file}-wal`)).toBe(false);
    const database = new SqliteDatabase(file, { readonly: true });
    try {
      expect(database.pragma('integrity_check', { simple: true })).toBe('ok');
    } finally {
      database.close();
    }

    const reopened = await startApi(dataDir, context);
    const { items } = await getJson<{ items: Appointment[] }>(reopened, '/api/appointments', 'alice');
    expect(items.find((item) => item.id === created.id)).toStrictEqual(created);
  });
});
