/**
 * Test support: a demo persona as the knowledge viewer a real sign-in gives it, for the authorizer and sample
 * query tests. Kept out of the request path, which builds its viewer from the verified token's claims.
 */
import { buildCurrentUser, knowledgeContextFor, type KnowledgeViewer } from '@sentinel/domain';
import type { Persona } from '@sentinel/demo-data';
import { claimsFor } from '@sentinel/mocks';

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
