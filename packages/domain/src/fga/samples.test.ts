import { describe, expect, it } from 'vitest';
import type { KnowledgeDocument } from '../entities';
import { PRESCRIBING_AUTHORITY_NOTE, isDocumentAccessible } from '../knowledge';
import { FGA_SAMPLE_QUERIES, runFgaSamplesLocally } from './samples';

/** The three documents the samples name, with the metadata of their files in knowledge/docs. */
const doc = (
  id: string,
  title: string,
  category: KnowledgeDocument['category'],
  metadata: Pick<
    KnowledgeDocument['metadata'],
    'accessLevel' | 'specializationRequired' | 'prescribingAuthority' | 'sensitivity'
  >,
): KnowledgeDocument => ({
  id,
  title,
  category,
  content: 'Content.',
  filePath: `knowledge/docs/${id}.md`,
  metadata: { ...metadata, deaSchedule: null, patientAccessible: false, lastUpdated: '2026-01-01' },
});

const DOCUMENTS: readonly KnowledgeDocument[] = [
  doc('diabetes-type2-diagnostics', 'Type 2 Diabetes: Diagnostic Criteria and Evaluation', 'diagnostic', {
    accessLevel: ['doctor', 'admin'],
    specializationRequired: ['endocrinology', 'internal-medicine', 'family-medicine'],
    prescribingAuthority: false,
    sensitivity: 'high',
  }),
  doc('hypertension-management', 'Hypertension Management in Adults', 'treatment', {
    accessLevel: ['doctor', 'admin', 'nurse'],
    specializationRequired: ['cardiology', 'internal-medicine', 'family-medicine'],
    prescribingAuthority: true,
    sensitivity: 'medium',
  }),
  doc('metformin', 'Metformin: Prescribing and Monitoring', 'medication', {
    accessLevel: ['doctor', 'admin', 'pharmacist'],
    specializationRequired: ['endocrinology', 'internal-medicine', 'family-medicine'],
    prescribingAuthority: true,
    sensitivity: 'medium',
  }),
];

const outcomes = (results: readonly { id: string; allowed: boolean }[]) =>
  results.map(({ id, allowed }) => ({ id, allowed }));

describe('the demo page’s fine-grained sample queries', () => {
  it('are four, one for each knowledge access rule (REQ-kb-access), with both outcomes among them', () => {
    expect(FGA_SAMPLE_QUERIES).toHaveLength(4);
    expect(new Set(FGA_SAMPLE_QUERIES.map((q) => q.rule))).toEqual(
      new Set(['role', 'specialization', 'sensitivity', 'prescribing']),
    );
    expect(new Set(FGA_SAMPLE_QUERIES.map((q) => q.expected))).toEqual(new Set(['allowed', 'denied']));
  });

  it('expect what the domain rule decides for their viewers', () => {
    for (const query of FGA_SAMPLE_QUERIES) {
      const target = DOCUMENTS.find((d) => d.id === query.documentId);
      expect(query.text).toContain(target?.title);
      expect([query.id, isDocumentAccessible(target!, query.viewer).granted]).toEqual([
        query.id,
        query.expected === 'allowed',
      ]);
    }
  });

  it('come out as expected locally, in order, with the prescribing note only on the pharmacist’s query', () => {
    const results = runFgaSamplesLocally(DOCUMENTS);
    expect(results.ok).toBe(true);
    if (!results.ok) return;
    expect(outcomes(results.value)).toEqual(
      FGA_SAMPLE_QUERIES.map((q) => ({ id: q.id, allowed: q.expected === 'allowed' })),
    );
    expect(results.value.map((r) => r.query)).toEqual(FGA_SAMPLE_QUERIES.map((q) => q.text));
    expect(results.value.filter((r) => r.note !== undefined)).toEqual([
      expect.objectContaining({ id: 'prescribing', note: PRESCRIBING_AUTHORITY_NOTE }),
    ]);
  });

  it('follow the documents: a pharmacist is denied metformin once it no longer lists pharmacists', () => {
    const changed = DOCUMENTS.map((d) =>
      d.id === 'metformin' ? { ...d, metadata: { ...d.metadata, accessLevel: ['doctor' as const] } } : d,
    );
    const results = runFgaSamplesLocally(changed);
    expect(results.ok && results.value.find((r) => r.id === 'prescribing')).toEqual({
      id: 'prescribing',
      query: expect.any(String),
      allowed: false,
    });
  });

  it('answer an error, not a guess, when a document they name is missing', () => {
    const results = runFgaSamplesLocally(DOCUMENTS.filter((d) => d.id !== 'metformin'));
    expect(results).toEqual({
      ok: false,
      error: { code: 'not_found', message: expect.stringMatching(/no knowledge document metformin/) },
    });
  });
});
