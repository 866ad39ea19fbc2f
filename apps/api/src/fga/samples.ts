/**
 * The four fine-grained authorization sample queries of the demo page (§2 Demo page, §9 "The demo runs 4
 * sample queries for the fine-grained authorization check"; issue 6, point 5). Between them they exercise the
 * §6 rules: role, specialization, sensitivity and prescribing authority (which is noted, never a refusal).
 */
import {
  FGA_DOCUMENT_RELATIONS,
  PRESCRIBING_AUTHORITY_NOTE,
  buildCurrentUser,
  documentCheck,
  knowledgeContextFor,
  type KnowledgeDocument,
  type KnowledgeViewer,
} from '@sentinel/domain';
import { PERSONAS, claimsFor, type Persona, type PersonaKey } from '@sentinel/mocks';
import { authorize, type Authorizer } from './authorizer';

export type FgaSampleQuery = {
  readonly id: string;
  /** The question as the demo page shows it. */
  readonly text: string;
  readonly persona: PersonaKey;
  readonly documentId: string;
  /** The §6 rule the query shows. */
  readonly rule: 'role' | 'specialization' | 'sensitivity' | 'prescribing';
  readonly expected: 'allowed' | 'denied';
};

export const FGA_SAMPLE_QUERIES: readonly FgaSampleQuery[] = [
  {
    id: 'sensitivity',
    text: 'Can Dr. Alice Smith (endocrinology) view the high-sensitivity "Type 2 Diabetes: Diagnostic Criteria and Evaluation"?',
    persona: 'alice',
    documentId: 'diabetes-type2-diagnostics',
    rule: 'sensitivity',
    expected: 'allowed',
  },
  {
    id: 'role',
    text: 'Can Jane Doe (patient) view "Hypertension Management in Adults", written for doctors, nurses and admins?',
    persona: 'jane',
    documentId: 'hypertension-management',
    rule: 'role',
    expected: 'denied',
  },
  {
    id: 'specialization',
    text: 'Can Dr. Ben Carter (cardiology) view "Metformin: Prescribing and Monitoring", listed for endocrinology, internal and family medicine?',
    persona: 'ben',
    documentId: 'metformin',
    rule: 'specialization',
    expected: 'denied',
  },
  {
    id: 'prescribing',
    text: 'Can Phil Pharmacist view the medication document "Metformin: Prescribing and Monitoring", which notes restricted prescribing authority?',
    persona: 'phil',
    documentId: 'metformin',
    rule: 'prescribing',
    expected: 'allowed',
  },
];

/**
 * §3, §6 A persona as the knowledge viewer a real sign-in gives: the current user built from the persona's
 * claims, their knowledge role and specializations (§3 default when none), and a patient's own patient id.
 */
export function personaViewer(persona: Persona): KnowledgeViewer {
  const built = buildCurrentUser(claimsFor(persona));
  if (!built.ok) throw new Error(`Persona ${persona.key}: ${built.error.message}`);
  const context = knowledgeContextFor(built.value, persona.specializations);
  const patientId = built.value.patient_id;
  return {
    role: context.role,
    specializations: context.specializations,
    ...(patientId ? { patientId } : {}),
  };
}

export type FgaSampleResult = {
  readonly id: string;
  readonly query: string;
  readonly allowed: boolean;
  /** §6 The prescribing-authority note, when the model records it for the document (logged, never a refusal). */
  readonly note?: string;
};

/** Runs the sample queries through an authorizer (local or OpenFGA), in order. */
export async function runFgaSampleQueries(
  authorizer: Authorizer,
  documents: readonly KnowledgeDocument[],
  queries: readonly FgaSampleQuery[] = FGA_SAMPLE_QUERIES,
): Promise<FgaSampleResult[]> {
  const results: FgaSampleResult[] = [];
  for (const query of queries) {
    const doc = documents.find((d) => d.id === query.documentId);
    if (!doc) throw new Error(`Sample query ${query.id}: no knowledge document ${query.documentId}`);
    const persona = PERSONAS[query.persona];
    const viewer = personaViewer(persona);
    const allowed = await authorize(authorizer, documentCheck(persona.sub, viewer, doc));
    const noted = await authorize(
      authorizer,
      documentCheck(persona.sub, viewer, doc, FGA_DOCUMENT_RELATIONS.notesPrescribingAuthority),
    );
    results.push({
      id: query.id,
      query: query.text,
      allowed,
      ...(allowed && noted ? { note: PRESCRIBING_AUTHORITY_NOTE } : {}),
    });
  }
  return results;
}
