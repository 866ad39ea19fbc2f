/**
 * The knowledge routes (§3 access stats and summary, §5 relevance, §6 required roles and documents). Access is
 * decided by the domain's `isDocumentAccessible` for the caller's knowledge context; a document the caller may
 * not see answers 404, like one that does not exist, so its existence does not leak.
 */
import {
  accessByFacts,
  computeAccessStats,
  computeAccessSummary,
  filterAccessible,
  isDocumentAccessible,
  knowledgeContextFor,
  knowledgeIndexCache,
  makeExcerpt,
  ok,
  searchKnowledgeIndex,
  type KnowledgeDocument,
  type KnowledgeViewer,
} from '@sentinel/domain';
import { type KnowledgeListItem } from '@sentinel/domain/contract';
import type { Caller } from './auth';
import { notFound } from './clinical';
import type { RouteImpls } from './route';

/**
 * §3, §6 Who is asking, for knowledge: the extended role, the persona's specializations (slugs), and for a
 * patient their own patient id (filled by the server, never by the browser).
 */
export function knowledgeViewerFor(caller: Caller): KnowledgeViewer {
  const context = knowledgeContextFor(caller.user, caller.specializations);
  return {
    role: context.role,
    specializations: context.specializations,
    ...(caller.user.patient_id ? { patientId: caller.user.patient_id } : {}),
  };
}

/** A document as a list shows it: everything but the content, plus the §3 excerpt. */
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

/** The search index of the store's documents, as the API server searches them (issue 7). */
const knowledgeIndexOf = knowledgeIndexCache<KnowledgeDocument>();

export const knowledgeRoutes = {
  listKnowledge: ({ store, caller, audit }) => {
    const { documents } = store.knowledge();
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

  searchKnowledge: ({ store, caller, query, audit }) => {
    const index = knowledgeIndexOf(store.knowledge().documents);
    const found = searchKnowledgeIndex(
      index,
      query.q,
      accessByFacts(index, knowledgeViewerFor(caller), isDocumentAccessible),
    );
    if (!found.ok) return found;
    audit({ reason: `results: ${found.value.results.length}; withheld: ${found.value.withheld.length}` });
    return ok({ items: found.value.results.map(listItemOf) });
  },

  getKnowledgeItem: ({ store, caller, params, audit }) => {
    const doc = store.knowledge().documents.find((d) => d.id === params.id);
    if (!doc) {
      audit({ reason: 'no document with this id' });
      return notFound();
    }
    const decision = isDocumentAccessible(doc, knowledgeViewerFor(caller));
    audit({ reason: [decision.reason, ...decision.notes].join('; ') });
    return decision.granted ? ok(doc) : notFound();
  },
} satisfies Partial<RouteImpls>;
