/** Chat panel rules: REQ-chat-panel, REQ-chat-send, REQ-chat-clear and the rest of REQ-chat the panel applies. */
import type { ChatMessage } from './entities';
import { CHAT_TEXTS } from './texts';
import { PRODUCT_NAME } from './constants';

/** REQ-chat-send: sending is blocked while a reply is pending or when the text is blank after trimming. */
export function canSendMessage(text: string, isLoading: boolean): boolean {
  return !isLoading && text.trim().length > 0;
}

/** REQ-chat-keys: Enter sends; Shift+Enter inserts a newline (and IME composition never sends). */
export function keyAction(key: {
  key: string;
  shiftKey: boolean;
  isComposing?: boolean;
}): 'send' | 'newline' | 'none' {
  if (key.key !== 'Enter' || key.isComposing) return 'none';
  return key.shiftKey ? 'newline' : 'send';
}

/**
 * REQ-chat-quick-actions: quick-action chips appear only while there is at most one message and documents
 * exist.
 */
export function showsQuickActions(messageCount: number, documentCount: number): boolean {
  return messageCount <= 1 && documentCount > 0;
}

/** REQ-chat-welcome: the welcome message greets by name, defaulting to 'Patient'. */
export function welcomeText(name: string | undefined): string {
  const who = name?.trim() || CHAT_TEXTS.defaultName;
  return `Hello ${who}! I'm the ${PRODUCT_NAME} assistant. I can share general, educational health information and help you find documents in the medical knowledge base. How can I help you today?`;
}

/**
 * REQ-chat-clear: clearing the chat resets to one assistant message (the welcome) and closes any open
 * document. The caller supplies the id and time so the rule stays pure.
 */
export function clearedConversation(
  name: string | undefined,
  ctx: { id: string; now: Date },
): {
  messages: ChatMessage[];
  openDocumentId: undefined;
} {
  return {
    messages: [
      { id: ctx.id, role: 'assistant', content: welcomeText(name), timestamp: ctx.now.toISOString() },
    ],
    openDocumentId: undefined,
  };
}

/** REQ-err-chat-failure: a failed send adds this assistant message. */
export function technicalDifficultiesMessage(ctx: { id: string; now: Date }): ChatMessage {
  return {
    id: ctx.id,
    role: 'assistant',
    content: CHAT_TEXTS.technicalDifficulties,
    timestamp: ctx.now.toISOString(),
  };
}
