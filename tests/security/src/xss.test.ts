/**
 * Output in a real browser (REQ-sec-xss Output; ASVS 5.3.3, 5.2.1, 5.2.6, 14.4.3; HIPAA 164.312(c)(1)): the
 * hostile markdown corpus (packages/ui/src/Markdown/Markdown.corpus.ts: javascript:, entity-encoded and
 * mixed-case schemes, data:, vbscript:, raw script and img onerror, protocol-relative links, external images)
 * goes through the Markdown component and through the chat (ui ChatPanel -> API client -> the API server's chat
 * route -> a model that answers with the whole corpus, streamed) in Debian Chromium. Every request of the page
 * is intercepted: nothing may leave the page's origin, no payload may run (an alert dialog, a navigation, a
 * popup), nothing harmful may be in the DOM, and each element of the output is hovered, focused and clicked.
 *
 * The page runs twice: served by the API with the portal's Content Security Policy, where the policy must not
 * even have had to block anything (no violation reported), and without any policy, where the renderer alone
 * must hold.
 */
import { readFileSync } from 'node:fs';
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startTestServer, type TestServer } from '@sentinel/api/testkit';
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import react from '@vitejs/plugin-react';
import { chromium, type Browser, type Page } from 'playwright';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOSTILE_MARKDOWN } from '../../../packages/ui/src/Markdown/Markdown.corpus';

const here = path.dirname(fileURLToPath(import.meta.url));
const HARNESS = path.join(here, 'xss');
const OUT = path.resolve(here, '..', '.cache', 'xss');

const require = createRequire(import.meta.url);
const { CHROMIUM } = require('../../../apps/storybook/scripts/chromium.cjs') as {
  CHROMIUM: { executablePath: string; args: string[] };
};

/** The whole corpus as the model's reply, sent in small pieces as a model streams. */
const REPLY = HOSTILE_MARKDOWN.map((p) => p.markdown).join('\n\n');

/** An OpenAI-compatible model (GET /v1/models, streamed POST /v1/chat/completions) that answers `REPLY`. */
async function startHostileModel(): Promise<{ url: string; close: () => Promise<void> }> {
  const server = createServer((req, res) => {
    const url = (req.url ?? '').split('?')[0];
    if (req.method === 'GET' && url === '/v1/models') {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ object: 'list', data: [{ id: 'hostile', object: 'model' }] }));
      return;
    }
    req.resume();
    req.on('end', () => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      for (let at = 0; at < REPLY.length; at += 40) {
        const chunk = {
          id: 'chatcmpl-hostile',
          object: 'chat.completion.chunk',
          created: 1_767_225_600,
          model: 'hostile',
          choices: [
            {
              index: 0,
              delta: { role: 'assistant', content: REPLY.slice(at, at + 40) },
              finish_reason: null,
            },
          ],
        };
        res.write(`data: ${JSON.stringify(chunk)}\n\n`);
      }
      res.end('data: [DONE]\n\n');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/v1`, close: () => closeServer(server) };
}

function closeServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  });
}

/** Forwards everything to `target`, dropping its Content-Security-Policy: the page with no policy at all. */
async function startPolicyFreeProxy(target: string): Promise<{ origin: string; close: () => Promise<void> }> {
  const server = createServer((req, res) => {
    const upstream = httpRequest(
      new URL(req.url ?? '/', target),
      { method: req.method, headers: { ...req.headers, host: new URL(target).host } },
      (answer) => {
        const headers = { ...answer.headers };
        delete headers['content-security-policy'];
        res.writeHead(answer.statusCode ?? 502, headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { origin: `http://127.0.0.1:${port}`, close: () => closeServer(server) };
}

type Observed = {
  /** Requests to another origin (aborted). */
  readonly leaked: string[];
  /** Alert, confirm and prompt dialogs: a payload ran. */
  readonly dialogs: string[];
  /** Main-frame navigations away from the page, and popups. */
  readonly navigations: string[];
  readonly pageErrors: string[];
};

/** A page whose every request is intercepted: only `origin` may be reached. */
async function openWatched(browser: Browser, origin: string): Promise<{ page: Page; observed: Observed }> {
  const context = await browser.newContext();
  const observed: Observed = { leaked: [], dialogs: [], navigations: [], pageErrors: [] };
  await context.route('**/*', (route) => {
    const url = route.request().url();
    if (new URL(url).origin === origin) return route.continue();
    observed.leaked.push(url);
    return route.abort('blockedbyclient');
  });
  const page = await context.newPage();
  page.on('popup', (popup) => observed.navigations.push(`popup ${popup.url()}`));
  page.on('dialog', (dialog) => {
    observed.dialogs.push(`${dialog.type()}: ${dialog.message()}`);
    void dialog.dismiss();
  });
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame() && new URL(frame.url()).origin !== origin) {
      observed.navigations.push(frame.url());
    }
  });
  page.on('pageerror', (error) => observed.pageErrors.push(error.message));
  // What the Content Security Policy had to stop (zod's one probe of `new Function` aside, see below).
  await page.addInitScript(() => {
    const found: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = found;
    document.addEventListener('securitypolicyviolation', (event) =>
      found.push(`${event.violatedDirective} ${event.blockedURI}`),
    );
  });
  return { page, observed };
}

/** Hovers, focuses and clicks every element under `selector` except the panel's own controls. */
async function touchEverything(page: Page, selector: string) {
  return page.evaluate((sel) => {
    const elements = [...document.querySelectorAll(`${sel} *`)].filter(
      (el): el is HTMLElement =>
        el instanceof HTMLElement && !el.closest('button, textarea, [role="toolbar"]'),
    );
    for (const el of elements) {
      for (const type of ['mouseover', 'mouseenter', 'mousemove', 'focus', 'pointerdown', 'mouseup']) {
        el.dispatchEvent(new MouseEvent(type, { bubbles: true }));
      }
      el.focus();
      el.click();
    }
    return elements.length;
  }, selector);
}

let api: TestServer;
let model: Awaited<ReturnType<typeof startHostileModel>>;
let proxy: Awaited<ReturnType<typeof startPolicyFreeProxy>>;
let browser: Browser;
let apiOrigin: string;

beforeAll(async () => {
  await build({
    root: HARNESS,
    configFile: false,
    logLevel: 'warn',
    plugins: [vanillaExtractPlugin(), react()],
    build: { outDir: OUT, emptyOutDir: true, reportCompressedSize: false },
  });
  model = await startHostileModel();
  api = await startTestServer({
    portalDist: OUT,
    model: { kind: 'endpoint', url: model.url, model: 'hostile', builtin: false },
  });
  await api.app.listen({ port: 0, host: '127.0.0.1' });
  apiOrigin = `http://127.0.0.1:${(api.app.server.address() as AddressInfo).port}`;
  proxy = await startPolicyFreeProxy(apiOrigin);
  browser = await chromium.launch({ headless: true, ...CHROMIUM });
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await proxy?.close();
  await api?.close();
  await model?.close();
});

/** The two ways the page is served. */
const SERVED = [
  { label: "with the portal's Content Security Policy", origin: () => apiOrigin, policy: true },
  {
    label: 'without any Content Security Policy (the renderer alone)',
    origin: () => proxy.origin,
    policy: false,
  },
];

describe('hostile markdown in Chromium', () => {
  it('the harness page really is served under the policy in one run and without it in the other', async () => {
    const withPolicy = await fetch(`${apiOrigin}/`);
    expect(withPolicy.headers.get('content-security-policy')).toContain("script-src 'self'");
    const without = await fetch(`${proxy.origin}/`);
    expect(without.headers.get('content-security-policy')).toBeNull();
    expect(await without.text()).toContain('<div id="root">');
    expect(readFileSync(path.join(OUT, 'index.html'), 'utf8')).toContain('type="module"');
  });

  for (const served of SERVED) {
    it(`${served.label}: every payload renders harmless, nothing runs and nothing leaves the origin`, async () => {
      const origin = served.origin();
      const token = await api.tokenFor('jane');
      const { page, observed } = await openWatched(browser, origin);
      try {
        await page.goto(`${origin}/#token=${token}`);

        // The Markdown component, one region per payload.
        for (const [index, payload] of HOSTILE_MARKDOWN.entries()) {
          const region = page.getByRole('region', { name: payload.name, exact: true });
          await expect.poll(() => region.count(), { message: payload.name, timeout: 20_000 }).toBe(1);
          if (payload.keeps) {
            await expect
              .poll(() => region.textContent(), {
                message: `${payload.name} keeps its words`,
                timeout: 20_000,
              })
              .toContain(payload.keeps);
          }
          expect(
            await page.evaluate((i) => window.harmfulIn(`[data-payload="${i}"]`), index),
            payload.name,
          ).toEqual([]);
        }
        expect(
          await page.evaluate(() => document.querySelectorAll('#markdown a, #markdown img').length),
        ).toBe(0);

        // The chat: the model's reply is the whole corpus, streamed through the API.
        const input = page.getByRole('textbox');
        await input.fill('Tell me about sleep');
        await input.press('Enter');
        const log = page.getByRole('log');
        await expect
          .poll(() => log.textContent(), { timeout: 20_000, message: 'the hostile reply arrives' })
          .toContain('<script>alert(1)</script>');
        await expect.poll(() => log.textContent(), { timeout: 20_000 }).toContain('[inline data]');
        for (const { keeps } of HOSTILE_MARKDOWN) if (keeps) expect(await log.textContent()).toContain(keeps);
        expect(await page.evaluate(() => window.harmfulIn('[role="log"]'))).toEqual([]);
        expect(await page.evaluate(() => document.querySelectorAll('[role="log"] img').length)).toBe(0);

        // Touch every element of the output; give anything that would run or load a moment to do it.
        expect(await touchEverything(page, '#markdown')).toBeGreaterThan(HOSTILE_MARKDOWN.length);
        expect(await touchEverything(page, '[role="log"]')).toBeGreaterThan(0);
        await page.waitForTimeout(500);

        expect(observed.leaked, 'requests to another origin').toEqual([]);
        expect(observed.dialogs, 'dialogs opened by a payload').toEqual([]);
        expect(observed.navigations, 'navigations away from the page').toEqual([]);
        expect(observed.pageErrors, 'uncaught errors').toEqual([]);
        expect(new URL(page.url()).origin).toBe(origin);
        if (served.policy) {
          // zod 4 probes `new Function` once and falls back (SECURITY.md); anything else would mean the policy
          // had to stop something the renderer let through.
          const violations = await page.evaluate(
            () => (window as unknown as { cspViolations: string[] }).cspViolations,
          );
          expect(violations.filter((v) => !/^script-src(-elem)? eval$/.test(v))).toEqual([]);
        }
      } finally {
        await page.context().close();
      }
    });
  }
});
