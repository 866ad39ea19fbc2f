/**
 * The identity provider's user management for the API (REQ-users-sign-in): @sentinel/service's
 * `IdentityAdmin` over the official `auth0` ManagementClient, so the same code manages the embedded provider
 * (apps/idp serves the Management API v2 subset) and a real Auth0 tenant. The client authenticates with the
 * API's own client credentials (`sentinel-api`, the secret the token vault uses too) for the audience
 * `<provider>/api/v2/`.
 *
 * The SDK speaks https to `https://<domain>/` only; for the embedded provider on http://localhost (or a
 * provider under a path) its own `fetch` option rewrites those URLs to the provider's base. Roles are found by
 * their display name (the roles claim's, `roleClaimName`), so a tenant's own role ids work as well as the
 * embedded `rol_<role>`. The invitation is a password-change ticket valid 72 hours, recorded on the account as
 * `app_metadata.invitation` (so the list tells invited from expired on a real tenant too).
 */
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { roleClaimName, type Role, type SecondFactorKind } from '@sentinel/domain';
import {
  INVITATION_TTL_SECONDS,
  IdentityAdminError,
  invitationExpiry,
  signInStatusOf,
  type IdentityAdmin,
  type IdentityPatch,
  type SignInSnapshot,
} from '@sentinel/service';
import { ManagementClient, ManagementError, type Management } from 'auth0';
import { DEFAULT_CONNECTION } from './config';
/** REQ-limit-http-timeout: calls to other services give up within 10 seconds. */
export const DEFAULT_IDENTITY_TIMEOUT_SECONDS = 10;
/** Users per page of the listing (Auth0's maximum). */
const PAGE_SIZE = 100;

export type IdentityAdminSettings = {
  /** The provider's base URL with a trailing slash: `http://localhost:4000/`, `https://tenant.eu.auth0.com/`. */
  readonly url: string;
  readonly clientId: string;
  /** The client secret, or the JSON file holding it (`{ client_secret }`), read when first needed. */
  readonly clientSecret: { readonly value: string } | { readonly file: string };
  /** The database connection new users are created in. */
  readonly connection?: string;
  readonly timeoutSeconds?: number;
};

const unavailable = (message: string) => new IdentityAdminError('unavailable', message);

/** The provider's words for a refusal, shortened, for the audit trail (never a secret: bodies hold none). */
function detailOf(error: ManagementError): string {
  const body = error.body as { message?: unknown; errorCode?: unknown } | undefined;
  const message = typeof body?.message === 'string' ? body.message : error.message;
  return `${error.statusCode ?? 'no status'} ${message}`.slice(0, 200);
}

/** Any rejection of the SDK as the port's error: 409 conflict, 404 not-found, everything else unavailable. */
export function identityFailureOf(error: unknown): IdentityAdminError {
  if (error instanceof IdentityAdminError) return error;
  if (error instanceof ManagementError) {
    if (error.statusCode === 409) return new IdentityAdminError('conflict', detailOf(error));
    if (error.statusCode === 404) return new IdentityAdminError('not-found', detailOf(error));
    return unavailable(detailOf(error));
  }
  return unavailable(error instanceof Error ? `${error.name}: ${error.message}` : String(error));
}

async function secretOf(settings: IdentityAdminSettings): Promise<string> {
  if ('value' in settings.clientSecret) return settings.clientSecret.value;
  let parsed: unknown;
  try {
    parsed = JSON.parse(await readFile(settings.clientSecret.file, 'utf8'));
  } catch {
    throw unavailable('the API client secret file cannot be read');
  }
  const secret = (parsed as { client_secret?: unknown } | null)?.client_secret;
  if (typeof secret !== 'string' || secret === '')
    throw unavailable('the API client secret file holds no client_secret');
  return secret;
}

/**
 * The SDK's fetch for a provider that is not `https://<host>/`: the URLs it builds (`https://<host>/api/v2/...`
 * and `https://<host>/oauth/token`) go to the provider's real base instead. Undefined when none is needed.
 */
export function bridgeFetch(base: URL, send: typeof fetch = fetch): typeof fetch | undefined {
  if (base.protocol === 'https:' && base.pathname === '/') return undefined;
  const sdkBase = `https://${base.host}/`;
  const realBase = base.href.endsWith('/') ? base.href : `${base.href}/`;
  return (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (!url.startsWith(sdkBase)) return send(input, init);
    const target = `${realBase}${url.slice(sdkBase.length)}`;
    return input instanceof Request ? send(new Request(target, input), init) : send(target, init);
  };
}

/** The random password a tenant that insists on one gets at creation: nobody knows it; the invitation sets theirs. */
const unusablePassword = () => `${randomBytes(32).toString('base64url')}aA1!`;

const SECOND_FACTORS: Readonly<Record<string, SecondFactorKind>> = {
  'google-authenticator': 'totp',
  otp: 'totp',
  totp: 'totp',
  'webauthn-roaming': 'passkey',
  'webauthn-platform': 'passkey',
  passkey: 'passkey',
};

const isoOrUndefined = (value: unknown) =>
  typeof value === 'string' && !Number.isNaN(Date.parse(value)) ? new Date(value).toISOString() : undefined;

/**
 * REQ-users-sign-in from an Auth0 user object: a password is set once `last_password_reset` is there or the
 * user has signed in; the invitation's expiry is the one the API recorded in app_metadata.
 */
export function signInOfAuth0User(
  user: Pick<
    Management.UserResponseSchema,
    'last_password_reset' | 'logins_count' | 'last_login' | 'multifactor' | 'app_metadata'
  >,
  now: Date,
): SignInSnapshot {
  const invitation = (user.app_metadata as { invitation?: { expires_at?: unknown } } | undefined)?.invitation;
  const factors = (user.multifactor ?? []).flatMap((name) => {
    const kind = SECOND_FACTORS[name];
    return kind ? [kind] : [];
  });
  return signInStatusOf(
    {
      passwordSet: Boolean(user.last_password_reset) || (user.logins_count ?? 0) > 0,
      invitationExpiresAt: isoOrUndefined(invitation?.expires_at),
      secondFactors: factors,
      lastLogin: isoOrUndefined(user.last_login),
    },
    now,
  );
}

/** Auth0 refused the creation because its connection needs a password (Auth0's database connections do). */
const wantsPassword = (error: unknown) =>
  error instanceof ManagementError &&
  error.statusCode === 400 &&
  /password/i.test(JSON.stringify(error.body ?? error.message));

export function createIdentityAdmin(settings: IdentityAdminSettings): IdentityAdmin {
  const base = new URL(settings.url.endsWith('/') ? settings.url : `${settings.url}/`);
  const connection = settings.connection ?? DEFAULT_CONNECTION;
  let client: Promise<ManagementClient> | undefined;
  let roleIds: Promise<ReadonlyMap<string, string>> | undefined;

  /** Made on first use: the embedded provider writes the secret file at its own first start. */
  const management = () => {
    client ??= secretOf(settings).then((clientSecret) => {
      const fetch = bridgeFetch(base);
      return new ManagementClient({
        domain: base.host,
        audience: `${base.href}api/v2/`,
        clientId: settings.clientId,
        clientSecret,
        timeoutInSeconds: settings.timeoutSeconds ?? DEFAULT_IDENTITY_TIMEOUT_SECONDS,
        // One retry of a 429 or 5xx; an unreachable provider should not hold the admin's screen long.
        maxRetries: 1,
        ...(fetch ? { fetch } : {}),
      });
    });
    // A failed start (no secret yet) is tried again on the next call.
    client.catch(() => {
      client = undefined;
    });
    return client;
  };

  /** The tenant's role ids by display name, read once. */
  const roles = () => {
    roleIds ??= management().then(async (api) => {
      const ids = new Map<string, string>();
      for await (const role of await api.roles.list({ per_page: PAGE_SIZE, include_totals: true })) {
        if (role.name && role.id) ids.set(role.name, role.id);
      }
      return ids;
    });
    roleIds.catch(() => {
      roleIds = undefined;
    });
    return roleIds;
  };
  const roleIdOf = async (role: Role) => {
    const id = (await roles()).get(roleClaimName(role));
    if (!id) throw unavailable(`the provider has no role named ${roleClaimName(role)}`);
    return id;
  };

  /** The user holds exactly `role` afterwards: other roles removed first (Auth0 adds, the embedded replaces). */
  const setRole = async (api: ManagementClient, userId: string, role: Role) => {
    const wanted = await roleIdOf(role);
    const held: string[] = [];
    for await (const current of await api.users.roles.list(userId, {
      per_page: PAGE_SIZE,
      include_totals: true,
    })) {
      if (current.id) held.push(current.id);
    }
    const others = held.filter((id) => id !== wanted);
    if (others.length) await api.users.roles.delete(userId, { roles: others });
    if (!held.includes(wanted)) await api.users.roles.assign(userId, { roles: [wanted] });
  };

  const metadataOf = (patch: Pick<IdentityPatch, 'department' | 'specializations'>) => ({
    ...(patch.department !== undefined ? { department: patch.department } : {}),
    ...(patch.specializations !== undefined ? { specializations: [...patch.specializations] } : {}),
  });

  /** Runs `work` with the client; every rejection becomes an IdentityAdminError. */
  const run = async <T>(work: (api: ManagementClient) => Promise<T>): Promise<T> => {
    try {
      return await work(await management());
    } catch (error) {
      throw identityFailureOf(error);
    }
  };

  return {
    createUser: (user) =>
      run(async (api) => {
        const request: Management.CreateUserRequestContent = {
          connection,
          email: user.email,
          name: user.name,
          app_metadata: metadataOf(user),
        };
        const created = await api.users.create(request).catch(async (error: unknown) => {
          if (!wantsPassword(error)) throw error;
          return api.users.create({ ...request, password: unusablePassword() });
        });
        const userId = created.user_id;
        if (!userId) throw unavailable('the provider created a user without a user_id');
        try {
          await setRole(api, userId, user.role);
        } catch (error) {
          // Nothing half-created: an account without its role is removed again.
          await api.users.delete(userId).catch(() => undefined);
          throw error;
        }
        return { userId };
      }),

    inviteUser: (userId, now) =>
      run(async (api) => {
        const { ticket } = await api.tickets.changePassword({
          user_id: userId,
          ttl_sec: INVITATION_TTL_SECONDS,
          mark_email_as_verified: true,
        });
        if (!ticket) throw unavailable('the provider made no ticket');
        const expiresAt = invitationExpiry(now);
        await api.users.update(userId, {
          app_metadata: { invitation: { sent_at: now.toISOString(), expires_at: expiresAt } },
        });
        return { link: ticket, expiresAt };
      }),

    updateUser: (userId, patch) =>
      run(async (api) => {
        const metadata = metadataOf(patch);
        const profile: Management.UpdateUserRequestContent = {
          ...(patch.blocked !== undefined ? { blocked: patch.blocked } : {}),
          ...(patch.name !== undefined ? { name: patch.name } : {}),
          ...(Object.keys(metadata).length ? { app_metadata: metadata } : {}),
        };
        if (Object.keys(profile).length) await api.users.update(userId, profile);
        if (patch.role !== undefined) await setRole(api, userId, patch.role);
      }),

    deleteUser: (userId) =>
      run(async (api) => {
        await api.users.delete(userId);
      }),

    signInStates: (now) =>
      run(async (api) => {
        const states = new Map<string, SignInSnapshot>();
        for await (const user of await api.users.list({ per_page: PAGE_SIZE, include_totals: true })) {
          if (user.user_id) states.set(user.user_id, signInOfAuth0User(user, now));
        }
        return states;
      }),

    signInOf: async (userId, now) => {
      try {
        return await run(async (api) => signInOfAuth0User(await api.users.get(userId), now));
      } catch (error) {
        if (error instanceof IdentityAdminError && error.kind === 'not-found') return undefined;
        throw error;
      }
    },

    resetSecondFactor: (userId) =>
      run(async (api) => {
        await api.users.authenticationMethods.deleteAll(userId);
      }),
  };
}
