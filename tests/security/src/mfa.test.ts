/**
 * MFA where it matters (ASVS 2.2.3, 4.3.1; HIPAA 164.312(d)): a doctor, an admin, and anyone holding
 * manage:users must have signed in with a second factor (the token's `amr`, RFC 8176) for every route of the
 * contract, or is refused with 401 `mfa_required`, which the portal answers by asking for the code. Who needs
 * it is read from the user directory on every request, so a promotion applies from the next call on. A
 * patient signs in with a password alone.
 */
import { proposeAs, signAccessToken, startTestServer, type TestServer } from '@sentinel/api/testkit';
import { MFA_REQUIRED_MESSAGE } from '@sentinel/domain';
import { ROUTES, type HttpMethod, type RouteName } from '@sentinel/domain/contract';
import { FIXED_NOW, PERSONAS, type PersonaKey } from '@sentinel/demo-data';
import type { JWK } from 'jose';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createSigningKey, expectContractError, send, type Answer, type Keys } from './support';
import { MINIMAL_REQUESTS, PROPOSAL, type MatrixContext } from './requests';

let key: Keys & { jwk: JWK };
beforeAll(async () => {
  key = await createSigningKey('test-key');
});

let server: TestServer;
let ctx: MatrixContext;
beforeEach(async () => {
  server = await startTestServer({ key });
  const proposal = await proposeAs(server.store, 'alice', PROPOSAL, FIXED_NOW);
  if (!proposal.ok) throw new Error(proposal.error.message);
  ctx = { approvalId: proposal.value.id };
});
afterEach(async () => {
  await server.close();
});

const PASSWORD_ONLY = ['pwd'];
const WITH_CODE = ['pwd', 'otp'];

/** Calls every route of the contract once (its smallest valid request) with `token`, in the matrix order. */
async function callEveryRoute(token: string): Promise<{ name: RouteName; answer: Answer }[]> {
  const answers: { name: RouteName; answer: Answer }[] = [];
  for (const name of Object.keys(ROUTES) as RouteName[]) {
    const minimal = MINIMAL_REQUESTS[name];
    if (!minimal) throw new Error(`No minimal request for ${name} (tests/security/src/requests.ts)`);
    const request = minimal(ctx);
    const answer = await send(server.app, {
      method: ROUTES[name].method as HttpMethod,
      url: request.url,
      token,
      ...(request.body === undefined ? {} : { body: request.body }),
    });
    answers.push({ name, answer });
  }
  return answers;
}

const tokenOf = (who: PersonaKey | { sub: string }, amr: readonly string[]) =>
  signAccessToken(key.privateKey, who, { amr: [...amr] });

describe('doctors and admins need a second factor on every route', () => {
  for (const persona of ['alice', 'sam'] as const) {
    const { role } = PERSONAS[persona];

    it(`${persona} (${role}) signed in with a password only is refused 401 mfa_required on every route`, async () => {
      const answers = await callEveryRoute(await tokenOf(persona, PASSWORD_ONLY));
      for (const { name, answer } of answers) {
        expect(answer.status, name).toBe(401);
        const body = expectContractError(answer, 'mfa_required', name);
        expect(body.message, name).toBe(MFA_REQUIRED_MESSAGE);
        expect(String(answer.headers['www-authenticate']), name).toMatch(/^Bearer /);
        expect(answer.text, name).not.toContain(PERSONAS.jane.email);
      }
    });

    it(`${persona} (${role}) with a one-time code in amr is never refused for the second factor`, async () => {
      const answers = await callEveryRoute(await tokenOf(persona, WITH_CODE));
      const refused = answers.filter(({ answer }) => answer.status === 401).map(({ name }) => name);
      expect(refused).toEqual([]);
      // Not merely not refused: the routes of their role answer.
      const me = answers.find(({ name }) => name === 'getMe')?.answer;
      expect(me?.status).toBe(200);
      expect(me?.json).toMatchObject({ user: { sub: PERSONAS[persona].sub }, mfa: true });
    });
  }

  it('a second factor named only by knowledge or non-factor methods (pin, kba, geo, rba) does not count', async () => {
    const answer = await send(server.app, {
      url: '/api/records',
      token: await tokenOf('alice', ['pwd', 'pin', 'kba', 'geo', 'rba']),
    });
    expect(answer.status).toBe(401);
    expectContractError(answer, 'mfa_required');
  });
});

describe('who needs it is read from the user directory on every request', () => {
  it('a patient signed in with a password only is never refused for the second factor', async () => {
    const answers = await callEveryRoute(await tokenOf('jane', PASSWORD_ONLY));
    const refused = answers.filter(({ answer }) => answer.status === 401).map(({ name }) => name);
    expect(refused).toEqual([]);
    expect(answers.find(({ name }) => name === 'listRecords')?.answer.status).toBe(200);
  });

  it('a patient promoted to doctor needs the second factor from the next call on, with the same token', async () => {
    const janeToken = await tokenOf('jane', PASSWORD_ONLY);
    expect((await send(server.app, { url: '/api/me', token: janeToken })).status).toBe(200);
    const promoted = await send(server.app, {
      method: 'PATCH',
      url: `/api/users/${encodeURIComponent(PERSONAS.jane.sub)}`,
      token: await tokenOf('sam', WITH_CODE),
      body: { role: 'doctor' },
    });
    expect(promoted.status).toBe(200);
    const after = await send(server.app, { url: '/api/me', token: janeToken });
    expect(after.status).toBe(401);
    expectContractError(after, 'mfa_required');
  });

  it('a patient holding manage:users needs the second factor for it, as an admin does', async () => {
    // No route grants a permission beyond the role's defaults (REQ-access): the directory is changed where it
    // lives.
    await server.store.transaction(async (tx) => {
      const jane = await tx.getUser(PERSONAS.jane.sub);
      if (!jane) throw new Error('the seed has no account for Jane');
      await tx.replaceUser({ ...jane, permissions: [...jane.permissions, 'manage:users'] });
    });
    const answer = await send(server.app, { url: '/api/users', token: await tokenOf('jane', PASSWORD_ONLY) });
    expect(answer.status).toBe(401);
    expectContractError(answer, 'mfa_required');
    const withCode = await send(server.app, { url: '/api/users', token: await tokenOf('jane', WITH_CODE) });
    expect(withCode.status).toBe(200);
  });
});

describe('the audit trail', () => {
  it('a doctor refused for the missing second factor leaves one denied row naming them, and no data', async () => {
    const before = await server.store.transaction((tx) => tx.listAudit({ all: true }));
    const answer = await send(server.app, {
      url: '/api/records/rec-001',
      token: await tokenOf('alice', PASSWORD_ONLY),
    });
    expect(answer.status).toBe(401);
    const added = (await server.store.transaction((tx) => tx.listAudit({ all: true }))).slice(before.length);
    expect(added).toHaveLength(1);
    expect(added[0]).toMatchObject({
      actorSub: PERSONAS.alice.sub,
      actorRole: 'doctor',
      action: 'read',
      resourceType: 'record',
      resourceId: 'rec-001',
      outcome: 'denied',
      reason: expect.stringContaining('mfa_required') as unknown as string,
    });
  });
});
