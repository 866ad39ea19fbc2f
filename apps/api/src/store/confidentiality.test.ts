/**
 * The store's care-team assignments and break-the-glass grants (issue 15, record confidentiality): a new store
 * is seeded with the assignments, grants come back as written (per doctor or all, oldest first), and a grant id
 * is never written twice. SQLite in memory; the contract tests run the same calls on PostgreSQL.
 */
import { patientIdFor, type EmergencyGrant } from '@sentinel/domain';
import { FIXED_NOW, PERSONAS, seed } from '@sentinel/mocks/seed';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DuplicateIdError } from './errors';
import { openStore } from './index';
import type { Store } from './types';

const grant = (id: string, clinicianSub: string): EmergencyGrant => ({
  id,
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
        { patientId: patientIdFor(PERSONAS.jane.sub), clinicianSub: PERSONAS.alice.sub },
        { patientId: patientIdFor(PERSONAS.john.sub), clinicianSub: PERSONAS.ben.sub },
      ]),
    );
    expect(team).toHaveLength(2);
  });

  it('keeps an assignment once, however often it is written', async () => {
    const again = { patientId: patientIdFor(PERSONAS.jane.sub), clinicianSub: PERSONAS.alice.sub };
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
