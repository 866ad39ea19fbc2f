/**
 * The demo page's four fine-grained sample queries (the domain's FGA_SAMPLE_QUERIES, REQ-screen-demo-pillars,
 * REQ-kb-fga, point 5), run through the server's authorizer: locally, or on an OpenFGA server when
 * FGA_API_URL is set.
 */
import {
  FGA_SAMPLE_QUERIES,
  buildCurrentUser,
  fgaSampleChecks,
  fgaSampleResult,
  knowledgeContextFor,
  type FgaSampleQuery,
  type FgaSampleResult,
  type KnowledgeDocument,
  type KnowledgeViewer,
} from '@sentinel/domain';
import { claimsFor, type Persona } from '@sentinel/mocks';
import { authorize, type Authorizer } from './authorizer';

/**
 * REQ-data, REQ-kb-fga A persona as the knowledge viewer a real sign-in gives: the current user built from
 * the persona's claims, their knowledge role and specializations (REQ-data default when none), and a
 * patient's own patient id.
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

/** Runs the sample queries through an authorizer (local or OpenFGA), in order. */
export async function runFgaSampleQueries(
  authorizer: Authorizer,
  documents: readonly KnowledgeDocument[],
  queries: readonly FgaSampleQuery[] = FGA_SAMPLE_QUERIES,
): Promise<FgaSampleResult[]> {
  const results: FgaSampleResult[] = [];
  for (const query of queries) {
    const checks = fgaSampleChecks(query, documents);
    if (!checks.ok) throw new Error(checks.error.message);
    const allowed = await authorize(authorizer, checks.value.view);
    const noted = await authorize(authorizer, checks.value.note);
    results.push(fgaSampleResult(query, allowed, noted));
  }
  return results;
}
