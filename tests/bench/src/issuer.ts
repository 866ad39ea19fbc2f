/**
 * A token issuer for benches that run the API in process: an RS256 key whose public half is published as a JWKS
 * on 127.0.0.1, as the identity provider publishes its own, so the server checks tokens exactly as in production
 * (createRemoteJWKSet over HTTP). One copy for every bench (api, knowledge, soak).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { buildServer, type ServerOptions } from '@sentinel/api';
import type { Store } from '@sentinel/api/store';
import { KNOWLEDGE, TEST_AUDIENCE, signAccessToken } from '@sentinel/api/testkit';
import type { PersonaKey } from '@sentinel/demo-data';
import { exportJWK, generateKeyPair, type CryptoKey, type JWTPayload } from 'jose';

/**
 * The per-user API limit for a server under a bench: the limiter runs on every call as in production (its cost is
 * measured), but its allowance is far above what one bench user sends (thousands of calls a second for minutes),
 * so no bench call is refused with 429. The default allowance (a burst of 1,200, then 20 a second) would refuse
 * them within a second.
 */
const BENCH_API_RATE_LIMIT = { limit: { requests: 1_000_000_000, windowSeconds: 30 } } as const;

/**
 * Our server as main.ts builds it (logger off), on `store`, checking tokens against the JWKS `issuer` serves over
 * HTTP, with the bench's API limit; `options` adds or replaces server options (another knowledge base, an
 * authorizer).
 */
export function benchServer(
  issuer: string,
  store: Store,
  options: Partial<ServerOptions> = {},
): ReturnType<typeof buildServer> {
  return buildServer({
    settings: {
      issuer,
      audience: TEST_AUDIENCE,
      jwksUrl: new URL('.well-known/jwks.json', issuer).href,
      portalDist: undefined,
      adminEmail: undefined,
    },
    store,
    knowledge: () => KNOWLEDGE,
    logger: false,
    apiRateLimit: BENCH_API_RATE_LIMIT,
    ...options,
  });
}

export type Issuer = {
  /** The `iss` of its tokens, with the trailing slash; its JWKS is at `.well-known/jwks.json` below it. */
  readonly issuer: string;
  readonly publicKey: CryptoKey;
  /** An API access token of the persona, issued now, with `claims` added or overridden (e.g. a longer `exp`). */
  readonly tokenFor: (persona: PersonaKey, claims?: JWTPayload) => Promise<string>;
  readonly close: () => Promise<void>;
};

export async function startIssuer(): Promise<Issuer> {
  const keys = await generateKeyPair('RS256', { extractable: true });
  const jwk = { ...(await exportJWK(keys.publicKey)), kid: 'test-key', alg: 'RS256', use: 'sig' };
  const server: Server = createServer((request, response) => {
    if (request.url === '/.well-known/jwks.json') {
      response.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify({ keys: [jwk] }));
    } else {
      response.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  return {
    issuer,
    publicKey: keys.publicKey,
    tokenFor: (persona, claims = {}) => signAccessToken(keys.privateKey, persona, claims, new Date(), issuer),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
