/**
 * The authorizer the handlers ask (the server builds it: local evaluation, or OpenFGA; apps/api/src/fga), and
 * REQ-kb-fga knowledge access decided by the authorization model (REQ-kb-fga, fine-grained authorization):
 * the viewer's and the documents' facts go to the authorizer (local evaluation, or OpenFGA when FGA_API_URL
 * is set) as contextual tuples, and its answer is the decision. The domain rule still supplies the reason and
 * the notes (the prescribing-authority note of REQ-kb); locally both always agree (proven in
 * knowledge/src/fga.test.ts).
 *
 * Only the documents a call needs are asked about (a search: the relevant ones), and an authorizer that answers
 * from contextual tuples alone (`factsOnly`, the local evaluator) is asked once per distinct set of access facts
 * (`accessFactsKey`): documents with the same facts are the same check but for the document's name. REQ-perf:
 * at 10,000 documents this is a handful of checks per request instead of 10,000.
 */
import {
  SENTINEL_FGA_MODEL,
  accessByFacts,
  documentCheck,
  prepareFga,
  isDocumentAccessible,
  type AccessDecision,
  type FgaModel,
  type FgaCheckRequest,
  type FgaTuple,
  type IndexedAccess,
  type KnowledgeDocument,
  type KnowledgeIndex,
  type KnowledgeViewer,
} from '@sentinel/domain';

/**
 * Answers "does `user` have `relation` on `object`?". It rejects when no answer can be had (a malformed check,
 * an unreachable server): an authorization question is never answered "yes" by default, and the caller
 * decides whether an error means "deny" or "unavailable".
 */
export type Authorizer = {
  /** Local evaluation of our model, or an OpenFGA server. */
  readonly kind: 'local' | 'openfga';
  /**
   * True when answers come from the model and each check's contextual tuples alone (no stored tuples), so two
   * checks that differ only in the name of the document asked about get the same answer: the local evaluator.
   * Unset for an OpenFGA server, whose store may hold tuples about single documents.
   */
  readonly factsOnly?: boolean;
  check(
    user: string,
    relation: string,
    object: string,
    contextualTuples?: readonly FgaTuple[],
  ): Promise<boolean>;
};

/** Runs one of the domain's check requests (`documentCheck`, `patientDataCheck`) through an authorizer. */
export function authorize(authorizer: Authorizer, request: FgaCheckRequest): Promise<boolean> {
  return authorizer.check(request.user, request.relation, request.object, request.contextualTuples ?? []);
}

/**
 * The OpenFGA object of a document is `document:<id>`; an empty id makes a malformed check (refused), so such a
 * base is decided document by document, as before, and the refusal still fails the call.
 */
const namesAreWellFormed = new WeakMap<KnowledgeIndex<KnowledgeDocument>, boolean>();
function wellFormed(index: KnowledgeIndex<KnowledgeDocument>): boolean {
  let answer = namesAreWellFormed.get(index);
  if (answer === undefined) {
    answer = index.entries.every((doc) => doc.id !== '');
    namesAreWellFormed.set(index, answer);
  }
  return answer;
}

/** The decision for a document that was not asked about: refused. */
const notAsked: AccessDecision = {
  granted: false,
  reason: 'not decided by the authorization model',
  notes: [],
  factor: 'role',
};

/**
 * Asks the authorizer about the documents at `positions` for this viewer, then answers from those results: the
 * decision for a position, by the authorizer, with the domain rule's reason and notes. A position that was not
 * asked about is refused (unless, with a facts-only authorizer, it has the same facts as one that was), and a
 * failing authorizer rejects (the call fails closed: no document is shown on a guess).
 */
export async function documentAccess(
  authorizer: Authorizer,
  subject: string,
  viewer: KnowledgeViewer,
  index: KnowledgeIndex<KnowledgeDocument>,
  positions: Iterable<number>,
): Promise<IndexedAccess> {
  const rule = accessByFacts(index, viewer, isDocumentAccessible);
  const check = (position: number) =>
    authorize(authorizer, documentCheck(subject, viewer, index.entries[position] as KnowledgeDocument));
  const combine = (position: number, granted: boolean): AccessDecision => {
    const decision = rule(position);
    if (granted === decision.granted) return decision;
    return {
      ...decision,
      granted,
      reason: granted ? 'allowed by the authorization model' : 'denied by the authorization model',
    };
  };

  if (authorizer.factsOnly && wellFormed(index)) {
    const askedFor = new Map<number, number>();
    for (const position of positions) {
      const classId = index.accessClasses[position];
      if (classId !== undefined && !askedFor.has(classId)) askedFor.set(classId, position);
    }
    const byClass = new Map<number, AccessDecision>();
    await Promise.all(
      [...askedFor].map(async ([classId, position]) => {
        byClass.set(classId, combine(position, await check(position)));
      }),
    );
    return (position) => {
      const classId = index.accessClasses[position];
      return (classId !== undefined && byClass.get(classId)) || notAsked;
    };
  }

  const allowed = new Map<number, boolean>();
  await Promise.all(
    [...new Set(positions)].map(async (position) => {
      if (index.entries[position] !== undefined) allowed.set(position, await check(position));
    }),
  );
  return (position) => {
    const granted = allowed.get(position);
    return granted === undefined ? notAsked : combine(position, granted);
  };
}

/**
 * The authorizer that evaluates `model` (ours by default) locally with the domain's evaluator, from each
 * check's contextual tuples alone: the server's default and the mock API's.
 */
export function localAuthorizer(model: FgaModel = SENTINEL_FGA_MODEL): Authorizer {
  const evaluate = prepareFga(model, []);
  return {
    kind: 'local',
    factsOnly: true,
    check: async (user, relation, object, contextualTuples = []) => {
      const result = evaluate({ user, relation, object, contextualTuples });
      if (!result.ok) throw new Error(`Authorization check failed: ${result.error.message}`);
      return result.value;
    },
  };
}
