/**
 * `POST /api/chat` with the built-in demo model (§4 Chat, §5 Chat and Knowledge relevance, §7, §8, §9). The
 * reply is the domain's canned answer for the question with its safety note, grounded on the documents the
 * caller may see, and streamed as server-sent events: meta, the text in word-sized tokens, the disclaimer, done.
 */
import {
  isEmergency,
  suggestActionsFor,
  DISCLAIMER,
  buildAiReply,
  buildKnowledgeRefs,
  detectActions,
  filterAccessible,
  isDocumentAccessible,
  ok,
  searchKnowledge,
  type KnowledgeDocument,
  type KnowledgeViewer,
} from '@sentinel/domain';
import { type ChatStreamEvent, type ChatToolEvent } from '@sentinel/domain/contract';
import { knowledgeViewerFor } from './knowledge';
import type { RouteImpls } from './route';
import { runTool } from './tools';

/** The longest search query the domain accepts (`KnowledgeQuerySchema`) and the longest action query (§3). */
const MAX_SEARCH_QUERY = 500;
const MAX_ACTION_QUERY = 2_000;

/** The reply split after each run of whitespace: joined back, the tokens give the text exactly. */
export function tokensOf(text: string): string[] {
  return text.split(/(?<=\s)(?=\S)/).filter((token) => token.length > 0);
}

/**
 * The reply's metadata (§3 Chat action, knowledge references): actions over the documents the caller may see,
 * the accessible search results for the question (at most 5, least sensitive first) and how many relevant
 * documents were withheld. A question the search refuses (blank) simply cites nothing.
 */
export function demoReplyMeta(
  question: string,
  documents: readonly KnowledgeDocument[],
  viewer: KnowledgeViewer,
): Extract<ChatStreamEvent, { type: 'meta' }> {
  const visible = filterAccessible(documents, viewer, isDocumentAccessible);
  const found = searchKnowledge(documents, question.slice(0, MAX_SEARCH_QUERY), viewer, isDocumentAccessible);
  const { results, withheld } = found.ok ? found.value : { results: [], withheld: [] };
  return {
    type: 'meta',
    actions: detectActions(question.slice(0, MAX_ACTION_QUERY), visible),
    knowledgeRefs: buildKnowledgeRefs(results),
    sources: results.map((doc) => doc.title),
    withheldCount: withheld.length,
    emergency: isEmergency(question),
    suggestedActions: suggestActionsFor(question),
  };
}

/**
 * Every event of the demo reply to `message`, in stream order. A question that asks for a tool gets the tool's
 * event, and its message as the reply text (never for a red flag: that is answered at once).
 */
export function demoReplyEvents(
  message: string,
  documents: readonly KnowledgeDocument[],
  viewer: KnowledgeViewer,
  tool?: ChatToolEvent,
): ChatStreamEvent[] {
  const question = message.trim();
  const meta = demoReplyMeta(question, documents, viewer);
  const toolEvent = meta.emergency ? undefined : tool;
  const text = toolEvent ? toolEvent.message : buildAiReply(undefined, question).message;
  return [
    meta,
    ...(toolEvent ? [toolEvent] : []),
    ...tokensOf(text).map((token): ChatStreamEvent => ({ type: 'token', text: token })),
    { type: 'disclaimer', text: DISCLAIMER },
    { type: 'done' },
  ];
}

export const chatRoutes = {
  chat: ({ store, caller, body, audit }) => {
    const question = body.messages.at(-1)?.content ?? '';
    const tool = isEmergency(question) ? undefined : runTool(store, caller, question);
    const events = demoReplyEvents(question, store.knowledge().documents, knowledgeViewerFor(caller), tool);
    const cited = events.filter((event) => event.type === 'meta').flatMap((meta) => meta.knowledgeRefs);
    const kind = tool ? 'tool' : 'demo';
    audit({ resourceId: body.sessionId ?? null, reason: `${kind} reply citing ${cited.length} document(s)` });
    return ok(events);
  },
} satisfies Partial<RouteImpls>;
