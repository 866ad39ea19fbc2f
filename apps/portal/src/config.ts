/**
 * Sign-in settings, fixed at build time from the Vite environment. They are public identifiers (the browser
 * sends all of them to the identity provider anyway), never secrets. By default they point at the embedded
 * identity provider of apps/idp; README.md explains how to point them at a real Auth0 tenant.
 */
export type AuthConfig = {
  /** The identity provider: 'http://localhost:4000' (embedded) or a tenant such as 'acme.eu.auth0.com'. */
  domain: string;
  clientId: string;
  /** The API the access token is for. */
  audience: string;
  /** The one configured administrator address of the role decision (REQ-auth-role-email), if any. */
  adminEmail?: string;
};

export const DEFAULT_AUTH_CONFIG = {
  domain: 'http://localhost:4000',
  clientId: 'sentinel-portal',
  audience: 'https://api.sentinel-health.example',
} as const satisfies AuthConfig;

type Env = Readonly<Record<string, string | boolean | undefined>>;

const setting = (env: Env, name: string): string | undefined => {
  const value = env[name];
  return typeof value === 'string' && value.trim() ? value.trim() : undefined;
};

/**
 * Reads the settings from an environment (import.meta.env in the app). The domain loses any trailing slash:
 * the SDK appends '/' itself and then expects the token issuer to be exactly 'http://localhost:4000/'.
 */
export function authConfigFrom(env: Env): AuthConfig {
  const adminEmail = setting(env, 'VITE_ADMIN_EMAIL');
  return {
    domain: (setting(env, 'VITE_AUTH0_DOMAIN') ?? DEFAULT_AUTH_CONFIG.domain).replace(/\/+$/, ''),
    clientId: setting(env, 'VITE_AUTH0_CLIENT_ID') ?? DEFAULT_AUTH_CONFIG.clientId,
    audience: setting(env, 'VITE_AUTH0_AUDIENCE') ?? DEFAULT_AUTH_CONFIG.audience,
    ...(adminEmail ? { adminEmail } : {}),
  };
}

export const authConfig: AuthConfig = authConfigFrom(import.meta.env);
