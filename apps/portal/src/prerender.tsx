/**
 * Issue 7: the landing, rendered at build time into index.html (the `sentinel-prerender-landing` plugin of
 * vite.config.ts runs this module in Node), so a visitor's first paint needs no JavaScript. The markup is what
 * App renders for a visitor (src/App.tsx: theme, alert region, the landing); main.tsx then renders the app
 * over it. A small inline script (allowed by the page's CSP through its sha256, apps/api/src/security-headers.ts)
 * runs before the first paint: where the browser may hold a session or a sign-in answer arrived, it removes the
 * landing, so a signed-in user never sees it flash; for a viewer who prefers dark it switches the theme.
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

/** Where the prerendered page goes in index.html: the app's container, empty in the source. */
export const ROOT_ELEMENT = '<div id="root"></div>';

/** The theme classes of ThemeProvider, read from its markup so they never drift from the component. */
function themeWrapperClass(theme: 'light' | 'dark'): string {
  const html = renderToString(<ThemeProvider theme={theme}>{null}</ThemeProvider>);
  const found = /class="([^"]+)"/.exec(html);
  if (!found?.[1]) throw new Error(`ThemeProvider rendered no class for the ${theme} theme`);
  return found[1];
}

/**
 * The script that decides, before the first paint, whether the landing may stay. It removes the landing when
 * the Auth0 SDK may restore a session (its `auth0.*.is.authenticated` cookies, its `@@auth0spajs@@::` cache in
 * localStorage) or a sign-in answer (`?code=`/`?error=`) arrived: the same hints src/session.utils.ts reads
 * (mayHaveSdkSession), taken for any client id, since a landing removed once too often costs only this paint.
 */
export function landingGuardScript(lightClass: string, darkClass: string): string {
  return [
    '(function(){',
    'var root=document.getElementById("root"),page=root&&root.firstElementChild;if(!page)return;',
    'var keep=!/(^|;)\\s*(_legacy_)?auth0\\.([^=;]*\\.)?is\\.authenticated=/.test(document.cookie)',
    '&&!/[?&](connect_)?(code|error)=/.test(location.search);',
    'try{keep=keep&&!Object.keys(localStorage).some(function(k){return k.indexOf("@@auth0spajs@@::")===0})}catch(e){}',
    'if(!keep){root.replaceChildren();return}',
    `if(matchMedia("(prefers-color-scheme: dark)").matches&&page.className===${JSON.stringify(lightClass)}){`,
    `page.className=${JSON.stringify(darkClass)};page.setAttribute("data-theme","dark")}`,
    '})();',
  ].join('');
}

/** index.html with the visitor's landing inside #root and the guard script right after it. */
export function prerenderIndexHtml(indexHtml: string): string {
  if (!indexHtml.includes(ROOT_ELEMENT)) throw new Error(`index.html has no ${ROOT_ELEMENT} to render into`);
  const visitor = { status: 'signedOut', login: () => undefined } as const;
  const page = renderToString(
    <ThemeProvider theme="light">
      <AlertProvider>
        <SessionProvider session={visitor}>
          <AlertRegion />
          <Landing />
        </SessionProvider>
      </AlertProvider>
    </ThemeProvider>,
  );
  const light = themeWrapperClass('light');
  if (!light.includes(lightTheme)) throw new Error('The light theme class is not on the prerendered page');
  const guard = `<script>${landingGuardScript(light, themeWrapperClass('dark'))}</script>`;
  return indexHtml.replace(ROOT_ELEMENT, `<div id="root">${page}</div>${guard}`);
}
