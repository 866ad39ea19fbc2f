import {
  ASSISTANT_ERRORS,
  PERMISSION_ALERTS,
  SUGGESTED_ACTIONS,
  TOOL_TEXTS,
  approvalSummary,
} from '@sentinel/domain';
import type { ApprovalRequest, ApprovalStatus, ChatToolEvent } from '@sentinel/domain/contract';
import { DEMO_ASSISTANT_STATUS, FIXED_NOW, authorizationFor } from '@sentinel/mocks';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { ChatPanel, ChatPanelScreen } from './ChatPanel';
import { initialConversation, type ChatMessageView } from './ChatPanel.reducer';
import { CHAT_PANEL_TEXTS } from './ChatPanel.texts';
import { TOOL_RESULT_TEXTS, approvalStatusBadge, toolLabel, toolOutcomeBadge } from './ToolResult.utils';

/**
 * The assistant's tools in the chat (REQ-tool): the records tool under fine-grained authorization, the
 * calendar through the token vault (consent, then events with an .ics download) and prescriptions through
 * asynchronous authorization (pending, approved, denied, expired). The live stories run the mock API's chat,
 * which runs the same tools as the server.
 */
const meta = {
  title: 'Screens/ChatPanel/Tools',
  component: ChatPanel,
  globals: { session: 'jane' },
  parameters: { docs: { story: { inline: false, height: '760px' } } },
} satisfies Meta<typeof ChatPanel>;
export default meta;
type Story = StoryObj<typeof meta>;
type Canvas = ReturnType<typeof within>;

const STREAM_WAIT = { timeout: 15_000 };

async function ask(canvas: Canvas, question: string) {
  const box = await canvas.findByRole('textbox', { name: CHAT_PANEL_TEXTS.messageLabel });
  await userEvent.type(box, question);
  await userEvent.keyboard('{Enter}');
}

const toolCard = (canvas: Canvas, tool: Pick<ChatToolEvent, 'tool' | 'action'>) =>
  canvas.findByRole('region', { name: toolLabel(tool) }, STREAM_WAIT);

/** Jane asks for her records: the card lists only what the authorization model lets her read. */
export const RecordsTool: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await ask(canvas, 'Show me my medical records');
    const card = await toolCard(canvas, { tool: 'medical_records_fga', action: 'read' });
    await expect(within(card).getByText(toolOutcomeBadge('ok').label)).toBeVisible();
    await expect(within(card).getAllByRole('listitem').length).toBeGreaterThan(0);
  },
};

/** A patient may not prescribe: the tool is refused with the spec's alert, and nothing is filed. */
export const ToolDenied: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await ask(canvas, 'Prescribe metformin 500 mg twice daily for Jane Doe');
    const card = await toolCard(canvas, { tool: 'prescription_async_auth', action: 'prescribe' });
    await expect(within(card).getByText(toolOutcomeBadge('denied').label)).toBeVisible();
    await expect(canvas.getByRole('log')).toHaveTextContent(PERMISSION_ALERTS.createPrescriptions);
  },
};

/**
 * Token-vault consent: the calendar is not connected, so the tool asks for consent; connecting (read only)
 * and asking again lists Jane's appointments as calendar events, with an .ics download.
 */
export const TokenVaultConsent: Story = {
  tags: ['flow'],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await ask(canvas, 'Show my upcoming appointments');
    const tool = { tool: 'google_calendar_medical', action: 'view_appointments' } as const;
    const card = await toolCard(canvas, tool);
    await expect(within(card).getByText(toolOutcomeBadge('consent_required').label)).toBeVisible();
    await userEvent.click(within(card).getByRole('button', { name: TOOL_RESULT_TEXTS.connectReadOnly }));
    await expect(await within(card).findByText(TOOL_RESULT_TEXTS.calendarConnected)).toBeVisible();
    await userEvent.click(within(card).getByRole('button', { name: TOOL_RESULT_TEXTS.askAgain }));
    const events = await canvas.findByRole('button', { name: TOOL_RESULT_TEXTS.downloadIcs }, STREAM_WAIT);
    await expect(events).toBeEnabled();
    const listed = await toolCard(canvas, tool);
    await expect(within(listed).getByText(toolOutcomeBadge('ok').label)).toBeVisible();
  },
};

/** A doctor's proposal waits for approval; approved in the app (as from the Approvals tab), the card follows. */
export const ProposalApproved: Story = {
  globals: { session: 'alice' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await ask(canvas, 'Prescribe metformin 500 mg twice daily for Jane Doe');
    const card = await toolCard(canvas, { tool: 'prescription_async_auth', action: 'prescribe' });
    await expect(within(card).getByText(approvalStatusBadge('pending').label)).toBeVisible();
    await expect(canvas.getByRole('log')).toHaveTextContent(
      TOOL_TEXTS.approvalRequested(approvalSummary(proposal)),
    );
    // The doctor approves out of band, as in the Approvals tab; the card checks again and shows it.
    const list = (await (
      await fetch('/api/approvals', { headers: { authorization: authorizationFor('alice') } })
    ).json()) as {
      items: ApprovalRequest[];
    };
    const id = list.items[0]?.id ?? '';
    const decided = await fetch(`/api/approvals/${encodeURIComponent(id)}/decision`, {
      method: 'POST',
      headers: { authorization: authorizationFor('alice'), 'content-type': 'application/json' },
      body: JSON.stringify({ decision: 'approve' }),
    });
    await expect(decided.status).toBe(200);
    await expect(
      await within(card).findByText(approvalStatusBadge('approved').label, {}, STREAM_WAIT),
    ).toBeVisible();
  },
};

const proposal = {
  patientName: 'Jane Doe',
  patientEmail: '',
  medication: 'Metformin',
  dosage: '500 mg',
  frequency: 'Twice daily',
  duration: '',
  instructions: '',
  refillsAllowed: 0,
} as const;

function approvalIn(status: ApprovalStatus): ApprovalRequest {
  const created = FIXED_NOW.getTime() - 15 * 60_000;
  return {
    id: 'apr-1001',
    tool: 'prescription_async_auth',
    action: 'prescribe',
    status,
    requestedBy: 'auth0|dr-alice-smith',
    approverSub: 'auth0|dr-alice-smith',
    patientId: 'P-000001',
    summary: approvalSummary(proposal),
    prescription: proposal,
    createdAt: new Date(created).toISOString(),
    expiresAt: new Date(created + 10 * 60_000).toISOString(),
    decidedAt: status === 'approved' || status === 'denied' ? new Date(created + 60_000).toISOString() : null,
    prescriptionId: status === 'approved' ? 'rx-1004' : null,
  };
}

/** The conversation after a proposal, as an embedding team would render the pure screen. */
function conversationWith(status: ApprovalStatus): ChatMessageView[] {
  const approval = approvalIn(status);
  const tool: ChatToolEvent = {
    type: 'tool',
    tool: 'prescription_async_auth',
    action: 'prescribe',
    outcome: 'approval_requested',
    message: TOOL_TEXTS.approvalRequested(approval.summary),
    approval,
  };
  return [
    ...initialConversation('Alice', 'welcome', FIXED_NOW).messages,
    {
      id: 'q',
      role: 'user',
      kind: 'user',
      content: 'Prescribe metformin 500 mg twice daily for Jane Doe',
      timestamp: approval.createdAt,
    },
    { id: 'r', role: 'assistant', kind: 'reply', content: tool.message, timestamp: approval.createdAt, tool },
  ];
}

/** The pure screen, idle and ready, showing these messages (as an embedding team renders it). */
function screenWith(messages: ChatMessageView[], documentCount: number) {
  return (
    <ChatPanelScreen
      assistant={{ state: 'ready', available: true, provider: DEMO_ASSISTANT_STATUS.provider, demo: true }}
      documentCount={documentCount}
      messages={messages}
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
  );
}

const showsStatus =
  (status: ApprovalStatus, hint: string) =>
  async ({ canvasElement }: { canvasElement: HTMLElement }) => {
    const canvas = within(canvasElement);
    const card = await toolCard(canvas, { tool: 'prescription_async_auth', action: 'prescribe' });
    await expect(within(card).getByText(approvalStatusBadge(status).label)).toBeVisible();
    await expect(within(card).getByRole('status')).toHaveTextContent(hint);
  };

/** Approved in the app: the prescription was written, and the card names it. */
export const ApprovalApproved: Story = {
  globals: { session: 'alice' },
  render: () => screenWith(conversationWith('approved'), 4),
  play: showsStatus('approved', 'prescription rx-1004 was created'),
};

/** Denied in the app: nothing was prescribed. */
export const ApprovalDenied: Story = {
  globals: { session: 'alice' },
  render: () => screenWith(conversationWith('denied'), 4),
  play: showsStatus('denied', 'nothing was prescribed'),
};

/** Nobody decided within ten minutes: the request expired and nothing was prescribed. */
export const ApprovalExpired: Story = {
  globals: { session: 'alice' },
  render: () => screenWith(conversationWith('expired'), 4),
  play: showsStatus('expired', 'Expired before a decision'),
};

/** The records tool cannot reach the authorization model: it fails closed with the spec's words. */
export const RecordsToolError: Story = {
  render: () => {
    const tool: ChatToolEvent = {
      type: 'tool',
      tool: 'medical_records_fga',
      action: 'read',
      outcome: 'failed',
      message: ASSISTANT_ERRORS.recordsFailure,
    };
    return screenWith(
      [
        ...initialConversation('Jane', 'welcome', FIXED_NOW).messages,
        {
          id: 'r',
          role: 'assistant',
          kind: 'reply',
          content: tool.message,
          timestamp: FIXED_NOW.toISOString(),
          tool,
        },
      ],
      1,
    );
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const card = await toolCard(canvas, { tool: 'medical_records_fga', action: 'read' });
    await expect(within(card).getByText(toolOutcomeBadge('failed').label)).toBeVisible();
    await expect(canvas.getByRole('log')).toHaveTextContent(ASSISTANT_ERRORS.recordsFailure);
  },
};

/** REQ-data-ai-reply: the reply's suggested follow-ups show as chips; one sends its question, here to the calendar. */
export const SuggestedFollowUps: Story = {
  tags: ['flow'],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await ask(canvas, 'Which medication helps this symptom?');
    const group = await canvas.findByRole('group', { name: CHAT_PANEL_TEXTS.suggestionsLabel }, STREAM_WAIT);
    await userEvent.click(within(group).getByRole('button', { name: SUGGESTED_ACTIONS.appointments }));
    await toolCard(canvas, { tool: 'google_calendar_medical', action: 'view_appointments' });
    // The end of the reply stays in view as the follow-ups appear under the log (on a phone it shrinks).
    const log = canvas.getByRole('log', { name: CHAT_PANEL_TEXTS.messagesLabel });
    await waitFor(() => expect(log.scrollHeight - log.scrollTop - log.clientHeight).toBeLessThanOrEqual(2));
  },
};
