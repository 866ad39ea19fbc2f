/**
 * REQ-perf bundle budgets, computed from Vite's build manifest: for every route, the JS and CSS a browser loads
 * (the entry, the lazy chunks the route needs, and all their static imports), gzipped; every lazy chunk on its
 * own; and the bytes of forbidden code. Pure: sizes come in as a table of gzipped bytes per emitted file.
 */
import type { Manifest } from 'vite';
import { FORBIDDEN_IN_BUNDLE, forbiddenKindsOf } from './bundleRules';

export const KB = 1000;

export type RouteBudget = {
  /** What a person opens, as the table shows it. */
  route: string;
  /** Manifest keys (source paths) of the lazy chunks the route needs on top of the entry for its first paint. */
  loads: readonly string[];
  /** Most gzipped JS the route may load for its first paint, in kB (1 kB = 1000 bytes). */
  maxJsKb: number;
  /**
   * Modules (source paths) fetched with the route's first API request, right after its first paint (the contract
   * checks): their chunks are shown beside the route's figures, outside its budget. A module, not a chunk, since
   * the bundler may merge a dynamic import into a chunk other code shares.
   */
  onFirstRequest?: readonly string[];
  /**
   * Most JS and CSS files a page load of the route may fetch for its first paint; none for a tab, which opens
   * after its dashboard has loaded (and finds the dashboard's files in the cache).
   */
  maxFiles?: number;
};

/**
 * Files a route may fetch for its first paint. Over HTTP/1.1 a browser opens six connections to a host, so every
 * six files cost another round trip (150 ms on Lighthouse's slow 4G): 18 is three rounds. Left to itself the
 * bundler split a dashboard's first paint into 38 files (vite.config.ts: the signed-in chunk).
 */
export const MAX_FIRST_PAINT_FILES = 18;
const pageLoad = { maxFiles: MAX_FIRST_PAINT_FILES } as const;

/** The SDK chunk and the signed-in shell every signed-in route needs. */
const SDK = 'src/SdkSession.tsx';
const SIGNED_IN = [SDK, 'src/SignedInPages.tsx'];
const UI = '../../packages/ui/src';
/** The chat tab's screen: each dashboard's AI Assistant tab. */
const CHAT = `${UI}/ChatPanel/ChatPanel.tsx`;
/** zod and every route's schemas, which the API client fetches with its first request. */
export const CONTRACT_CHECKS = '../../packages/domain/src/contract/index.ts';

const dashboard = (name: string) => `src/dashboards/${name}.ts`;

/**
 * The routes of REQ-screen and what each loads for its first paint. A returning user at / ends on their dashboard,
 * which opens on its overview; the chat is a tab of each dashboard (tabs have no address, REQ-screen), fetched when it
 * opens, and is budgeted like a route. Every figure is enforced.
 */
export const ROUTE_BUDGETS: readonly RouteBudget[] = [
  { route: '/ (visitor: landing)', loads: [], maxJsKb: 110, ...pageLoad },
  {
    route: '/patient-dashboard',
    loads: [...SIGNED_IN, dashboard('PatientDashboard')],
    maxJsKb: 200,
    ...pageLoad,
  },
  {
    route: '/doctor-dashboard',
    loads: [...SIGNED_IN, dashboard('DoctorPortal')],
    maxJsKb: 200,
    ...pageLoad,
    // The overview counts the prescriptions waiting for approval.
    onFirstRequest: [CONTRACT_CHECKS],
  },
  {
    route: '/admin-dashboard',
    loads: [...SIGNED_IN, dashboard('AdminDashboard')],
    maxJsKb: 200,
    ...pageLoad,
  },
  {
    route: '/patient-dashboard, AI Assistant tab',
    loads: [...SIGNED_IN, dashboard('PatientDashboard'), CHAT],
    maxJsKb: 200,
    onFirstRequest: [CONTRACT_CHECKS],
  },
  {
    route: '/doctor-dashboard, AI Assistant tab',
    loads: [...SIGNED_IN, dashboard('DoctorPortal'), CHAT],
    maxJsKb: 200,
    onFirstRequest: [CONTRACT_CHECKS],
  },
  {
    route: '/admin-dashboard, AI Assistant tab',
    loads: [...SIGNED_IN, dashboard('AdminDashboard'), CHAT],
    maxJsKb: 200,
    onFirstRequest: [CONTRACT_CHECKS],
  },
  { route: '/challenge-demo, /unauthorized', loads: SIGNED_IN, maxJsKb: 200, ...pageLoad },
];

/** Module ids whose presence in the landing's files would mean a visitor downloads the sign-in SDK. */
export const SDK_MODULE = /[\\/]node_modules[\\/]@auth0[\\/]/;

export type RouteFigure = {
  route: string;
  files: string[];
  jsBytes: number;
  cssBytes: number;
  maxJsKb: number;
  /** The file budget of a page load; undefined for a tab. */
  maxFiles: number | undefined;
  /** Within its budgets: JS bytes, and files for a page load. */
  ok: boolean;
  /** JS the route's first API request adds (chunks not already loaded), gzipped; 0 when it makes none. */
  firstRequestJsBytes: number;
};

export type LazyChunkFigure = {
  chunk: string;
  file: string;
  jsBytes: number;
  cssBytes: number;
  /** Its JS file and its stylesheets. */
  files: number;
};

export type ForbiddenFigure = { what: string; bytes: number; modules: string[]; markersFound: string[] };

/** Per emitted JS file: its module ids with their rendered length (from the bundle). */
export type ChunkModules = Readonly<Record<string, Readonly<Record<string, number>>>>;

export function entryKey(manifest: Manifest): string {
  const entries = Object.keys(manifest).filter((key) => manifest[key]?.isEntry);
  if (entries.length !== 1)
    throw new Error(`Expected one entry in the manifest, found: ${entries.join(', ')}`);
  return entries[0] as string;
}

/** The chunks a browser fetches for `keys`: each of them and, transitively, their static imports. */
export function staticClosure(manifest: Manifest, keys: readonly string[]): string[] {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`The manifest has no chunk "${key}" (renamed? update ROUTE_BUDGETS).`);
    seen.add(key);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  keys.forEach(visit);
  return [...seen];
}

/** The JS and CSS files of the given chunks, each once. */
export function filesOf(manifest: Manifest, keys: readonly string[]): { js: string[]; css: string[] } {
  const js = new Set<string>();
  const css = new Set<string>();
  for (const key of keys) {
    const chunk = manifest[key];
    if (!chunk) continue;
    if (chunk.file.endsWith('.js')) js.add(chunk.file);
    chunk.css?.forEach((file) => css.add(file));
  }
  return { js: [...js], css: [...css] };
}

const sum = (files: readonly string[], gzipped: Readonly<Record<string, number>>) =>
  files.reduce((total, file) => {
    const size = gzipped[file];
    if (size === undefined) throw new Error(`No size for ${file}.`);
    return total + size;
  }, 0);

/** The manifest key of the chunk that holds a module (a source path relative to the portal, as in the manifest). */
export function chunkKeyOfModule(manifest: Manifest, modules: ChunkModules, modulePath: string): string {
  const suffix = `/${modulePath.replace(/^(\.\.\/)+/, '')}`;
  const file = Object.keys(modules).find((f) =>
    Object.keys(modules[f] ?? {}).some((id) => id.replaceAll('\\', '/').endsWith(suffix)),
  );
  const key = Object.keys(manifest).find((k) => manifest[k]?.file === file);
  if (!key) throw new Error(`No chunk of the build holds ${modulePath} (moved? update ROUTE_BUDGETS).`);
  return key;
}

export function routeFigures(
  manifest: Manifest,
  gzipped: Readonly<Record<string, number>>,
  modules: ChunkModules,
  budgets: readonly RouteBudget[] = ROUTE_BUDGETS,
): RouteFigure[] {
  const entry = entryKey(manifest);
  return budgets.map(({ route, loads, maxJsKb, onFirstRequest = [], maxFiles }) => {
    const { js, css } = filesOf(manifest, staticClosure(manifest, [entry, ...loads]));
    const jsBytes = sum(js, gzipped);
    const requested = onFirstRequest.map((m) => chunkKeyOfModule(manifest, modules, m));
    const later = filesOf(manifest, staticClosure(manifest, requested)).js.filter((f) => !js.includes(f));
    const files = [...js, ...css];
    return {
      route,
      files,
      jsBytes,
      cssBytes: sum(css, gzipped),
      maxJsKb,
      maxFiles,
      ok: jsBytes <= maxJsKb * KB && (maxFiles === undefined || files.length <= maxFiles),
      firstRequestJsBytes: sum(later, gzipped),
    };
  });
}

/** A manifest key as a reader knows it: workspace paths from the repository root ('packages/ui/src/...'). */
const chunkName = (key: string) => key.replace(/^(\.\.\/)+/, '');

/** Every chunk a browser loads only on demand (not part of the entry's static closure), each on its own. */
export function lazyChunkFigures(
  manifest: Manifest,
  gzipped: Readonly<Record<string, number>>,
): LazyChunkFigure[] {
  const firstLoad = new Set(staticClosure(manifest, [entryKey(manifest)]));
  return Object.entries(manifest)
    .filter(([key, chunk]) => !firstLoad.has(key) && chunk.file.endsWith('.js'))
    .map(([key, chunk]) => ({
      chunk: `${chunkName(key)} (${chunk.isDynamicEntry ? 'lazy' : 'shared'})`,
      file: chunk.file,
      jsBytes: sum([chunk.file], gzipped),
      cssBytes: sum(chunk.css ?? [], gzipped),
      files: 1 + (chunk.css?.length ?? 0),
    }));
}

/** The files the landing loads that contain the sign-in SDK (must be none). */
export function sdkFilesOnLanding(manifest: Manifest, modules: ChunkModules): string[] {
  const { js } = filesOf(manifest, staticClosure(manifest, [entryKey(manifest)]));
  return js.filter((file) => Object.keys(modules[file] ?? {}).some((id) => SDK_MODULE.test(id)));
}

/** Bytes of each kind of forbidden code, by module id and by marker strings in the emitted files. */
export function forbiddenFigures(
  modules: ChunkModules,
  contents: Readonly<Record<string, string>>,
): ForbiddenFigure[] {
  return FORBIDDEN_IN_BUNDLE.map((kind) => {
    const found = new Set<string>();
    let bytes = 0;
    for (const [file, ids] of Object.entries(modules)) {
      for (const [id, length] of Object.entries(ids)) {
        if (!forbiddenKindsOf(id).includes(kind)) continue;
        found.add(`${file}: ${id}`);
        bytes += length;
      }
    }
    const markersFound = Object.entries(contents).flatMap(([file, text]) =>
      kind.markers.filter((marker) => text.includes(marker)).map((marker) => `${file}: "${marker}"`),
    );
    return { what: kind.what, bytes, modules: [...found], markersFound };
  });
}

const kb = (bytes: number) => `${(bytes / KB).toFixed(1)} kB`;

/** The figures as Markdown tables, with the verdict of each budget. */
export function formatReport(
  routes: readonly RouteFigure[],
  lazy: readonly LazyChunkFigure[],
  forbidden: readonly ForbiddenFigure[],
): string {
  const lines = [
    '| route (first paint) | JS gzip | CSS gzip | JS budget | files | file budget | | + JS with its first API request |',
    '| --- | ---: | ---: | ---: | ---: | ---: | --- | ---: |',
    ...routes.map(
      (r) =>
        `| ${r.route} | ${kb(r.jsBytes)} | ${kb(r.cssBytes)} | ${r.maxJsKb} kB | ${r.files.length} | ${r.maxFiles ?? '-'} | ` +
        `${r.ok ? 'ok' : 'OVER BUDGET'} | ${r.firstRequestJsBytes ? kb(r.firstRequestJsBytes) : '-'} |`,
    ),
    '',
    '| chunk loaded on demand | file | JS gzip | CSS gzip |',
    '| --- | --- | ---: | ---: |',
    ...lazy.map((c) => `| ${c.chunk} | ${c.file} | ${kb(c.jsBytes)} | ${kb(c.cssBytes)} |`),
    '',
    '| must be absent | bytes | |',
    '| --- | ---: | --- |',
    ...forbidden.map(
      (f) => `| ${f.what} | ${f.bytes} | ${f.bytes || f.markersFound.length ? 'FOUND' : 'ok'} |`,
    ),
  ];
  return lines.join('\n');
}

/** One line of a benchmark result (tests/bench/src/result.ts, the shape BENCHMARKS.md collects). */
export type BenchBudget = {
  label: string;
  value: number;
  unit: string;
  op: '<=' | '==';
  limit: number;
  pass: boolean;
};

export type BenchResult = {
  name: string;
  title: string;
  measuredAt: string;
  columns: string[];
  rows: (string | number)[][];
  budgets: BenchBudget[];
  notes: string[];
};

const kbNumber = (bytes: number) => Math.round(bytes / 100) / 10;

/** The figures in the shared benchmark shape (results/bundle.json): routes, lazy chunks, absent code, budgets. */
export function bundleBenchResult(
  routes: readonly RouteFigure[],
  lazy: readonly LazyChunkFigure[],
  forbidden: readonly ForbiddenFigure[],
  sdkOnLanding: readonly string[],
  measuredAt: Date,
): BenchResult {
  return {
    name: 'bundle',
    title: "The portal's JS and CSS per route (first paint) and every chunk loaded on demand, gzipped",
    measuredAt: measuredAt.toISOString(),
    columns: [
      'what',
      'loaded',
      'JS gzip (kB)',
      'CSS gzip (kB)',
      'files',
      '+ JS with the first API request (kB)',
    ],
    rows: [
      ...routes.map((r) => [
        r.route,
        'first paint',
        kbNumber(r.jsBytes),
        kbNumber(r.cssBytes),
        r.files.length,
        kbNumber(r.firstRequestJsBytes),
      ]),
      ...lazy.map((c) => [
        `${c.chunk} ${c.file}`,
        'on demand',
        kbNumber(c.jsBytes),
        kbNumber(c.cssBytes),
        c.files,
        0,
      ]),
    ],
    budgets: [
      ...routes.map((r) => ({
        label: `${r.route}: JS for the first paint`,
        value: kbNumber(r.jsBytes),
        unit: 'kB gz',
        op: '<=' as const,
        limit: r.maxJsKb,
        pass: r.jsBytes <= r.maxJsKb * KB,
      })),
      ...routes.flatMap((r) =>
        r.maxFiles === undefined
          ? []
          : [
              {
                label: `${r.route}: files for the first paint`,
                value: r.files.length,
                unit: 'files',
                op: '<=' as const,
                limit: r.maxFiles,
                pass: r.files.length <= r.maxFiles,
              },
            ],
      ),
      {
        label: 'sign-in SDK files the landing loads',
        value: sdkOnLanding.length,
        unit: 'files',
        op: '==',
        limit: 0,
        pass: sdkOnLanding.length === 0,
      },
      ...forbidden.map((f) => ({
        label: `${f.what} in the build`,
        value: f.bytes + f.markersFound.length,
        unit: 'bytes (+ markers found)',
        op: '==' as const,
        limit: 0,
        pass: f.bytes === 0 && f.markersFound.length === 0,
      })),
    ],
    notes: [
      "Built by apps/portal/scripts/checkBudgets.ts with the portal's Vite config; each figure sums the gzipped " +
        '(level 9) files a browser fetches, 1 kB = 1000 bytes.',
      "A route's first paint is the entry, the lazy chunks the route renders with and all their static imports " +
        '(Vite manifest). The chat is the AI Assistant tab of each dashboard, fetched when the tab opens.',
      'The last column is what the route fetches right after its first paint, with its first API request: the ' +
        'contract checks (zod and every schema), outside the budget. Tab screens and the markdown parser load ' +
        'on demand and are listed as chunks.',
    ],
  };
}
