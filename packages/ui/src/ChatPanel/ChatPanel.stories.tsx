import {
  CANNED_ANSWERS,
  CHAT_TEXTS,
  DISCLAIMER,
  TRIAGE_BANNERS,
  TRIAGE_FOLLOW_UPS,
  triageBannerText,
  welcomeText,
} from '@sentinel/domain';
import { DEFAULT_ERROR_MESSAGES } from '@sentinel/domain/contract';
import { DEMO_ASSISTANT_STATUS, FIXED_NOW, scenario } from '@sentinel/mocks';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { ChatPanel, ChatPanelScreen } from './ChatPanel';
import { initialConversation } from './ChatPanel.reducer';
import { CHAT_PANEL_TEXTS } from './ChatPanel.texts';

const meta = {
  title: 'Screens/ChatPanel',
  component: ChatPanel,
  globals: { session: 'jane' },
  parameters: { docs: { story: { inline: false, height: '760px' } } },
} satisfies Meta<typeof ChatPanel>;
export default meta;
type Story = StoryObj<typeof meta>;

type Canvas = ReturnType<typeof within>;

/** A streamed reply takes a second or two on the mock's 15 ms per token; leave room for a busy machine. */
const STREAM_WAIT = { timeout: 15_000 };

/** The composer once the assistant's status has loaded. */
const messageBox = (canvas: Canvas) => canvas.findByRole('textbox', { name: CHAT_PANEL_TEXTS.messageLabel });

/** Types a question and presses Enter, as a user does (REQ-chat-keys). */
async function ask(canvas: Canvas, question: string) {
  await userEvent.type(await messageBox(canvas), question);
  await userEvent.keyboard('{Enter}');
}

/** Waits until the reply has finished streaming (Send is back) and its disclaimer has followed. */
const waitForDisclaimer = (canvas: Canvas) => canvas.findByText(DISCLAIMER, {}, STREAM_WAIT);

/** REQ-chat: Jane is greeted by her first name; her one readable document brings the quick-action chips. */
export const WelcomeForPatient: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const log = await canvas.findByRole('log', { name: CHAT_PANEL_TEXTS.messagesLabel });
    await expect(log).toHaveTextContent(welcomeText('Jane'));
    const chips = await canvas.findByRole('group', { name: CHAT_PANEL_TEXTS.quickActionsLabel });
    for (const text of CHAT_TEXTS.quickActions)
      await expect(within(chips).getByRole('button', { name: text })).toBeVisible();
    await expect(canvas.getByRole('contentinfo')).toHaveTextContent('1 document available');
    await expect(canvas.getByText(CHAT_TEXTS.hipaaLabel)).toBeVisible();
    await expect(canvas.getByText(DEMO_ASSISTANT_STATUS.provider)).toBeVisible();
    await expect(canvas.getByText(CHAT_PANEL_TEXTS.demoModel)).toBeVisible();
  },
};

/**
 * On a phone the panel is as tall as the screen: scrolled into view, the composer is on screen, and the
 * quick-action chips keep to one line that scrolls sideways, leaving the height to the conversation.
 */
export const Phone: Story = {
  globals: { viewport: { value: 'mobile1', isRotated: false } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const input = await messageBox(canvas);
    const panel = canvas.getByRole('region', { name: CHAT_PANEL_TEXTS.title });
    const log = canvas.getByRole('log', { name: CHAT_PANEL_TEXTS.messagesLabel });
    await expect(Math.abs(panel.getBoundingClientRect().height - window.innerHeight)).toBeLessThanOrEqual(1);
    panel.scrollIntoView({ block: 'start' });
    await expect(input.getBoundingClientRect().bottom).toBeLessThanOrEqual(window.innerHeight);
    // Even on a 568-pixel-high phone, a fifth of the panel (several lines of a message) is conversation.
    await expect(log.getBoundingClientRect().height).toBeGreaterThanOrEqual(window.innerHeight / 5);
    // The chips come once the status and the knowledge list have answered, which can be after the message box.
    const chips = await canvas.findByRole('group', { name: CHAT_PANEL_TEXTS.quickActionsLabel });
    const tops = new Set(
      within(chips)
        .getAllByRole('button')
        .map((chip) => chip.getBoundingClientRect().top),
    );
    await expect(tops.size).toBe(1);
  },
};

/**
 * REQ-chat-welcome: without a name the welcome greets 'Patient' (the pure screen, as an embedding team would
 * use it).
 */
export const WelcomeDefaultName: Story = {
  render: () => (
    <ChatPanelScreen
      assistant={{ state: 'ready', available: true, provider: DEMO_ASSISTANT_STATUS.provider, demo: true }}
      documentCount={1}
      messages={initialConversation(undefined, 'welcome', FIXED_NOW).messages}
      pending={false}
      thinking={false}
      emergency={false}
      document={{ state: 'closed' }}
      onSend={fn()}
      onStop={fn()}
      onRetry={fn()}
      onClear={fn()}
      onOpenDocument={fn()}
      onCloseDocument={fn()}
      onRetryDocument={fn()}
      onRetryStatus={fn()}
    />
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('log')).toHaveTextContent('Hello Patient!');
  },
};

/**
 * REQ-chat-disclaimer-delay, REQ-chat: Enter sends; the question shows at once, the reply streams in, the
 * disclaimer follows 1000 ms after it, and the chips are gone once the conversation has more than one
 * message.
 */
export const SendAndStream: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('group', { name: CHAT_PANEL_TEXTS.quickActionsLabel });
    await ask(canvas, 'How can I manage my diabetes?');
    const log = canvas.getByRole('log');
    await expect(within(log).getByText('How can I manage my diabetes?')).toBeVisible();
    await expect(await messageBox(canvas)).toHaveValue('');
    await expect(canvas.queryByRole('group', { name: CHAT_PANEL_TEXTS.quickActionsLabel })).toBeNull();
    await expect(
      await canvas.findByText(/^Managing diabetes usually combines/, {}, STREAM_WAIT),
    ).toBeVisible();
    await expect(canvas.queryByText(DISCLAIMER)).toBeNull();
    await expect(await waitForDisclaimer(canvas)).toBeVisible();
    await expect(canvas.queryByRole('status')).toBeNull();
  },
};

/**
 * REQ-chat-streaming: while the reply has not started, the panel says the assistant is thinking, and Stop
 * ends the wait: the empty reply says it was stopped and offers Retry.
 */
export const ThinkingAndStop: Story = {
  tags: ['flow'],
  parameters: { msw: { handlers: { scenario: scenario.slow('chat') } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await ask(canvas, 'What helps me sleep better?');
    await expect(await canvas.findByRole('status')).toHaveTextContent(CHAT_PANEL_TEXTS.thinking);
    await userEvent.type(await messageBox(canvas), 'Another question');
    await expect(canvas.getByRole('button', { name: CHAT_TEXTS.send })).toBeDisabled();
    await userEvent.click(canvas.getByRole('button', { name: CHAT_PANEL_TEXTS.stop }));
    await waitFor(() => expect(canvas.queryByRole('status')).toBeNull());
    await expect(canvas.getByRole('button', { name: CHAT_TEXTS.send })).toBeEnabled();
    await expect(canvas.queryByText(CHAT_TEXTS.technicalDifficulties)).toBeNull();
    const log = canvas.getByRole('log');
    await expect(within(log).getByText(CHAT_PANEL_TEXTS.stopped)).toBeVisible();
    await expect(within(log).getByRole('button', { name: CHAT_PANEL_TEXTS.retry })).toBeEnabled();
  },
};

/**
 * The paragraph of a partial reply: the first words of the canned general answer, which the stalling and
 * dropping scenarios send before they stop. How many arrive depends on the browser (a dropped stream loses
 * what it had not handed over yet), so any non-empty start of the answer counts. The welcome message says
 * some of the same words, but not at its start.
 */
const PARTIAL_REPLY = (_content: string, element: Element | null) => {
  const text = element?.tagName === 'P' ? (element.textContent?.trim() ?? '') : '';
  return text.length > 0 && CANNED_ANSWERS.general.startsWith(text);
};

/**
 * Stop while tokens stream: the partial reply stays, labelled Stopped, and its Retry asks the same question
 * again (the stream stalls again here, so the new reply can be stopped in turn).
 */
export const Stopped: Story = {
  tags: ['flow'],
  parameters: { msw: { handlers: { scenario: scenario.chatStalls() } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const question = 'Tell me about healthy habits';
    await ask(canvas, question);
    await expect(await canvas.findByText(PARTIAL_REPLY, {}, STREAM_WAIT)).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: CHAT_PANEL_TEXTS.stop }));
    const log = canvas.getByRole('log');
    await expect(await within(log).findByText(CHAT_PANEL_TEXTS.stopped)).toBeVisible();
    await expect(within(log).getByText(PARTIAL_REPLY)).toBeVisible();
    await expect(canvas.queryByRole('button', { name: CHAT_PANEL_TEXTS.stop })).toBeNull();
    await expect(canvas.queryByText(CHAT_TEXTS.technicalDifficulties)).toBeNull();

    await userEvent.click(within(log).getByRole('button', { name: CHAT_PANEL_TEXTS.retry }));
    await expect(
      await canvas.findByRole('button', { name: CHAT_PANEL_TEXTS.stop }, STREAM_WAIT),
    ).toBeVisible();
    await expect(within(log).queryByText(CHAT_PANEL_TEXTS.stopped)).toBeNull();
    await expect(within(log).getAllByText(question)).toHaveLength(1);
    await expect(await within(log).findByText(PARTIAL_REPLY, {}, STREAM_WAIT)).toBeVisible();

    await userEvent.click(canvas.getByRole('button', { name: CHAT_PANEL_TEXTS.stop }));
    await expect(await within(log).findByText(CHAT_PANEL_TEXTS.stopped)).toBeVisible();
    // A stopped reply that had text still gets its disclaimer, after the usual delay: the end state has it.
    await waitFor(() => expect(log.lastElementChild?.textContent ?? '').toContain(DISCLAIMER), STREAM_WAIT);
  },
};

/** How long the rate-limited story's server asks to wait. */
const RATE_LIMIT_WAIT_SECONDS = 2;

/**
 * Sending too often: POST /api/chat answers 429 with Retry-After. The question stays in the conversation, the
 * panel says how long to wait, and Retry becomes available once the wait is over and asks again (this server
 * still refuses, so the notice comes back with a new wait).
 */
export const RateLimited: Story = {
  tags: ['flow'],
  parameters: {
    msw: { handlers: { scenario: scenario.rateLimited('chat', RATE_LIMIT_WAIT_SECONDS) } },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const question = 'How much water should I drink?';
    const notice = CHAT_PANEL_TEXTS.rateLimited(RATE_LIMIT_WAIT_SECONDS);
    await ask(canvas, question);
    await expect(await canvas.findByText(notice, {}, STREAM_WAIT)).toBeVisible();
    await expect(notice).toBe('You are sending messages too quickly. Try again in 2 seconds.');
    const log = canvas.getByRole('log');
    await expect(within(log).getAllByText(question)).toHaveLength(1);
    await expect(canvas.queryByText(CHAT_TEXTS.technicalDifficulties)).toBeNull();
    const retry = within(log).getByRole('button', { name: CHAT_PANEL_TEXTS.retry });
    await expect(retry).toBeDisabled();
    await waitFor(() => expect(retry).toBeEnabled(), { timeout: 10_000 });

    await userEvent.click(retry);
    // Asked again: a new notice with a new wait replaces the old one.
    await waitFor(() => expect(retry).not.toBeInTheDocument());
    await expect(
      await within(log).findByRole('button', { name: CHAT_PANEL_TEXTS.retry }, STREAM_WAIT),
    ).toBeDisabled();
    await expect(within(log).getAllByText(notice)).toHaveLength(1);
    await expect(within(log).getAllByText(question)).toHaveLength(1);
  },
};

/** REQ-chat-keys: Shift+Enter inserts a newline and sends nothing. */
export const ShiftEnterNewline: Story = {
  tags: ['flow'],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const box = await messageBox(canvas);
    await userEvent.type(box, 'First line');
    await userEvent.keyboard('{Shift>}{Enter}{/Shift}');
    await userEvent.type(box, 'Second line');
    await expect(box).toHaveValue('First line\nSecond line');
    await expect(within(canvas.getByRole('log')).queryByText(CHAT_PANEL_TEXTS.you)).toBeNull();
  },
};

/** REQ-chat: a blank message cannot be sent, by button or by Enter. */
export const BlankCannotSend: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await ask(canvas, '   ');
    await expect(canvas.getByRole('button', { name: CHAT_TEXTS.send })).toBeDisabled();
    await expect(within(canvas.getByRole('log')).queryByText(CHAT_PANEL_TEXTS.you)).toBeNull();
  },
};

/** REQ-chat: a quick-action chip sends its text; Jane's reply cites the lifestyle document she may read. */
export const QuickActionChip: Story = {
  tags: ['flow'],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Diabetes medications' }));
    const log = canvas.getByRole('log');
    await expect(within(log).getByText('Diabetes medications')).toBeVisible();
    await expect(canvas.queryByRole('group', { name: CHAT_PANEL_TEXTS.quickActionsLabel })).toBeNull();
    await expect(
      await canvas.findByRole('button', { name: 'Type 2 Diabetes: Lifestyle Treatment' }, STREAM_WAIT),
    ).toBeVisible();
  },
};

/** Asks about metformin as Dr. Alice and opens the cited document. */
async function openMetformin(canvas: Canvas) {
  await ask(canvas, 'What is the metformin dosing?');
  const ref = await canvas.findByRole(
    'button',
    { name: 'Metformin: Prescribing and Monitoring' },
    STREAM_WAIT,
  );
  await userEvent.click(ref);
  return {
    ref,
    dialog: await canvas.findByRole('dialog', { name: 'Metformin: Prescribing and Monitoring' }),
  };
}

/** REQ-data-document, REQ-kb-document-roles: Dr. Alice (endocrinology) asks about metformin: the reply cites it, and the document opens beside it. */
export const KnowledgeReferences: Story = {
  globals: { session: 'alice' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const { ref, dialog } = await openMetformin(canvas);
    await expect(ref).toHaveAccessibleDescription(/^Educational use only/);
    await expect(await within(dialog).findByRole('heading', { name: 'Overview' })).toBeVisible();
    await expect(dialog).toHaveTextContent('knowledge/docs/metformin.md');
  },
};

/** Closing the document returns to the conversation, focus back on the reference. */
export const CloseDocument: Story = {
  tags: ['flow'],
  globals: { session: 'alice' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const { ref, dialog } = await openMetformin(canvas);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(canvas.queryByRole('dialog')).toBeNull());
    await expect(ref).toHaveFocus();
    // The end state is the whole reply: its disclaimer follows a second after the text, open dialog or not.
    await expect(await waitForDisclaimer(canvas)).toBeVisible();
    await expect(ref).toHaveFocus();
  },
};

/** A document that fails to load shows the error and a way to try again. */
export const DocumentError: Story = {
  tags: ['flow'],
  globals: { session: 'alice' },
  parameters: { msw: { handlers: { scenario: scenario.error('getKnowledgeItem') } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await ask(canvas, 'What is the metformin dosing?');
    await userEvent.click(
      await canvas.findByRole('button', { name: 'Metformin: Prescribing and Monitoring' }, STREAM_WAIT),
    );
    const dialog = await canvas.findByRole('dialog', { name: 'Metformin: Prescribing and Monitoring' });
    await expect(
      await within(dialog).findByText(DEFAULT_ERROR_MESSAGES.internal, {}, STREAM_WAIT),
    ).toBeVisible();
    await expect(within(dialog).getByRole('button', { name: CHAT_PANEL_TEXTS.tryAgain })).toBeVisible();
  },
};

/**
 * REQ-kb-oracle: Jane asks about metformin, which is not for patients: no citation, only how many sources were withheld. A
 * source is counted when the question names its title or category (here the title's "metformin" and "drug", the
 * medication category), never by its text (REQ-kb-oracle).
 */
export const WithheldSources: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await ask(canvas, 'Is metformin a drug I can take?');
    await expect(await canvas.findByText(CHAT_PANEL_TEXTS.withheld(1), {}, STREAM_WAIT)).toBeVisible();
    await expect(canvas.queryByRole('button', { name: 'Metformin: Prescribing and Monitoring' })).toBeNull();
  },
};

/**
 * REQ-chat: a message's triage level brings its banner above the conversation, and the reply itself starts with
 * the same words (the mock API triages as the server does).
 */
const showsTriageBanner =
  (question: string, level: 'emergency' | 'crisis' | 'poison' | 'urgent') =>
  async ({ canvasElement }: { canvasElement: HTMLElement }) => {
    const canvas = within(canvasElement);
    await ask(canvas, question);
    const banner = await canvas.findByRole(
      level === 'urgent' ? 'status' : 'alert',
      { name: TRIAGE_BANNERS[level].title },
      STREAM_WAIT,
    );
    await expect(banner).toHaveTextContent(TRIAGE_BANNERS[level].title);
    await expect(banner).toHaveTextContent(TRIAGE_BANNERS[level].body);
    await waitForDisclaimer(canvas);
    const log = canvas.getByRole('log', { name: CHAT_PANEL_TEXTS.messagesLabel });
    await expect(within(log).getByText(triageBannerText(level), { exact: false })).toBeVisible();
  };

/** A red-flag symptom brings the emergency banner: 'For emergencies, call 911' and call 911 now. */
export const Emergency: Story = {
  play: async (context) => {
    await showsTriageBanner('I have chest pain', 'emergency')(context);
    const banner = within(context.canvasElement).getByRole('alert');
    await expect(banner).toHaveTextContent(CHAT_TEXTS.footerEmergency);
    await expect(banner).toHaveTextContent(/call 911 now/i);
    await expect(within(banner).getByRole('link', { name: 'Call 911' })).toHaveAttribute('href', 'tel:911');
  },
};

/** The emergency banner on a phone in the dark theme: the number stays one tap away. */
export const EmergencyPhoneDark: Story = {
  globals: { viewport: { value: 'mobile1', isRotated: false }, theme: 'dark' },
  play: showsTriageBanner('pressure in my chest that spreads to my jaw and I feel clammy', 'emergency'),
};

/** Thoughts of suicide bring the 988 Lifeline banner, and a reply with no educational part. */
export const Crisis: Story = {
  play: async (context) => {
    await showsTriageBanner("I don't see the point in living any more", 'crisis')(context);
    const log = within(context.canvasElement).getByRole('log', { name: CHAT_PANEL_TEXTS.messagesLabel });
    await expect(within(log).getByText(TRIAGE_FOLLOW_UPS.crisis, { exact: false })).toBeVisible();
  },
};

/** A swallowed medicine brings the Poison Help banner. */
export const Poison: Story = {
  play: showsTriageBanner('my toddler swallowed some of my pills', 'poison'),
};

/** A very high reading without symptoms brings the calm care-team notice, then the usual answer. */
export const Urgent: Story = {
  play: showsTriageBanner('my blood pressure is 185/125 and I feel fine', 'urgent'),
};

/** REQ-err-chat-failure: a failed reply adds the technical-difficulties message, with a Retry that resends the last question. */
export const ReplyError: Story = {
  tags: ['flow'],
  parameters: { msw: { handlers: { scenario: scenario.error('chat') } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await ask(canvas, 'How much water should I drink?');
    await expect(await canvas.findByText(CHAT_TEXTS.technicalDifficulties, {}, STREAM_WAIT)).toBeVisible();
    await expect(
      canvas.getByText(CHAT_PANEL_TEXTS.failureDetail(DEFAULT_ERROR_MESSAGES.internal)),
    ).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: CHAT_PANEL_TEXTS.retry }));
    await expect(await canvas.findByText(CHAT_TEXTS.technicalDifficulties, {}, STREAM_WAIT)).toBeVisible();
    await expect(canvas.getAllByText('How much water should I drink?')).toHaveLength(1);
  },
};

/**
 * REQ-model: the stream starts and then the connection drops: the partial reply stays, labelled Interrupted,
 * the failure message follows, and its Retry asks again (the connection drops again here).
 */
export const StreamDropped: Story = {
  tags: ['flow'],
  parameters: { msw: { handlers: { scenario: scenario.chatDrops() } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const question = 'Tell me about healthy habits';
    await ask(canvas, question);
    await expect(await canvas.findByText(CHAT_TEXTS.technicalDifficulties, {}, STREAM_WAIT)).toBeVisible();
    const log = canvas.getByRole('log');
    await expect(within(log).getByText(PARTIAL_REPLY)).toBeVisible();
    await expect(within(log).getByText(CHAT_PANEL_TEXTS.interrupted)).toBeVisible();
    await expect(canvas.queryByText(DISCLAIMER)).toBeNull();

    // Retry replaces the failure (a new element, however fast the next one arrives) with a new attempt.
    const firstFailure = canvas.getByText(CHAT_TEXTS.technicalDifficulties);
    await userEvent.click(canvas.getByRole('button', { name: CHAT_PANEL_TEXTS.retry }));
    await waitFor(() => expect(firstFailure).not.toBeInTheDocument());
    await expect(await canvas.findByText(CHAT_TEXTS.technicalDifficulties, {}, STREAM_WAIT)).toBeVisible();
    await expect(within(log).getAllByText(question)).toHaveLength(1);
    await expect(within(log).getAllByText(CHAT_PANEL_TEXTS.interrupted)).toHaveLength(1);
    await expect(within(log).getAllByText(PARTIAL_REPLY)).toHaveLength(1);
    await expect(canvas.getByRole('button', { name: CHAT_PANEL_TEXTS.retry })).toBeEnabled();
  },
};

/**
 * REQ-chat-unavailable: no AI provider. A patient reads that the assistant is not available, in plain words:
 * nothing about environment variables or providers, and no message box.
 */
export const AssistantUnavailable: Story = {
  globals: { scenario: 'modelUnavailable' },
  parameters: { msw: { handlers: { scenario: scenario.assistantUnavailable() } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { name: CHAT_TEXTS.notAvailableTitle })).toBeVisible();
    await expect(canvas.getByText(CHAT_PANEL_TEXTS.notAvailablePlain)).toBeVisible();
    await expect(canvas.queryByText('HF_TOKEN')).toBeNull();
    await expect(canvas.queryByText(CHAT_PANEL_TEXTS.free)).toBeNull();
    await expect(canvas.queryByRole('textbox')).toBeNull();
  },
};

/**
 * REQ-chat-unavailable, as the admin sees it: configure a provider; three providers (two free), their
 * variables, and the current one.
 */
export const AssistantUnavailableAdmin: Story = {
  globals: { scenario: 'modelUnavailable', session: 'sam' },
  parameters: { msw: { handlers: { scenario: scenario.assistantUnavailable() } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { name: CHAT_TEXTS.notAvailableTitle })).toBeVisible();
    await expect(canvas.getAllByText(CHAT_PANEL_TEXTS.free)).toHaveLength(2);
    await expect(canvas.getByText('HF_TOKEN')).toBeVisible();
    await expect(canvas.getByText('MODEL_ENDPOINT_URL')).toBeVisible();
    await expect(
      canvas.getByText(CHAT_PANEL_TEXTS.currentProvider(DEMO_ASSISTANT_STATUS.provider)),
    ).toBeVisible();
    await expect(canvas.queryByRole('textbox')).toBeNull();
  },
};

/** The assistant's status is still loading. */
export const StatusLoading: Story = {
  parameters: { msw: { handlers: { scenario: scenario.slow('assistantStatus') } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('status')).toHaveTextContent(CHAT_PANEL_TEXTS.statusLoading);
  },
};

/** The assistant's status failed to load: the error and Try again. */
export const StatusError: Story = {
  parameters: { msw: { handlers: { scenario: scenario.error('assistantStatus') } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText(DEFAULT_ERROR_MESSAGES.internal, {}, STREAM_WAIT)).toBeVisible();
    await expect(canvas.getByRole('button', { name: CHAT_PANEL_TEXTS.tryAgain })).toBeVisible();
  },
};

/** REQ-chat-clear: clearing resets to the single welcome message, and the chips come back. */
export const ClearChat: Story = {
  tags: ['flow'],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await ask(canvas, 'Any exercise tips?');
    await waitForDisclaimer(canvas);
    await userEvent.click(canvas.getByRole('button', { name: CHAT_PANEL_TEXTS.clearChat }));
    const log = canvas.getByRole('log');
    await expect(within(log).queryByText('Any exercise tips?')).toBeNull();
    await expect(within(log).getAllByText(CHAT_PANEL_TEXTS.assistant)).toHaveLength(1);
    await expect(log).toHaveTextContent(welcomeText('Jane'));
    await expect(canvas.getByRole('group', { name: CHAT_PANEL_TEXTS.quickActionsLabel })).toBeVisible();
  },
};

/** The panel in the dark theme. */
export const Dark: Story = {
  globals: { theme: 'dark' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByRole('group', { name: CHAT_PANEL_TEXTS.quickActionsLabel }),
    ).toBeVisible();
  },
};
