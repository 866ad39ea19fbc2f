/**
 * `POST /api/chat` with the built-in demo model (REQ-chat and Knowledge relevance, REQ-chat,
 * REQ-model-providers, REQ-limit-safety-notes). The reply is the domain's canned answer for the question with
 * its safety note, grounded on the documents the caller may see, and streamed as server-sent events: meta,
 * the text in word-sized tokens, the disclaimer, done.
 */
import {
  isRedFlagLevel,
  redFlagReplyText,
  suggestActionsFor,
  triage,
  triageAuditNote,
  urgentNoticeText,
  DISCLAIMER,
  buildAiReply,
  buildKnowledgeRefs,
  detectActions,
  documentsBySection,
  filterAccessible,
  isDocumentAccessible,
  ok,
  searchKnowledge,
  searchesKnowledgeAt,
  type KnowledgeDocument,
  type KnowledgeViewer,
  type TriageMessage,
  type TriageResult,
} from '@sentinel/domain';
import { type ChatStreamEvent, type ChatToolEvent } from '@sentinel/domain/contract';
import { knowledgeViewerFor } from '@sentinel/service';
import type { MockChatRoutes } from './route';
import { runTool } from './tools';

/**
 * The longest search query the domain accepts (`KnowledgeQuerySchema`) and the longest action query
 * (REQ-data-chat-action).
 */
const MAX_SEARCH_QUERY = 500;
const MAX_ACTION_QUERY = 2_000;

/** The reply split after each run of whitespace: joined back, the tokens give the text exactly. */
export function tokensOf(text: string): string[] {
  return text.split(/(?<=\s)(?=\S)/).filter((token) => token.length > 0);
}

/** The metadata of a reply that searches nothing (a crisis, domain `searchesKnowledgeAt`). */
const nothingCited = (triaged: TriageResult): Extract<ChatStreamEvent, { type: 'meta' }> => ({
  type: 'meta',
  actions: [],
  knowledgeRefs: [],
  sources: [],
  withheldCount: 0,
  emergency: isRedFlagLevel(triaged.level),
  triage: triaged.level,
});

/**
 * The reply's metadata (REQ-data-chat-action, knowledge references): actions over the documents the caller
 * may see, the accessible search results for the question (at most 5, least sensitive first) and how many
 * relevant documents were withheld. A question the search refuses (blank) simply cites nothing. `triaged` is
 * the conversation's triage (REQ-chat), done before this retrieval.
 */
export function demoReplyMeta(
  question: string,
  documents: readonly KnowledgeDocument[],
  viewer: KnowledgeViewer,
  triaged: TriageResult,
): Extract<ChatStreamEvent, { type: 'meta' }> {
  if (!searchesKnowledgeAt(triaged.level)) {
    return nothingCited(triaged);
  }
  const visible = filterAccessible(documents, viewer, isDocumentAccessible);
  const found = searchKnowledge(documents, question.slice(0, MAX_SEARCH_QUERY), viewer, isDocumentAccessible);
  const { results: relevant, withheld } = found.ok ? found.value : { results: [], withheld: [] };
  // Nothing relevant as a whole document: the documents the viewer may see with a section that answers it.
  const results =
    relevant.length > 0 || !found.ok
      ? relevant
      : documentsBySection(question.slice(0, MAX_SEARCH_QUERY), visible);
  return {
    type: 'meta',
    actions: detectActions(question.slice(0, MAX_ACTION_QUERY), visible),
    knowledgeRefs: buildKnowledgeRefs(results),
    sources: results.map((doc) => doc.title),
    withheldCount: withheld.length,
    emergency: isRedFlagLevel(triaged.level),
    triage: triaged.level,
    suggestedActions: suggestActionsFor(question),
  };
}

const tokenEvents = (text: string): ChatStreamEvent[] =>
  tokensOf(text).map((token): ChatStreamEvent => ({ type: 'token', text: token }));

/**
 * Every event of the demo reply to a conversation (or to one message), in stream order, as the API's pipeline
 * gives them. Triage comes first (REQ-triage): an emergency, crisis or poison level gets its banner and fixed
 * answer and nothing else; an urgent one starts with its notice. A question that asks for a tool gets the
 * tool's event, and its message as the reply text (never for a red flag). `triaged` is the conversation's
 * triage when the caller ran it already.
 */
export function demoReplyEvents(
  conversation: string | readonly TriageMessage[],
  documents: readonly KnowledgeDocument[],
  viewer: KnowledgeViewer,
  tool?: ChatToolEvent,
  triaged?: TriageResult,
): ChatStreamEvent[] {
  const turns = typeof conversation === 'string' ? [{ role: 'user', content: conversation }] : conversation;
  const triageResult = triaged ?? triage(turns);
  const question = (turns.at(-1)?.content ?? '').trim();
  const meta = demoReplyMeta(question, documents, viewer, triageResult);
  const ending: ChatStreamEvent[] = [{ type: 'disclaimer', text: DISCLAIMER }, { type: 'done' }];
  const redFlag = redFlagReplyText(triageResult, question);
  if (redFlag !== undefined) return [meta, ...tokenEvents(redFlag), ...ending];
  // REQ-chat-no-dose-advice: the same advice guard as the API (domain adviceGuard.ts, by the asker's role) through the
  // same function, so a dose-change or diagnosis request gets the referral first here too.
  const text = tool ? tool.message : buildAiReply(undefined, question, viewer.role).message;
  return [
    meta,
    ...tokenEvents(urgentNoticeText(triageResult.level)),
    ...(tool ? [tool] : []),
    ...tokenEvents(text),
    ...ending,
  ];
}

export const chatRoutes = {
  chat: ({ store, caller, body, audit }) => {
    // REQ-triage-first: triage first, over the user's messages of the conversation, before any tool or
    // retrieval.
    const triaged = triage(body.messages);
    const question = body.messages.at(-1)?.content ?? '';
    const tool = isRedFlagLevel(triaged.level) ? undefined : runTool(store, caller, question);
    const viewer = knowledgeViewerFor(caller);
    const events = demoReplyEvents(body.messages, store.knowledge().documents, viewer, tool, triaged);
    const cited = events.filter((event) => event.type === 'meta').flatMap((meta) => meta.knowledgeRefs);
    const kind = tool ? 'tool' : 'demo';
    const reason = `${kind} reply citing ${cited.length} document(s); ${triageAuditNote(triaged)}`;
    audit({ resourceId: body.sessionId ?? null, reason });
    return ok(events);
  },
} satisfies MockChatRoutes;
