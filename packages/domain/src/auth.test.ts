import { describe, expect, it } from 'vitest';
import {
  addressAfterCallback,
  buildCurrentUser,
  checkCallbackState,
  decideKnowledgeRole,
  decideRole,
  decideRoute,
  decodeJwt,
  displayRole,
  isCacheEntryStale,
  isLoginCallback,
  knowledgeContextFor,
  medicalLicenseFor,
  patientIdFor,
  permissionsFromClaims,
  rolesFromClaims,
  toSpecializationSlug,
  validateIdToken,
} from './auth';
import { CLAIM_NAMESPACE } from './constants';
import { DEFAULT_PERMISSIONS } from './roles';
import { LOGIN_ERRORS } from './texts';

describe('role decision at login (REQ-auth-role-claim, REQ-auth-role-email, REQ-auth-role-default)', () => {
  it('gives admin when a non-empty roles claim includes Admin, whatever else it holds', () => {
    expect(decideRole({ roles: ['Doctor', 'Admin'], email: 'jane@example.com' })).toBe('admin');
  });
  it('gives doctor when the roles include Doctor but not Admin', () => {
    expect(decideRole({ roles: ['Doctor', 'Patient'] })).toBe('doctor');
  });
  it('gives patient when the roles include Patient only, even for an admin-looking e-mail', () => {
    expect(decideRole({ roles: ['Patient'], email: 'admin@example.com' })).toBe('patient');
  });
  it('gives patient for a non-empty roles claim naming no dashboard role', () => {
    expect(decideRole({ roles: ['Nurse'] })).toBe('patient');
  });
  it('falls back on the e-mail when there are no roles: admin, then doctor or dr., then patient', () => {
    expect(decideRole({ roles: [], email: 'sysadmin@example.com' })).toBe('admin');
    expect(decideRole({ email: 'the.doctor@example.com' })).toBe('doctor');
    expect(decideRole({ email: 'Dr.Who@example.com' })).toBe('doctor');
    expect(decideRole({ email: 'jane.doe@example.com' })).toBe('patient');
  });
  it('gives admin to the one configured admin address', () => {
    expect(decideRole({ email: 'Owner@Clinic.example' }, { adminEmail: 'owner@clinic.example' })).toBe(
      'admin',
    );
    expect(decideRole({ email: 'other@clinic.example' }, { adminEmail: 'owner@clinic.example' })).toBe(
      'patient',
    );
  });
  it('defaults to patient with neither roles nor e-mail', () => {
    expect(decideRole({})).toBe('patient');
  });
});

describe('dashboard display role (REQ-auth-display-role)', () => {
  it('uses the same order: admin, then doctor, then patient', () => {
    expect(displayRole({ roles: ['Doctor', 'Admin'], role: 'doctor' })).toBe('admin');
    expect(displayRole({ roles: ['Doctor'], role: 'patient' })).toBe('doctor');
    expect(displayRole({ roles: [], role: 'admin' })).toBe('admin');
    expect(displayRole({ roles: [], role: 'doctor' })).toBe('doctor');
    expect(displayRole({ roles: ['Patient'], role: 'patient' })).toBe('patient');
  });
});

describe('knowledge role (REQ-auth-extended-roles)', () => {
  it('keeps the dashboard role for doctors and admins', () => {
    expect(decideKnowledgeRole(['Nurse'], 'doctor')).toBe('doctor');
  });
  it('takes nurse, pharmacist, lab tech or dietitian from the roles claim', () => {
    expect(decideKnowledgeRole(['Nurse'], 'patient')).toBe('nurse');
    expect(decideKnowledgeRole(['Lab Tech'], 'patient')).toBe('lab_tech');
    expect(decideKnowledgeRole(['Patient'], 'patient')).toBe('patient');
    expect(decideKnowledgeRole(['Janitor'], 'patient')).toBe('patient');
  });
});

describe('current user (REQ-data-current-user, REQ-data-derived-ids)', () => {
  const ns = CLAIM_NAMESPACE;
  it('derives a doctor with license MD- plus the last 6 of sub and the default specialization and department', () => {
    const r = buildCurrentUser({
      sub: 'auth0|sentinel-doctor-000101',
      name: 'Dr. Alice Smith',
      email: 'dr.alice.smith@example.com',
      [`${ns}roles`]: ['Doctor'],
    });
    expect(r.ok && r.value).toMatchObject({
      role: 'doctor',
      roles: ['Doctor'],
      medical_license: 'MD-000101',
      specialization: 'Internal Medicine',
      department: 'General Practice',
      permissions: DEFAULT_PERMISSIONS.doctor,
    });
    expect(r.ok && r.value.patient_id).toBeUndefined();
  });
  it('derives a patient id P- plus the last 6 of sub', () => {
    const r = buildCurrentUser({ sub: 'auth0|abc000001', email: 'jane.doe@example.com', name: 'Jane Doe' });
    expect(r.ok && r.value).toMatchObject({ role: 'patient', patient_id: 'P-000001', roles: ['Patient'] });
  });
  it('keeps claimed patient_id, specialization and department over the defaults', () => {
    const p = buildCurrentUser({ sub: 's-1', email: 'p@example.com', patient_id: 'P-777777' });
    expect(p.ok && p.value.patient_id).toBe('P-777777');
    const d = buildCurrentUser({
      sub: 's-2',
      roles: ['Doctor'],
      specialization: 'Cardiology',
      department: 'Heart',
    });
    expect(d.ok && d.value).toMatchObject({ specialization: 'Cardiology', department: 'Heart' });
  });
  it('lets namespaced permissions override the defaults, and keeps the picture', () => {
    const r = buildCurrentUser({
      sub: 's',
      [`${ns}roles`]: ['Admin'],
      [`${ns}permissions`]: ['read:profile'],
      picture: '/a.png',
    });
    expect(r.ok && r.value).toMatchObject({
      role: 'admin',
      permissions: ['read:profile'],
      picture: '/a.png',
    });
  });
  it('falls back to the e-mail, then the subject, for the name', () => {
    const a = buildCurrentUser({ sub: 's', email: 'x@example.com' });
    expect(a.ok && a.value.name).toBe('x@example.com');
    const b = buildCurrentUser({ sub: 's' });
    expect(b.ok && b.value).toMatchObject({ name: 's', email: '' });
  });
  it('refuses claims without a subject', () => {
    const r = buildCurrentUser({ email: 'x@example.com' });
    expect(r.ok).toBe(false);
    expect(!r.ok && r.error.code).toBe('invalid_claims');
  });
  it('reads roles and permissions from plain claims when the namespaced ones are absent', () => {
    expect(rolesFromClaims({ roles: ['Doctor', 3] })).toEqual(['Doctor']);
    expect(permissionsFromClaims({ permissions: ['read:profile'] })).toEqual(['read:profile']);
    expect(permissionsFromClaims({})).toBeUndefined();
    expect(medicalLicenseFor('abcdefgh')).toBe('MD-cdefgh');
    expect(patientIdFor('abcdefgh')).toBe('P-cdefgh');
  });
});

describe('knowledge access context (REQ-data-access-context)', () => {
  it('defaults to patient and family-medicine without a user', () => {
    expect(knowledgeContextFor(undefined)).toEqual({
      role: 'patient',
      specializations: ['family-medicine'],
      permissions: [],
    });
  });
  it("uses the user's specialization as a slug, or the list given", () => {
    const doctor = {
      role: 'doctor' as const,
      roles: ['Doctor'],
      permissions: ['read:patients'],
      specialization: 'Internal Medicine',
    };
    expect(knowledgeContextFor(doctor)).toEqual({
      role: 'doctor',
      specializations: ['internal-medicine'],
      permissions: ['read:patients'],
    });
    expect(knowledgeContextFor(doctor, ['Cardiology']).specializations).toEqual(['cardiology']);
    expect(knowledgeContextFor({ role: 'patient', roles: ['Nurse'], permissions: [] })).toMatchObject({
      role: 'nurse',
      specializations: ['family-medicine'],
    });
  });
  it('slugs specialization names', () => {
    expect(toSpecializationSlug('  Internal Medicine ')).toBe('internal-medicine');
    expect(toSpecializationSlug('Ob/Gyn')).toBe('ob-gyn');
  });
});

describe('routes and guard (REQ-nav)', () => {
  const patient = { role: 'patient' as const };
  it('shows the landing to visitors at / and sends them to / from anywhere else', () => {
    expect(decideRoute('/', undefined)).toEqual({ kind: 'landing' });
    expect(decideRoute('/admin-dashboard', undefined)).toEqual({ kind: 'redirect', to: '/' });
  });
  it('redirects a signed-in user from / and unknown paths to their own dashboard', () => {
    expect(decideRoute('/', patient)).toEqual({ kind: 'redirect', to: '/patient-dashboard' });
    expect(decideRoute('/nowhere', { role: 'doctor' })).toEqual({
      kind: 'redirect',
      to: '/doctor-dashboard',
    });
  });
  it('renders a dashboard for its own role and sends other roles to /unauthorized', () => {
    expect(decideRoute('/patient-dashboard/', patient)).toEqual({ kind: 'render' });
    expect(decideRoute('/admin-dashboard', patient)).toEqual({ kind: 'redirect', to: '/unauthorized' });
    expect(decideRoute('/doctor-dashboard', { role: 'admin' })).toEqual({
      kind: 'redirect',
      to: '/unauthorized',
    });
  });
  it('lets all three roles reach /challenge-demo and /unauthorized', () => {
    for (const role of ['patient', 'doctor', 'admin'] as const) {
      expect(decideRoute('/challenge-demo', { role })).toEqual({ kind: 'render' });
      expect(decideRoute('/unauthorized', { role })).toEqual({ kind: 'render' });
    }
  });
});

describe('login callback (REQ-nav-callback, REQ-auth-state)', () => {
  it('is recognised by code or error plus state', () => {
    expect(isLoginCallback('?code=a&state=b')).toBe(true);
    expect(isLoginCallback('?error=login_required&state=b')).toBe(true);
    expect(isLoginCallback('?code=a')).toBe(false);
    expect(isLoginCallback('?state=b')).toBe(false);
  });
  it('replaces the address with returnTo when given, else the current path, and refuses other origins', () => {
    expect(addressAfterCallback('/', '/doctor-dashboard')).toBe('/doctor-dashboard');
    expect(addressAfterCallback('/challenge-demo')).toBe('/challenge-demo');
    expect(addressAfterCallback('/', 'https://evil.example/')).toBe('/');
    expect(addressAfterCallback('/', '//evil.example')).toBe('/');
    expect(addressAfterCallback('', 42)).toBe('/');
  });
  it('requires query parameters, a transaction and the same state', () => {
    const r0 = checkCallbackState('', { state: 's' });
    expect(!r0.ok && r0.error.code).toBe('invalid_callback');
    const r1 = checkCallbackState('?code=c&state=s', undefined);
    expect(!r1.ok && r1.error).toEqual({ code: 'missing_transaction', message: LOGIN_ERRORS.invalidState });
    const r2 = checkCallbackState('?code=c&state=other', { state: 's' });
    expect(!r2.ok && r2.error).toEqual({ code: 'state_mismatch', message: LOGIN_ERRORS.invalidState });
    const r3 = checkCallbackState('?code=c&state=s', { state: 's' });
    expect(r3.ok && r3.value).toEqual({ code: 'c' });
  });
  it('passes on an error from the provider, with the fallback Login failed', () => {
    const r = checkCallbackState('?error=access_denied&error_description=Nope&state=s', { state: 's' });
    expect(!r.ok && r.error).toEqual({ code: 'access_denied', message: 'Nope' });
    const r2 = checkCallbackState('?error=access_denied&state=s', { state: 's' });
    expect(!r2.ok && r2.error.message).toBe(LOGIN_ERRORS.loginFailed);
    const r3 = checkCallbackState('?state=s', { state: 's' });
    expect(!r3.ok && r3.error.message).toBe(LOGIN_ERRORS.loginFailed);
  });
});

const b64url = (value: unknown) =>
  btoa(String.fromCharCode(...new TextEncoder().encode(JSON.stringify(value))))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
const jwt = (claims: Record<string, unknown>, header: Record<string, unknown> = { alg: 'RS256' }) =>
  `${b64url(header)}.${b64url(claims)}.signature`;

describe('id token validation (REQ-auth)', () => {
  const now = 1_800_000_000;
  const expect_ = { issuer: 'http://localhost:4000/', clientId: 'portal', now };
  const good = {
    iss: 'http://localhost:4000/',
    sub: 'u1',
    aud: 'portal',
    exp: now + 300,
    iat: now,
    nonce: 'n1',
    name: 'Zoë',
  };
  const reason = (
    token: string | undefined,
    extra: Partial<typeof expect_> & Record<string, unknown> = {},
  ) => {
    const r = validateIdToken(token, { ...expect_, ...extra });
    return r.ok ? 'ok' : r.error.message;
  };

  it('accepts a well-formed token and decodes unicode claims', () => {
    const r = validateIdToken(jwt(good), { ...expect_, nonce: 'n1' });
    expect(r.ok && r.value.name).toBe('Zoë');
  });
  it('requires a token with three parts', () => {
    expect(reason(undefined)).toMatch(/missing/);
    expect(reason('a.b')).toMatch(/could not be decoded/);
    expect(reason('!!.??.x')).toMatch(/could not be decoded/);
    expect(reason(`${b64url('text')}.${b64url(good)}.x`)).toMatch(/could not be decoded/);
  });
  it('checks issuer, subject and algorithm RS256', () => {
    expect(reason(jwt({ ...good, iss: 'http://evil/' }))).toMatch(/Issuer/);
    expect(reason(jwt({ ...good, sub: '' }))).toMatch(/Subject/);
    expect(reason(jwt(good, { alg: 'HS256' }))).toMatch(/RS256/);
    expect(reason(jwt(good, { alg: 'none' }))).toMatch(/RS256/);
  });
  it('checks the audience, and azp when there are several audiences', () => {
    expect(reason(jwt({ ...good, aud: 'other' }))).toMatch(/Audience/);
    expect(reason(jwt({ ...good, aud: ['portal', 'api'] }))).toMatch(/azp/);
    expect(reason(jwt({ ...good, aud: ['portal', 'api'], azp: 'portal' }))).toBe('ok');
  });
  it('checks the nonce when expected and auth_time when max_age is set', () => {
    expect(reason(jwt(good), { nonce: 'other' })).toMatch(/Nonce/);
    expect(reason(jwt(good), { maxAge: 60 })).toMatch(/auth_time/);
    expect(reason(jwt({ ...good, auth_time: now - 30 }), { maxAge: 60 })).toBe('ok');
    expect(reason(jwt({ ...good, auth_time: now - 500 }), { maxAge: 60 })).toMatch(/too much time/);
  });
  it('requires exp and iat to be numbers', () => {
    expect(reason(jwt({ ...good, exp: 'soon' }))).toMatch(/exp/);
    expect(reason(jwt({ ...good, iat: undefined }))).toMatch(/iat/);
  });
  it('checks expiry and nbf with 60 seconds of leeway', () => {
    expect(reason(jwt({ ...good, exp: now - 59 }))).toBe('ok');
    expect(reason(jwt({ ...good, exp: now - 61 }))).toMatch(/Expiration/);
    expect(reason(jwt({ ...good, nbf: now + 59 }))).toBe('ok');
    expect(reason(jwt({ ...good, nbf: now + 61 }))).toMatch(/Not Before/);
  });
  it('matches the organization id or name when given', () => {
    expect(reason(jwt({ ...good, org_id: 'org_1' }), { organization: 'org_1' })).toBe('ok');
    expect(reason(jwt({ ...good, org_id: 'org_2' }), { organization: 'org_1' })).toMatch(/org_id/);
    expect(reason(jwt({ ...good, org_name: 'acme' }), { organization: 'Acme' })).toBe('ok');
    expect(reason(jwt({ ...good, org_name: 'other' }), { organization: 'acme' })).toMatch(/org_name/);
  });
  it('decodes header and claims', () => {
    const r = decodeJwt(jwt(good));
    expect(r.ok && r.value.header.alg).toBe('RS256');
  });
});

it('counts a cache entry as stale 60 seconds before expiry (REQ-limit-token-leeway)', () => {
  expect(isCacheEntryStale(1000, 939)).toBe(false);
  expect(isCacheEntryStale(1000, 940)).toBe(true);
});
