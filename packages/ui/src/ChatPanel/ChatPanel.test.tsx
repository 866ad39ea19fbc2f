import { createMockApi, createScenarios, mockTokenFor } from '@sentinel/mocks';
import { act, render, renderHook, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setupServer } from 'msw/node';
import type { ReactNode } from 'react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  CHAT_TEXTS,
  DISCLAIMER,
  DISCLAIMER_DELAY_MS,
  TRIAGE_BANNERS,
  welcomeText,
  type TriageLevel,
} from '@sentinel/domain';
import type { ChatStreamEvent } from '@sentinel/domain/contract';
import { ApiProvider } from '../api/ApiProvider';
import { ApiError, createApiClient, type ApiClient } from '../api/client';
import { ClockProvider } from '../clock/ClockProvider';
import { HOSTILE_MARKDOWN_DOCUMENT, harmfulOutput } from '../Markdown/Markdown.corpus';
import { ChatPanelScreen, type AssistantStatusView, type ChatPanelScreenProps } from './ChatPanel';
import { REPLY_EMPTY, REPLY_INTERRUPTED, useChatConversation } from './ChatPanel.data';
import {
  conversationReducer,
  initialConversation,
  nextSafetyLevel,
  type ChatMessageView,
} from './ChatPanel.reducer';
import { chatTurnsFor } from './ChatPanel.request';
import { CHAT_PANEL_TEXTS, waitText } from './ChatPanel.texts';

const NOW = new Date('2026-11-02T14:30:00Z');
const CLOCK = { now: () => NOW, locale: 'en-US', timeZone: 'UTC' };

const welcome = (name?: string): ChatMessageView[] => initialConversation(name, 'welcome', NOW).messages;

const userMessage = (content: string, id = 'u1'): ChatMessageView => ({
  id,
  role: 'user',
  kind: 'user',
  content,
  timestamp: NOW.toISOString(),
});

function renderScreen(overrides: Partial<ChatPanelScreenProps> = {}) {
  const props: ChatPanelScreenProps = {
    assistant: { state: 'ready', available: true, provider: 'Sentinel demo model', demo: true },
    documentCount: 1,
    messages: welcome('Jane'),
    pending: false,
    thinking: false,
    emergency: false,
    document: { state: 'closed' },
    onSend: vi.fn(),
    onStop: vi.fn(),
    onRetry: vi.fn(),
    onClear: vi.fn(),
    onOpenDocument: vi.fn(),
    onCloseDocument: vi.fn(),
    onRetryDocument: vi.fn(),
    onRetryStatus: vi.fn(),
    ...overrides,
  };
  render(
    <ClockProvider clock={CLOCK}>
      <ChatPanelScreen {...props} />
    </ClockProvider>,
  );
  return props;
}

const messageBox = () => screen.getByRole('textbox', { name: CHAT_PANEL_TEXTS.messageLabel });

describe('chat panel: composing (REQ-chat-keys, REQ-chat-send)', () => {
  it('sends the typed message with Enter and empties the box', async () => {
    const user = userEvent.setup();
    const props = renderScreen();
    await user.type(messageBox(), 'What is metformin?{Enter}');
    expect(props.onSend).toHaveBeenCalledExactlyOnceWith('What is metformin?');
    expect(messageBox()).toHaveProperty('value', '');
  });

  it('inserts a new line with Shift+Enter and sends nothing', async () => {
    const user = userEvent.setup();
    const props = renderScreen();
    await user.type(messageBox(), 'first line{Shift>}{Enter}{/Shift}second line');
    expect(messageBox()).toHaveProperty('value', 'first line\nsecond line');
    expect(props.onSend).not.toHaveBeenCalled();
  });

  it('cannot send a blank message: Send is disabled and Enter does nothing', async () => {
    const user = userEvent.setup();
    const props = renderScreen();
    expect(screen.getByRole('button', { name: CHAT_TEXTS.send })).toHaveProperty('disabled', true);
    await user.type(messageBox(), '   {Enter}');
    expect(screen.getByRole('button', { name: CHAT_TEXTS.send })).toHaveProperty('disabled', true);
    expect(props.onSend).not.toHaveBeenCalled();
  });

  it('sends with the Send button once there is text', async () => {
    const user = userEvent.setup();
    const props = renderScreen();
    await user.type(messageBox(), 'Hello');
    await user.click(screen.getByRole('button', { name: CHAT_TEXTS.send }));
    expect(props.onSend).toHaveBeenCalledExactlyOnceWith('Hello');
  });

  it('blocks sending while a reply is pending, and offers Stop instead', async () => {
    const user = userEvent.setup();
    const props = renderScreen({
      pending: true,
      thinking: true,
      messages: [...welcome('Jane'), userMessage('Hi')],
    });
    await user.type(messageBox(), 'Another question{Enter}');
    expect(props.onSend).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: CHAT_TEXTS.send })).toHaveProperty('disabled', true);
    await user.click(screen.getByRole('button', { name: CHAT_PANEL_TEXTS.stop }));
    expect(props.onStop).toHaveBeenCalledOnce();
  });

  it("shows the 'thinking' indicator while waiting for the first token", () => {
    renderScreen({ pending: true, thinking: true, messages: [...welcome('Jane'), userMessage('Hi')] });
    expect(screen.getByRole('status').textContent).toContain(CHAT_PANEL_TEXTS.thinking);
  });
});

describe('chat panel: quick actions (REQ-chat-quick-actions)', () => {
  it('offers the three quick actions on a new chat when documents exist', () => {
    renderScreen({ documentCount: 3 });
    const group = screen.getByRole('group', { name: CHAT_PANEL_TEXTS.quickActionsLabel });
    expect(
      within(group)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual([...CHAT_TEXTS.quickActions]);
  });

  it('sends the text of the chip that is clicked', async () => {
    const user = userEvent.setup();
    const props = renderScreen();
    await user.click(screen.getByRole('button', { name: 'Hypertension treatments' }));
    expect(props.onSend).toHaveBeenCalledExactlyOnceWith('Hypertension treatments');
  });

  it('hides the chips once the conversation has more than one message', () => {
    renderScreen({ messages: [...welcome('Jane'), userMessage('Hi')] });
    expect(screen.queryByRole('group', { name: CHAT_PANEL_TEXTS.quickActionsLabel })).toBeNull();
  });

  it('hides the chips when the user may read no documents', () => {
    renderScreen({ documentCount: 0 });
    expect(screen.queryByRole('button', { name: 'Diabetes medications' })).toBeNull();
  });
});

describe('chat panel: frame (REQ-chat-panel, REQ-chat-layout, REQ-chat-footer)', () => {
  it('shows the title, the provider with its demo label, HIPAA Compliant and the footer', () => {
    renderScreen({ documentCount: 2 });
    expect(screen.getByRole('heading', { name: CHAT_PANEL_TEXTS.title })).toBeTruthy();
    expect(screen.getByText('Sentinel demo model')).toBeTruthy();
    expect(screen.getByText(CHAT_PANEL_TEXTS.demoModel)).toBeTruthy();
    expect(screen.getByText(CHAT_TEXTS.hipaaLabel)).toBeTruthy();
    const footer = screen.getByRole('contentinfo');
    expect(footer.textContent).toContain(CHAT_TEXTS.footerEncrypted);
    expect(footer.textContent).toContain('2 documents available');
    expect(footer.textContent).toContain(CHAT_TEXTS.footerEmergency);
  });

  it('greets by first name, and as Patient without one', () => {
    renderScreen({ messages: welcome('Jane') });
    expect(screen.getByRole('log').textContent).toContain(welcomeText('Jane'));
    renderScreen({ messages: welcome(undefined) });
    expect(screen.getAllByRole('log')[1]?.textContent).toContain('Hello Patient!');
  });

  it('labels each message with its author and time', () => {
    renderScreen({ messages: [...welcome('Jane'), userMessage('Hi')] });
    const log = screen.getByRole('log');
    expect(log.textContent).toContain(CHAT_PANEL_TEXTS.assistant);
    expect(log.textContent).toContain(CHAT_PANEL_TEXTS.you);
    expect(log.querySelectorAll('time')[0]?.textContent).toBe('2:30 PM');
  });

  it('keeps the line breaks of a user message', () => {
    renderScreen({ messages: [...welcome('Jane'), userMessage('one\ntwo')] });
    expect(screen.getByText(/one\s+two/).textContent).toBe('one\ntwo');
  });

  it('asks to clear the chat with the clear button', async () => {
    const user = userEvent.setup();
    const props = renderScreen();
    await user.click(screen.getByRole('button', { name: CHAT_PANEL_TEXTS.clearChat }));
    expect(props.onClear).toHaveBeenCalledOnce();
  });

  it('shows the emergency banner as an alert', () => {
    renderScreen({ emergency: true });
    expect(screen.getByRole('alert').textContent).toContain(CHAT_TEXTS.footerEmergency);
  });

  it.each(['emergency', 'crisis', 'poison'] as const)(
    'shows the %s banner as an alert named by its title, with its numbers as links (REQ-triage-replies)',
    (level) => {
      renderScreen({ emergency: true, safetyLevel: level });
      const banner = screen.getByRole('alert', { name: TRIAGE_BANNERS[level].title });
      expect(banner.textContent).toContain(TRIAGE_BANNERS[level].body);
      const links = within(banner).getAllByRole('link');
      expect(links.map((link) => link.getAttribute('href'))).toEqual(
        TRIAGE_BANNERS[level].contacts.map((contact) => contact.href),
      );
    },
  );

  it('shows the urgent notice as a status, not an alert, and no banner for level none (REQ-triage-replies)', () => {
    renderScreen({ safetyLevel: 'urgent' });
    expect(screen.getByRole('status', { name: TRIAGE_BANNERS.urgent.title })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows no banner when the level is none', () => {
    renderScreen({ safetyLevel: 'none' });
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByRole('status', { name: TRIAGE_BANNERS.urgent.title })).toBeNull();
  });

  it('shows a spinner while the assistant status loads, and its error with Try again', async () => {
    const user = userEvent.setup();
    renderScreen({ assistant: { state: 'loading' } });
    expect(screen.getByRole('status').textContent).toContain(CHAT_PANEL_TEXTS.statusLoading);
    const props = renderScreen({ assistant: { state: 'error', message: 'Something went wrong.' } });
    expect(screen.getByText('Something went wrong.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: CHAT_PANEL_TEXTS.tryAgain }));
    expect(props.onRetryStatus).toHaveBeenCalledOnce();
  });
});

describe('chat panel: AI service not available (REQ-chat-unavailable)', () => {
  const unavailable: AssistantStatusView = {
    state: 'ready',
    available: false,
    provider: 'huggingface',
    demo: false,
  };

  it('tells a patient plainly, with no environment variables or provider list', () => {
    renderScreen({ assistant: unavailable });
    expect(screen.getByRole('heading', { name: CHAT_TEXTS.notAvailableTitle })).toBeTruthy();
    expect(screen.getByText(CHAT_PANEL_TEXTS.notAvailablePlain)).toBeTruthy();
    expect(screen.queryByText('HF_TOKEN')).toBeNull();
    expect(screen.queryByText(/environment variable/i)).toBeNull();
    expect(screen.queryByRole('listitem')).toBeNull();
    expect(screen.queryByRole('textbox')).toBeNull();
  });

  it('tells an admin to configure a provider: three providers (two free) and the current one', () => {
    renderScreen({ assistant: unavailable, operator: true });
    expect(screen.getByRole('heading', { name: CHAT_TEXTS.notAvailableTitle })).toBeTruthy();
    const options = screen.getAllByRole('listitem');
    expect(options).toHaveLength(3);
    expect(screen.getAllByText(CHAT_PANEL_TEXTS.free)).toHaveLength(2);
    expect(screen.getByText('HF_TOKEN')).toBeTruthy();
    expect(screen.getByText('MODEL_ENDPOINT_URL')).toBeTruthy();
    expect(screen.getByText(CHAT_PANEL_TEXTS.currentProvider('huggingface'))).toBeTruthy();
    expect(screen.queryByRole('textbox')).toBeNull();
  });
});

describe('chat panel: replies (REQ-chat-markdown, REQ-chat-references, REQ-err-chat-failure)', () => {
  const reply: ChatMessageView = {
    id: 'r1',
    role: 'assistant',
    kind: 'reply',
    content: '**Metformin** is a first-line medicine.',
    timestamp: NOW.toISOString(),
    knowledgeRefs: [{ documentId: 'metformin', title: 'Metformin', excerpt: 'Metformin lowers glucose...' }],
    withheldCount: 2,
  };

  it('renders assistant text as markdown and lists its references as buttons', async () => {
    const user = userEvent.setup();
    const props = renderScreen({ messages: [...welcome('Alice'), userMessage('metformin?'), reply] });
    expect(screen.getByText('Metformin', { selector: 'strong' })).toBeTruthy();
    const open = screen.getByRole('button', { name: 'Metformin' });
    const description = document.getElementById(open.getAttribute('aria-describedby') ?? '');
    expect(description?.textContent).toBe('Metformin lowers glucose...');
    await user.click(open);
    expect(props.onOpenDocument).toHaveBeenCalledExactlyOnceWith('metformin');
  });

  it('renders a hostile reply harmlessly: no script, handler, dangerous link or outside image', () => {
    renderScreen({
      messages: [
        ...welcome('Jane'),
        userMessage('Hi'),
        { ...reply, content: HOSTILE_MARKDOWN_DOCUMENT, knowledgeRefs: [], withheldCount: 0 },
      ],
    });
    const log = screen.getByRole('log');
    expect(harmfulOutput(log, 'http://localhost:5173')).toEqual([]);
    expect(log.querySelectorAll('img')).toHaveLength(0);
    expect(log.textContent).toContain('[exfiltrate]');
  });

  it('counts the sources withheld for the role', () => {
    renderScreen({ messages: [...welcome('Jane'), userMessage('metformin?'), reply] });
    expect(screen.getByText(CHAT_PANEL_TEXTS.withheld(2))).toBeTruthy();
  });

  it('shows the technical-difficulties message with a Retry that asks to resend', async () => {
    const user = userEvent.setup();
    const failure: ChatMessageView = {
      id: 'f1',
      role: 'assistant',
      kind: 'failure',
      content: CHAT_TEXTS.technicalDifficulties,
      timestamp: NOW.toISOString(),
      retryable: true,
    };
    const props = renderScreen({ messages: [...welcome('Jane'), userMessage('Hi'), failure] });
    expect(screen.getByText(CHAT_TEXTS.technicalDifficulties)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: CHAT_PANEL_TEXTS.retry }));
    expect(props.onRetry).toHaveBeenCalledOnce();
  });
});

describe('chat panel: stopped, interrupted and rate-limited replies', () => {
  const partial = (over: Partial<ChatMessageView> = {}): ChatMessageView => ({
    id: 'r1',
    role: 'assistant',
    kind: 'reply',
    content: 'Drink water through',
    timestamp: NOW.toISOString(),
    ...over,
  });
  const rateLimitNotice = (retryAfterSeconds: number | undefined): ChatMessageView => ({
    id: 'f1',
    role: 'assistant',
    kind: 'failure',
    content: CHAT_PANEL_TEXTS.rateLimited(retryAfterSeconds),
    timestamp: NOW.toISOString(),
    retryable: true,
    retryAfterSeconds,
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  it('keeps a stopped reply on screen, labelled Stopped, with a Retry that asks again', async () => {
    const user = userEvent.setup();
    const props = renderScreen({
      messages: [...welcome('Jane'), userMessage('Hydration?'), partial({ stopped: true, retryable: true })],
    });
    const log = screen.getByRole('log');
    expect(log.textContent).toContain('Drink water through');
    expect(within(log).getByText(CHAT_PANEL_TEXTS.stopped)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: CHAT_PANEL_TEXTS.retry }));
    expect(props.onRetry).toHaveBeenCalledOnce();
  });

  it('labels a reply stopped before its first word, which has no text', () => {
    renderScreen({
      messages: [
        ...welcome('Jane'),
        userMessage('Hi'),
        partial({ content: '', stopped: true, retryable: true }),
      ],
    });
    const log = screen.getByRole('log');
    expect(within(log).getByText(CHAT_PANEL_TEXTS.stopped)).toBeTruthy();
    expect(screen.getByRole('button', { name: CHAT_PANEL_TEXTS.retry })).toBeTruthy();
  });

  it('offers no Retry on an older stopped reply, and labels a reply a failure cut off as Interrupted', () => {
    renderScreen({
      messages: [
        ...welcome('Jane'),
        userMessage('Hi'),
        partial({ stopped: true }),
        userMessage('Again', 'u2'),
        partial({ id: 'r2', interrupted: true }),
      ],
    });
    expect(screen.getByText(CHAT_PANEL_TEXTS.stopped)).toBeTruthy();
    expect(screen.getByText(CHAT_PANEL_TEXTS.interrupted)).toBeTruthy();
    expect(screen.queryByRole('button', { name: CHAT_PANEL_TEXTS.retry })).toBeNull();
  });

  it('says how long to wait when rate limited, and enables Retry only once the wait is over', () => {
    vi.useFakeTimers();
    renderScreen({ messages: [...welcome('Jane'), userMessage('Hi'), rateLimitNotice(7)] });
    expect(screen.getByText('You are sending messages too quickly. Try again in 7 seconds.')).toBeTruthy();
    expect(screen.getByText('Hi')).toBeTruthy();
    const retry = screen.getByRole('button', { name: CHAT_PANEL_TEXTS.retry });
    expect(retry).toHaveProperty('disabled', true);
    act(() => vi.advanceTimersByTime(6_999));
    expect(retry).toHaveProperty('disabled', true);
    act(() => vi.advanceTimersByTime(1));
    expect(retry).toHaveProperty('disabled', false);
  });

  it('offers Retry at once when the rate limit named no wait, but not while a reply is pending', () => {
    renderScreen({ messages: [...welcome('Jane'), userMessage('Hi'), rateLimitNotice(undefined)] });
    expect(screen.getByText(CHAT_PANEL_TEXTS.rateLimited(undefined))).toBeTruthy();
    expect(screen.getByRole('button', { name: CHAT_PANEL_TEXTS.retry })).toHaveProperty('disabled', false);
    renderScreen({
      pending: true,
      messages: [...welcome('Jane'), userMessage('Hi'), rateLimitNotice(undefined)],
    });
    expect(screen.getAllByRole('button', { name: CHAT_PANEL_TEXTS.retry })[1]).toHaveProperty(
      'disabled',
      true,
    );
  });
});

describe('rate-limit wording', () => {
  it('counts seconds under two minutes and whole minutes beyond', () => {
    expect(waitText(1)).toBe('1 second');
    expect(waitText(0)).toBe('0 seconds');
    expect(waitText(59)).toBe('59 seconds');
    expect(waitText(119)).toBe('119 seconds');
    expect(waitText(120)).toBe('2 minutes');
    expect(waitText(121)).toBe('3 minutes');
  });

  it('asks for a moment when the server named no wait', () => {
    expect(CHAT_PANEL_TEXTS.rateLimited(undefined)).toBe(
      'You are sending messages too quickly. Wait a moment, then try again.',
    );
    expect(CHAT_PANEL_TEXTS.rateLimited(1)).toBe(
      'You are sending messages too quickly. Try again in 1 second.',
    );
  });
});

describe('chat panel: knowledge document (REQ-chat-intent-display)', () => {
  it('opens the document in a dialog with its markdown content', async () => {
    renderScreen({
      document: {
        state: 'open',
        document: {
          id: 'metformin',
          title: 'Metformin',
          category: 'medication',
          content: '# Dosing\nStart low.',
          filePath: 'knowledge/medications/metformin.md',
          metadata: {
            accessLevel: ['doctor'],
            specializationRequired: [],
            prescribingAuthority: true,
            sensitivity: 'medium',
            deaSchedule: null,
            patientAccessible: false,
            lastUpdated: '2026-01-15',
          },
        },
      },
    });
    // The viewer's code is fetched when a document is first opened (REQ-perf-files).
    const dialog = await screen.findByRole('dialog', { name: 'Metformin' });
    expect(within(dialog).getByRole('heading', { name: 'Dosing' })).toBeTruthy();
    expect(dialog.textContent).toContain('Jan 15, 2026');
  });
});

describe('chat conversation reducer', () => {
  it('creates the reply at the first token and appends the following ones', () => {
    let state = initialConversation('Jane', 'w', NOW);
    state = conversationReducer(state, { type: 'sent', id: 'u', text: 'Hi', now: NOW });
    state = conversationReducer(state, { type: 'started', replyId: 'r' });
    state = conversationReducer(state, {
      type: 'meta',
      knowledgeRefs: [],
      sources: [],
      withheldCount: 1,
      emergency: true,
    });
    expect(state.messages).toHaveLength(2);
    state = conversationReducer(state, { type: 'token', text: 'Hello ', now: NOW });
    state = conversationReducer(state, { type: 'token', text: 'there', now: NOW });
    expect(state.messages.at(-1)).toMatchObject({ kind: 'reply', content: 'Hello there', withheldCount: 1 });
    expect(state.emergency).toBe(true);
  });

  it('keeps the banner of the reply’s triage level until the chat is cleared (REQ-triage-replies)', () => {
    let state = initialConversation('Jane', 'w', NOW);
    const reply = (triage: TriageLevel, id: string) => {
      state = conversationReducer(state, { type: 'sent', id: `u${id}`, text: 'Hi', now: NOW });
      state = conversationReducer(state, { type: 'started', replyId: `r${id}` });
      state = conversationReducer(state, {
        type: 'meta',
        knowledgeRefs: [],
        sources: [],
        withheldCount: 0,
        emergency: triage !== 'urgent' && triage !== 'none',
        triage,
      });
      state = conversationReducer(state, { type: 'completed' });
    };
    expect(state.safetyLevel).toBe('none');
    reply('urgent', '1');
    expect(state.safetyLevel).toBe('urgent');
    reply('crisis', '2');
    expect(state.safetyLevel).toBe('crisis');
    reply('none', '3');
    expect(state.safetyLevel).toBe('crisis');
    reply('urgent', '4');
    expect(state.safetyLevel).toBe('crisis');
    state = conversationReducer(state, { type: 'cleared', name: 'Jane', id: 'w2', now: NOW });
    expect(state.safetyLevel).toBe('none');
  });

  it('reads a reply without a triage level by its emergency flag', () => {
    expect(nextSafetyLevel('none', 'emergency')).toBe('emergency');
    let state = initialConversation('Jane', 'w', NOW);
    state = conversationReducer(state, { type: 'sent', id: 'u', text: 'Hi', now: NOW });
    state = conversationReducer(state, { type: 'started', replyId: 'r' });
    state = conversationReducer(state, {
      type: 'meta',
      knowledgeRefs: [],
      sources: [],
      withheldCount: 0,
      emergency: true,
    });
    expect(state.safetyLevel).toBe('emergency');
  });

  it('lets a later red flag replace an earlier one, and never lets urgent replace a red flag', () => {
    expect(nextSafetyLevel('emergency', 'poison')).toBe('poison');
    expect(nextSafetyLevel('poison', 'urgent')).toBe('poison');
    expect(nextSafetyLevel('urgent', 'none')).toBe('urgent');
    expect(nextSafetyLevel('none', 'urgent')).toBe('urgent');
  });

  it('ignores stream events when no reply is expected', () => {
    const state = initialConversation('Jane', 'w', NOW);
    expect(conversationReducer(state, { type: 'token', text: 'x', now: NOW })).toBe(state);
    expect(
      conversationReducer(state, {
        type: 'meta',
        knowledgeRefs: [],
        sources: [],
        withheldCount: 0,
        emergency: true,
      }),
    ).toBe(state);
    expect(conversationReducer(state, { type: 'retried' })).toBe(state);
  });

  it('marks a reply stopped by the user, keeps its text and offers Retry on it alone', () => {
    let state = initialConversation('Jane', 'w', NOW);
    state = conversationReducer(state, { type: 'sent', id: 'u', text: 'Hi', now: NOW });
    state = conversationReducer(state, { type: 'started', replyId: 'r' });
    state = conversationReducer(state, { type: 'token', text: 'Half an', now: NOW });
    state = conversationReducer(state, { type: 'stopped', id: 'x', now: NOW });
    expect(state.pending).toBe(false);
    expect(state.messages.at(-1)).toMatchObject({
      id: 'r',
      kind: 'reply',
      content: 'Half an',
      stopped: true,
      retryable: true,
      streaming: false,
    });
    state = conversationReducer(state, { type: 'sent', id: 'u2', text: 'Next', now: NOW });
    expect(state.messages.some((m) => m.retryable)).toBe(false);
  });

  it('stopped before the first word, leaves an empty reply marked stopped', () => {
    let state = initialConversation('Jane', 'w', NOW);
    state = conversationReducer(state, { type: 'sent', id: 'u', text: 'Hi', now: NOW });
    state = conversationReducer(state, { type: 'started', replyId: 'r' });
    state = conversationReducer(state, { type: 'stopped', id: 'x', now: NOW });
    expect(state.messages.map((m) => [m.kind, m.content, m.stopped])).toEqual([
      ['welcome', welcomeText('Jane'), undefined],
      ['user', 'Hi', undefined],
      ['reply', '', true],
    ]);
    expect(state.messages.at(-1)).toMatchObject({ id: 'r', retryable: true });
  });

  it('marks a reply a failure cut off as interrupted (not stopped), and only the new notice offers Retry', () => {
    let state = initialConversation('Jane', 'w', NOW);
    state = conversationReducer(state, { type: 'sent', id: 'u', text: 'Hi', now: NOW });
    state = conversationReducer(state, { type: 'started', replyId: 'r' });
    state = conversationReducer(state, { type: 'failed', id: 'f1', now: NOW, detail: undefined });
    state = conversationReducer(state, { type: 'retried' });
    state = conversationReducer(state, { type: 'started', replyId: 'r2' });
    state = conversationReducer(state, { type: 'token', text: 'Part', now: NOW });
    state = conversationReducer(state, { type: 'failed', id: 'f2', now: NOW, detail: 'cut' });
    expect(state.messages.slice(2).map((m) => [m.kind, m.stopped, m.interrupted, m.retryable])).toEqual([
      ['reply', undefined, true, undefined],
      ['failure', undefined, undefined, true],
    ]);
  });

  it('adds the rate-limit notice with its wait, keeping the question', () => {
    let state = initialConversation('Jane', 'w', NOW);
    state = conversationReducer(state, { type: 'sent', id: 'u', text: 'Hi', now: NOW });
    state = conversationReducer(state, { type: 'started', replyId: 'r' });
    state = conversationReducer(state, { type: 'rateLimited', id: 'l', now: NOW, retryAfterSeconds: 12 });
    expect(state.pending).toBe(false);
    expect(state.messages.slice(1)).toMatchObject([
      { kind: 'user', content: 'Hi' },
      {
        kind: 'failure',
        content: 'You are sending messages too quickly. Try again in 12 seconds.',
        retryable: true,
        retryAfterSeconds: 12,
      },
    ]);
  });

  it('sends neither stopped nor interrupted replies back to the model', () => {
    const reply = (id: string, over: Partial<ChatMessageView>): ChatMessageView => ({
      id,
      role: 'assistant',
      kind: 'reply',
      content: 'Part of an answer',
      timestamp: NOW.toISOString(),
      ...over,
    });
    expect(
      chatTurnsFor([
        userMessage('One', 'u1'),
        reply('r1', { stopped: true }),
        userMessage('Two', 'u2'),
        reply('r2', { interrupted: true }),
        userMessage('Three', 'u3'),
      ]),
    ).toEqual([
      { role: 'user', content: 'One' },
      { role: 'user', content: 'Two' },
      { role: 'user', content: 'Three' },
    ]);
  });

  it('sends only user turns and complete replies, starting with a user turn', () => {
    const turns = chatTurnsFor([
      ...welcome('Jane'),
      userMessage('Hi', 'u1'),
      { id: 'r', role: 'assistant', kind: 'reply', content: 'Hello', timestamp: NOW.toISOString() },
      { id: 'd', role: 'assistant', kind: 'disclaimer', content: DISCLAIMER, timestamp: NOW.toISOString() },
      userMessage('Thanks', 'u2'),
    ]);
    expect(turns).toEqual([
      { role: 'user', content: 'Hi' },
      { role: 'assistant', content: 'Hello' },
      { role: 'user', content: 'Thanks' },
    ]);
    expect(chatTurnsFor(welcome('Jane'))).toBeUndefined();
  });
});

/** A fake API whose chat stream the test scripts; other calls are not used by the conversation. */
function fakeApi(stream: (signal: AbortSignal | undefined) => AsyncGenerator<ChatStreamEvent>) {
  const streamChat = vi.fn((_body: { messages: unknown[] }, signal?: AbortSignal) => stream(signal));
  const client = {
    call: () => Promise.reject(new Error('not used')),
    streamChat,
  } as unknown as ApiClient;
  const wrapper = ({ children }: { children: ReactNode }) => (
    <ApiProvider client={client}>
      <ClockProvider clock={CLOCK}>{children}</ClockProvider>
    </ApiProvider>
  );
  return { streamChat, wrapper };
}

const meta = (over: Partial<Extract<ChatStreamEvent, { type: 'meta' }>> = {}): ChatStreamEvent => ({
  type: 'meta',
  actions: [],
  knowledgeRefs: [],
  sources: [],
  withheldCount: 0,
  emergency: false,
  ...over,
});

async function* events(list: ChatStreamEvent[]): AsyncGenerator<ChatStreamEvent> {
  for (const event of list) yield event;
}

/** Lets the stream's promises settle inside act. */
const settle = () => act(async () => {});

describe('chat conversation (REQ-chat-send, REQ-chat-disclaimer-delay, REQ-err-chat-failure)', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('streams the reply and shows the disclaimer 1000 ms after it, not before', async () => {
    vi.useFakeTimers();
    const { wrapper } = fakeApi(() =>
      events([
        meta(),
        { type: 'token', text: 'Drink ' },
        { type: 'token', text: 'water.' },
        { type: 'disclaimer', text: 'Educational only.' },
        { type: 'done' },
      ]),
    );
    const { result } = renderHook(() => useChatConversation('Jane'), { wrapper });
    act(() => result.current.send('Hydration tips?'));
    expect(result.current.pending).toBe(true);
    expect(result.current.thinking).toBe(true);
    await settle();
    expect(result.current.pending).toBe(false);
    expect(result.current.messages.map((m) => [m.kind, m.content])).toEqual([
      ['welcome', welcomeText('Jane')],
      ['user', 'Hydration tips?'],
      ['reply', 'Drink water.'],
    ]);
    act(() => vi.advanceTimersByTime(DISCLAIMER_DELAY_MS - 1));
    expect(result.current.messages).toHaveLength(3);
    act(() => vi.advanceTimersByTime(1));
    expect(result.current.messages.at(-1)).toMatchObject({
      kind: 'disclaimer',
      content: 'Educational only.',
    });
  });

  it('refuses a blank message and a second message while the reply is pending', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const { wrapper, streamChat } = fakeApi(async function* () {
      await gate;
      yield { type: 'token', text: 'Hello there, how can I help?' };
      yield { type: 'done' };
    });
    const { result } = renderHook(() => useChatConversation('Jane'), { wrapper });
    act(() => result.current.send('   '));
    expect(streamChat).not.toHaveBeenCalled();
    act(() => {
      result.current.send('first');
      result.current.send('second');
    });
    expect(streamChat).toHaveBeenCalledOnce();
    expect(result.current.messages.filter((m) => m.kind === 'user')).toHaveLength(1);
    release();
    await settle();
    expect(result.current.pending).toBe(false);
  });

  it('adds the technical-difficulties message when the call fails, and Retry resends the last question', async () => {
    let attempt = 0;
    const { wrapper, streamChat } = fakeApi(async function* () {
      attempt += 1;
      if (attempt === 1) throw new ApiError(500, 'internal', 'Something went wrong on our side.');
      yield { type: 'token', text: 'Here is an answer for you.' };
      yield { type: 'done' };
    });
    const { result } = renderHook(() => useChatConversation('Jane'), { wrapper });
    act(() => result.current.send('Hi'));
    await settle();
    expect(result.current.messages.at(-1)).toMatchObject({
      kind: 'failure',
      content: CHAT_TEXTS.technicalDifficulties,
      retryable: true,
      detail: 'Something went wrong on our side.',
    });
    act(() => result.current.retry());
    await settle();
    expect(streamChat).toHaveBeenCalledTimes(2);
    expect(streamChat.mock.calls[1]?.[0]).toEqual({ messages: [{ role: 'user', content: 'Hi' }] });
    expect(result.current.messages.map((m) => m.kind)).toEqual(['welcome', 'user', 'reply']);
  });

  it.each([
    [
      'an error event',
      [meta(), { type: 'error', error: 'internal', message: 'Model failed.' }],
      'Model failed.',
    ],
    ['a stream cut before its end', [meta(), { type: 'token', text: 'Partial ' }], REPLY_INTERRUPTED],
    ['a reply without text', [meta(), { type: 'done' }], REPLY_EMPTY],
  ] as [string, ChatStreamEvent[], string][])('treats %s as a failure', async (_name, list, detail) => {
    const { wrapper } = fakeApi(() => events(list));
    const { result } = renderHook(() => useChatConversation('Jane'), { wrapper });
    act(() => result.current.send('Hi'));
    await settle();
    expect(result.current.messages.at(-1)).toMatchObject({ kind: 'failure', detail });
    expect(result.current.pending).toBe(false);
  });

  it('shows the rate-limit notice for a 429, keeps the question, and Retry asks it again', async () => {
    let attempt = 0;
    const { wrapper, streamChat } = fakeApi(async function* () {
      attempt += 1;
      if (attempt === 1) {
        throw new ApiError(429, 'rate_limited', 'Too many requests.', undefined, 5);
      }
      yield { type: 'token', text: 'Here is an answer for you.' };
      yield { type: 'done' };
    });
    const { result } = renderHook(() => useChatConversation('Jane'), { wrapper });
    act(() => result.current.send('Hi'));
    await settle();
    expect(result.current.messages.slice(1)).toMatchObject([
      { kind: 'user', content: 'Hi' },
      { kind: 'failure', content: CHAT_PANEL_TEXTS.rateLimited(5), retryAfterSeconds: 5, retryable: true },
    ]);
    expect(result.current.messages.some((m) => m.content === CHAT_TEXTS.technicalDifficulties)).toBe(false);
    act(() => result.current.retry());
    await settle();
    expect(streamChat.mock.calls[1]?.[0]).toEqual({ messages: [{ role: 'user', content: 'Hi' }] });
    expect(result.current.messages.map((m) => m.kind)).toEqual(['welcome', 'user', 'reply']);
  });

  it('treats a rate_limited error event inside the stream as the rate limit, with no wait named', async () => {
    const { wrapper } = fakeApi(() =>
      events([meta(), { type: 'error', error: 'rate_limited', message: 'Too many requests.' }]),
    );
    const { result } = renderHook(() => useChatConversation('Jane'), { wrapper });
    act(() => result.current.send('Hi'));
    await settle();
    expect(result.current.messages.at(-1)).toMatchObject({
      kind: 'failure',
      content: CHAT_PANEL_TEXTS.rateLimited(undefined),
      retryAfterSeconds: undefined,
    });
  });

  it('Retry on a stopped reply asks the question again and drops the stopped reply and its disclaimer', async () => {
    vi.useFakeTimers();
    let attempt = 0;
    const { wrapper, streamChat } = fakeApi(async function* (signal) {
      attempt += 1;
      if (attempt === 1) {
        yield { type: 'token', text: 'Partial answer' };
        await new Promise<void>((_resolve, reject) =>
          signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError'))),
        );
      }
      yield { type: 'token', text: 'The whole answer.' };
      yield { type: 'done' };
    });
    const { result } = renderHook(() => useChatConversation('Jane'), { wrapper });
    act(() => result.current.send('Hi'));
    await settle();
    act(() => result.current.stop());
    await settle();
    expect(result.current.messages.at(-1)).toMatchObject({ stopped: true, retryable: true });
    act(() => result.current.retry());
    await settle();
    expect(streamChat).toHaveBeenCalledTimes(2);
    expect(streamChat.mock.calls[1]?.[0]).toEqual({ messages: [{ role: 'user', content: 'Hi' }] });
    expect(result.current.messages.map((m) => [m.kind, m.content])).toEqual([
      ['welcome', welcomeText('Jane')],
      ['user', 'Hi'],
      ['reply', 'The whole answer.'],
    ]);
    // Only the new reply's disclaimer follows; the stopped reply's one was dropped with it.
    act(() => vi.advanceTimersByTime(DISCLAIMER_DELAY_MS));
    expect(result.current.messages.filter((m) => m.kind === 'disclaimer')).toHaveLength(1);
  });

  it('keeps the partial reply when the user stops it', async () => {
    const { wrapper } = fakeApi(async function* (signal) {
      yield { type: 'token', text: 'Partial answer' };
      await new Promise<void>((_resolve, reject) =>
        signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError'))),
      );
    });
    const { result } = renderHook(() => useChatConversation('Jane'), { wrapper });
    act(() => result.current.send('Hi'));
    await settle();
    expect(result.current.pending).toBe(true);
    act(() => result.current.stop());
    await settle();
    expect(result.current.pending).toBe(false);
    expect(result.current.messages.at(-1)).toMatchObject({
      kind: 'reply',
      content: 'Partial answer',
      stopped: true,
      retryable: true,
    });
    expect(result.current.messages.some((m) => m.kind === 'failure')).toBe(false);
  });

  it('clears to the single welcome message, closes the open document and drops a pending disclaimer', async () => {
    vi.useFakeTimers();
    const { wrapper } = fakeApi(() =>
      events([{ type: 'token', text: 'An answer long enough.' }, { type: 'done' }]),
    );
    const { result } = renderHook(() => useChatConversation('Jane'), { wrapper });
    act(() => result.current.send('Hi'));
    await settle();
    act(() => result.current.openDocument('metformin'));
    expect(result.current.openDocumentId).toBe('metformin');
    act(() => result.current.clear());
    expect(result.current.messages).toHaveLength(1);
    expect(result.current.messages[0]).toMatchObject({ kind: 'welcome', content: welcomeText('Jane') });
    expect(result.current.openDocumentId).toBeUndefined();
    act(() => vi.advanceTimersByTime(DISCLAIMER_DELAY_MS));
    expect(result.current.messages).toHaveLength(1);
  });

  it('shows a due disclaimer at once when the next question comes first, keeping it under its reply', async () => {
    vi.useFakeTimers();
    const { wrapper } = fakeApi(() =>
      events([
        { type: 'token', text: 'An answer long enough.' },
        { type: 'disclaimer', text: 'Note.' },
        { type: 'done' },
      ]),
    );
    const { result } = renderHook(() => useChatConversation('Jane'), { wrapper });
    act(() => result.current.send('Hi'));
    await settle();
    act(() => result.current.send('Next'));
    expect(result.current.messages.map((m) => m.kind).slice(2)).toEqual(['reply', 'disclaimer', 'user']);
  });
});

describe('chat conversation against the mock API', () => {
  const BASE_URL = 'http://localhost';
  const api = createMockApi({ baseUrl: BASE_URL });
  const scenarios = createScenarios({ baseUrl: BASE_URL });
  const server = setupServer(...api.handlers);
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  beforeEach(() => api.reset());
  afterEach(() => server.resetHandlers());
  afterAll(() => server.close());

  const wrapper = ({ children }: { children: ReactNode }) => (
    <ApiProvider
      client={createApiClient({ baseUrl: BASE_URL, getAccessToken: async () => mockTokenFor('jane') })}
    >
      <ClockProvider clock={CLOCK}>{children}</ClockProvider>
    </ApiProvider>
  );

  it('a 429 with Retry-After becomes the rate-limit notice naming the wait, and the question stays', async () => {
    server.use(...scenarios.rateLimited('chat', 9));
    const { result } = renderHook(() => useChatConversation('Jane'), { wrapper });
    act(() => result.current.send('How much water should I drink?'));
    await waitFor(() => expect(result.current.pending).toBe(false));
    expect(result.current.messages.slice(1)).toMatchObject([
      { kind: 'user', content: 'How much water should I drink?' },
      {
        kind: 'failure',
        content: 'You are sending messages too quickly. Try again in 9 seconds.',
        retryAfterSeconds: 9,
        retryable: true,
      },
    ]);
  });

  it('Retry after the limit has passed gets the reply', async () => {
    server.use(...scenarios.rateLimited('chat', 1));
    const { result } = renderHook(() => useChatConversation('Jane'), { wrapper });
    act(() => result.current.send('How much water should I drink?'));
    await waitFor(() => expect(result.current.pending).toBe(false));
    server.resetHandlers();
    act(() => result.current.retry());
    // The retry waits out the second the server asked for, then the reply streams through the mock API.
    await waitFor(() => expect(result.current.messages.at(-1)?.kind).toBe('reply'));
    await waitFor(() => expect(result.current.pending).toBe(false));
    expect(result.current.messages.filter((m) => m.kind === 'user')).toHaveLength(1);
    expect(result.current.messages.some((m) => m.kind === 'failure')).toBe(false);
  });
});
