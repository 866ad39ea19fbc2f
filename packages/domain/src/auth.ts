/** Sign-in rules: REQ-nav (routes), REQ-data-current-user, REQ-auth (role decision, login checks). */
import {
  CACHE_STALE_BEFORE_EXPIRY_SECONDS,
  CLAIM_NAMESPACE,
  DEFAULT_SPECIALIZATION,
  TOKEN_EXPIRY_LEEWAY_SECONDS,
} from './constants';
import type {
  CurrentUser,
  DashboardRole,
  KnowledgeAccessContext,
  LoginTransaction,
  ManagedUser,
  Role,
} from './entities';
import { fail, ok, type Result } from './result';
import { resolvePermissions, isRole } from './roles';
import { LOGIN_ERRORS } from './texts';

export type Claims = Readonly<Record<string, unknown>>;

const asStringList = (v: unknown): string[] | undefined =>
  Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : undefined;
const asString = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

/** REQ-data-claims: roles come from the namespaced claim, else the plain custom `roles` claim. */
export function rolesFromClaims(claims: Claims, namespace = CLAIM_NAMESPACE): string[] {
  return asStringList(claims[`${namespace}roles`]) ?? asStringList(claims.roles) ?? [];
}

/**
 * REQ-data-claims: permissions from the namespaced claim, else the plain claim; undefined when neither is
 * present.
 */
export function permissionsFromClaims(claims: Claims, namespace = CLAIM_NAMESPACE): string[] | undefined {
  return asStringList(claims[`${namespace}permissions`]) ?? asStringList(claims.permissions);
}

const includesRole = (roles: readonly string[], name: string) => roles.some((r) => r.toLowerCase() === name);

/**
 * REQ-auth. A non-empty roles claim decides: Admin gives admin; otherwise Doctor gives doctor;
 * otherwise patient. With no roles, the e-mail decides: containing 'admin' gives admin; containing 'doctor' or
 * 'dr.' gives doctor; the one configured admin address gives admin. The default is patient.
 */
export function decideRole(
  input: { roles?: readonly string[]; email?: string },
  options: { adminEmail?: string } = {},
): DashboardRole {
  const roles = input.roles ?? [];
  if (roles.length > 0) {
    if (includesRole(roles, 'admin')) return 'admin';
    if (includesRole(roles, 'doctor')) return 'doctor';
    return 'patient';
  }
  const email = (input.email ?? '').trim().toLowerCase();
  if (!email) return 'patient';
  if (email.includes('admin')) return 'admin';
  if (email.includes('doctor') || email.includes('dr.')) return 'doctor';
  if (options.adminEmail && email === options.adminEmail.trim().toLowerCase()) return 'admin';
  return 'patient';
}

/**
 * REQ-auth-display-role Dashboard display role: admin if roles include admin, otherwise doctor, otherwise
 * patient.
 */
export function displayRole(user: Pick<CurrentUser, 'roles' | 'role'>): DashboardRole {
  if (includesRole(user.roles, 'admin') || user.role === 'admin') return 'admin';
  if (includesRole(user.roles, 'doctor') || user.role === 'doctor') return 'doctor';
  return 'patient';
}

/**
 * The extended role (REQ-access: nurse, pharmacist, lab_tech, dietitian) used by the knowledge and assistant features.
 * A roles claim naming one of them wins over the dashboard role; otherwise the dashboard role is used.
 */
export function decideKnowledgeRole(roles: readonly string[], dashboardRole: DashboardRole): Role {
  if (dashboardRole !== 'patient') return dashboardRole;
  const named = roles
    .map((r) =>
      r
        .trim()
        .toLowerCase()
        .replace(/[\s-]+/g, '_'),
    )
    .find((r) => isRole(r) && r !== 'patient');
  return named && isRole(named) ? named : 'patient';
}

/** REQ-data-derived-ids: the last 6 characters of the subject, used by the derived ids. */
const last6 = (sub: string) => sub.slice(-6);
/** REQ-data-derived-ids: a doctor's medical_license is 'MD-' plus the last 6 characters of sub. */
export const medicalLicenseFor = (sub: string) => `MD-${last6(sub)}`;
/** REQ-data-derived-ids: a patient's patient_id is 'P-' plus the last 6 characters of sub. */
export const patientIdFor = (sub: string) => `P-${last6(sub)}`;
/** REQ-data: doctor defaults. */
export const DOCTOR_DEFAULTS = {
  specialization: 'Internal Medicine',
  department: 'General Practice',
} as const;

/**
 * REQ-data, REQ-auth, REQ-access: builds the current user from id-token claims: role decision, roles, permissions (claim overrides
 * the role defaults), and the derived fields of doctors and patients. Claims of the same name win over defaults.
 */
export function buildCurrentUser(
  claims: Claims,
  options: { adminEmail?: string; namespace?: string } = {},
): Result<CurrentUser> {
  const sub = asString(claims.sub)?.trim();
  if (!sub) return fail('invalid_claims', 'The sign-in token has no subject (sub).');
  const email = asString(claims.email) ?? '';
  const roles = rolesFromClaims(claims, options.namespace);
  const role = decideRole({ roles, email }, options);
  const name = asString(claims.name) ?? (email || sub);
  const picture = asString(claims.picture);
  const user: CurrentUser = {
    sub,
    name,
    email,
    ...(picture ? { picture } : {}),
    role,
    roles: roles.length ? roles : [role.charAt(0).toUpperCase() + role.slice(1)],
    permissions: resolvePermissions(role, permissionsFromClaims(claims, options.namespace)),
  };
  if (role === 'doctor') {
    user.medical_license = medicalLicenseFor(sub);
    user.specialization = asString(claims.specialization) ?? DOCTOR_DEFAULTS.specialization;
    user.department = asString(claims.department) ?? DOCTOR_DEFAULTS.department;
  }
  if (role === 'patient') user.patient_id = asString(claims.patient_id) ?? patientIdFor(sub);
  return ok(user);
}

/** Lowercase-hyphenated slug of a specialization name ('Internal Medicine' -> 'internal-medicine'). */
export function toSpecializationSlug(name: string): string {
  return name
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/**
 * REQ-data-access-context sent with knowledge calls: role (default patient), specializations (the user's
 * specialization, default family-medicine), permissions.
 */
export function knowledgeContextFor(
  user: Pick<CurrentUser, 'role' | 'roles' | 'permissions' | 'specialization'> | undefined,
  specializations?: readonly string[],
): KnowledgeAccessContext {
  if (!user) return { role: 'patient', specializations: [DEFAULT_SPECIALIZATION], permissions: [] };
  const list = specializations?.length
    ? specializations
    : user.specialization
      ? [user.specialization]
      : [DEFAULT_SPECIALIZATION];
  return {
    role: decideKnowledgeRole(user.roles, user.role),
    specializations: list.map(toSpecializationSlug),
    permissions: [...user.permissions],
  };
}

/** REQ-nav-dashboards: / redirects to /{role}-dashboard. */
export const dashboardPathFor = (role: DashboardRole) => `/${role}-dashboard` as const;

/** REQ-nav-guard: the roles allowed on each guarded path. */
export const ROUTE_ROLES: Readonly<Record<string, readonly DashboardRole[]>> = {
  '/patient-dashboard': ['patient'],
  '/doctor-dashboard': ['doctor'],
  '/admin-dashboard': ['admin'],
  '/challenge-demo': ['patient', 'doctor', 'admin'],
};

export type RouteDecision = { kind: 'render' } | { kind: 'redirect'; to: string } | { kind: 'landing' };

/**
 * REQ-nav-guard Route guard. Visitors see the landing at / and are sent to / from anywhere else. Signed-in
 * users: / goes to their dashboard; a guarded path outside their role goes to /unauthorized; /unauthorized
 * renders; any other path goes to their own dashboard.
 */
export function decideRoute(pathname: string, user: Pick<CurrentUser, 'role'> | undefined): RouteDecision {
  const path = pathname.replace(/\/+$/, '') || '/';
  if (!user) return path === '/' ? { kind: 'landing' } : { kind: 'redirect', to: '/' };
  if (path === '/unauthorized') return { kind: 'render' };
  const allowed = ROUTE_ROLES[path];
  if (!allowed) return { kind: 'redirect', to: dashboardPathFor(user.role) };
  return allowed.includes(user.role) ? { kind: 'render' } : { kind: 'redirect', to: '/unauthorized' };
}

/** REQ-nav-callback: the login callback is recognised by code or error plus state query parameters. */
export function isLoginCallback(search: string): boolean {
  const params = new URLSearchParams(search);
  return (params.has('code') || params.has('error')) && params.has('state');
}

/**
 * A sign-in answer without its state (code or error but no state): not a callback by REQ-nav-broken-callback,
 * and the SDK ignores it, so the portal shows it as a failed sign-in instead of silently dropping a refusal
 * such as access_denied.
 */
export function isIncompleteCallback(search: string): boolean {
  const params = new URLSearchParams(search);
  return (params.has('code') || params.has('error')) && !params.has('state');
}

/**
 * REQ-nav-callback: after the callback the address is replaced with the current path, or with a returnTo
 * value if given. Only same-origin paths are accepted, so a crafted returnTo cannot send the user elsewhere.
 */
export function addressAfterCallback(currentPath: string, returnTo?: unknown): string {
  if (typeof returnTo === 'string' && /^\/(?![/\\])/.test(returnTo)) return returnTo;
  return currentPath || '/';
}

/**
 * REQ-auth-state: the callback must carry query parameters; a missing transaction gives missing_transaction
 * and a state different from the sent one gives state_mismatch, both reading 'Invalid state'.
 */
export function checkCallbackState(
  search: string,
  transaction: Pick<LoginTransaction, 'state'> | undefined,
): Result<{ code: string }> {
  const params = new URLSearchParams(search);
  if (![...params.keys()].length)
    return fail('invalid_callback', 'There are no query params available for parsing.');
  if (!transaction) return fail('missing_transaction', LOGIN_ERRORS.invalidState);
  if (params.get('state') !== transaction.state) return fail('state_mismatch', LOGIN_ERRORS.invalidState);
  const error = params.get('error');
  if (error) return fail(error, params.get('error_description') ?? LOGIN_ERRORS.loginFailed);
  const code = params.get('code');
  if (!code) return fail('invalid_callback', LOGIN_ERRORS.loginFailed);
  return ok({ code });
}

export type IdTokenExpectations = {
  issuer: string;
  clientId: string;
  nonce?: string;
  maxAge?: number;
  organization?: string;
  /** Current time in epoch seconds. */
  now: number;
  leeway?: number;
};

function decodeSegment(segment: string): unknown {
  const base64 = segment.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64.padEnd(base64.length + ((4 - (base64.length % 4)) % 4), '='));
  const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
  return JSON.parse(new TextDecoder().decode(bytes));
}

/** Decodes a compact JWT's header and payload without verifying it. */
export function decodeJwt(token: string | undefined): Result<{ header: Claims; claims: Claims }> {
  if (!token) return fail('invalid_token', 'ID token is required but missing');
  const parts = token.split('.');
  if (parts.length !== 3) return fail('invalid_token', 'ID token could not be decoded');
  try {
    const header = decodeSegment(parts[0] ?? '');
    const claims = decodeSegment(parts[1] ?? '');
    if (typeof header !== 'object' || !header || typeof claims !== 'object' || !claims) {
      return fail('invalid_token', 'ID token could not be decoded');
    }
    return ok({ header: header as Claims, claims: claims as Claims });
  } catch {
    return fail('invalid_token', 'ID token could not be decoded');
  }
}

/**
 * REQ-auth: the id token must exist and have three parts; issuer must match and subject be present; algorithm
 * RS256; audience must match the client (with several audiences, azp must equal the client); nonce must match
 * when expected; auth_time is required when max_age is set; exp and iat must be numbers; expiry and nbf are
 * checked with 60 seconds leeway; the organization id or name must match when given.
 */
export function validateIdToken(token: string | undefined, expect: IdTokenExpectations): Result<Claims> {
  const decoded = decodeJwt(token);
  if (!decoded.ok) return decoded;
  const { header, claims } = decoded.value;
  const leeway = expect.leeway ?? TOKEN_EXPIRY_LEEWAY_SECONDS;
  const bad = (message: string) => fail('invalid_token', message);

  if (claims.iss !== expect.issuer)
    return bad(
      `Issuer (iss) claim mismatch in the ID token; expected "${expect.issuer}", found "${String(claims.iss)}"`,
    );
  if (typeof claims.sub !== 'string' || !claims.sub)
    return bad('Subject (sub) claim must be a string present in the ID token');
  if (header.alg !== 'RS256')
    return bad(
      `Signature algorithm of "${String(header.alg)}" is not supported. Expected the ID token to be signed with "RS256".`,
    );
  const aud = Array.isArray(claims.aud) ? claims.aud : [claims.aud];
  if (!aud.includes(expect.clientId)) return bad('Audience (aud) claim mismatch in the ID token');
  if (aud.length > 1 && claims.azp !== expect.clientId)
    return bad('Authorized Party (azp) claim mismatch in the ID token');
  if (expect.nonce !== undefined && claims.nonce !== expect.nonce)
    return bad('Nonce (nonce) claim mismatch in the ID token');
  if (expect.maxAge !== undefined && typeof claims.auth_time !== 'number') {
    return bad(
      'Authentication Time (auth_time) claim must be a number present in the ID token when Max Age (max_age) is specified',
    );
  }
  if (typeof claims.exp !== 'number')
    return bad('Expiration Time (exp) claim must be a number present in the ID token');
  if (typeof claims.iat !== 'number')
    return bad('Issued At (iat) claim must be a number present in the ID token');
  if (expect.now > claims.exp + leeway) return bad('Expiration Time (exp) claim error in the ID token');
  if (typeof claims.nbf === 'number' && expect.now < claims.nbf - leeway)
    return bad('Not Before time (nbf) claim in the ID token indicates that this token cannot be used yet');
  if (
    expect.maxAge !== undefined &&
    typeof claims.auth_time === 'number' &&
    expect.now > claims.auth_time + expect.maxAge + leeway
  ) {
    return bad(
      'Authentication Time (auth_time) claim indicates that too much time has passed since the last end-user authentication',
    );
  }
  if (expect.organization) {
    const org = expect.organization.trim();
    if (org.startsWith('org_')) {
      if (claims.org_id !== org) return bad('Organization ID (org_id) claim mismatch in the ID token');
    } else if (typeof claims.org_name !== 'string' || claims.org_name !== org.toLowerCase()) {
      return bad('Organization Name (org_name) claim mismatch in the ID token');
    }
  }
  return ok(claims);
}

/** REQ-limit-token-leeway: a token cache entry counts as stale 60 seconds before expiry. */
export function isCacheEntryStale(
  expiresAtSeconds: number,
  nowSeconds: number,
  leeway = CACHE_STALE_BEFORE_EXPIRY_SECONDS,
): boolean {
  return nowSeconds >= expiresAtSeconds - leeway;
}

/** REQ-data The roles claim's display name of a role ('doctor' -> 'Doctor', 'lab_tech' -> 'Lab Tech'). */
export function roleClaimName(role: Role): string {
  return role
    .split('_')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}

/**
 * REQ-data, REQ-auth, REQ-access-directory The claims a server builds the current user from: the subject the
 * verified token names, and what the user directory says about that account now (role, permissions, name,
 * e-mail, a doctor's specialization and department). Reading authorization from the directory on every call,
 * not from the token, is what makes a suspension or a role change take effect on the next request.
 */
export function accountClaims(
  sub: string,
  account: Pick<ManagedUser, 'name' | 'email' | 'role' | 'permissions' | 'specialization' | 'department'>,
  namespace = CLAIM_NAMESPACE,
): Claims {
  return {
    sub,
    name: account.name,
    email: account.email,
    [`${namespace}roles`]: [roleClaimName(account.role)],
    [`${namespace}permissions`]: [...account.permissions],
    ...(account.role === 'doctor' && account.specialization
      ? { specialization: account.specialization }
      : {}),
    ...(account.role === 'doctor' && account.department ? { department: account.department } : {}),
  };
}

/**
 * REQ-kb-specialization A doctor's specializations as knowledge slugs, from the directory's comma-separated
 * text ('Endocrinology, Internal Medicine' -> ['endocrinology', 'internal-medicine']); other roles have none
 * and fall back to the default (`knowledgeContextFor`).
 */
export function accountSpecializations(account: Pick<ManagedUser, 'role' | 'specialization'>): string[] {
  if (account.role !== 'doctor') return [];
  return account.specialization
    .split(',')
    .map(toSpecializationSlug)
    .filter((slug) => slug.length > 0);
}
