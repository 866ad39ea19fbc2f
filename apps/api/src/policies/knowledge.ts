/**
 * The knowledge routes (§3, §5, §6): the mock API's policy (packages/mocks knowledge.ts) on the knowledge base
 * loaded from knowledge/; the chat over the same knowledge is in assistant/. Access is decided by the
 * authorization model (fga/access.ts; the domain's `isDocumentAccessible` gives its reasons and notes); a document
 * the caller may not see answers 404 like one that does not exist.
 */
import {
  computeAccessStats,
  computeAccessSummary,
  filterAccessible,
  knowledgeContextFor,
  ok,
  searchKnowledge,
  type KnowledgeDocument,
  type KnowledgeViewer,
} from '@sentinel/domain';
import type { KnowledgeBundle } from '@sentinel/knowledge';
import { listItemOf } from '@sentinel/mocks/seed';
import type { Caller } from '../caller';
import { documentAccess, type Authorizer } from '../fga';
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

/** The caller's access to every document, decided by the authorization model. */
export function accessFor(authorizer: Authorizer, caller: Caller, documents: readonly KnowledgeDocument[]) {
  return documentAccess(authorizer, caller.user.sub, knowledgeViewerFor(caller), documents);
}

export function knowledgeRoutes(knowledge: () => KnowledgeBundle, authorizer: Authorizer) {
  return {
    listKnowledge: async ({ caller, audit }) => {
      const { documents } = knowledge();
      const viewer = knowledgeViewerFor(caller);
      const access = await accessFor(authorizer, caller, documents);
      const accessible = filterAccessible(documents, viewer, access);
      audit({ reason: `accessible documents: ${accessible.length} of ${documents.length}` });
      return ok({
        items: accessible.map(listItemOf),
        stats: computeAccessStats(documents.length, accessible.length, viewer),
        summary: computeAccessSummary(documents, viewer, access),
        context: { role: viewer.role, specializations: [...viewer.specializations] },
      });
    },

    searchKnowledge: async ({ caller, query, audit }) => {
      const { documents } = knowledge();
      const access = await accessFor(authorizer, caller, documents);
      const found = searchKnowledge(documents, query.q, knowledgeViewerFor(caller), access);
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
      const access = await accessFor(authorizer, caller, [doc]);
      const decision = access(doc, knowledgeViewerFor(caller));
      audit({ reason: [decision.reason, ...decision.notes].join('; ') });
      return decision.granted ? ok(doc) : notFound();
    },
  } satisfies Partial<RouteImpls>;
}
