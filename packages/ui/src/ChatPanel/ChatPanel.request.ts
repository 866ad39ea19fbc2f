/** What the chat panel sends to the assistant, built from the messages it shows. */
// The limits from the domain's constants, not the contract's entry: that would put the contract (and zod) in the
// page's first chunk, where the client loads it lazily (REQ-perf).
import { MAX_CHAT_MESSAGES, MAX_CHAT_MESSAGE_LENGTH } from '@sentinel/domain';
import type { ChatTurn } from '@sentinel/domain/contract';
import type { ChatMessageView } from './ChatPanel.reducer';

/**
 * The turns sent to the assistant: the user's messages and the complete replies, oldest first, without the
 * welcome, disclaimers and failure notices (the panel's own words, not the conversation), at most the contract's
 * 50, each within its length limit. Undefined when there is no user message to answer.
 */
export function chatTurnsFor(messages: readonly ChatMessageView[]): ChatTurn[] | undefined {
  const turns: ChatTurn[] = messages
    .filter(
      (m) =>
        (m.kind === 'user' || (m.kind === 'reply' && !m.stopped && !m.interrupted)) &&
        m.content.trim().length > 0,
    )
    .map((m) => ({
      role: m.kind === 'user' ? 'user' : 'assistant',
      content: m.content.slice(0, MAX_CHAT_MESSAGE_LENGTH),
    }));
  const recent = turns.slice(-MAX_CHAT_MESSAGES);
  while (recent.length > 0 && recent[0]?.role !== 'user') recent.shift();
  return recent.at(-1)?.role === 'user' ? recent : undefined;
}
