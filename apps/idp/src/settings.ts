/** Runtime settings of the embedded identity provider, read from the environment with offline defaults. */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { secondFactorRolesFrom, unknownSecondFactorRolesMessage, type Role } from '@sentinel/domain';
import { readSettings, SettingsError } from '@sentinel/server-kit';
import { parseSecretsKey } from './directory/encryption';

export const DEFAULT_PORT = 4000;
export const PORTAL_CLIENT_ID = 'sentinel-portal';
export const DEFAULT_PORTAL_ORIGIN = 'http://localhost:5173';
export const DEFAULT_API_AUDIENCE = 'https://api.sentinel-health.example';
export const API_SCOPES = ['read:health_data', 'write:health_data'] as const;
/**
 * The API's own confidential client: it exchanges a user's API access token for a calendar-scoped one (the
 * token vault). Its secret is created at run time (api-client.json in the data folder) or given by
 * IDP_API_CLIENT_SECRET; it is never committed.
 */
export const API_CLIENT_ID = 'sentinel-api';
/** The calendar service's audience: tokens for it come only from a token exchange by the API client. */
export const DEFAULT_CALENDAR_AUDIENCE = 'urn:sentinel:calendar';
export const OIDC_SCOPES = ['openid', 'profile', 'email', 'offline_access'] as const;
export const TOKEN_EXCHANGE_GRANT = 'urn:ietf:params:oauth:grant-type:token-exchange';
export const COOKIE_PREFIX = 'sentinel_idp';

export type IdpSettings = {
  /** Port to listen on; 0 picks a free one (tests). */
  port: number;
  /** Host to bind. */
  host: string;
  /** Issuer identifier with a trailing slash (`http://localhost:4000/`), as auth0-spa-js expects in `iss`. */
  issuer?: string;
  /** The portal origin: the only CORS origin, and the base of the allowed redirect and logout URIs. */
  portalOrigin: string;
  /** Extra allowed redirect / post-logout URIs. */
  extraRedirectUris: readonly string[];
  /** The API audience (resource indicator) access tokens are issued for. */
  apiAudience: string;
  /** The calendar service's audience (token exchange by the API client); DEFAULT_CALENDAR_AUDIENCE when unset. */
  calendarAudience?: string;
  /** The API client's secret; when unset, created once and kept in `<dataDir>/api-client.json`. */
  apiClientSecret?: string;
  /** Folder holding signing keys, cookie keys, the persisted sessions, grants and tokens, and TOTP steps. */
  dataDir: string;
  /**
   * Proxies whose X-Forwarded-For is believed (addresses, CIDR ranges or `loopback`); none (the default): the peer
   * of the socket is the client and the header is ignored. The sign-in limits key on the address this gives.
   */
  trustedProxies?: readonly string[];
  /**
   * A postgres:// URL for the account directory (IDP_DATABASE_URL, else DATABASE_URL, which the API may share:
   * the directory's tables are prefixed `idp_`); unset: `<dataDir>/accounts.sqlite`.
   */
  databaseUrl?: string;
  /** The key the directory encrypts TOTP secrets with (base64, 32 bytes); unset: `<dataDir>/secrets.key`. */
  secretsKey?: string;
  /**
   * Roles that must enrol and give a second factor besides doctor, admin and manage:users (MFA_REQUIRED_ROLES,
   * the variable the API reads too, REQ-auth-mfa-roles); none when unset.
   */
  mfaRequiredRoles?: readonly Role[];
};

const here = path.dirname(fileURLToPath(import.meta.url));
export const DEFAULT_DATA_DIR = path.resolve(here, '..', '.data');

/**
 * Settings from IDP_PORT, IDP_HOST, IDP_ISSUER, IDP_PORTAL_ORIGIN, IDP_REDIRECT_URIS, IDP_API_AUDIENCE,
 * IDP_CALENDAR_AUDIENCE, IDP_API_CLIENT_SECRET, IDP_DATA_DIR, IDP_TRUSTED_PROXIES (comma-separated),
 * IDP_DATABASE_URL (else DATABASE_URL), IDP_SECRETS_KEY and MFA_REQUIRED_ROLES (comma-separated, shared with the
 * API). Empty values count as unset; an unusable port, host, URL or role name is a SettingsError naming the
 * variable (never quoting a database URL or a key: they hold secrets).
 */
export function settingsFromEnv(env: NodeJS.ProcessEnv = process.env): IdpSettings {
  // The issuer and the portal origin are checked as URLs but kept as written: `iss` and the CORS origin are
  // compared as text.
  const read = readSettings(env);
  read.url('IDP_ISSUER');
  read.url('IDP_PORTAL_ORIGIN');
  const issuer = read.value('IDP_ISSUER');
  // The secret exactly as given (not trimmed): the API sends it as configured on its side.
  const apiClientSecret = env.IDP_API_CLIENT_SECRET;
  const dataDir = read.value('IDP_DATA_DIR');
  return {
    port: read.port('IDP_PORT', DEFAULT_PORT),
    host: read.host('IDP_HOST', 'localhost'),
    ...(issuer ? { issuer } : {}),
    portalOrigin: (read.value('IDP_PORTAL_ORIGIN') ?? DEFAULT_PORTAL_ORIGIN).replace(/\/+$/, ''),
    extraRedirectUris: read.list('IDP_REDIRECT_URIS', []),
    apiAudience: read.value('IDP_API_AUDIENCE') ?? DEFAULT_API_AUDIENCE,
    calendarAudience: read.value('IDP_CALENDAR_AUDIENCE') ?? DEFAULT_CALENDAR_AUDIENCE,
    ...(apiClientSecret ? { apiClientSecret } : {}),
    dataDir: dataDir ? path.resolve(dataDir) : DEFAULT_DATA_DIR,
    trustedProxies: read.list('IDP_TRUSTED_PROXIES', []),
    mfaRequiredRoles: mfaRequiredRoles(read.list('MFA_REQUIRED_ROLES', [])),
    ...directorySettings(env),
  };
}

/** A name that is no role stops the start: a typo must not leave a role without the factor it was meant to need. */
function mfaRequiredRoles(names: readonly string[]): readonly Role[] {
  const { roles, unknown } = secondFactorRolesFrom(names);
  if (unknown.length) throw new SettingsError(unknownSecondFactorRolesMessage('MFA_REQUIRED_ROLES', unknown));
  return roles;
}

function directorySettings(env: NodeJS.ProcessEnv): Pick<IdpSettings, 'databaseUrl' | 'secretsKey'> {
  const read = readSettings(env);
  const urlName = read.value('IDP_DATABASE_URL') ? 'IDP_DATABASE_URL' : 'DATABASE_URL';
  const databaseUrl = read.value(urlName);
  if (databaseUrl !== undefined) {
    const protocol = URL.canParse(databaseUrl) ? new URL(databaseUrl).protocol : undefined;
    if (protocol !== 'postgres:' && protocol !== 'postgresql:') {
      throw new SettingsError(`${urlName} must be a postgres:// or postgresql:// URL.`);
    }
  }
  const secretsKey = read.value('IDP_SECRETS_KEY');
  if (secretsKey !== undefined && !parseSecretsKey(secretsKey)) {
    throw new SettingsError('IDP_SECRETS_KEY must be base64 of 32 bytes (e.g. `openssl rand -base64 32`).');
  }
  return { ...(databaseUrl ? { databaseUrl } : {}), ...(secretsKey ? { secretsKey } : {}) };
}

/** The issuer for a bound port: the configured one, else `http://localhost:<port>/`; always with a trailing slash. */
export function issuerFor(settings: Pick<IdpSettings, 'issuer'>, port: number): string {
  const base = settings.issuer ?? `http://localhost:${port}`;
  return base.endsWith('/') ? base : `${base}/`;
}
