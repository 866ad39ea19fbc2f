/**
 * Knowledge search latency at 1k, 10k and 100k synthetic documents (REQ-perf-knowledge): p50 and p95 per size and viewer,
 * measured side by side in one run for
 * - the reference: the domain's `searchKnowledge` (reads every document's text on every query), and
 * - the index: `searchKnowledgeIndex` over `buildKnowledgeIndex` (what the API and the mocks use), checked equal
 *   to the reference on every reference query;
 * and the real server's GET /api/knowledge/search?q= at 10k documents (token verification, the caller from the
 * store, the authorization model deciding access, the audit row, JSON out), over HTTP on 127.0.0.1, next to
 * GET /api/knowledge/:id (the same request without the search) and to the search with the authorizer asked
 * about each relevant document (the cost the facts-only grouping removes).
 *
 * Documents are built from the four real ones with varied titles, content and access levels, with a fixed seed,
 * so every run measures the same corpus. Run: `npm run bench:knowledge -w @sentinel/bench` (or `npm run bench`).
 * The table goes to stdout and, with the budgets, to results/knowledge.json. BENCH_KNOWLEDGE_SIZES (e.g.
 * "1000,10000") limits the sizes for a quick run; BENCH_KNOWLEDGE_SERVER_ROUNDS sets the server's timed requests per
 * viewer (300 by default).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { availableParallelism, cpus, loadavg } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { isDeepStrictEqual } from 'node:util';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import type { ServerOptions } from '@sentinel/api';
import { openStore } from '@sentinel/api/store';
import { KNOWLEDGE } from '@sentinel/api/testkit';
import {
  SENTINEL_FGA_MODEL,
  accessByFacts,
  buildKnowledgeIndex,
  prepareFga,
  isDocumentAccessible,
  searchKnowledge,
  searchKnowledgeIndex,
  type KnowledgeDocument,
  type KnowledgeViewer,
} from '@sentinel/domain';
import { seed, seededRandom, type PersonaKey } from '@sentinel/demo-data';
import { benchServer, startIssuer } from './issuer';

const BENCH_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const RESULTS = path.join(BENCH_ROOT, 'results');

const base = KNOWLEDGE.documents;

const WORDS = [
  'diabetes',
  'insulin',
  'blood',
  'pressure',
  'kidney',
  'statin',
  'asthma',
  'thyroid',
  'diet',
  'sleep',
];
const ROLES = [
  ['doctor', 'admin'],
  ['doctor', 'admin', 'nurse', 'patient'],
  ['doctor', 'pharmacist'],
] as const;

function corpus(size: number): KnowledgeDocument[] {
  const next = seededRandom(size);
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)] as T;
  return Array.from({ length: size }, (_, i) => {
    const template = base[i % base.length] as KnowledgeDocument;
    const a = pick(WORDS);
    const b = pick(WORDS);
    return {
      ...template,
      id: `${template.id}-${i}`,
      title: `${template.title} (${a}, ${b}) #${i}`,
      content: `${a} and ${b}. ${template.content.slice(0, 2_000)}`,
      metadata: {
        ...template.metadata,
        accessLevel: [...pick(ROLES)],
      },
    };
  });
}

/** The viewers, as the server derives them for the personas Dr. Alice Smith and Jane Doe. */
const VIEWERS: ReadonlyArray<{ name: string; persona: PersonaKey; viewer: KnowledgeViewer }> = [
  {
    name: 'doctor',
    persona: 'alice',
    viewer: { role: 'doctor', specializations: ['endocrinology', 'internal-medicine'] },
  },
  {
    name: 'patient',
    persona: 'jane',
    viewer: { role: 'patient', specializations: ['family-medicine'], patientId: 'P-000001' },
  },
];
const QUERIES = ['diabetes treatment', 'blood pressure', 'insulin dose', 'kidney function', 'sleep and diet'];
const SIZES = (process.env.BENCH_KNOWLEDGE_SIZES ?? '1000,10000,100000').split(',').map(Number);
const SERVER_SIZE = 10_000;

/** Timed rounds per size: the reference is slow at 100k, so it gets fewer. */
const ROUNDS = {
  reference: (size: number) => (size >= 100_000 ? 10 : size >= 10_000 ? 40 : 100),
  index: (size: number) => (size >= 100_000 ? 200 : 1_000),
  server: Number(process.env.BENCH_KNOWLEDGE_SERVER_ROUNDS ?? 300),
  perDocument: 10,
  warmup: 20,
};

const percentile = (sorted: readonly number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)] ?? Number.NaN;

type Figures = { p50: number; p95: number; rounds: number };

function figures(times: number[]): Figures {
  const sorted = [...times].sort((x, y) => x - y);
  return { p50: percentile(sorted, 0.5), p95: percentile(sorted, 0.95), rounds: times.length };
}

const round3 = (ms: number) => Math.round(ms * 1000) / 1000;
const load = () => (loadavg()[0] ?? 0).toFixed(2);

type Row = {
  readonly what: 'reference' | 'index' | 'server' | 'server-document' | 'server-per-document';
  readonly size: number;
  readonly viewer: string;
  readonly figures: Figures;
};

const rows: Row[] = [];
const notes: string[] = [];
const buildMs = new Map<number, number>();

/**
 * A full garbage collection, so that garbage left by building a corpus and its index (once per knowledge base)
 * or by the reference search (which lowercases every document on every query) is not charged to the searches
 * timed next.
 */
setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;

function measureDomain(size: number) {
  const documents = corpus(size);
  const started = performance.now();
  const index = buildKnowledgeIndex(documents);
  buildMs.set(size, performance.now() - started);
  const searchFor = (viewer: KnowledgeViewer) => (query: string) =>
    searchKnowledgeIndex(index, query, accessByFacts(index, viewer, isDocumentAccessible));

  // The index for both viewers first, then the reference, so the reference's garbage lands in its own rows.
  collectGarbage();
  for (const { name, viewer } of VIEWERS) {
    const search = searchFor(viewer);
    for (let round = 0; round < ROUNDS.warmup; round += 1) search(QUERIES[round % QUERIES.length] as string);
    const indexed: number[] = [];
    for (let round = 0; round < ROUNDS.index(size); round += 1) {
      const query = QUERIES[round % QUERIES.length] as string;
      const begun = performance.now();
      const found = search(query);
      indexed.push(performance.now() - begun);
      if (!found.ok) throw new Error(found.error.message);
    }
    rows.push({ what: 'index', size, viewer: name, figures: figures(indexed) });
  }
  collectGarbage();
  for (const { name, viewer } of VIEWERS) {
    const search = searchFor(viewer);
    const reference: number[] = [];
    for (let round = 0; round < ROUNDS.reference(size); round += 1) {
      const query = QUERIES[round % QUERIES.length] as string;
      const begun = performance.now();
      const expected = searchKnowledge(documents, query, viewer, isDocumentAccessible);
      reference.push(performance.now() - begun);
      // Every reference answer is also the index's answer, or the figures mean nothing.
      if (!isDeepStrictEqual(search(query), expected)) {
        throw new Error(`The index answered "${query}" for the ${name} at ${size} documents differently`);
      }
    }
    rows.push({ what: 'reference', size, viewer: name, figures: figures(reference) });
    console.error(`${size} documents, ${name}: measured (load ${load()})`);
  }
}

/**
 * The server's local evaluation of our authorization model (apps/api fga/authorizer.ts), without its facts-only
 * promise, so the server asks it about every document on its own.
 */
function perDocumentAuthorizer(): NonNullable<ServerOptions['authorizer']> {
  const evaluate = prepareFga(SENTINEL_FGA_MODEL, []);
  return {
    kind: 'local',
    check: async (user, relation, object, contextualTuples = []) => {
      const result = evaluate({ user, relation, object, contextualTuples });
      if (!result.ok) throw new Error(result.error.message);
      return result.value;
    },
  };
}

/** A server over `documents` on a fresh SQLite store, and how to close it. */
async function startServer(issuer: string, documents: KnowledgeDocument[], perDocument: boolean) {
  const cache = path.join(BENCH_ROOT, '.cache');
  mkdirSync(cache, { recursive: true });
  const dataDir = mkdtempSync(path.join(cache, 'knowledge-'));
  const store = await openStore({ dataDir, seed: seed(new Date()) });
  const app = await benchServer(issuer, store, {
    knowledge: () => ({ ...KNOWLEDGE, documents }),
    ...(perDocument ? { authorizer: perDocumentAuthorizer() } : {}),
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    baseUrl: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`,
    close: async () => {
      await app.close();
      await store.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function timedGet(url: string, headers: Record<string, string>): Promise<number> {
  const begun = performance.now();
  const response = await fetch(url, { headers });
  const body = (await response.json()) as { items?: unknown[]; id?: string };
  const elapsed = performance.now() - begun;
  if (!response.ok || !(Array.isArray(body.items) || typeof body.id === 'string')) {
    throw new Error(`GET ${url} answered ${response.status}`);
  }
  return elapsed;
}

/**
 * The server at 10k documents, per viewer: the search, and in the same rounds (alternating, so both see the same
 * machine) GET /api/knowledge/:id of a document the viewer may open, which does all the search does but search
 * (token, caller, one authorization check, audit row, JSON). Then the search once more with the authorizer asked
 * about each relevant document on its own, as the server did before the index (it asked about all 10,000).
 */
async function measureServer() {
  const issuer = await startIssuer();
  const documents = corpus(SERVER_SIZE);
  const searchUrl = (baseUrl: string, round: number) =>
    `${baseUrl}/api/knowledge/search?q=${encodeURIComponent(QUERIES[round % QUERIES.length] as string)}`;
  try {
    const server = await startServer(issuer.issuer, documents, false);
    try {
      for (const { name, persona, viewer } of VIEWERS) {
        const headers = { authorization: `Bearer ${await issuer.tokenFor(persona)}` };
        const open = documents.find((doc) => isDocumentAccessible(doc, viewer).granted);
        if (!open) throw new Error(`The ${name} may open no document`);
        const documentUrl = `${server.baseUrl}/api/knowledge/${open.id}`;
        for (let round = 0; round < ROUNDS.warmup; round += 1) {
          await timedGet(searchUrl(server.baseUrl, round), headers);
          await timedGet(documentUrl, headers);
        }
        const search: number[] = [];
        const single: number[] = [];
        for (let round = 0; round < ROUNDS.server; round += 1) {
          search.push(await timedGet(searchUrl(server.baseUrl, round), headers));
          single.push(await timedGet(documentUrl, headers));
        }
        rows.push({ what: 'server', size: SERVER_SIZE, viewer: name, figures: figures(search) });
        rows.push({ what: 'server-document', size: SERVER_SIZE, viewer: name, figures: figures(single) });
        console.error(`server at ${SERVER_SIZE} documents, ${name}: measured (load ${load()})`);
      }
    } finally {
      await server.close();
    }

    const perDocument = await startServer(issuer.issuer, documents, true);
    try {
      for (const { name, persona } of VIEWERS) {
        const headers = { authorization: `Bearer ${await issuer.tokenFor(persona)}` };
        await timedGet(searchUrl(perDocument.baseUrl, 0), headers);
        const times: number[] = [];
        for (let round = 0; round < ROUNDS.perDocument; round += 1) {
          times.push(await timedGet(searchUrl(perDocument.baseUrl, round), headers));
        }
        rows.push({ what: 'server-per-document', size: SERVER_SIZE, viewer: name, figures: figures(times) });
        console.error(`per-document server at ${SERVER_SIZE} documents, ${name}: measured (load ${load()})`);
      }
    } finally {
      await perDocument.close();
    }
  } finally {
    await issuer.close();
  }
}

const loadBefore = load();
for (const size of SIZES) measureDomain(size);
if (SIZES.includes(SERVER_SIZE)) await measureServer();

const LABEL = {
  reference: 'searchKnowledge (reference: reads every document)',
  index: 'searchKnowledgeIndex (the index)',
  server: 'GET /api/knowledge/search (server, HTTP)',
  'server-document': 'GET /api/knowledge/:id (server, HTTP: everything but the search)',
  'server-per-document': 'GET /api/knowledge/search, authorizer asked per relevant document (server, HTTP)',
} as const;

const find = (what: Row['what'], size: number, viewer: string) =>
  rows.find((r) => r.what === what && r.size === size && r.viewer === viewer)?.figures;

type Budget = { label: string; value: number; unit: string; op: '<' | '<='; limit: number; pass: boolean };
const budget = (label: string, value: number, op: Budget['op'], limit: number, unit: string): Budget => ({
  label,
  value: round3(value),
  unit,
  op,
  limit,
  pass: Number.isFinite(value) && (op === '<' ? value < limit : value <= limit),
});

const budgets: Budget[] = [];
const smallest = Math.min(...SIZES);
const largest = Math.max(...SIZES);
for (const { name } of VIEWERS) {
  const at10k = find('index', 10_000, name);
  if (at10k) budgets.push(budget(`index p95 at 10k documents, ${name}`, at10k.p95, '<', 5, 'ms'));
  const low = find('index', smallest, name);
  const high = find('index', largest, name);
  if (low && high && largest > smallest) {
    // Linear growth: the time per document at the largest size is no more than at the smallest.
    budgets.push(
      budget(
        `index p95 growth ${smallest.toLocaleString('en-US')} -> ${largest.toLocaleString('en-US')} documents, ${name} (x size growth ${largest / smallest})`,
        high.p95 / low.p95,
        '<=',
        largest / smallest,
        'x',
      ),
    );
  }
}

const columns = ['implementation', 'documents', 'viewer', 'p50 ms', 'p95 ms', 'rounds', 'speed-up p95'];
const ORDER: readonly Row['what'][] = [
  'reference',
  'index',
  'server',
  'server-document',
  'server-per-document',
];
rows.sort(
  (x, y) =>
    (x.what.startsWith('server') ? 1 : 0) - (y.what.startsWith('server') ? 1 : 0) ||
    x.size - y.size ||
    VIEWERS.findIndex((v) => v.name === x.viewer) - VIEWERS.findIndex((v) => v.name === y.viewer) ||
    ORDER.indexOf(x.what) - ORDER.indexOf(y.what),
);
const table = rows.map((r) => {
  const reference = find('reference', r.size, r.viewer);
  const speedUp =
    r.what === 'index' && reference ? Math.round((reference.p95 / r.figures.p95) * 10) / 10 : null;
  return [
    LABEL[r.what],
    r.size,
    r.viewer,
    round3(r.figures.p50),
    round3(r.figures.p95),
    r.figures.rounds,
    speedUp,
  ];
});

notes.push(
  `Corpus: the four bundled documents repeated with two of ${WORDS.length} words in title and content and one of ${ROLES.length} access levels, fixed seed; contents cut at 2,000 characters.`,
  `Queries, in turn: ${QUERIES.map((q) => `"${q}"`).join(', ')}. Viewers: a doctor (endocrinology, internal medicine) and a patient.`,
  `Domain rows: wall time of one search, ${ROUNDS.warmup} warm-up searches first; a full garbage collection after building each corpus and its index (done once per knowledge base) and before the reference rows; every reference answer was compared with the index's answer (deep equality) and the run fails if they differ.`,
  `Index build (once per knowledge base): ${[...buildMs].map(([size, ms]) => `${size.toLocaleString('en-US')} documents ${Math.round(ms)} ms`).join(', ')}.`,
  `Server rows: sequential requests over HTTP on 127.0.0.1 (keep-alive, client time included) to an in-process Fastify with SQLite and the local evaluation of the authorization model, one audit row per request. The search and GET /api/knowledge/:id alternate in the same rounds; the per-document row is a second server whose authorizer lacks the facts-only promise (${ROUNDS.perDocument} rounds).`,
  `${availableParallelism()} CPUs (${cpus()[0]?.model.trim() ?? 'unknown'}), Node ${process.version}; 1-minute load average ${loadBefore} at the start, ${load()} at the end (the machine is shared: other builds and tests run alongside).`,
);

const result = {
  name: 'knowledge',
  title:
    'Knowledge search latency at 1k, 10k and 100k documents (p50, p95), index vs reference, and the server at 10k',
  measuredAt: new Date().toISOString(),
  columns,
  rows: table,
  budgets,
  notes,
};
mkdirSync(RESULTS, { recursive: true });
writeFileSync(path.join(RESULTS, 'knowledge.json'), `${JSON.stringify(result, null, 2)}\n`);

console.log(`| ${columns.join(' | ')} |\n|${columns.map(() => ' --- ').join('|')}|`);
for (const row of table)
  console.log(
    `| ${row.map((cell) => (typeof cell === 'number' ? cell.toLocaleString('en-US') : (cell ?? ''))).join(' | ')} |`,
  );
console.log('');
for (const b of budgets)
  console.log(`${b.pass ? 'PASS' : 'FAIL'} ${b.label}: ${b.value} ${b.unit} (${b.op} ${b.limit})`);
for (const note of notes) console.log(`- ${note}`);
