import { FIXED_NOW } from '@sentinel/mocks';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode, useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Button } from '../Button/Button';
import { ChatPanelScreen, type ChatPanelScreenProps } from '../ChatPanel/ChatPanel';
import { ClockProvider } from '../clock/ClockProvider';
import { afterQueuedEvents, withBrowsersDialogCloseTiming } from '../test/dialogCloseTiming';
import { Dialog } from './Dialog';

// Every connected screen under StrictMode, against the mock API: src/test/strictMode.test.tsx.
withBrowsersDialogCloseTiming();

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
