import { buildCurrentUser } from '@sentinel/domain';
import { FIXED_NOW, PERSONAS, claimsFor, createMockApi, mockTokenFor } from '@sentinel/mocks';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setupServer } from 'msw/node';
import { useState, type ReactNode } from 'react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ApiProvider, createQueryClient } from '../api/ApiProvider';
import { createApiClient } from '../api/client';
import { ClockProvider } from '../clock/ClockProvider';
import { SessionProvider, type Session } from '../session/SessionProvider';
import { ChatConversationProvider } from './ChatConversationProvider';
import { ChatPanel } from './ChatPanel';
import { CHAT_PANEL_TEXTS } from './ChatPanel.texts';

const BASE_URL = 'http://localhost';
const CLOCK = { now: () => new Date(FIXED_NOW), locale: 'en-US', timeZone: 'UTC' };
const QUESTION = 'How much water should I drink?';

const api = createMockApi({ baseUrl: BASE_URL });
const server = setupServer(...api.handlers);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => api.reset());
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

/** Two in-page tabs, as a dashboard switches them: only the selected one is mounted. */
function TwoTabs() {
  const [tab, setTab] = useState<'overview' | 'chat'>('chat');
  return (
    <>
      <button type="button" onClick={() => setTab('overview')}>
        Overview
      </button>
      <button type="button" onClick={() => setTab('chat')}>
        Chat
      </button>
      {tab === 'chat' ? <ChatPanel /> : <p>Your health at a glance.</p>}
    </>
  );
}

function renderTabs({ shared }: { shared: boolean }) {
  const built = buildCurrentUser(claimsFor(PERSONAS.jane));
  if (!built.ok) throw new Error(built.error.message);
  const session: Session = { status: 'signedIn', user: built.value, mfa: false, logout: () => undefined };
  const client = createApiClient({ baseUrl: BASE_URL, getAccessToken: async () => mockTokenFor('jane') });
  const frame = (children: ReactNode) =>
    shared ? <ChatConversationProvider>{children}</ChatConversationProvider> : children;
  render(
    <ClockProvider clock={CLOCK}>
      <SessionProvider session={session}>
        <ApiProvider client={client} queryClient={createQueryClient()}>
          {frame(<TwoTabs />)}
        </ApiProvider>
      </SessionProvider>
    </ClockProvider>,
  );
}

const log = () => screen.getByRole('log', { name: CHAT_PANEL_TEXTS.messagesLabel });

async function askAndSwitchAway() {
  const user = userEvent.setup();
  const box = await screen.findByRole('textbox', { name: CHAT_PANEL_TEXTS.messageLabel });
  await user.type(box, `${QUESTION}{Enter}`);
  await waitFor(() => expect(screen.queryByRole('button', { name: CHAT_PANEL_TEXTS.stop })).toBeNull());
  expect(within(log()).getByText(QUESTION)).toBeDefined();
  await user.click(screen.getByRole('button', { name: 'Overview' }));
  expect(screen.queryByRole('log')).toBeNull();
  await user.click(screen.getByRole('button', { name: 'Chat' }));
  await screen.findByRole('log', { name: CHAT_PANEL_TEXTS.messagesLabel });
}

describe('the conversation across tab switches', () => {
  it('is still there, question and reply, after leaving the chat tab and coming back in a dashboard', async () => {
    renderTabs({ shared: true });
    await askAndSwitchAway();
    expect(within(log()).getByText(QUESTION)).toBeDefined();
    // The welcome and the reply, at least (the disclaimer follows the reply after a second).
    expect(within(log()).getAllByText(CHAT_PANEL_TEXTS.assistant).length).toBeGreaterThanOrEqual(2);
  });

  it('starts over with only the welcome when the panel keeps its own conversation (no provider)', async () => {
    renderTabs({ shared: false });
    await askAndSwitchAway();
    expect(within(log()).queryByText(QUESTION)).toBeNull();
    expect(within(log()).getAllByText(CHAT_PANEL_TEXTS.assistant)).toHaveLength(1);
  });
});
