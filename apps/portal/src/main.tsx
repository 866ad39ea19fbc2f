import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { App } from './App';
import { authConfig } from './config';
import { loadSdkSession } from './PortalSession';
import { mayHaveSdkSession } from './session.utils';
import './page.css';

/** The chunk of each dashboard path, as SignedInPages loads it (the same modules, so the same files). */
const DASHBOARD_CHUNKS: Readonly<Record<string, () => Promise<unknown>>> = {
  '/patient-dashboard': () => import('./dashboards/PatientDashboard'),
  '/doctor-dashboard': () => import('./dashboards/DoctorPortal'),
  '/admin-dashboard': () => import('./dashboards/AdminDashboard'),
};

function storageKeys(): string[] {
  try {
    return Object.keys(window.localStorage);
  } catch {
    return [];
  }
}

/**
 * REQ-perf-landing: a returning user's page needs the sign-in SDK, the signed-in pages and the dashboard of
 * the path, which would otherwise load one after the other (each waits for the one before to render). When a
 * session may exist, all of them start downloading now, in parallel. A failed download is not reported here:
 * the component that needs the chunk imports it again and shows the error (PortalSession's 'Login failed').
 */
function startSignedInDownloads() {
  const session = mayHaveSdkSession({
    clientId: authConfig.clientId,
    cookie: document.cookie,
    storageKeys: storageKeys(),
    search: window.location.search,
  });
  if (!session) return;
  const ignore = () => undefined;
  loadSdkSession().catch(ignore);
  import('./SignedInPages').catch(ignore);
  DASHBOARD_CHUNKS[window.location.pathname]?.().catch(ignore);
}

/**
 * zod decides whether it may compile checks with `new Function` while the contract chunk builds its schemas, so
 * before the ui's API client can call checkWithoutCodeGeneration; under the page's CSP that probe is reported
 * as a violation (a DevTools issue: Lighthouse best practices). zod keeps its settings in this global
 * (zod/v4/core's globalConfig, shared by every copy of zod on the page), so set before any zod code runs, the
 * probe never happens.
 */
const zodSettings = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
zodSettings.__zod_globalConfig = { ...zodSettings.__zod_globalConfig, jitless: true };

startSignedInDownloads();

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element.');

// For a visitor #root holds the landing prerendered at build time (src/prerender.tsx); the app replaces it.
createRoot(root).render(
  <StrictMode>
    <BrowserRouter>
      <App />
    </BrowserRouter>
  </StrictMode>,
);
