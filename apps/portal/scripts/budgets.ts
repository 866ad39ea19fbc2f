/**
 * Issue 7 bundle budgets, computed from Vite's build manifest: for every route, the JS and CSS a browser loads
 * (the entry, the lazy chunks the route needs, and all their static imports), gzipped; every lazy chunk on its
 * own; and the bytes of forbidden code. Pure: sizes come in as a table of gzipped bytes per emitted file.
 */
import type { Manifest } from 'vite';
import { FORBIDDEN_IN_BUNDLE, forbiddenKindsOf } from './bundleRules';

export const KB = 1000;

export type RouteBudget = {
  /** What a person opens, as the table shows it. */
  route: string;
  /** Manifest keys (source paths) of the lazy chunks the route needs on top of the entry. */
  loads: readonly string[];
  /** Most gzipped JS the route may load, in kB (1 kB = 1000 bytes). */
  maxJsKb: number;
  /**
   * Whether going over fails the check. A route known to be over (issue 7, open) is reported as over and fails
   * the check once it fits, so the budget is enforced from the commit that meets it.
   */
  enforced: boolean;
};

/** The SDK chunk and the signed-in shell every signed-in route needs. */
const SDK = 'src/SdkSession.tsx';
const SIGNED_IN = [SDK, 'src/SignedInPages.tsx'];

/**
 * The routes of spec §2 and what each loads. A returning user at / ends on their dashboard; the chat is a tab
 * of each dashboard: both are in the dashboards' figures.
 */
export const ROUTE_BUDGETS: readonly RouteBudget[] = [
  { route: '/ (visitor: landing)', loads: [], maxJsKb: 110, enforced: true },
  // Issue 7, open: the signed-in routes are over 200 kB (zod for the contract checks, markdown, every tab's
  // screen loaded up front). Reported every run; the check fails as soon as one fits, to enforce it from then.
  {
    route: '/patient-dashboard',
    loads: [...SIGNED_IN, 'src/dashboards/PatientDashboard.ts'],
    maxJsKb: 200,
    enforced: false,
  },
  {
    route: '/doctor-dashboard',
    loads: [...SIGNED_IN, 'src/dashboards/DoctorPortal.ts'],
    maxJsKb: 200,
    enforced: false,
  },
  {
    route: '/admin-dashboard',
    loads: [...SIGNED_IN, 'src/dashboards/AdminDashboard.ts'],
    maxJsKb: 200,
    enforced: false,
  },
  { route: '/challenge-demo, /unauthorized', loads: SIGNED_IN, maxJsKb: 200, enforced: false },
];

/** Module ids whose presence in the landing's files would mean a visitor downloads the sign-in SDK. */
export const SDK_MODULE = /[\\/]node_modules[\\/]@auth0[\\/]/;

export type RouteFigure = {
  route: string;
  files: string[];
  jsBytes: number;
  cssBytes: number;
  maxJsKb: number;
  enforced: boolean;
  ok: boolean;
};

export type LazyChunkFigure = { chunk: string; file: string; jsBytes: number; cssBytes: number };

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

export function routeFigures(
  manifest: Manifest,
  gzipped: Readonly<Record<string, number>>,
  budgets: readonly RouteBudget[] = ROUTE_BUDGETS,
): RouteFigure[] {
  const entry = entryKey(manifest);
  return budgets.map(({ route, loads, maxJsKb, enforced }) => {
    const { js, css } = filesOf(manifest, staticClosure(manifest, [entry, ...loads]));
    const jsBytes = sum(js, gzipped);
    return {
      route,
      files: [...js, ...css],
      jsBytes,
      cssBytes: sum(css, gzipped),
      maxJsKb,
      enforced,
      ok: jsBytes <= maxJsKb * KB,
    };
  });
}

/** Every chunk a browser loads only on demand (not part of the entry's static closure), each on its own. */
export function lazyChunkFigures(
  manifest: Manifest,
  gzipped: Readonly<Record<string, number>>,
): LazyChunkFigure[] {
  const firstLoad = new Set(staticClosure(manifest, [entryKey(manifest)]));
  return Object.entries(manifest)
    .filter(([key, chunk]) => !firstLoad.has(key) && chunk.file.endsWith('.js'))
    .map(([key, chunk]) => ({
      chunk: chunk.isDynamicEntry ? `${key} (lazy)` : `${key} (shared)`,
      file: chunk.file,
      jsBytes: sum([chunk.file], gzipped),
      cssBytes: sum(chunk.css ?? [], gzipped),
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
    '| route | JS gzip | CSS gzip | JS budget | |',
    '| --- | ---: | ---: | ---: | --- |',
    ...routes.map(
      (r) =>
        `| ${r.route} | ${kb(r.jsBytes)} | ${kb(r.cssBytes)} | ${r.maxJsKb} kB | ${r.ok ? 'ok' : 'OVER BUDGET'} |`,
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
