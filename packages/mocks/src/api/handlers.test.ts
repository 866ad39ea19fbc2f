import { ROUTE_NAMES } from '@sentinel/domain/contract';
import { loadKnowledge } from '@sentinel/knowledge/node';
import { describe, expect, it } from 'vitest';
import { FIXED_NOW, seed, PERSONAS } from '@sentinel/demo-data';
import { createMockApi } from './handlers';
import { BASE_URL, call, useMockApi } from '../../test/testkit';

const ctx = useMockApi();

describe('the handler set', () => {
  it('answers every contract route through the runner: without a token, each asks to sign in', async () => {
    for (const name of ROUTE_NAMES) {
      const answer = await call(null, name, { params: { id: 'apt-001' } });
      expect([name, answer.status]).toStrictEqual([name, 401]);
    }
  });

  it('tries literal paths before parameterised ones, as the contract orders them', async () => {
    const search = await call('jane', 'searchKnowledge', { query: { q: 'metformin' } });
    expect(search.status).toBe(200);
    expect(search.json).toMatchObject({ items: expect.any(Array) });
  });

  it('answers a request no route matches 404 with the contract body, as the server does', async () => {
    for (const [path, method] of [
      ['/api/no-such-route', 'GET'],
      ['/api/me', 'PUT'],
      ['/api/me/', 'GET'],
    ] as const) {
      const answer = await fetch(`${BASE_URL}${path}`, { method });
      expect([path, method, answer.status]).toStrictEqual([path, method, 404]);
      expect(await answer.json()).toStrictEqual({ error: 'not_found', message: 'Not found.' });
    }
  });

  it('puts the base URL in front of the paths it answers when one is given', () => {
    const [handler] = createMockApi({ baseUrl: 'http://localhost:5173' }).handlers;
    expect(String(handler?.info.path)).toContain('localhost:5173');
  });
});

describe('the store', () => {
  it('starts from a deep copy of the seed: changes never reach the seed given', async () => {
    const data = seed();
    const api = ctx.restart({ seed: data });
    await call('sam', 'deleteAppointment', { params: { id: 'apt-001' } });
    expect(api.store.appointments).toHaveLength(data.appointments.length - 1);
    expect(data.appointments.some((a) => a.id === 'apt-001')).toBe(true);
  });

  it('reset brings back the seeded data, clears the audit trail and restarts the ids', async () => {
    const { store, reset } = ctx.api;
    await call('alice', 'createAppointment', { body: { patientEmail: PERSONAS.john.email } });
    await call('sam', 'deleteUser', { params: { id: 'auth0|sentinel-patient-000004' } });
    expect(store.audit.length).toBeGreaterThan(0);
    reset();
    expect(store.appointments).toStrictEqual(seed().appointments);
    expect(store.users).toStrictEqual(seed().users);
    expect(store.audit).toStrictEqual([]);
    const again = await call('alice', 'createAppointment', { body: { patientEmail: PERSONAS.john.email } });
    expect(again.json).toMatchObject({ id: 'apt-1001' });
  });

  it('runs on the clock it is given', async () => {
    const now = new Date('2027-01-15T08:00:00.000Z');
    ctx.restart({ now });
    expect((await call('jane', 'identityStatus')).json).toMatchObject({ timestamp: now.toISOString() });
    expect(FIXED_NOW.toISOString()).not.toBe(now.toISOString());
  });

  it('takes a knowledge base from the caller, for runtimes without a bundler', async () => {
    const loaded = loadKnowledge();
    if (!loaded.ok) throw new Error(loaded.error.message);
    const first = loaded.value.documents[0];
    if (!first) throw new Error('knowledge has documents');
    ctx.restart({ knowledge: { ...loaded.value, documents: [first] } });
    const answer = await call('sam', 'listKnowledge');
    expect((answer.json as { items: unknown[] }).items).toHaveLength(1);
  });

  it('generates ids per prefix, counting from 1001', () => {
    const { store } = createMockApi();
    const ids = store.seed((ops) => [ops.nextId('apt'), ops.nextId('apt'), ops.nextId('rec')]);
    expect(ids).toStrictEqual(['apt-1001', 'apt-1002', 'rec-1001']);
  });
});
