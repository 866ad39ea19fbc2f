import type { Manifest } from 'vite';
import { describe, expect, it } from 'vitest';
import {
  MAX_FIRST_PAINT_FILES,
  ROUTE_BUDGETS,
  bundleBenchResult,
  forbiddenFigures,
  formatReport,
  lazyChunkFigures,
  routeFigures,
  sdkFilesOnLanding,
  staticClosure,
} from './budgets';

/** A small build: the entry with a shared chunk, the SDK loaded on demand, and one dashboard. */
const MANIFEST: Manifest = {
  'index.html': {
    file: 'assets/index.js',
    isEntry: true,
    imports: ['_shared.js'],
    dynamicImports: ['src/SdkSession.tsx', 'src/Dashboard.ts', 'src/contract.ts'],
    css: ['assets/index.css'],
  },
  '_shared.js': { file: 'assets/shared.js' },
  '_sdk.js': { file: 'assets/sdk.js', imports: ['_shared.js'] },
  'src/SdkSession.tsx': {
    file: 'assets/SdkSession.js',
    isDynamicEntry: true,
    imports: ['_sdk.js', 'index.html'],
  },
  'src/Dashboard.ts': {
    file: 'assets/Dashboard.js',
    isDynamicEntry: true,
    imports: ['index.html'],
    css: ['assets/Dashboard.css'],
  },
  'src/contract.ts': { file: 'assets/contract.js', isDynamicEntry: true, imports: ['_shared.js'] },
};

/** The modules of each emitted file (what the bundle reports), for the routes' first requests. */
const MODULES = {
  'assets/contract.js': { '/repo/packages/domain/src/contract/index.ts': 30_000 },
  'assets/index.js': { '/repo/apps/portal/src/main.tsx': 100 },
};

const SIZES = {
  'assets/index.js': 60_000,
  'assets/shared.js': 30_000,
  'assets/sdk.js': 60_000,
  'assets/SdkSession.js': 1_000,
  'assets/Dashboard.js': 40_000,
  'assets/index.css': 4_000,
  'assets/Dashboard.css': 2_000,
  'assets/contract.js': 35_000,
};

describe('the chunks a route loads', () => {
  it('are the chunks it needs and, transitively, their static imports, each once', () => {
    expect(staticClosure(MANIFEST, ['index.html', 'src/SdkSession.tsx']).sort()).toEqual(
      ['_sdk.js', '_shared.js', 'index.html', 'src/SdkSession.tsx'].sort(),
    );
  });

  it('fail loudly when a route names a chunk the build does not have', () => {
    expect(() => staticClosure(MANIFEST, ['src/Renamed.tsx'])).toThrow(/src\/Renamed\.tsx/);
  });
});

describe('the route budgets', () => {
  it('add up the gzipped JS and CSS of everything a route loads and judge the JS against the budget', () => {
    const [landing, dashboard] = routeFigures(MANIFEST, SIZES, MODULES, [
      { route: '/', loads: [], maxJsKb: 90 },
      { route: '/dashboard', loads: ['src/SdkSession.tsx', 'src/Dashboard.ts'], maxJsKb: 190 },
    ]);
    expect(landing).toMatchObject({ jsBytes: 90_000, cssBytes: 4_000, ok: true, firstRequestJsBytes: 0 });
    expect(dashboard).toMatchObject({ jsBytes: 191_000, cssBytes: 6_000, ok: false });
  });

  it('count the JS and CSS files a page load fetches and judge them against its file budget', () => {
    const loads = ['src/SdkSession.tsx', 'src/Dashboard.ts'];
    const [within, over, tab] = routeFigures(MANIFEST, SIZES, MODULES, [
      { route: '/dashboard', loads, maxJsKb: 200, maxFiles: 7 },
      { route: '/dashboard', loads, maxJsKb: 200, maxFiles: 6 },
      { route: '/dashboard, a tab', loads, maxJsKb: 200 },
    ]);
    // index.js, shared.js, SdkSession.js, sdk.js, Dashboard.js, index.css, Dashboard.css.
    expect(within?.files).toHaveLength(7);
    expect(within).toMatchObject({ maxFiles: 7, ok: true });
    expect(over).toMatchObject({ maxFiles: 6, ok: false });
    // A tab opens after its dashboard: no file budget.
    expect(tab).toMatchObject({ maxFiles: undefined, ok: true });
  });

  it('hold every page load to three rounds of six files, and no tab (REQ-perf-files)', () => {
    expect(MAX_FIRST_PAINT_FILES).toBe(18);
    for (const budget of ROUTE_BUDGETS) {
      expect(budget.maxFiles).toBe(budget.route.includes('tab') ? undefined : MAX_FIRST_PAINT_FILES);
    }
  });

  it('fail loudly when no chunk holds a module a first request needs', () => {
    expect(() =>
      routeFigures(MANIFEST, SIZES, MODULES, [
        { route: '/', loads: [], maxJsKb: 200, onFirstRequest: ['src/Moved.ts'] },
      ]),
    ).toThrow(/src\/Moved\.ts/);
  });

  it('show what the first API request adds beside the first paint, counting nothing twice', () => {
    const [dashboard] = routeFigures(MANIFEST, SIZES, MODULES, [
      {
        route: '/dashboard',
        loads: ['src/Dashboard.ts'],
        maxJsKb: 200,
        onFirstRequest: ['../../packages/domain/src/contract/index.ts'],
      },
    ]);
    // The contract chunk's own 35 kB; the shared chunk it imports is already loaded.
    expect(dashboard).toMatchObject({ jsBytes: 130_000, ok: true, firstRequestJsBytes: 35_000 });
  });

  it('hold the landing to 110 kB and every signed-in route, the chat tabs too, to 200 kB (REQ-perf-landing, REQ-perf-routes)', () => {
    expect(ROUTE_BUDGETS[0]).toMatchObject({ maxJsKb: 110 });
    expect(ROUTE_BUDGETS.slice(1).every((b) => b.maxJsKb === 200)).toBe(true);
    const routes = ROUTE_BUDGETS.map((b) => b.route);
    for (const dashboard of ['patient', 'doctor', 'admin']) {
      expect(routes).toContain(`/${dashboard}-dashboard`);
      expect(routes).toContain(`/${dashboard}-dashboard, AI Assistant tab`);
    }
  });

  it('list every chunk loaded on demand with its own size', () => {
    expect(lazyChunkFigures(MANIFEST, SIZES)).toEqual([
      { chunk: '_sdk.js (shared)', file: 'assets/sdk.js', jsBytes: 60_000, cssBytes: 0, files: 1 },
      {
        chunk: 'src/SdkSession.tsx (lazy)',
        file: 'assets/SdkSession.js',
        jsBytes: 1_000,
        cssBytes: 0,
        files: 1,
      },
      {
        chunk: 'src/Dashboard.ts (lazy)',
        file: 'assets/Dashboard.js',
        jsBytes: 40_000,
        cssBytes: 2_000,
        files: 2,
      },
      { chunk: 'src/contract.ts (lazy)', file: 'assets/contract.js', jsBytes: 35_000, cssBytes: 0, files: 1 },
    ]);
  });

  it('name chunks of other workspaces from the repository root', () => {
    const manifest: Manifest = {
      'index.html': { file: 'assets/index.js', isEntry: true },
      '../../packages/ui/src/ChatPanel/ChatPanel.tsx': { file: 'assets/ChatPanel.js', isDynamicEntry: true },
    };
    expect(lazyChunkFigures(manifest, { 'assets/ChatPanel.js': 5_000 })[0]?.chunk).toBe(
      'packages/ui/src/ChatPanel/ChatPanel.tsx (lazy)',
    );
  });
});

describe('the sign-in SDK on the landing', () => {
  it('is reported when a file the landing loads holds an @auth0 module', () => {
    const sdkInShared = { 'assets/shared.js': { '/repo/node_modules/@auth0/auth0-spa-js/dist/x.js': 100 } };
    expect(sdkFilesOnLanding(MANIFEST, sdkInShared)).toEqual(['assets/shared.js']);
  });

  it('is not reported when only a lazy chunk holds it', () => {
    const sdkLazy = { 'assets/sdk.js': { '/repo/node_modules/@auth0/auth0-react/dist/x.js': 100 } };
    expect(sdkFilesOnLanding(MANIFEST, sdkLazy)).toEqual([]);
  });
});

describe('code that must be absent from the build', () => {
  const clean = { 'assets/index.js': { '/repo/apps/portal/src/App.tsx': 500 } };

  it('counts 0 bytes of each kind in a clean build', () => {
    const figures = forbiddenFigures(clean, { 'assets/index.js': 'export{}' });
    expect(figures.map((f) => [f.what, f.bytes, f.markersFound])).toEqual([
      ['msw', 0, []],
      ['@huggingface/inference', 0, []],
      ['mocks (@sentinel/mocks)', 0, []],
      ['test and story code', 0, []],
    ]);
  });

  it('finds msw, the model SDK, mocks and test code by module id', () => {
    const dirty = {
      'assets/index.js': {
        '/repo/node_modules/msw/lib/browser/index.mjs': 1_000,
        '/repo/node_modules/@huggingface/inference/dist/esm/index.js': 2_000,
        '/repo/packages/mocks/src/index.ts': 300,
        '/repo/packages/ui/src/Button/Button.stories.tsx': 40,
        '/repo/apps/portal/src/App.test.tsx?v=1': 2,
      },
    };
    const bytes = forbiddenFigures(dirty, {}).map((f) => f.bytes);
    expect(bytes).toEqual([1_000, 2_000, 300, 42]);
  });

  it('finds a copy under another path by its marker strings', () => {
    const figures = forbiddenFigures(clean, { 'assets/index.js': 'console.warn("[MSW] Mocking enabled.")' });
    expect(figures[0]?.markersFound).toEqual(['assets/index.js: "[MSW]"']);
  });
});

describe('the printed report', () => {
  it('shows each route with its figures and verdict, the lazy chunks and the absent code', () => {
    const routes = routeFigures(MANIFEST, SIZES, MODULES, [
      { route: '/', loads: [], maxJsKb: 80, maxFiles: 18 },
      { route: '/, a tab', loads: [], maxJsKb: 100 },
    ]);
    const report = formatReport(routes, lazyChunkFigures(MANIFEST, SIZES), forbiddenFigures({}, {}));
    expect(report).toContain('| / | 90.0 kB | 4.0 kB | 80 kB | 3 | 18 | OVER BUDGET | - |');
    expect(report).toContain('| /, a tab | 90.0 kB | 4.0 kB | 100 kB | 3 | - | ok | - |');
    expect(report).toContain('| src/Dashboard.ts (lazy) | assets/Dashboard.js | 40.0 kB | 2.0 kB |');
    expect(report).toContain('| msw | 0 | ok |');
  });
});

describe('the benchmark result (results/bundle.json)', () => {
  const routes = routeFigures(MANIFEST, SIZES, MODULES, [
    { route: '/', loads: [], maxJsKb: 110, maxFiles: 2 },
    {
      route: '/dashboard',
      loads: ['src/Dashboard.ts'],
      maxJsKb: 120,
      onFirstRequest: ['../../packages/domain/src/contract/index.ts'],
    },
  ]);
  const result = bundleBenchResult(
    routes,
    lazyChunkFigures(MANIFEST, SIZES),
    forbiddenFigures({}, {}),
    [],
    new Date('2026-11-25T12:00:00Z'),
  );

  it('is in the shared shape: name, title, time, a row per route and per lazy chunk, notes', () => {
    expect(result).toMatchObject({ name: 'bundle', measuredAt: '2026-11-25T12:00:00.000Z' });
    expect(result.rows[0]).toEqual(['/', 'first paint', 90, 4, 3, 0]);
    expect(result.rows[1]).toEqual(['/dashboard', 'first paint', 130, 6, 5, 35]);
    expect(result.rows).toContainEqual([
      'src/Dashboard.ts (lazy) assets/Dashboard.js',
      'on demand',
      40,
      2,
      2,
      0,
    ]);
    expect(result.rows.every((row) => row.length === result.columns.length)).toBe(true);
    expect(result.notes.length).toBeGreaterThan(0);
  });

  it('holds a JS budget per route, a file budget per page load, one for the SDK on the landing and one per kind of absent code', () => {
    expect(result.budgets[0]).toEqual({
      label: '/: JS for the first paint',
      value: 90,
      unit: 'kB gz',
      op: '<=',
      limit: 110,
      pass: true,
    });
    expect(result.budgets[1]).toMatchObject({ value: 130, limit: 120, pass: false });
    expect(result.budgets[2]).toMatchObject({ value: 3, unit: 'files', limit: 2, pass: false });
    expect(result.budgets.map((b) => b.label)).toEqual([
      '/: JS for the first paint',
      '/dashboard: JS for the first paint',
      '/: files for the first paint',
      'sign-in SDK files the landing loads',
      'msw in the build',
      '@huggingface/inference in the build',
      'mocks (@sentinel/mocks) in the build',
      'test and story code in the build',
    ]);
  });

  it('fails the absent-code budget when code or a marker of it is found', () => {
    const dirty = bundleBenchResult(
      [],
      [],
      forbiddenFigures({ 'assets/index.js': { '/repo/node_modules/msw/lib/x.js': 10 } }, {}),
      ['assets/index.js'],
      new Date(),
    );
    expect(dirty.budgets.filter((b) => !b.pass).map((b) => b.label)).toEqual([
      'sign-in SDK files the landing loads',
      'msw in the build',
    ]);
  });
});
