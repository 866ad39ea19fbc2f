/** Runtime settings of the calendar service, read from the environment with offline defaults (the stack). */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { LOOPBACK_HOSTS } from '@sentinel/domain';

export const DEFAULT_PORT = 4100;
export const DEFAULT_ISSUER = 'http://localhost:4000/';
/** The audience the identity provider's token exchange issues calendar tokens for. */
export const DEFAULT_CALENDAR_AUDIENCE = 'urn:sentinel:calendar';

const here = path.dirname(fileURLToPath(import.meta.url));
/** `apps/calendar/.data` (git-ignored): `events.json`. */
export const DEFAULT_DATA_DIR = path.resolve(here, '..', '.data');

export type CalendarSettings = {
  /** Port to listen on; 0 picks a free one (tests). */
  readonly port: number;
  readonly host: string;
  /** The token issuer, with its trailing slash (`iss`). */
  readonly issuer: string;
  /** The audience calendar tokens must name. */
  readonly audience: string;
  /** Where the issuer publishes its signing keys. */
  readonly jwksUrl: string;
  /** Folder of `events.json`. */
  readonly dataDir: string;
  readonly logLevel: string;
  /** The `Host` values it answers (`name` for any port, `name:port` for one). */
  readonly allowedHosts: readonly string[];
};

const withSlash = (url: string) => (url.endsWith('/') ? url : `${url}/`);

/**
 * Settings from CALENDAR_PORT, CALENDAR_HOST, CALENDAR_ISSUER (else AUTH_ISSUER), CALENDAR_AUDIENCE,
 * CALENDAR_JWKS_URL, CALENDAR_DATA_DIR, CALENDAR_LOG_LEVEL and CALENDAR_ALLOWED_HOSTS (comma-separated; the
 * loopback names by default). Empty values count as unset.
 */
export function settingsFromEnv(env: NodeJS.ProcessEnv = process.env): CalendarSettings {
  const value = (name: string) => env[name]?.trim() || undefined;
  const port = Number(value('CALENDAR_PORT') ?? DEFAULT_PORT);
  const issuer = withSlash(value('CALENDAR_ISSUER') ?? value('AUTH_ISSUER') ?? DEFAULT_ISSUER);
  const dataDir = value('CALENDAR_DATA_DIR');
  return {
    port: Number.isInteger(port) && port >= 0 && port < 65_536 ? port : DEFAULT_PORT,
    host: value('CALENDAR_HOST') ?? 'localhost',
    issuer,
    audience: value('CALENDAR_AUDIENCE') ?? DEFAULT_CALENDAR_AUDIENCE,
    jwksUrl: value('CALENDAR_JWKS_URL') ?? new URL('.well-known/jwks.json', issuer).href,
    dataDir: dataDir ? path.resolve(dataDir) : DEFAULT_DATA_DIR,
    logLevel: value('CALENDAR_LOG_LEVEL') ?? 'info',
    allowedHosts:
      value('CALENDAR_ALLOWED_HOSTS')
        ?.split(',')
        .map((host) => host.trim())
        .filter(Boolean) ?? LOOPBACK_HOSTS,
  };
}
