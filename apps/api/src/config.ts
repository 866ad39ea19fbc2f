/** Runtime settings of the API, read from the environment with offline defaults (the embedded stack). */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { secondFactorRolesFrom, unknownSecondFactorRolesMessage, type Role } from '@sentinel/domain';
import {
  defaultJwksUrl,
  readSettings,
  SettingsError,
  type ResourceServerSettings,
} from '@sentinel/server-kit';
import type { IdentityAdminSettings } from './identityAdmin';
import { DEFAULT_API_CLIENT_ID, DEFAULT_API_CLIENT_SECRET_FILE } from './vault/settings';

export const DEFAULT_PORT = 3000;
export const DEFAULT_ISSUER = 'http://localhost:4000/';
export const DEFAULT_AUDIENCE = 'https://api.sentinel-health.example';

/** Where it listens, whose tokens it accepts (the API audience), and what it serves from where. */
export type ApiSettings = ResourceServerSettings & {
  /** Folder of the embedded SQLite database. */
  readonly dataDir: string;
  /** PostgreSQL instead of SQLite when set. */
  readonly databaseUrl: string | undefined;
  /** The portal's production build, served beside /api when set (`npm start`). */
  readonly portalDist: string | undefined;
  /** REQ-auth-role-email the configurable admin address of the role decision. */
  readonly adminEmail: string | undefined;
  /** REQ-auth-mfa-roles roles that need a second factor besides doctor, admin and manage:users. */
  readonly mfaRequiredRoles: readonly Role[];
  /** Which language model the assistant calls (assistant/README.md). */
  readonly model: ModelSettings;
};

/**
 * The assistant's model, by configuration: Hugging Face Inference Providers when HF_TOKEN is set, else any
 * OpenAI-compatible server at MODEL_ENDPOINT_URL (the built-in demo model when MODEL_BUILTIN=1), else none: the
 * replies are the domain's canned answers. The token stays in this object: never in a response or a log line.
 */
export type ModelSettings =
  | { readonly kind: 'none' }
  | {
      readonly kind: 'huggingface';
      readonly token: string;
      readonly model: string;
      /** An Inference Provider (`hf-inference`, `together`, ...); unset lets the router pick ('auto'). */
      readonly provider: string | undefined;
    }
  | {
      readonly kind: 'endpoint';
      /** Base URL of the OpenAI-compatible API, usually ending in /v1. */
      readonly url: string;
      readonly model: string;
      /** The built-in demo model started with the stack (apps/model). */
      readonly builtin: boolean;
      /**
       * MODEL_API_KEY, sent as `Authorization: Bearer <token>`: the key of a hosted endpoint, or the one the stack
       * generates at start for the built-in model, which answers nobody without it.
       */
      readonly token?: string | undefined;
    };

/** A chat model served by most Inference Providers without a licence gate. */
export const DEFAULT_HF_MODEL = 'Qwen/Qwen2.5-7B-Instruct';
/** The built-in demo model's name (apps/model). */
export const BUILTIN_MODEL_NAME = 'sentinel-demo';

/**
 * HF_TOKEN (+ HF_MODEL, HF_PROVIDER), else MODEL_ENDPOINT_URL (+ MODEL_NAME, MODEL_BUILTIN, MODEL_API_KEY), else
 * none.
 */
export function modelSettingsFromEnv(env: NodeJS.ProcessEnv = process.env): ModelSettings {
  const token = env.HF_TOKEN?.trim();
  if (token) {
    return {
      kind: 'huggingface',
      token,
      model: env.HF_MODEL?.trim() || DEFAULT_HF_MODEL,
      provider: env.HF_PROVIDER?.trim() || undefined,
    };
  }
  const url = env.MODEL_ENDPOINT_URL?.trim();
  if (url) {
    const builtin = env.MODEL_BUILTIN === '1' || env.MODEL_BUILTIN === 'true';
    return {
      kind: 'endpoint',
      url: url.replace(/\/+$/, ''),
      model: env.MODEL_NAME?.trim() || (builtin ? BUILTIN_MODEL_NAME : ''),
      builtin,
      token: env.MODEL_API_KEY?.trim() || undefined,
    };
  }
  return { kind: 'none' };
}

const here = path.dirname(fileURLToPath(import.meta.url));
export const DEFAULT_DATA_DIR = path.resolve(here, '..', '.data');

/** `https://tenant.auth0.com/` from AUTH0_DOMAIN given with or without scheme and slash. */
export function issuerFromDomain(domain: string): string {
  const withScheme = /^https?:\/\//.test(domain) ? domain : `https://${domain}`;
  return `${withScheme.replace(/\/+$/, '')}/`;
}

/**
 * Settings from API_PORT, API_HOST, AUTH_ISSUER (or AUTH0_DOMAIN), AUTH0_AUDIENCE, AUTH_JWKS_URL, API_DATA_DIR,
 * DATABASE_URL, PORTAL_DIST, ADMIN_EMAIL, MFA_REQUIRED_ROLES and LOG_LEVEL, and the model (`modelSettingsFromEnv`).
 * The same names configure the portal, so one environment points both at a real Auth0 tenant. An unusable
 * port, host, JWKS URL, log level or role name is a SettingsError naming the variable.
 */
export function settingsFromEnv(env: NodeJS.ProcessEnv = process.env): ApiSettings {
  const issuer = env.AUTH_ISSUER
    ? issuerFromDomain(env.AUTH_ISSUER)
    : env.AUTH0_DOMAIN
      ? issuerFromDomain(env.AUTH0_DOMAIN)
      : DEFAULT_ISSUER;
  const read = readSettings(env);
  return {
    port: read.port('API_PORT', DEFAULT_PORT),
    host: read.host('API_HOST', 'localhost'),
    issuer,
    audience: env.AUTH0_AUDIENCE ?? DEFAULT_AUDIENCE,
    jwksUrl: read.url('AUTH_JWKS_URL', defaultJwksUrl(issuer)),
    dataDir: env.API_DATA_DIR ? path.resolve(env.API_DATA_DIR) : DEFAULT_DATA_DIR,
    databaseUrl: env.DATABASE_URL || undefined,
    portalDist: env.PORTAL_DIST ? path.resolve(env.PORTAL_DIST) : undefined,
    adminEmail: env.ADMIN_EMAIL || undefined,
    mfaRequiredRoles: mfaRequiredRolesFrom(env),
    logLevel: read.logLevel('LOG_LEVEL'),
    model: modelSettingsFromEnv(env),
  };
}

/**
 * MFA_REQUIRED_ROLES (REQ-auth-mfa-roles): comma-separated role names that need a second factor besides the
 * fixed ones; the provider reads the same variable, so it asks those roles to enrol. A name that is no role
 * stops the start: a typo must not leave a role without the second factor it was meant to need.
 */
export function mfaRequiredRolesFrom(env: NodeJS.ProcessEnv): readonly Role[] {
  const { roles, unknown } = secondFactorRolesFrom(readSettings(env).list('MFA_REQUIRED_ROLES', []));
  if (unknown.length) throw new SettingsError(unknownSecondFactorRolesMessage('MFA_REQUIRED_ROLES', unknown));
  return roles;
}

/** Auth0's default database connection (the embedded provider's only one). */
export const DEFAULT_CONNECTION = 'Username-Password-Authentication';

/**
 * The identity provider's Management API as the user-management routes call it (REQ-users-sign-in):
 * AUTH0_MANAGEMENT_DOMAIN (a tenant's canonical domain when sign-in uses a custom domain; default: the issuer),
 * AUTH0_CONNECTION (the database connection new users go to; default Auth0's Username-Password-Authentication),
 * and the API's client credentials the token vault uses too: API_CLIENT_ID, and API_CLIENT_SECRET or
 * API_CLIENT_SECRET_FILE (default: the embedded provider's apps/idp/.data/api-client.json). Mail goes through
 * SMTP_URL and MAIL_FROM (the server kit's createMailer).
 */
export function identityAdminSettingsFromEnv(env: NodeJS.ProcessEnv, issuer: string): IdentityAdminSettings {
  const value = (name: string) => env[name]?.trim() || undefined;
  const domain = value('AUTH0_MANAGEMENT_DOMAIN');
  const secret = value('API_CLIENT_SECRET');
  return {
    url: domain ? issuerFromDomain(domain) : issuer,
    clientId: value('API_CLIENT_ID') ?? DEFAULT_API_CLIENT_ID,
    clientSecret: secret
      ? { value: secret }
      : { file: path.resolve(value('API_CLIENT_SECRET_FILE') ?? DEFAULT_API_CLIENT_SECRET_FILE) },
    connection: value('AUTH0_CONNECTION') ?? DEFAULT_CONNECTION,
  };
}
