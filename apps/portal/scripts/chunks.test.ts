import type { Rolldown } from 'vite';
import { describe, expect, it } from 'vitest';
import { sessionPreloads, signedInModules } from './chunks';

const ROOT = '/repo/apps/portal';

type FakeChunk = { imports?: string[]; facade?: string; entry?: boolean; modules: string[]; css?: string[] };

/** A bundle as Vite hands it to plugins, with only the fields the functions read. */
function bundleOf(chunks: Record<string, FakeChunk>): Rolldown.OutputBundle {
  const entries = Object.entries(chunks).map(([fileName, c]) => [
    fileName,
    {
      type: 'chunk',
      fileName,
      imports: c.imports ?? [],
      isEntry: c.entry ?? false,
      facadeModuleId: c.facade ? `${ROOT}/${c.facade}` : null,
      modules: Object.fromEntries(c.modules.map((id) => [id, {}])),
      viteMetadata: { importedCss: new Set(c.css ?? []), importedAssets: new Set() },
    },
  ]);
  return Object.fromEntries(entries) as unknown as Rolldown.OutputBundle;
}

/** The bundler's own split of a small portal: the entry, the SDK, the session pages, three dashboards. */
const BUNDLE = bundleOf({
  'index.js': { entry: true, imports: ['icons.js'], modules: ['/repo/apps/portal/src/main.tsx'] },
  'icons.js': { modules: ['/repo/packages/ui/src/icons/index.ts'] },
  'sdk.js': { modules: ['/repo/node_modules/@auth0/auth0-spa-js/dist/x.js'] },
  'SdkSession.js': {
    facade: 'src/SdkSession.tsx',
    imports: ['sdk.js', 'index.js', 'Dialog.js'],
    modules: [`${ROOT}/src/SdkSession.tsx`],
    css: ['SdkSession.css'],
  },
  'Dialog.js': {
    imports: ['icons.js'],
    modules: ['/repo/packages/ui/src/Dialog/Dialog.tsx'],
    css: ['Dialog.css'],
  },
  'SignedInPages.js': {
    facade: 'src/SignedInPages.tsx',
    imports: ['sdk.js', 'index.js'],
    modules: [`${ROOT}/src/SignedInPages.tsx`],
  },
  'Tabs.js': { modules: ['/repo/packages/ui/src/Tabs/Tabs.tsx'], css: ['Tabs.css'] },
  'StatTile.js': { modules: ['/repo/packages/ui/src/StatTile/StatTile.tsx'] },
  'PatientDashboard.js': {
    facade: 'src/dashboards/PatientDashboard.ts',
    imports: ['Tabs.js', 'StatTile.js'],
    modules: [`${ROOT}/src/dashboards/PatientDashboard.ts`],
  },
  'DoctorPortal.js': {
    facade: 'src/dashboards/DoctorPortal.ts',
    imports: ['Tabs.js'],
    modules: [`${ROOT}/src/dashboards/DoctorPortal.ts`],
  },
  'AdminDashboard.js': {
    facade: 'src/dashboards/AdminDashboard.ts',
    imports: ['Tabs.js', 'StatTile.js'],
    modules: [`${ROOT}/src/dashboards/AdminDashboard.ts`],
  },
});

describe('the signed-in chunk', () => {
  it('takes what the session pages and all three dashboards load, but not the entry, the SDK or the pages', () => {
    expect([...signedInModules(BUNDLE, ROOT)].sort()).toEqual([
      '/repo/packages/ui/src/Dialog/Dialog.tsx',
      '/repo/packages/ui/src/Tabs/Tabs.tsx',
    ]);
  });

  it('leaves what only some dashboards use to them, so no role downloads another role`s code', () => {
    expect(signedInModules(BUNDLE, ROOT).has('/repo/packages/ui/src/StatTile/StatTile.tsx')).toBe(false);
  });

  it('fails loudly when a page is no longer a chunk of its own', () => {
    const rest = Object.fromEntries(Object.entries(BUNDLE).filter(([file]) => file !== 'DoctorPortal.js'));
    expect(() => signedInModules(rest, ROOT)).toThrow(/src\/dashboards\/DoctorPortal\.ts/);
  });
});

describe('the files a returning user requests early', () => {
  it('are the session chunks with their imports and stylesheets, and per path its dashboard`s', () => {
    const preloads = sessionPreloads(BUNDLE, '/assets/', ROOT);
    expect(preloads.always).toEqual([
      '/assets/SdkSession.js',
      '/assets/sdk.js',
      '/assets/Dialog.js',
      '/assets/SignedInPages.js',
      '/assets/SdkSession.css',
      '/assets/Dialog.css',
    ]);
    expect(preloads.byPath['/patient-dashboard']).toEqual([
      '/assets/PatientDashboard.js',
      '/assets/Tabs.js',
      '/assets/StatTile.js',
      '/assets/Tabs.css',
    ]);
    expect(preloads.byPath['/doctor-dashboard']).toEqual([
      '/assets/DoctorPortal.js',
      '/assets/Tabs.js',
      '/assets/Tabs.css',
    ]);
  });

  it('leave out what index.html loads already', () => {
    const { always, byPath } = sessionPreloads(BUNDLE, '/', ROOT);
    const all = [...always, ...Object.values(byPath).flat()];
    expect(all.some((url) => url.includes('index.js') || url.includes('icons.js'))).toBe(false);
  });
});
