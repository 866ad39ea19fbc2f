import { createContext, useContext, type ReactNode } from 'react';
import { firstName } from '@sentinel/domain';
import { useSession } from '../session/SessionProvider';
import { useChatConversation, type ChatConversation } from './ChatPanel.data';

const ChatConversationContext = createContext<ChatConversation | undefined>(undefined);

/**
 * Holds the signed-in user's conversation above the dashboard's tabs, so switching to another tab and back
 * keeps the messages, a reply still streaming, and the live approval cards (REQ-chat: tabs switch screens in
 * the page; a user does not expect a tab switch to erase the chat). Without it, each ChatPanel keeps its own.
 */
export function ChatConversationProvider({ children }: { children: ReactNode }) {
  const session = useSession();
  const name = session.status === 'signedIn' ? firstName(session.user.name) : undefined;
  const conversation = useChatConversation(name);
  return <ChatConversationContext.Provider value={conversation}>{children}</ChatConversationContext.Provider>;
}

/** The conversation of the nearest ChatConversationProvider, or undefined outside one. */
export function useSharedChatConversation(): ChatConversation | undefined {
  return useContext(ChatConversationContext);
}
