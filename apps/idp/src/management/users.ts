/**
 * The Management API's user and role objects, made from the provider's directory in Auth0's shapes, and the
 * request bodies of its user routes checked field by field (REQ-auth, real accounts). A body the API would not
 * accept from Auth0 is refused here too, with Auth0's status and a message that names the field.
 */
import { randomBytes } from 'node:crypto';
import {
  EmailSchema,
  permissionsForRole,
  roleClaimName,
  ROLES,
  toSpecializationSlug,
  type Role,
} from '@sentinel/domain';
import type { AccountPatch, AppMetadata, Passkey, StoredAccount } from '../directory/types';
import { multifactorName } from '../passkeys';
import { checkPassword } from '../passwordPolicy';
import { DATABASE_CONNECTION } from './scopes';

/** An answer other than success, in Auth0's error shape: `{ statusCode, error, message, errorCode }`. */
export class ManagementProblem extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errorCode: string,
  ) {
    super(message);
    this.name = 'ManagementProblem';
  }
}

/** A body Auth0 would refuse: 400 with its "Payload validation error" prefix. */
export const invalidBody = (detail: string) =>
  new ManagementProblem(400, `Payload validation error: ${detail}`, 'invalid_body');
export const invalidQuery = (detail: string) =>
  new ManagementProblem(400, `Query validation error: ${detail}`, 'invalid_query_string');
export const unknownUser = () => new ManagementProblem(404, 'The user does not exist.', 'inexistent_user');
export const userExists = () => new ManagementProblem(409, 'The user already exists.', 'auth0_idp_error');

/** Auth0's database identity of a user. */
export type Auth0Identity = {
  readonly connection: string;
  readonly provider: 'auth0';
  readonly user_id: string;
  readonly isSocial: false;
};

/** The fields of an Auth0 user object this provider serves (absent ones are never set here). */
export type Auth0User = {
  readonly user_id: string;
  readonly email: string;
  readonly email_verified: boolean;
  readonly name: string;
  readonly given_name: string;
  readonly family_name: string;
  readonly picture?: string;
  readonly created_at: string;
  readonly updated_at: string;
  readonly last_login?: string;
  readonly logins_count: number;
  readonly last_password_reset?: string;
  readonly blocked: boolean;
  readonly app_metadata?: AppMetadata;
  readonly multifactor?: readonly string[];
  readonly identities: readonly Auth0Identity[];
};

export const AUTH0_PREFIX = 'auth0|';

/** A new subject as Auth0 makes one for a database user: "auth0|" and 24 random hex digits. */
export const newUserId = () => `${AUTH0_PREFIX}${randomBytes(12).toString('hex')}`;

/**
 * The Auth0 user object of an account. `app_metadata` is what the Management API wrote, over the department
 * and specializations the directory holds (a seeded account has those without any app_metadata), so a reader
 * finds them in one place whichever way the account was made. The e-mail counts as verified once the account
 * has a password: only a link mailed to that address (or an admin's seed) gives an account one. `multifactor`
 * lists the second factors enrolled, a passkey by its Auth0 name (passkeys.ts multifactorName).
 */
export function toAuth0User(
  account: StoredAccount,
  passkeys: readonly Pick<Passkey, 'transports'>[] = [],
): Auth0User {
  // Auth0's names: google-authenticator for the app, webauthn-platform / webauthn-roaming for passkeys.
  const multifactor = [
    ...(account.totpEnrolled ? ['google-authenticator'] : []),
    ...new Set(passkeys.map(multifactorName)),
  ];
  const appMetadata: AppMetadata = {
    ...(account.department ? { department: account.department } : {}),
    ...(account.specializations.length ? { specializations: [...account.specializations] } : {}),
    ...account.appMetadata,
  };
  const local = account.sub.startsWith(AUTH0_PREFIX) ? account.sub.slice(AUTH0_PREFIX.length) : account.sub;
  return {
    user_id: account.sub,
    email: account.email,
    email_verified: account.state === 'active',
    name: account.name,
    given_name: account.given_name,
    family_name: account.family_name,
    ...(account.picture ? { picture: account.picture } : {}),
    created_at: account.createdAt,
    updated_at: account.updatedAt,
    ...(account.lastLogin ? { last_login: account.lastLogin } : {}),
    logins_count: account.loginsCount,
    ...(account.passwordSetAt ? { last_password_reset: account.passwordSetAt } : {}),
    blocked: account.blocked,
    ...(Object.keys(appMetadata).length ? { app_metadata: appMetadata } : {}),
    ...(multifactor.length ? { multifactor } : {}),
    identities: [{ connection: DATABASE_CONNECTION, provider: 'auth0', user_id: local, isSocial: false }],
  };
}

/** An Auth0 role. Here one per directory role: id `rol_<role>`, named as the roles claim names it. */
export type Auth0Role = { readonly id: string; readonly name: string; readonly description: string };

export const roleId = (role: Role) => `rol_${role}`;

export const ROLE_LIST: readonly Auth0Role[] = ROLES.map((role) => ({
  id: roleId(role),
  name: roleClaimName(role),
  description: `Default permissions: ${permissionsForRole(role).join(', ')}`,
}));

/** The directory role a role id names; undefined for an id that names none. */
export const roleFromId = (id: string): Role | undefined => ROLES.find((role) => roleId(role) === id);

/** The roles an account holds: its directory role's, or none (an account made before any role was assigned). */
export const rolesOf = (account: Pick<StoredAccount, 'role'>): Auth0Role[] =>
  ROLE_LIST.filter((role) => role.id === roleId(account.role as Role));

/** The directory fields a role assignment sets: the role, its display name as the roles claim, its defaults. */
export const roleAssignment = (
  role: Role | undefined,
): Pick<AccountPatch, 'role' | 'roles' | 'permissions'> =>
  role
    ? { role, roles: [roleClaimName(role)], permissions: permissionsForRole(role) }
    : { role: '', roles: [], permissions: [] };

// ---- request bodies -------------------------------------------------------------------------------------

type Body = Record<string, unknown>;

const isObject = (value: unknown): value is Body =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const typeName = (value: unknown) =>
  value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value;

/** The body as an object whose keys are all among `allowed` (Auth0 refuses additional properties). */
export function bodyObject(body: unknown, allowed: readonly string[]): Body {
  if (!isObject(body)) throw invalidBody(`'Expected type object but found type ${typeName(body)}'.`);
  const extra = Object.keys(body).filter((key) => !allowed.includes(key));
  if (extra.length) throw invalidBody(`'Additional properties not allowed: ${extra.join(',')}'.`);
  return body;
}

const wrongType = (key: string, expected: string, value: unknown) =>
  invalidBody(`'Expected type ${expected} but found type ${typeName(value)}' on property ${key}.`);

function text(body: Body, key: string, options: { max: number; min?: number }): string | undefined {
  const value = body[key];
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw wrongType(key, 'string', value);
  if (value.length < (options.min ?? 0)) {
    throw invalidBody(
      `'String is too short (${value.length} chars), minimum ${options.min}' on property ${key}.`,
    );
  }
  if (value.length > options.max) {
    throw invalidBody(
      `'String is too long (${value.length} chars), maximum ${options.max}' on property ${key}.`,
    );
  }
  return value;
}

function flag(body: Body, key: string): boolean | undefined {
  const value = body[key];
  if (value === undefined) return undefined;
  if (typeof value !== 'boolean') throw wrongType(key, 'boolean', value);
  return value;
}

function email(body: Body, key: string): string | undefined {
  const value = text(body, key, { max: 254 });
  if (value === undefined) return undefined;
  if (!EmailSchema.safeParse(value.trim()).success) {
    throw invalidBody(`'Object didn't pass validation for format email: ${value}' on property ${key}.`);
  }
  return value.trim();
}

function connection(body: Body, required: boolean): void {
  const value = text(body, 'connection', { max: 128 });
  if (value === undefined) {
    if (required) throw invalidBody(`'Missing required property: connection'.`);
    return;
  }
  if (value !== DATABASE_CONNECTION) {
    throw new ManagementProblem(400, 'The connection does not exist.', 'inexistent_connection');
  }
}

/** A password the provider's policy accepts for this e-mail (Auth0: the connection's password policy). */
function password(body: Body, forEmail: string): string | undefined {
  const value = text(body, 'password', { max: 1024 });
  if (value === undefined) return undefined;
  const checked = checkPassword(value, { email: forEmail });
  if (!checked.ok) {
    throw new ManagementProblem(400, `PasswordStrengthError: ${checked.messages.join(' ')}`, 'invalid_body');
  }
  return value;
}

function metadata(body: Body, key: string): AppMetadata | undefined {
  const value = body[key];
  if (value === undefined) return undefined;
  if (!isObject(value)) throw wrongType(key, 'object', value);
  if (JSON.stringify(value).length > 16 * 1024) {
    throw invalidBody(`'${key} is larger than 16 KB' on property ${key}.`);
  }
  return value;
}

/**
 * The directory fields app_metadata feeds (the claims a token carries): `department` (text) and
 * `specializations` (a list of names or slugs, or one comma-separated text), each only when the metadata names
 * it; null clears it. Anything else there is kept as the API wrote it and means nothing to the provider.
 */
export function claimsFromMetadata(meta: AppMetadata): Pick<AccountPatch, 'department' | 'specializations'> {
  const out: { department?: string; specializations?: string[] } = {};
  if ('department' in meta) {
    const value = meta.department;
    if (value !== null && typeof value !== 'string')
      throw wrongType('app_metadata.department', 'string', value);
    if (typeof value === 'string' && value.length > 100) {
      throw invalidBody(
        `'String is too long (${value.length} chars), maximum 100' on property app_metadata.department.`,
      );
    }
    out.department = value ?? '';
  }
  if ('specializations' in meta) {
    const value = meta.specializations;
    const names =
      value === null
        ? []
        : typeof value === 'string'
          ? value.split(',')
          : Array.isArray(value)
            ? value
            : undefined;
    if (!names || names.some((name) => typeof name !== 'string' || name.length > 100) || names.length > 20) {
      throw invalidBody(
        `'Expected a list of at most 20 names or a comma-separated text' on property app_metadata.specializations.`,
      );
    }
    out.specializations = [...new Set((names as string[]).map(toSpecializationSlug).filter(Boolean))];
  }
  return out;
}

export type CreateUserRequest = {
  readonly email: string;
  readonly password?: string;
  readonly name: string;
  readonly given_name: string;
  readonly family_name: string;
  readonly picture?: string;
  readonly blocked: boolean;
  readonly appMetadata: AppMetadata;
};

const CREATE_FIELDS = [
  'connection',
  'email',
  'password',
  'name',
  'given_name',
  'family_name',
  'picture',
  'blocked',
  'email_verified',
  'verify_email',
  'app_metadata',
] as const;

/**
 * POST /users: `connection` (the database connection) and `email` required; no `password` makes an invited
 * account (no sign-in until an invitation link sets one). The name defaults as Auth0's does: the given and
 * family names, else the e-mail. `email_verified` and `verify_email` are accepted and have no effect here: the
 * provider sends no mail of its own for this (the API sends the invitation).
 */
export function parseCreateUser(raw: unknown): CreateUserRequest {
  const body = bodyObject(raw, CREATE_FIELDS);
  connection(body, true);
  const address = email(body, 'email');
  if (address === undefined) throw invalidBody(`'Missing required property: email'.`);
  flag(body, 'email_verified');
  flag(body, 'verify_email');
  const given = text(body, 'given_name', { max: 150 }) ?? '';
  const family = text(body, 'family_name', { max: 150 }) ?? '';
  const name = text(body, 'name', { max: 300, min: 1 }) ?? ([given, family].join(' ').trim() || address);
  const picture = text(body, 'picture', { max: 2048 });
  const appMetadata = metadata(body, 'app_metadata') ?? {};
  claimsFromMetadata(appMetadata);
  const secret = password(body, address);
  return {
    email: address,
    name,
    given_name: given,
    family_name: family,
    blocked: flag(body, 'blocked') ?? false,
    appMetadata,
    ...(picture ? { picture } : {}),
    ...(secret !== undefined ? { password: secret } : {}),
  };
}

export type UpdateUserRequest = {
  readonly patch: AccountPatch;
  readonly password?: string;
};

/** PATCH takes the same fields as POST (all optional there). */
const UPDATE_FIELDS = CREATE_FIELDS;

/**
 * PATCH /users/{id}: the name parts, e-mail, picture, `blocked`, a new password (the same policy as the pages,
 * checked against the e-mail the account will have) and app_metadata, merged per top-level key by the
 * directory; the department and specializations it names change the token's claims too.
 */
export function parseUpdateUser(raw: unknown, current: Pick<StoredAccount, 'email'>): UpdateUserRequest {
  const body = bodyObject(raw, UPDATE_FIELDS);
  connection(body, false);
  flag(body, 'email_verified');
  flag(body, 'verify_email');
  const address = email(body, 'email');
  const appMetadata = metadata(body, 'app_metadata');
  const patch: AccountPatch = {
    ...optional('name', text(body, 'name', { max: 300, min: 1 })),
    ...optional('given_name', text(body, 'given_name', { max: 150 })),
    ...optional('family_name', text(body, 'family_name', { max: 150 })),
    ...optional('picture', text(body, 'picture', { max: 2048 })),
    ...optional('email', address),
    ...optional('blocked', flag(body, 'blocked')),
    ...(appMetadata ? { appMetadata, ...claimsFromMetadata(appMetadata) } : {}),
  };
  const secret = password(body, address ?? current.email);
  return { patch, ...(secret !== undefined ? { password: secret } : {}) };
}

const optional = <K extends string, V>(key: K, value: V | undefined) =>
  (value === undefined ? {} : { [key]: value }) as { [P in K]?: V };

/** POST or DELETE /users/{id}/roles: `{ roles: [id, ...] }`, each a known role id. */
export function parseRoleIds(raw: unknown): Role[] {
  const body = bodyObject(raw, ['roles']);
  const ids = body.roles;
  if (ids === undefined) throw invalidBody(`'Missing required property: roles'.`);
  if (!Array.isArray(ids) || ids.some((id) => typeof id !== 'string')) {
    throw invalidBody(`'Expected an array of role ids' on property roles.`);
  }
  if (ids.length === 0) throw invalidBody(`'Array is too short (0), minimum 1' on property roles.`);
  const roles = (ids as string[]).map((id) => {
    const role = roleFromId(id);
    if (!role) throw new ManagementProblem(404, `The role ${id} does not exist.`, 'inexistent_role');
    return role;
  });
  return [...new Set(roles)];
}

/** Auth0's password-change ticket lifetime: 5 days unless told, 30 days at most. */
export const DEFAULT_TICKET_SECONDS = 432_000;
export const MAX_TICKET_SECONDS = 2_592_000;

const TICKET_FIELDS = ['user_id', 'ttl_sec', 'mark_email_as_verified', 'includeEmailInRedirect'] as const;

/**
 * POST /tickets/password-change: `user_id` required (the e-mail and connection form is not served), `ttl_sec`
 * a whole number of seconds up to 30 days (0 or absent: 5 days). A `result_url` or `client_id` would ask for a
 * redirect after the page this provider does not make, so they are refused rather than ignored.
 */
export function parseTicketRequest(raw: unknown): { userId: string; ttlSeconds: number } {
  const body = bodyObject(raw, TICKET_FIELDS);
  flag(body, 'mark_email_as_verified');
  flag(body, 'includeEmailInRedirect');
  const userId = text(body, 'user_id', { max: 255, min: 1 });
  if (userId === undefined) throw invalidBody(`'Missing required property: user_id'.`);
  const ttl = body.ttl_sec;
  if (ttl !== undefined && (typeof ttl !== 'number' || !Number.isInteger(ttl)))
    throw wrongType('ttl_sec', 'integer', ttl);
  if (typeof ttl === 'number' && (ttl < 0 || ttl > MAX_TICKET_SECONDS)) {
    throw invalidBody(`'Value ${ttl} is out of range, 0 to ${MAX_TICKET_SECONDS}' on property ttl_sec.`);
  }
  return { userId, ttlSeconds: typeof ttl === 'number' && ttl > 0 ? ttl : DEFAULT_TICKET_SECONDS };
}

/** page, per_page and include_totals of a list route (Auth0: page from 0, 50 a page, at most 100). */
export function parsePaging(query: URLSearchParams): {
  page: number;
  perPage: number;
  includeTotals: boolean;
} {
  const whole = (key: string, fallback: number, min: number, max: number) => {
    const value = query.get(key);
    if (value === null || value === '') return fallback;
    const n = Number(value);
    if (!/^\d+$/.test(value) || n < min || n > max) {
      throw invalidQuery(`${key} must be a whole number from ${min} to ${max}.`);
    }
    return n;
  };
  const totals = query.get('include_totals');
  if (totals !== null && totals !== 'true' && totals !== 'false') {
    throw invalidQuery('include_totals must be true or false.');
  }
  return {
    page: whole('page', 0, 0, 10_000),
    perPage: whole('per_page', 50, 1, 100),
    includeTotals: totals === 'true',
  };
}
