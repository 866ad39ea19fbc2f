import { describe, expect, it } from 'vitest';
import type { ManagedUser } from '@sentinel/domain';
import { call, useMockApi } from '../test/testkit';
import { seedSignInAccounts, signInSeed, signInUsers } from './signInAccounts';

const ctx = useMockApi();

describe('the sign-in fixtures of User Management (REQ-users-sign-in)', () => {
  it('a mock API seeded with them lists every user with the sign-in state and last login signInUsers gives', async () => {
    const api = ctx.restart({ seed: signInSeed() });
    seedSignInAccounts(api.identity);
    const answer = await call('sam', 'listUsers');
    expect(answer.status).toBe(200);
    expect((answer.json as { items: ManagedUser[] }).items).toStrictEqual(signInUsers());
  });

  it('holds each state a screen shows: invited, invitation expired, active with each factor, never signed in', () => {
    const users = signInUsers();
    const states = users.map((u) => u.signIn?.state);
    expect(states).toContain('invited');
    expect(states).toContain('invitation-expired');
    const factors = users.map((u) => u.signIn?.secondFactors.join('+'));
    expect(factors).toEqual(expect.arrayContaining(['totp', 'passkey', 'totp+passkey', '']));
    expect(users.some((u) => u.signIn?.state === 'active' && u.lastLogin === undefined)).toBe(true);
  });
});
