import { describe, expect, it } from 'vitest';
import type { StoredAccount } from '../directory/types';
import {
  claimsFromMetadata,
  DEFAULT_TICKET_SECONDS,
  parseCreateUser,
  parsePaging,
  parseTicketRequest,
  roleAssignment,
  toAuth0User,
} from './users';
import { DATABASE_CONNECTION } from './scopes';

const account: StoredAccount = {
  sub: 'auth0|0123456789abcdef01234567',
  name: 'Maria Lopez',
  given_name: 'Maria',
  family_name: 'Lopez',
  email: 'maria.lopez@example.com',
  role: 'doctor',
  roles: ['Doctor'],
  permissions: ['read:profile'],
  specializations: ['cardiology'],
  department: 'Cardiology',
  state: 'invited',
  blocked: false,
  createdAt: '2026-11-01T09:00:00.000Z',
  updatedAt: '2026-11-02T09:00:00.000Z',
  loginsCount: 0,
  totpEnrolled: false,
  appMetadata: {},
};

describe('the Auth0 user object of an account', () => {
  it('shows an invited account as never signed in, without a password and with its database identity', () => {
    const user = toAuth0User(account);
    expect(user).toEqual({
      user_id: account.sub,
      email: account.email,
      email_verified: false,
      name: 'Maria Lopez',
      given_name: 'Maria',
      family_name: 'Lopez',
      created_at: account.createdAt,
      updated_at: account.updatedAt,
      logins_count: 0,
      blocked: false,
      app_metadata: { department: 'Cardiology', specializations: ['cardiology'] },
      identities: [
        {
          connection: DATABASE_CONNECTION,
          provider: 'auth0',
          user_id: '0123456789abcdef01234567',
          isSocial: false,
        },
      ],
    });
  });

  it('shows the password time, last login, TOTP and the app_metadata the API wrote over the directory fields', () => {
    const user = toAuth0User({
      ...account,
      state: 'active',
      passwordSetAt: '2026-11-03T10:00:00.000Z',
      lastLogin: '2026-11-04T08:00:00.000Z',
      loginsCount: 3,
      totpEnrolled: true,
      appMetadata: { specializations: ['Cardiology'], invitation: { sent_at: '2026-11-01T09:00:00.000Z' } },
    });
    expect(user).toMatchObject({
      email_verified: true,
      last_password_reset: '2026-11-03T10:00:00.000Z',
      last_login: '2026-11-04T08:00:00.000Z',
      logins_count: 3,
      multifactor: ['google-authenticator'],
      app_metadata: {
        department: 'Cardiology',
        specializations: ['Cardiology'],
        invitation: { sent_at: '2026-11-01T09:00:00.000Z' },
      },
    });
  });
});

describe('the claims app_metadata feeds', () => {
  it('takes specializations as a list or a comma-separated text, as slugs, and null clears them', () => {
    expect(claimsFromMetadata({ specializations: ['Internal Medicine', 'cardiology'] })).toEqual({
      specializations: ['internal-medicine', 'cardiology'],
    });
    expect(claimsFromMetadata({ specializations: 'Endocrinology, Internal Medicine' })).toEqual({
      specializations: ['endocrinology', 'internal-medicine'],
    });
    expect(claimsFromMetadata({ specializations: null, department: null })).toEqual({
      specializations: [],
      department: '',
    });
  });

  it('leaves the claims alone when the metadata does not name them', () => {
    expect(claimsFromMetadata({ invitation: { sent_at: 'x' } })).toEqual({});
  });

  it('refuses a department that is not text and specializations that are not names', () => {
    expect(() => claimsFromMetadata({ department: 7 })).toThrow(/app_metadata.department/);
    expect(() => claimsFromMetadata({ specializations: [1] })).toThrow(/app_metadata.specializations/);
  });
});

describe('request bodies and queries', () => {
  it('names a new user from the given and family names, else the e-mail, as Auth0 does', () => {
    const base = { connection: DATABASE_CONNECTION, email: ' Maria.Lopez@example.com ' };
    expect(parseCreateUser({ ...base, given_name: 'Maria', family_name: 'Lopez' }).name).toBe('Maria Lopez');
    expect(parseCreateUser(base)).toMatchObject({ name: 'Maria.Lopez@example.com', blocked: false });
  });

  it('refuses a password built from the e-mail', () => {
    expect(() =>
      parseCreateUser({
        connection: DATABASE_CONNECTION,
        email: 'maria.lopez@example.com',
        password: 'maria.lopez-2026-x',
      }),
    ).toThrow(/PasswordStrengthError/);
  });

  it('gives a ticket 5 days when no lifetime or 0 is asked', () => {
    expect(parseTicketRequest({ user_id: 'auth0|x' }).ttlSeconds).toBe(DEFAULT_TICKET_SECONDS);
    expect(parseTicketRequest({ user_id: 'auth0|x', ttl_sec: 0 }).ttlSeconds).toBe(DEFAULT_TICKET_SECONDS);
    expect(() => parseTicketRequest({ user_id: 'auth0|x', ttl_sec: -1 })).toThrow(/ttl_sec/);
    expect(() => parseTicketRequest({ user_id: 'auth0|x', ttl_sec: 1.5 })).toThrow(/ttl_sec/);
  });

  it('pages from 0, 50 a page by default, at most 100', () => {
    expect(parsePaging(new URLSearchParams())).toEqual({ page: 0, perPage: 50, includeTotals: false });
    expect(parsePaging(new URLSearchParams('page=2&per_page=10&include_totals=true'))).toEqual({
      page: 2,
      perPage: 10,
      includeTotals: true,
    });
    expect(() => parsePaging(new URLSearchParams('page=-1'))).toThrow(/page/);
    expect(() => parsePaging(new URLSearchParams('per_page=0'))).toThrow(/per_page/);
    expect(() => parsePaging(new URLSearchParams('include_totals=yes'))).toThrow(/include_totals/);
  });

  it('assigns a role with its display name and default permissions, and no role with none', () => {
    expect(roleAssignment('lab_tech')).toMatchObject({ role: 'lab_tech', roles: ['Lab Tech'] });
    expect(roleAssignment(undefined)).toEqual({ role: '', roles: [], permissions: [] });
  });
});
