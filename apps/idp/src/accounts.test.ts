/**
 * A directory seeded from a list (tests; main.ts seeds the data folder's from the demo personas), looked up by
 * e-mail for sign-in and by subject for token issuing.
 */
import { PERSONAS, PERSONA_LIST } from '@sentinel/demo-data';
import { describe, expect, it } from 'vitest';
import type { Account } from './accounts';
import { createMemoryDirectory } from './directory/memory';

const OUTSIDER: Account = {
  sub: 'auth0|outside-000001',
  name: 'Olga Outsider',
  given_name: 'Olga',
  family_name: 'Outsider',
  email: 'olga@example.org',
  password: 'Outsider-password-1',
  role: 'patient',
  roles: ['Patient'],
  permissions: [],
  specializations: [],
  department: 'None',
};

describe('the account directory', () => {
  it('lets in the account whose e-mail (any case, surrounding spaces) and password match', async () => {
    const accounts = await createMemoryDirectory(PERSONA_LIST);
    const { email, password } = PERSONAS.john;
    expect(await accounts.authenticate(email, password)).toMatchObject({
      ok: true,
      account: { sub: PERSONAS.john.sub },
    });
    expect(await accounts.authenticate(`  ${email.toUpperCase()} `, password)).toMatchObject({ ok: true });
  });

  it('refuses a wrong password, another account’s password and an unknown e-mail', async () => {
    const accounts = await createMemoryDirectory(PERSONA_LIST);
    const invalid = { ok: false, reason: 'invalid' };
    expect(await accounts.authenticate(PERSONAS.john.email, `${PERSONAS.john.password}x`)).toEqual(invalid);
    expect(await accounts.authenticate(PERSONAS.john.email, PERSONAS.jane.password)).toEqual(invalid);
    expect(await accounts.authenticate('nobody@example.com', PERSONAS.john.password)).toEqual(invalid);
    expect(await accounts.authenticate('', '')).toEqual(invalid);
  });

  it('knows only the accounts it was given', async () => {
    const accounts = await createMemoryDirectory([OUTSIDER]);
    expect(await accounts.authenticate(OUTSIDER.email, OUTSIDER.password)).toMatchObject({ ok: true });
    expect(await accounts.find(OUTSIDER.sub)).toMatchObject({ sub: OUTSIDER.sub, email: OUTSIDER.email });
    expect(await accounts.find(PERSONAS.jane.sub)).toBeUndefined();
    expect(await accounts.authenticate(PERSONAS.jane.email, PERSONAS.jane.password)).toMatchObject({
      ok: false,
    });
  });

  it('finds an account by its exact subject, and never hands out the password', async () => {
    const accounts = await createMemoryDirectory(PERSONA_LIST);
    const found = await accounts.find(PERSONAS.sam.sub);
    expect(found).toMatchObject({ sub: PERSONAS.sam.sub, state: 'active', blocked: false });
    expect(JSON.stringify(found)).not.toContain(PERSONAS.sam.password);
    expect(await accounts.find(PERSONAS.sam.sub.toUpperCase())).toBeUndefined();
  });

  it('refuses a list in which two accounts share an e-mail or a subject', async () => {
    await expect(
      createMemoryDirectory([OUTSIDER, { ...OUTSIDER, sub: 'auth0|other', email: 'OLGA@example.org' }]),
    ).rejects.toThrow('An account with this e-mail already exists.');
    await expect(
      createMemoryDirectory([OUTSIDER, { ...OUTSIDER, email: 'other@example.org' }]),
    ).rejects.toThrow('An account with this subject already exists.');
  });

  it('refuses a blocked account after its right password, and an invited one like a wrong password', async () => {
    const accounts = await createMemoryDirectory([OUTSIDER]);
    await accounts.update(OUTSIDER.sub, { blocked: true });
    expect(await accounts.authenticate(OUTSIDER.email, OUTSIDER.password)).toEqual({
      ok: false,
      reason: 'blocked',
    });
    expect(await accounts.authenticate(OUTSIDER.email, 'wrong')).toEqual({ ok: false, reason: 'invalid' });
    await accounts.create({
      ...OUTSIDER,
      password: undefined,
      sub: 'auth0|invited',
      email: 'new@example.org',
    });
    expect(await accounts.authenticate('new@example.org', '')).toEqual({ ok: false, reason: 'invalid' });
  });
});
