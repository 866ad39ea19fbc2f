/**
 * The authorization model file, knowledge/fga/model.fga, is the source of truth for REQ-kb-fga knowledge access: these
 * tests prove the domain's JSON copy is that file, and that the model decides exactly as the domain's rules
 * (isDocumentAccessible, isBuiltinItemAccessible) for the bundled knowledge and for any document and viewer.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { transformer, validator } from '@openfga/syntax-transformer';
import {
  DOCUMENT_CATEGORIES,
  DOCUMENT_SENSITIVITIES,
  ROLES,
  SENTINEL_FGA_MODEL,
  documentCheck,
  isBuiltinItemAccessible,
  isDocumentAccessible,
  prepareFga,
  type BuiltinKnowledgeItem,
  type FgaCheckRequest,
  type KnowledgeDocument,
  type KnowledgeViewer,
  type Role,
} from '@sentinel/domain';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { KNOWLEDGE_PACKAGE_DIR, loadKnowledge } from './node';

const MODEL_FILE = join(KNOWLEDGE_PACKAGE_DIR, 'fga', 'model.fga');
const dsl = () => readFileSync(MODEL_FILE, 'utf8');

const evaluate = prepareFga(SENTINEL_FGA_MODEL, []);
const decide = (request: FgaCheckRequest): boolean => {
  const result = evaluate(request);
  if (!result.ok) throw new Error(result.error.message);
  return result.value;
};

const bundle = () => {
  const loaded = loadKnowledge();
  if (!loaded.ok) throw new Error(loaded.error.message);
  return loaded.value;
};

describe('the authorization model file', () => {
  it('is a valid OpenFGA model', () => {
    expect(() => validator.validateDSL(dsl())).not.toThrow();
  });

  it('is exactly the JSON model the domain evaluates (edit the file, then the constant)', () => {
    expect(SENTINEL_FGA_MODEL).toEqual(transformer.transformDSLToJSONObject(dsl()));
  });

  it('turns back into the same JSON when written out as DSL (nothing is lost in either form)', () => {
    type JsonModel = Parameters<typeof transformer.transformJSONToDSL>[0];
    const written = transformer.transformJSONToDSL(
      JSON.parse(JSON.stringify(SENTINEL_FGA_MODEL)) as JsonModel,
    );
    expect(transformer.transformDSLToJSONObject(written)).toEqual(SENTINEL_FGA_MODEL);
  });
});

/** The specializations the bundled documents list, plus ones they do not, in the forms users type them. */
const SPECIALIZATION_POOL = [
  'endocrinology',
  'Internal Medicine',
  'family-medicine',
  'cardiology',
  'CARDIOLOGY ',
  'oncology',
  ' ',
] as const;
const PATIENT_IDS = ['P-000001', 'P-000002'] as const;

const viewerOf = (role: Role, specializations: readonly string[], patientId?: string): KnowledgeViewer =>
  patientId === undefined
    ? { role, specializations: [...specializations] }
    : { role, specializations: [...specializations], patientId };

/** Every role, each with no specialization, the REQ-data default, one at a time, and a pair; with and without a patient. */
const ENUMERATED_VIEWERS: KnowledgeViewer[] = ROLES.flatMap((role) =>
  [[], ['family-medicine'], ...SPECIALIZATION_POOL.map((s) => [s]), ['cardiology', 'endocrinology']].flatMap(
    (specs) => [viewerOf(role, specs), ...PATIENT_IDS.map((id) => viewerOf(role, specs, id))],
  ),
);

describe('the model decides as the domain rules for the bundled knowledge', () => {
  it('for every bundled document and every viewer', () => {
    const { documents } = bundle();
    expect(documents.length).toBeGreaterThan(0);
    const mismatches = documents.flatMap((doc) =>
      ENUMERATED_VIEWERS.filter(
        (v) => decide(documentCheck('viewer', v, doc)) !== isDocumentAccessible(doc, v).granted,
      ).map((v) => ({ doc: doc.id, viewer: v })),
    );
    expect(mismatches).toEqual([]);
  });

  it('for every built-in item, patient-bound ones included, and every viewer', () => {
    const { builtinItems } = bundle();
    expect(builtinItems.some((i) => i.patientId !== undefined)).toBe(true);
    const mismatches = builtinItems.flatMap((item) =>
      ENUMERATED_VIEWERS.filter(
        (v) => decide(documentCheck('viewer', v, item)) !== isBuiltinItemAccessible(item, v).granted,
      ).map((v) => ({ item: item.id, viewer: v })),
    );
    expect(mismatches).toEqual([]);
  });

  it('grants and refuses something for every role (the comparison is not vacuous)', () => {
    const { documents } = bundle();
    const outcomes = new Set(
      ENUMERATED_VIEWERS.flatMap((v) => documents.map((d) => decide(documentCheck('viewer', v, d)))),
    );
    expect(outcomes).toEqual(new Set([true, false]));
  });
});

const roleArb = fc.constantFrom(...ROLES);
const viewerArb = fc
  .record({
    role: roleArb,
    specializations: fc.subarray([...SPECIALIZATION_POOL]),
    patientId: fc.option(fc.constantFrom(...PATIENT_IDS), { nil: undefined }),
  })
  .map(({ role, specializations, patientId }) => viewerOf(role, specializations, patientId));

const documentArb: fc.Arbitrary<KnowledgeDocument> = fc
  .record({
    accessLevel: fc.subarray([...ROLES], { minLength: 1 }),
    specializationRequired: fc.subarray([
      'endocrinology',
      'internal-medicine',
      'family-medicine',
      'cardiology',
    ]),
    sensitivity: fc.constantFrom(...DOCUMENT_SENSITIVITIES),
    category: fc.constantFrom(...DOCUMENT_CATEGORIES),
    prescribingAuthority: fc.boolean(),
  })
  .map(({ category, ...metadata }) => ({
    id: 'random-document',
    title: 'Random document',
    category,
    content: 'Content.',
    filePath: 'knowledge/docs/random-document.md',
    metadata: { ...metadata, deaSchedule: null, patientAccessible: false, lastUpdated: '2026-01-01' },
  }));

const builtinArb: fc.Arbitrary<BuiltinKnowledgeItem> = fc
  .record({
    requiredRole: fc.subarray([...ROLES], { minLength: 1 }),
    patientId: fc.option(fc.constantFrom(...PATIENT_IDS), { nil: undefined }),
  })
  .map(({ requiredRole, patientId }) => ({
    id: 'random item',
    category: 'patient_records',
    title: 'Random item',
    content: 'Content.',
    requiredRole,
    sensitivityLevel: 'restricted',
    ...(patientId === undefined ? {} : { patientId }),
  }));

describe('the model decides as the domain rules for any document and viewer (property)', () => {
  it('markdown documents: FGA can_view equals isDocumentAccessible', () => {
    fc.assert(
      fc.property(documentArb, viewerArb, (doc, viewer) => {
        expect(decide(documentCheck('someone', viewer, doc))).toBe(isDocumentAccessible(doc, viewer).granted);
      }),
      { numRuns: 1000 },
    );
  });

  it('built-in items: FGA can_view equals isBuiltinItemAccessible', () => {
    fc.assert(
      fc.property(builtinArb, viewerArb, (item, viewer) => {
        expect(decide(documentCheck('someone', viewer, item))).toBe(
          isBuiltinItemAccessible(item, viewer).granted,
        );
      }),
      { numRuns: 1000 },
    );
  });
});
