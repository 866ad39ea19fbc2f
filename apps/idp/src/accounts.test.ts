/**
 * The provider's directory is the list its composition root passes in (main.ts: the demo personas), looked up
 * by e-mail for sign-in and by subject for token issuing.
 */
import { PERSONAS, PERSONA_LIST } from '@sentinel/demo-data';
import { describe, expect, it } from 'vitest';
import { createAccounts, type Account } from './accounts';

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
  it('lets in the account whose e-mail (any case, surrounding spaces) and password match', () => {
    const accounts = createAccounts(PERSONA_LIST);
    const { email, password } = PERSONAS.john;
    expect(accounts.authenticate(email, password)).toBe(PERSONAS.john);
    expect(accounts.authenticate(`  ${email.toUpperCase()} `, password)).toBe(PERSONAS.john);
  });

  it('refuses a wrong password, another account’s password and an unknown e-mail', () => {
    const accounts = createAccounts(PERSONA_LIST);
    expect(accounts.authenticate(PERSONAS.john.email, `${PERSONAS.john.password}x`)).toBeUndefined();
    expect(accounts.authenticate(PERSONAS.john.email, PERSONAS.jane.password)).toBeUndefined();
    expect(accounts.authenticate('nobody@example.com', PERSONAS.john.password)).toBeUndefined();
    expect(accounts.authenticate('', '')).toBeUndefined();
  });

  it('knows only the accounts it was given', () => {
    const accounts = createAccounts([OUTSIDER]);
    expect(accounts.authenticate(OUTSIDER.email, OUTSIDER.password)).toBe(OUTSIDER);
    expect(accounts.find(OUTSIDER.sub)).toBe(OUTSIDER);
    expect(accounts.find(PERSONAS.jane.sub)).toBeUndefined();
    expect(accounts.authenticate(PERSONAS.jane.email, PERSONAS.jane.password)).toBeUndefined();
  });

  it('finds an account by its exact subject', () => {
    const accounts = createAccounts(PERSONA_LIST);
    expect(accounts.find(PERSONAS.sam.sub)).toBe(PERSONAS.sam);
    expect(accounts.find(PERSONAS.sam.sub.toUpperCase())).toBeUndefined();
  });

  it('refuses a list in which two accounts share an e-mail or a subject', () => {
    expect(() =>
      createAccounts([OUTSIDER, { ...OUTSIDER, sub: 'auth0|other', email: 'OLGA@example.org' }]),
    ).toThrow('Two accounts have the e-mail olga@example.org.');
    expect(() => createAccounts([OUTSIDER, { ...OUTSIDER, email: 'other@example.org' }])).toThrow(
      `Two accounts have the subject ${OUTSIDER.sub}.`,
    );
  });
});
