import { act, render, renderHook, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ASSISTANT_ERRORS, DEMO_TEXTS, FGA_DEMO_QUERY_COUNT, type CurrentUser } from '@sentinel/domain';
import { ApiProvider } from '../api/ApiProvider';
import { ApiError, type ApiClient } from '../api/client';
import { SessionProvider, type Session } from '../session/SessionProvider';
import {
  CHALLENGE_DEMO_TEXTS,
  ChallengeDemoScreen,
  ROLE_BADGE_TONE,
  type ChallengeDemoScreenProps,
} from './ChallengeDemo';
import { DEMO_LABELS, useChallengeDemos, type DemoOutcomes, type FgaResult } from './ChallengeDemo.data';

const SAMPLES: FgaResult = {
  items: [
    { id: 'sensitivity', query: 'Can Dr. Alice Smith view the diagnostics?', allowed: true },
    { id: 'role', query: 'Can Jane Doe view hypertension management?', allowed: false },
    { id: 'specialization', query: 'Can Dr. Ben Carter view metformin?', allowed: false },
    {
      id: 'prescribing',
      query: 'Can Phil Pharmacist view metformin?',
      allowed: true,
      note: 'restricted prescribing authority (doctor, nurse-practitioner)',
    },
  ],
};

const IDLE: DemoOutcomes = {
  authentication: { state: 'idle' },
  tokenVault: { state: 'idle' },
  fga: { state: 'idle' },
};

function renderScreen(overrides: Partial<ChallengeDemoScreenProps> = {}) {
  const props: ChallengeDemoScreenProps = {
    session: { status: 'signedIn', email: 'dr.alice.smith@example.com', role: 'doctor', mfa: true },
    outcomes: IDLE,
    onRun: vi.fn(),
    onNavigate: vi.fn(),
    ...overrides,
  };
  render(<ChallengeDemoScreen {...props} />);
  return props;
}

describe('challenge demo page (REQ-screen-demo)', () => {
  it('asks a visitor who is not signed in to log in, with no demo buttons', () => {
    renderScreen({ session: { status: 'signedOut' } });
    expect(screen.getByText(DEMO_TEXTS.loggedOut)).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('shows a spinner while the session loads', () => {
    renderScreen({ session: { status: 'loading' } });
    expect(screen.getByRole('status').textContent).toContain(CHALLENGE_DEMO_TEXTS.loading);
  });

  it('shows the email, the role badge text and whether MFA was used', () => {
    renderScreen();
    expect(screen.getByText('dr.alice.smith@example.com')).toBeTruthy();
    expect(screen.getByText('doctor')).toBeTruthy();
    expect(screen.getByText(CHALLENGE_DEMO_TEXTS.mfaUsed)).toBeTruthy();
  });

  it("says 'MFA not used' for a sign-in without a second factor", () => {
    renderScreen({
      session: { status: 'signedIn', email: 'jane.doe@example.com', role: 'patient', mfa: false },
    });
    expect(screen.getByText(CHALLENGE_DEMO_TEXTS.mfaNotUsed)).toBeTruthy();
  });

  it('colours the role badge purple for admin, green for doctor and blue otherwise', () => {
    expect(ROLE_BADGE_TONE).toEqual({ admin: 'accent', doctor: 'positive', patient: 'info' });
  });

  it("goes to the user's own dashboard", async () => {
    const user = userEvent.setup();
    const props = renderScreen({
      session: { status: 'signedIn', email: 'sam.admin@example.com', role: 'admin', mfa: true },
    });
    await user.click(screen.getByRole('button', { name: CHALLENGE_DEMO_TEXTS.goToDashboard }));
    expect(props.onNavigate).toHaveBeenCalledExactlyOnceWith('/admin-dashboard');
  });

  it('offers the three pillar demos and runs the one pressed', async () => {
    const user = userEvent.setup();
    const props = renderScreen();
    const list = screen.getByRole('list', { name: CHALLENGE_DEMO_TEXTS.pillarsLabel });
    expect(
      within(list)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['User authentication', 'Token vault', 'Fine-grained authorization']);
    await user.click(screen.getByRole('button', { name: 'Token vault' }));
    expect(props.onRun).toHaveBeenCalledExactlyOnceWith('tokenVault');
  });

  it('invites a first run while there are no results', () => {
    renderScreen();
    expect(screen.getByText(CHALLENGE_DEMO_TEXTS.resultsEmpty)).toBeTruthy();
  });

  it('shows each result: identity, token vault status and the sample checks', () => {
    renderScreen({
      outcomes: {
        authentication: {
          state: 'success',
          data: {
            sub: 'auth0|alice',
            email: 'dr.alice.smith@example.com',
            role: 'doctor',
            knowledgeRole: 'doctor',
            permissions: ['read:patients', 'write:patients'],
            mfa: true,
          },
        },
        tokenVault: { state: 'success', data: { initialized: true, tokenVault: true } },
        fga: { state: 'success', data: SAMPLES },
      },
    });
    const results = screen.getByRole('region', { name: CHALLENGE_DEMO_TEXTS.resultsTitle });
    expect(results.textContent).toContain('auth0|alice');
    expect(results.textContent).toContain('read:patients, write:patients');
    expect(results.textContent).toContain(CHALLENGE_DEMO_TEXTS.tokenVaultOn);
    expect(results.textContent).toContain(CHALLENGE_DEMO_TEXTS.tokenVaultNote);
    expect(within(results).getAllByRole('listitem').length).toBeGreaterThan(SAMPLES.items.length);
  });

  it('offers the token vault’s connected tool while the vault is on', () => {
    renderScreen({
      outcomes: { ...IDLE, tokenVault: { state: 'success', data: { initialized: true, tokenVault: true } } },
      tokenVaultTool: <section aria-label="Calendar tool" />,
    });
    const results = screen.getByRole('region', { name: CHALLENGE_DEMO_TEXTS.resultsTitle });
    expect(within(results).getByRole('region', { name: 'Calendar tool' })).toBeTruthy();
    expect(results.textContent).toContain(CHALLENGE_DEMO_TEXTS.tokenVaultNote);
  });

  it('says the token vault is not configured, and offers no tool, while it is off (REQ-err-feature-off)', () => {
    renderScreen({
      outcomes: { ...IDLE, tokenVault: { state: 'success', data: { initialized: true, tokenVault: false } } },
      tokenVaultTool: <section aria-label="Calendar tool" />,
    });
    const results = screen.getByRole('region', { name: CHALLENGE_DEMO_TEXTS.resultsTitle });
    expect(within(results).queryByRole('region', { name: 'Calendar tool' })).toBeNull();
    expect(results.textContent).toContain(CHALLENGE_DEMO_TEXTS.tokenVaultOff);
    expect(results.textContent).toContain(ASSISTANT_ERRORS.tokenVaultOff);
    expect(results.textContent).not.toContain(CHALLENGE_DEMO_TEXTS.tokenVaultNote);
  });

  it('lists the four sample checks in order, each with its answer in words and the note where there is one', () => {
    renderScreen({ outcomes: { ...IDLE, fga: { state: 'success', data: SAMPLES } } });
    const list = screen.getByRole('list', { name: CHALLENGE_DEMO_TEXTS.fgaListLabel });
    const rows = within(list).getAllByRole('listitem');
    expect(rows).toHaveLength(FGA_DEMO_QUERY_COUNT);
    expect(rows.map((row) => row.textContent)).toEqual([
      `${CHALLENGE_DEMO_TEXTS.allowed}Can Dr. Alice Smith view the diagnostics?`,
      `${CHALLENGE_DEMO_TEXTS.denied}Can Jane Doe view hypertension management?`,
      `${CHALLENGE_DEMO_TEXTS.denied}Can Dr. Ben Carter view metformin?`,
      `${CHALLENGE_DEMO_TEXTS.allowed}Can Phil Pharmacist view metformin?${CHALLENGE_DEMO_TEXTS.sampleNote('restricted prescribing authority (doctor, nurse-practitioner)')}`,
    ]);
  });

  it('shows the sample checks as busy while they run and in words when they fail', () => {
    renderScreen({ outcomes: { ...IDLE, fga: { state: 'running' } } });
    expect(screen.getByRole('button', { name: 'Fine-grained authorization' }).getAttribute('aria-busy')).toBe(
      'true',
    );
    expect(screen.getByRole('status').textContent).toContain(
      CHALLENGE_DEMO_TEXTS.running('Fine-grained authorization'),
    );
  });

  it('shows a running demo as busy and a failed one in its words', () => {
    renderScreen({
      outcomes: {
        authentication: { state: 'failed', message: 'User authentication demo failed: Not found.' },
        tokenVault: { state: 'running' },
        fga: { state: 'idle' },
      },
    });
    expect(screen.getByText('User authentication demo failed: Not found.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Token vault' }).getAttribute('aria-busy')).toBe('true');
  });
});

const alice: CurrentUser = {
  sub: 'auth0|alice',
  name: 'Dr. Alice Smith',
  email: 'dr.alice.smith@example.com',
  role: 'doctor',
  roles: ['Doctor'],
  permissions: ['read:patients'],
};

function harness(
  call: (name: string, input?: { query?: { q: string } }) => Promise<unknown>,
  session: Session,
) {
  const client = { call: vi.fn(call), streamChat: vi.fn() } as unknown as ApiClient;
  const wrapper = ({ children }: { children: ReactNode }) => (
    <ApiProvider client={client}>
      <SessionProvider session={session}>{children}</SessionProvider>
    </ApiProvider>
  );
  return { client, wrapper };
}

const signedIn: Session = { status: 'signedIn', user: alice, mfa: true, logout: () => undefined };

describe('challenge demo checks (REQ-screen-demo-pillars, REQ-err-demo, REQ-limit-demo-queries)', () => {
  it('checks user authentication through GET /api/me', async () => {
    const { wrapper } = harness(async () => ({ user: alice, knowledgeRole: 'doctor', mfa: true }), signedIn);
    const { result } = renderHook(() => useChallengeDemos(), { wrapper });
    act(() => result.current.run('authentication'));
    await waitFor(() => expect(result.current.outcomes.authentication.state).toBe('success'));
    expect(result.current.outcomes.authentication).toMatchObject({
      data: { sub: 'auth0|alice', role: 'doctor', permissions: ['read:patients'], mfa: true },
    });
  });

  it('reads the token vault feature from the identity status', async () => {
    const { wrapper } = harness(
      async () => ({
        initialized: true,
        features: { tokenVault: false, asyncAuth: true, fga: true },
        timestamp: '2026-11-02T14:30:00.000Z',
      }),
      signedIn,
    );
    const { result } = renderHook(() => useChallengeDemos(), { wrapper });
    act(() => result.current.run('tokenVault'));
    await waitFor(() => expect(result.current.outcomes.tokenVault.state).toBe('success'));
    expect(result.current.outcomes.tokenVault).toMatchObject({
      data: { initialized: true, tokenVault: false },
    });
  });

  it('runs the 4 sample queries through GET /api/identity/fga-samples', async () => {
    const { wrapper, client } = harness(async () => SAMPLES, signedIn);
    const { result } = renderHook(() => useChallengeDemos(), { wrapper });
    act(() => result.current.run('fga'));
    await waitFor(() => expect(result.current.outcomes.fga.state).toBe('success'));
    expect(client.call).toHaveBeenCalledExactlyOnceWith('fgaSamples');
    expect(result.current.outcomes.fga).toEqual({ state: 'success', data: SAMPLES });
  });

  it("reports failed sample queries as 'Fine-grained authorization demo failed: <error>'", async () => {
    const { wrapper } = harness(async () => {
      throw new ApiError(500, 'internal', 'Something went wrong on our side. Please try again later.');
    }, signedIn);
    const { result } = renderHook(() => useChallengeDemos(), { wrapper });
    act(() => result.current.run('fga'));
    await waitFor(() => expect(result.current.outcomes.fga.state).toBe('failed'));
    expect(result.current.outcomes.fga).toEqual({
      state: 'failed',
      message: `${DEMO_LABELS.fga} demo failed: Something went wrong on our side. Please try again later.`,
    });
  });

  it("reports a failure as '<Demo> demo failed: <error>'", async () => {
    const { wrapper } = harness(async () => {
      throw new ApiError(500, 'internal', 'Something went wrong on our side. Please try again later.');
    }, signedIn);
    const { result } = renderHook(() => useChallengeDemos(), { wrapper });
    act(() => result.current.run('authentication'));
    await waitFor(() => expect(result.current.outcomes.authentication.state).toBe('failed'));
    expect(result.current.outcomes.authentication).toEqual({
      state: 'failed',
      message: `${DEMO_LABELS.authentication} demo failed: Something went wrong on our side. Please try again later.`,
    });
  });

  it("fails with 'User not authenticated' when nobody is signed in", async () => {
    const { wrapper, client } = harness(async () => ({}), { status: 'signedOut', login: () => undefined });
    const { result } = renderHook(() => useChallengeDemos(), { wrapper });
    act(() => result.current.run('fga'));
    await waitFor(() => expect(result.current.outcomes.fga.state).toBe('failed'));
    expect(result.current.outcomes.fga).toEqual({
      state: 'failed',
      message: `Fine-grained authorization demo failed: ${DEMO_TEXTS.notAuthenticated}`,
    });
    expect(client.call).not.toHaveBeenCalled();
  });
});
