/**
 * §6 Knowledge access decided by the authorization model (issue 6, fine-grained authorization): the viewer's
 * and the documents' facts go to the authorizer (local evaluation, or OpenFGA when FGA_API_URL is set) as
 * contextual tuples, and its answer is the decision. The domain rule still supplies the reason and the notes
 * (the prescribing-authority note of §6); locally both always agree (proven in knowledge/src/fga.test.ts).
 */
import {
  documentCheck,
  isDocumentAccessible,
  type AccessDecision,
  type KnowledgeDocument,
  type KnowledgeViewer,
} from '@sentinel/domain';
import { authorize, type Authorizer } from './authorizer';

/** Decides one document for one viewer, as the domain's filters and search take it. */
export type DocumentAccess = (doc: KnowledgeDocument, viewer: KnowledgeViewer) => AccessDecision;

/**
 * Asks the authorizer about every document for this viewer, then answers from those results. A failing
 * authorizer rejects (the call fails closed: no document is shown on a guess).
 */
export async function documentAccess(
  authorizer: Authorizer,
  subject: string,
  viewer: KnowledgeViewer,
  documents: readonly KnowledgeDocument[],
): Promise<DocumentAccess> {
  const allowed = new Map<string, boolean>();
  await Promise.all(
    documents.map(async (doc) => {
      allowed.set(doc.id, await authorize(authorizer, documentCheck(subject, viewer, doc)));
    }),
  );
  return (doc, asked) => {
    const rule = isDocumentAccessible(doc, asked);
    const granted = allowed.get(doc.id) ?? false;
    if (granted === rule.granted) return rule;
    return {
      ...rule,
      granted,
      reason: granted ? 'allowed by the authorization model' : 'denied by the authorization model',
    };
  };
}
