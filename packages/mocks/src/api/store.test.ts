/**
 * The mock API's store: the runner's transactions (@sentinel/service's memory store), the read-only view of
 * what they committed, and the seed path stories and tests write extra rows through.
 */
import { DuplicateIdError } from '@sentinel/service';
import { describe, expect, it } from 'vitest';
import { FIXED_NOW, seed, PERSONAS } from '@sentinel/demo-data';
import { createStore } from './store';

const fresh = () => createStore(seed(FIXED_NOW), FIXED_NOW);
const JANE = PERSONAS.jane.sub;

describe('the mock store', () => {
  it('shows what a transaction committed on the next read', async () => {
    const { store, backing } = fresh();
    const [first, second] = store.appointments;
    await backing.transaction(async (tx) => {
      await tx.replace('appointments', { ...first!, status: 'confirmed' });
      await tx.remove('appointments', second!.id);
    });
    expect(store.appointments[0]?.status).toBe('confirmed');
    expect(store.appointments).toHaveLength(seed(FIXED_NOW).appointments.length - 1);
  });

  it('hands out copies: changing what a read gave changes nothing stored', () => {
    const { store } = fresh();
    const users = store.users as unknown as { status: string }[];
    users[0]!.status = 'suspended';
    users.pop();
    expect(store.users).toStrictEqual(seed(FIXED_NOW).users);
  });

  it('leaves everything as it was when a transaction fails: data, audit rows and ids', async () => {
    const { store, backing } = fresh();
    const before = { records: store.records, audit: store.audit };
    const failing = backing.transaction(async (tx) => {
      await tx.insert('records', { ...store.records[0]!, id: await tx.nextId('rec') });
      await tx.appendAudit({ ...auditRow(), reason: 'never committed' });
      throw new Error('the handler broke');
    });
    await expect(failing).rejects.toThrow('the handler broke');
    expect({ records: store.records, audit: store.audit }).toStrictEqual(before);
    expect(store.seed((ops) => ops.nextId('rec'))).toBe('rec-1001');
  });

  it('gives the next transaction what a story or test seeded, with no audit row for the seed', async () => {
    const { store, backing } = fresh();
    const jane = store.users.find((user) => user.id === JANE)!;
    store.seed((ops) => {
      ops.insertUser({ ...jane, id: 'user-twin', email: 'twin@example.com' });
      ops.replaceUser({ ...jane, status: 'suspended' });
      ops.putVaultConnection({ sub: JANE, scopes: ['calendar:read'], connectedAt: FIXED_NOW.toISOString() });
    });
    const seen = await backing.transaction(async (tx) => ({
      twin: await tx.getUser('user-twin'),
      jane: await tx.getUser(JANE),
      connection: await tx.getVaultConnection(JANE),
    }));
    expect(seen.twin?.email).toBe('twin@example.com');
    expect(seen.jane?.status).toBe('suspended');
    expect(seen.connection?.scopes).toStrictEqual(['calendar:read']);
    expect(store.calendarConnections.get(JANE)).toStrictEqual({
      scopes: ['calendar:read'],
      connectedAt: FIXED_NOW.toISOString(),
    });
    expect(store.audit).toStrictEqual([]);
  });

  it('writes a seed all or nothing: one that throws leaves no row and no id drawn', () => {
    const { store } = fresh();
    const jane = store.users.find((user) => user.id === JANE)!;
    expect(() =>
      store.seed((ops) => {
        ops.nextId('usr');
        ops.insertUser({ ...jane, id: 'user-twin', email: 'twin@example.com' });
        ops.insert('records', store.records[0]!);
      }),
    ).toThrow(DuplicateIdError);
    expect(store.users.some((user) => user.id === 'user-twin')).toBe(false);
    expect(store.seed((ops) => ops.nextId('usr'))).toBe('usr-1001');
  });

  it('counts ids once across seeds and transactions', async () => {
    const { store, backing } = fresh();
    expect(store.seed((ops) => ops.nextId('aud'))).toBe('aud-1001');
    await backing.transaction(async (tx) => tx.appendAudit(auditRow()));
    expect(store.audit.map((row) => row.id)).toStrictEqual(['aud-1002']);
    expect(store.seed((ops) => ops.nextId('aud'))).toBe('aud-1003');
  });

  it('runs one transaction at a time, each starting from what the one before committed', async () => {
    const { store, backing } = fresh();
    const draw = () => backing.transaction((tx) => tx.nextId('apt'));
    expect(await Promise.all([draw(), draw(), draw()])).toStrictEqual(['apt-1001', 'apt-1002', 'apt-1003']);
    expect(store.seed((ops) => ops.nextId('apt'))).toBe('apt-1004');
  });

  it('starts again from the seed on reset: data, audit rows, id counters and the calendar’s events', async () => {
    const { store, backing, reset } = fresh();
    await backing.transaction(async (tx) => {
      await tx.appendAudit(auditRow());
      await tx.remove('records', store.records[0]!.id);
    });
    store.calendarEvents.set(JANE, []);
    reset();
    expect(store.records).toStrictEqual(seed(FIXED_NOW).records);
    expect(store.audit).toStrictEqual([]);
    expect(store.calendarEvents.size).toBe(0);
    expect(store.seed((ops) => ops.nextId('aud'))).toBe('aud-1001');
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
