/**
 * One chat reply (REQ-chat and Knowledge relevance, REQ-chat-fallback, REQ-model-errors, REQ-limit): what the
 * question asks for, the knowledge the caller may see, the red-flag check before any model call, then the
 * model (chat completion streamed, then text generation, then the keyword canned answer), the safety note,
 * the disclaimer. The reply is planned inside the call's transaction (the audit row needs the number of
 * documents cited) and produced after it, as the model sends it.
 */
import {
  ADVICE_GUARD_INSTRUCTION,
  ADVICE_REFERRALS,
  DISCLAIMER,
  KnowledgeQuerySchema,
  URGENCY_TIMEOUT_MS,
  asksModelUrgencyAt,
  combineUrgency,
  guardedAdviceRequest,
  parseUrgencyAnswer,
  urgencyMessages,
  ChatActionSchema,
  CHAT_TEXTS,
  MIN_AI_REPLY_LENGTH,
  buildAiReply,
  buildKnowledgeRefs,
  accessByFacts,
  accessibleInIndex,
  detectActions,
  documentsBySection,
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
  type ModelMessage,
  type TriageLevel,
  type TriageResult,
} from '@sentinel/domain';
import type { ChatStreamEvent, ChatTurn } from '@sentinel/domain/contract';
import { knowledgeIndexOf } from '../handlers/knowledge';
import type { ChatStream } from '../runner';
import { ModelOutputError, ModelTimeoutError, describeFailure, type ChatModel } from './model';
import { modelMessages, sectionsOf } from './prompt';
import type { ToolRun } from './tools';

type MetaEvent = Extract<ChatStreamEvent, { type: 'meta' }>;

/**
 * The longest query the knowledge search takes and the longest query a chat action carries
 * (REQ-data-chat-action).
 */
const MAX_SEARCH_QUERY = KnowledgeQuerySchema.maxLength ?? 500;
const MAX_ACTION_QUERY = ChatActionSchema.shape.parameters.shape.query.unwrap().maxLength ?? 2_000;

/** Where a failed model step is reported: the error's class and status only (model.ts `describeFailure`). */
export type FailureLog = (detail: {
  step: 'chat' | 'text-generation' | 'tool' | 'urgency';
  error: string;
  status?: number;
}) => void;

export type ChatPlan = {
  /** The reply's first event: actions, knowledge cited, withheld count, emergency. */
  readonly meta: MetaEvent;
  /** The events of the reply, meta first, produced when read. */
  readonly stream: ChatStream;
  /** The model reply a plan made with `prefetch` started before its stream is read (see `EarlyReply`). */
  readonly early?: EarlyReply;
};

/**
 * A model reply started before the reply's stream is read, so that it runs while the urgency call does (issue
 * 16 part 3): its first piece is asked for at once and held. `cancel` ends the model request (a plan that is
 * dropped because the level was raised); reading `pieces` to the end, or leaving it, ends it too. A reply never
 * read is ended by the model call's own idle timeout (REQ-limit-http-timeout, 10 s).
 */
export type EarlyReply = {
  readonly pieces: AsyncGenerator<string>;
  readonly messages: readonly ModelMessage[];
  /** Ends the request when `signal` aborts (the browser left). */
  link(signal: AbortSignal): void;
  cancel(): void;
};

function startEarlyReply(model: ChatModel, messages: readonly ModelMessage[]): EarlyReply {
  const controller = new AbortController();
  const generator = model.streamChat(messages, controller.signal);
  const first = generator.next();
  // Held until read; a failure is seen when it is read, and a reply never read must not fail the process.
  first.catch(() => undefined);
  async function* pieces(): AsyncGenerator<string> {
    try {
      let step = await first;
      while (!step.done) {
        yield step.value;
        step = await generator.next();
      }
    } finally {
      controller.abort();
      await generator.return(undefined).catch(() => undefined);
    }
  }
  return {
    pieces: pieces(),
    messages,
    link: (signal) => {
      if (signal.aborted) controller.abort(signal.reason);
      else signal.addEventListener('abort', () => controller.abort(signal.reason), { once: true });
    },
    cancel: () => controller.abort(),
  };
}

/**
 * The model messages of a reply: the prompt (prompt.ts), and for a request the advice guard holds (a personal
 * dose change or diagnosis, adviceGuard.ts) the stricter instruction as a second system message.
 */
function chatMessages(
  turns: readonly ChatTurn[],
  sources: readonly KnowledgeDocument[],
  role: string,
  guarded: boolean,
): ModelMessage[] {
  const [instructions, ...rest] = modelMessages(turns, sources, role);
  if (!instructions || !guarded) return instructions ? [instructions, ...rest] : rest;
  return [instructions, { role: 'system', content: ADVICE_GUARD_INSTRUCTION }, ...rest];
}

/**
 * Canned text in word-sized tokens, split after each run of whitespace so that joined back they give the text
 * exactly.
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
 * REQ-data-document, REQ-kb-fga, REQ-kb The reply's metadata: the same rules, in the same order, as the mock
 * API's demo reply, over the documents' search index (REQ-perf). `access` decides by position in `documents`;
 * the domain rule by default. `triaged` is the conversation's triage (REQ-kb), done before this retrieval.
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
  const { results: relevant, withheld } = found.ok ? found.value : { results: [], withheld: [] };
  // Nothing relevant as a whole document: the documents the viewer may see with a section that answers it.
  const results =
    relevant.length > 0 || !found.ok
      ? relevant
      : documentsBySection(question.slice(0, MAX_SEARCH_QUERY), visible, sectionsOf);
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
 * Passes model text on as it comes, with two holds: nothing is sent until the reply has 20 characters
 * (REQ-chat-min-reply: a shorter reply is replaced by a canned answer, and what was sent cannot be taken
 * back), and whitespace at the end of a piece waits for the next word (the reply is sent trimmed, as
 * `finalizeReply` trims it).
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
  /** Start the model reply now, before the stream is read (the plan's `early`), when the reply will use it. */
  readonly prefetch?: boolean;
  /** A model reply a plan with `prefetch` started for the same question, used instead of a new request. */
  readonly early?: EarlyReply | undefined;
}): ChatPlan {
  const { turns, viewer, model, logFailure } = input;
  // REQ-triage-first: triage first, over the user's messages of the conversation, before any retrieval or
  // model call.
  const triaged = input.triaged ?? triage(turns);
  const question = (turns.at(-1)?.content ?? '').trim();
  const { meta, sources } = replyMeta(question, input.documents, viewer, triaged, input.access);
  const redFlag = redFlagReplyText(triaged, question);
  const notice = tokens(urgentNoticeText(triaged.level));
  // REQ-chat-no-dose-advice: a personal dose change or diagnosis gets the fixed referral first, whatever the model says.
  const guarded = guardedAdviceRequest(question, viewer.role);
  const referral = guarded ? `${ADVICE_REFERRALS[guarded]}\n\n` : '';
  const canned = tokens(buildAiReply(undefined, question, viewer.role).message);
  const ending: ChatStreamEvent[] = [{ type: 'disclaimer', text: DISCLAIMER }, { type: 'done' }];
  const usesModel = redFlag === undefined && !input.tool && model !== undefined && !model.knownDown();
  const early =
    usesModel && (input.early ?? input.prefetch)
      ? (input.early ??
        startEarlyReply(model, chatMessages(turns, sources, viewer.role, guarded !== undefined)))
      : undefined;
  if (input.early && input.early !== early) input.early.cancel();

  async function* reply(signal: AbortSignal): AsyncGenerator<ChatStreamEvent> {
    early?.link(signal);
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
      // The endpoint went down since the plan was made: a reply started early is not read.
      early?.cancel();
      yield* canned;
      yield* ending;
      return;
    }
    const messages = early?.messages ?? chatMessages(turns, sources, viewer.role, guarded !== undefined);
    const pieces = early?.pieces ?? model.streamChat(messages, signal);

    if (guarded) {
      // The referral goes out at once; the model's answer is read whole and checked before any of it is sent
      // (domain `buildAiReply` replaces one that still gives a dose change or a diagnosis).
      yield* tokens(referral);
      let text: string | undefined;
      try {
        text = '';
        for await (const piece of pieces) text += piece;
      } catch (error) {
        if (signal.aborted) return;
        logFailure({ step: 'chat', ...describeFailure(error) });
        text = undefined;
        try {
          text = await model.generate(messages, signal);
        } catch (fallbackError) {
          if (signal.aborted) return;
          logFailure({ step: 'text-generation', ...describeFailure(fallbackError) });
        }
      }
      if (signal.aborted) return;
      yield* tokens(buildAiReply(text, question, viewer.role).message.slice(referral.length));
      yield* ending;
      return;
    }

    const shaper = replyShaper();
    try {
      for await (const piece of pieces) {
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
      // REQ-chat, REQ-model A failed or short reply becomes the keyword canned answer, with the topic's
      // safety note.
      yield* tokens(buildAiReply(generated, question, viewer.role).message);
      yield* ending;
      return;
    }
    if (signal.aborted) return;
    if (shaper.started) yield* tokens(`\n\n${safetyNoteFor(question)}`);
    else yield* canned;
    yield* ending;
  }

  return { meta, stream: reply, ...(early ? { early } : {}) };
}

/**
 * REQ-model-urgency: the model's urgency level for a conversation, or undefined when the call failed, took longer
 * than `timeoutMs`, or answered anything but the schema (logged by class only: the answer's words are never
 * kept). `signal` ends the call early (the request went away).
 */
export async function modelUrgency(
  model: ChatModel,
  turns: readonly ChatTurn[],
  logFailure: FailureLog,
  timeoutMs: number = URGENCY_TIMEOUT_MS,
): Promise<TriageLevel | undefined> {
  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  // The race does not trust the client to honour the abort: the reply waits no longer than the timeout.
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      const error = new ModelTimeoutError(`no urgency answer within ${timeoutMs} ms`);
      controller.abort(error);
      reject(error);
    }, timeoutMs);
  });
  try {
    const answer = await Promise.race([
      model.assessUrgency(urgencyMessages(turns), controller.signal),
      expired,
    ]);
    const read = parseUrgencyAnswer(answer);
    if (!read.ok) {
      logFailure({ step: 'urgency', ...describeFailure(new ModelOutputError(read.error.code)) });
      return undefined;
    }
    return read.value.level;
  } catch (error) {
    logFailure({ step: 'urgency', ...describeFailure(error) });
    return undefined;
  } finally {
    clearTimeout(timer);
    controller.abort();
  }
}

/** A plan with the conversation's final triage: the rules' result, raised by the model's urgency call. */
export type AssessedChatPlan = ChatPlan & { readonly triaged: TriageResult };

/**
 * REQ-model-urgency, one reply when a model is configured: the rules' triage first; unless it found an
 * emergency, crisis or poison level (whose banner must not wait), the urgency call and the model's reply start
 * together, and the plan is ready when the level is known or the urgency timeout passed. The reply's first
 * token therefore waits for at most the slower of the two. When the model raised the level, the plan is made
 * again with it (the level's banner, as if the rules had found it; the early reply is kept for `urgent`).
 */
export async function planAssessedChatReply(
  input: Parameters<typeof planChatReply>[0] & { readonly urgencyTimeoutMs?: number },
): Promise<AssessedChatPlan> {
  const rules = input.triaged ?? triage(input.turns);
  const { model } = input;
  if (!model || model.assessesUrgency === false || model.knownDown() || !asksModelUrgencyAt(rules.level)) {
    return { ...planChatReply({ ...input, triaged: rules }), triaged: rules };
  }
  const urgency = modelUrgency(model, input.turns, input.logFailure, input.urgencyTimeoutMs);
  const first = planChatReply({ ...input, triaged: rules, prefetch: true });
  const final = combineUrgency(rules, await urgency);
  if (final === rules) return { ...first, triaged: rules };
  return { ...planChatReply({ ...input, triaged: final, early: first.early }), triaged: final };
}
