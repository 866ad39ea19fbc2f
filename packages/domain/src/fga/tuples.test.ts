import { describe, expect, it } from 'vitest';
import { ROLES, type BuiltinKnowledgeItem, type KnowledgeDocument, type Role } from '../entities';
import { isBuiltinItemAccessible, isDocumentAccessible, type KnowledgeViewer } from '../knowledge';
import { DATA_KINDS, canAccessData } from '../roles';
import { prepareFga } from './check';
import { SENTINEL_FGA_MODEL } from './model';
import {
  FGA_ANY_USER,
  FGA_CLINIC,
  FGA_DOCUMENT_RELATIONS,
  documentCheck,
  documentTuples,
  fgaDocument,
  fgaId,
  fgaUser,
  knowledgeTuples,
  patientDataCheck,
  uniqueTuples,
  viewerTuples,
} from './tuples';
import type { FgaCheckRequest } from './types';

const evaluate = prepareFga(SENTINEL_FGA_MODEL, []);
const decide = (request: FgaCheckRequest): boolean => {
  const result = evaluate(request);
  if (!result.ok) throw new Error(result.error.message);
  return result.value;
};

const doc = (id: string, metadata: Partial<KnowledgeDocument['metadata']> = {}): KnowledgeDocument => ({
  id,
  title: id,
  category: 'treatment',
  content: 'Content.',
  filePath: `knowledge/docs/${id}.md`,
  metadata: {
    accessLevel: ['doctor'],
    specializationRequired: [],
    prescribingAuthority: false,
    sensitivity: 'low',
    deaSchedule: null,
    patientAccessible: false,
    lastUpdated: '2026-01-01',
    ...metadata,
  },
});

const item = (id: string, over: Partial<BuiltinKnowledgeItem> = {}): BuiltinKnowledgeItem => ({
  id,
  category: 'drug_information',
  title: id,
  content: 'Content.',
  requiredRole: ['patient', 'doctor', 'nurse'],
  sensitivityLevel: 'public',
  ...over,
});

const viewer = (role: Role, specializations: string[] = [], patientId?: string): KnowledgeViewer =>
  patientId === undefined ? { role, specializations } : { role, specializations, patientId };

/** Documents that each turn on one REQ-kb rule, and viewers of every role with different specializations. */
const DOCUMENTS = [
  doc('open-to-all', { accessLevel: [...ROLES] }),
  doc('cardio-only', { accessLevel: ['doctor', 'nurse', 'admin'], specializationRequired: ['cardiology'] }),
  doc('internal', { accessLevel: ['doctor', 'pharmacist'], specializationRequired: ['internal-medicine'] }),
  doc('secret', { accessLevel: ['doctor', 'nurse', 'admin', 'patient'], sensitivity: 'high' }),
  doc('medium', { accessLevel: ['dietitian', 'lab_tech'], sensitivity: 'medium' }),
  doc('trailing-hyphen', { accessLevel: ['doctor'], specializationRequired: ['oncology-'] }),
];
const VIEWERS = ROLES.flatMap((role) => [
  viewer(role),
  viewer(role, ['cardiology']),
  viewer(role, ['Internal Medicine', 'family-medicine']),
  viewer(role, ['oncology']),
  viewer(role, ['  ']),
]);

describe('the model agrees with the document rule (REQ-kb-document-roles, isDocumentAccessible)', () => {
  for (const d of DOCUMENTS) {
    it(`for every role and specialization on the ${d.id} document`, () => {
      for (const v of VIEWERS) {
        expect({ v, allowed: decide(documentCheck('someone', v, d)) }).toEqual({
          v,
          allowed: isDocumentAccessible(d, v).granted,
        });
      }
    });
  }

  it('a doctor sees a specialist document only with the specialization, other roles never need one', () => {
    const cardio = DOCUMENTS[1]!;
    expect(decide(documentCheck('ben', viewer('doctor', ['cardiology']), cardio))).toBe(true);
    expect(decide(documentCheck('alice', viewer('doctor', ['endocrinology']), cardio))).toBe(false);
    expect(decide(documentCheck('nora', viewer('nurse'), cardio))).toBe(true);
  });

  it('a high-sensitivity document is for doctor and admin only, even when the access level lists more', () => {
    const secret = DOCUMENTS[3]!;
    expect(decide(documentCheck('alice', viewer('doctor'), secret))).toBe(true);
    expect(decide(documentCheck('sam', viewer('admin'), secret))).toBe(true);
    expect(decide(documentCheck('nora', viewer('nurse'), secret))).toBe(false);
    expect(decide(documentCheck('jane', viewer('patient'), secret))).toBe(false);
  });

  it('prescribing authority is a fact of medication documents that never decides access', () => {
    const medication = doc('med', { accessLevel: ['pharmacist'], prescribingAuthority: true });
    const asMedication = { ...medication, category: 'medication' as const };
    const phil = viewer('pharmacist');
    const noted = (d: KnowledgeDocument) =>
      decide(documentCheck('phil', phil, d, FGA_DOCUMENT_RELATIONS.notesPrescribingAuthority));
    expect(noted(asMedication)).toBe(true);
    expect(noted(medication)).toBe(false);
    expect(decide(documentCheck('phil', phil, asMedication))).toBe(true);
    expect(isDocumentAccessible(asMedication, phil).notes).toHaveLength(1);
  });
});

describe('the model agrees with the built-in item rule (REQ-kb-builtin-roles, isBuiltinItemAccessible)', () => {
  const ITEMS = [
    item('public-drugs'),
    item('history', { requiredRole: ['doctor', 'admin', 'patient', 'pharmacist'], patientId: 'P-000001' }),
    item('trial', { requiredRole: [...ROLES], patientId: 'P 000002', sensitivityLevel: 'confidential' }),
  ];
  const itemViewers = [
    ...ROLES.map((role) => viewer(role)),
    ...ROLES.map((role) => viewer(role, [], 'P-000001')),
    viewer('patient', [], 'P 000002'),
  ];

  it('for every role, own and other patients', () => {
    for (const i of ITEMS) {
      for (const v of itemViewers) {
        expect({ i: i.id, v, allowed: decide(documentCheck('someone', v, i)) }).toEqual({
          i: i.id,
          v,
          allowed: isBuiltinItemAccessible(i, v).granted,
        });
      }
    }
  });

  it('a patient sees a patient-bound item about themselves only', () => {
    const history = ITEMS[1]!;
    expect(decide(documentCheck('jane', viewer('patient', [], 'P-000001'), history))).toBe(true);
    expect(decide(documentCheck('john', viewer('patient', [], 'P-000002'), history))).toBe(false);
    expect(decide(documentCheck('phil', viewer('pharmacist', [], 'P-000001'), history))).toBe(false);
  });
});

describe('the model agrees with the data access matrix (REQ-access-matrix)', () => {
  it('staff read and write any patient as the matrix says', () => {
    for (const role of ROLES.filter((r) => r !== 'patient')) {
      for (const kind of DATA_KINDS) {
        for (const mode of ['read', 'write'] as const) {
          const allowed = decide(patientDataCheck('staff', viewer(role), 'P-000001', kind, mode));
          expect({ role, kind, mode, allowed }).toEqual({
            role,
            kind,
            mode,
            allowed: canAccessData(role, kind, mode),
          });
        }
      }
    }
  });

  it('a patient reads their own data of every kind, writes none, and sees no other patient', () => {
    const jane = viewer('patient', [], 'P-000001');
    for (const kind of DATA_KINDS) {
      expect(decide(patientDataCheck('jane', jane, 'P-000001', kind, 'read'))).toBe(true);
      expect(decide(patientDataCheck('jane', jane, 'P-000001', kind, 'write'))).toBe(false);
      expect(decide(patientDataCheck('jane', jane, 'P-000002', kind, 'read'))).toBe(false);
    }
  });

  it('a patient without a patient id reads nobody', () => {
    expect(decide(patientDataCheck('x', viewer('patient'), 'P-000001', 'patient_records', 'read'))).toBe(
      false,
    );
  });
});

describe('tuple builders', () => {
  it('state a viewer as their clinic role, specialization slugs and, for a patient, their own patient', () => {
    expect(viewerTuples('auth0|p1', viewer('patient', [], 'P-000001'))).toEqual([
      { user: 'user:auth0|p1', relation: 'patient', object: FGA_CLINIC },
      { user: 'user:auth0|p1', relation: 'owner', object: 'patient:P-000001' },
      { user: FGA_CLINIC, relation: 'clinic', object: 'patient:P-000001' },
    ]);
    expect(viewerTuples('d', viewer('doctor', ['Internal Medicine', 'internal-medicine', ' ']))).toEqual([
      { user: 'user:d', relation: 'doctor', object: FGA_CLINIC },
      { user: 'user:d', relation: 'member', object: 'specialization:internal-medicine' },
    ]);
  });

  it('state a document that lists nothing with wildcard markers, and list each access-level role once', () => {
    expect(documentTuples(doc('d', { accessLevel: ['doctor', 'doctor'] }))).toEqual([
      { user: FGA_CLINIC, relation: 'clinic', object: 'document:d' },
      { user: `${FGA_CLINIC}#doctor`, relation: 'access_level', object: 'document:d' },
      { user: FGA_ANY_USER, relation: 'lists_no_specialization', object: 'document:d' },
      { user: FGA_ANY_USER, relation: 'not_high_sensitivity', object: 'document:d' },
      { user: FGA_ANY_USER, relation: 'not_patient_bound', object: 'document:d' },
    ]);
  });

  it('keep documents and built-in items with the same id apart', () => {
    expect(fgaDocument(doc('x'))).not.toBe(fgaDocument(item('x')));
    const tuples = knowledgeTuples([doc('x'), item('x'), doc('x')]);
    expect(tuples).toEqual(uniqueTuples(tuples));
    expect(tuples.filter((t) => t.relation === 'clinic')).toHaveLength(2);
  });

  it('encode ids so that no id breaks a tuple or becomes a wildcard', () => {
    expect(fgaId('a b#c:d@e*f%g')).toBe('a%20b%23c%3Ad%40e%2Af%25g');
    expect(fgaUser('*')).toBe('user:%2A');
    const star = viewer('doctor');
    const request = documentCheck('*', star, doc('d', { accessLevel: ['admin'] }));
    expect(decide(request)).toBe(false);
  });
});
