/** Runtime settings of the API, read from the environment with offline defaults (the embedded stack). */
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const DEFAULT_PORT = 3000;
export const DEFAULT_ISSUER = 'http://localhost:4000/';
export const DEFAULT_AUDIENCE = 'https://api.sentinel-health.example';

export type ApiSettings = {
  /** Port to listen on; 0 picks a free one (tests). */
  readonly port: number;
  readonly host: string;
  /** The token issuer, with its trailing slash as Auth0 and the embedded provider write it. */
  readonly issuer: string;
  /** The API audience the access tokens must name. */
  readonly audience: string;
  /** Where the issuer publishes its signing keys. */
  readonly jwksUrl: string;
  /** Folder of the embedded SQLite database. */
  readonly dataDir: string;
  /** PostgreSQL instead of SQLite when set. */
  readonly databaseUrl: string | undefined;
  /** The portal's production build, served beside /api when set (`npm start`). */
  readonly portalDist: string | undefined;
  /** §4 the configurable admin address of the role decision. */
  readonly adminEmail: string | undefined;
  readonly logLevel: string;
};

const here = path.dirname(fileURLToPath(import.meta.url));
export const DEFAULT_DATA_DIR = path.resolve(here, '..', '.data');

/** `https://tenant.auth0.com/` from AUTH0_DOMAIN given with or without scheme and slash. */
export function issuerFromDomain(domain: string): string {
  const withScheme = /^https?:\/\//.test(domain) ? domain : `https://${domain}`;
  return `${withScheme.replace(/\/+$/, '')}/`;
}

/**
 * Settings from API_PORT, API_HOST, AUTH_ISSUER (or AUTH0_DOMAIN), AUTH0_AUDIENCE, AUTH_JWKS_URL, API_DATA_DIR,
 * DATABASE_URL, PORTAL_DIST, ADMIN_EMAIL and LOG_LEVEL. The same names configure the portal, so one
 * environment points both at a real Auth0 tenant.
 */
export function settingsFromEnv(env: NodeJS.ProcessEnv = process.env): ApiSettings {
  const issuer = env.AUTH_ISSUER
    ? issuerFromDomain(env.AUTH_ISSUER)
    : env.AUTH0_DOMAIN
      ? issuerFromDomain(env.AUTH0_DOMAIN)
      : DEFAULT_ISSUER;
  return {
    port: Number(env.API_PORT ?? DEFAULT_PORT),
    host: env.API_HOST ?? 'localhost',
    issuer,
    audience: env.AUTH0_AUDIENCE ?? DEFAULT_AUDIENCE,
    jwksUrl: env.AUTH_JWKS_URL ?? new URL('.well-known/jwks.json', issuer).href,
    dataDir: env.API_DATA_DIR ? path.resolve(env.API_DATA_DIR) : DEFAULT_DATA_DIR,
    databaseUrl: env.DATABASE_URL || undefined,
    portalDist: env.PORTAL_DIST ? path.resolve(env.PORTAL_DIST) : undefined,
    adminEmail: env.ADMIN_EMAIL || undefined,
    logLevel: env.LOG_LEVEL ?? 'info',
  };
}
