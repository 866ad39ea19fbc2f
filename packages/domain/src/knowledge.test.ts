import { describe, expect, it } from 'vitest';
import type { BuiltinKnowledgeItem, KnowledgeDocument, Role } from './entities';
import { KnowledgeAuditEntrySchema, KnowledgeRefSchema } from './entities';
import { EXCERPT_LENGTH, MAX_KNOWLEDGE_RESULTS } from './constants';
import {
  NO_KNOWLEDGE_TEXTS,
  PRESCRIBING_AUTHORITY_NOTE,
  SENSITIVITY_ORDER,
  DOCUMENT_SENSITIVITY_ORDER,
  buildKnowledgeAuditEntry,
  capResults,
  computeAccessStats,
  computeAccessSummary,
  explainNoAuthorizedKnowledge,
  filterAccessible,
  isBuiltinItemAccessible,
  isDocumentAccessible,
  isRelevant,
  makeExcerpt,
  restrictingFactors,
  scoreRelevance,
  searchKnowledge,
  sensitivityRank,
  sortBySensitivity,
  type KnowledgeViewer,
} from './knowledge';
import { toSpecializationSlug } from './auth';

const viewer = (
  role: Role,
  specializations: string[] = ['family-medicine'],
  patientId?: string,
): KnowledgeViewer =>
  patientId === undefined ? { role, specializations } : { role, specializations, patientId };

const item = (
  over: Partial<BuiltinKnowledgeItem> & Pick<BuiltinKnowledgeItem, 'id'>,
): BuiltinKnowledgeItem => ({
  category: 'drug_information',
  title: 'Acetaminophen: Safe Use',
  content: 'Acetaminophen relieves mild to moderate pain and lowers fever.',
  requiredRole: ['patient', 'doctor', 'nurse', 'pharmacist'],
  sensitivityLevel: 'public',
  ...over,
});

/** The seven built-in items of REQ-kb-documents, shortened. */
const builtins = (): BuiltinKnowledgeItem[] => [
  item({ id: 'drug-info', title: 'Acetaminophen: Safe Use' }),
  item({
    id: 'first-aid',
    category: 'emergency_protocols',
    title: 'First Aid Basics',
    content: 'Call emergency services for serious injury.',
    requiredRole: ['patient', 'doctor', 'nurse'],
  }),
  item({
    id: 'morphine',
    title: 'Morphine Dosing',
    content: 'Morphine is used for severe pain.',
    requiredRole: ['doctor', 'nurse'],
    sensitivityLevel: 'professional',
  }),
  item({
    id: 'code-blue',
    category: 'emergency_protocols',
    title: 'Code Blue Protocol',
    content: 'Start CPR immediately.',
    requiredRole: ['doctor', 'nurse'],
    sensitivityLevel: 'professional',
  }),
  item({
    id: 'central-line',
    category: 'medical_procedures',
    title: 'Central Line Insertion',
    content: 'Use a central line bundle.',
    requiredRole: ['doctor'],
    sensitivityLevel: 'restricted',
  }),
  item({
    id: 'trial',
    category: 'research_data',
    title: 'Trial Summary',
    content: 'Fictional hypertension trial.',
    requiredRole: ['doctor', 'admin'],
    sensitivityLevel: 'restricted',
  }),
  item({
    id: 'history-jane',
    category: 'patient_records',
    title: 'Patient History: Jane Doe',
    content: 'Type 2 diabetes and hypertension.',
    requiredRole: ['doctor', 'admin'],
    sensitivityLevel: 'confidential',
    patientId: 'P-000001',
  }),
];

const doc = (
  id: string,
  over: Partial<Omit<KnowledgeDocument, 'metadata'>> & {
    metadata?: Partial<KnowledgeDocument['metadata']>;
  } = {},
): KnowledgeDocument => ({
  id,
  title: id,
  category: 'treatment',
  content: `About ${id}.`,
  filePath: `knowledge/docs/${id}.md`,
  ...over,
  metadata: {
    accessLevel: ['doctor', 'admin'],
    specializationRequired: [],
    prescribingAuthority: false,
    sensitivity: 'low',
    deaSchedule: null,
    patientAccessible: false,
    lastUpdated: '2026-01-01',
    ...over.metadata,
  },
});

/** The four bundled documents of REQ-data-document, REQ-kb-documents. */
const diagnostics = () =>
  doc('diabetes-type2-diagnostics', {
    title: 'Type 2 Diabetes: Diagnostic Criteria and Evaluation',
    category: 'diagnostic',
    content: 'Type 2 diabetes is diagnosed with plasma glucose or A1C.',
    metadata: {
      accessLevel: ['doctor', 'admin'],
      specializationRequired: ['endocrinology', 'internal-medicine', 'family-medicine'],
      sensitivity: 'high',
    },
  });
const hypertension = () =>
  doc('hypertension-management', {
    title: 'Hypertension Management in Adults',
    category: 'treatment',
    content: 'Hypertension is a leading modifiable risk factor for stroke.',
    metadata: {
      accessLevel: ['doctor', 'admin', 'nurse'],
      specializationRequired: ['cardiology', 'internal-medicine', 'family-medicine'],
      prescribingAuthority: true,
      sensitivity: 'medium',
    },
  });
const metformin = () =>
  doc('metformin', {
    title: 'Metformin: Prescribing and Monitoring',
    category: 'medication',
    content: 'Metformin is a foundation of type 2 diabetes therapy.',
    metadata: {
      accessLevel: ['doctor', 'admin', 'pharmacist'],
      specializationRequired: ['endocrinology', 'internal-medicine', 'family-medicine'],
      prescribingAuthority: true,
      sensitivity: 'medium',
    },
  });
const lifestyle = () =>
  doc('diabetes-lifestyle-treatment', {
    title: 'Type 2 Diabetes: Lifestyle Treatment',
    category: 'treatment',
    content: 'Healthy habits are the base of type 2 diabetes care.',
    metadata: {
      accessLevel: ['doctor', 'admin', 'nurse', 'dietitian', 'patient'],
      patientAccessible: true,
      sensitivity: 'low',
    },
  });
const documents = () => [diagnostics(), hypertension(), metformin(), lifestyle()];

describe('sensitivity orders (REQ-kb-sensitivity-order)', () => {
  it('ranks built-in sensitivity public 0, professional 1, restricted 2, confidential 3', () => {
    expect(SENSITIVITY_ORDER).toEqual({ public: 0, professional: 1, restricted: 2, confidential: 3 });
  });

  it('ranks document sensitivity low below medium below high', () => {
    expect(DOCUMENT_SENSITIVITY_ORDER.low).toBeLessThan(DOCUMENT_SENSITIVITY_ORDER.medium);
    expect(DOCUMENT_SENSITIVITY_ORDER.medium).toBeLessThan(DOCUMENT_SENSITIVITY_ORDER.high);
  });

  it('reads the rank from the item level or the document metadata', () => {
    expect(sensitivityRank(item({ id: 'x', sensitivityLevel: 'confidential' }))).toBe(3);
    expect(sensitivityRank(diagnostics())).toBe(2);
  });
});

describe('built-in item access (REQ-kb-builtin-roles, REQ-kb-patient-bound)', () => {
  it('lets a patient read public drug information', () => {
    expect(isBuiltinItemAccessible(builtins()[0]!, viewer('patient')).granted).toBe(true);
  });

  it('keeps morphine guidance from a patient, naming the allowed roles', () => {
    const decision = isBuiltinItemAccessible(builtins()[2]!, viewer('patient'));
    expect(decision).toMatchObject({ granted: false, factor: 'role' });
    expect(decision.reason).toContain('doctor, nurse');
  });

  it('gives the central line protocol to doctors only', () => {
    const line = builtins()[4]!;
    expect(isBuiltinItemAccessible(line, viewer('doctor')).granted).toBe(true);
    expect(isBuiltinItemAccessible(line, viewer('nurse')).granted).toBe(false);
  });

  it('lets a doctor read a patient-bound history', () => {
    expect(isBuiltinItemAccessible(builtins()[6]!, viewer('doctor')).granted).toBe(true);
  });

  it('refuses a patient-bound item to a role without a read grant on patient records', () => {
    const bound = item({ id: 'b', requiredRole: ['pharmacist'], patientId: 'P-000001' });
    expect(isBuiltinItemAccessible(bound, viewer('pharmacist'))).toMatchObject({
      granted: false,
      factor: 'patient_binding',
    });
  });

  it("refuses a patient another patient's bound item", () => {
    const bound = item({ id: 'b', requiredRole: ['patient'], patientId: 'P-000001' });
    expect(isBuiltinItemAccessible(bound, viewer('patient', [], 'P-000002'))).toMatchObject({
      granted: false,
      factor: 'patient_binding',
    });
    expect(isBuiltinItemAccessible(bound, viewer('patient'))).toMatchObject({ granted: false });
  });

  it('lets a patient read an item bound to their own id', () => {
    const bound = item({ id: 'b', requiredRole: ['patient'], patientId: 'P-000001' });
    expect(isBuiltinItemAccessible(bound, viewer('patient', [], 'P-000001')).granted).toBe(true);
  });
});

describe('specialization slugs (REQ-kb-specialization)', () => {
  it('turns display names into lowercase-hyphenated slugs', () => {
    expect(toSpecializationSlug('Internal Medicine')).toBe('internal-medicine');
    expect(toSpecializationSlug('  Family_Medicine ')).toBe('family-medicine');
    expect(toSpecializationSlug('cardiology')).toBe('cardiology');
  });
});

describe('document access (REQ-kb-access)', () => {
  it('a doctor without a matching specialization cannot open the metformin document', () => {
    const decision = isDocumentAccessible(metformin(), viewer('doctor', ['cardiology']));
    expect(decision).toMatchObject({ granted: false, factor: 'specialization' });
    expect(decision.reason).toContain('endocrinology');
  });

  it('matches a doctor specialization written as a display name', () => {
    expect(isDocumentAccessible(metformin(), viewer('doctor', ['Internal Medicine'])).granted).toBe(true);
  });

  it('does not ask admins for a specialization', () => {
    expect(isDocumentAccessible(metformin(), viewer('admin', [])).granted).toBe(true);
  });

  it('lets any doctor open a document that lists no specialization', () => {
    expect(isDocumentAccessible(lifestyle(), viewer('doctor', ['cardiology'])).granted).toBe(true);
  });

  it('keeps a role outside the access level out', () => {
    expect(isDocumentAccessible(hypertension(), viewer('patient'))).toMatchObject({
      granted: false,
      factor: 'role',
    });
  });

  it('opens the diabetes lifestyle document to a patient and a dietitian', () => {
    expect(isDocumentAccessible(lifestyle(), viewer('patient')).granted).toBe(true);
    expect(isDocumentAccessible(lifestyle(), viewer('dietitian')).granted).toBe(true);
  });

  it('keeps high-sensitivity documents for doctor and admin even when the access level lists the role', () => {
    const high = doc('high', { metadata: { accessLevel: ['nurse', 'doctor'], sensitivity: 'high' } });
    expect(isDocumentAccessible(high, viewer('nurse'))).toMatchObject({
      granted: false,
      factor: 'sensitivity',
    });
    expect(isDocumentAccessible(high, viewer('doctor')).granted).toBe(true);
  });

  it('notes restricted prescribing authority on the metformin document without refusing a pharmacist', () => {
    const decision = isDocumentAccessible(metformin(), viewer('pharmacist'));
    expect(decision.granted).toBe(true);
    expect(decision.notes).toEqual([PRESCRIBING_AUTHORITY_NOTE]);
  });

  it('adds no prescribing note to a treatment document, even one with prescribing authority', () => {
    expect(isDocumentAccessible(hypertension(), viewer('nurse')).notes).toEqual([]);
  });
});

describe('sorting and capping (REQ-kb-sort-cap)', () => {
  it('sorts from least to most sensitive and keeps the order of equals', () => {
    const sorted = sortBySensitivity([...builtins()].reverse());
    expect(sorted.map((i) => i.id)).toEqual([
      'first-aid',
      'drug-info',
      'code-blue',
      'morphine',
      'trial',
      'central-line',
      'history-jane',
    ]);
  });

  it('does not change the array it is given', () => {
    const input = [metformin(), lifestyle()];
    sortBySensitivity(input);
    expect(input.map((d) => d.id)).toEqual(['metformin', 'diabetes-lifestyle-treatment']);
  });

  it('returns at most five results', () => {
    expect(capResults(builtins())).toHaveLength(MAX_KNOWLEDGE_RESULTS);
    expect(capResults([1, 2])).toEqual([1, 2]);
  });
});

describe('relevance score (REQ-kb-relevance, REQ-kb-score)', () => {
  const entry = { title: 'Metformin Dosing', content: 'Take with meals.', category: 'diagnostic' };

  it('gives 1 when the title contains the whole query, ignoring case', () => {
    expect(scoreRelevance('METFORMIN', entry)).toBe(1);
  });

  it('adds 0.3 per query word found in the title and 0.1 per word found in the content', () => {
    expect(scoreRelevance('dosing info', entry)).toBe(0.3);
    expect(scoreRelevance('meals xyz', entry)).toBe(0.1);
    expect(scoreRelevance('dosing meals', entry)).toBe(0.4);
  });

  it('ignores words of two characters or fewer', () => {
    expect(scoreRelevance('at with', { title: 'x', content: 'at with', category: 'x' })).toBe(0.1);
  });

  it('adds 0.5 for a category keyword: drug or medication', () => {
    const med = { title: 'x', content: 'y', category: 'medication' };
    expect(scoreRelevance('drug', med)).toBe(0.5);
    expect(scoreRelevance('medication', { ...med, category: 'drug_information' })).toBe(0.5);
  });

  it('adds 0.5 for a category keyword: procedure or treatment', () => {
    expect(scoreRelevance('procedure', { title: 'x', content: 'y', category: 'medical_procedures' })).toBe(
      0.5,
    );
    expect(scoreRelevance('treatment', { title: 'x', content: 'y', category: 'treatment' })).toBe(0.5);
  });

  it('adds 0.5 for a category keyword: emergency or urgent', () => {
    expect(scoreRelevance('urgent', { title: 'x', content: 'y', category: 'emergency_protocols' })).toBe(0.5);
  });

  it('gives no category bonus when the keyword names another category', () => {
    expect(scoreRelevance('urgent', { title: 'x', content: 'y', category: 'medication' })).toBe(0);
  });

  it('caps the score at 1', () => {
    expect(
      scoreRelevance('metformin dosing drug', {
        ...entry,
        title: 'metformin dosing drug',
        category: 'medication',
      }),
    ).toBe(1);
  });

  it('scores a blank query 0', () => {
    expect(scoreRelevance('   ', entry)).toBe(0);
  });

  it('three content-only word matches score exactly 0.3 and do not count as relevant', () => {
    const score = scoreRelevance('take with meals', {
      title: 'x',
      content: 'take with meals',
      category: 'x',
    });
    expect(score).toBe(0.3);
    expect(isRelevant(score)).toBe(false);
  });

  it('counts a score only when it exceeds 0.3', () => {
    expect(isRelevant(0.4)).toBe(true);
    expect(isRelevant(0.3)).toBe(false);
  });

  it('counts a word written more than once as one word (REQ-kb-oracle)', () => {
    expect(scoreRelevance('meals meals meals meals', entry)).toBe(scoreRelevance('meals', entry));
    expect(scoreRelevance('meals meals meals meals', entry)).toBe(0.1);
    expect(scoreRelevance('dosing DOSING', entry)).toBe(scoreRelevance('dosing', entry));
    expect(scoreRelevance('take meals with take meals', entry)).toBe(
      scoreRelevance('take meals with', entry),
    );
  });

  it('reads runs of whitespace in the query and the title as one space', () => {
    expect(scoreRelevance('metformin \t  dosing', entry)).toBe(1);
    expect(scoreRelevance('metformin dosing', { ...entry, title: 'Metformin   Dosing' })).toBe(1);
  });
});

describe('searching and listing (REQ-kb-relevance, REQ-kb-access)', () => {
  it('finds the metformin document for a doctor asking about metformin', () => {
    const found = searchKnowledge(
      documents(),
      'metformin',
      viewer('doctor', ['endocrinology']),
      isDocumentAccessible,
    );
    expect(found).toEqual({ ok: true, value: { results: [metformin()], withheld: [] } });
  });

  it('withholds relevant documents the viewer may not see and says why', () => {
    const found = searchKnowledge(documents(), 'metformin', viewer('patient'), isDocumentAccessible);
    expect(found.ok && found.value.results).toEqual([]);
    expect(found.ok && found.value.withheld.map((d) => d.factor)).toEqual(['role']);
  });

  it('answers the same when a query repeats its words', () => {
    for (const who of [viewer('doctor', ['endocrinology']), viewer('patient'), viewer('nurse')]) {
      expect(
        searchKnowledge(
          documents(),
          'diabetes diabetes TREATMENT treatment diabetes',
          who,
          isDocumentAccessible,
        ),
      ).toEqual(searchKnowledge(documents(), 'diabetes treatment', who, isDocumentAccessible));
    }
  });

  it('sorts the results least sensitive first and caps them at five', () => {
    const many = Array.from({ length: 7 }, (_, i) =>
      item({ id: `i${i}`, title: 'Fever care', sensitivityLevel: i % 2 === 0 ? 'professional' : 'public' }),
    );
    const found = searchKnowledge(many, 'fever', viewer('doctor'), isBuiltinItemAccessible);
    expect(found.ok && found.value.results.map((i) => i.id)).toEqual(['i1', 'i3', 'i5', 'i0', 'i2']);
  });

  it('refuses a blank query', () => {
    const found = searchKnowledge(documents(), '  ', viewer('doctor'), isDocumentAccessible);
    expect(found).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
  });

  it('lists everything accessible, least sensitive first, without a cap', () => {
    const list = filterAccessible(builtins(), viewer('doctor'), isBuiltinItemAccessible);
    expect(list.map((i) => i.id)).toEqual([
      'drug-info',
      'first-aid',
      'morphine',
      'code-blue',
      'central-line',
      'trial',
      'history-jane',
    ]);
  });
});

describe('access stats and summary (REQ-data-access-stats)', () => {
  it('computes the rounded percentage and lists the role for a patient', () => {
    expect(computeAccessStats(7, 2, viewer('patient'))).toEqual({
      totalItems: 7,
      accessibleItems: 2,
      accessPercentage: 29,
      restrictedBy: ['Role: patient', 'Sensitivity: high-sensitivity items need doctor or admin'],
    });
  });

  it('names the doctor specializations as a restricting factor', () => {
    expect(computeAccessStats(4, 3, viewer('doctor', ['Cardiology'])).restrictedBy).toEqual([
      'Role: doctor',
      'Specialization: cardiology',
    ]);
    expect(restrictingFactors(viewer('doctor', []))).toContain('Specialization: none');
  });

  it('lists no restriction when everything is accessible', () => {
    expect(computeAccessStats(4, 4, viewer('admin')).restrictedBy).toEqual([]);
  });

  it('reports 0% of an empty knowledge base', () => {
    expect(computeAccessStats(0, 0, viewer('patient')).accessPercentage).toBe(0);
  });

  it('summarizes accessible and restricted categories for a patient', () => {
    expect(computeAccessSummary(builtins(), viewer('patient'), isBuiltinItemAccessible)).toEqual({
      totalKnowledge: 7,
      accessibleKnowledge: 2,
      accessibleCategories: ['drug_information', 'emergency_protocols'],
      restrictedCategories: ['medical_procedures', 'research_data', 'patient_records'],
    });
  });
  it('lists each accessible category once and none as restricted for a doctor', () => {
    expect(computeAccessSummary(builtins(), viewer('doctor'), isBuiltinItemAccessible)).toEqual({
      totalKnowledge: 7,
      accessibleKnowledge: 7,
      accessibleCategories: [
        'drug_information',
        'emergency_protocols',
        'medical_procedures',
        'research_data',
        'patient_records',
      ],
      restrictedCategories: [],
    });
  });
});

describe('audit entries (REQ-data-knowledge-audit)', () => {
  const now = new Date('2026-03-01T10:00:00.000Z');

  it('records the decision, role and specializations, logging notes with the reason', () => {
    const decision = isDocumentAccessible(metformin(), viewer('pharmacist', ['pharmacy']));
    const entry = buildKnowledgeAuditEntry({
      now,
      userId: 'auth0|phil',
      context: viewer('pharmacist', ['pharmacy']),
      itemId: 'metformin',
      decision,
    });
    expect(entry).toEqual({
      ok: true,
      value: {
        timestamp: '2026-03-01T10:00:00.000Z',
        userId: 'auth0|phil',
        userRole: 'pharmacist',
        itemId: 'metformin',
        accessGranted: true,
        reason: `Role pharmacist is allowed; ${PRESCRIBING_AUTHORITY_NOTE}`,
        specializations: ['pharmacy'],
      },
    });
    expect(entry.ok && KnowledgeAuditEntrySchema.safeParse(entry.value).success).toBe(true);
  });

  it('refuses an invalid clock value instead of throwing', () => {
    const entry = buildKnowledgeAuditEntry({
      now: new Date('not a date'),
      userId: 'u',
      context: viewer('patient'),
      itemId: 'x',
      decision: { granted: false, reason: 'r', notes: [] },
    });
    expect(entry).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
  });
});

describe('what a search tells about knowledge the viewer may not see (REQ-kb-oracle)', () => {
  /** A document for doctors only, whose text holds a word no other document holds. */
  const memo = () =>
    doc('clinic-memo', {
      title: 'Clinic Memo',
      category: 'diagnostic',
      content: 'The zebrafish protocol uses lorazepam nightly.',
    });
  const base = () => [...documents(), memo()];
  const answer = (query: string, who: KnowledgeViewer = viewer('patient')) => {
    const found = searchKnowledge(base(), query, who, isDocumentAccessible);
    if (!found.ok) throw new Error(found.error.message);
    return { ...found.value, reply: explainNoAuthorizedKnowledge(who, found.value.withheld) };
  };

  it('answers a patient asking for words only a withheld text holds as for words no document holds', () => {
    // Each probe scores 0.4 on the memo's text alone (four content words), 0.3 with the unknown word.
    expect(answer('zebrafish protocol uses nightly')).toEqual(answer('quokka protocol uses nightly'));
    expect(answer('zebrafish protocol uses nightly').withheld).toEqual([]);
    expect(answer('zebrafish zebrafish zebrafish zebrafish')).toEqual(answer('quokka quokka quokka quokka'));
  });

  it('still finds that text for a doctor, who may read it', () => {
    expect(answer('zebrafish protocol uses nightly', viewer('doctor')).results.map((d) => d.id)).toEqual([
      'clinic-memo',
    ]);
  });

  it('says an item was withheld when the query names its title or its category', () => {
    const byTitle = answer('clinic memo');
    expect(byTitle.results).toEqual([]);
    expect(byTitle.withheld.map((d) => d.factor)).toEqual(['role']);
    expect(byTitle.reply.message).toContain(NO_KNOWLEDGE_TEXTS.role('patient'));
    // 'drug' names the medication category (REQ-kb +0.5): the metformin document, not open to patients.
    expect(answer('drug').withheld.map((d) => d.factor)).toEqual(['role']);
  });
});

describe('no authorized knowledge (REQ-err-no-knowledge)', () => {
  it('says nothing matched when no relevant item was withheld, with a warning', () => {
    const reply = explainNoAuthorizedKnowledge(viewer('patient'), []);
    expect(reply.message).toBe(`${NO_KNOWLEDGE_TEXTS.lead} ${NO_KNOWLEDGE_TEXTS.noMatch}`);
    expect(reply.warnings).toEqual([NO_KNOWLEDGE_TEXTS.warning]);
  });

  it('explains the role when items were withheld by role or patient binding', () => {
    const reply = explainNoAuthorizedKnowledge(viewer('patient'), [
      { granted: false, reason: 'r', notes: [], factor: 'patient_binding' },
    ]);
    expect(reply.message).toContain(NO_KNOWLEDGE_TEXTS.role('patient'));
    expect(reply.message).not.toContain(NO_KNOWLEDGE_TEXTS.noMatch);
  });

  it('explains the access level when items were withheld by specialization or sensitivity', () => {
    const reply = explainNoAuthorizedKnowledge(viewer('nurse'), [
      { granted: false, reason: 'r', notes: [], factor: 'sensitivity' },
    ]);
    expect(reply.message).toContain(NO_KNOWLEDGE_TEXTS.level);
    expect(reply.message).not.toContain(NO_KNOWLEDGE_TEXTS.role('nurse'));
  });
});

describe('excerpts (REQ-limit-excerpt)', () => {
  it('keeps short content whole, without markdown syntax', () => {
    expect(
      makeExcerpt(
        '> **Educational use only.** See [the guide](https://x.example).\n\n## Overview\n- `A1C` test',
      ),
    ).toBe('Educational use only. See the guide. Overview A1C test');
  });

  it('cuts long content at 150 characters', () => {
    const excerpt = makeExcerpt('word '.repeat(60));
    expect(excerpt.length).toBeLessThanOrEqual(EXCERPT_LENGTH);
    expect(excerpt.startsWith('word word')).toBe(true);
    expect(makeExcerpt('x'.repeat(200))).toBe('x'.repeat(EXCERPT_LENGTH));
  });

  it('never splits an emoji in half at the cut', () => {
    const excerpt = makeExcerpt(`${'a'.repeat(149)}😀b`);
    expect(excerpt).toBe('a'.repeat(149));
    expect(KnowledgeRefSchema.safeParse({ documentId: 'd', title: 't', excerpt }).success).toBe(true);
  });
});
