/**
 * Access tokens (ASVS V3.5, V13.1; HIPAA 164.312(d)): the API accepts only RS256 tokens signed by a key the
 * configured issuer publishes at the configured JWKS URL, for our issuer and audience, inside their lifetime,
 * and only from the Authorization header. Every forgery starts from the same well-formed token, which is shown
 * to be accepted, and changes one thing. The server under test reads its keys over HTTP exactly as main.ts
 * does (no `verify` override), so the tests also watch where it connects.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { TEST_AUDIENCE, TEST_ISSUER, signAccessToken } from '@sentinel/api/testkit';
import { ROUTES, ROUTE_NAMES, type ErrorBody } from '@sentinel/domain/contract';
import { DEMO_TOTP_SECRET, PERSONAS, PERSONA_LIST } from '@sentinel/demo-data';
import { startIdp, type RunningIdp } from '@sentinel/idp';
import { PORTAL_CLIENT_ID } from '@sentinel/idp/settings';
import { Browser, PORTAL, authorizeUrl, currentTotp, formAction, newPkce } from '@sentinel/idp/testkit';
import { decodeJwt, decodeProtectedHeader, exportSPKI, type JWK, type JWTPayload } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  compactJwt,
  createSigningKey,
  epochSeconds,
  expectContractError,
  hmacSigner,
  noSignature,
  pssSigner,
  recordOutbound,
  rsaSigner,
  send,
  startApiServer,
  startCountingServer,
  startJwksServer,
  type ApiServer,
  type CountingServer,
  type Keys,
  type Outbound,
} from './support';

const KID = 'test-key';
const HEADER = { alg: 'RS256', typ: 'at+jwt', kid: KID } as const;

describe('access tokens checked against the issuer’s published keys', () => {
  let issuerKey: Keys & { jwk: JWK };
  let attackerKey: Keys & { jwk: JWK };
  let jwks: CountingServer;
  let attacker: CountingServer;
  let api: ApiServer;
  let outbound: Outbound;
  /** The claims of Jane's access token as the identity provider writes them, issued now. */
  let janeClaims: () => Promise<JWTPayload>;

  beforeAll(async () => {
    [issuerKey, attackerKey] = await Promise.all([createSigningKey(KID), createSigningKey('attacker-key')]);
    outbound = recordOutbound();
    jwks = await startJwksServer([issuerKey.jwk]);
    // The attacker's own key set, named by the jku and x5u headers below: the server must never ask for it.
    attacker = await startCountingServer((_request, response) => {
      response
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ keys: [{ ...attackerKey.jwk, kid: KID }] }));
    });
    api = await startApiServer({ jwksUrl: `${jwks.origin}/.well-known/jwks.json` });
    janeClaims = async () => decodeJwt(await signAccessToken(issuerKey.privateKey, 'jane'));
  });

  afterAll(async () => {
    outbound.stop();
    await api.close();
    await jwks.close();
    await attacker.close();
  });

  const me = (token: string) => send(api.app, { url: '/api/me', token });
  const signed = async (claims: Partial<JWTPayload> = {}, header: Record<string, unknown> = HEADER) =>
    compactJwt(header, { ...(await janeClaims()), ...claims }, rsaSigner(issuerKey.privateKey));
  const byAttacker = async (header: Record<string, unknown>) =>
    compactJwt(header, await janeClaims(), rsaSigner(attackerKey.privateKey));

  it('accepts the well-formed token every forgery below starts from', async () => {
    const answer = await me(await signed());
    expect(answer.status).toBe(200);
    expect(answer.json).toMatchObject({ user: { sub: PERSONAS.jane.sub } });
  });

  it('accepts a token expired 2 s ago and one valid from 2 s ahead (the 5 s clock leeway)', async () => {
    const now = epochSeconds();
    expect((await me(await signed({ exp: now - 2 }))).status).toBe(200);
    expect((await me(await signed({ nbf: now + 2 }))).status).toBe(200);
  });

  type Forgery = { readonly name: string; readonly token: () => Promise<string> };
  const FORGERIES: readonly Forgery[] = [
    ...['none', 'None', 'NONE'].map((alg) => ({
      name: `a token with alg "${alg}" and no signature`,
      token: async () => compactJwt({ alg, typ: 'JWT' }, await janeClaims(), noSignature),
    })),
    {
      name: 'a token with alg none that still carries the issuer’s valid RS256 signature',
      token: async () => {
        const valid = (await signed()).split('.');
        const header = Buffer.from(JSON.stringify({ alg: 'none', typ: 'at+jwt', kid: KID })).toString(
          'base64url',
        );
        return `${header}.${valid[1]}.${valid[2]}`;
      },
    },
    {
      name: 'an HS256 token whose HMAC secret is the issuer’s RSA public key (PEM)',
      token: async () =>
        compactJwt(
          { alg: 'HS256', typ: 'JWT', kid: KID },
          await janeClaims(),
          hmacSigner(await exportSPKI(issuerKey.publicKey)),
        ),
    },
    {
      name: 'an HS256 token whose HMAC secret is the issuer’s public JWK as published',
      token: async () =>
        compactJwt(
          { alg: 'HS256', typ: 'JWT', kid: KID },
          await janeClaims(),
          hmacSigner(JSON.stringify(issuerKey.jwk)),
        ),
    },
    {
      name: 'a token whose header has no alg (signed RS256 with the issuer’s key)',
      token: async () => signed({}, { typ: 'at+jwt', kid: KID }),
    },
    {
      name: 'a token signed with the issuer’s key but RS512',
      token: async () =>
        compactJwt(
          { ...HEADER, alg: 'RS512' },
          await janeClaims(),
          rsaSigner(issuerKey.privateKey, 'sha512'),
        ),
    },
    {
      name: 'a token signed with the issuer’s key but PS256',
      token: async () =>
        compactJwt({ ...HEADER, alg: 'PS256' }, await janeClaims(), pssSigner(issuerKey.privateKey)),
    },
    {
      name: 'a token from another issuer',
      token: () => signed({ iss: 'http://localhost:4001/' }),
    },
    {
      name: 'a token whose issuer lacks the trailing slash',
      token: () => signed({ iss: TEST_ISSUER.replace(/\/$/, '') }),
    },
    {
      name: 'a token for another audience',
      token: () => signed({ aud: 'https://another-api.example' }),
    },
    {
      name: 'a token whose audience list does not name the API',
      token: () => signed({ aud: [PORTAL_CLIENT_ID, 'urn:sentinel:calendar'] }),
    },
    {
      name: 'a token expired 6 s ago (1 s past the leeway)',
      token: () => signed({ exp: epochSeconds() - 6 }),
    },
    {
      name: 'a token without exp',
      token: async () => {
        const claims = await janeClaims();
        delete claims.exp;
        return compactJwt(HEADER, claims, rsaSigner(issuerKey.privateKey));
      },
    },
    {
      name: 'a token not valid before a minute from now',
      token: () => signed({ nbf: epochSeconds() + 60 }),
    },
    {
      name: 'an id token of the portal (audience the portal’s client id, no at+jwt type, a nonce)',
      token: async () =>
        compactJwt(
          { alg: 'RS256', kid: KID },
          {
            ...(await janeClaims()),
            aud: PORTAL_CLIENT_ID,
            azp: PORTAL_CLIENT_ID,
            nonce: 'n-0S6_WzA2Mj',
            scope: undefined,
          },
          rsaSigner(issuerKey.privateKey),
        ),
    },
    {
      name: 'a token signed by another key with a jku header naming that key’s JWKS',
      token: () => byAttacker({ ...HEADER, jku: `${attacker.origin}/.well-known/jwks.json` }),
    },
    {
      name: 'a token signed by another key with an x5u header naming that key’s certificate URL',
      token: () => byAttacker({ ...HEADER, x5u: `${attacker.origin}/cert.pem` }),
    },
    {
      name: 'a token signed by another key that embeds that key as a jwk header',
      token: () => byAttacker({ ...HEADER, jwk: { ...attackerKey.jwk, kid: KID } }),
    },
    {
      name: 'a token signed by another key that names the issuer’s key id',
      token: () => byAttacker(HEADER),
    },
    ...[`${'../'.repeat(8)}dev/null`, `${KID}' OR '1'='1`, 'attacker-key', `${'x'.repeat(2_000)}`].map(
      (kid) => ({
        name: `a token signed by another key whose kid points elsewhere (${kid.slice(0, 24)})`,
        token: () => byAttacker({ ...HEADER, kid }),
      }),
    ),
  ];

  const refusals: ErrorBody[] = [];

  for (const forgery of FORGERIES) {
    it(`refuses ${forgery.name} with 401 and the contract’s body`, async () => {
      const answer = await me(await forgery.token());
      expect(answer.status, forgery.name).toBe(401);
      refusals.push(expectContractError(answer, 'unauthorized', forgery.name));
      expect(answer.headers['www-authenticate']).toMatch(/^Bearer /);
    });
  }

  it('answers every forgery alike, so a caller cannot tell which check failed', () => {
    expect(refusals).toHaveLength(FORGERIES.length);
    expect(new Set(refusals.map((body) => JSON.stringify(body))).size).toBe(1);
  });

  it('reads no token from the query string or a form body, only from the Authorization header', async () => {
    const token = await signed();
    const inQuery = await send(api.app, { url: `/api/me?access_token=${token}` });
    expect(inQuery.status).toBe(401);
    expectContractError(inQuery, 'unauthorized');
    const inForm = await send(api.app, {
      method: 'POST',
      url: '/api/chat',
      payload: `access_token=${token}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(inForm.status).toBe(401);
    expectContractError(inForm, 'unauthorized');
    // The same token in the header is fine, so the refusals above are about where it was sent.
    expect((await me(token)).status).toBe(200);
  });

  it('refuses a missing or non-bearer Authorization header on every contract route', async () => {
    const token = await signed();
    for (const name of ROUTE_NAMES) {
      const url = ROUTES[name].path.replace(':id', 'rec-001');
      for (const authorization of [undefined, `Basic ${token}`, token, `Bearer ${token} ${token}`]) {
        const answer = await send(api.app, {
          method: ROUTES[name].method,
          url,
          ...(authorization ? { headers: { authorization } } : {}),
        });
        expect(answer.status, `${name} with ${authorization?.slice(0, 12) ?? 'no header'}`).toBe(401);
      }
    }
  });

  it('makes no outbound request except to the configured JWKS, even for tokens that name other URLs', async () => {
    // Everything above ran with the recorder on; add the ordinary work of a signed-in patient to it.
    const token = await signed();
    for (const name of ROUTE_NAMES.filter(
      (n) => ROUTES[n].method === 'GET' && !ROUTES[n].path.includes(':'),
    )) {
      const url = name === 'searchKnowledge' ? `${ROUTES[name].path}?q=diabetes` : ROUTES[name].path;
      expect((await send(api.app, { url, token })).status, name).toBeLessThan(500);
    }
    const chat = await send(api.app, {
      method: 'POST',
      url: '/api/chat',
      token,
      body: { messages: [{ role: 'user', content: 'What helps with type 2 diabetes?' }] },
    });
    expect(chat.status).toBe(200);

    expect(jwks.requests.length, 'the server fetched the issuer’s keys').toBeGreaterThan(0);
    expect(new Set(jwks.requests)).toEqual(new Set(['GET /.well-known/jwks.json']));
    expect(attacker.requests, 'requests the attacker’s server received').toEqual([]);
    expect(new Set(outbound.fetches)).toEqual(new Set([`${jwks.origin}/.well-known/jwks.json`]));
    expect(new Set(outbound.connections)).toEqual(new Set([`127.0.0.1:${jwks.port}`]));
  });
});

/** Jane's tokens from the embedded identity provider, through its sign-in pages as the portal gets them. */
async function signInAtIdp(idp: RunningIdp): Promise<{ accessToken: string; idToken: string }> {
  const persona = PERSONAS.jane;
  const browser = new Browser(idp.url);
  const pkce = newPkce();
  const start = await browser.follow(authorizeUrl(pkce));
  let final = await browser.postForm(formAction(await start.res.text()), {
    email: persona.email,
    password: persona.password,
  });
  if (persona.mfa) {
    final = await browser.postForm(formAction(await final.res.text()), {
      code: currentTotp(DEMO_TOTP_SECRET),
    });
  }
  const code = final.url.searchParams.get('code');
  if (!code) throw new Error('the sign-in did not come back with a code');
  const response = await fetch(`${idp.url}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: PORTAL },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      client_id: PORTAL_CLIENT_ID,
      code,
      code_verifier: pkce.verifier,
      redirect_uri: PORTAL,
    }),
  });
  if (!response.ok) throw new Error(`the code exchange failed: ${response.status}`);
  const tokens = (await response.json()) as { access_token: string; id_token: string };
  return { accessToken: tokens.access_token, idToken: tokens.id_token };
}

describe('tokens of the real identity provider', () => {
  let idp: RunningIdp;
  let idpDataDir: string;
  let api: ApiServer;
  let tokens: { accessToken: string; idToken: string };

  beforeAll(async () => {
    idpDataDir = mkdtempSync(path.join(tmpdir(), 'sentinel-security-idp-'));
    idp = await startIdp(
      {
        port: 0,
        host: 'localhost',
        portalOrigin: PORTAL,
        extraRedirectUris: [],
        apiAudience: TEST_AUDIENCE,
        dataDir: idpDataDir,
      },
      { accounts: PERSONA_LIST, silent: true },
    );
    tokens = await signInAtIdp(idp);
    api = await startApiServer({ issuer: idp.issuer, jwksUrl: `${idp.url}/.well-known/jwks.json` });
  });

  afterAll(async () => {
    await api?.close();
    await idp?.close();
    rmSync(idpDataDir, { recursive: true, force: true });
  });

  it('an id token differs from the access token by its audience (the portal’s client id) and type', () => {
    expect(decodeJwt(tokens.idToken).aud).toBe(PORTAL_CLIENT_ID);
    expect(decodeJwt(tokens.accessToken).aud).toBe(TEST_AUDIENCE);
    expect(decodeProtectedHeader(tokens.accessToken).typ).toBe('at+jwt');
    expect(decodeProtectedHeader(tokens.idToken).typ).not.toBe('at+jwt');
  });

  it('refuses the provider’s id token used as an access token, and accepts its access token', async () => {
    const outbound = recordOutbound();
    try {
      const withId = await send(api.app, { url: '/api/me', token: tokens.idToken });
      expect(withId.status).toBe(401);
      expectContractError(withId, 'unauthorized');
      const withAccess = await send(api.app, { url: '/api/me', token: tokens.accessToken });
      expect(withAccess.status).toBe(200);
      // The API reached the provider only for its key set.
      expect(new Set(outbound.fetches)).toEqual(new Set([`${idp.url}/.well-known/jwks.json`]));
    } finally {
      outbound.stop();
    }
  });
});
