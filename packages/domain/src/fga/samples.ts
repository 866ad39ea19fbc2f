/**
 * The four fine-grained authorization sample queries of the demo page (REQ-screen-demo-pillars,
 * REQ-limit-demo-queries "The demo runs 4 sample queries for the fine-grained authorization check";
 * REQ-tool). Between them they exercise the REQ-kb-explainer rules: role, specialization, sensitivity and
 * prescribing authority (which is noted, never a refusal). Each names its subject and viewer as a real
 * sign-in of the persona gives them, so the mock API, the local evaluator and an OpenFGA server all answer
 * the same questions.
 */
import type { KnowledgeDocument } from '../entities';
import { PRESCRIBING_AUTHORITY_NOTE, type KnowledgeViewer } from '../knowledge';
import { fail, ok, type Result } from '../result';
import { prepareFga } from './check';
import { SENTINEL_FGA_MODEL } from './model';
import { FGA_DOCUMENT_RELATIONS, documentCheck } from './tuples';
import type { FgaCheckRequest, FgaModel } from './types';

export type FgaSampleQuery = {
  readonly id: string;
  /** The question as the demo page shows it. */
  readonly text: string;
  /** The persona's subject (`sub` claim). */
  readonly subject: string;
  /**
   * The persona's knowledge viewer: role, specializations (slugs, REQ-data default when none), own patient
   * id.
   */
  readonly viewer: KnowledgeViewer;
  readonly documentId: string;
  /** The REQ-kb rule the query shows. */
  readonly rule: 'role' | 'specialization' | 'sensitivity' | 'prescribing';
  readonly expected: 'allowed' | 'denied';
};

export const FGA_SAMPLE_QUERIES: readonly FgaSampleQuery[] = [
  {
    id: 'sensitivity',
    text: 'Can Dr. Alice Smith (endocrinology) view the high-sensitivity "Type 2 Diabetes: Diagnostic Criteria and Evaluation"?',
    subject: 'auth0|sentinel-doctor-000101',
    viewer: { role: 'doctor', specializations: ['endocrinology', 'internal-medicine'] },
    documentId: 'diabetes-type2-diagnostics',
    rule: 'sensitivity',
    expected: 'allowed',
  },
  {
    id: 'role',
    text: 'Can Jane Doe (patient) view "Hypertension Management in Adults", written for doctors, nurses and admins?',
    subject: 'auth0|sentinel-patient-000001',
    viewer: { role: 'patient', specializations: ['family-medicine'], patientId: 'P-000001' },
    documentId: 'hypertension-management',
    rule: 'role',
    expected: 'denied',
  },
  {
    id: 'specialization',
    text: 'Can Dr. Ben Carter (cardiology) view "Metformin: Prescribing and Monitoring", listed for endocrinology, internal and family medicine?',
    subject: 'auth0|sentinel-doctor-000102',
    viewer: { role: 'doctor', specializations: ['cardiology'] },
    documentId: 'metformin',
    rule: 'specialization',
    expected: 'denied',
  },
  {
    id: 'prescribing',
    text: 'Can Phil Pharmacist view the medication document "Metformin: Prescribing and Monitoring", which notes restricted prescribing authority?',
    subject: 'auth0|sentinel-pharmacist-000401',
    // Phil signs in to the patient dashboard (REQ-auth), so his sign-in carries a derived patient id; only a patient
    // owns patient data, so it gives him nothing here.
    viewer: { role: 'pharmacist', specializations: ['family-medicine'], patientId: 'P-000401' },
    documentId: 'metformin',
    rule: 'prescribing',
    expected: 'allowed',
  },
];

export type FgaSampleResult = {
  readonly id: string;
  readonly query: string;
  readonly allowed: boolean;
  /** REQ-kb-prescribing-note The prescribing-authority note, when the model records it for the document (logged, never a refusal). */
  readonly note?: string;
};

/** The two checks of a sample query: may the viewer see the document, and does it note prescribing authority? */
export function fgaSampleChecks(
  query: FgaSampleQuery,
  documents: readonly KnowledgeDocument[],
): Result<{ readonly view: FgaCheckRequest; readonly note: FgaCheckRequest }> {
  const doc = documents.find((d) => d.id === query.documentId);
  if (!doc) return fail('not_found', `Sample query ${query.id}: no knowledge document ${query.documentId}`);
  return ok({
    view: documentCheck(query.subject, query.viewer, doc),
    note: documentCheck(query.subject, query.viewer, doc, FGA_DOCUMENT_RELATIONS.notesPrescribingAuthority),
  });
}

/** A sample query's answer from the two check outcomes: the note only on an allowed view. */
export function fgaSampleResult(query: FgaSampleQuery, allowed: boolean, noted: boolean): FgaSampleResult {
  return {
    id: query.id,
    query: query.text,
    allowed,
    ...(allowed && noted ? { note: PRESCRIBING_AUTHORITY_NOTE } : {}),
  };
}

/**
 * REQ-kb The sample queries answered by the local evaluator over these documents, in order; an error when a
 * document they name is missing or a check cannot be answered.
 */
export function runFgaSamplesLocally(
  documents: readonly KnowledgeDocument[],
  queries: readonly FgaSampleQuery[] = FGA_SAMPLE_QUERIES,
  model: FgaModel = SENTINEL_FGA_MODEL,
): Result<FgaSampleResult[]> {
  const evaluate = prepareFga(model, []);
  const results: FgaSampleResult[] = [];
  for (const query of queries) {
    const checks = fgaSampleChecks(query, documents);
    if (!checks.ok) return checks;
    const allowed = evaluate(checks.value.view);
    if (!allowed.ok) return allowed;
    const noted = evaluate(checks.value.note);
    if (!noted.ok) return noted;
    results.push(fgaSampleResult(query, allowed.value, noted.value));
  }
  return ok(results);
}
