/**
 * The knowledge routes (REQ-data, REQ-kb-fga) over the knowledge base the runtime loads (knowledge/: the server reads the
 * files, the browser the bundle); the chat over the same knowledge is the assistant's. Access is decided by the
 * authorization model (fga/access.ts; the domain's `isDocumentAccessible` gives its reasons and notes); a document
 * the caller may not see answers 404 like one that does not exist.
 */
import {
  accessPredicateOf,
  accessibleInIndex,
  computeAccessStats,
  computeAccessSummary,
  findRelevantEntries,
  knowledgeContextFor,
  knowledgeIndexCache,
  makeExcerpt,
  ok,
  pickResults,
  type KnowledgeDocument,
  type KnowledgeIndex,
  type KnowledgeViewer,
} from '@sentinel/domain';
import type { KnowledgeListItem } from '@sentinel/domain/contract';
import { documentAccess, type Authorizer } from '../authorizer';
import type { Caller } from '../caller';
import type { RouteImpls } from '../runner';
import { notFound } from './clinical';

/** The knowledge base as the handlers read it (what @sentinel/knowledge loads). */
export type KnowledgeSource = () => { readonly documents: readonly KnowledgeDocument[] };

/** A document as a list shows it: everything but the content, plus the REQ-data-chat-message excerpt. */
export function listItemOf(doc: KnowledgeDocument): KnowledgeListItem {
  return {
    id: doc.id,
    title: doc.title,
    category: doc.category,
    metadata: doc.metadata,
    filePath: doc.filePath,
    excerpt: makeExcerpt(doc.content),
  };
}

/** REQ-data, REQ-kb Who is asking, for knowledge: extended role, specializations, and a patient's own id. */
export function knowledgeViewerFor(caller: Caller): KnowledgeViewer {
  const context = knowledgeContextFor(caller.user, caller.specializations);
  return {
    role: context.role,
    specializations: context.specializations,
    ...(caller.user.patient_id ? { patientId: caller.user.patient_id } : {}),
  };
}

/** The search index of the loaded documents, built on the first request that needs it (REQ-perf). */
export const knowledgeIndexOf = knowledgeIndexCache<KnowledgeDocument>();

/**
 * The caller's access to the documents at `positions` of the index (every document by default), decided by the
 * authorization model.
 */
export function accessFor(
  authorizer: Authorizer,
  caller: Caller,
  index: KnowledgeIndex<KnowledgeDocument>,
  positions: Iterable<number> = index.entries.keys(),
) {
  return documentAccess(authorizer, caller.user.sub, knowledgeViewerFor(caller), index, positions);
}

export function knowledgeRoutes(knowledge: KnowledgeSource, authorizer: Authorizer) {
  return {
    listKnowledge: async ({ caller, audit }) => {
      const { documents } = knowledge();
      const index = knowledgeIndexOf(documents);
      const viewer = knowledgeViewerFor(caller);
      const access = await accessFor(authorizer, caller, index);
      const accessible = accessibleInIndex(index, access);
      audit({ reason: `accessible documents: ${accessible.length} of ${documents.length}` });
      return ok({
        items: accessible.map(listItemOf),
        stats: computeAccessStats(documents.length, accessible.length, viewer),
        summary: computeAccessSummary(documents, viewer, accessPredicateOf(index, access)),
        context: { role: viewer.role, specializations: [...viewer.specializations] },
      });
    },

    searchKnowledge: async ({ caller, query, audit }) => {
      const index = knowledgeIndexOf(knowledge().documents);
      // Relevance first, then the authorization model is asked about the relevant documents only.
      const relevant = findRelevantEntries(index, query.q);
      if (!relevant.ok) return relevant;
      const found = pickResults(
        index,
        relevant.value,
        await accessFor(authorizer, caller, index, relevant.value.positions),
      );
      audit({ reason: `results: ${found.results.length}; withheld: ${found.withheld.length}` });
      return ok({ items: found.results.map(listItemOf) });
    },

    getKnowledgeItem: async ({ caller, params, audit }) => {
      const index = knowledgeIndexOf(knowledge().documents);
      const position = index.entries.findIndex((d) => d.id === params.id);
      const doc = index.entries[position];
      if (!doc) {
        audit({ reason: 'no document with this id' });
        return notFound();
      }
      const decision = (await accessFor(authorizer, caller, index, [position]))(position);
      audit({ reason: [decision.reason, ...decision.notes].join('; ') });
      return decision.granted ? ok(doc) : notFound();
    },
  } satisfies Partial<RouteImpls>;
}
