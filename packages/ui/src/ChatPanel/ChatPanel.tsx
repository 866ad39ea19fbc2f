import { useEffect, useRef, useState, type KeyboardEvent, type RefObject } from 'react';
import {
  CHAT_TEXTS,
  canSendMessage,
  firstName,
  keyAction,
  MAX_CHAT_MESSAGE_LENGTH,
  showsQuickActions,
  type TriageLevel,
} from '@sentinel/domain';
import { Badge } from '../Badge/Badge';
import { Button, IconButton } from '../Button/Button';
import { Chip } from '../Chip/Chip';
import { Textarea } from '../Field/Field';
import {
  BookIcon,
  BotIcon,
  CloseIcon,
  LockIcon,
  SendIcon,
  ShieldIcon,
  TrashIcon,
  WarningIcon,
} from '../icons/icons';
import { useSession } from '../session/SessionProvider';
import { SafetyBanner } from '../SafetyBanner/SafetyBanner';
import { Spinner } from '../Spinner/Spinner';
import { Stack } from '../Stack/Stack';
import { lazyScreen } from '../screens/lazyScreen';
import { TabScreen } from '../TabScreen/TabScreen';
import { Heading, Text } from '../Text/Text';
import { AssistantUnavailable } from './AssistantUnavailable';
import { ChatMessageItem } from './ChatMessageItem';
import * as styles from './ChatPanel.css';
import { useSharedChatConversation } from './ChatConversationProvider';
import {
  useAssistantStatus,
  useChatConversation,
  type ChatConversation,
  useKnowledgeDocument,
  useKnowledgeList,
} from './ChatPanel.data';
import { currentSuggestions, type ChatMessageView } from './ChatPanel.reducer';
import { CHAT_PANEL_TEXTS } from './ChatPanel.texts';
import type { DocumentState } from './KnowledgeDocumentDialog';

/**
 * REQ-perf: the document viewer is not part of the chat's first paint. It is fetched when a reply cites a
 * document (so it is usually there by the time a reference is opened), or else when one is opened.
 */
const LazyKnowledgeDocumentDialog = lazyScreen(() =>
  import('./KnowledgeDocumentDialog').then((m) => m.KnowledgeDocumentDialog),
);
const preloadDocumentViewer = () => {
  // A failed early download is not reported here: the viewer asks again when opened and says so if it fails.
  LazyKnowledgeDocumentDialog.preload().catch(() => undefined);
};

/** The assistant's status as the panel shows it (`GET /api/assistant/status`). */
export type AssistantStatusView =
  | { state: 'loading' }
  | { state: 'error'; message: string }
  | { state: 'ready'; available: boolean; provider: string; demo: boolean };

export type ChatPanelScreenProps = {
  /** The assistant's status: loading, failed, or ready (available or not, provider, demo model). */
  assistant: AssistantStatusView;
  /** How many knowledge documents the user may read; undefined until known. */
  documentCount: number | undefined;
  /** The conversation, oldest first. */
  messages: readonly ChatMessageView[];
  /** A reply is pending: sending is blocked and Stop shows (REQ-chat-send). */
  pending: boolean;
  /** Waiting for the first token of the reply: the 'thinking' indicator shows. */
  thinking: boolean;
  /** A message mentioned a red-flag symptom: the emergency banner shows. */
  emergency: boolean;
  /**
   * REQ-triage: the triage level whose banner shows (SafetyBanner); without it, `emergency` shows the
   * emergency banner.
   */
  safetyLevel?: TriageLevel;
  /** The knowledge document open in the viewer, if any. */
  document: DocumentState;
  /** Sends a message (Enter or Send). */
  onSend: (text: string) => void;
  /** Stops the reply in progress. */
  onStop: () => void;
  /** Asks the last question again after a failed or stopped reply. */
  onRetry: () => void;
  /** Clears the conversation (the header's Clear chat). */
  onClear: () => void;
  /** Opens a cited knowledge document. */
  onOpenDocument: (documentId: string) => void;
  /** Closes the document viewer. */
  onCloseDocument: () => void;
  /** Loads the open document again after a failure. */
  onRetryDocument: () => void;
  /** Ask for the assistant's status again after it failed to load. */
  onRetryStatus: () => void;
  /**
   * The viewer administers the service (an admin): only then does the not-available state name the providers
   * and environment variables to configure. Everyone else gets a plain message (REQ-chat-unavailable).
   */
  operator?: boolean;
};

function PanelHeader({ assistant, onClear }: { assistant: AssistantStatusView; onClear?: () => void }) {
  return (
    <header className={styles.header}>
      <div className={styles.headerTitle}>
        <span className={styles.headerIcon}>
          <BotIcon size="large" />
        </span>
        <Stack space="none">
          <Heading level={2} size={4}>
            {CHAT_PANEL_TEXTS.title}
          </Heading>
          {assistant.state === 'ready' ? (
            <Stack direction="horizontal" space="xsmall" wrap>
              <Text as="span" size="xsmall" tone="muted">
                {assistant.provider}
              </Text>
              {assistant.demo ? <Badge tone="caution">{CHAT_PANEL_TEXTS.demoModel}</Badge> : null}
            </Stack>
          ) : null}
        </Stack>
      </div>
      <Stack direction="horizontal" space="small">
        <Badge tone="positive" icon={<ShieldIcon size="small" />}>
          {CHAT_TEXTS.hipaaLabel}
        </Badge>
        {onClear ? (
          <IconButton label={CHAT_PANEL_TEXTS.clearChat} icon={<TrashIcon />} onClick={onClear} />
        ) : null}
      </Stack>
    </header>
  );
}

function PanelFooter({ documentCount }: { documentCount: number | undefined }) {
  return (
    <footer className={styles.footer}>
      <span className={styles.footerItem}>
        <LockIcon size="small" />
        {CHAT_TEXTS.footerEncrypted}
      </span>
      {documentCount !== undefined ? (
        <span className={styles.footerItem}>
          <BookIcon size="small" />
          {CHAT_PANEL_TEXTS.documentsAvailable(documentCount)}
        </span>
      ) : null}
      <span className={styles.footerItem}>
        <WarningIcon size="small" />
        {CHAT_TEXTS.footerEmergency}
      </span>
    </footer>
  );
}

function Composer({
  pending,
  onSend,
  onStop,
}: {
  pending: boolean;
  onSend: (text: string) => void;
  onStop: () => void;
}) {
  const [draft, setDraft] = useState('');
  const canSend = canSendMessage(draft, pending);
  const submit = () => {
    if (!canSend) return;
    onSend(draft);
    setDraft('');
  };
  // REQ-chat-keys: Enter sends; Shift+Enter keeps the browser's newline.
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    const action = keyAction({
      key: event.key,
      shiftKey: event.shiftKey,
      isComposing: event.nativeEvent.isComposing,
    });
    if (action !== 'send') return;
    event.preventDefault();
    submit();
  };
  return (
    <div className={styles.composerRow}>
      <div className={styles.composerField}>
        <Textarea
          label={CHAT_PANEL_TEXTS.messageLabel}
          hint={CHAT_PANEL_TEXTS.messageHint}
          rows={2}
          value={draft}
          maxLength={MAX_CHAT_MESSAGE_LENGTH}
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={onKeyDown}
        />
      </div>
      {pending ? (
        <Button variant="secondary" icon={<CloseIcon />} onClick={onStop}>
          {CHAT_PANEL_TEXTS.stop}
        </Button>
      ) : null}
      <Button variant="primary" icon={<SendIcon />} disabled={!canSend} onClick={submit}>
        {CHAT_TEXTS.send}
      </Button>
    </div>
  );
}

/** How near the end (px) the log counts as "at the end", so that a rounding or a focus ring does not unpin it. */
const END_SLACK = 24;

/**
 * While the reader is at the end of the log, keeps it there when what is below changes without a new message:
 * a tool card or a document link rendering late, or the log growing shorter as follow-up suggestions appear under
 * it (on a phone that hid the end of the reply). A reader who scrolled up stays where they are.
 */
function useStickToEnd(ref: RefObject<HTMLElement | null>, active: boolean) {
  useEffect(() => {
    const log = ref.current;
    if (!active || !log || typeof ResizeObserver === 'undefined' || typeof MutationObserver === 'undefined')
      return undefined;
    // Unpinned only by a scroll up that leaves the end: the log shrinking (follow-ups appearing) moves nothing,
    // and its scroll event may come after the layout changed, when the end is already out of view.
    let pinned = true;
    let lastTop = log.scrollTop;
    const onScroll = () => {
      const top = log.scrollTop;
      if (log.scrollHeight - top - log.clientHeight <= END_SLACK) pinned = true;
      else if (top < lastTop) pinned = false;
      lastTop = top;
    };
    // A reader working with something in the conversation (a reference opened, focus handed back to it when
    // its document closes) keeps it in view: focus inside the log unpins it until the next scroll to the end.
    const onFocusIn = (event: FocusEvent) => {
      if (event.target !== log) pinned = false;
    };
    const keep = () => {
      if (!pinned) return;
      log.scrollTop = log.scrollHeight;
      lastTop = log.scrollTop;
    };
    const resize = new ResizeObserver(keep);
    resize.observe(log);
    const mutation = new MutationObserver(keep);
    mutation.observe(log, { childList: true, subtree: true, characterData: true });
    log.addEventListener('scroll', onScroll, { passive: true });
    log.addEventListener('focusin', onFocusIn);
    return () => {
      resize.disconnect();
      mutation.disconnect();
      log.removeEventListener('scroll', onScroll);
      log.removeEventListener('focusin', onFocusIn);
    };
  }, [ref, active]);
}

/**
 * REQ-chat-panel, REQ-err-chat-failure chat failure. A 600px panel: header (title, provider, 'HIPAA
 * Compliant', clear), the conversation, the thinking indicator, quick-action chips while the chat is new, the
 * composer and the footer. Pure: the conversation and the assistant's status come in as props.
 */
export function ChatPanelScreen(props: ChatPanelScreenProps) {
  const { assistant, documentCount, messages, pending, thinking, emergency, document } = props;
  const safetyLevel = props.safetyLevel ?? (emergency ? 'emergency' : 'none');
  const logRef = useRef<HTMLDivElement>(null);
  const lastContent = messages.at(-1)?.content;
  const citesDocuments = messages.some((message) => (message.knowledgeRefs?.length ?? 0) > 0);
  // Once opened, the viewer stays mounted, so that closing it hands focus back to the reference (Dialog).
  const [viewerMounted, setViewerMounted] = useState(document.state !== 'closed');
  if (document.state !== 'closed' && !viewerMounted) setViewerMounted(true);

  useEffect(() => {
    if (citesDocuments) preloadDocumentViewer();
  }, [citesDocuments]);

  // Keep the newest message in view as messages and tokens arrive.
  useEffect(() => {
    const log = logRef.current;
    if (log) log.scrollTop = log.scrollHeight;
  }, [messages.length, lastContent, thinking]);
  useStickToEnd(logRef, assistant.state === 'ready');

  if (assistant.state !== 'ready') {
    return (
      <section className={styles.panel} aria-label={CHAT_PANEL_TEXTS.title}>
        <PanelHeader assistant={assistant} />
        <div className={styles.body}>
          {assistant.state === 'loading' ? (
            <Spinner label={CHAT_PANEL_TEXTS.statusLoading} />
          ) : (
            <Stack space="small" align="start">
              <Text tone="critical">{assistant.message}</Text>
              <Button variant="secondary" onClick={props.onRetryStatus}>
                {CHAT_PANEL_TEXTS.tryAgain}
              </Button>
            </Stack>
          )}
        </div>
        <PanelFooter documentCount={documentCount} />
      </section>
    );
  }

  if (!assistant.available) {
    return (
      <section className={styles.panel} aria-label={CHAT_PANEL_TEXTS.title}>
        <PanelHeader assistant={assistant} />
        <AssistantUnavailable provider={assistant.provider} operator={props.operator ?? false} />
        <PanelFooter documentCount={documentCount} />
      </section>
    );
  }

  const chips = showsQuickActions(messages.length, documentCount ?? 0);
  const suggestions = chips ? [] : currentSuggestions(messages, pending);
  return (
    <section className={styles.panel} aria-label={CHAT_PANEL_TEXTS.title}>
      <PanelHeader assistant={assistant} onClear={props.onClear} />
      <SafetyBanner level={safetyLevel} />
      <div
        ref={logRef}
        role="log"
        aria-live="polite"
        aria-label={CHAT_PANEL_TEXTS.messagesLabel}
        // The log scrolls, so it takes focus for keyboard scrolling even when it holds no buttons (WCAG 2.1.1).

        tabIndex={0}
        className={styles.log}
      >
        {messages.map((message) => (
          <ChatMessageItem
            key={message.id}
            message={message}
            pending={pending}
            onRetry={props.onRetry}
            onOpenDocument={props.onOpenDocument}
          />
        ))}
        {thinking ? <Spinner label={CHAT_PANEL_TEXTS.thinking} size="small" /> : null}
      </div>
      <div className={styles.composer}>
        {chips ? (
          <div role="group" aria-label={CHAT_PANEL_TEXTS.quickActionsLabel} className={styles.chipRow}>
            <Stack direction="horizontal" space="small" wrap>
              {CHAT_TEXTS.quickActions.map((text) => (
                <Chip key={text} onClick={() => props.onSend(text)} disabled={pending}>
                  {text}
                </Chip>
              ))}
            </Stack>
          </div>
        ) : suggestions.length > 0 ? (
          <div role="group" aria-label={CHAT_PANEL_TEXTS.suggestionsLabel} className={styles.chipRow}>
            <Stack direction="horizontal" space="small" wrap>
              {suggestions.map((text) => (
                <Chip key={text} onClick={() => props.onSend(text)} disabled={pending}>
                  {text}
                </Chip>
              ))}
            </Stack>
          </div>
        ) : null}
        <Composer pending={pending} onSend={props.onSend} onStop={props.onStop} />
      </div>
      <PanelFooter documentCount={documentCount} />
      {viewerMounted ? (
        <TabScreen
          label="document viewer"
          texts={CHAT_PANEL_TEXTS.documentViewerDownload}
          spinnerSize="small"
        >
          <LazyKnowledgeDocumentDialog
            document={document}
            onClose={props.onCloseDocument}
            onRetry={props.onRetryDocument}
          />
        </TabScreen>
      ) : null}
    </section>
  );
}

/** The title of a referenced document, from the replies that cite it (shown while it loads). */
function referenceTitle(messages: readonly ChatMessageView[], documentId: string): string {
  for (const message of messages) {
    const ref = message.knowledgeRefs?.find((r) => r.documentId === documentId);
    if (ref) return ref.title;
  }
  return documentId;
}

/** A panel outside any ChatConversationProvider keeps its own conversation, which ends when it unmounts. */
function OwnConversationPanel() {
  const session = useSession();
  const name = session.status === 'signedIn' ? firstName(session.user.name) : undefined;
  return <ConnectedChatPanel chat={useChatConversation(name)} />;
}

/**
 * The chat panel wired to the session, the assistant's status, the knowledge list and the chat stream. Inside a
 * ChatConversationProvider (the dashboards) it shows the provider's conversation, which outlives the panel.
 *
 * **When to use:** the assistant chat, in the dashboards. `ChatPanelScreen` is the same panel with the
 * conversation passed in.
 *
 * **Accessibility:** the conversation is a log (new messages are read out politely); Enter sends and Shift+Enter
 * adds a line; Stop ends a reply in progress; a triage banner above the conversation is an alert for red-flag
 * levels; suggested questions are a named group of buttons.
 *
 * **Content:** the welcome greets the user by first name; every answer carries the disclaimer; when the assistant
 * is not available a patient reads a plain message and only an admin sees how to configure a provider
 * (REQ-chat-unavailable).
 */
export function ChatPanel() {
  const shared = useSharedChatConversation();
  return shared ? <ConnectedChatPanel chat={shared} /> : <OwnConversationPanel />;
}

function ConnectedChatPanel({ chat }: { chat: ChatConversation }) {
  const session = useSession();
  const status = useAssistantStatus();
  const knowledge = useKnowledgeList();
  const doc = useKnowledgeDocument(chat.openDocumentId);

  const assistant: AssistantStatusView = status.data
    ? {
        state: 'ready',
        available: status.data.available,
        provider: status.data.provider,
        demo: status.data.demo,
      }
    : status.isError
      ? { state: 'error', message: status.error.message }
      : { state: 'loading' };

  let documentState: DocumentState = { state: 'closed' };
  if (chat.openDocumentId !== undefined) {
    const title = referenceTitle(chat.messages, chat.openDocumentId);
    documentState = doc.data
      ? { state: 'open', document: doc.data }
      : doc.isError
        ? { state: 'error', title, message: doc.error.message }
        : { state: 'loading', title };
  }

  return (
    <ChatPanelScreen
      assistant={assistant}
      documentCount={knowledge.data?.stats.accessibleItems}
      messages={chat.messages}
      pending={chat.pending}
      thinking={chat.thinking}
      emergency={chat.emergency}
      safetyLevel={chat.safetyLevel}
      document={documentState}
      onSend={chat.send}
      onStop={chat.stop}
      onRetry={chat.retry}
      onClear={chat.clear}
      onOpenDocument={chat.openDocument}
      onCloseDocument={chat.closeDocument}
      onRetryDocument={() => void doc.refetch()}
      onRetryStatus={() => void status.refetch()}
      operator={session.status === 'signedIn' && session.user.role === 'admin'}
    />
  );
}
