/**
 * The knowledge routes (§3, §5, §6): the mock API's policy (packages/mocks knowledge.ts) on the knowledge base
 * loaded from knowledge/; the chat over the same knowledge is in assistant/. Access is decided by the domain's
 * `isDocumentAccessible`; a document the caller may not see answers 404 like one that does not exist.
 */
import {
  computeAccessStats,
  computeAccessSummary,
  filterAccessible,
  isDocumentAccessible,
  knowledgeContextFor,
  ok,
  searchKnowledge,
  type KnowledgeViewer,
} from '@sentinel/domain';
import type { KnowledgeBundle } from '@sentinel/knowledge';
import { listItemOf } from '@sentinel/mocks/seed';
import type { Caller } from '../caller';
import type { RouteImpls } from '../routes';
import { notFound } from './clinical';

/** §3, §6 Who is asking, for knowledge: extended role, specializations, and a patient's own id. */
export function knowledgeViewerFor(caller: Caller): KnowledgeViewer {
  const context = knowledgeContextFor(caller.user, caller.specializations);
  return {
    role: context.role,
    specializations: context.specializations,
    ...(caller.user.patient_id ? { patientId: caller.user.patient_id } : {}),
  };
}

export function knowledgeRoutes(knowledge: () => KnowledgeBundle) {
  return {
    listKnowledge: async ({ caller, audit }) => {
      const { documents } = knowledge();
      const viewer = knowledgeViewerFor(caller);
      const accessible = filterAccessible(documents, viewer, isDocumentAccessible);
      audit({ reason: `accessible documents: ${accessible.length} of ${documents.length}` });
      return ok({
        items: accessible.map(listItemOf),
        stats: computeAccessStats(documents.length, accessible.length, viewer),
        summary: computeAccessSummary(documents, viewer, isDocumentAccessible),
        context: { role: viewer.role, specializations: [...viewer.specializations] },
      });
    },

    searchKnowledge: async ({ caller, query, audit }) => {
      const found = searchKnowledge(
        knowledge().documents,
        query.q,
        knowledgeViewerFor(caller),
        isDocumentAccessible,
      );
      if (!found.ok) return found;
      audit({ reason: `results: ${found.value.results.length}; withheld: ${found.value.withheld.length}` });
      return ok({ items: found.value.results.map(listItemOf) });
    },

    getKnowledgeItem: async ({ caller, params, audit }) => {
      const doc = knowledge().documents.find((d) => d.id === params.id);
      if (!doc) {
        audit({ reason: 'no document with this id' });
        return notFound();
      }
      const decision = isDocumentAccessible(doc, knowledgeViewerFor(caller));
      audit({ reason: [decision.reason, ...decision.notes].join('; ') });
      return decision.granted ? ok(doc) : notFound();
    },
  } satisfies Partial<RouteImpls>;
}
