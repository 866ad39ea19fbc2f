/**
 * The Auth0 Management API v2 subset this provider serves (REQ-auth, real accounts): where it lives, which
 * scopes a client-credentials token for it carries, and the one database connection its users belong to.
 */

/** The Management API's base and the audience of its tokens, as on an Auth0 tenant: `${issuer}api/v2/`. */
export const managementAudience = (issuer: string) =>
  `${issuer.endsWith('/') ? issuer : `${issuer}/`}api/v2/`;

/** The path prefix the provider serves the API under. */
export const MANAGEMENT_PATH = '/api/v2/';

/**
 * The scopes of the API client's grant (Auth0 names). Each route needs one of them (./handler.ts). On a real
 * Auth0 tenant the role and second-factor routes need Auth0's finer scopes instead (create:role_members,
 * delete:role_members, delete:authentication_methods / delete:guardian_enrollments), which the API's client
 * grant there must hold.
 */
export const MANAGEMENT_SCOPES = [
  'read:users',
  'create:users',
  'update:users',
  'delete:users',
  'read:roles',
  'create:user_tickets',
] as const;
export type ManagementScope = (typeof MANAGEMENT_SCOPES)[number];

/** Auth0's default database connection: the only one here. */
export const DATABASE_CONNECTION = 'Username-Password-Authentication';

/** How long a Management API token lives (the SDK fetches a new one when it runs out). */
export const MANAGEMENT_TOKEN_SECONDS = 60 * 60;
