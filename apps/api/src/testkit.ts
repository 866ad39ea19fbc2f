/**
 * Test support: a server on a throwaway store with its own signing key, and access tokens for the personas
 * shaped like the identity provider's (issuer, audience, RS256, roles and permissions claims, amr).
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CLAIM_NAMESPACE } from '@sentinel/domain';
import { loadKnowledge } from '@sentinel/knowledge/node';
import { FIXED_NOW, PERSONAS, seed, signInMethodsFor, type PersonaKey } from '@sentinel/demo-data';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { SignJWT, createLocalJWKSet, exportJWK, generateKeyPair, type JWTPayload } from 'jose';
import type { Result } from '@sentinel/domain';
import type { ApprovalRequest } from '@sentinel/domain/contract';
import { createTokenVerifier } from './auth';
import {
  createMemoryIdentityAdmin,
  createMemoryMailer,
  proposeAsAccount,
  type IdentityAdmin,
  type Mailer,
} from '@sentinel/service';
import { buildServer, type ServerOptions } from './server';
import { openStore } from './store/index';
import type { Store } from './store/types';

export const TEST_ISSUER = 'http://localhost:4000/';
export type { TokenExchanger } from './vault';
export { startFakeOpenAi, streamPieces, type FakeOpenAi } from './assistant/fakeOpenai';
export const TEST_AUDIENCE = 'https://api.sentinel-health.example';

const knowledge = loadKnowledge();
if (!knowledge.ok) throw new Error(knowledge.error.message);
export const KNOWLEDGE = knowledge.value;

export type SigningKey = Awaited<ReturnType<typeof generateKeyPair>>['privateKey'];

export type TestServer = {
  readonly app: FastifyInstance;
  readonly store: Store;
  readonly dataDir: string;
  /** A signed access token for a persona (or any subject), with claims overridden as given. */
  readonly tokenFor: (who: PersonaKey | { sub: string }, claims?: JWTPayload) => Promise<string>;
  readonly keys: { readonly privateKey: SigningKey; readonly publicKey: SigningKey };
  /** The identity provider the user routes manage: in memory, one account per seeded user, unless given. */
  readonly identity: IdentityAdmin;
  /** The mailer of the user routes (a test that reads the mail passes its own `createMemoryMailer()`). */
  readonly mailer: Mailer;
  /** Closes the server and the store and removes the data folder (unless kept). */
  readonly close: (options?: { keepData?: boolean }) => Promise<void>;
};

export type TestServerOptions = {
  /** Reuse a data folder (restart tests). */
  readonly dataDir?: string;
  readonly databaseUrl?: string;
  /** Reuse a signing key (restart tests). */
  readonly key?: { privateKey: SigningKey; publicKey: SigningKey };
  readonly portalDist?: string;
  /** The server's clock; FIXED_NOW by default, as the mocks. */
  readonly now?: () => Date;
  /** Fine-grained authorization (default: local evaluation of our model). */
  readonly authorizer?: ServerOptions['authorizer'];
  /** The knowledge base (default: the bundled one, KNOWLEDGE). */
  readonly knowledge?: ServerOptions['knowledge'];
  /** A logger for the server (tests that read the log lines); silent by default. */
  readonly logger?: ServerOptions['logger'];
  /** The assistant's model; none by default (the canned demo answers, as the mock API gives them). */
  readonly model?: ServerOptions['model'];
  /** The chat limit's size and clock. */
  readonly chatRateLimit?: ServerOptions['chatRateLimit'];
  /** The token vault's calendar and token exchange (default: the embedded stack's, http://localhost:4100). */
  readonly vault?: ServerOptions['vault'];
  /** The identity provider and mailer of the user routes (default: `createMemoryIdentityAdmin` and `createMemoryMailer`). */
  readonly people?: ServerOptions['people'];
  /** Roles that need a second factor besides the fixed ones (the MFA_REQUIRED_ROLES setting); none by default. */
  readonly mfaRequiredRoles?: ServerOptions['settings']['mfaRequiredRoles'];
};

/** Signs an access token the way the identity provider does (by default as the embedded one, TEST_ISSUER). */
export async function signAccessToken(
  key: SigningKey,
  who: PersonaKey | { sub: string },
  claims: JWTPayload = {},
  now: Date = new Date(),
  issuer: string = TEST_ISSUER,
): Promise<string> {
  const persona = typeof who === 'string' ? PERSONAS[who] : undefined;
  const sub = persona?.sub ?? (who as { sub: string }).sub;
  const iat = Math.floor(now.getTime() / 1000);
  return (
    new SignJWT({
      ...(persona
        ? {
            [`${CLAIM_NAMESPACE}roles`]: [...persona.roles],
            [`${CLAIM_NAMESPACE}permissions`]: [...persona.permissions],
            // A persona signs in as the identity provider has them; a test passes `amr` in the claims for another sign-in.
            amr: signInMethodsFor(persona),
          }
        : {}),
      scope: 'openid profile email offline_access',
      ...claims,
    })
      .setProtectedHeader({ alg: 'RS256', typ: 'at+jwt', kid: 'test-key' })
      // Claims given by the caller win, so tests can forge a wrong audience or an expired token.
      .setIssuer(claims.iss ?? issuer)
      .setAudience(claims.aud ?? TEST_AUDIENCE)
      .setSubject(sub)
      .setIssuedAt(claims.iat ?? iat)
      .setExpirationTime(claims.exp ?? iat + 3600)
      .sign(key)
  );
}

export async function startTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  const keys = options.key ?? (await generateKeyPair('RS256', { extractable: true }));
  const jwk = { ...(await exportJWK(keys.publicKey)), kid: 'test-key', alg: 'RS256', use: 'sig' };
  const dataDir = options.dataDir ?? mkdtempSync(path.join(tmpdir(), 'sentinel-api-test-'));
  const now = options.now ?? (() => FIXED_NOW);
  const seeded = seed(FIXED_NOW);
  const store = await openStore({ dataDir, databaseUrl: options.databaseUrl, seed: seeded });
  const people = options.people ?? {
    identity: createMemoryIdentityAdmin(seeded.users),
    mailer: createMemoryMailer(),
  };
  const app = await buildServer({
    settings: {
      issuer: TEST_ISSUER,
      audience: TEST_AUDIENCE,
      jwksUrl: 'http://unused.invalid/',
      portalDist: options.portalDist,
      adminEmail: undefined,
      ...(options.mfaRequiredRoles ? { mfaRequiredRoles: options.mfaRequiredRoles } : {}),
    },
    store,
    knowledge: options.knowledge ?? (() => KNOWLEDGE),
    verify: createTokenVerifier({
      issuer: TEST_ISSUER,
      audience: TEST_AUDIENCE,
      keys: createLocalJWKSet({ keys: [jwk] }),
    }),
    now,
    ...(options.logger ? { logger: options.logger } : {}),
    ...(options.authorizer ? { authorizer: options.authorizer } : {}),
    ...(options.model ? { model: options.model } : {}),
    ...(options.chatRateLimit ? { chatRateLimit: options.chatRateLimit } : {}),
    ...(options.vault ? { vault: options.vault } : {}),
    people,
  });
  await app.ready();
  return {
    app,
    store,
    dataDir,
    keys,
    identity: people.identity,
    mailer: people.mailer,
    tokenFor: (who, claims) => signAccessToken(keys.privateKey, who, claims),
    close: async ({ keepData = false } = {}) => {
      await app.close();
      await store.close();
      if (!keepData && !options.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A new, empty PostgreSQL database next to the one `baseUrl` names (its role must be allowed to create
 * databases), for one test's store; `drop()` removes it once every connection to it is closed.
 */
export async function createTestDatabase(
  baseUrl: string,
): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `sentinel_test_${randomUUID().replaceAll('-', '')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.href,
    drop: async () => {
      const again = new pg.Client({ connectionString: baseUrl });
      await again.connect();
      try {
        await again.query(`DROP DATABASE IF EXISTS ${name}`);
      } finally {
        await again.end();
      }
    },
  };
}

/**
 * What the assistant's prescription tool does for `who`, the only way an approval request comes to exist: files
 * `proposal` at `now` in a transaction of its own. For tests that need approval requests without a chat.
 */
export async function proposeAs(
  store: Store,
  who: PersonaKey,
  proposal: unknown,
  now: Date,
): Promise<Result<ApprovalRequest>> {
  return proposeAsAccount(
    store,
    { sub: PERSONAS[who].sub, amr: signInMethodsFor(PERSONAS[who]) },
    proposal,
    now,
  );
}
