/**
 * The portal's build as the API serves it (REQ-perf-bench): the precompressed files the build writes beside each asset,
 * and a page policy that allows the build's inline scripts by their hash and nothing else inline.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gunzipSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './testkit';

const SCRIPT = 'export const answer = 42;'.repeat(40);
const GUARD = 'document.getElementById("root").replaceChildren();';
const PAGE = `<!doctype html><html><head><script type="module" src="/assets/app.js"></script></head><body><div id="root"></div><script>${GUARD}</script></body></html>`;

let server: TestServer;
let dist: string;

beforeAll(async () => {
  dist = mkdtempSync(path.join(tmpdir(), 'sentinel-portal-serving-'));
  mkdirSync(path.join(dist, 'assets'));
  const write = (file: string, content: string) => {
    writeFileSync(path.join(dist, file), content);
    writeFileSync(path.join(dist, `${file}.gz`), gzipSync(content));
    writeFileSync(path.join(dist, `${file}.br`), brotliCompressSync(content));
  };
  write('assets/app.js', SCRIPT);
  write('index.html', PAGE);
  server = await startTestServer({ portalDist: dist });
});

afterAll(async () => {
  await server.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('serving the portal build', () => {
  it('a browser that accepts brotli gets the .br file, one that accepts only gzip the .gz, others the plain file', async () => {
    const get = (encoding?: string) =>
      server.app.inject({ url: '/assets/app.js', headers: encoding ? { 'accept-encoding': encoding } : {} });
    const br = await get('gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(String(br.headers['content-type'])).toMatch(/javascript/);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(SCRIPT);
    const gz = await get('gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(SCRIPT);
    const plain = await get();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
  });

  it('every portal path gets the page compressed, with a policy that allows its inline script by hash only', async () => {
    const hash = `'sha256-${createHash('sha256').update(GUARD).digest('base64')}'`;
    for (const url of ['/', '/patient-dashboard']) {
      const page = await server.app.inject({ url, headers: { 'accept-encoding': 'br' } });
      expect(page.statusCode, url).toBe(200);
      expect(page.headers['content-encoding'], url).toBe('br');
      expect(brotliDecompressSync(page.rawPayload).toString(), url).toBe(PAGE);
      const policy = String(page.headers['content-security-policy']);
      expect(policy, url).toContain(`script-src 'self' ${hash};`);
      expect(policy, url).not.toMatch(/unsafe-inline/);
    }
  });
});
