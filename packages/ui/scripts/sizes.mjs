// `npm run sizes` (after `npm run build:lib`): the size budgets of the built package (REQ-product-library).
// 1. size-limit over .size-limit.cjs: esbuild, minified, gzip; the budgets that fail the script.
// 2. The same entries bundled by Vite (Rolldown), the bundler our fixtures and most hosts use, split the way a host
//    splits them: what the page loads first (the entry and its static imports) and what it loads later, and which
//    modules land where. This checks what size-limit cannot: a primitive pulls no zod and no contract, and a
//    screen's contract code (the route schemas) is in a lazy chunk, fetched with its first API call.
// `--json <file>` also writes the figures in the bench results shape (tests/bench/src/result.ts), from which
// BENCHMARKS.md's `sizes` section is rendered.
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { availableParallelism, cpus, loadavg } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'vite';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const repo = join(root, '..', '..');
const uiDist = join(root, 'dist');
const domainDist = join(root, '..', 'domain', 'dist');
const jsonAt = process.argv.indexOf('--json');
const jsonFile = jsonAt > 0 ? resolve(repo, process.argv[jsonAt + 1] ?? '') : undefined;

/** kB as size-limit counts them: 1000 bytes. */
const kB = (bytes) => Math.round(bytes / 100) / 10;
const gzip = (code) => gzipSync(code, { level: 9 }).length;

// 1. size-limit. It exits non-zero when a budget fails, and still prints its JSON.
let limits;
try {
  limits = JSON.parse(
    execFileSync(join(repo, 'node_modules', '.bin', 'size-limit'), ['--json'], {
      cwd: root,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    }),
  );
} catch (error) {
  limits = JSON.parse(error.stdout || '[]');
  if (!Array.isArray(limits) || limits.length === 0)
    throw new Error(`size-limit did not run: ${error.stderr || error.message}`);
}

// 2. Vite. Each case is a host module; REACT is left out where the budget is "beyond React".
const REACT = ['react', 'react-dom', 'react/jsx-runtime', 'react-dom/client'];
const CASES = [
  { name: 'Button', code: `export { Button } from '@sentinel/ui';`, external: REACT },
  { name: 'theme entry', code: `export * from '@sentinel/ui/theme';`, external: REACT },
  // A screen with the client a host builds for it: the client is what fetches the contract.
  {
    name: 'Appointments + createApiClient',
    code: `export { Appointments, createApiClient } from '@sentinel/ui';`,
    external: REACT,
  },
  {
    name: 'MedicalRecords + createApiClient',
    code: `export { MedicalRecords, createApiClient } from '@sentinel/ui';`,
    external: REACT,
  },
  {
    name: 'ChatPanel page (React included)',
    file: join(root, 'scripts', 'sizes', 'chatPanelPage.js'),
    external: [],
  },
];
/**
 * The route table and the answers' schemas (what the client checks every answer with): the contract code a page
 * should fetch only with its first API call. Other contract modules (a form's body schema, shared limits) are
 * listed in the notes wherever they load.
 */
const isRouteContract = (id) =>
  ['routes.js', 'responses.js'].some((file) => id === join(domainDist, 'contract', file));
const contractModule = (id) =>
  id.startsWith(join(domainDist, 'contract')) ? id.slice(domainDist.length + 1) : undefined;
const isZod = (id) => /[\\/]node_modules[\\/]zod[\\/]/.test(id);

async function bundle({ code, file, external }) {
  const entry = file ?? '\0sizes-entry';
  const output = await build({
    configFile: false,
    logLevel: 'silent',
    define: { 'process.env.NODE_ENV': '"production"' },
    // The built packages, as a host installs them (not the workspace's TypeScript sources).
    resolve: {
      alias: [
        { find: /^@sentinel\/ui(?=\/|$)/, replacement: uiDist },
        { find: /^@sentinel\/domain(?=\/|$)/, replacement: domainDist },
      ],
    },
    plugins: [
      {
        name: 'sizes-entry',
        resolveId: (id) => (id === entry ? id : undefined),
        load: (id) => (id === entry ? code : undefined),
      },
    ],
    build: {
      write: false,
      minify: true,
      modulePreload: false,
      rolldownOptions: {
        input: { entry },
        external,
        preserveEntrySignatures: 'allow-extension',
        onwarn: () => undefined,
      },
    },
  });
  const chunks = (Array.isArray(output) ? output : [output])
    .flatMap((result) => result.output)
    .filter((file) => file.type === 'chunk');
  const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const initial = new Set();
  const visit = (chunk) => {
    if (initial.has(chunk)) return;
    initial.add(chunk);
    for (const name of chunk.imports) if (byName.has(name)) visit(byName.get(name));
  };
  chunks.filter((chunk) => chunk.isEntry).forEach(visit);
  const lazy = chunks.filter((chunk) => !initial.has(chunk));
  const modules = (list) => list.flatMap((chunk) => chunk.moduleIds);
  const size = (list) => list.reduce((sum, chunk) => sum + gzip(chunk.code), 0);
  return {
    initial: size([...initial]),
    lazy: size(lazy),
    contractInitial: modules([...initial]).filter(isRouteContract).length,
    contractLazy: modules(lazy).filter(isRouteContract).length,
    contractAnywhere: modules(chunks).filter(contractModule).length,
    otherContractInitial: modules([...initial])
      .map(contractModule)
      .filter(Boolean),
    zodInitial: modules([...initial]).some(isZod),
    zodAnywhere: modules(chunks).some(isZod),
  };
}

const measured = [];
for (const example of CASES) measured.push({ ...example, ...(await bundle(example)) });

const zodWhere = (m) => (m.zodInitial ? 'initial' : m.zodAnywhere ? 'lazy only' : 'none');
const rows = [
  ...limits.map((check) => [
    `${check.name} (size-limit, esbuild)`,
    kB(check.size),
    null,
    kB(check.sizeLimit),
    check.passed ? 'pass' : 'FAIL',
  ]),
  ...measured.map((m) => [
    `${m.name} (Vite)`,
    kB(m.initial),
    kB(m.lazy),
    null,
    `route contract modules: ${m.contractInitial} initial, ${m.contractLazy} lazy; zod: ${zodWhere(m)}`,
  ]),
];
const COMPARE = { '<=': (v, l) => v <= l, '==': (v, l) => v === l, '>=': (v, l) => v >= l };
const budget = (label, value, op, limit, unit) => ({
  label,
  value,
  unit,
  op,
  limit,
  pass: COMPARE[op](value, limit),
});
const byName = Object.fromEntries(measured.map((m) => [m.name, m]));
const API_PAGES = [
  'Appointments + createApiClient',
  'MedicalRecords + createApiClient',
  'ChatPanel page (React included)',
];
const budgets = [
  ...limits.map((check) => budget(check.name, kB(check.size), '<=', kB(check.sizeLimit), 'kB')),
  budget(
    'Button: zod and contract modules bundled (Vite)',
    Number(byName.Button.zodAnywhere) + byName.Button.contractAnywhere,
    '==',
    0,
    'modules',
  ),
  budget(
    'ChatPanel page: initial JS including React (Vite)',
    kB(byName[API_PAGES[2]].initial),
    '<=',
    120,
    'kB',
  ),
  ...API_PAGES.flatMap((name) => [
    budget(
      `${name}: route contract in the initial JS (Vite)`,
      byName[name].contractInitial,
      '==',
      0,
      'modules',
    ),
    budget(`${name}: route contract in a lazy chunk (Vite)`, byName[name].contractLazy, '>=', 2, 'modules'),
  ]),
];
const otherContract = measured
  .filter((m) => m.otherContractInitial.length)
  .map((m) => `${m.name}: ${m.otherContractInitial.join(', ')}`);

const [one = 0, five = 0, fifteen = 0] = loadavg();
const result = {
  name: 'sizes',
  title: '@sentinel/ui per entry as a host bundles it: initial and lazy JS, stylesheets, gzipped',
  measuredAt: new Date().toISOString(),
  columns: ['entry', 'initial gzip (kB)', 'lazy gzip (kB)', 'limit (kB)', 'result'],
  rows,
  budgets,
  notes: [
    'Built package (dist/ of @sentinel/ui and @sentinel/domain, as packed), `npm run sizes -w @sentinel/ui`.',
    'size-limit 12 (esbuild, minified, gzip; kB = 1000 bytes): dynamic imports are left out (they load later); ' +
      '"beyond React" leaves out react and react-dom; @tanstack/react-query and every other dependency are counted.',
    'Vite rows: Vite 8 (Rolldown) production build of the same host module with code splitting; initial = the ' +
      'entry chunk and its static imports, lazy = every other chunk.',
    `Contract modules in the initial JS (a static import of @sentinel/domain/contract brings its index, and so ` +
      `everything the client's dynamic import of it needs): ${otherContract.join('; ') || 'none'}.`,
    'Screens are measured with Vite only: esbuild keeps all of zod 4 behind `import { z } from "zod"` (the ' +
      'namespace is not tree-shaken) where Rolldown keeps what is used, so under size-limit a screen measures about ' +
      'twice its size in a Vite host.',
    `${availableParallelism()} CPUs (${cpus()[0]?.model.trim() ?? 'unknown'}), Node ${process.version}, load average ` +
      `${one.toFixed(2)} / ${five.toFixed(2)} / ${fifteen.toFixed(2)} (1 / 5 / 15 min).`,
  ],
};

console.log(`| ${result.columns.join(' | ')} |`);
console.log(`| ${result.columns.map(() => '---').join(' | ')} |`);
for (const row of rows) console.log(`| ${row.map((cell) => cell ?? '—').join(' | ')} |`);
for (const b of budgets)
  console.log(`${b.pass ? 'pass' : 'FAIL'}: ${b.label}: ${b.value} ${b.unit} (${b.op} ${b.limit})`);
if (jsonFile) {
  mkdirSync(dirname(jsonFile), { recursive: true });
  writeFileSync(jsonFile, `${JSON.stringify(result, null, 2)}\n`);
  console.log(`wrote ${jsonFile}`);
}
if (budgets.some((b) => !b.pass)) process.exitCode = 1;
