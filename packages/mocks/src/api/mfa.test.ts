/**
 * The mock API asks for the second factor exactly as the server does (tests/security/src/mfa.test.ts): doctors,
 * admins and holders of manage:users whose token's amr shows none are refused 401 mfa_required on every route,
 * with a denied audit row; the personas' usual mock tokens carry the sign-in the identity provider gives them.
 */
import { MFA_REQUIRED_MESSAGE } from '@sentinel/domain';
import { ROUTES, ROUTE_NAMES, type RouteName } from '@sentinel/domain/contract';
import { describe, expect, it } from 'vitest';
import { PERSONAS, type PersonaKey } from '@sentinel/demo-data';
import { authorizationFor, mockTokenFor } from './auth';
import { call, useMockApi, type CallOptions } from '../../test/testkit';

const ctx = useMockApi();

/** Any id: the second factor is checked before path, query and body are read. */
const paramsOf = (name: RouteName): CallOptions['params'] =>
  ROUTES[name].path.includes(':id') ? { id: 'rec-001' } : {};

const passwordOnly = (who: PersonaKey): CallOptions['headers'] => ({
  Authorization: authorizationFor(who, { amr: ['pwd'] }),
});

describe('mock tokens carry the sign-in methods', () => {
  it("a persona's usual token is the provider's sign-in: with the code for doctors and admins only", () => {
    expect(mockTokenFor('alice')).toBe('mock-persona:alice');
    expect(mockTokenFor('alice', { amr: ['pwd'] })).toBe('mock-persona:alice;amr=pwd');
  });

  it('GET /api/me reports the second factor of the usual tokens and of a stated amr', async () => {
    expect((await call('alice', 'getMe')).json).toMatchObject({ mfa: true });
    expect((await call('sam', 'getMe')).json).toMatchObject({ mfa: true });
    expect((await call('jane', 'getMe')).json).toMatchObject({ mfa: false });
    const jane = await call(null, 'getMe', {
      headers: { Authorization: authorizationFor('jane', { amr: ['pwd', 'hwk'] }) },
    });
    expect(jane.json).toMatchObject({ mfa: true });
  });

  it('a token stating amr twice is not a valid session', async () => {
    const answer = await call(null, 'getMe', {
      headers: { Authorization: 'Bearer mock-persona:alice;amr=pwd;amr=otp' },
    });
    expect(answer.status).toBe(401);
    expect(answer.json).toMatchObject({ error: 'unauthorized' });
  });
});

describe('doctors and admins need a second factor on every route', () => {
  for (const persona of ['alice', 'sam'] as const) {
    it(`${persona} (${PERSONAS[persona].role}) with a password only is refused 401 mfa_required on every route`, async () => {
      for (const name of ROUTE_NAMES) {
        const answer = await call(null, name, { params: paramsOf(name), headers: passwordOnly(persona) });
        expect(answer.status, name).toBe(401);
        expect(answer.json, name).toEqual({ error: 'mfa_required', message: MFA_REQUIRED_MESSAGE });
        expect(answer.headers.get('www-authenticate'), name).toMatch(/^Bearer /);
      }
    });
  }

  it('a patient with a password only is never refused for it', async () => {
    for (const name of ROUTE_NAMES) {
      const answer = await call(null, name, { params: paramsOf(name), headers: passwordOnly('jane') });
      expect(answer.status, name).not.toBe(401);
    }
  });

  it('a patient promoted to doctor needs it from the next call on', async () => {
    expect((await call(null, 'getMe', { headers: passwordOnly('jane') })).status).toBe(200);
    const promoted = await call('sam', 'updateUser', {
      params: { id: PERSONAS.jane.sub },
      body: { role: 'doctor' },
    });
    expect(promoted.status).toBe(200);
    const after = await call(null, 'getMe', { headers: passwordOnly('jane') });
    expect(after.status).toBe(401);
    expect(after.json).toMatchObject({ error: 'mfa_required' });
  });

  it('a refused call of protected data leaves one denied audit row naming the caller', async () => {
    const before = ctx.api.store.audit.length;
    await call(null, 'getRecord', { params: { id: 'rec-001' }, headers: passwordOnly('alice') });
    const added = ctx.api.store.audit.slice(before);
    expect(added).toHaveLength(1);
    expect(added[0]).toMatchObject({
      actorSub: PERSONAS.alice.sub,
      action: 'read',
      resourceType: 'record',
      resourceId: 'rec-001',
      outcome: 'denied',
      reason: expect.stringContaining('mfa_required') as unknown as string,
    });
  });
});
