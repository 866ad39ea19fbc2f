import { ROUTES, ROUTE_NAMES } from '@sentinel/domain/contract';
import { loadKnowledge } from '@sentinel/knowledge/node';
import { describe, expect, it } from 'vitest';
import { FIXED_NOW, seed, PERSONAS } from '@sentinel/demo-data';
import { createMockApi, handlers } from './handlers';
import { routeOrder } from './route';
import { call, useMockApi } from './testkit';

const ctx = useMockApi();

const pathOf = (handler: { info: { path: unknown } }) => String(handler.info.path);

describe('the handler set', () => {
  it('has the malformed-path guard first, then one handler per contract route, literal paths first', () => {
    const [guard, ...routes] = handlers;
    expect(guard?.info.path).toBeInstanceOf(RegExp);
    expect(routes.map(pathOf).sort()).toStrictEqual(ROUTE_NAMES.map((name) => ROUTES[name].path).sort());
    const paths = routes.map(pathOf);
    expect(paths.indexOf('/api/knowledge/search')).toBeLessThan(paths.indexOf('/api/knowledge/:id'));
  });

  it('puts the base URL in front of every path when one is given', () => {
    const api = createMockApi({ baseUrl: 'http://localhost:5173' });
    const [guard, ...routes] = api.handlers;
    expect(String(guard?.info.path)).toContain('localhost:5173');
    expect(routes.every((h) => pathOf(h).startsWith('http://localhost:5173/api/'))).toBe(true);
  });

  it('orders routes with more literal segments first and keeps the table order otherwise', () => {
    expect(routeOrder(['getKnowledgeItem', 'searchKnowledge', 'getMe'])).toStrictEqual([
      'searchKnowledge',
      'getKnowledgeItem',
      'getMe',
    ]);
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
    const appointments = store.appointments;
    await call('alice', 'createAppointment', { body: { patientEmail: PERSONAS.john.email } });
    await call('sam', 'deleteUser', { params: { id: 'auth0|sentinel-patient-000004' } });
    expect(store.audit.length).toBeGreaterThan(0);
    reset();
    expect(store.appointments).toBe(appointments);
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
    expect([store.nextId('apt'), store.nextId('apt'), store.nextId('rec')]).toStrictEqual([
      'apt-1001',
      'apt-1002',
      'rec-1001',
    ]);
  });
});
