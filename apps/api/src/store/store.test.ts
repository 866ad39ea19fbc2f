import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import SqliteDatabase from 'better-sqlite3';
import pg from 'pg';
import { Kysely, Migrator, PostgresDialect, SqliteDialect } from 'kysely';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import {
  isOwnItem,
  patientIdFor,
  type Appointment,
  type ManagedUser,
  type MedicalRecord,
} from '@sentinel/domain';
import type { AuditEvent } from '@sentinel/domain/contract';
import { FIXED_NOW, PERSONAS, seed } from '@sentinel/demo-data';
import { createMemoryData, openMemoryStore, type StoreDialect as AnyStoreDialect } from '@sentinel/service';
import {
  AUDIT_APPEND_ONLY_MESSAGE,
  DuplicateEmailError,
  DuplicateIdError,
  FIRST_GENERATED_ID,
  OwnerChangeError,
  SQLITE_FILE,
  StoreClosedError,
  openStore,
  type OpenStoreOptions,
  type Store,
} from './index';
import { migrationProvider } from './migrations';

/** Raw SQL on the store's database through a connection of its own, beside the store. */
type Raw = { query(text: string): Promise<Record<string, unknown>[]>; close(): Promise<void> };

/** One test's own empty database: SQLite in a new folder, or a new PostgreSQL database. */
type Fresh = {
  readonly options: OpenStoreOptions;
  open(withSeed?: boolean): Promise<Store>;
  raw(): Promise<Raw>;
  dispose(): Promise<void>;
};

type Harness = { fresh(): Promise<Fresh>; end(): Promise<void> };

const postgresUrl = inject('postgresUrl');
const onCi = process.env.CI === 'true';
if (!postgresUrl && !onCi) {
  console.warn(
    'PostgreSQL is not installed and DATABASE_URL_TEST is unset: the store suite runs on SQLite only ' +
      '(apt-get install postgresql to run it on PostgreSQL too).',
  );
}
// On CI the PostgreSQL suite always runs, and fails when there is no PostgreSQL. The memory store (the mock
// API's, @sentinel/service) keeps the same promises, so the same suite runs on it.
const DIALECTS: AnyStoreDialect[] =
  postgresUrl || onCi ? ['sqlite', 'postgres', 'memory'] : ['sqlite', 'memory'];

function freshFrom(options: OpenStoreOptions, raw: () => Promise<Raw>, cleanUp: () => Promise<void>): Fresh {
  const opened: Store[] = [];
  return {
    options,
    async open(withSeed = true) {
      const store = await openStore({ ...options, seed: withSeed ? seed(FIXED_NOW) : undefined });
      opened.push(store);
      return store;
    },
    raw,
    async dispose() {
      await Promise.all(opened.map((store) => store.close()));
      await cleanUp();
    },
  };
}

async function sqliteHarness(): Promise<Harness> {
  return {
    async fresh() {
      const dataDir = await mkdtemp(join(tmpdir(), 'sentinel-store-'));
      const raw = async (): Promise<Raw> => {
        const database = new SqliteDatabase(join(dataDir, SQLITE_FILE));
        return {
          query: async (text) => {
            const statement = database.prepare(text);
            if (statement.reader) return statement.all() as Record<string, unknown>[];
            statement.run();
            return [];
          },
          close: async () => void database.close(),
        };
      };
      return freshFrom({ dataDir }, raw, () => rm(dataDir, { recursive: true, force: true }));
    },
    end: async () => undefined,
  };
}

/** The memory store: reopening works on the same data, as reopening a database does; there is no raw access. */
async function memoryHarness(): Promise<Harness> {
  return {
    async fresh() {
      const data = createMemoryData();
      const opened: Store[] = [];
      return {
        options: { dataDir: ':memory:' },
        async open(withSeed = true) {
          const store = openMemoryStore({ data, seed: withSeed ? seed(FIXED_NOW) : undefined });
          opened.push(store);
          return store;
        },
        raw: () => Promise.reject(new Error('A memory store has no SQL to run.')),
        dispose: async () => void (await Promise.all(opened.map((store) => store.close()))),
      };
    },
    end: async () => undefined,
  };
}

async function postgresHarness(): Promise<Harness> {
  if (!postgresUrl) {
    throw new Error(
      'CI=true but no PostgreSQL: install it (apt-get install postgresql, see .ci/run) or set DATABASE_URL_TEST.',
    );
  }
  const admin = new pg.Client({ connectionString: postgresUrl });
  await admin.connect();
  return {
    async fresh() {
      const name = `sentinel_store_${randomUUID().replaceAll('-', '')}`;
      await admin.query(`CREATE DATABASE ${name}`);
      const url = new URL(postgresUrl);
      url.pathname = `/${name}`;
      const raw = async (): Promise<Raw> => {
        const client = new pg.Client({ connectionString: url.href });
        await client.connect();
        return {
          query: async (text) => (await client.query(text)).rows as Record<string, unknown>[],
          close: () => client.end(),
        };
      };
      return freshFrom({ dataDir: ':memory:', databaseUrl: url.href }, raw, async () => {
        // Not WITH (FORCE): that needs the right to end other roles' backends (autovacuum). The store and raw
        // connections are closed by now.
        await admin.query(`DROP DATABASE IF EXISTS ${name}`);
      });
    },
    end: () => admin.end(),
  };
}

const jane = PERSONAS.jane;
const janeScope = { ownerId: jane.sub };
/** A second patient with Jane's name. */
const OTHER_JANE_SUB = 'auth0|sentinel-patient-000101';

function appointment(id: string, overrides: Partial<Appointment> = {}): Appointment {
  const base = seed(FIXED_NOW).appointments[0];
  if (!base) throw new Error('the seed has no appointments');
  return { ...base, id, ...overrides };
}

function record(id: string, overrides: Partial<MedicalRecord>): MedicalRecord {
  const base = seed(FIXED_NOW).records[0];
  if (!base) throw new Error('the seed has no records');
  return { ...base, id, ...overrides };
}

function auditRow(id: string, overrides: Partial<AuditEvent> = {}): AuditEvent {
  return {
    id,
    timestamp: '2026-07-01T09:00:00.000Z',
    actorSub: PERSONAS.alice.sub,
    actorRole: 'doctor',
    action: 'read',
    resourceType: 'record',
    resourceId: 'rec-001',
    patientId: 'P-000001',
    outcome: 'allowed',
    reason: 'opened the record',
    ...overrides,
  };
}

const ids = (items: readonly { id: string }[]) => items.map((item) => item.id);

/** Migrates the test's empty database up to the named migration only, as a store of that release left it. */
async function migrateTo(env: Fresh, dialect: AnyStoreDialect, name: string): Promise<void> {
  if (dialect === 'memory') throw new Error('A memory store has no migrations.');
  const db = new Kysely<unknown>({
    dialect:
      dialect === 'sqlite'
        ? new SqliteDialect({ database: new SqliteDatabase(join(env.options.dataDir, SQLITE_FILE)) })
        : new PostgresDialect({ pool: new pg.Pool({ connectionString: env.options.databaseUrl }) }),
  });
  try {
    const { error } = await new Migrator({ db, provider: migrationProvider(dialect) }).migrateTo(name);
    if (error) throw error instanceof Error ? error : new Error(String(error));
  } finally {
    await db.destroy();
  }
}

describe.each(DIALECTS)('the %s store', (dialect) => {
  let harness: Harness;
  let env: Fresh;

  beforeAll(async () => {
    const harnesses = { sqlite: sqliteHarness, postgres: postgresHarness, memory: memoryHarness };
    harness = await harnesses[dialect]();
  });
  afterAll(async () => {
    await harness?.end();
  });
  beforeEach(async () => {
    env = await harness.fresh();
  });
  /** A test of what only a database has (its migrations, other connections to it): none on the memory store. */
  const onDatabase = (name: string, test: () => Promise<void>) => {
    if (dialect !== 'memory') it(name, test);
  };
  afterEach(async () => {
    await env.dispose();
  });

  it('seeds an empty store once, in the given order, and never again', async () => {
    const data = seed(FIXED_NOW);
    const store = await env.open();
    expect(store.dialect).toBe(dialect);
    await store.transaction(async (tx) => {
      expect(await tx.listUsers()).toStrictEqual(data.users);
      expect(await tx.list('appointments')).toStrictEqual(data.appointments);
      expect(await tx.list('records')).toStrictEqual(data.records);
      expect(await tx.list('prescriptions')).toStrictEqual(data.prescriptions);
    });
    await store.close();

    const again = await env.open();
    const counts = await again.transaction(async (tx) => [
      (await tx.listUsers()).length,
      (await tx.list('appointments')).length,
      (await tx.list('records')).length,
      (await tx.list('prescriptions')).length,
    ]);
    expect(counts).toStrictEqual([
      data.users.length,
      data.appointments.length,
      data.records.length,
      data.prescriptions.length,
    ]);
  });

  it('opens empty without a seed, and answers a ping', async () => {
    const store = await env.open(false);
    await expect(store.ping()).resolves.toBeUndefined();
    expect(await store.transaction((tx) => tx.listUsers())).toStrictEqual([]);
    expect(await store.transaction((tx) => tx.list('records'))).toStrictEqual([]);
  });

  it('lists items in insertion order; replace keeps the place, remove and insert again moves to the end', async () => {
    const store = await env.open(false);
    await store.transaction(async (tx) => {
      for (const id of ['apt-b', 'apt-a', 'apt-c']) await tx.insert('appointments', appointment(id));
    });
    const replaced = await store.transaction(async (tx) =>
      tx.replace('appointments', appointment('apt-a', { status: 'cancelled', notes: 'Called off.' })),
    );
    expect(replaced).toBe(true);
    await store.transaction(async (tx) => {
      expect(ids(await tx.list('appointments'))).toStrictEqual(['apt-b', 'apt-a', 'apt-c']);
      expect(await tx.get('appointments', 'apt-a')).toStrictEqual(
        appointment('apt-a', { status: 'cancelled', notes: 'Called off.' }),
      );
      expect(await tx.remove('appointments', 'apt-b')).toBe(true);
      await tx.insert('appointments', appointment('apt-b'));
      expect(ids(await tx.list('appointments'))).toStrictEqual(['apt-a', 'apt-c', 'apt-b']);
    });
  });

  it('says false for replacing or removing what is not there, undefined for getting it', async () => {
    const store = await env.open();
    await store.transaction(async (tx) => {
      expect(await tx.replace('records', record('rec-404', {}))).toBe(false);
      expect(await tx.remove('records', 'rec-404')).toBe(false);
      expect(await tx.get('records', 'rec-404')).toBeUndefined();
      expect(await tx.getUser('nobody')).toBeUndefined();
      expect(
        await tx.replaceUser({ ...seed(FIXED_NOW).users[0]!, id: 'nobody', email: 'x@example.com' }),
      ).toBe(false);
      expect(await tx.removeUser('nobody')).toBe(false);
    });
  });

  it('refuses a second item with the same id and keeps the transaction usable', async () => {
    const store = await env.open();
    await store.transaction(async (tx) => {
      await expect(tx.insert('records', record('rec-001', { title: 'Impostor' }))).rejects.toBeInstanceOf(
        DuplicateIdError,
      );
      await tx.appendAudit(auditRow('aud-1', { outcome: 'denied', reason: 'duplicate id' }));
    });
    await store.transaction(async (tx) => {
      expect((await tx.get('records', 'rec-001'))?.title).not.toBe('Impostor');
      expect(ids(await tx.listAudit({ all: true }))).toStrictEqual(['aud-1']);
    });
  });

  it("a patient's scope is the items their account owns, whatever e-mail, name or patient id they carry", async () => {
    const store = await env.open();
    const extra = [
      record('rec-her-email', {
        ownerId: PERSONAS.john.sub,
        patientEmail: jane.email,
        patientId: 'P-000002',
      }),
      record('rec-her-name-and-id', {
        ownerId: OTHER_JANE_SUB,
        patientName: jane.name,
        patientId: 'P-000001',
      }),
      record('rec-no-owner', { patientEmail: jane.email, patientName: jane.name, patientId: 'P-000001' }),
      record('rec-owned', { ownerId: jane.sub, patientEmail: 'changed@example.com', patientName: 'Changed' }),
    ];
    delete extra[2]!.ownerId;
    const listed = await store.transaction(async (tx) => {
      for (const item of extra) await tx.insert('records', item);
      return { all: await tx.list('records'), jane: await tx.list('records', janeScope) };
    });
    const janes = listed.all.filter((item) => isOwnItem(item, { sub: jane.sub }));
    expect(ids(listed.jane)).toStrictEqual(ids(janes));
    expect(ids(listed.jane)).toStrictEqual([
      'rec-001',
      'rec-002',
      'rec-003',
      'rec-004',
      'rec-005',
      'rec-006',
      'rec-owned',
    ]);
  });

  it('an empty owner matches nothing', async () => {
    const store = await env.open();
    const nobody = record('rec-nobody', { patientEmail: '', patientName: '', patientId: '' });
    delete nobody.ownerId;
    const listed = await store.transaction(async (tx) => {
      await tx.insert('records', nobody);
      return tx.list('records', { ownerId: '' });
    });
    expect(listed).toStrictEqual([]);
  });

  it("an item's owner never changes: a replace naming another owner throws and changes nothing", async () => {
    const store = await env.open();
    await expect(
      store.transaction((tx) =>
        tx.replace('records', record('rec-001', { ownerId: OTHER_JANE_SUB, title: 'Moved' })),
      ),
    ).rejects.toBeInstanceOf(OwnerChangeError);
    const unowned = record('rec-001', { title: 'Orphaned' });
    delete unowned.ownerId;
    await expect(store.transaction((tx) => tx.replace('records', unowned))).rejects.toBeInstanceOf(
      OwnerChangeError,
    );
    await store.transaction(async (tx) => {
      expect(await tx.get('records', 'rec-001')).toStrictEqual(seed(FIXED_NOW).records[0]);
      expect(ids(await tx.list('records', { ownerId: OTHER_JANE_SUB }))).toStrictEqual([]);
      expect(await tx.replace('records', record('rec-001', { title: 'Renamed' }))).toBe(true);
      expect(await tx.replace('records', record('rec-none', {}))).toBe(false);
    });
  });

  onDatabase(
    'gives the rows of a store from before owners the patient account of their e-mail (migration 0005)',
    async () => {
      // A database at the schema of migration 0004, with rows as they were written then: no owner column, patient
      // ids typed by whoever created the item or made from the clock.
      await migrateTo(env, dialect, '0004_vault_connections');
      const raw = await env.raw();
      try {
        const quoted = (value: string) => `'${value.replaceAll("'", "''")}'`;
        for (const user of seed(FIXED_NOW).users) {
          const values = [user.id, user.email.trim().toLowerCase(), JSON.stringify(user)]
            .map(quoted)
            .join(', ');
          await raw.query(`INSERT INTO users (id, email_norm, data) VALUES (${values})`);
        }
        const oldRow = async (
          table: string,
          item: {
            id: string;
            patientEmail: string;
            patientName: string;
            patientId?: string;
            ownerId?: string;
          },
        ) => {
          const written = { ...item };
          delete written.ownerId;
          const norm = (value = '') => value.trim().toLowerCase();
          const values = [
            item.id,
            norm(item.patientEmail),
            norm(item.patientName),
            norm(item.patientId),
            JSON.stringify(written),
          ]
            .map(quoted)
            .join(', ');
          await raw.query(
            `INSERT INTO ${table} (id, patient_email_norm, patient_name_norm, patient_id_norm, data) VALUES (${values})`,
          );
        };
        // John's record carrying Jane's name and patient id: by e-mail it is John's.
        await oldRow(
          'records',
          record('rec-old-john', {
            patientEmail: ' John.Roe@example.com ',
            patientName: jane.name,
            patientId: 'P-000001',
          }),
        );
        await oldRow(
          'records',
          record('rec-old-walk-in', {
            patientEmail: 'walk.in@example.com',
            patientName: 'Walk In',
            patientId: 'P-123456',
          }),
        );
        await oldRow(
          'records',
          record('rec-old-doctor', {
            patientEmail: PERSONAS.alice.email,
            patientName: jane.name,
            patientId: '',
          }),
        );
        await oldRow(
          'appointments',
          appointment('apt-old-jane', { patientEmail: jane.email, patientName: 'Someone' }),
        );
        const rx = seed(FIXED_NOW).prescriptions.find((p) => p.patientEmail === PERSONAS.john.email);
        if (!rx) throw new Error('the seed has no prescription for John');
        await oldRow('prescriptions', { ...rx, id: 'rx-old-john', patientId: 'P-668480' });
      } finally {
        await raw.close();
      }

      const migrated = await env.open();
      await migrated.transaction(async (tx) => {
        const johnsRecord = await tx.get('records', 'rec-old-john');
        expect(johnsRecord).toMatchObject({
          ownerId: PERSONAS.john.sub,
          patientId: patientIdFor(PERSONAS.john.sub),
          patientName: jane.name,
        });
        expect(await tx.get('records', 'rec-old-walk-in')).not.toHaveProperty('ownerId');
        expect((await tx.get('records', 'rec-old-walk-in'))?.patientId).toBe('P-123456');
        expect(await tx.get('records', 'rec-old-doctor')).not.toHaveProperty('ownerId');
        expect((await tx.get('appointments', 'apt-old-jane'))?.ownerId).toBe(jane.sub);
        expect(await tx.get('prescriptions', 'rx-old-john')).toMatchObject({
          ownerId: PERSONAS.john.sub,
          patientId: 'P-000002',
        });

        const janesRecords = ids(await tx.list('records', janeScope));
        expect(janesRecords).not.toContain('rec-old-john');
        expect(janesRecords).not.toContain('rec-old-doctor');
        expect(ids(await tx.list('records', { ownerId: PERSONAS.john.sub }))).toContain('rec-old-john');
        expect(ids(await tx.list('appointments', janeScope))).toContain('apt-old-jane');
      });
    },
  );

  onDatabase(
    'keys the audit rows of a store from before on the one patient account of their patient id, append-only throughout (migration 0007)',
    async () => {
      // A database at the schema of migration 0006: audit rows name patients by display id only. A second account
      // ends like Jane's, so 'P-000001' is two accounts' and the rows naming it belong to neither.
      await migrateTo(env, dialect, '0006_confidentiality');
      const twin = {
        ...seed(FIXED_NOW).users.find((u) => u.id === jane.sub)!,
        id: 'other|twin-000001',
        email: 't@x.org',
      };
      const raw = await env.raw();
      const quoted = (value: string | null) => (value === null ? 'NULL' : `'${value.replaceAll("'", "''")}'`);
      try {
        for (const user of [...seed(FIXED_NOW).users, twin]) {
          const values = [user.id, user.email.trim().toLowerCase(), JSON.stringify(user)]
            .map(quoted)
            .join(', ');
          await raw.query(`INSERT INTO users (id, email_norm, data) VALUES (${values})`);
        }
        const old: AuditEvent[] = [
          auditRow('aud-jane-or-twin', { patientId: 'P-000001' }),
          auditRow('aud-john', { patientId: patientIdFor(PERSONAS.john.sub), resourceId: 'rec-john' }),
          auditRow('aud-nobody', { patientId: 'P-999999' }),
          auditRow('aud-none', { patientId: null, resourceType: 'knowledge', resourceId: null }),
        ];
        for (const row of old) {
          const values = [
            row.id,
            row.timestamp,
            row.actorSub,
            row.actorRole,
            row.action,
            row.resourceType,
            row.resourceId,
            row.patientId,
            row.outcome,
            row.reason,
          ]
            .map(quoted)
            .join(', ');
          await raw.query(
            `INSERT INTO audit (id, timestamp, actor_sub, actor_role, action, resource_type, resource_id, patient_id, outcome, reason) VALUES (${values})`,
          );
        }
      } finally {
        await raw.close();
      }

      const migrated = await env.open();
      await migrated.transaction(async (tx) => {
        const scopeOf = (sub: string) => ({ actorSub: sub, patientAccountId: sub });
        expect(ids(await tx.listAudit(scopeOf(PERSONAS.john.sub)))).toStrictEqual(['aud-john']);
        expect(ids(await tx.listAudit(scopeOf(jane.sub)))).toStrictEqual([]);
        expect(ids(await tx.listAudit(scopeOf(twin.id)))).toStrictEqual([]);
        // Unchanged as answered, and all still there for admins and their caller.
        expect(ids(await tx.listAudit({ all: true }))).toStrictEqual([
          'aud-jane-or-twin',
          'aud-john',
          'aud-nobody',
          'aud-none',
        ]);
        expect((await tx.listAudit({ all: true }))[1]).toStrictEqual(
          auditRow('aud-john', { patientId: patientIdFor(PERSONAS.john.sub), resourceId: 'rec-john' }),
        );
        expect(ids(await tx.listAudit({ actorSub: PERSONAS.alice.sub }))).toHaveLength(4);
      });
      const after = await env.raw();
      try {
        // The backfill lifted the refusal only inside its own transaction.
        await expect(after.query("UPDATE audit SET patient_account_id = 'someone'")).rejects.toThrow(
          AUDIT_APPEND_ONLY_MESSAGE,
        );
        await expect(after.query("UPDATE audit SET reason = 'edited'")).rejects.toThrow(
          AUDIT_APPEND_ONLY_MESSAGE,
        );
        await expect(after.query('DELETE FROM audit')).rejects.toThrow(AUDIT_APPEND_ONLY_MESSAGE);
      } finally {
        await after.close();
      }
    },
  );

  it('keys a new audit row on the account that owns the item it names, never on another with the same patient id', async () => {
    const store = await env.open();
    const janeAccount = await store.transaction((tx) => tx.getUser(jane.sub));
    if (!janeAccount) throw new Error('jane is not seeded');
    const twin: ManagedUser = { ...janeAccount, id: 'other|twin-000001', email: 'twin@example.com' };
    const janesRecord = seed(FIXED_NOW).records.find((r) => r.ownerId === jane.sub);
    if (!janesRecord) throw new Error('the seed has no record of Jane');
    await store.transaction(async (tx) => {
      await tx.insertUser(twin);
      // A doctor reads Jane's record; the twin lists their own (empty) records; a row naming only the shared id.
      await tx.appendAudit(auditRow('aud-read', { resourceId: janesRecord.id }));
      await tx.appendAudit(
        auditRow('aud-twin', { actorSub: twin.id, actorRole: 'patient', action: 'list', resourceId: null }),
      );
      await tx.appendAudit(auditRow('aud-shared', { resourceType: 'approval', resourceId: 'apr-1' }));
    });
    await store.transaction(async (tx) => {
      expect(ids(await tx.listAudit({ actorSub: jane.sub, patientAccountId: jane.sub }))).toStrictEqual([
        'aud-read',
      ]);
      expect(ids(await tx.listAudit({ actorSub: twin.id, patientAccountId: twin.id }))).toStrictEqual([
        'aud-twin',
      ]);
    });
  });

  it('counts ids per prefix from 1001, across transactions and reopening', async () => {
    const store = await env.open();
    const first = await store.transaction(async (tx) => [
      await tx.nextId('apt'),
      await tx.nextId('apt'),
      await tx.nextId('rec'),
    ]);
    expect(first).toStrictEqual([`apt-${FIRST_GENERATED_ID}`, 'apt-1002', 'rec-1001']);
    await store.close();
    const reopened = await env.open();
    expect(await reopened.transaction((tx) => tx.nextId('apt'))).toBe('apt-1003');
  });

  it('gives 50 concurrent transactions 50 different ids, and keeps every item they insert', async () => {
    const store = await env.open();
    const created = await Promise.all(
      Array.from({ length: 50 }, () =>
        store.transaction(async (tx) => {
          const id = await tx.nextId('apt');
          await tx.insert('appointments', appointment(id));
          await tx.appendAudit(auditRow(await tx.nextId('aud'), { action: 'create', resourceId: id }));
          return id;
        }),
      ),
    );
    const expected = Array.from({ length: 50 }, (_, i) => `apt-${FIRST_GENERATED_ID + i}`);
    expect([...created].sort()).toStrictEqual(expected);
    await store.transaction(async (tx) => {
      const listed = ids(await tx.list('appointments')).filter(
        (id) => Number(id.slice(4)) >= FIRST_GENERATED_ID,
      );
      expect([...listed].sort()).toStrictEqual(expected);
      const audit = await tx.listAudit({ all: true });
      expect(audit).toHaveLength(50);
      // Audit ids (a sequence on PostgreSQL, the counter on SQLite) are unique and count from 1001 too.
      expect(new Set(audit.map((row) => row.id)).size).toBe(50);
      expect(audit.map((row) => Number(row.id.slice(4))).sort((a, b) => a - b)).toStrictEqual(
        Array.from({ length: 50 }, (_, i) => FIRST_GENERATED_ID + i),
      );
    });
  });

  it('rolls back the data change, its audit row and its ids when the work throws', async () => {
    const store = await env.open();
    const failure = new Error('the handler failed after writing');
    await expect(
      store.transaction(async (tx) => {
        const id = await tx.nextId('rx');
        await tx.insert('prescriptions', { ...seed(FIXED_NOW).prescriptions[0]!, id });
        await tx.replace('records', record('rec-001', { title: 'Changed' }));
        await tx.appendAudit(auditRow('aud-rolled-back', { action: 'create', resourceId: id }));
        throw failure;
      }),
    ).rejects.toBe(failure);
    await store.transaction(async (tx) => {
      expect(await tx.get('prescriptions', 'rx-1001')).toBeUndefined();
      expect((await tx.get('records', 'rec-001'))?.title).toBe(seed(FIXED_NOW).records[0]?.title);
      expect(await tx.listAudit({ all: true })).toStrictEqual([]);
      expect(await tx.nextId('rx')).toBe('rx-1001');
    });
  });

  it("gives a row appended without an id the next 'aud' id, from the counter nextId uses", async () => {
    const store = await env.open();
    const row = Object.fromEntries(
      Object.entries(auditRow('unused')).filter(([key]) => key !== 'id'),
    ) as Omit<AuditEvent, 'id'>;
    await store.transaction(async (tx) => {
      await tx.appendAudit(row);
      await tx.appendAudit({ ...row, reason: 'second' });
      expect(await tx.nextId('aud')).toBe(`aud-${FIRST_GENERATED_ID + 2}`);
    });
    await store.transaction(async (tx) => {
      expect(await tx.listAudit({ all: true })).toStrictEqual([
        { ...row, id: `aud-${FIRST_GENERATED_ID}` },
        { ...row, id: `aud-${FIRST_GENERATED_ID + 1}`, reason: 'second' },
      ]);
    });
  });

  it('returns audit rows exactly as written, oldest first, in the reader scope', async () => {
    const store = await env.open();
    const rows: AuditEvent[] = [
      auditRow('aud-1', {
        actorSub: jane.sub,
        actorRole: 'patient',
        action: 'list',
        resourceType: 'appointment',
        resourceId: null,
        patientId: null,
        timestamp: '2026-07-02T10:00:00.000Z',
      }),
      // Written later with an earlier timestamp: order is the order of writing.
      auditRow('aud-2', { timestamp: '2026-07-01T08:00:00.000Z', patientId: 'P-000001' }),
      auditRow('aud-3', { patientId: 'P-000002', resourceId: 'rec-007', outcome: 'denied', reason: '' }),
      auditRow('aud-4', {
        actorSub: PERSONAS.sam.sub,
        actorRole: 'admin',
        resourceType: 'user',
        patientId: null,
      }),
    ];
    await store.transaction(async (tx) => {
      for (const row of rows) await tx.appendAudit(row);
    });
    await store.transaction(async (tx) => {
      expect(await tx.listAudit({ all: true })).toStrictEqual(rows);
      expect(ids(await tx.listAudit({ actorSub: jane.sub, patientAccountId: jane.sub }))).toStrictEqual([
        'aud-1',
        'aud-2',
      ]);
      expect(ids(await tx.listAudit({ actorSub: jane.sub }))).toStrictEqual(['aud-1']);
      expect(ids(await tx.listAudit({ all: false, actorSub: PERSONAS.alice.sub }))).toStrictEqual([
        'aud-2',
        'aud-3',
      ]);
      expect(await tx.listAudit({ actorSub: 'nobody', patientAccountId: '' })).toStrictEqual([]);
    });
  });

  onDatabase('refuses to change or delete audit rows, whoever connects', async () => {
    const store = await env.open();
    const row = auditRow('aud-kept');
    await store.transaction((tx) => tx.appendAudit(row));
    const raw = await env.raw();
    try {
      await expect(raw.query("UPDATE audit SET reason = 'edited'")).rejects.toThrow(
        AUDIT_APPEND_ONLY_MESSAGE,
      );
      await expect(raw.query('DELETE FROM audit')).rejects.toThrow(AUDIT_APPEND_ONLY_MESSAGE);
      if (dialect === 'postgres') {
        await expect(raw.query('TRUNCATE audit')).rejects.toThrow(AUDIT_APPEND_ONLY_MESSAGE);
      }
      expect(await raw.query('SELECT id, reason FROM audit')).toStrictEqual([
        { id: 'aud-kept', reason: row.reason },
      ]);
    } finally {
      await raw.close();
    }
    expect(await store.transaction((tx) => tx.listAudit({ all: true }))).toStrictEqual([row]);
  });

  it('refuses a second user with the same e-mail, however it is written, and keeps the transaction usable', async () => {
    const store = await env.open();
    const janeAccount = await store.transaction((tx) => tx.getUser(jane.sub));
    if (!janeAccount) throw new Error('jane is not seeded');
    const twin: ManagedUser = { ...janeAccount, id: 'user-twin', email: '  JANE.DOE@example.com ' };

    await store.transaction(async (tx) => {
      await expect(tx.insertUser(twin)).rejects.toBeInstanceOf(DuplicateEmailError);
      await tx.appendAudit(
        auditRow('aud-denied', { action: 'create', resourceType: 'user', outcome: 'denied' }),
      );
    });
    await store.transaction(async (tx) => {
      const john = await tx.getUser(PERSONAS.john.sub);
      if (!john) throw new Error('john is not seeded');
      await expect(tx.replaceUser({ ...john, email: 'Jane.Doe@Example.com' })).rejects.toBeInstanceOf(
        DuplicateEmailError,
      );
      await expect(tx.insertUser({ ...john, email: 'new@example.com' })).rejects.toBeInstanceOf(
        DuplicateIdError,
      );
      expect(await tx.findUserByEmail(' JANE.DOE@EXAMPLE.COM')).toStrictEqual(janeAccount);
      expect(ids(await tx.listAudit({ all: true }))).toStrictEqual(['aud-denied']);
      expect((await tx.listUsers()).filter((u) => u.email.trim().toLowerCase() === jane.email)).toHaveLength(
        1,
      );
    });
  });

  it('adds, changes and removes users; a user keeps their address when replaced', async () => {
    const store = await env.open();
    const newcomer: ManagedUser = {
      ...seed(FIXED_NOW).users[0]!,
      id: 'user-1001',
      email: 'New.Person@example.com',
    };
    await store.transaction(async (tx) => {
      await tx.insertUser(newcomer);
      expect(await tx.replaceUser({ ...newcomer, name: 'New Name' })).toBe(true);
      expect(await tx.findUserByEmail('new.person@EXAMPLE.com')).toStrictEqual({
        ...newcomer,
        name: 'New Name',
      });
      expect((await tx.listUsers()).at(-1)?.id).toBe('user-1001');
      expect(await tx.removeUser('user-1001')).toBe(true);
      expect(await tx.findUserByEmail('new.person@example.com')).toBeUndefined();
    });
  });

  it('keeps committed data across close and reopen', async () => {
    const store = await env.open();
    await store.transaction(async (tx) => {
      await tx.insert('appointments', appointment('apt-kept', { notes: 'Still here.' }));
      await tx.appendAudit(auditRow('aud-kept'));
    });
    await store.close();
    const reopened = await env.open();
    await reopened.transaction(async (tx) => {
      expect(await tx.get('appointments', 'apt-kept')).toStrictEqual(
        appointment('apt-kept', { notes: 'Still here.' }),
      );
      expect(ids(await tx.listAudit({ all: true }))).toStrictEqual(['aud-kept']);
    });
  });

  it('close waits for running transactions, then refuses new ones', async () => {
    const store = await env.open();
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const running = store.transaction(async (tx) => {
      await gate;
      await tx.insert('appointments', appointment('apt-late'));
      return 'committed';
    });
    const closed = store.close();
    await expect(store.transaction((tx) => tx.listUsers())).rejects.toBeInstanceOf(StoreClosedError);
    release();
    await expect(running).resolves.toBe('committed');
    await closed;
    const reopened = await env.open();
    expect(await reopened.transaction((tx) => tx.get('appointments', 'apt-late'))).toBeDefined();
  });
});

describe('the SQLite file', () => {
  let root: string;
  beforeEach(async () => {
    root = await mkdtemp(join(tmpdir(), 'sentinel-sqlite-'));
  });
  afterEach(async () => {
    await rm(root, { recursive: true, force: true });
  });

  it('is created with its folder, in WAL mode', async () => {
    const dataDir = join(root, 'nested', 'data');
    const store = await openStore({ dataDir, seed: seed(FIXED_NOW) });
    await store.close();
    const raw = new SqliteDatabase(join(dataDir, SQLITE_FILE));
    try {
      expect(raw.pragma('journal_mode', { simple: true })).toBe('wal');
    } finally {
      raw.close();
    }
  });

  it("is not written for a ':memory:' store, which starts empty every time", async () => {
    const first = await openStore({ dataDir: ':memory:', seed: seed(FIXED_NOW) });
    await first.transaction((tx) => tx.insert('appointments', appointment('apt-gone')));
    await first.close();
    const second = await openStore({ dataDir: ':memory:' });
    expect(await second.transaction((tx) => tx.list('appointments'))).toStrictEqual([]);
    await second.close();
    expect(existsSync(join(process.cwd(), ':memory:'))).toBe(false);
  });
});
