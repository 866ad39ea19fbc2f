import type { ApprovalRequest, ChatToolEvent } from '@sentinel/domain/contract';
import { describe, expect, it } from 'vitest';
import {
  conversationReducer,
  currentSuggestions,
  initialConversation,
  type ChatMessageView,
} from './ChatPanel.reducer';
import {
  TOOL_RESULT_TEXTS,
  approvalPollDelay,
  approvalStatusBadge,
  toolLabel,
  toolOutcomeBadge,
} from './ToolResult.utils';

const NOW = new Date('2026-08-01T09:00:00Z');
const records: ChatToolEvent = {
  type: 'tool',
  tool: 'medical_records_fga',
  action: 'read',
  outcome: 'ok',
  message: 'Here is 1 medical record you are allowed to see.',
  records: [
    { id: 'rec-1', title: 'HbA1c', recordType: 'lab-result', date: '2026-07-01', doctor: 'Dr. Alice Smith' },
  ],
};

function replyWith(
  events: Array<(state: ReturnType<typeof initialConversation>) => ReturnType<typeof initialConversation>>,
) {
  return events.reduce((state, step) => step(state), initialConversation('Jane', 'w', NOW));
}

describe('a tool event in the conversation', () => {
  it('is kept with the reply it came with, with the suggestions of the meta event', () => {
    const state = replyWith([
      (s) => conversationReducer(s, { type: 'sent', id: 'q', text: 'Show me my medical records', now: NOW }),
      (s) => conversationReducer(s, { type: 'started', replyId: 'r' }),
      (s) =>
        conversationReducer(s, {
          type: 'meta',
          knowledgeRefs: [],
          sources: [],
          withheldCount: 0,
          emergency: false,
          suggestedActions: ['What treatment options are there?'],
        }),
      (s) => conversationReducer(s, { type: 'tool', tool: records }),
      (s) => conversationReducer(s, { type: 'token', text: records.message, now: NOW }),
      (s) => conversationReducer(s, { type: 'completed' }),
    ]);
    const reply = state.messages.find((m) => m.id === 'r');
    expect(reply?.tool).toStrictEqual(records);
    expect(reply?.suggestedActions).toStrictEqual(['What treatment options are there?']);
    expect(currentSuggestions(state.messages, state.pending)).toStrictEqual([
      'What treatment options are there?',
    ]);
  });

  it('is dropped when it arrives outside a reply', () => {
    const state = initialConversation('Jane', 'w', NOW);
    expect(conversationReducer(state, { type: 'tool', tool: records })).toBe(state);
  });
});

describe('currentSuggestions', () => {
  const reply = (over: Partial<ChatMessageView> = {}): ChatMessageView => ({
    id: 'r',
    role: 'assistant',
    kind: 'reply',
    content: 'Answer',
    timestamp: NOW.toISOString(),
    suggestedActions: ['Show my upcoming appointments'],
    ...over,
  });
  const disclaimer: ChatMessageView = {
    id: 'd',
    role: 'assistant',
    kind: 'disclaimer',
    content: 'x',
    timestamp: '',
  };

  it('offers the latest complete reply’s follow-ups, also once its disclaimer followed', () => {
    expect(currentSuggestions([reply(), disclaimer], false)).toStrictEqual(['Show my upcoming appointments']);
  });

  it('offers none while a reply is pending, streaming, stopped or cut off, or after a failure notice', () => {
    expect(currentSuggestions([reply()], true)).toStrictEqual([]);
    expect(currentSuggestions([reply({ streaming: true })], false)).toStrictEqual([]);
    expect(currentSuggestions([reply({ stopped: true })], false)).toStrictEqual([]);
    expect(currentSuggestions([reply({ interrupted: true })], false)).toStrictEqual([]);
    const failure: ChatMessageView = {
      id: 'f',
      role: 'assistant',
      kind: 'failure',
      content: 'x',
      timestamp: '',
    };
    expect(currentSuggestions([reply(), failure], false)).toStrictEqual([]);
  });
});

describe('tool card wording', () => {
  const approval = (over: Partial<ApprovalRequest>): ApprovalRequest => ({
    id: 'apr-1',
    tool: 'prescription_async_auth',
    action: 'prescribe',
    status: 'pending',
    requestedBy: 'auth0|alice',
    approverSub: 'auth0|alice',
    patientId: 'P-1',
    summary: 'Metformin 500 mg, Twice daily, for Jane Doe',
    prescription: {
      patientName: 'Jane Doe',
      patientEmail: '',
      medication: 'Metformin',
      dosage: '500 mg',
      frequency: 'Twice daily',
      duration: '',
      instructions: '',
      refillsAllowed: 0,
    },
    createdAt: '2026-08-01T08:55:00Z',
    expiresAt: '2026-08-01T09:05:00Z',
    decidedAt: null,
    prescriptionId: null,
    ...over,
  });

  it('says how long a pending request has left, and reads it expired once its time is up', () => {
    expect(TOOL_RESULT_TEXTS.approvalHint(approval({}), NOW)).toContain('5 min left');
    expect(TOOL_RESULT_TEXTS.approvalHint(approval({}), new Date('2026-08-01T09:05:00Z'))).toBe(
      'Expired before a decision: nothing was prescribed.',
    );
  });

  it('names the prescription an approval created, and says nothing was prescribed on a denial', () => {
    expect(
      TOOL_RESULT_TEXTS.approvalHint(approval({ status: 'approved', prescriptionId: 'rx-9' }), NOW),
    ).toBe('Approved: prescription rx-9 was created.');
    expect(TOOL_RESULT_TEXTS.approvalHint(approval({ status: 'denied' }), NOW)).toBe(
      'Denied: nothing was prescribed.',
    );
  });

  it('puts every outcome and status in words, not only in colour', () => {
    expect(toolOutcomeBadge('consent_required').label).toBe('Consent needed');
    expect(approvalStatusBadge('expired').label).toBe('Expired');
    expect(toolLabel({ tool: 'google_calendar_medical', action: 'view_appointments' })).toBe(
      'Calendar (token vault): view appointments',
    );
  });
});

describe('checking a pending approval request again', () => {
  it('waits 3 s, then twice as long after each check, never more than 30 s', () => {
    expect([0, 1, 2, 3, 4, 5, 20].map(approvalPollDelay)).toEqual([
      3_000, 6_000, 12_000, 24_000, 30_000, 30_000, 30_000,
    ]);
  });

  it('costs at most two dozen checks over the 10 minutes a request stays pending', () => {
    let elapsed = 0;
    let checks = 0;
    while ((elapsed += approvalPollDelay(checks)) <= 10 * 60_000) checks += 1;
    expect(checks).toBeLessThanOrEqual(24);
    expect(checks).toBeGreaterThan(0);
  });
});
