/**
 * Response headers (ASVS 14.4, 14.5.3, 8.1.1; HIPAA 164.312(e)(1)): the portal page's Content Security Policy,
 * nosniff, Referrer-Policy, Cross-Origin-Opener-Policy, HSTS only behind TLS, `Cache-Control: no-store` and
 * `Content-Disposition: attachment` on every /api answer, and no CORS grant to any other origin.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { TEST_ISSUER, signAccessToken, startTestServer, type TestServer } from '@sentinel/api/testkit';
import { MAX_REQUEST_BODY_BYTES } from '@sentinel/domain/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSigningKey, send, type Answer, type Call } from './support';

const IDENTITY_ORIGIN = new URL(TEST_ISSUER).origin;

/** The directives of a policy, each with its sources. */
function policyOf(answer: Answer): Map<string, string[]> {
  const header = answer.headers['content-security-policy'];
  expect(typeof header, 'a Content-Security-Policy header').toBe('string');
  return new Map(
    String(header)
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name = '', ...sources]) => [name.toLowerCase(), sources]),
  );
}

let server: TestServer;
let dist: string;
let token: string;

beforeAll(async () => {
  dist = mkdtempSync(path.join(tmpdir(), 'sentinel-security-portal-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(
    path.join(dist, 'index.html'),
    '<!doctype html><html><head><script type="module" src="/assets/app.js"></script></head><body></body></html>',
  );
  writeFileSync(path.join(dist, 'assets', 'app.js'), 'export {};');
  writeFileSync(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"></svg>');
  const key = await createSigningKey('test-key');
  server = await startTestServer({ key, portalDist: dist });
  token = await signAccessToken(key.privateKey, 'jane');
});

afterAll(async () => {
  await server.close();
  rmSync(dist, { recursive: true, force: true });
});

const call = (request: Call) => send(server.app, request);

describe('the portal page’s Content Security Policy', () => {
  for (const url of ['/', '/patient-dashboard', '/index.html']) {
    it(`${url} may run scripts and styles only from its own origin, and be framed by nobody`, async () => {
      const page = await call({ url });
      expect(page.status).toBe(200);
      expect(String(page.headers['content-type'])).toMatch(/^text\/html/);
      const policy = policyOf(page);
      expect(policy.get('script-src')).toEqual(["'self'"]);
      expect(policy.get('style-src')).toEqual(["'self'"]);
      expect(policy.get('object-src')).toEqual(["'none'"]);
      expect(policy.get('base-uri')).toEqual(["'none'"]);
      expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
      expect(policy.get('img-src')).toEqual(["'self'", 'data:']);
      expect(policy.get('default-src')).toEqual(["'self'"]);
    });
  }

  it('lets the page call only its own origin (the API) and the identity provider', async () => {
    const policy = policyOf(await call({ url: '/' }));
    expect(policy.get('connect-src')).toEqual(["'self'", IDENTITY_ORIGIN]);
    expect(policy.get('frame-src')).toEqual([IDENTITY_ORIGIN]);
  });

  it('a revalidated page (304) keeps its own policy: the answer carries none that would replace it', async () => {
    // Browsers copy a 304's headers onto the stored page; a non-page policy there blocked the portal's scripts
    // on reload (seen in Chromium before this was fixed).
    for (const url of ['/', '/index.html', '/patient-dashboard']) {
      const first = await call({ url });
      const etag = String(first.headers.etag ?? '');
      expect(etag, url).not.toBe('');
      const again = await call({ url, headers: { 'if-none-match': etag } });
      expect(again.status, url).toBe(304);
      const policy = again.headers['content-security-policy'];
      if (policy !== undefined) expect(policy).toBe(first.headers['content-security-policy']);
    }
  });

  it('allows no inline or evaluated code and no wildcard source anywhere', async () => {
    const header = String((await call({ url: '/' })).headers['content-security-policy']);
    expect(header).not.toMatch(/unsafe-inline|unsafe-eval|unsafe-hashes|\*|\bhttps?:(?!\/\/)|\bblob:/);
  });

  it('the portal’s index.html has no inline script, style or handler that would need more than self', () => {
    const here = path.dirname(fileURLToPath(import.meta.url));
    const html = readFileSync(path.resolve(here, '../../../apps/portal/index.html'), 'utf8');
    const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attributes = '', body = ''] of scripts) {
      expect(attributes).toMatch(/\bsrc=/);
      expect(body.trim()).toBe('');
    }
    expect(html).not.toMatch(/<style\b|\sstyle=|\son[a-z]+=/i);
  });

  it('answers other than the page allow nothing to load and nobody to frame them', async () => {
    for (const url of ['/api/records', '/assets/app.js', '/favicon.svg', '/api/nothing']) {
      const policy = policyOf(await call({ url, token }));
      expect(policy.get('default-src'), url).toEqual(["'none'"]);
      expect(policy.get('frame-ancestors'), url).toEqual(["'none'"]);
    }
  });
});

/** One of each kind of answer: page, asset, data, refusals of every sort, and the chat's event stream. */
const ANSWERS: readonly { label: string; request: () => Call; status: number }[] = [
  { label: 'the portal page', request: () => ({ url: '/' }), status: 200 },
  { label: 'a portal asset', request: () => ({ url: '/assets/app.js' }), status: 200 },
  { label: 'patient data', request: () => ({ url: '/api/records', token }), status: 200 },
  { label: 'a 401', request: () => ({ url: '/api/records' }), status: 401 },
  { label: 'a 403', request: () => ({ url: '/api/users', token }), status: 403 },
  { label: 'a 404 of a route', request: () => ({ url: '/api/records/rec-999', token }), status: 404 },
  { label: 'a 404 of no route', request: () => ({ url: '/api/nothing-here', token }), status: 404 },
  { label: 'a malformed path', request: () => ({ url: '/api/records/%E0%A4%A', token }), status: 400 },
  {
    label: 'a 415',
    request: () => ({
      method: 'POST',
      url: '/api/chat',
      token,
      payload: 'hello',
      headers: { 'content-type': 'text/plain' },
    }),
    status: 415,
  },
  {
    label: 'a 413',
    request: () => ({
      method: 'POST',
      url: '/api/chat',
      token,
      payload: ' '.repeat(MAX_REQUEST_BODY_BYTES + 1),
      headers: { 'content-type': 'application/json' },
    }),
    status: 413,
  },
  {
    label: 'the chat’s event stream',
    request: () => ({
      method: 'POST',
      url: '/api/chat',
      token,
      body: { messages: [{ role: 'user', content: 'Hello' }] },
    }),
    status: 200,
  },
  { label: 'the health probe', request: () => ({ url: '/api/health' }), status: 200 },
];

describe('headers on every answer', () => {
  for (const { label, request, status } of ANSWERS) {
    it(`${label}: nosniff, no referrer, its own browsing context group, not frameable`, async () => {
      const answer = await call(request());
      expect(answer.status).toBe(status);
      expect(answer.headers['x-content-type-options']).toBe('nosniff');
      expect(answer.headers['referrer-policy']).toBe('no-referrer');
      expect(answer.headers['cross-origin-opener-policy']).toBe('same-origin');
      expect(answer.headers['x-frame-options']).toBe('DENY');
      expect(answer.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    });
  }

  for (const { label, request, status } of ANSWERS.filter((a) => a.request().url.startsWith('/api'))) {
    it(`${label} (${status}) is never stored by a browser or proxy: Cache-Control no-store`, async () => {
      const answer = await call(request());
      expect(answer.headers['cache-control']).toBe('no-store');
    });

    it(`${label} (${status}) is a download, never a page, for a browser sent to it (ASVS 14.4.2)`, async () => {
      const answer = await call(request());
      expect(answer.headers['content-disposition']).toBe('attachment; filename="api.json"');
    });
  }

  it('the portal page and its assets are shown, not downloaded', async () => {
    for (const url of ['/', '/assets/app.js']) {
      expect((await call({ url })).headers['content-disposition'], url).toBeUndefined();
    }
  });
});

describe('Strict-Transport-Security only behind TLS', () => {
  it('is not sent over plain http', async () => {
    const answer = await call({ url: '/api/records', token });
    expect(answer.headers['strict-transport-security']).toBeUndefined();
  });

  it('is sent when the trusted local proxy says the client came over https', async () => {
    for (const url of ['/', '/api/records']) {
      const answer = await call({ url, token, headers: { 'x-forwarded-proto': 'https' } });
      expect(answer.headers['strict-transport-security'], url).toMatch(/^max-age=\d{7,}/);
    }
  });

  it('is not sent when an untrusted client claims https itself', async () => {
    const answer = await call({
      url: '/api/records',
      token,
      headers: { 'x-forwarded-proto': 'https' },
      remoteAddress: '203.0.113.7',
    });
    expect(answer.headers['strict-transport-security']).toBeUndefined();
  });
});

describe('CORS: no other origin is granted anything', () => {
  const ORIGINS = [
    'https://evil.example',
    'null',
    'http://localhost:5173.evil.example',
    'http://evil-localhost:5173',
    IDENTITY_ORIGIN,
    'http://localhost:5173',
  ];

  it('sends no Access-Control-* header for any Origin, on reads, writes and preflights', async () => {
    for (const origin of ORIGINS) {
      const answers = [
        await call({ url: '/api/records', token, headers: { origin } }),
        await call({ method: 'POST', url: '/api/appointments', token, body: {}, headers: { origin } }),
        await call({
          method: 'OPTIONS',
          url: '/api/records',
          headers: {
            origin,
            'access-control-request-method': 'GET',
            'access-control-request-headers': 'authorization',
          },
        }),
      ];
      for (const answer of answers) {
        const granted = Object.keys(answer.headers).filter((name) => name.startsWith('access-control-'));
        expect(granted, `${origin} -> ${answer.status}`).toEqual([]);
      }
    }
  });
});
