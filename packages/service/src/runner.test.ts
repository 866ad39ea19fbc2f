/**
 * The route runner over the memory store, without any transport: what the server and the mock API both get.
 * The server's end-to-end tests (apps/api) and the contract suite (tests/contract) cover every route.
 */
import { describe, expect, it } from 'vitest';
import {
  fail,
  ok,
  permissionsForRole,
  type Appointment,
  type ManagedUser,
  type Result,
} from '@sentinel/domain';
import { clinicalRoutes } from './handlers/clinical';
import type { VerifiedToken } from './caller';
import { openMemoryStore } from './store/memory';
import {
  ContractDriftError,
  outsideTransaction,
  runRoute,
  type RouteImpl,
  type RouteRequest,
  type RunnerEnv,
} from './runner';

const NOW = new Date('2026-07-01T09:00:00.000Z');
const JANE = 'auth0|sentinel-patient-000001';

const patient: ManagedUser = {
  id: JANE,
  name: 'Jane Doe',
  email: 'jane@example.com',
  role: 'patient',
  lastLogin: '2026-07-01T08:00:00.000Z',
  createdDate: '2026-01-01',
  status: 'active',
  department: '',
  specialization: '',
  phone: '',
  permissions: permissionsForRole('patient'),
};

const visit: Appointment = {
  id: 'apt-001',
  patientName: 'Jane Doe',
  patientEmail: 'jane@example.com',
  doctorName: 'Dr. Alice',
  date: '2026-07-02',
  time: '09:30',
  type: 'consultation',
  status: 'scheduled',
  notes: '',
  ownerId: JANE,
};

/** Tokens are the subject itself; 'expired' is refused. */
const verify = async (authorization: string | undefined): Promise<Result<VerifiedToken>> =>
  authorization && authorization !== 'expired'
    ? ok({ sub: authorization, amr: ['pwd', 'otp'] })
    : fail('unauthorized', 'The access token is missing or invalid.');

function setUp(users: readonly ManagedUser[] = [patient]) {
  const store = openMemoryStore({ seed: { users, appointments: [visit], records: [], prescriptions: [] } });
  const env: RunnerEnv = { store, verify, now: () => NOW };
  const request = (overrides: Partial<RouteRequest> = {}): RouteRequest => ({
    authorization: JANE,
    accessToken: JANE,
    params: {},
    query: {},
    contentType: undefined,
    body: '',
    ...overrides,
  });
  const audit = () => store.transaction((tx) => tx.listAudit({ all: true }));
  return { store, env, request, audit };
}

describe('the route runner', () => {
  it("answers a patient's list from the store and writes the call's one audit row", async () => {
    const { env, request, audit } = setUp();
    const answer = await runRoute('listAppointments', clinicalRoutes.listAppointments, env, request());
    expect(answer).toMatchObject({ kind: 'json', status: 200 });
    const { items } = JSON.parse((answer as { body: string }).body) as { items: Appointment[] };
    expect(items.map((item) => item.id)).toStrictEqual([visit.id]);
    expect(await audit()).toStrictEqual([
      expect.objectContaining({
        id: 'aud-1001',
        timestamp: NOW.toISOString(),
        actorSub: JANE,
        actorRole: 'patient',
        action: 'list',
        outcome: 'allowed',
      }),
    ]);
  });

  it('refuses a token the verifier refuses with 401, before touching the store', async () => {
    const { env, request, audit } = setUp();
    const answer = await runRoute(
      'listAppointments',
      clinicalRoutes.listAppointments,
      env,
      request({ authorization: 'expired' }),
    );
    expect(answer).toMatchObject({ kind: 'json', status: 401, body: { error: 'unauthorized' } });
    expect(await audit()).toStrictEqual([]);
  });

  it('refuses a caller without the permission with 403 and audits the refusal', async () => {
    const { env, request, audit } = setUp();
    const answer = await runRoute('listUsers', async () => ok({ items: [] }), env, request());
    expect(answer).toMatchObject({ kind: 'json', status: 403, body: { error: 'forbidden' } });
    expect(await audit()).toStrictEqual([
      expect.objectContaining({ outcome: 'denied', reason: 'missing permission manage:users' }),
    ]);
  });

  it('answers 415 for a body that is not JSON, and 400 for broken JSON, without running the handler', async () => {
    const { env, request } = setUp();
    let ran = false;
    const impl: RouteImpl<'createAppointment'> = async () => {
      ran = true;
      return fail('internal', 'should not run');
    };
    const staffOnly = await runRoute(
      'createAppointment',
      impl,
      env,
      request({ body: '{', contentType: 'text/plain' }),
    );
    // A patient may not create appointments at all: the permission comes before the body.
    expect(staffOnly.status).toBe(403);
    const doctor: ManagedUser = {
      ...patient,
      id: 'doc-1',
      email: 'doc@example.com',
      role: 'doctor',
      permissions: permissionsForRole('doctor'),
    };
    const withDoctor = setUp([patient, doctor]);
    const asDoctor = { authorization: 'doc-1', accessToken: 'doc-1' };
    const wrongType = await runRoute(
      'createAppointment',
      impl,
      withDoctor.env,
      withDoctor.request({ ...asDoctor, body: '{}', contentType: 'text/plain' }),
    );
    expect(wrongType).toMatchObject({ status: 415, body: { error: 'unsupported_media_type' } });
    const broken = await runRoute(
      'createAppointment',
      impl,
      withDoctor.env,
      withDoctor.request({ ...asDoctor, body: '{', contentType: 'application/json; charset=utf-8' }),
    );
    expect(broken).toMatchObject({ status: 400, body: { error: 'invalid_input' } });
    expect(ran).toBe(false);
  });

  it("rolls back the handler's change when its answer breaks the contract", async () => {
    const { store, env, request, audit } = setUp();
    const drifting: RouteImpl<'listAppointments'> = async ({ tx }) => {
      await tx.remove('appointments', 'apt-001');
      return ok({ items: [{ id: 'not an appointment' }] } as never);
    };
    await expect(runRoute('listAppointments', drifting, env, request())).rejects.toBeInstanceOf(
      ContractDriftError,
    );
    expect(await store.transaction((tx) => tx.get('appointments', 'apt-001'))).toStrictEqual(visit);
    expect(await audit()).toStrictEqual([]);
  });

  it('runs outside work after the checks commit, then audits it in a second transaction with its headers', async () => {
    const { env, request, audit } = setUp();
    const order: string[] = [];
    const impl: RouteImpl<'listAppointments'> = async ({ header }) => {
      header('Retry-After', '30');
      order.push('checked');
      return ok(
        outsideTransaction(async (auditAfter) => {
          order.push('outside');
          auditAfter({ reason: 'looked elsewhere' });
          return fail('rate_limited', 'Too many requests.');
        }),
      );
    };
    const answer = await runRoute('listAppointments', impl, env, request());
    expect(order).toStrictEqual(['checked', 'outside']);
    expect(answer).toMatchObject({ status: 429, headers: { 'Retry-After': '30' } });
    expect(await audit()).toStrictEqual([
      expect.objectContaining({ outcome: 'denied', reason: 'looked elsewhere' }),
    ]);
  });

  it('refuses a caller whose account is gone or not active', async () => {
    const { env, request } = setUp([{ ...patient, status: 'suspended' }]);
    const answer = await runRoute('listAppointments', clinicalRoutes.listAppointments, env, request());
    expect(answer).toMatchObject({ status: 401, body: { message: 'This account is suspended.' } });
    const nobody = await runRoute(
      'listAppointments',
      clinicalRoutes.listAppointments,
      env,
      request({ authorization: 'ghost' }),
    );
    expect(nobody).toMatchObject({ status: 401, body: { message: 'This account no longer exists.' } });
  });
});
