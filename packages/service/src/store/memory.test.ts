/**
 * The memory store's own promises. What every store promises alike (order, owners, ids, e-mails, the audit
 * trail, rollback of items) is the store suite's, run on all three stores: apps/api/src/store/store.test.ts.
 * This file covers the rest of the tables, rollback of each, and what only the memory store does.
 */
import { describe, expect, it } from 'vitest';
import type { Appointment, EmergencyGrant, ManagedUser } from '@sentinel/domain';
import type { ApprovalRequest, CalendarScope } from '@sentinel/domain/contract';
import { DuplicateEmailError, DuplicateIdError, StoreClosedError } from './errors';
import {
  createMemoryData,
  memoryDataFrom,
  memoryRowsOf,
  memoryTableOf,
  openMemoryStore,
  writeMemoryData,
} from './memory';
import type { Store, StoreSeed } from './types';

const JANE = 'auth0|sentinel-patient-000001';
const DOCTOR = 'auth0|sentinel-doctor-000001';

const user = (id: string, email: string, role: ManagedUser['role'] = 'patient'): ManagedUser => ({
  id,
  name: `User ${id}`,
  email,
  role,
  lastLogin: '2026-07-01T09:00:00.000Z',
  createdDate: '2026-01-01',
  status: 'active',
  department: '',
  specialization: '',
  phone: '',
  permissions: [],
});

const appointment = (id: string, overrides: Partial<Appointment> = {}): Appointment => ({
  id,
  patientName: 'Jane Doe',
  patientEmail: 'jane@example.com',
  doctorName: 'Dr. Alice',
  date: '2026-07-02',
  time: '09:30',
  type: 'consultation',
  status: 'scheduled',
  notes: '',
  ownerId: JANE,
  ...overrides,
});

const approval = (id: string, approverSub = DOCTOR): ApprovalRequest => ({
  id,
  tool: 'prescription_async_auth',
  action: 'prescribe',
  status: 'pending',
  requestedBy: approverSub,
  approverSub,
  patientId: 'P-000001',
  summary: 'Metformin 500 mg, Twice daily, for Jane Doe',
  prescription: {
    patientName: 'Jane Doe',
    patientEmail: 'jane@example.com',
    medication: 'Metformin',
    dosage: '500 mg',
    frequency: '',
    duration: '30 days',
    instructions: '',
    refillsAllowed: 0,
  },
  createdAt: '2026-07-01T09:00:00.000Z',
  expiresAt: '2026-07-02T09:00:00.000Z',
  decidedAt: null,
  prescriptionId: null,
});

const grant = (id: string, clinicianSub = DOCTOR): EmergencyGrant => ({
  id,
  ownerId: JANE,
  patientId: 'P-000001',
  clinicianSub,
  reason: 'Unconscious in the emergency room.',
  grantedAt: '2026-07-01T09:00:00.000Z',
  expiresAt: '2026-07-01T10:00:00.000Z',
});

const SEED: StoreSeed = {
  users: [user(JANE, 'jane@example.com'), user(DOCTOR, 'alice@example.com', 'doctor')],
  appointments: [appointment('apt-001')],
  records: [],
  prescriptions: [],
  careTeam: [{ ownerId: JANE, clinicianSub: DOCTOR }],
};

/** An audit row of the doctor reading Jane's appointment. */
const DOCTOR_READS_APT_001 = {
  timestamp: '2026-07-01T09:00:00.000Z',
  actorSub: DOCTOR,
  actorRole: 'doctor',
  action: 'read',
  resourceType: 'appointment',
  resourceId: 'apt-001',
  patientId: 'P-000001',
  outcome: 'allowed',
  reason: 'allowed',
} as const;

const seeded = (): Store => openMemoryStore({ seed: SEED });

describe('the memory store', () => {
  it('names its dialect and answers a ping until it is closed', async () => {
    const store = seeded();
    expect(store.dialect).toBe('memory');
    await expect(store.ping()).resolves.toBeUndefined();
    await store.close();
    await expect(store.ping()).rejects.toBeInstanceOf(StoreClosedError);
    await expect(store.transaction((tx) => tx.listUsers())).rejects.toBeInstanceOf(StoreClosedError);
  });

  it('hands out copies: changing a returned item changes nothing stored', async () => {
    const store = seeded();
    await store.transaction(async (tx) => {
      const listed = await tx.list('appointments');
      listed[0]!.notes = 'changed in the caller';
      const got = await tx.get('appointments', 'apt-001');
      got!.status = 'cancelled';
      (await tx.getUser(JANE))!.name = 'Someone Else';
    });
    await store.transaction(async (tx) => {
      expect(await tx.get('appointments', 'apt-001')).toStrictEqual(appointment('apt-001'));
      expect((await tx.getUser(JANE))?.name).toBe(`User ${JANE}`);
    });
  });

  it('keeps approval requests per approver, oldest first, and replaces them in place', async () => {
    const store = seeded();
    await store.transaction(async (tx) => {
      await tx.insertApproval(approval('apr-1'));
      await tx.insertApproval(approval('apr-2', 'someone-else'));
      await tx.insertApproval(approval('apr-3'));
      await expect(tx.insertApproval(approval('apr-1'))).rejects.toBeInstanceOf(DuplicateIdError);
      expect(await tx.replaceApproval({ ...approval('apr-1'), status: 'approved' })).toBe(true);
      expect(await tx.replaceApproval(approval('apr-404'))).toBe(false);
    });
    await store.transaction(async (tx) => {
      expect((await tx.listApprovals(DOCTOR)).map((a) => [a.id, a.status])).toStrictEqual([
        ['apr-1', 'approved'],
        ['apr-3', 'pending'],
      ]);
      expect(await tx.getApproval('apr-2')).toStrictEqual(approval('apr-2', 'someone-else'));
      expect(await tx.getApproval('apr-404')).toBeUndefined();
    });
  });

  it('records, replaces and removes calendar connections', async () => {
    const store = seeded();
    await store.transaction(async (tx) => {
      const scopes: CalendarScope[] = ['calendar:read'];
      await tx.putVaultConnection({ sub: JANE, scopes, connectedAt: '2026-07-01T09:00:00.000Z' });
      scopes.push('calendar:write');
      expect((await tx.getVaultConnection(JANE))?.scopes).toStrictEqual(['calendar:read']);
      await tx.putVaultConnection({ sub: JANE, scopes, connectedAt: '2026-07-01T10:00:00.000Z' });
    });
    await store.transaction(async (tx) => {
      expect(await tx.getVaultConnection(JANE)).toStrictEqual({
        sub: JANE,
        scopes: ['calendar:read', 'calendar:write'],
        connectedAt: '2026-07-01T10:00:00.000Z',
      });
      expect(await tx.removeVaultConnection(JANE)).toBe(true);
      expect(await tx.removeVaultConnection(JANE)).toBe(false);
      expect(await tx.getVaultConnection(JANE)).toBeUndefined();
    });
  });

  it('lists care teams by owner then clinician, once per pair', async () => {
    const store = seeded();
    await store.transaction(async (tx) => {
      await tx.insertCareTeamAssignment({ ownerId: 'patient-b', clinicianSub: 'doctor-z' });
      await tx.insertCareTeamAssignment({ ownerId: 'patient-b', clinicianSub: 'doctor-a' });
      await tx.insertCareTeamAssignment({ ownerId: JANE, clinicianSub: DOCTOR });
    });
    await store.transaction(async (tx) => {
      expect(await tx.listCareTeam()).toStrictEqual([
        { ownerId: JANE, clinicianSub: DOCTOR },
        { ownerId: 'patient-b', clinicianSub: 'doctor-a' },
        { ownerId: 'patient-b', clinicianSub: 'doctor-z' },
      ]);
      expect(await tx.listCareTeam('patient-b')).toHaveLength(2);
      expect(await tx.listCareTeam('nobody')).toStrictEqual([]);
    });
  });

  it("keeps break-the-glass grants oldest first, with the display id of the patient's account", async () => {
    const store = seeded();
    await store.transaction(async (tx) => {
      await tx.insertEmergencyGrant({ ...grant('eg-1'), patientId: 'P-WRONG' });
      await tx.insertEmergencyGrant(grant('eg-2', 'another-doctor'));
      await expect(tx.insertEmergencyGrant(grant('eg-1'))).rejects.toBeInstanceOf(DuplicateIdError);
    });
    await store.transaction(async (tx) => {
      expect(await tx.listEmergencyGrants()).toStrictEqual([grant('eg-1'), grant('eg-2', 'another-doctor')]);
      expect((await tx.listEmergencyGrants(DOCTOR)).map((g) => g.id)).toStrictEqual(['eg-1']);
    });
  });

  it('leaves no change in any table when the work throws', async () => {
    const store = seeded();
    const before = await store.transaction(async (tx) => ({
      users: await tx.listUsers(),
      careTeam: await tx.listCareTeam(),
    }));
    const failure = new Error('failed after writing everywhere');
    await expect(
      store.transaction(async (tx) => {
        await tx.insertUser(user('user-new', 'new@example.com'));
        expect(await tx.removeUser(DOCTOR)).toBe(true);
        await tx.insertApproval(approval('apr-1'));
        await tx.putVaultConnection({
          sub: JANE,
          scopes: ['calendar:read'],
          connectedAt: '2026-07-01T09:00:00.000Z',
        });
        await tx.insertCareTeamAssignment({ ownerId: 'patient-b', clinicianSub: DOCTOR });
        await tx.insertEmergencyGrant(grant('eg-1'));
        expect(await tx.remove('appointments', 'apt-001')).toBe(true);
        await tx.appendAudit(DOCTOR_READS_APT_001);
        throw failure;
      }),
    ).rejects.toBe(failure);
    await store.transaction(async (tx) => {
      expect(await tx.listUsers()).toStrictEqual(before.users);
      expect(await tx.listCareTeam()).toStrictEqual(before.careTeam);
      expect(await tx.getApproval('apr-1')).toBeUndefined();
      expect(await tx.getVaultConnection(JANE)).toBeUndefined();
      expect(await tx.listEmergencyGrants()).toStrictEqual([]);
      expect(await tx.get('appointments', 'apt-001')).toStrictEqual(appointment('apt-001'));
      expect(await tx.listAudit({ all: true })).toStrictEqual([]);
      expect(await tx.nextId('aud')).toBe('aud-1001');
    });
  });

  it('runs transactions one after another, each seeing what the one before committed', async () => {
    const store = seeded();
    const seen: string[] = [];
    await Promise.all(
      ['apt-a', 'apt-b', 'apt-c'].map((id) =>
        store.transaction(async (tx) => {
          const count = (await tx.list('appointments')).length;
          // A pause inside the work: a store that interleaved transactions would count the same items twice.
          await new Promise((resolve) => setTimeout(resolve, 1));
          await tx.insert('appointments', appointment(id));
          seen.push(`${id}:${count}`);
        }),
      ),
    );
    expect(seen).toStrictEqual(['apt-a:1', 'apt-b:2', 'apt-c:3']);
  });

  it('refuses an audit row whose given id is taken', async () => {
    const store = seeded();
    const row = {
      id: 'aud-1',
      timestamp: '2026-07-01T09:00:00.000Z',
      actorSub: JANE,
      actorRole: 'patient',
      action: 'list',
      resourceType: 'appointment',
      resourceId: null,
      patientId: null,
      outcome: 'allowed',
      reason: 'allowed',
    } as const;
    await store.transaction((tx) => tx.appendAudit(row));
    await expect(store.transaction((tx) => tx.appendAudit(row))).rejects.toBeInstanceOf(DuplicateIdError);
    expect(await store.transaction((tx) => tx.listAudit({ all: true }))).toStrictEqual([row]);
  });

  it('seeds data only while it holds no users, so a store opened again keeps what was committed', async () => {
    const data = createMemoryData();
    const first = openMemoryStore({ data, seed: SEED });
    await first.transaction((tx) => tx.remove('appointments', 'apt-001'));
    await first.close();
    const again = openMemoryStore({ data, seed: SEED });
    expect(await again.transaction((tx) => tx.list('appointments'))).toStrictEqual([]);
    const empty = openMemoryStore();
    expect(await empty.transaction((tx) => tx.listUsers())).toStrictEqual([]);
  });

  it('seeds 10,000 users in one pass, and refuses a seed whose e-mails clash, storing none of it', async () => {
    const many = Array.from({ length: 10_000 }, (_, i) => user(`auth0|bulk-${i}`, `person${i}@example.com`));
    const big = createMemoryData();
    openMemoryStore({ data: big, seed: { ...SEED, users: many } });
    expect(big.tables.users.size).toBe(10_000);
    const clash = createMemoryData();
    const twins = [user('auth0|a', 'same@example.com'), user('auth0|b', ' SAME@example.com')];
    expect(() => openMemoryStore({ data: clash, seed: { ...SEED, users: twins } })).toThrow(
      DuplicateEmailError,
    );
    expect(clash.tables.users.size).toBe(0);
  });
});

describe('the rows of memory data, from and to plain values', () => {
  it('gives back what a store committed, in list order, with the counters and audit owners', async () => {
    const data = createMemoryData();
    const store = openMemoryStore({ data, seed: SEED });
    await store.transaction(async (tx) => {
      await tx.insertApproval(approval('apr-1'));
      await tx.putVaultConnection({
        sub: JANE,
        scopes: ['calendar:read'],
        connectedAt: '2026-07-01T09:00:00.000Z',
      });
      await tx.insertEmergencyGrant(grant('eg-1'));
      await tx.appendAudit(DOCTOR_READS_APT_001);
    });
    const rows = memoryRowsOf(data);
    expect(rows.appointments).toStrictEqual([appointment('apt-001')]);
    expect(rows.users.map((u) => u.id)).toStrictEqual(SEED.users.map((u) => u.id));
    expect(rows.approvals).toStrictEqual([approval('apr-1')]);
    expect(rows.vault).toStrictEqual([
      { sub: JANE, scopes: ['calendar:read'], connectedAt: '2026-07-01T09:00:00.000Z' },
    ]);
    expect(rows.grants.map((g) => g.id)).toStrictEqual(['eg-1']);
    expect([...rows.counters]).toStrictEqual([['aud', 1001]]);
    // The audit row belongs to the owner of the appointment it names.
    expect(rows.audit.map((row) => [row.event.id, row.patientAccountId])).toStrictEqual([['aud-1001', JANE]]);
  });

  it('opens a store on rows that sees exactly them, and changing the rows afterwards changes nothing', async () => {
    const rows = memoryRowsOf(
      (() => {
        const data = createMemoryData();
        openMemoryStore({ data, seed: SEED });
        return data;
      })(),
    );
    const users = [...rows.users];
    const data = memoryDataFrom({ ...rows, users, counters: new Map([['apt', 1005]]) });
    users.pop();
    const store = openMemoryStore({ data });
    expect(await store.transaction((tx) => tx.listUsers())).toStrictEqual(rows.users);
    expect(await store.transaction((tx) => tx.nextId('apt'))).toBe('apt-1006');
    expect(memoryRowsOf(data).appointments).toStrictEqual(rows.appointments);
  });
});

describe('one table of memory data, and synchronous writes (the mock API’s reads and seeds)', () => {
  it('reads one table as copies in list order, the same rows memoryRowsOf gives for it', async () => {
    const data = createMemoryData();
    await openMemoryStore({ data, seed: SEED }).transaction((tx) => tx.insertApproval(approval('apr-1')));
    expect(memoryTableOf(data, 'users')).toStrictEqual(memoryRowsOf(data).users);
    expect(memoryTableOf(data, 'approvals')).toStrictEqual([approval('apr-1')]);
    const read = memoryTableOf(data, 'appointments');
    (read[0] as { status: string }).status = 'changed by the reader';
    expect(memoryTableOf(data, 'appointments')[0]?.status).not.toBe('changed by the reader');
  });

  it('commits what a synchronous write did, with no audit row, and the next transaction sees it', async () => {
    const data = createMemoryData();
    const store = openMemoryStore({ data, seed: SEED });
    const id = writeMemoryData(data, (ops) => {
      ops.insertApproval(approval('apr-1'));
      return ops.nextId('apr');
    });
    expect(id).toBe('apr-1001');
    expect(memoryTableOf(data, 'audit')).toStrictEqual([]);
    expect(
      await store.transaction(async (tx) => [await tx.getApproval('apr-1'), await tx.nextId('apr')]),
    ).toStrictEqual([approval('apr-1'), 'apr-1002']);
  });

  it('leaves the data as it was when a synchronous write throws: rows and ids', () => {
    const data = createMemoryData();
    openMemoryStore({ data, seed: SEED });
    const before = memoryRowsOf(data);
    expect(() =>
      writeMemoryData(data, (ops) => {
        ops.nextId('apr');
        ops.insertApproval(approval('apr-1'));
        ops.insertApproval(approval('apr-1'));
      }),
    ).toThrow(DuplicateIdError);
    expect(memoryRowsOf(data)).toStrictEqual(before);
  });
});
