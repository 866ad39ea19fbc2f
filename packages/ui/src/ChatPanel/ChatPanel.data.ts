/**
 * Data for the chat panel: the assistant's status, the number of documents the user may read, one knowledge
 * document, and the conversation itself, streamed from `POST /api/chat`.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { APPROVALS_QUERY_KEY } from '../Approvals/Approvals.data';
import { useCallback, useEffect, useId, useReducer, useRef } from 'react';
import { DISCLAIMER, DISCLAIMER_DELAY_MS, canSendMessage } from '@sentinel/domain';
import type { ChatTurn } from '@sentinel/domain/contract';
import { useApi } from '../api/ApiProvider';
import { isApiError } from '../api/client';
import { useClock } from '../clock/ClockProvider';
import {
  conversationReducer,
  initialConversation,
  type ChatMessageView,
  type ConversationState,
} from './ChatPanel.reducer';
import { chatTurnsFor } from './ChatPanel.request';

export const chatQueryKeys = {
  assistantStatus: ['assistant', 'status'] as const,
  knowledgeList: ['knowledge', 'list'] as const,
  knowledgeItem: (id: string) => ['knowledge', 'item', id] as const,
};

/** `GET /api/assistant/status`: is a model available, and which provider answers. */
export function useAssistantStatus() {
  const api = useApi();
  return useQuery({
    queryKey: chatQueryKeys.assistantStatus,
    queryFn: ({ signal }) => api.call('assistantStatus', { signal }),
  });
}

/** `GET /api/knowledge`: the documents this user may read (the footer counts them, REQ-chat-footer). */
export function useKnowledgeList() {
  const api = useApi();
  return useQuery({
    queryKey: chatQueryKeys.knowledgeList,
    queryFn: ({ signal }) => api.call('listKnowledge', { signal }),
  });
}

/** `GET /api/knowledge/:id`: one document, fetched only while it is open. */
export function useKnowledgeDocument(id: string | undefined) {
  const api = useApi();
  return useQuery({
    queryKey: chatQueryKeys.knowledgeItem(id ?? ''),
    queryFn: ({ signal }) => api.call('getKnowledgeItem', { params: { id: id ?? '' }, signal }),
    enabled: id !== undefined,
  });
}

/** A reply that failed after the stream started (an `error` event, a cut stream, an empty reply). */
class ReplyFailed extends Error {
  override readonly name = 'ReplyFailed';
  constructor(
    message: string,
    readonly code?: string,
  ) {
    super(message);
  }
}

/**
 * A refusal for sending too often: a 429 before the stream (with the wait its Retry-After asked for), or a
 * `rate_limited` error event inside it (no wait given). Undefined for any other failure.
 */
function rateLimitOf(error: unknown): { retryAfterSeconds: number | undefined } | undefined {
  if (isApiError(error) && error.code === 'rate_limited')
    return { retryAfterSeconds: error.retryAfterSeconds };
  if (error instanceof ReplyFailed && error.code === 'rate_limited') return { retryAfterSeconds: undefined };
  return undefined;
}

/** The reply was cut before its end marker. */
export const REPLY_INTERRUPTED = 'The reply was interrupted.';
/** The stream ended without a word of reply. */
export const REPLY_EMPTY = 'The assistant sent an empty reply.';

export type ChatConversation = ConversationState & {
  /** Waiting for the first token of a reply (REQ-chat: the 'thinking' indicator). */
  thinking: boolean;
  send: (text: string) => void;
  stop: () => void;
  retry: () => void;
  clear: () => void;
  openDocument: (documentId: string) => void;
  closeDocument: () => void;
};

/**
 * The conversation (REQ-chat-send, REQ-chat, REQ-err-chat-failure): sending is blocked while a reply is pending or when the text is blank;
 * tokens are appended as they arrive; the disclaimer follows 1000 ms after the reply; a failure adds the
 * technical-difficulties message with a Retry that resends the last user message; a 429 adds the rate-limit
 * notice instead, whose Retry waits for the Retry-After; Stop aborts the stream and keeps the partial reply,
 * marked stopped, with a Retry;
 * clearing resets to the welcome message and closes any open document.
 */
export function useChatConversation(name: string | undefined): ChatConversation {
  const api = useApi();
  const queryClient = useQueryClient();
  const clock = useClock();
  const idPrefix = useId();
  const counter = useRef(0);
  const nextId = useCallback(() => {
    counter.current += 1;
    return `${idPrefix}-${counter.current}`;
  }, [idPrefix]);

  const [state, dispatch] = useReducer(conversationReducer, undefined, () =>
    initialConversation(name, `${idPrefix}-welcome`, clock.now()),
  );
  const messagesRef = useRef<ChatMessageView[]>(state.messages);
  useEffect(() => {
    messagesRef.current = state.messages;
  }, [state.messages]);

  // Set synchronously, so a second Enter before the next render cannot send twice.
  const pendingRef = useRef(false);
  const controllerRef = useRef<AbortController | undefined>(undefined);
  const disclaimerRef = useRef<{ timer: ReturnType<typeof setTimeout>; text: string } | undefined>(undefined);

  const showDisclaimer = useCallback(
    (text: string) => dispatch({ type: 'disclaimer', id: nextId(), text, now: clock.now() }),
    [clock, nextId],
  );
  const cancelDisclaimer = useCallback(() => {
    if (disclaimerRef.current) clearTimeout(disclaimerRef.current.timer);
    disclaimerRef.current = undefined;
  }, []);
  /** A new question before the disclaimer is due shows it at once, so it stays under its own reply. */
  const flushDisclaimer = useCallback(() => {
    const due = disclaimerRef.current;
    cancelDisclaimer();
    if (due) showDisclaimer(due.text);
  }, [cancelDisclaimer, showDisclaimer]);
  const scheduleDisclaimer = useCallback(
    (text: string) => {
      cancelDisclaimer();
      const timer = setTimeout(() => {
        disclaimerRef.current = undefined;
        showDisclaimer(text);
      }, DISCLAIMER_DELAY_MS);
      disclaimerRef.current = { timer, text };
    },
    [cancelDisclaimer, showDisclaimer],
  );

  const run = useCallback(
    async (turns: ChatTurn[]) => {
      const controller = new AbortController();
      controllerRef.current = controller;
      pendingRef.current = true;
      dispatch({ type: 'started', replyId: nextId() });
      // Cleared or unmounted while streaming: this reply no longer belongs to the conversation.
      const superseded = () => controllerRef.current !== controller;
      let disclaimer: string | undefined;
      let gotText = false;
      try {
        let done = false;
        for await (const event of api.streamChat({ messages: turns }, controller.signal)) {
          if (controller.signal.aborted) break;
          if (event.type === 'meta') {
            const { knowledgeRefs, sources, withheldCount, emergency, triage, suggestedActions } = event;
            dispatch({
              type: 'meta',
              knowledgeRefs,
              sources,
              withheldCount,
              emergency,
              ...(triage ? { triage } : {}),
              ...(suggestedActions ? { suggestedActions } : {}),
            });
          } else if (event.type === 'tool') {
            dispatch({ type: 'tool', tool: event });
            // A new approval request belongs in the Approvals inbox at once.
            if (event.approval) void queryClient.invalidateQueries({ queryKey: APPROVALS_QUERY_KEY });
          } else if (event.type === 'token') {
            dispatch({ type: 'token', text: event.text, now: clock.now() });
            gotText ||= event.text.length > 0;
          } else if (event.type === 'disclaimer') {
            disclaimer = event.text;
          } else if (event.type === 'error') {
            throw new ReplyFailed(event.message, event.error);
          } else {
            done = true;
            break;
          }
        }
        if (superseded()) return;
        if (controller.signal.aborted) {
          dispatch({ type: 'stopped', id: nextId(), now: clock.now() });
          if (gotText) scheduleDisclaimer(disclaimer ?? DISCLAIMER);
          return;
        }
        if (!done) throw new ReplyFailed(REPLY_INTERRUPTED);
        if (!gotText) throw new ReplyFailed(REPLY_EMPTY);
        dispatch({ type: 'completed' });
        scheduleDisclaimer(disclaimer ?? DISCLAIMER);
      } catch (error) {
        if (superseded()) return;
        if (controller.signal.aborted) {
          dispatch({ type: 'stopped', id: nextId(), now: clock.now() });
          if (gotText) scheduleDisclaimer(disclaimer ?? DISCLAIMER);
          return;
        }
        const limited = rateLimitOf(error);
        if (limited) {
          dispatch({ type: 'rateLimited', id: nextId(), now: clock.now(), ...limited });
          return;
        }
        const detail = error instanceof Error ? error.message : undefined;
        dispatch({ type: 'failed', id: nextId(), now: clock.now(), detail });
      } finally {
        if (!superseded()) {
          controllerRef.current = undefined;
          pendingRef.current = false;
        }
      }
    },
    [api, clock, nextId, queryClient, scheduleDisclaimer],
  );

  const send = useCallback(
    (text: string) => {
      if (!canSendMessage(text, pendingRef.current)) return;
      flushDisclaimer();
      const id = nextId();
      const now = clock.now();
      const turns = chatTurnsFor([
        ...messagesRef.current,
        { id, role: 'user', kind: 'user', content: text, timestamp: now.toISOString() },
      ]);
      dispatch({ type: 'sent', id, text, now });
      if (turns) void run(turns);
    },
    [clock, flushDisclaimer, nextId, run],
  );

  const retry = useCallback(() => {
    if (pendingRef.current) return;
    const messages = messagesRef.current;
    const lastUser = messages.findLastIndex((m) => m.kind === 'user');
    const turns = chatTurnsFor(messages.slice(0, lastUser + 1));
    if (!turns) return;
    // A stopped reply's disclaimer may still be due: it goes with the reply that Retry replaces.
    cancelDisclaimer();
    dispatch({ type: 'retried' });
    void run(turns);
  }, [cancelDisclaimer, run]);

  const stop = useCallback(() => controllerRef.current?.abort(), []);

  const clear = useCallback(() => {
    const controller = controllerRef.current;
    controllerRef.current = undefined;
    controller?.abort();
    pendingRef.current = false;
    cancelDisclaimer();
    dispatch({ type: 'cleared', name, id: nextId(), now: clock.now() });
  }, [cancelDisclaimer, clock, name, nextId]);

  useEffect(
    () => () => {
      const controller = controllerRef.current;
      controllerRef.current = undefined;
      controller?.abort();
      cancelDisclaimer();
    },
    [cancelDisclaimer],
  );

  const openDocument = useCallback(
    (documentId: string) => dispatch({ type: 'documentOpened', documentId }),
    [],
  );
  const closeDocument = useCallback(() => dispatch({ type: 'documentClosed' }), []);

  const replyShown = state.reply !== undefined && state.messages.some((m) => m.id === state.reply?.id);
  return {
    ...state,
    thinking: state.pending && !replyShown,
    send,
    stop,
    retry,
    clear,
    openDocument,
    closeDocument,
  };
}
