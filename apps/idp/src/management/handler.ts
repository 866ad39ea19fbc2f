/**
 * The subset of the Auth0 Management API v2 that user management needs, served by the provider under
 * /api/v2/ (REQ-auth, real accounts): users (create, list, by e-mail, get, update incl. `blocked`, delete),
 * roles (list, a user's, assign, remove), password-change tickets (the invitation and reset links) and the reset
 * of a user's second factor. The API calls it with the official `auth0` ManagementClient, so the same code
 * manages a real Auth0 tenant.
 *
 * Every call needs a client-credentials access token of the API's client for this audience (the server kit's
 * token check against the provider's own keys) holding the route's scope. Blocking, deleting or changing the
 * role of a user ends all of that user's sessions, grants and refresh tokens at once (REQ-auth: suspension
 * takes effect at the provider); the access tokens already out are JWTs the API checks against its own
 * directory on every call.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { bearerToken, createTokenCheck } from '@sentinel/server-kit';
import type { JWK } from 'jose';
import { DirectoryConflict, type AccountDirectory, type StoredAccount } from '../directory/types';
import { multifactorName } from '../passkeys';
import { API_CLIENT_ID } from '../settings';
import { MANAGEMENT_PATH, managementAudience, type ManagementScope } from './scopes';
import {
  claimsFromMetadata,
  invalidBody,
  ManagementProblem,
  parseCreateUser,
  parsePaging,
  parseRoleIds,
  parseTicketRequest,
  parseUpdateUser,
  newUserId,
  ROLE_LIST,
  roleAssignment,
  rolesOf,
  toAuth0User,
  unknownUser,
  userExists,
  type Auth0Role,
} from './users';

export type ManagementOptions = {
  directory: AccountDirectory;
  /** The provider's issuer, with its trailing slash: the tokens' issuer and the base of the links. */
  issuer: string;
  /** The provider's signing keys (their public parts check the tokens). */
  jwks: { keys: JWK[] };
  /** Ends every session, grant, refresh token and code of an account at the provider. */
  revokeAccount(sub: string): Promise<unknown>;
  /** Logs unexpected errors unless silent. */
  silent?: boolean;
};

type Reply = { status: number; body?: unknown };
type Call = {
  /** The path's variable parts, decoded (`users/{id}/roles` gives the id). */
  params: string[];
  query: URLSearchParams;
  body: unknown;
};
type Route = {
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  /** The path below /api/v2/, `*` standing for one variable segment. */
  path: string;
  scope: ManagementScope;
  run(call: Call): Promise<Reply>;
};

const STATUS_TEXT: Readonly<Record<number, string>> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  409: 'Conflict',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  500: 'Internal Server Error',
};

/** Bodies above this are refused before they are read whole: the largest real one is a few kilobytes. */
const MAX_BODY_BYTES = 64 * 1024;

/** Auth0's names of a passkey factor (passkeys.ts multifactorName). */
const isPasskeyProvider = (name: string) => name === 'webauthn-platform' || name === 'webauthn-roaming';

const publicJwk = ({ kty, n, e, kid, alg, use }: JWK): JWK => ({ kty, n, e, kid, alg, use });

function send(res: ServerResponse, reply: Reply, headers: Record<string, string> = {}) {
  const json = reply.body === undefined ? undefined : JSON.stringify(reply.body);
  res.writeHead(reply.status, {
    'cache-control': 'no-store',
    ...(json === undefined ? {} : { 'content-type': 'application/json; charset=utf-8' }),
    ...headers,
  });
  res.end(json);
}

const problemReply = (problem: ManagementProblem): Reply => ({
  status: problem.statusCode,
  body: {
    statusCode: problem.statusCode,
    error: STATUS_TEXT[problem.statusCode] ?? 'Error',
    message: problem.message,
    errorCode: problem.errorCode,
  },
});

async function readJsonBody(req: IncomingMessage): Promise<unknown> {
  const declared = Number(req.headers['content-length'] ?? 0);
  if (declared > MAX_BODY_BYTES) throw new ManagementProblem(413, 'Payload too large.', 'payload_too_large');
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) throw new ManagementProblem(413, 'Payload too large.', 'payload_too_large');
    chunks.push(chunk as Buffer);
  }
  const text = Buffer.concat(chunks).toString('utf8');
  if (!text.trim()) return undefined;
  const type = String(req.headers['content-type'] ?? '').toLowerCase();
  if (!type.startsWith('application/json')) {
    throw new ManagementProblem(415, 'Send the body as application/json.', 'unsupported_media_type');
  }
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new ManagementProblem(400, 'Invalid request payload JSON format.', 'invalid_body');
  }
}

/** The path below /api/v2/ as decoded segments; a malformed escape is a 400. */
function segmentsOf(pathname: string): string[] {
  try {
    return pathname
      .slice(MANAGEMENT_PATH.length)
      .split('/')
      .filter((part, i, all) => part !== '' || i < all.length - 1)
      .map((part) => decodeURIComponent(part));
  } catch {
    throw new ManagementProblem(400, 'The path is not valid.', 'invalid_uri');
  }
}

function match(route: Route, method: string, segments: string[]): string[] | undefined {
  if (route.method !== method) return undefined;
  const pattern = route.path.split('/');
  if (pattern.length !== segments.length) return undefined;
  const params: string[] = [];
  for (const [i, part] of pattern.entries()) {
    const segment = segments[i] ?? '';
    if (part === '*') {
      if (!segment) return undefined;
      params.push(segment);
    } else if (part !== segment) return undefined;
  }
  return params;
}

const paged = <T>(items: readonly T[], page: number, perPage: number) =>
  items.slice(page * perPage, (page + 1) * perPage);

/** Auth0's list answer: the items alone, or with `start`, `limit` and `total` when include_totals is true. */
function listReply(key: 'roles', items: readonly Auth0Role[], query: URLSearchParams): Reply {
  const { page, perPage, includeTotals } = parsePaging(query);
  const shown = paged(items, page, perPage);
  return {
    status: 200,
    body: includeTotals
      ? { [key]: shown, start: page * perPage, limit: perPage, total: items.length }
      : shown,
  };
}

export function createManagementHandler(options: ManagementOptions) {
  const { directory, issuer } = options;
  const checkToken = createTokenCheck({
    issuer,
    audience: managementAudience(issuer),
    keys: { keys: options.jwks.keys.map(publicJwk) },
    typ: 'at+jwt',
  });

  const existing = async (sub: string): Promise<StoredAccount> => {
    const account = await directory.find(sub);
    if (!account) throw unknownUser();
    return account;
  };
  /** The Auth0 user object of an account, its passkeys in `multifactor`. */
  const userOf = async (account: StoredAccount) =>
    toAuth0User(account, await directory.passkeys(account.sub));

  /**
   * An admin's "reset MFA": the authenticator app, every passkey and the recovery codes that went with it (REQ-auth-recovery-codes)
   * go together, so no old code still signs in; the user enrols again, with new codes, at the next sign-in.
   */
  const resetSecondFactor = async (sub: string) => {
    await directory.setTotpSecret(sub, undefined);
    await directory.removePasskeys(sub);
    await directory.setRecoveryCodes(sub, []);
  };

  /** Runs a directory write that may find the e-mail taken. */
  const unique = async <T>(write: () => Promise<T>): Promise<T> => {
    try {
      return await write();
    } catch (error) {
      if (error instanceof DirectoryConflict) throw userExists();
      throw error;
    }
  };

  /** Sets the user's single role (or none) and, when it changed, ends the user's sign-ins. */
  const setRole = async (account: StoredAccount, role: Parameters<typeof roleAssignment>[0]) => {
    const next = roleAssignment(role);
    if (next.role === account.role) return;
    await directory.update(account.sub, next);
    await options.revokeAccount(account.sub);
  };

  const routes: Route[] = [
    {
      method: 'POST',
      path: 'users',
      scope: 'create:users',
      async run({ body }) {
        const input = parseCreateUser(body);
        const sub = newUserId();
        const created = await unique(() =>
          directory.create({
            sub,
            email: input.email,
            name: input.name,
            given_name: input.given_name,
            family_name: input.family_name,
            ...(input.picture ? { picture: input.picture } : {}),
            // No role until the roles API assigns one: such an account's tokens carry no role and no
            // permission.
            role: '',
            roles: [],
            permissions: [],
            department: '',
            specializations: [],
            // The department and specializations app_metadata names are the token's claims too.
            ...claimsFromMetadata(input.appMetadata),
            appMetadata: input.appMetadata,
            ...(input.password !== undefined ? { password: input.password } : {}),
          }),
        );
        const account = input.blocked ? await directory.update(sub, { blocked: true }) : created;
        return { status: 201, body: await userOf(account ?? created) };
      },
    },
    {
      method: 'GET',
      path: 'users',
      scope: 'read:users',
      async run({ query }) {
        if (query.get('q') !== null) {
          throw new ManagementProblem(
            400,
            'Searching users (q) is not supported by this provider.',
            'invalid_query_string',
          );
        }
        const { page, perPage, includeTotals } = parsePaging(query);
        const { accounts, total } = await directory.list({ page, perPage });
        const users = await Promise.all(accounts.map(userOf));
        return {
          status: 200,
          body: includeTotals
            ? { start: page * perPage, limit: perPage, length: users.length, total, users }
            : users,
        };
      },
    },
    {
      method: 'GET',
      path: 'users-by-email',
      scope: 'read:users',
      async run({ query }) {
        const email = query.get('email')?.trim();
        if (!email)
          throw new ManagementProblem(
            400,
            'Query validation error: email is required.',
            'invalid_query_string',
          );
        const account = await directory.findByEmail(email);
        return { status: 200, body: account ? [await userOf(account)] : [] };
      },
    },
    {
      method: 'GET',
      path: 'users/*',
      scope: 'read:users',
      async run({ params: [id = ''] }) {
        return { status: 200, body: await userOf(await existing(id)) };
      },
    },
    {
      method: 'PATCH',
      path: 'users/*',
      scope: 'update:users',
      async run({ params: [id = ''], body }) {
        const account = await existing(id);
        const { patch, password } = parseUpdateUser(body, account);
        // The profile first: an e-mail taken by another account refuses the whole change, password included.
        if (Object.keys(patch).length && !(await unique(() => directory.update(id, patch))))
          throw unknownUser();
        if (password !== undefined) await directory.setPassword(id, password);
        const updated = await existing(id);
        // Blocking ends the user's sign-ins at once; findAccount refuses a blocked account from then on.
        if (patch.blocked === true) await options.revokeAccount(id);
        return { status: 200, body: await userOf(updated) };
      },
    },
    {
      method: 'DELETE',
      path: 'users/*',
      scope: 'delete:users',
      async run({ params: [id = ''] }) {
        if (!(await directory.remove(id))) throw unknownUser();
        await options.revokeAccount(id);
        return { status: 204 };
      },
    },
    {
      method: 'GET',
      path: 'roles',
      scope: 'read:roles',
      async run({ query }) {
        const filter = query.get('name_filter')?.trim().toLowerCase();
        const roles = filter ? ROLE_LIST.filter((r) => r.name.toLowerCase().includes(filter)) : ROLE_LIST;
        return listReply('roles', roles, query);
      },
    },
    {
      method: 'GET',
      path: 'users/*/roles',
      scope: 'read:users',
      async run({ params: [id = ''], query }) {
        return listReply('roles', rolesOf(await existing(id)), query);
      },
    },
    {
      method: 'POST',
      path: 'users/*/roles',
      scope: 'update:users',
      async run({ params: [id = ''], body }) {
        const roles = parseRoleIds(body);
        // The directory keeps one role per account, so assigning one replaces the one held (on Auth0 it adds
        // to them; the API removes the old role first, which works on both).
        if (roles.length > 1) {
          throw invalidBody(`'A user holds one role here: assign one role at a time' on property roles.`);
        }
        await setRole(await existing(id), roles[0]);
        return { status: 204 };
      },
    },
    {
      method: 'DELETE',
      path: 'users/*/roles',
      scope: 'update:users',
      async run({ params: [id = ''], body }) {
        const roles = parseRoleIds(body);
        const account = await existing(id);
        if (roles.some((role) => role === account.role)) await setRole(account, undefined);
        return { status: 204 };
      },
    },
    {
      method: 'POST',
      path: 'tickets/password-change',
      scope: 'create:user_tickets',
      async run({ body }) {
        const { userId, ttlSeconds } = parseTicketRequest(body);
        const account = await existing(userId);
        // The invitation page for someone who never set a password, the reset page otherwise: each says what
        // the person is doing, and a reset link cannot activate an invited account without its invitation.
        const kind = account.state === 'active' || account.passwordSetAt ? 'reset' : 'invitation';
        const { token } = await directory.createTicket(userId, kind, ttlSeconds);
        return { status: 201, body: { ticket: `${issuer}${kind}?ticket=${encodeURIComponent(token)}` } };
      },
    },
    // A second factor's reset (the admin's "reset MFA"): the user enrols again at the next sign-in. Served
    // under each of the SDK's three names for it (users.authenticationMethods.deleteAll,
    // users.authenticators.deleteAll, users.multifactor.deleteProvider).
    ...(['users/*/authentication-methods', 'users/*/authenticators'] as const).map((path): Route => ({
      method: 'DELETE',
      path,
      scope: 'update:users',
      async run({ params: [id = ''] }) {
        await existing(id);
        await resetSecondFactor(id);
        return { status: 204 };
      },
    })),
    {
      method: 'DELETE',
      path: 'users/*/multifactor/*',
      scope: 'update:users',
      async run({ params: [id = '', provider = ''] }) {
        if (provider !== 'google-authenticator' && !isPasskeyProvider(provider)) {
          throw new ManagementProblem(
            400,
            `The multifactor provider ${provider} is not enrolled here.`,
            'invalid_uri',
          );
        }
        await existing(id);
        if (provider === 'google-authenticator') await directory.setTotpSecret(id, undefined);
        else {
          // The passkeys Auth0 lists under that name (platform or roaming), the others kept.
          const ids = (await directory.passkeys(id)).filter((p) => multifactorName(p) === provider);
          await directory.removePasskeys(
            id,
            ids.map((p) => p.id),
          );
        }
        // The recovery codes go with the last second factor: with none left, the user enrols again.
        if (!(await directory.totpSecret(id)) && (await directory.passkeys(id)).length === 0)
          await directory.setRecoveryCodes(id, []);
        return { status: 204 };
      },
    },
  ];

  /** The scopes of the request's token; a missing or invalid token is a 401. */
  const authenticate = async (req: IncomingMessage): Promise<string[]> => {
    const token = bearerToken(req.headers.authorization);
    if (!token) throw new ManagementProblem(401, 'Missing authentication', 'missing_authentication');
    const checked = await checkToken(token);
    // Only the API's own client-credentials token: the audience is granted to nothing else (config.ts), and
    // this holds even if that ever widened by mistake.
    if (!checked.ok || checked.payload.client_id !== API_CLIENT_ID) {
      throw new ManagementProblem(401, 'Invalid token', 'invalid_token');
    }
    return String(checked.payload.scope ?? '').split(' ');
  };

  /** Answers a request under /api/v2/; false for any other path (the provider's own routes). */
  return async function management(req: IncomingMessage, res: ServerResponse): Promise<boolean> {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (!url.pathname.startsWith(MANAGEMENT_PATH)) return false;
    try {
      const segments = segmentsOf(url.pathname);
      const method = req.method ?? 'GET';
      let found: { route: Route; params: string[] } | undefined;
      for (const route of routes) {
        const params = match(route, method, segments);
        if (params) {
          found = { route, params };
          break;
        }
      }
      // Authenticated before the route is looked up: without a token nobody learns which routes exist.
      const scopes = await authenticate(req);
      if (!found) throw new ManagementProblem(404, 'Not Found', 'not_found');
      const { scope } = found.route;
      if (!scopes.includes(scope)) {
        throw new ManagementProblem(
          403,
          `Insufficient scope, expected any of: ${scope}`,
          'insufficient_scope',
        );
      }
      const body = method === 'GET' ? undefined : await readJsonBody(req);
      send(res, await found.route.run({ params: found.params, query: url.searchParams, body }));
    } catch (error) {
      if (error instanceof ManagementProblem) {
        const reply = problemReply(error);
        const challenge: Record<string, string> =
          error.statusCode === 401
            ? { 'www-authenticate': `Bearer realm="${managementAudience(issuer)}"` }
            : {};
        send(res, reply, challenge);
      } else {
        if (!options.silent) console.error('[idp management]', error);
        send(res, problemReply(new ManagementProblem(500, 'Internal error.', 'internal_error')));
      }
    }
    return true;
  };
}
