/**
 * The chat panel's conversation state as a pure reducer: what each stream event, each user action and each
 * failure does to the messages. The rules themselves (who may send, when chips show, the welcome and clear)
 * come from @sentinel/domain chat.ts.
 */
import {
  clearedConversation,
  isRedFlagLevel,
  technicalDifficultiesMessage,
  type ChatMessage,
  type KnowledgeRef,
  type TriageLevel,
} from '@sentinel/domain';
import type { ChatToolEvent } from '@sentinel/domain/contract';
import { CHAT_PANEL_TEXTS } from './ChatPanel.texts';

/** What a message is in the panel; decides how it renders and whether it goes back to the model. */
export const CHAT_MESSAGE_KINDS = ['welcome', 'user', 'reply', 'disclaimer', 'failure'] as const;
export type ChatMessageKind = (typeof CHAT_MESSAGE_KINDS)[number];

/** A chat message (REQ-data-chat-message) as the panel shows it. */
export type ChatMessageView = ChatMessage & {
  kind: ChatMessageKind;
  /** How many matching sources the server withheld from this user (never which). */
  withheldCount?: number;
  /**
   * Shows a Retry that asks the last question again: the newest failure notice or stopped reply (a new
   * question takes it away from older ones).
   */
  retryable?: boolean;
  /** The server asked to wait this long before trying again (a 429's Retry-After): Retry waits as long. */
  retryAfterSeconds?: number;
  /** The reply is still arriving. */
  streaming?: boolean;
  /** The reply was stopped by the user before it was complete. */
  stopped?: boolean;
  /** The reply was cut off by a failure before it was complete. */
  interrupted?: boolean;
  /** The readable reason of a failure (the ApiError message), shown under the spec's text. */
  detail?: string;
  /** The tool the assistant ran for this reply, shown as a card under it. */
  tool?: ChatToolEvent;
  /** REQ-data Follow-up questions for this reply (offered as chips while it is the latest). */
  suggestedActions?: string[];
};

export type ConversationState = {
  messages: ChatMessageView[];
  /** A reply is pending (REQ-chat-send). */
  pending: boolean;
  /** The reply being streamed: its id, and the metadata that arrived before its first token. */
  reply: { id: string; meta: ReplyMeta } | undefined;
  /** A reply flagged a red-flag symptom: the emergency banner shows until the chat is cleared. */
  emergency: boolean;
  /** REQ-triage: the triage level whose banner shows until the chat is cleared (`nextSafetyLevel`). */
  safetyLevel: TriageLevel;
  /** The knowledge document open beside the chat (REQ-chat-clear). */
  openDocumentId: string | undefined;
};

export type ReplyMeta = {
  knowledgeRefs: KnowledgeRef[];
  sources: string[];
  withheldCount: number;
  tool?: ChatToolEvent;
  suggestedActions?: string[];
};

const EMPTY_META: ReplyMeta = { knowledgeRefs: [], sources: [], withheldCount: 0 };

export type ConversationAction =
  | { type: 'cleared'; name: string | undefined; id: string; now: Date }
  | { type: 'sent'; id: string; text: string; now: Date }
  | { type: 'started'; replyId: string }
  | {
      type: 'meta';
      knowledgeRefs: KnowledgeRef[];
      sources: string[];
      withheldCount: number;
      emergency: boolean;
      /** The reply's triage level (REQ-triage); a reply without one counts as emergency or none by `emergency`. */
      triage?: TriageLevel;
      suggestedActions?: string[];
    }
  | { type: 'tool'; tool: ChatToolEvent }
  | { type: 'token'; text: string; now: Date }
  | { type: 'completed' }
  | { type: 'stopped'; id: string; now: Date }
  | { type: 'failed'; id: string; now: Date; detail: string | undefined }
  | { type: 'rateLimited'; id: string; now: Date; retryAfterSeconds: number | undefined }
  | { type: 'disclaimer'; id: string; text: string; now: Date }
  | { type: 'retried' }
  | { type: 'documentOpened'; documentId: string }
  | { type: 'documentClosed' };

/**
 * REQ-triage-replies: the banner after a reply's triage level. A banner stays until the chat is cleared (a question about
 * diet after chest pain does not take the 911 banner away); a later emergency, crisis or poison level replaces
 * it (the newest need is the one to act on); an urgent notice never replaces a red-flag banner.
 */
export function nextSafetyLevel(current: TriageLevel, incoming: TriageLevel): TriageLevel {
  if (incoming === 'none') return current;
  if (incoming === 'urgent' && isRedFlagLevel(current)) return current;
  return incoming;
}

/** The conversation as it starts and as clearing leaves it: the single welcome message, no document open. */
export function initialConversation(name: string | undefined, id: string, now: Date): ConversationState {
  const cleared = clearedConversation(name, { id, now });
  return {
    messages: cleared.messages.map((m) => ({ ...m, kind: 'welcome' })),
    pending: false,
    reply: undefined,
    emergency: false,
    safetyLevel: 'none',
    openDocumentId: cleared.openDocumentId,
  };
}

const finishReply = (messages: ChatMessageView[], id: string | undefined, patch: Partial<ChatMessageView>) =>
  messages.map((m) => (m.id === id ? { ...m, streaming: false, ...patch } : m));

/** Only the newest notice offers Retry: Retry always asks the last question, which an older one did not. */
const withoutRetry = (messages: ChatMessageView[]) =>
  messages.map((m) => (m.retryable ? { ...m, retryable: false } : m));

/** Ends the pending reply with a notice after it (a failure or the rate limit), keeping any partial text. */
function endWithNotice(state: ConversationState, notice: ChatMessageView): ConversationState {
  return {
    ...state,
    pending: false,
    reply: undefined,
    messages: [...withoutRetry(finishReply(state.messages, state.reply?.id, { interrupted: true })), notice],
  };
}

/**
 * REQ-data The follow-ups to offer now: those of the latest message when it is a reply that arrived complete
 * (not streaming, stopped or cut off), and no reply is pending.
 */
export function currentSuggestions(messages: readonly ChatMessageView[], pending: boolean): string[] {
  if (pending) return [];
  const last = messages.findLast((m) => m.kind !== 'disclaimer');
  if (!last || last.kind !== 'reply' || last.streaming || last.stopped || last.interrupted) return [];
  return last.suggestedActions ?? [];
}

/** Every change of the conversation, one action at a time. */
export function conversationReducer(state: ConversationState, action: ConversationAction): ConversationState {
  switch (action.type) {
    case 'cleared':
      return initialConversation(action.name, action.id, action.now);
    case 'sent':
      return {
        ...state,
        pending: true,
        reply: undefined,
        messages: [
          ...withoutRetry(state.messages),
          {
            id: action.id,
            role: 'user',
            kind: 'user',
            content: action.text,
            timestamp: action.now.toISOString(),
          },
        ],
      };
    case 'started':
      return { ...state, pending: true, reply: { id: action.replyId, meta: EMPTY_META } };
    case 'meta': {
      if (!state.reply) return state;
      const { knowledgeRefs, sources, withheldCount, suggestedActions } = action;
      return {
        ...state,
        emergency: state.emergency || action.emergency,
        safetyLevel: nextSafetyLevel(
          state.safetyLevel,
          action.triage ?? (action.emergency ? 'emergency' : 'none'),
        ),
        reply: {
          ...state.reply,
          meta: {
            ...state.reply.meta,
            knowledgeRefs,
            sources,
            withheldCount,
            ...(suggestedActions?.length ? { suggestedActions } : {}),
          },
        },
      };
    }
    case 'tool':
      return state.reply
        ? { ...state, reply: { ...state.reply, meta: { ...state.reply.meta, tool: action.tool } } }
        : state;
    case 'token': {
      const { reply } = state;
      if (!reply) return state;
      const existing = state.messages.find((m) => m.id === reply.id);
      if (existing) {
        return {
          ...state,
          messages: state.messages.map((m) =>
            m.id === reply.id ? { ...m, content: m.content + action.text } : m,
          ),
        };
      }
      if (!action.text) return state;
      return {
        ...state,
        messages: [
          ...state.messages,
          {
            id: reply.id,
            role: 'assistant',
            kind: 'reply',
            content: action.text,
            timestamp: action.now.toISOString(),
            knowledgeRefs: reply.meta.knowledgeRefs,
            sources: reply.meta.sources,
            withheldCount: reply.meta.withheldCount,
            ...(reply.meta.tool ? { tool: reply.meta.tool } : {}),
            ...(reply.meta.suggestedActions ? { suggestedActions: reply.meta.suggestedActions } : {}),
            streaming: true,
          },
        ],
      };
    }
    case 'completed':
      return {
        ...state,
        pending: false,
        reply: undefined,
        messages: finishReply(state.messages, state.reply?.id, {}),
      };
    case 'stopped': {
      // The partial reply stays, marked stopped; stopped before its first word, an empty one says so.
      const { reply } = state;
      const messages = withoutRetry(state.messages);
      const stopped = { streaming: false, stopped: true, retryable: true };
      return {
        ...state,
        pending: false,
        reply: undefined,
        messages: messages.some((m) => m.id === reply?.id)
          ? finishReply(messages, reply?.id, stopped)
          : [
              ...messages,
              {
                id: reply?.id ?? action.id,
                role: 'assistant',
                kind: 'reply',
                content: '',
                timestamp: action.now.toISOString(),
                ...stopped,
              },
            ],
      };
    }
    case 'failed':
      return endWithNotice(state, {
        ...technicalDifficultiesMessage({ id: action.id, now: action.now }),
        kind: 'failure',
        retryable: true,
        detail: action.detail,
      });
    case 'rateLimited':
      return endWithNotice(state, {
        id: action.id,
        role: 'assistant',
        kind: 'failure',
        content: CHAT_PANEL_TEXTS.rateLimited(action.retryAfterSeconds),
        timestamp: action.now.toISOString(),
        retryable: true,
        retryAfterSeconds: action.retryAfterSeconds,
      });
    case 'disclaimer':
      return {
        ...state,
        messages: [
          ...state.messages,
          {
            id: action.id,
            role: 'assistant',
            kind: 'disclaimer',
            content: action.text,
            timestamp: action.now.toISOString(),
          },
        ],
      };
    case 'retried': {
      // Drop what followed the last user message (the failure and any partial reply) and wait again.
      const lastUser = state.messages.findLastIndex((m) => m.kind === 'user');
      if (lastUser < 0) return state;
      return { ...state, pending: true, reply: undefined, messages: state.messages.slice(0, lastUser + 1) };
    }
    case 'documentOpened':
      return { ...state, openDocumentId: action.documentId };
    case 'documentClosed':
      return { ...state, openDocumentId: undefined };
  }
}
