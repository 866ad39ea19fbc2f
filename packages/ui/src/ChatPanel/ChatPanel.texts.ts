/** The chat panel's own wording, and how it writes times and waits. */

/** Message times use the domain formatter. */
export { formatTimeOfDay as formatMessageTime } from '@sentinel/domain';

/** A wait in words: seconds under two minutes, whole minutes (rounded up) beyond. */
export function waitText(seconds: number): string {
  const whole = Math.max(0, Math.ceil(seconds));
  if (whole < 120) return `${whole} ${whole === 1 ? 'second' : 'seconds'}`;
  return `${Math.ceil(whole / 60)} minutes`;
}

/**
 * The panel's wording where the spec gives none (REQ-chat-panel leaves the author labels, counts and provider
 * list open). Spec texts (CHAT_TEXTS) stay in domain; these belong there too once the wording is settled.
 */
export const CHAT_PANEL_TEXTS = {
  title: 'AI Health Assistant',
  demoModel: 'Demo model',
  clearChat: 'Clear chat',
  messagesLabel: 'Conversation',
  you: 'You',
  assistant: 'AI Assistant',
  thinking: 'Assistant is thinking...',
  messageLabel: 'Message',
  messageHint: 'Enter sends; Shift+Enter adds a new line.',
  stop: 'Stop',
  retry: 'Retry',
  /** The label on a reply the user stopped (what is above it is incomplete). */
  stopped: 'Stopped',
  /** The label on a reply a failure cut off. */
  interrupted: 'Interrupted',
  /** A 429 from the chat: the question stays in the conversation and Retry asks it again after the wait. */
  rateLimited: (retryAfterSeconds: number | undefined) =>
    `You are sending messages too quickly. ${
      retryAfterSeconds === undefined
        ? 'Wait a moment, then try again.'
        : `Try again in ${waitText(retryAfterSeconds)}.`
    }`,
  quickActionsLabel: 'Suggested questions',
  suggestionsLabel: 'Suggested follow-up questions',
  referencesTitle: 'From the medical knowledge base',
  openDocument: (title: string) => `Open ${title}`,
  documentsAvailable: (count: number) => `${count} ${count === 1 ? 'document' : 'documents'} available`,
  withheld: (count: number) => `${count} ${count === 1 ? 'source' : 'sources'} withheld for your role`,
  failureDetail: (detail: string) => `Details: ${detail}`,
  statusLoading: 'Connecting to the AI assistant...',
  tryAgain: 'Try again',
  documentLoading: 'Loading document...',
  /** While the code of a tool card (REQ-perf-files) downloads, or failed to. */
  toolResultDownload: {
    loading: 'Loading the tool result...',
    failed: 'The tool result could not be loaded. Check your connection and try again.',
  },
  /** While the document viewer's code (fetched when a reference is about to be opened) downloads, or failed to. */
  documentViewerDownload: {
    loading: 'Loading document...',
    failed: 'The document viewer could not be loaded. Check your connection and try again.',
  },
  documentContent: 'Document content',
  /**
   * REQ-chat-unavailable, for a patient or clinician: what happened and what still works, in plain words. How to
   * configure a provider is the operator's business (README.md, apps/api/src/assistant/README.md), not theirs.
   */
  notAvailablePlain:
    'The AI assistant cannot answer questions right now. Please try again later. The rest of the portal still works. For medical advice, contact your healthcare provider.',
  /** REQ-chat-unavailable, for an admin, who can have the service configured. */
  notAvailableBody:
    'No AI provider is configured for this environment. Configure one of these providers in the environment variables of the API server, then restart it:',
  currentProvider: (provider: string) => `Current provider: ${provider}`,
  free: 'Free',
} as const;
