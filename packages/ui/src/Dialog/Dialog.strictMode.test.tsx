import { RECORD_TEXTS, USER_MANAGEMENT_TEXTS, buildCurrentUser } from '@sentinel/domain';
import {
  FIXED_NOW,
  PERSONAS,
  claimsFor,
  createMockApi,
  mockTokenFor,
  type PersonaKey,
} from '@sentinel/mocks';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setupServer } from 'msw/node';
import { StrictMode, useState, type ReactNode } from 'react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { AlertProvider, AlertRegion } from '../AlertRegion/AlertRegion';
import { ApiProvider, createQueryClient } from '../api/ApiProvider';
import { createApiClient } from '../api/client';
import { Button } from '../Button/Button';
import { ChatPanelScreen, type ChatPanelScreenProps } from '../ChatPanel/ChatPanel';
import { ClockProvider } from '../clock/ClockProvider';
import { MedicalRecords } from '../MedicalRecords/MedicalRecords';
import { Prescriptions } from '../Prescriptions/Prescriptions';
import { PRESCRIPTION_SCREEN_TEXTS } from '../Prescriptions/Prescriptions.utils';
import { SessionProvider, type Session } from '../session/SessionProvider';
import { UserManagement } from '../UserManagement/UserManagement';
import { Dialog } from './Dialog';

/*
 * React's StrictMode (the default of `npm create vite` and of our portal's dev server) mounts every new component
 * twice in development: effects run, are cleaned up, and run again. A dialog that mounts already open is thus
 * closed and reopened at once. Browsers fire the close event of that first close in a later task (HTML: "queue an
 * element task ... to fire an event named close"), after the dialog is open again; happy-dom fires it inside
 * close(), which hid the bug. These tests give the dialog the browsers' timing.
 */
const nativeClose = HTMLDialogElement.prototype.close;
beforeEach(() => {
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement, returnValue?: string) {
    if (!this.open) return;
    this.removeAttribute('open');
    if (returnValue !== undefined) this.returnValue = returnValue;
    setTimeout(() => this.dispatchEvent(new Event('close')));
  };
});
afterEach(() => {
  HTMLDialogElement.prototype.close = nativeClose;
});

/** Lets every queued close event fire, so a dialog that would be closed by one is gone when we look. */
const afterQueuedEvents = () => act(() => new Promise<void>((resolve) => setTimeout(resolve, 20)));

const CLOCK = { now: () => new Date(FIXED_NOW), locale: 'en-US', timeZone: 'UTC' };

describe('a dialog under React StrictMode', () => {
  it('stays open when it is mounted open, as `{open && <Dialog open>}` does', async () => {
    const onClose = vi.fn();
    function Owner() {
      const [open, setOpen] = useState(false);
      return (
        <>
          <Button onClick={() => setOpen(true)}>Open</Button>
          {open ? (
            <Dialog
              open
              title="Details"
              onClose={() => {
                onClose();
                setOpen(false);
              }}
            >
              Body
            </Dialog>
          ) : null}
        </>
      );
    }
    const user = userEvent.setup();
    render(
      <StrictMode>
        <Owner />
      </StrictMode>,
    );
    await user.click(screen.getByRole('button', { name: 'Open' }));
    await afterQueuedEvents();
    expect(screen.getByRole('dialog', { name: 'Details' })).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('still closes once, and stays closed, when its Close button is pressed', async () => {
    const onClose = vi.fn();
    function Owner() {
      const [open, setOpen] = useState(true);
      return (
        <Dialog
          open={open}
          title="Details"
          onClose={() => {
            onClose();
            setOpen(false);
          }}
        >
          Body
        </Dialog>
      );
    }
    const user = userEvent.setup();
    render(
      <StrictMode>
        <Owner />
      </StrictMode>,
    );
    await afterQueuedEvents();
    await user.click(screen.getByRole('button', { name: 'Close' }));
    await afterQueuedEvents();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(onClose).toHaveBeenCalledOnce();
  });
});

describe('screens with dialogs under React StrictMode (connected to the mock API)', () => {
  const BASE_URL = 'http://localhost';
  const api = createMockApi({ baseUrl: BASE_URL });
  const server = setupServer(...api.handlers);
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  beforeEach(() => api.reset());
  afterAll(() => server.close());

  function renderStrict(children: ReactNode, who: PersonaKey = 'alice') {
    const built = buildCurrentUser(claimsFor(PERSONAS[who]));
    if (!built.ok) throw new Error(built.error.message);
    const session: Session = { status: 'signedIn', user: built.value, mfa: false, logout: () => undefined };
    const client = createApiClient({ baseUrl: BASE_URL, getAccessToken: async () => mockTokenFor(who) });
    render(
      <StrictMode>
        <ClockProvider clock={CLOCK}>
          <SessionProvider session={session}>
            <ApiProvider client={client} queryClient={createQueryClient()}>
              <AlertProvider>
                <AlertRegion />
                {children}
              </AlertProvider>
            </ApiProvider>
          </SessionProvider>
        </ClockProvider>
      </StrictMode>,
    );
    return userEvent.setup();
  }

  it('keeps the record opened with View Details open', async () => {
    const user = renderStrict(<MedicalRecords />);
    const card = within(await screen.findByRole('article', { name: 'Stage 2 hypertension' }));
    await user.click(card.getByRole('button', { name: RECORD_TEXTS.viewDetails }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Stage 2 hypertension' }));
    expect(await dialog.findByText('150/93 mmHg')).toBeTruthy();
    await afterQueuedEvents();
    expect(screen.getByRole('dialog', { name: 'Stage 2 hypertension' })).toBeTruthy();
  });

  it('keeps the New Record form open', async () => {
    const user = renderStrict(<MedicalRecords />);
    await user.click(await screen.findByRole('button', { name: RECORD_TEXTS.newRecord }));
    await afterQueuedEvents();
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('keeps a prescription opened with View Details open', async () => {
    const user = renderStrict(<Prescriptions />, 'jane');
    const card = within(await screen.findByRole('region', { name: 'Metformin' }));
    await user.click(card.getByRole('button', { name: PRESCRIPTION_SCREEN_TEXTS.viewDetails }));
    await afterQueuedEvents();
    expect(screen.getByRole('dialog', { name: 'Metformin' })).toBeTruthy();
  });

  it('keeps the confirmation of a user’s deletion open until it is answered', async () => {
    const user = renderStrict(<UserManagement />, 'sam');
    await user.click(await screen.findByRole('button', { name: 'Delete John Roe' }));
    await afterQueuedEvents();
    const confirm = within(screen.getByRole('alertdialog'));
    expect(confirm.getByRole('button', { name: USER_MANAGEMENT_TEXTS.delete })).toBeTruthy();
  });
});

describe('ChatPanel under React StrictMode', () => {
  it('keeps a knowledge document it opens open', async () => {
    const onCloseDocument = vi.fn();
    const props: ChatPanelScreenProps = {
      assistant: { state: 'ready', available: true, provider: 'Sentinel demo model', demo: true },
      documentCount: 1,
      messages: [],
      pending: false,
      thinking: false,
      emergency: false,
      document: { state: 'loading', title: 'Metformin' },
      onSend: vi.fn(),
      onStop: vi.fn(),
      onRetry: vi.fn(),
      onClear: vi.fn(),
      onOpenDocument: vi.fn(),
      onCloseDocument,
      onRetryDocument: vi.fn(),
      onRetryStatus: vi.fn(),
    };
    render(
      <StrictMode>
        <ClockProvider clock={CLOCK}>
          <ChatPanelScreen {...props} />
        </ClockProvider>
      </StrictMode>,
    );
    expect(await screen.findByRole('dialog', { name: 'Metformin' })).toBeTruthy();
    await afterQueuedEvents();
    expect(onCloseDocument).not.toHaveBeenCalled();
  });
});
