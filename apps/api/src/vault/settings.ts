/**
 * Settings of the token vault: where the calendar service is, and how the API obtains calendar tokens (the
 * identity provider's token exchange, with the API's own client credentials). Read from the environment with
 * offline defaults (the embedded stack).
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { CalendarScope } from '@sentinel/domain/contract';

export const DEFAULT_CALENDAR_URL = 'http://localhost:4100';
export const DEFAULT_CALENDAR_AUDIENCE = 'urn:sentinel:calendar';
export const DEFAULT_API_CLIENT_ID = 'sentinel-api';
/** Where the embedded identity provider keeps the API client's secret (created at run time, git-ignored). */
export const DEFAULT_API_CLIENT_SECRET_FILE = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../idp/.data/api-client.json',
);
/** Calls to the identity provider and the calendar give up after this long (REQ-limit-http-timeout HTTP timeout: 10 s; ours is shorter). */
export const DEFAULT_VAULT_TIMEOUT_MS = 5_000;

/** The identity provider's token exchange (RFC 8693) as the API's confidential client calls it. */
export type IdpExchangeSettings = {
  /** The token endpoint, e.g. http://localhost:4000/oauth/token. */
  readonly tokenEndpoint: string;
  readonly audience: string;
  readonly clientId: string;
  /** The client secret, or the JSON file holding it (`{ client_secret }`), read at each exchange. */
  readonly clientSecret: { readonly value: string } | { readonly file: string };
};

/** A calendar token for one user and one scope. */
export type ExchangedToken = { readonly accessToken: string; readonly expiresIn: number };

/** Obtains a calendar token for the user whose API access token is `subjectToken`. */
export type TokenExchanger = (request: {
  readonly sub: string;
  readonly subjectToken: string;
  readonly scope: CalendarScope;
}) => Promise<ExchangedToken>;

export type VaultSettings = {
  /** Base URL of the calendar service, without a trailing slash. */
  readonly calendarUrl: string;
  /** The identity provider's token exchange, or an exchanger of one's own (tests). */
  readonly exchange: IdpExchangeSettings | TokenExchanger;
  readonly timeoutMs?: number;
};

/**
 * Settings from CALENDAR_URL, CALENDAR_AUDIENCE, TOKEN_EXCHANGE_URL (default: the issuer's /oauth/token),
 * API_CLIENT_ID, and API_CLIENT_SECRET or API_CLIENT_SECRET_FILE (default: apps/idp/.data/api-client.json).
 */
export function vaultSettingsFromEnv(env: NodeJS.ProcessEnv, issuer: string): VaultSettings {
  const value = (name: string) => env[name]?.trim() || undefined;
  const secret = value('API_CLIENT_SECRET');
  return {
    calendarUrl: (value('CALENDAR_URL') ?? DEFAULT_CALENDAR_URL).replace(/\/+$/, ''),
    exchange: {
      tokenEndpoint: value('TOKEN_EXCHANGE_URL') ?? new URL('oauth/token', issuer).href,
      audience: value('CALENDAR_AUDIENCE') ?? DEFAULT_CALENDAR_AUDIENCE,
      clientId: value('API_CLIENT_ID') ?? DEFAULT_API_CLIENT_ID,
      clientSecret: secret
        ? { value: secret }
        : { file: path.resolve(value('API_CLIENT_SECRET_FILE') ?? DEFAULT_API_CLIENT_SECRET_FILE) },
    },
  };
}
