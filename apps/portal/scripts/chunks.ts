/**
 * REQ-perf-files: which chunks a returning user's page loads, read from a build's output (pure, so tested
 * without a build): the files the head script requests early (sessionPreloads) and the modules of the
 * signed-in chunk (signedInModules). Used by vite.config.ts; `root` is the portal's folder (module paths are
 * relative to it).
 */
import path from 'node:path';
import type { Rolldown } from 'vite';
import type { SessionPreloads } from '../src/prerender';

/** The modules a returning user's page loads after the entry: the sign-in SDK, the signed-in pages, and per
 * dashboard path its screen (the same modules main.tsx and SignedInPages import). */
export const SESSION_MODULES = ['src/SdkSession.tsx', 'src/SignedInPages.tsx'];
export const DASHBOARD_MODULES: Readonly<Record<string, string>> = {
  '/patient-dashboard': 'src/dashboards/PatientDashboard.ts',
  '/doctor-dashboard': 'src/dashboards/DoctorPortal.ts',
  '/admin-dashboard': 'src/dashboards/AdminDashboard.ts',
};

type Chunk = Rolldown.OutputChunk;

/** The chunks of a build, with the file names of the chunks a chunk loads (itself and its static imports). */
function chunkGraph(bundle: Rolldown.OutputBundle, root: string) {
  const chunks = Object.values(bundle).filter((output): output is Chunk => output.type === 'chunk');
  const closure = (start: Chunk) => {
    const seen = new Set<string>();
    const visit = (fileName: string) => {
      const chunk = bundle[fileName];
      if (seen.has(fileName) || chunk?.type !== 'chunk') return;
      seen.add(fileName);
      chunk.imports.forEach(visit);
    };
    visit(start.fileName);
    return seen;
  };
  const entry = chunks.find((chunk) => chunk.isEntry);
  if (!entry) throw new Error('The build has no entry chunk');
  const chunkOf = (module: string) => {
    const chunk = chunks.find((c) => c.facadeModuleId === path.join(root, module));
    if (!chunk) throw new Error(`No chunk of its own for ${module}: it is no longer imported lazily`);
    return chunk;
  };
  return { closure, entry, chunkOf };
}

/**
 * The files (as URLs) to request early for a returning user, beyond what index.html already loads: the chunks
 * of the sign-in SDK, the signed-in pages and the path's dashboard with every chunk they import, and their
 * stylesheets (which Vite's loader would otherwise only ask for once the chunk importing them has arrived).
 */
export function sessionPreloads(bundle: Rolldown.OutputBundle, base: string, root: string): SessionPreloads {
  const { closure, entry, chunkOf } = chunkGraph(bundle, root);
  const loaded = closure(entry);
  const filesFor = (modules: readonly string[]) => {
    const chunks = [...new Set(modules.flatMap((m) => [...closure(chunkOf(m))]))].filter(
      (f) => !loaded.has(f),
    );
    const css = chunks.flatMap((file) => {
      const chunk = bundle[file];
      return chunk?.type === 'chunk' ? [...(chunk.viteMetadata?.importedCss ?? [])] : [];
    });
    return [...chunks, ...new Set(css)].map((file) => `${base}${file}`);
  };
  const always = filesFor(SESSION_MODULES);
  const byPath = Object.entries(DASHBOARD_MODULES).map(([route, module]) => [
    route,
    filesFor([module]).filter((url) => !always.includes(url)),
  ]);
  return { always, byPath: Object.fromEntries(byPath) as Record<string, string[]> };
}

/** The sign-in SDK's packages (the Auth0 React wrapper, the SPA SDK it wraps). */
export const SIGN_IN_SDK = /[\\/]node_modules[\\/]@auth0[\\/]/;

/**
 * The modules to put in the `signed-in` chunk, from a build split the bundler's own way: those of every chunk
 * the sign-in session and the signed-in pages load, and of every chunk all three dashboards load (so no
 * dashboard downloads another's screens), except what the entry already loads, the sign-in SDK (a large file
 * that rarely changes keeps a chunk and a cache life of its own) and the lazy pages' own chunks (SdkSession,
 * SignedInPages and each dashboard stay chunks of their own, so each user still loads only their role's).
 */
export function signedInModules(bundle: Rolldown.OutputBundle, root: string): Set<string> {
  const { closure, entry, chunkOf } = chunkGraph(bundle, root);
  const [first, ...others] = Object.values(DASHBOARD_MODULES).map((module) => closure(chunkOf(module)));
  const everyDashboard = [...(first ?? [])].filter((file) => others.every((c) => c.has(file)));
  const files = new Set([...SESSION_MODULES.flatMap((m) => [...closure(chunkOf(m))]), ...everyDashboard]);
  for (const file of closure(entry)) files.delete(file);
  for (const module of [...SESSION_MODULES, ...Object.values(DASHBOARD_MODULES)]) {
    files.delete(chunkOf(module).fileName);
  }
  const modules = [...files].flatMap((file) => {
    const chunk = bundle[file];
    return chunk?.type === 'chunk' ? Object.keys(chunk.modules) : [];
  });
  return new Set(modules.filter((id) => !SIGN_IN_SDK.test(id)));
}
