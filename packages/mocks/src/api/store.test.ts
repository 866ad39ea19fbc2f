/**
 * The two faces of the mock API's store: the runner's transactions (@sentinel/service's memory store) and the
 * synchronous view stories and tests read and seed.
 */
import { loadKnowledge } from '@sentinel/knowledge/node';
import { describe, expect, it } from 'vitest';
import { FIXED_NOW, seed, PERSONAS } from '@sentinel/demo-data';
import { createStore } from './store';

const knowledge = () => {
  const loaded = loadKnowledge();
  if (!loaded.ok) throw new Error(loaded.error.message);
  return loaded.value;
};
const fresh = () => createStore(seed(FIXED_NOW), FIXED_NOW, knowledge);
const JANE = PERSONAS.jane.sub;

describe('the mock store', () => {
  it('shows what a transaction committed in the same arrays the view handed out', async () => {
    const { store, backing } = fresh();
    const appointments = store.appointments;
    const first = appointments[0]!;
    await backing.transaction(async (tx) => {
      await tx.replace('appointments', { ...first, status: 'confirmed' });
      await tx.remove('appointments', appointments[1]!.id);
    });
    expect(store.appointments).toBe(appointments);
    expect(store.appointments[0]?.status).toBe('confirmed');
    expect(store.appointments).toHaveLength(seed(FIXED_NOW).appointments.length - 1);
  });

  it('leaves the view as it was when a transaction fails: data, audit rows and ids', async () => {
    const { store, backing } = fresh();
    const before = structuredClone({ records: store.records, audit: store.audit });
    const failing = backing.transaction(async (tx) => {
      await tx.insert('records', { ...store.records[0]!, id: await tx.nextId('rec') });
      await tx.appendAudit({ ...auditRow(), reason: 'never committed' });
      throw new Error('the handler broke');
    });
    await expect(failing).rejects.toThrow('the handler broke');
    expect({ records: store.records, audit: store.audit }).toStrictEqual(before);
    expect(store.nextId('rec')).toBe('rec-1001');
  });

  it('gives the next transaction what a story or test put into the view by hand', async () => {
    const { store, backing } = fresh();
    const jane = store.users.find((user) => user.id === JANE)!;
    store.users.push({ ...jane, id: 'user-twin', email: 'twin@example.com' });
    store.calendarConnections.set(JANE, { scopes: ['calendar:read'], connectedAt: FIXED_NOW.toISOString() });
    const seen = await backing.transaction(async (tx) => ({
      twin: await tx.getUser('user-twin'),
      connection: await tx.getVaultConnection(JANE),
    }));
    expect(seen.twin?.email).toBe('twin@example.com');
    expect(seen.connection?.scopes).toStrictEqual(['calendar:read']);
  });

  it('sees an item replaced or removed in the view after a transaction, and an id drawn by hand', async () => {
    const { store, backing } = fresh();
    await backing.transaction((tx) => tx.nextId('rec'));
    const index = store.users.findIndex((user) => user.id === JANE);
    store.users[index] = { ...store.users[index]!, status: 'suspended' };
    store.records.pop();
    expect(store.nextId('rec')).toBe('rec-1002');
    const seen = await backing.transaction(async (tx) => ({
      jane: await tx.getUser(JANE),
      records: (await tx.list('records')).length,
      next: await tx.nextId('rec'),
    }));
    expect(seen).toStrictEqual({
      jane: expect.objectContaining({ status: 'suspended' }),
      records: seed(FIXED_NOW).records.length - 1,
      next: 'rec-1003',
    });
  });

  it('counts ids once across the view and the transactions', async () => {
    const { store, backing } = fresh();
    expect(store.nextId('aud')).toBe('aud-1001');
    await backing.transaction(async (tx) => tx.appendAudit(auditRow()));
    expect(store.audit.map((row) => row.id)).toStrictEqual(['aud-1002']);
    expect(store.nextId('aud')).toBe('aud-1003');
  });

  it('runs one transaction at a time, each starting from what the one before committed', async () => {
    const { store, backing } = fresh();
    const draw = () => backing.transaction((tx) => tx.nextId('apt'));
    expect(await Promise.all([draw(), draw(), draw()])).toStrictEqual(['apt-1001', 'apt-1002', 'apt-1003']);
    expect(store.nextId('apt')).toBe('apt-1004');
  });

  it('starts again from the seed on reset: data, audit rows and id counters', async () => {
    const { store, backing, reset } = fresh();
    await backing.transaction(async (tx) => {
      await tx.appendAudit(auditRow());
      await tx.remove('records', store.records[0]!.id);
    });
    reset();
    expect(store.records).toStrictEqual(seed(FIXED_NOW).records);
    expect(store.audit).toStrictEqual([]);
    expect(store.nextId('aud')).toBe('aud-1001');
  });
});

function auditRow() {
  return {
    timestamp: FIXED_NOW.toISOString(),
    actorSub: JANE,
    actorRole: 'patient' as const,
    action: 'list' as const,
    resourceType: 'appointment' as const,
    resourceId: null,
    patientId: null,
    outcome: 'allowed' as const,
    reason: 'allowed',
  };
}
