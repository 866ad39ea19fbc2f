/**
 * The store's care-team assignments and break-the-glass grants (REQ-rec, record confidentiality): a new store
 * is seeded with the assignments, grants come back as written (per doctor or all, oldest first), and a grant id
 * is never written twice. SQLite in memory; the contract tests run the same calls on PostgreSQL.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, Migrator, SqliteDialect } from 'kysely';
import { patientIdFor, type EmergencyGrant } from '@sentinel/domain';
import { FIXED_NOW, PERSONAS, seed } from '@sentinel/demo-data';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DuplicateIdError } from './errors';
import { SQLITE_FILE, openStore } from './index';
import { migrationProvider } from './migrations';
import type { Store } from './types';

const grant = (id: string, clinicianSub: string): EmergencyGrant => ({
  id,
  ownerId: PERSONAS.jane.sub,
  patientId: patientIdFor(PERSONAS.jane.sub),
  clinicianSub,
  reason: 'Unconscious in the emergency room',
  grantedAt: '2026-11-02T10:00:00.000Z',
  expiresAt: '2026-11-02T11:00:00.000Z',
});

let store: Store;
beforeEach(async () => {
  store = await openStore({ dataDir: ':memory:', seed: seed(FIXED_NOW) });
});
afterEach(async () => {
  await store.close();
});

describe('record confidentiality in the store', () => {
  it('seeds each patient’s assigned doctor', async () => {
    const team = await store.transaction((tx) => tx.listCareTeam());
    expect(team).toEqual(
      expect.arrayContaining([
        { ownerId: PERSONAS.jane.sub, clinicianSub: PERSONAS.alice.sub },
        { ownerId: PERSONAS.john.sub, clinicianSub: PERSONAS.ben.sub },
      ]),
    );
    expect(team).toHaveLength(2);
  });

  it('keeps an assignment once, however often it is written', async () => {
    const again = { ownerId: PERSONAS.jane.sub, clinicianSub: PERSONAS.alice.sub };
    await store.transaction((tx) => tx.insertCareTeamAssignment(again));
    expect(await store.transaction((tx) => tx.listCareTeam())).toHaveLength(2);
  });

  it('gives grants back as written, all or one doctor’s, oldest first', async () => {
    await store.transaction(async (tx) => {
      await tx.insertEmergencyGrant(grant('eg-1', PERSONAS.ben.sub));
      await tx.insertEmergencyGrant(grant('eg-2', PERSONAS.alice.sub));
    });
    const all = await store.transaction((tx) => tx.listEmergencyGrants());
    expect(all).toEqual([grant('eg-1', PERSONAS.ben.sub), grant('eg-2', PERSONAS.alice.sub)]);
    const bens = await store.transaction((tx) => tx.listEmergencyGrants(PERSONAS.ben.sub));
    expect(bens.map((g) => g.id)).toEqual(['eg-1']);
  });

  it('refuses a second grant with the same id and keeps the first', async () => {
    await store.transaction((tx) => tx.insertEmergencyGrant(grant('eg-1', PERSONAS.ben.sub)));
    await expect(
      store.transaction((tx) => tx.insertEmergencyGrant(grant('eg-1', PERSONAS.alice.sub))),
    ).rejects.toBeInstanceOf(DuplicateIdError);
    const all = await store.transaction((tx) => tx.listEmergencyGrants());
    expect(all.map((g) => g.clinicianSub)).toEqual([PERSONAS.ben.sub]);
  });
});

describe('a store from before care teams were keyed on the account (migration 0008)', () => {
  let dataDir: string;
  beforeEach(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'sentinel-care-team-'));
  });
  afterEach(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  /** The store as release 0007 left it: the users (with a twin of Jane's display id) and rows keyed on 'P-'. */
  async function storeAt0007(twinId: string) {
    const database = new SqliteDatabase(join(dataDir, SQLITE_FILE));
    const db = new Kysely<unknown>({ dialect: new SqliteDialect({ database }) });
    try {
      const { error } = await new Migrator({ db, provider: migrationProvider('sqlite') }).migrateTo(
        '0007_audit_patient_accounts',
      );
      if (error) throw error instanceof Error ? error : new Error(String(error));
      const jane = seed(FIXED_NOW).users.find((u) => u.id === PERSONAS.jane.sub)!;
      const users = [...seed(FIXED_NOW).users, { ...jane, id: twinId, email: 'toni.twin@example.com' }];
      const insertUser = database.prepare('INSERT INTO users (id, email_norm, data) VALUES (?, ?, ?)');
      for (const user of users) insertUser.run(user.id, user.email.toLowerCase(), JSON.stringify(user));
      const insertTeam = database.prepare('INSERT INTO care_team (patient_id, clinician_sub) VALUES (?, ?)');
      insertTeam.run(patientIdFor(PERSONAS.jane.sub), PERSONAS.alice.sub);
      insertTeam.run(patientIdFor(PERSONAS.john.sub), PERSONAS.ben.sub);
      insertTeam.run('P-999999', PERSONAS.alice.sub);
      const insertGrant = database.prepare(
        'INSERT INTO emergency_access (id, patient_id, clinician_sub, reason, granted_at, expires_at) VALUES (?, ?, ?, ?, ?, ?)',
      );
      for (const [id, patientId] of [
        ['eg-jane-or-twin', patientIdFor(PERSONAS.jane.sub)],
        ['eg-john', patientIdFor(PERSONAS.john.sub)],
      ] as const) {
        const g = grant(id, PERSONAS.alice.sub);
        insertGrant.run(id, patientId, g.clinicianSub, g.reason, g.grantedAt, g.expiresAt);
      }
    } finally {
      await db.destroy();
    }
  }

  it('keys each row on the one patient account of its patient id, and drops a shared or unknown one', async () => {
    const twinId = `google-oauth2|twin-${PERSONAS.jane.sub.slice(-6)}`;
    expect(patientIdFor(twinId)).toBe(patientIdFor(PERSONAS.jane.sub));
    await storeAt0007(twinId);

    const migrated = await openStore({ dataDir });
    try {
      await migrated.transaction(async (tx) => {
        expect(await tx.listCareTeam()).toStrictEqual([
          { ownerId: PERSONAS.john.sub, clinicianSub: PERSONAS.ben.sub },
        ]);
        expect(await tx.listEmergencyGrants()).toStrictEqual([
          { ...grant('eg-john', PERSONAS.alice.sub), ownerId: PERSONAS.john.sub, patientId: 'P-000002' },
        ]);
      });
    } finally {
      await migrated.close();
    }
  });

  it('keeps an assignment whose patient id is one account’s, now under that account', async () => {
    await storeAt0007('google-oauth2|someone-else-999998');
    const migrated = await openStore({ dataDir });
    try {
      const team = await migrated.transaction((tx) => tx.listCareTeam());
      expect(team).toStrictEqual([
        { ownerId: PERSONAS.jane.sub, clinicianSub: PERSONAS.alice.sub },
        { ownerId: PERSONAS.john.sub, clinicianSub: PERSONAS.ben.sub },
      ]);
    } finally {
      await migrated.close();
    }
  });
});
