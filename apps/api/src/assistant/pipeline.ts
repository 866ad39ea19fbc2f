/**
 * One chat reply (§5 Chat and Knowledge relevance, §7, §8, §9): what the question asks for, the knowledge the
 * caller may see, the red-flag check before any model call, then the model (chat completion streamed, then
 * text generation, then the keyword canned answer), the safety note, the disclaimer. The reply is planned inside
 * the call's transaction (the audit row needs the number of documents cited) and produced after it, as the
 * model sends it.
 */
import {
  DISCLAIMER,
  KnowledgeQuerySchema,
  ChatActionSchema,
  CHAT_TEXTS,
  MIN_AI_REPLY_LENGTH,
  buildAiReply,
  buildKnowledgeRefs,
  accessByFacts,
  accessibleInIndex,
  detectActions,
  isDocumentAccessible,
  isRedFlagLevel,
  redFlagReplyText,
  suggestActionsFor,
  safetyNoteFor,
  searchKnowledgeIndex,
  searchesKnowledgeAt,
  triage,
  urgentNoticeText,
  type IndexedAccess,
  type KnowledgeDocument,
  type KnowledgeViewer,
  type TriageResult,
} from '@sentinel/domain';
import type { ChatStreamEvent, ChatTurn } from '@sentinel/domain/contract';
import { knowledgeIndexOf } from '../policies/knowledge';
import type { ChatStream } from '../routes';
import { describeFailure, type ChatModel } from './model';
import { modelMessages } from './prompt';
import type { ToolRun } from './tools';

type MetaEvent = Extract<ChatStreamEvent, { type: 'meta' }>;

/** The longest query the knowledge search takes and the longest query a chat action carries (§3). */
const MAX_SEARCH_QUERY = KnowledgeQuerySchema.maxLength ?? 500;
const MAX_ACTION_QUERY = ChatActionSchema.shape.parameters.shape.query.unwrap().maxLength ?? 2_000;

/** Where a failed model step is reported: the error's class and status only (model.ts `describeFailure`). */
export type FailureLog = (detail: {
  step: 'chat' | 'text-generation' | 'tool';
  error: string;
  status?: number;
}) => void;

export type ChatPlan = {
  /** The reply's first event: actions, knowledge cited, withheld count, emergency. */
  readonly meta: MetaEvent;
  /** The events of the reply, meta first, produced when read. */
  readonly stream: ChatStream;
};

/**
 * Canned text in word-sized tokens, split after each run of whitespace so that joined back they give the text
 * exactly: the same split as the mock API's demo reply (packages/mocks chat.ts `tokensOf`).
 */
export function wordTokens(text: string): string[] {
  return text.split(/(?<=\s)(?=\S)/).filter((token) => token.length > 0);
}

const tokens = (text: string): ChatStreamEvent[] => wordTokens(text).map((t) => ({ type: 'token', text: t }));

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
 * §3, §5, §6 The reply's metadata: the same rules, in the same order, as the mock API's demo reply, over the
 * documents' search index (issue 7). `access` decides by position in `documents`; the domain rule by default.
 * `triaged` is the conversation's triage (issue 16), done before this retrieval.
 */
export function replyMeta(
  question: string,
  documents: readonly KnowledgeDocument[],
  viewer: KnowledgeViewer,
  triaged: TriageResult,
  access?: IndexedAccess,
): { meta: MetaEvent; sources: KnowledgeDocument[] } {
  if (!searchesKnowledgeAt(triaged.level)) {
    return { meta: nothingCited(triaged), sources: [] };
  }
  const index = knowledgeIndexOf(documents);
  const decide = access ?? accessByFacts(index, viewer, isDocumentAccessible);
  const visible = accessibleInIndex(index, decide);
  const found = searchKnowledgeIndex(index, question.slice(0, MAX_SEARCH_QUERY), decide);
  const { results, withheld } = found.ok ? found.value : { results: [], withheld: [] };
  return {
    meta: {
      type: 'meta',
      actions: detectActions(question.slice(0, MAX_ACTION_QUERY), visible),
      knowledgeRefs: buildKnowledgeRefs(results),
      sources: results.map((doc) => doc.title),
      withheldCount: withheld.length,
      emergency: isRedFlagLevel(triaged.level),
      triage: triaged.level,
      suggestedActions: suggestActionsFor(question),
    },
    sources: results,
  };
}

/**
 * Passes model text on as it comes, with two holds: nothing is sent until the reply has 20 characters (§5: a
 * shorter reply is replaced by a canned answer, and what was sent cannot be taken back), and whitespace at the
 * end of a piece waits for the next word (the reply is sent trimmed, as `finalizeReply` trims it).
 */
function replyShaper() {
  let started = false;
  let pending = '';
  return {
    get started() {
      return started;
    },
    /** The text to send now for this piece ('' for none). */
    push(piece: string): string {
      pending += piece;
      if (!started) {
        if (pending.trim().length < MIN_AI_REPLY_LENGTH) return '';
        started = true;
        pending = pending.trimStart();
      }
      const ready = pending.trimEnd();
      pending = pending.slice(ready.length);
      return ready;
    },
  };
}

export function planChatReply(input: {
  readonly turns: readonly ChatTurn[];
  readonly documents: readonly KnowledgeDocument[];
  readonly viewer: KnowledgeViewer;
  /** Who may read which document, by position in `documents` (the authorization model); the domain rule by default. */
  readonly access?: IndexedAccess;
  readonly model: ChatModel | undefined;
  readonly logFailure: FailureLog;
  /** The tool the question asks for (tools.ts `prepareTool`): its event and message stand for the model reply. */
  readonly tool?: ToolRun | undefined;
  /** The conversation's triage, when the route ran it already (before choosing a tool); run here otherwise. */
  readonly triaged?: TriageResult;
}): ChatPlan {
  const { turns, viewer, model, logFailure } = input;
  // Issue 16: triage first, over the user's messages of the conversation, before any retrieval or model call.
  const triaged = input.triaged ?? triage(turns);
  const question = (turns.at(-1)?.content ?? '').trim();
  const { meta, sources } = replyMeta(question, input.documents, viewer, triaged, input.access);
  const redFlag = redFlagReplyText(triaged, question);
  const notice = tokens(urgentNoticeText(triaged.level));
  const canned = tokens(buildAiReply(undefined, question).message);
  const ending: ChatStreamEvent[] = [{ type: 'disclaimer', text: DISCLAIMER }, { type: 'done' }];

  async function* reply(signal: AbortSignal): AsyncGenerator<ChatStreamEvent> {
    yield meta;
    // An emergency, crisis or poison level is answered at once, banner first, never by a model or a tool
    // (domain triageTexts.ts says what follows the banner for each level, and why).
    if (redFlag !== undefined) {
      yield* tokens(redFlag);
      yield* ending;
      return;
    }
    // Urgent: the calm notice first, then the usual reply.
    yield* notice;
    if (input.tool) {
      let event;
      try {
        event = await input.tool(signal);
      } catch (error) {
        if (signal.aborted) return;
        logFailure({ step: 'tool', ...describeFailure(error) });
        yield { type: 'error', error: 'internal', message: CHAT_TEXTS.technicalDifficulties };
        return;
      }
      if (signal.aborted) return;
      yield event;
      yield* tokens(event.message);
      yield* ending;
      return;
    }
    if (!model || model.knownDown()) {
      yield* canned;
      yield* ending;
      return;
    }
    const messages = modelMessages(turns, sources, viewer.role);

    const shaper = replyShaper();
    try {
      for await (const piece of model.streamChat(messages, signal)) {
        const text = shaper.push(piece);
        if (text) yield { type: 'token', text };
      }
    } catch (error) {
      if (signal.aborted) return;
      logFailure({ step: 'chat', ...describeFailure(error) });
      if (shaper.started) {
        // Part of the reply is on the screen: the panel shows the technical-difficulties message and a retry.
        yield { type: 'error', error: 'internal', message: CHAT_TEXTS.technicalDifficulties };
        return;
      }
      let generated: string | undefined;
      try {
        generated = await model.generate(messages, signal);
      } catch (fallbackError) {
        if (signal.aborted) return;
        logFailure({ step: 'text-generation', ...describeFailure(fallbackError) });
      }
      // §5, §8 A failed or short reply becomes the keyword canned answer, with the topic's safety note.
      yield* tokens(buildAiReply(generated, question).message);
      yield* ending;
      return;
    }
    if (signal.aborted) return;
    if (shaper.started) yield* tokens(`\n\n${safetyNoteFor(question)}`);
    else yield* canned;
    yield* ending;
  }

  return { meta, stream: reply };
}
