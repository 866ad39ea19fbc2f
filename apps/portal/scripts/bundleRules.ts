/**
 * What must never reach a browser bundle of the portal (REQ-perf-routes: 0 bytes in the portal build): the
 * mock API, the model SDK (server only) and test or story code. Shared by the build guard of vite.config.ts,
 * which fails the build, and by scripts/checkBudgets.ts, which reports the bytes per kind.
 */
export type ForbiddenKind = {
  what: string;
  /** Matched against the module ids of every chunk (absolute paths, possibly with a query). */
  modules: readonly RegExp[];
  /** Strings only that code contains, searched in the emitted files (catches a copy under another path). */
  markers: readonly string[];
};

const inNodeModules = (name: string) => new RegExp(`[\\\\/]node_modules[\\\\/]${name}[\\\\/]`);

export const FORBIDDEN_IN_BUNDLE: readonly ForbiddenKind[] = [
  { what: 'msw', modules: [inNodeModules('msw')], markers: ['[MSW]', 'mockServiceWorker'] },
  {
    what: '@huggingface/inference',
    modules: [inNodeModules('@huggingface')],
    markers: ['huggingface.co'],
  },
  {
    // The demo data (personas with their passwords and TOTP secret, fixtures) counts as mock code: a bundle
    // holding it would ship demo credentials.
    what: 'mocks (@sentinel/mocks)',
    modules: [/[\\/]packages[\\/]mocks[\\/]/, /[\\/]packages[\\/]demo-data[\\/]/],
    markers: ['mock-persona:', 'JBSWY3DPEHPK3PXP'],
  },
  {
    what: 'test and story code',
    modules: [
      /\.(test|spec|stories)\.[cm]?[jt]sx?($|\?)/,
      /[\\/]src[\\/]test[\\/]/,
      inNodeModules('@testing-library'),
      inNodeModules('(vitest|@vitest|happy-dom|@storybook|storybook)'),
    ],
    markers: ['@testing-library', '__vitest'],
  },
];

/** The kinds of forbidden code a module id belongs to (none for allowed code). */
export function forbiddenKindsOf(moduleId: string): ForbiddenKind[] {
  return FORBIDDEN_IN_BUNDLE.filter((kind) => kind.modules.some((pattern) => pattern.test(moduleId)));
}
