import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { LANDING_TEXTS } from '@sentinel/ui';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ROOT_ELEMENT, prerenderIndexHtml, type SessionPreloads } from './prerender';

const SOURCE_HTML = readFileSync(join(dirname(fileURLToPath(import.meta.url)), '..', 'index.html'), 'utf8');
const PRELOADS: SessionPreloads = {
  always: ['/assets/SdkSession-1.js', '/assets/auth0-react-2.js'],
  byPath: { '/patient-dashboard': ['/assets/PatientDashboard-3.js'] },
};
const SESSION_COOKIE = 'auth0.sentinel-portal.is.authenticated';

/** The inline scripts of a page, in order: [the head script, the body script]. */
function inlineScripts(html: string): string[] {
  return [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((match) => match[1] ?? '');
}

/**
 * Opens the built page as the browser parses it: the head script runs first, then the body (root, templates)
 * arrives and its script runs. Returns the #root element.
 */
function openPage(path: string): HTMLElement {
  const html = prerenderIndexHtml(SOURCE_HTML, PRELOADS);
  const [headScript = '', bodyScript = ''] = inlineScripts(html);
  // The page's own inline scripts, run as a browser runs them.
  window.history.replaceState(null, '', path);
  new Function(headScript)();
  document.body.innerHTML =
    /<body>([\s\S]*)<\/body>/.exec(html)?.[1]?.replace(/<script\b[\s\S]*?<\/script>/g, '') ?? '';
  new Function(bodyScript)();
  const root = document.getElementById('root');
  if (!root) throw new Error('no #root');
  return root;
}

const preloaded = () =>
  [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')].map((link) =>
    link.getAttribute('href'),
  );

function preferDark(dark: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({ matches: dark && query.includes('dark'), media: query }));
}

beforeEach(() => {
  preferDark(false);
});

afterEach(() => {
  document.cookie = `${SESSION_COOKIE}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  window.localStorage.clear();
  document.documentElement.removeAttribute('data-session');
  document.head.querySelectorAll('link[rel="modulepreload"]').forEach((link) => link.remove());
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
});

describe('the prerendered first page (REQ-perf-landing, REQ-nav-lazy)', () => {
  it('a visitor sees the landing from the HTML alone, with no sign-in file requested', () => {
    const root = openPage('/');
    expect(root.querySelector('h1')?.textContent).toBe(LANDING_TEXTS.heading);
    expect(document.documentElement.hasAttribute('data-session')).toBe(false);
    expect(preloaded()).toEqual([]);
    // The template is gone once used.
    expect(document.querySelectorAll('template')).toHaveLength(0);
  });

  it('with the SDK session cookie the landing never shows, and the SDK, the pages and the dashboard are requested at once', () => {
    document.cookie = `${SESSION_COOKIE}=true; path=/`;
    const root = openPage('/patient-dashboard');
    // Empty until the app renders its loading screen.
    expect(root.childNodes).toHaveLength(0);
    expect(document.querySelectorAll('template')).toHaveLength(0);
    expect(preloaded()).toEqual([...PRELOADS.always, '/assets/PatientDashboard-3.js']);
  });

  it("with only the SDK's cache in localStorage, a dashboard the user has no chunk hint for gets the common files", () => {
    window.localStorage.setItem('@@auth0spajs@@::sentinel-portal::@@user@@', '{}');
    const root = openPage('/unauthorized');
    expect(root.childNodes).toHaveLength(0);
    expect(preloaded()).toEqual([...PRELOADS.always]);
  });

  it('a sign-in answer in the address never shows the landing', () => {
    const root = openPage('/?code=abc&state=xyz');
    expect(root.textContent).not.toContain(LANDING_TEXTS.heading);
    expect(document.documentElement.hasAttribute('data-session')).toBe(true);
  });

  it('a viewer who prefers dark gets the dark theme before the app runs', () => {
    preferDark(true);
    const root = openPage('/');
    expect(root.firstElementChild?.getAttribute('data-theme')).toBe('dark');
    preferDark(false);
    expect(openPage('/').firstElementChild?.getAttribute('data-theme')).toBe('light');
  });

  it('the page has exactly two inline scripts, and the build fails on an index.html without a root', () => {
    expect(inlineScripts(prerenderIndexHtml(SOURCE_HTML, PRELOADS))).toHaveLength(2);
    expect(() => prerenderIndexHtml(SOURCE_HTML.replace(ROOT_ELEMENT, ''), PRELOADS)).toThrow(/#?root/);
  });
});
