import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { AccessDecision, AccessPredicate, KnowledgeEntry, KnowledgeViewer } from './knowledge';
import {
  filterAccessible,
  isBuiltinItemAccessible,
  isDocumentAccessible,
  isRelevant,
  scoreRelevance,
  searchKnowledge,
} from './knowledge';
import {
  BUILTIN_CATEGORIES,
  DOCUMENT_CATEGORIES,
  DOCUMENT_SENSITIVITIES,
  ROLES,
  SENSITIVITY_LEVELS,
  type BuiltinKnowledgeItem,
  type KnowledgeDocument,
  type Role,
} from './entities';
import {
  accessByFacts,
  accessFactsKey,
  accessPerEntry,
  accessPredicateOf,
  accessibleInIndex,
  buildKnowledgeIndex,
  findRelevant,
  findRelevantEntries,
  knowledgeIndexCache,
  pickResults,
  searchKnowledgeIndex,
} from './knowledgeIndex';

/** Either rule, by the kind of entry: what a base mixing built-in items and documents is decided by. */
const decideEither: AccessPredicate<KnowledgeEntry> = (entry, viewer) =>
  'metadata' in entry ? isDocumentAccessible(entry, viewer) : isBuiltinItemAccessible(entry, viewer);

const doc = (
  id: string,
  title: string,
  content: string,
  over: Partial<Pick<KnowledgeDocument, 'category'>> & {
    metadata?: Partial<KnowledgeDocument['metadata']>;
  } = {},
): KnowledgeDocument => ({
  id,
  title,
  content,
  category: over.category ?? 'treatment',
  filePath: `knowledge/docs/${id}.md`,
  metadata: {
    accessLevel: ['doctor', 'admin', 'nurse', 'patient'],
    specializationRequired: [],
    prescribingAuthority: false,
    sensitivity: 'low',
    deaSchedule: null,
    patientAccessible: true,
    lastUpdated: '2026-01-01',
    ...over.metadata,
  },
});

const viewer = (role: Role, specializations: string[] = ['family-medicine']): KnowledgeViewer => ({
  role,
  specializations,
});

/** The indexed search, with access decided once per set of facts, for a viewer and a rule. */
function indexedSearch<T extends KnowledgeEntry>(
  entries: readonly T[],
  query: unknown,
  who: KnowledgeViewer,
  decide: AccessPredicate<T>,
) {
  const index = buildKnowledgeIndex(entries);
  return searchKnowledgeIndex(index, query, accessByFacts(index, who, decide));
}

const ids = (entries: readonly { id: string }[]) => entries.map((e) => e.id);

describe('the knowledge index finds what the relevance rule finds (REQ-kb-relevance)', () => {
  const base = [
    doc('dietary', 'Dietary Advice', 'Eat more vegetables.'),
    doc('upper', 'BLOOD PRESSURE Basics', 'Measure twice.'),
    doc('content-only', 'Notes', 'Blood and pressure, take with meals.'),
    doc('whole', 'What is a normal blood   pressure?', 'x'),
    doc('short', 'An ab test', 'y'),
    doc('med', 'Tablets', 'z', { category: 'medication' }),
  ];

  it('matches a word inside a longer word, as the rule matches substrings', () => {
    expect(indexedSearch(base, 'diet', viewer('patient'), isDocumentAccessible)).toEqual(
      searchKnowledge(base, 'diet', viewer('patient'), isDocumentAccessible),
    );
    const found = indexedSearch(base, 'diet', viewer('patient'), isDocumentAccessible);
    expect(found.ok && ids(found.value.results)).toEqual(['dietary']);
  });

  it('ignores case in titles, contents and the query', () => {
    const found = indexedSearch(base, 'Blood Pressure', viewer('patient'), isDocumentAccessible);
    expect(found.ok && ids(found.value.results)).toEqual(['upper', 'whole']);
  });

  it('reads runs of whitespace in the query and the titles as one space for the whole-title point', () => {
    const index = buildKnowledgeIndex(base);
    // "normal blood   pressure" (three spaces) is whole in one title; its words alone score 0.6 in another.
    for (const query of ['normal blood   pressure', 'normal blood pressure', 'normal\tblood\npressure']) {
      expect(findRelevant(index, query)).toEqual({ ok: true, value: [1, 3] });
      expect(scoreRelevance(query, base[3]!)).toBe(1);
    }
  });

  it('finds a query of two characters only where a title holds it whole ("tablets" holds "ab")', () => {
    const index = buildKnowledgeIndex(base);
    expect(findRelevant(index, 'AB')).toEqual({ ok: true, value: [4, 5] });
    expect(findRelevant(index, 'a b')).toEqual({ ok: true, value: [] });
  });

  it('gives the whole-query point to a title holding a scoring word and a short one together', () => {
    const short = [
      doc('together', 'An ab diet', 'x'),
      doc('apart', 'Diet, ab', 'x'),
      doc('none', 'Diet', 'x'),
    ];
    expect(findRelevant(buildKnowledgeIndex(short), 'ab diet')).toEqual({ ok: true, value: [0] });
    expect(short.map((entry) => scoreRelevance('ab diet', entry))).toEqual([1, 0.3, 0.3]);
  });

  it('counts content words at 0.1 each, so three content matches (0.3) are not enough', () => {
    const index = buildKnowledgeIndex(base);
    expect(findRelevant(index, 'take with meals')).toEqual({ ok: true, value: [] });
    expect(findRelevant(index, 'take with meals blood')).toEqual({ ok: true, value: [2] });
  });

  it('counts a query word written more than once as one word (REQ-kb-oracle)', () => {
    const index = buildKnowledgeIndex(base);
    expect(scoreRelevance('meals meals meals meals', base[2]!)).toBe(scoreRelevance('meals', base[2]!));
    expect(findRelevant(index, 'meals meals meals meals')).toEqual({ ok: true, value: [] });
    expect(findRelevant(index, 'blood BLOOD pressure blood')).toEqual(findRelevant(index, 'blood pressure'));
  });

  it('finds every entry of a category named by a keyword (drug or medication)', () => {
    const index = buildKnowledgeIndex(base);
    expect(findRelevant(index, 'any drugs?')).toEqual({ ok: true, value: [5] });
  });

  it('refuses a blank or overlong query as the plain search does', () => {
    for (const query of ['   ', '', 'x'.repeat(501), 42, undefined]) {
      const found = indexedSearch(base, query, viewer('patient'), isDocumentAccessible);
      expect(found.ok).toBe(false);
      expect(found).toEqual(searchKnowledge(base, query, viewer('patient'), isDocumentAccessible));
    }
  });

  it('finds a word written with punctuation around it, and a query word holding punctuation only with it', () => {
    const punctuated = [
      doc('plain', 'Diabetes', 'x'),
      doc('full-stop', 'About diabetes.', 'x'),
      doc('bracket', 'Care (diabetes, kidney)', 'x'),
      doc('hyphen', 'Pre-diabetes', 'x'),
      doc('content', 'Notes', 'On "diabetes": see (diabetes, type 2) and diabetes.'),
    ];
    const index = buildKnowledgeIndex(punctuated);
    for (const query of [
      'diabetes',
      'diabetes,',
      '(diabetes',
      'diabetes.',
      '-diabetes',
      'diabetes"',
      'e-d',
    ]) {
      const expected = punctuated.flatMap((entry, position) =>
        isRelevant(scoreRelevance(query, entry)) ? [position] : [],
      );
      expect(findRelevant(index, query)).toEqual({ ok: true, value: expected });
    }
    expect(findRelevant(index, 'diabetes')).toEqual({ ok: true, value: [0, 1, 2, 3] });
    expect(findRelevant(index, '(diabetes,')).toEqual({ ok: true, value: [2] });
    expect(findRelevant(index, '(diabetes, kidney)')).toEqual({ ok: true, value: [2] });
  });

  it('finds entries at every position of a large base, for words held by few entries and by most', () => {
    // 100 entries: position sets span four words of 32; "rare" is listed per entry, "common" is kept as a set.
    const rare = new Set([0, 31, 32, 63, 64, 99]);
    const large = Array.from({ length: 100 }, (_, i) =>
      doc(`n${i}`, rare.has(i) ? `Rare note ${i}` : `Note ${i}`, i % 10 === 5 ? 'x' : 'common words'),
    );
    const index = buildKnowledgeIndex(large);
    expect(findRelevant(index, 'rare')).toEqual({ ok: true, value: [...rare] });
    expect(findRelevant(index, 'rare common')).toEqual({ ok: true, value: [...rare] });
    // Content words alone score 0.1 each, so "common words" is relevant nowhere; a title word adds 0.3.
    expect(findRelevant(index, 'common words')).toEqual({ ok: true, value: [] });
    expect(findRelevant(index, 'note common')).toEqual({
      ok: true,
      value: large.flatMap((_, i) => (i % 10 === 5 ? [] : [i])),
    });
  });

  it('lowercases whole texts, so a Greek final sigma matches as the rule matches it', () => {
    const greek = [doc('greek', 'ΟΔΟΣ ΥΓΕΙΑΣ', 'ΟΔΟΣ')];
    for (const query of ['οδος', 'οδοσ', 'ΟΔΟΣ']) {
      expect(indexedSearch(greek, query, viewer('patient'), isDocumentAccessible)).toEqual(
        searchKnowledge(greek, query, viewer('patient'), isDocumentAccessible),
      );
    }
  });
});

describe('the knowledge index applies access (REQ-kb-access), the sensitivity order and the cap of 5', () => {
  const many = Array.from({ length: 12 }, (_, i) =>
    doc(`d${i}`, `Diabetes ${i}`, 'Care.', {
      metadata: {
        sensitivity: (['high', 'medium', 'low'] as const)[i % 3],
        accessLevel: i % 4 === 0 ? ['doctor'] : ['doctor', 'admin', 'nurse', 'patient'],
      },
    }),
  );

  it('returns the five least sensitive results a viewer may see, in base order among equals', () => {
    const found = indexedSearch(many, 'diabetes', viewer('nurse'), isDocumentAccessible);
    expect(found).toEqual(searchKnowledge(many, 'diabetes', viewer('nurse'), isDocumentAccessible));
    expect(found.ok && ids(found.value.results)).toEqual(['d2', 'd5', 'd11', 'd1', 'd7']);
  });

  it('lists a withheld decision for every relevant entry the viewer may not see', () => {
    const found = indexedSearch(many, 'diabetes', viewer('patient'), isDocumentAccessible);
    expect(found.ok && found.value.withheld.map((d) => d.factor)).toEqual([
      'role',
      'sensitivity',
      'role',
      'sensitivity',
      'role',
      'sensitivity',
    ]);
  });

  it('asks a facts-only rule once per distinct set of access facts', () => {
    const index = buildKnowledgeIndex(many);
    const asked: string[] = [];
    const counting: AccessPredicate<KnowledgeDocument> = (entry, who) => {
      asked.push(entry.id);
      return isDocumentAccessible(entry, who);
    };
    const access = accessByFacts(index, viewer('doctor'), counting);
    many.forEach((_, position) => access(position));
    expect(index.accessClassCount).toBe(new Set(many.map(accessFactsKey)).size);
    expect(asked).toHaveLength(index.accessClassCount);
  });

  it('asks a per-entry access about each relevant entry, and can tell equal entries apart', () => {
    const index = buildKnowledgeIndex(many);
    const onlyEven = accessPerEntry(index, viewer('doctor'), (entry, who) =>
      Number(entry.id.slice(1)) % 2 === 0
        ? isDocumentAccessible(entry, who)
        : { granted: false, reason: 'denied for this entry', notes: [], factor: 'role' },
    );
    const found = searchKnowledgeIndex(index, 'diabetes', onlyEven);
    expect(found.ok && ids(found.value.results)).toEqual(['d2', 'd8', 'd4', 'd10', 'd0']);
    expect(found.ok && found.value.withheld).toHaveLength(6);
  });

  it('decides only the relevant entries when access is given per position', () => {
    const index = buildKnowledgeIndex(many);
    const asked: number[] = [];
    const relevant = findRelevantEntries(index, 'Diabetes 1');
    expect(relevant.ok && relevant.value.positions).toEqual([1, 10, 11]);
    if (!relevant.ok) throw new Error(relevant.error.message);
    pickResults(index, relevant.value, (position) => {
      asked.push(position);
      return isDocumentAccessible(many[position]!, viewer('doctor'));
    });
    expect(asked).toEqual([1, 10, 11]);
  });

  it('reports a refused entry as withheld only when its title or category make it relevant (REQ-kb-oracle)', () => {
    const base = [
      doc('open', 'Open notes', 'Care.'),
      doc('memo', 'Clinic memo', 'The zebrafish protocol uses lorazepam nightly.', {
        metadata: { accessLevel: ['doctor'] },
      }),
      doc('pill', 'Tablets', 'x', { category: 'medication', metadata: { accessLevel: ['doctor'] } }),
    ];
    // Four words of the memo's text score 0.4 there, but a patient may not read that text.
    const byText = indexedSearch(
      base,
      'zebrafish protocol uses nightly',
      viewer('patient'),
      isDocumentAccessible,
    );
    expect(byText).toEqual({ ok: true, value: { results: [], withheld: [] } });
    expect(byText).toEqual(
      indexedSearch(base, 'quokka protocol uses nightly', viewer('patient'), isDocumentAccessible),
    );
    const forDoctor = indexedSearch(
      base,
      'zebrafish protocol uses nightly',
      viewer('doctor'),
      isDocumentAccessible,
    );
    expect(forDoctor.ok && ids(forDoctor.value.results)).toEqual(['memo']);
    const byTitle = indexedSearch(base, 'clinic memo', viewer('patient'), isDocumentAccessible);
    expect(byTitle.ok && byTitle.value.withheld.map((d) => d.factor)).toEqual(['role']);
    const byCategory = indexedSearch(base, 'drug', viewer('patient'), isDocumentAccessible);
    expect(byCategory.ok && byCategory.value.withheld.map((d) => d.factor)).toEqual(['role']);
  });

  it('lists everything a viewer may see, least sensitive first, as filterAccessible does', () => {
    const index = buildKnowledgeIndex(many);
    const access = accessByFacts(index, viewer('patient'), isDocumentAccessible);
    expect(accessibleInIndex(index, access)).toEqual(
      filterAccessible(many, viewer('patient'), isDocumentAccessible),
    );
  });

  it('answers as a predicate for the lists, and refuses an entry it never indexed', () => {
    const index = buildKnowledgeIndex(many);
    const predicate = accessPredicateOf(index, accessByFacts(index, viewer('doctor'), isDocumentAccessible));
    expect(predicate(many[3]!, viewer('doctor')).granted).toBe(true);
    expect(predicate(doc('stranger', 'Diabetes', 'x'), viewer('doctor')).granted).toBe(false);
  });
});

describe('building the index', () => {
  it('builds once per entries array and again for another array', () => {
    const indexOf = knowledgeIndexCache<KnowledgeDocument>();
    const first = [doc('a', 'Alpha', 'x')];
    expect(indexOf(first)).toBe(indexOf(first));
    expect(indexOf([...first])).not.toBe(indexOf(first));
  });

  it('keys access facts by what the rules read, not by id, title or content', () => {
    const a = doc('a', 'One', 'x');
    expect(accessFactsKey(doc('b', 'Two', 'y'))).toBe(accessFactsKey(a));
    expect(accessFactsKey(doc('a', 'One', 'x', { category: 'medication' }))).not.toBe(accessFactsKey(a));
    expect(accessFactsKey(doc('a', 'One', 'x', { metadata: { accessLevel: ['admin', 'doctor'] } }))).not.toBe(
      accessFactsKey(doc('a', 'One', 'x', { metadata: { accessLevel: ['doctor', 'admin'] } })),
    );
    const item: BuiltinKnowledgeItem = {
      id: 'i',
      category: 'patient_records',
      title: 't',
      content: 'c',
      requiredRole: ['doctor'],
      sensitivityLevel: 'confidential',
    };
    expect(accessFactsKey({ ...item, patientId: 'P-000001' })).not.toBe(accessFactsKey(item));
    expect(accessFactsKey({ ...item, id: 'other', sensitivityLevel: 'public' })).toBe(accessFactsKey(item));
  });
});

// ---- The property: on random bases, queries and viewers, the index answers exactly as the plain search. ----

/**
 * Words that hit the category keywords, the REQ-kb-score thresholds, case folding and substrings of one
 * another.
 */
const WORDS = [
  'diabetes',
  'Diabetic',
  'diet',
  'DIETARY',
  'drug',
  'drugs,',
  'medication',
  'treatment',
  'procedure',
  'urgent',
  'emergency',
  'blood',
  'pressure',
  'a',
  'ab',
  'abc',
  'bca',
  'cab',
  'İstanbul',
  'ΟΔΟΣ',
  'σ',
  '😀ab',
  '(x-y)',
  'diabetes.',
  '(diabetes,',
  '"blood"',
  'pre-diabetes',
];
const SEPARATORS = [' ', ' ', '  ', '\t', '\n', '\u00a0', '\u2028', ''];

const phrase = (maxWords: number) =>
  fc.oneof(
    {
      weight: 4,
      arbitrary: fc
        .array(fc.tuple(fc.constantFrom(...WORDS), fc.constantFrom(...SEPARATORS)), { maxLength: maxWords })
        .map((parts) => parts.map(([w, s]) => w + s).join('')),
    },
    {
      weight: 1,
      arbitrary: fc.string({ unit: fc.constantFrom('a', 'b', 'c', 'A', ' ', '\t', 'σ', 'Σ'), maxLength: 12 }),
    },
  );

/** Mostly a few common lists (so entries often share access facts), sometimes any subset in any order. */
const listOf = <T>(common: readonly (readonly T[])[], values: readonly T[], minLength: number) =>
  fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...common).map((list) => [...list]) },
    {
      weight: 1,
      arbitrary: fc
        .subarray([...values], { minLength })
        .chain((picked) => fc.shuffledSubarray(picked, { minLength: picked.length })),
    },
  );
const roles = listOf<Role>(
  [['doctor', 'admin'], ['admin', 'doctor'], ['doctor', 'admin', 'nurse', 'patient'], ['pharmacist']],
  ROLES,
  1,
);
const specializations = listOf(
  [[], ['endocrinology', 'internal-medicine'], ['cardiology']],
  ['endocrinology', 'internal-medicine', 'cardiology', 'family-medicine'],
  0,
);

const documentArb = fc.record({
  id: fc.constantFrom('a', 'b', 'c', 'd-1', 'e'),
  title: phrase(5),
  content: phrase(12),
  category: fc.constantFrom(...DOCUMENT_CATEGORIES),
  filePath: fc.constant('knowledge/docs/x.md'),
  metadata: fc.record({
    accessLevel: roles,
    specializationRequired: specializations,
    prescribingAuthority: fc.boolean(),
    sensitivity: fc.constantFrom(...DOCUMENT_SENSITIVITIES),
    deaSchedule: fc.constant(null),
    patientAccessible: fc.boolean(),
    lastUpdated: fc.constant('2026-01-01'),
  }),
}) satisfies fc.Arbitrary<KnowledgeDocument>;

const builtinArb: fc.Arbitrary<BuiltinKnowledgeItem> = fc
  .record({
    id: fc.constantFrom('b1', 'b2'),
    category: fc.constantFrom(...BUILTIN_CATEGORIES),
    title: phrase(5),
    content: phrase(12),
    requiredRole: roles,
    sensitivityLevel: fc.constantFrom(...SENSITIVITY_LEVELS),
    patientId: fc.option(fc.constantFrom('P-000001', 'P-000002'), { nil: undefined }),
  })
  .map(({ patientId, ...item }) => (patientId === undefined ? item : { ...item, patientId }));

const viewerArb: fc.Arbitrary<KnowledgeViewer> = fc
  .record({
    role: fc.constantFrom(...ROLES),
    specializations: fc.array(fc.constantFrom('Endocrinology', 'internal medicine', 'cardiology', ''), {
      maxLength: 2,
    }),
    patientId: fc.option(fc.constantFrom('P-000001', 'P-000002'), { nil: undefined }),
  })
  .map(({ patientId, ...rest }) => (patientId === undefined ? rest : { ...rest, patientId }));

/** A base of documents and built-in items, sometimes holding the same entry twice. */
const baseArb: fc.Arbitrary<KnowledgeEntry[]> = fc
  .tuple(fc.array(fc.oneof(documentArb, builtinArb), { maxLength: 40, size: 'large' }), fc.boolean())
  .map(([entries, repeat]) => (repeat && entries.length > 0 ? [...entries, entries[0]!] : entries));

const queryArb: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 8, arbitrary: phrase(4) },
  { weight: 1, arbitrary: fc.constantFrom(' ', 'x'.repeat(501), 7) },
);

describe('the knowledge index is the plain search, faster (property)', () => {
  it('finds exactly the entries whose relevance score exceeds 0.3', () => {
    fc.assert(
      fc.property(baseArb, queryArb, (entries, query) => {
        fc.pre(typeof query === 'string' && query.trim() !== '' && query.length <= 500);
        const q = query as string;
        const expected = entries.flatMap((entry, position) =>
          isRelevant(scoreRelevance(q.trim(), entry)) ? [position] : [],
        );
        expect(findRelevant(buildKnowledgeIndex(entries), q)).toEqual({ ok: true, value: expected });
      }),
      { numRuns: 500 },
    );
  });

  it('finds the same entries in bases of up to 200 entries, where common words are kept as sets', () => {
    const largeBaseArb = fc.array(fc.oneof(documentArb, builtinArb), { minLength: 33, maxLength: 200 });
    fc.assert(
      fc.property(largeBaseArb, phrase(4), (entries, q) => {
        fc.pre(q.trim() !== '');
        const expected = entries.flatMap((entry, position) =>
          isRelevant(scoreRelevance(q.trim(), entry)) ? [position] : [],
        );
        expect(findRelevant(buildKnowledgeIndex(entries), q)).toEqual({ ok: true, value: expected });
      }),
      { numRuns: 150 },
    );
  });

  it('gives every viewer the same results and withheld decisions as searchKnowledge', () => {
    fc.assert(
      fc.property(baseArb, queryArb, viewerArb, (entries, query, who) => {
        const expected = searchKnowledge(entries, query, who, decideEither);
        const index = buildKnowledgeIndex(entries);
        expect(searchKnowledgeIndex(index, query, accessByFacts(index, who, decideEither))).toEqual(expected);
        expect(searchKnowledgeIndex(index, query, accessPerEntry(index, who, decideEither))).toEqual(
          expected,
        );
      }),
      { numRuns: 500 },
    );
  });

  it('answers a viewer the same whatever the texts of the entries they may not see (REQ-kb-oracle)', () => {
    fc.assert(
      fc.property(baseArb, queryArb, viewerArb, phrase(12), (entries, query, who, otherText) => {
        const rewritten = entries.map((entry) =>
          decideEither(entry, who).granted ? entry : { ...entry, content: otherText },
        );
        const expected = indexedSearch(entries, query, who, decideEither);
        expect(indexedSearch(rewritten, query, who, decideEither)).toEqual(expected);
        expect(searchKnowledge(rewritten, query, who, decideEither)).toEqual(expected);
      }),
      { numRuns: 500 },
    );
  });

  it('answers the same when the query writes its words again (REQ-kb-oracle)', () => {
    fc.assert(
      fc.property(baseArb, phrase(4), viewerArb, (entries, q, who) => {
        const expected = indexedSearch(entries, q, who, decideEither);
        expect(indexedSearch(entries, `${q} ${q}`, who, decideEither)).toEqual(expected);
        expect(searchKnowledge(entries, `${q}\n${q} ${q}`, who, decideEither)).toEqual(expected);
      }),
      { numRuns: 300 },
    );
  });

  it('lists and decides every entry as filterAccessible and the rules do', () => {
    fc.assert(
      fc.property(baseArb, viewerArb, (entries, who) => {
        const index = buildKnowledgeIndex(entries);
        const access = accessByFacts(index, who, decideEither);
        expect(accessibleInIndex(index, access)).toEqual(filterAccessible(entries, who, decideEither));
        entries.forEach((entry, position) => {
          const decision: AccessDecision = access(position);
          expect(decision).toEqual(decideEither(entry, who));
        });
      }),
      { numRuns: 300 },
    );
  });

  it('gives entries with the same access facts the same decision, whatever else differs', () => {
    /** A second entry: another id, title and content, and sometimes one access fact changed. */
    const variantOf = (entry: KnowledgeEntry) =>
      fc
        .tuple(
          fc.constantFrom('x', 'y'),
          phrase(3),
          fc.option(fc.oneof(documentArb, builtinArb), { nil: undefined, freq: 2 }),
          fc.constantFrom<'category' | 'metadata' | 'none'>('category', 'metadata', 'none'),
        )
        .map(([id, title, other, part]): KnowledgeEntry => {
          const renamed = { ...entry, id, title, content: title };
          if (!other || part === 'none' || 'metadata' in renamed !== 'metadata' in other) return renamed;
          if (part === 'category' && 'metadata' in renamed && 'metadata' in other) {
            return { ...renamed, category: other.category };
          }
          return 'metadata' in renamed && 'metadata' in other
            ? {
                ...renamed,
                metadata: { ...renamed.metadata, prescribingAuthority: other.metadata.prescribingAuthority },
              }
            : renamed;
        });
    fc.assert(
      fc.property(
        fc.oneof(documentArb, builtinArb).chain((entry) => fc.tuple(fc.constant(entry), variantOf(entry))),
        viewerArb,
        ([entry, variant], who) => {
          fc.pre(accessFactsKey(entry) === accessFactsKey(variant));
          expect(decideEither(variant, who)).toEqual(decideEither(entry, who));
        },
      ),
      { numRuns: 1_000 },
    );
  });
});
