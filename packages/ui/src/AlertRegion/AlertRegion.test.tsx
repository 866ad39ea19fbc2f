import { PERMISSION_ALERTS } from '@sentinel/domain';
import { render, renderHook, screen, act } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { AlertMessage, AlertProvider, AlertRegion, useAlerts, type AlertTone } from './AlertRegion';

function Trigger({ message, tone }: { message: string; tone?: AlertTone }) {
  const { show } = useAlerts();
  return (
    <button type="button" onClick={() => show(message, tone)}>
      {`show ${message}`}
    </button>
  );
}

function Screen({ children }: { children: ReactNode }) {
  return (
    <AlertProvider>
      <AlertRegion />
      {children}
    </AlertProvider>
  );
}

const wrapper = ({ children }: { children: ReactNode }) => <AlertProvider>{children}</AlertProvider>;

describe('AlertRegion', () => {
  it('shows a permission alert as role="alert" and removes it when dismissed (REQ-screen-alerts)', async () => {
    render(
      <Screen>
        <Trigger message={PERMISSION_ALERTS.createUsers} />
      </Screen>,
    );
    expect(screen.queryByRole('alert')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: `show ${PERMISSION_ALERTS.createUsers}` }));
    expect(screen.getByRole('alert').textContent).toBe('You do not have permission to create users');
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows information as role="status", which waits for a pause instead of interrupting', async () => {
    render(
      <Screen>
        <Trigger message="User created" tone="info" />
      </Screen>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'show User created' }));
    expect(screen.getByRole('status').textContent).toBe('User created');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('lets each of several alerts be dismissed on its own', async () => {
    render(
      <Screen>
        <Trigger message={PERMISSION_ALERTS.updateUsers} />
        <Trigger message={PERMISSION_ALERTS.deleteUsers} tone="caution" />
      </Screen>,
    );
    await userEvent.click(screen.getByRole('button', { name: `show ${PERMISSION_ALERTS.updateUsers}` }));
    await userEvent.click(screen.getByRole('button', { name: `show ${PERMISSION_ALERTS.deleteUsers}` }));
    expect(screen.getAllByRole('alert').map((a) => a.textContent)).toEqual([
      PERMISSION_ALERTS.updateUsers,
      PERMISSION_ALERTS.deleteUsers,
    ]);
    const [firstDismiss] = screen.getAllByRole('button', { name: 'Dismiss' });
    await userEvent.click(firstDismiss!);
    expect(screen.getAllByRole('alert').map((a) => a.textContent)).toEqual([PERMISSION_ALERTS.deleteUsers]);
  });

  it('describes each Dismiss button by its message, so the buttons can be told apart', async () => {
    render(
      <Screen>
        <Trigger message={PERMISSION_ALERTS.processRefills} />
      </Screen>,
    );
    await userEvent.click(screen.getByRole('button', { name: `show ${PERMISSION_ALERTS.processRefills}` }));
    const dismiss = screen.getByRole('button', { name: 'Dismiss' });
    expect(document.getElementById(dismiss.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      PERMISSION_ALERTS.processRefills,
    );
  });
});

describe('useAlerts', () => {
  it('gives deterministic ids from a counter', () => {
    const { result } = renderHook(() => useAlerts(), { wrapper });
    let ids: string[] = [];
    act(() => {
      ids = [
        result.current.show(PERMISSION_ALERTS.createAppointments),
        result.current.show('Saved', 'positive'),
      ];
    });
    expect(ids).toEqual(['alert-1', 'alert-2']);
    expect(result.current.alerts).toEqual([
      { id: 'alert-1', message: PERMISSION_ALERTS.createAppointments, tone: 'critical' },
      { id: 'alert-2', message: 'Saved', tone: 'positive' },
    ]);
  });

  it('shows a repeated message once, as the newest alert', () => {
    const { result } = renderHook(() => useAlerts(), { wrapper });
    act(() => {
      result.current.show(PERMISSION_ALERTS.deleteAppointments);
      result.current.show(PERMISSION_ALERTS.ownRecordsOnly);
      result.current.show(PERMISSION_ALERTS.deleteAppointments);
    });
    expect(result.current.alerts.map((a) => [a.id, a.message])).toEqual([
      ['alert-2', PERMISSION_ALERTS.ownRecordsOnly],
      ['alert-3', PERMISSION_ALERTS.deleteAppointments],
    ]);
  });

  it('dismisses by id and ignores an unknown id', () => {
    const { result } = renderHook(() => useAlerts(), { wrapper });
    act(() => {
      result.current.show(PERMISSION_ALERTS.createPrescriptions);
    });
    act(() => result.current.dismiss('alert-99'));
    expect(result.current.alerts).toHaveLength(1);
    act(() => result.current.dismiss('alert-1'));
    expect(result.current.alerts).toEqual([]);
  });

  it('fails loudly outside an AlertProvider instead of dropping alerts silently', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => renderHook(() => useAlerts())).toThrow(/must be used inside <SentinelProvider>.*useAlerts/);
    error.mockRestore();
  });
});

describe('AlertMessage', () => {
  it('has no dismiss button when nothing handles dismissal', () => {
    render(<AlertMessage message={PERMISSION_ALERTS.ownRecordsOnly} />);
    expect(screen.getByRole('alert').textContent).toBe(PERMISSION_ALERTS.ownRecordsOnly);
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('keeps its tone icon decorative, so only the words are announced', () => {
    render(
      <AlertMessage
        message="Record saved"
        tone="positive"
        onDismiss={() => undefined}
        dismissLabel="Close message"
      />,
    );
    expect(screen.queryByRole('img')).toBeNull();
    expect(screen.getByRole('button', { name: 'Close message' })).toBeDefined();
  });
});
