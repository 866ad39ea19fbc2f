import { RECORD_TEXTS, buildCurrentUser } from '@sentinel/domain';
import { PERSONAS, claimsFor, createMockApi, mockTokenFor, type PersonaKey } from '@sentinel/mocks';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setupServer } from 'msw/node';
import { useState } from 'react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAlerts } from '../AlertRegion/AlertRegion';
import { Button } from '../Button/Button';
import { useClock } from '../clock/ClockProvider';
import { MedicalRecords } from '../MedicalRecords/MedicalRecords';
import type { Session } from '../session/SessionProvider';
import { createTheme } from '../theme/createTheme';
import { vars } from '../theme/theme.css';
import { SentinelProvider } from './SentinelProvider';

const BASE_URL = 'http://localhost';
const api = createMockApi({ baseUrl: BASE_URL });
const server = setupServer(...api.handlers);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => api.reset());
afterEach(() => vi.unstubAllEnvs());
afterAll(() => server.close());

function sessionOf(who: PersonaKey): Session {
  const built = buildCurrentUser(claimsFor(PERSONAS[who]));
  if (!built.ok) throw new Error(built.error.message);
  return { status: 'signedIn', user: built.value, mfa: false, logout: () => undefined };
}

/** React reports a render error on console.error as well as throwing it; these tests expect the throw. */
function quietly(run: () => void) {
  const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
  try {
    run();
  } finally {
    error.mockRestore();
  }
}

describe('SentinelProvider', () => {
  it('is all a host needs to show a connected screen: base URL, token getter and session', async () => {
    render(
      <SentinelProvider
        baseUrl={BASE_URL}
        getAccessToken={async () => mockTokenFor('alice')}
        session={sessionOf('alice')}
      >
        <MedicalRecords />
      </SentinelProvider>,
    );
    expect(await screen.findByRole('article', { name: 'Stage 2 hypertension' })).toBeTruthy();
    expect(screen.getByRole('button', { name: RECORD_TEXTS.newRecord })).toBeTruthy();
  });

  it('asks the latest token getter a host passed, not the one of its first render', async () => {
    const first = vi.fn(async () => mockTokenFor('alice'));
    const second = vi.fn(async () => mockTokenFor('alice'));
    const { rerender } = render(
      <SentinelProvider baseUrl={BASE_URL} getAccessToken={first} session={sessionOf('alice')}>
        <span />
      </SentinelProvider>,
    );
    rerender(
      <SentinelProvider baseUrl={BASE_URL} getAccessToken={second} session={sessionOf('alice')}>
        <MedicalRecords />
      </SentinelProvider>,
    );
    await screen.findByRole('article', { name: 'Stage 2 hypertension' });
    expect(second).toHaveBeenCalled();
    expect(first).not.toHaveBeenCalled();
  });

  it('keeps what is on the page when the session and the token getter arrive after the first render', async () => {
    function Counter() {
      const [count, setCount] = useState(0);
      return <Button onClick={() => setCount((n) => n + 1)}>{`Clicked ${count}`}</Button>;
    }
    const user = userEvent.setup();
    const { rerender } = render(
      <SentinelProvider>
        <Counter />
      </SentinelProvider>,
    );
    await user.click(screen.getByRole('button', { name: 'Clicked 0' }));
    rerender(
      <SentinelProvider
        baseUrl={BASE_URL}
        getAccessToken={async () => mockTokenFor('alice')}
        session={sessionOf('alice')}
      >
        <Counter />
      </SentinelProvider>,
    );
    expect(screen.getByRole('button', { name: 'Clicked 1' })).toBeTruthy();
  });

  it('shows alerts a screen raises in its own region, unless the host places the region itself', async () => {
    function Raise() {
      const { show } = useAlerts();
      return <Button onClick={() => show('Saved.', 'positive')}>Save</Button>;
    }
    const user = userEvent.setup();
    const { unmount } = render(
      <SentinelProvider>
        <Raise />
      </SentinelProvider>,
    );
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByRole('status').textContent).toBe('Saved.');
    unmount();
    render(
      <SentinelProvider alertRegion="none">
        <Raise />
      </SentinelProvider>,
    );
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('formats with the browser’s locale and the real clock unless told otherwise', () => {
    function ClockOf() {
      const clock = useClock();
      return <output>{`${clock.locale} ${clock.timeZone} ${clock.now().getFullYear()}`}</output>;
    }
    const { unmount } = render(
      <SentinelProvider>
        <ClockOf />
      </SentinelProvider>,
    );
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    expect(screen.getByRole('status').textContent).toBe(
      `${navigator.language} ${zone} ${new Date().getFullYear()}`,
    );
    unmount();
    render(
      <SentinelProvider
        clock={{ locale: 'de-DE', timeZone: 'Europe/Berlin', now: () => new Date('2030-01-01') }}
      >
        <ClockOf />
      </SentinelProvider>,
    );
    expect(screen.getByRole('status').textContent).toBe('de-DE Europe/Berlin 2030');
  });

  it('applies a theme made with createTheme: its base class and its variables inline', () => {
    const theme = createTheme({ color: { brand: '#7a1f5c' } }, { name: 'partner' });
    render(
      <SentinelProvider theme={theme}>
        <p>Themed</p>
      </SentinelProvider>,
    );
    const themed = screen.getByText('Themed').closest('[data-theme]');
    if (!(themed instanceof HTMLElement)) throw new Error('no themed element');
    expect(themed.dataset['theme']).toBe('partner');
    expect(themed.className).toContain(theme.className);
    const property = vars.color.brand.replace(/^var\((.*)\)$/, '$1');
    expect(themed.style.getPropertyValue(property)).toBe('#7a1f5c');
  });
});

describe('a screen outside SentinelProvider', () => {
  it('names itself and SentinelProvider in development', () => {
    quietly(() =>
      expect(() => render(<MedicalRecords />)).toThrow(
        /^MedicalRecords must be used inside <SentinelProvider>: it reads the signed-in person, given by its `session` prop/,
      ),
    );
  });

  it('names the missing API client when the provider has a session but no client', () => {
    quietly(() =>
      expect(() =>
        render(
          <SentinelProvider session={sessionOf('alice')}>
            <MedicalRecords />
          </SentinelProvider>,
        ),
      ).toThrow(/^MedicalRecords must be used inside <SentinelProvider>: it reads the API client/),
    );
  });

  it('fails the same way in production, with a short message', () => {
    vi.stubEnv('NODE_ENV', 'production');
    quietly(() =>
      expect(() => render(<MedicalRecords />)).toThrow(/^useSession: missing <SentinelProvider>\.$/),
    );
  });
});
