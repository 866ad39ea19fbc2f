// Knowledge search latency at 1k, 10k and 100k synthetic documents (issue 6 and 7 figures): the domain's
// `searchKnowledge` (access check, relevance, sort, cap 5) for a doctor and a patient, p50 and p95 over many
// queries. Documents are built from the four real ones with varied titles, content and access levels, with
// a fixed seed, so every run measures the same corpus. Run: `npm run bench:knowledge -w @sentinel/bench`.
import {
  isDocumentAccessible,
  searchKnowledge,
  type KnowledgeDocument,
  type KnowledgeViewer,
} from '@sentinel/domain';
import { loadKnowledge } from '@sentinel/knowledge/node';

const loaded = loadKnowledge();
if (!loaded.ok) throw new Error(loaded.error.message);
const base = loaded.value.documents;

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

/** A small deterministic generator (mulberry32), so the corpus is the same on every run. */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function corpus(size: number): KnowledgeDocument[] {
  const next = random(size);
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

const VIEWERS: Record<string, KnowledgeViewer> = {
  doctor: { role: 'doctor', specializations: ['endocrinology', 'internal-medicine'] },
  patient: { role: 'patient', specializations: ['family-medicine'], patientId: 'P-000001' },
};
const QUERIES = ['diabetes treatment', 'blood pressure', 'insulin dose', 'kidney function', 'sleep and diet'];

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? NaN;

const rows: string[] = [];
for (const size of [1_000, 10_000, 100_000]) {
  const documents = corpus(size);
  for (const [who, viewer] of Object.entries(VIEWERS)) {
    const times: number[] = [];
    const rounds = size >= 100_000 ? 20 : 100;
    for (let round = 0; round < rounds; round += 1) {
      const query = QUERIES[round % QUERIES.length] as string;
      const started = performance.now();
      const found = searchKnowledge(documents, query, viewer, isDocumentAccessible);
      times.push(performance.now() - started);
      if (!found.ok) throw new Error(found.error.message);
    }
    times.sort((x, y) => x - y);
    rows.push(
      `| ${size.toLocaleString('en-US')} | ${who} | ${percentile(times, 0.5).toFixed(2)} | ${percentile(times, 0.95).toFixed(2)} |`,
    );
  }
}
console.log('| documents | viewer | p50 ms | p95 ms |\n| ---: | --- | ---: | ---: |');
console.log(rows.join('\n'));
