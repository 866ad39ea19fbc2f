/**
 * REQ-perf-routes: what the build puts into index.html (the `sentinel-prerender-landing` plugin of vite.config.ts runs
 * this module in Node), so that no page waits on a chain of downloads:
 *
 * - The landing, rendered at build time, so a visitor's first paint needs no bundle. It is the markup App renders
 *   for a visitor (src/App.tsx); main.tsx renders the app over it. It waits in an inert <template> that a script
 *   moves into #root only for a visitor: where a session may exist the page stays empty until the app shows its
 *   loading screen, so a signed-in user never sees the landing flash, and the browser does not even lay it out.
 *   (A prerendered loading screen was tried and measured worse: once something has painted, Lighthouse counts
 *   the entry's evaluation, a long task, as blocking time; dashboards lost 5 to 10 points.)
 * - For a returning user, the files of the sign-in SDK, the signed-in pages and the path's dashboard are
 *   requested at once, from the head, in parallel with the entry bundle (they would otherwise load one after the
 *   other, each discovered when the one before runs).
 *
 * Both are inline scripts, allowed by the page's CSP through their sha256 (apps/api/src/securityHeaders.ts).
 */
import {
  AlertProvider,
  AlertRegion,
  Landing,
  SessionProvider,
  ThemeProvider,
  lightTheme,
} from '@sentinel/ui';
import { renderToString } from 'react-dom/server';

/** Where the page goes in index.html: the app's container, empty in the source. */
export const ROOT_ELEMENT = '<div id="root"></div>';
/** The head script goes last in the head, after Vite's entry script and stylesheets, so that the first paint's
 * files are requested first (HTTP/1.1 allows a browser six connections to a host). */
const HEAD_END = '</head>';
const LANDING_ID = 'prerendered-landing';
/** Set on <html> by the head script when the browser may hold a session. */
const SESSION_ATTRIBUTE = 'data-session';

/** Files to request early for a returning user: always, and for one path (its dashboard). */
export type SessionPreloads = {
  readonly always: readonly string[];
  readonly byPath: Readonly<Record<string, readonly string[]>>;
};

/** The theme classes of ThemeProvider, read from its markup so they never drift from the component. */
function themeWrapperClass(theme: 'light' | 'dark'): string {
  const html = renderToString(<ThemeProvider theme={theme}>{null}</ThemeProvider>);
  const found = /class="([^"]+)"/.exec(html);
  if (!found?.[1]) throw new Error(`ThemeProvider rendered no class for the ${theme} theme`);
  return found[1];
}

/**
 * The head script: when the Auth0 SDK may restore a session (its `auth0.*.is.authenticated` cookies, its
 * `@@auth0spajs@@::` cache in localStorage) or a sign-in answer (`?code=`/`?error=`) arrived -- the hints
 * src/session.utils.ts reads (mayHaveSdkSession), here for any client id, since a wrong guess costs only an
 * early download or the prerendered paint -- it marks the page and requests the signed-in files.
 */
export function sessionScript(preloads: SessionPreloads): string {
  return [
    '(function(){',
    'var session=/(^|;)\\s*(_legacy_)?auth0\\.([^=;]*\\.)?is\\.authenticated=/.test(document.cookie)',
    '||/[?&](connect_)?(code|error)=/.test(location.search);',
    'try{session=session||Object.keys(localStorage).some(function(k){return k.indexOf("@@auth0spajs@@::")===0})}catch(e){}',
    'if(!session)return;',
    `document.documentElement.setAttribute(${JSON.stringify(SESSION_ATTRIBUTE)},"");`,
    `var p=${JSON.stringify(preloads)};`,
    'p.always.concat(p.byPath[location.pathname]||[]).forEach(function(href){',
    'var link=document.createElement("link"),css=/\\.css$/.test(href);',
    'link.rel=css?"preload":"modulepreload";if(css)link.as="style";',
    // Vite's loader requests the same files with crossorigin: the same mode, so the same cache entry.
    'link.crossOrigin="";link.href=href;document.head.appendChild(link)});',
    '})();',
  ].join('');
}

/** The body script: a visitor's landing goes into #root, in the dark theme if the viewer prefers it. */
export function landingScript(lightClass: string, darkClass: string): string {
  return [
    '(function(){',
    `var landing=document.getElementById(${JSON.stringify(LANDING_ID)}),root=document.getElementById("root");`,
    'if(!landing)return;',
    `if(root&&!document.documentElement.hasAttribute(${JSON.stringify(SESSION_ATTRIBUTE)})){`,
    'var page=landing.content.firstElementChild;',
    `if(page&&page.className===${JSON.stringify(lightClass)}&&matchMedia("(prefers-color-scheme: dark)").matches){`,
    `page.className=${JSON.stringify(darkClass)};page.setAttribute("data-theme","dark")}`,
    'root.replaceChildren(landing.content)}',
    'landing.remove();',
    '})();',
  ].join('');
}

/** What App renders for a visitor at any path: theme, alert region, the landing (src/App.tsx). */
export function renderVisitorPage(): string {
  const visitor = { status: 'signedOut', login: () => undefined } as const;
  return renderToString(
    <ThemeProvider theme="light">
      <AlertProvider>
        <SessionProvider session={visitor}>
          <AlertRegion />
          <Landing />
        </SessionProvider>
      </AlertProvider>
    </ThemeProvider>,
  );
}

/** index.html with the session script in the head and the visitor's landing after #root. */
export function prerenderIndexHtml(indexHtml: string, preloads: SessionPreloads): string {
  if (!indexHtml.includes(ROOT_ELEMENT)) throw new Error(`index.html has no ${ROOT_ELEMENT} to render into`);
  if (!indexHtml.includes(HEAD_END))
    throw new Error(`index.html has no ${HEAD_END} to put the head script before`);
  const light = themeWrapperClass('light');
  if (!light.includes(lightTheme)) throw new Error('The light theme class is not on the prerendered page');
  const pages =
    `${ROOT_ELEMENT}<template id="${LANDING_ID}">${renderVisitorPage()}</template>` +
    `<script>${landingScript(light, themeWrapperClass('dark'))}</script>`;
  return indexHtml
    .replace(HEAD_END, `  <script>${sessionScript(preloads)}</script>\n  ${HEAD_END}`)
    .replace(ROOT_ELEMENT, pages);
}
