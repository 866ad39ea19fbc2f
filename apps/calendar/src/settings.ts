/** Runtime settings of the calendar service, read from the environment with offline defaults (the stack). */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { LOOPBACK_HOSTS } from '@sentinel/domain';
import { defaultJwksUrl, readSettings, type ResourceServerSettings } from '@sentinel/server-kit';

export const DEFAULT_PORT = 4100;
export const DEFAULT_ISSUER = 'http://localhost:4000/';
/** The audience the identity provider's token exchange issues calendar tokens for. */
export const DEFAULT_CALENDAR_AUDIENCE = 'urn:sentinel:calendar';

const here = path.dirname(fileURLToPath(import.meta.url));
/** `apps/calendar/.data` (git-ignored): `events.json`. */
export const DEFAULT_DATA_DIR = path.resolve(here, '..', '.data');

/** Where it listens, and the identity provider whose calendar-audience tokens it accepts. */
export type CalendarSettings = ResourceServerSettings & {
  /** Folder of `events.json`. */
  readonly dataDir: string;
  /** The `Host` values it answers (`name` for any port, `name:port` for one). */
  readonly allowedHosts: readonly string[];
};

const withSlash = (url: string) => (url.endsWith('/') ? url : `${url}/`);

/**
 * Settings from CALENDAR_PORT, CALENDAR_HOST, CALENDAR_ISSUER (else AUTH_ISSUER), CALENDAR_AUDIENCE,
 * CALENDAR_JWKS_URL, CALENDAR_DATA_DIR, CALENDAR_LOG_LEVEL and CALENDAR_ALLOWED_HOSTS (comma-separated; the
 * loopback names by default). Empty values count as unset; an unusable one is a SettingsError naming it.
 */
export function settingsFromEnv(env: NodeJS.ProcessEnv = process.env): CalendarSettings {
  const read = readSettings(env);
  const issuerName = read.value('CALENDAR_ISSUER') ? 'CALENDAR_ISSUER' : 'AUTH_ISSUER';
  // Checked as a URL but kept as written: a token's `iss` is compared with it as text.
  read.url(issuerName);
  const issuer = withSlash(read.value(issuerName) ?? DEFAULT_ISSUER);
  const dataDir = read.value('CALENDAR_DATA_DIR');
  return {
    port: read.port('CALENDAR_PORT', DEFAULT_PORT),
    host: read.host('CALENDAR_HOST', 'localhost'),
    issuer,
    audience: read.value('CALENDAR_AUDIENCE') ?? DEFAULT_CALENDAR_AUDIENCE,
    jwksUrl: read.url('CALENDAR_JWKS_URL', defaultJwksUrl(issuer)),
    dataDir: dataDir ? path.resolve(dataDir) : DEFAULT_DATA_DIR,
    logLevel: read.logLevel('CALENDAR_LOG_LEVEL'),
    allowedHosts: read.list('CALENDAR_ALLOWED_HOSTS', LOOPBACK_HOSTS),
  };
}
