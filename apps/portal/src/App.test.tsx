import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { BrowserRouter, MemoryRouter, useLocation, useNavigationType } from 'react-router-dom';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import {
  AUTH_SCOPE,
  CLAIM_NAMESPACE,
  LOGIN_ERRORS,
  MFA_REQUIRED_MESSAGE,
  ROUTE_TEXTS,
  SESSION_TEXTS,
} from '@sentinel/domain';
import { ADMIN_HEADER, AlertProvider, CHALLENGE_DEMO_TEXTS, LANDING_TEXTS } from '@sentinel/ui';
import { App } from './App';
import { KEEP_ALIVE_MS } from './AuthSession';
import type { AuthConfig } from './config';
import { PORTAL_SESSION_TEXTS, PortalSession, loadSdkSession } from './PortalSession';
import { PortalRoutes } from './PortalRoutes';
import { SchedulerProvider, type Repeat } from './scheduler';
import { MULTI_FACTOR_ACR } from './session.utils';
import { CHALLENGE_PAGE_TEXTS } from './SignedInPages';

type Claims = Record<string, unknown>;
type AuthState = {
  isLoading: boolean;
  isAuthenticated: boolean;
  user?: Claims;
  error?: Error;
  loginWithRedirect: Mock;
  logout: Mock;
  revokeRefreshToken: Mock;
  getIdTokenClaims: Mock;
  getAccessTokenSilently: Mock;
};

// The unmodified SDK is replaced by a controllable state: what the portal does with each state is under test.
// The provider counts its renders: a visitor's landing must come up without it.
const sdk = vi.hoisted(() => ({
  state: undefined as unknown as AuthState,
  providerProps: undefined as unknown as Record<string, unknown>,
  providerRenders: 0,
}));
vi.mock('@auth0/auth0-react', () => ({
  Auth0Provider: (props: { children: ReactNode } & Record<string, unknown>) => {
    sdk.providerProps = props;
    sdk.providerRenders += 1;
    return props.children;
  },
  useAuth0: () => sdk.state,
}));

const CONFIG: AuthConfig = {
  domain: 'http://localhost:4000',
  clientId: 'sentinel-portal',
  audience: 'https://api.sentinel-health.example',
};

const roles = (...names: string[]) => ({ [`${CLAIM_NAMESPACE}roles`]: names });
const PERSONAS = {
  jane: { sub: 'auth0|jane000001', name: 'Jane Doe', email: 'jane.doe@example.com', ...roles('Patient') },
  alice: {
    sub: 'auth0|alice00001',
    name: 'Dr. Alice Smith',
    email: 'dr.alice.smith@example.com',
    ...roles('Doctor'),
  },
  sam: { sub: 'auth0|sam0000001', name: 'Sam Admin', email: 'sam.admin@example.com', ...roles('Admin') },
} satisfies Record<string, Claims>;

function baseState(): AuthState {
  return {
    isLoading: false,
    isAuthenticated: false,
    loginWithRedirect: vi.fn(async () => undefined),
    logout: vi.fn(async () => undefined),
    revokeRefreshToken: vi.fn(async () => undefined),
    getIdTokenClaims: vi.fn(async () => undefined),
    getAccessTokenSilently: vi.fn(async () => 'access-token-1'),
  };
}

function signedInAs(claims: Claims, extra: Claims = {}): AuthState {
  const idToken = { ...claims, ...extra };
  return {
    ...baseState(),
    isAuthenticated: true,
    // The SDK's user lacks protocol claims such as amr; the full claims come from getIdTokenClaims.
    user: claims,
    getIdTokenClaims: vi.fn(async () => idToken),
  };
}

function ShowLocation() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname}</output>;
}

const currentPath = () => screen.getByTestId('location').textContent;

/** The cookie @auth0/auth0-spa-js writes at every sign-in (and logout removes): a session may exist. */
const SESSION_COOKIE = `auth0.${CONFIG.clientId}.is.authenticated`;
const setSessionCookie = () => {
  document.cookie = `${SESSION_COOKIE}=true; path=/`;
};

function renderAt(path: string, config: AuthConfig = CONFIG, repeat?: Repeat) {
  // A signed-in SDK state comes with the cookie the SDK wrote when that user signed in.
  if (sdk.state.isAuthenticated) setSessionCookie();
  const app = <App config={config} />;
  return render(
    <MemoryRouter initialEntries={[path]}>
      {repeat ? <SchedulerProvider repeat={repeat}>{app}</SchedulerProvider> : app}
      <ShowLocation />
    </MemoryRouter>,
  );
}

/**
 * An interval timer the test moves by hand: its tasks run only when the test says that time has passed, so
 * nothing depends on how fast the machine renders the page or when React runs its effects.
 */
function manualRepeat() {
  type Task = { run: () => void; everyMs: number; dueAt: number };
  const tasks = new Set<Task>();
  const waiting: { everyMs: number; resolve: () => void }[] = [];
  let now = 0;
  const setEvery = (everyMs: number) => [...tasks].filter((task) => task.everyMs === everyMs);
  const repeat: Repeat = (run, everyMs) => {
    const task = { run, everyMs, dueAt: now + everyMs };
    tasks.add(task);
    for (const waiter of waiting.filter((w) => w.everyMs === everyMs)) {
      waiting.splice(waiting.indexOf(waiter), 1);
      waiter.resolve();
    }
    return () => void tasks.delete(task);
  };
  return {
    repeat,
    /** How many tasks repeat every `everyMs` now. */
    active: (everyMs: number) => setEvery(everyMs).length,
    /** Settles once a task repeating every `everyMs` is set (the page's effects have run), however long that takes. */
    scheduled: (everyMs: number) =>
      setEvery(everyMs).length > 0
        ? Promise.resolve()
        : new Promise<void>((resolve) => waiting.push({ everyMs, resolve })),
    /** Lets `ms` pass: each task runs as often as it fell due, in the order it fell due. */
    advance(ms: number) {
      const until = now + ms;
      for (;;) {
        const next = [...tasks].filter((t) => t.dueAt <= until).sort((a, b) => a.dueAt - b.dueAt)[0];
        if (!next) break;
        now = next.dueAt;
        next.dueAt += next.everyMs;
        next.run();
      }
      now = until;
    },
  };
}

const fetchStub = vi.fn(async () => new Response('Service Unavailable', { status: 503 }));

// The chunks the portal fetches when first needed (REQ-perf-files) are transformed once, here, rather than inside the
// first test that opens each: on a loaded machine that takes seconds, which a test's waits should not include.
// The tests still see every chunk arrive a moment after the render that asks for it, as in the browser.
beforeAll(async () => {
  await Promise.all([
    loadSdkSession(),
    import('./SignedInPages'),
    import('./dashboards/PatientDashboard'),
    import('./dashboards/DoctorPortal'),
    import('./dashboards/AdminDashboard'),
    import('@sentinel/domain/contract'),
  ]);
});

beforeEach(() => {
  sdk.state = baseState();
  sdk.providerProps = undefined as unknown as Record<string, unknown>;
  sdk.providerRenders = 0;
  fetchStub.mockClear();
  // Screens reach the API through fetch; nothing may leave the test, so the API is "down".
  vi.stubGlobal('fetch', fetchStub);
});
afterEach(() => {
  vi.unstubAllGlobals();
  document.cookie = `${SESSION_COOKIE}=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT`;
  localStorage.clear();
});

describe('the portal while sign-in is loading', () => {
  it('shows the loading screen with the spec text and nothing else', () => {
    setSessionCookie();
    sdk.state = { ...baseState(), isLoading: true };
    renderAt('/patient-dashboard');
    expect(screen.getByText(ROUTE_TEXTS.loading)).toBeDefined();
    expect(screen.queryByRole('button', { name: LANDING_TEXTS.signIn })).toBeNull();
    expect(currentPath()).toBe('/patient-dashboard');
  });

  it('keeps the loading screen until the id-token claims are read', () => {
    sdk.state = { ...signedInAs(PERSONAS.jane), getIdTokenClaims: vi.fn(() => new Promise(() => undefined)) };
    renderAt('/');
    expect(screen.getByText(ROUTE_TEXTS.loading)).toBeDefined();
    expect(currentPath()).toBe('/');
  });
});

describe('a visitor who is not signed in', () => {
  it('sees the landing at once, without the sign-in SDK', () => {
    const loadSdk = vi.fn(loadSdkSession);
    render(
      <MemoryRouter initialEntries={['/']}>
        <AlertProvider>
          <PortalSession config={CONFIG} loadSdk={loadSdk}>
            <PortalRoutes />
          </PortalSession>
        </AlertProvider>
      </MemoryRouter>,
    );
    expect(screen.getByRole('button', { name: LANDING_TEXTS.signIn })).toBeDefined();
    expect(screen.queryByText(ROUTE_TEXTS.loading)).toBeNull();
    // render() has run the effects, the one place the SDK is asked for: it was not, so it cannot arrive later.
    expect(loadSdk).not.toHaveBeenCalled();
    expect(sdk.providerRenders).toBe(0);
  });

  it('Sign In loads the SDK and starts the login redirect returning to /, the landing staying meanwhile', async () => {
    renderAt('/');
    await userEvent.click(screen.getByRole('button', { name: LANDING_TEXTS.signIn }));
    await waitFor(() =>
      expect(sdk.state.loginWithRedirect).toHaveBeenCalledWith({ appState: { returnTo: '/' } }),
    );
    expect(sdk.state.loginWithRedirect).toHaveBeenCalledTimes(1);
    expect(sdk.providerProps).toMatchObject({ clientId: CONFIG.clientId });
    expect(screen.getByRole('button', { name: LANDING_TEXTS.signIn })).toBeDefined();
  });

  it('is sent from /admin-dashboard to / and, after signing in, returns to the deep link', async () => {
    renderAt('/admin-dashboard');
    expect(currentPath()).toBe('/');
    await userEvent.click(screen.getByRole('button', { name: LANDING_TEXTS.getStarted }));
    await waitFor(() =>
      expect(sdk.state.loginWithRedirect).toHaveBeenCalledWith({
        appState: { returnTo: '/admin-dashboard' },
      }),
    );
  });

  it('does not start the redirect while the SDK is still checking for a session, only after', async () => {
    sdk.state = { ...baseState(), isLoading: true };
    const view = renderAt('/');
    await userEvent.click(screen.getByRole('button', { name: LANDING_TEXTS.signIn }));
    await waitFor(() => expect(sdk.providerRenders).toBeGreaterThan(0));
    expect(sdk.state.loginWithRedirect).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: LANDING_TEXTS.signIn })).toBeDefined();
    sdk.state = { ...sdk.state, isLoading: false };
    view.rerender(
      <MemoryRouter initialEntries={['/']}>
        <App config={CONFIG} />
        <ShowLocation />
      </MemoryRouter>,
    );
    await waitFor(() => expect(sdk.state.loginWithRedirect).toHaveBeenCalledTimes(1));
  });

  it('is sent from an unknown path to /', () => {
    renderAt('/no/such/page');
    expect(currentPath()).toBe('/');
    expect(screen.getByRole('button', { name: LANDING_TEXTS.startNow })).toBeDefined();
  });
});

describe('a returning user', () => {
  it("with the SDK's session cookie gets the SDK at once and lands on their dashboard", async () => {
    sdk.state = signedInAs(PERSONAS.jane);
    renderAt('/');
    expect(await screen.findByRole('heading', { name: 'Welcome back, Jane' })).toBeDefined();
    expect(sdk.providerRenders).toBeGreaterThan(0);
  });

  it('whose cookie has expired but whose SDK cache is still in localStorage is restored too', async () => {
    localStorage.setItem(`@@auth0spajs@@::${CONFIG.clientId}::@@user@@`, '{}');
    sdk.state = signedInAs(PERSONAS.alice);
    render(
      <MemoryRouter initialEntries={['/']}>
        <App config={CONFIG} />
      </MemoryRouter>,
    );
    expect(document.cookie).not.toContain(SESSION_COOKIE);
    expect(await screen.findByRole('heading', { level: 1, name: /Welcome, Dr\. Smith/ })).toBeDefined();
  });

  it('coming back from the provider (/?code=...&state=...) gets the SDK, which completes the sign-in', async () => {
    sdk.state = { ...signedInAs(PERSONAS.sam), isAuthenticated: false, isLoading: true };
    render(
      <MemoryRouter initialEntries={['/?code=abc&state=xyz']}>
        <App config={CONFIG} />
      </MemoryRouter>,
    );
    expect(screen.getByText(ROUTE_TEXTS.loading)).toBeDefined();
    await waitFor(() => expect(sdk.providerRenders).toBeGreaterThan(0));
  });
});

describe('a stored session that is over', () => {
  const sessionOver = (error: string) => ({
    ...signedInAs(PERSONAS.jane),
    getAccessTokenSilently: vi.fn(async () =>
      Promise.reject(Object.assign(new Error('Unknown or invalid refresh token.'), { error })),
    ),
  });

  it.each(['invalid_grant', 'login_required', 'missing_refresh_token'])(
    'is ended when its token cannot be renewed (%s): the landing with a notice, the SDK storage cleared in place',
    async (error) => {
      sdk.state = sessionOver(error);
      renderAt('/patient-dashboard');
      expect(await screen.findByText(SESSION_TEXTS.ended)).toBeDefined();
      expect(await screen.findByRole('button', { name: LANDING_TEXTS.signIn })).toBeDefined();
      expect(screen.queryByRole('heading', { name: 'Welcome back, Jane' })).toBeNull();
      // Forgotten here without a trip to the provider; the notice is a status, dismissible.
      expect(sdk.state.logout).toHaveBeenCalledTimes(1);
      expect(sdk.state.logout).toHaveBeenCalledWith({ openUrl: false });
      expect(screen.getByText(SESSION_TEXTS.ended).getAttribute('role')).toBe('status');
    },
  );

  it('signing in again from there starts the login, returning to the dashboard the user was on', async () => {
    sdk.state = sessionOver('invalid_grant');
    renderAt('/patient-dashboard');
    await userEvent.click(await screen.findByRole('button', { name: LANDING_TEXTS.signIn }));
    expect(sdk.state.loginWithRedirect).toHaveBeenCalledWith({
      appState: { returnTo: '/patient-dashboard' },
    });
  });

  it('is ended in this tab too when another tab logs out (its logout empties the SDK storage)', async () => {
    sdk.state = signedInAs(PERSONAS.jane);
    renderAt('/patient-dashboard');
    expect(await screen.findByRole('heading', { name: 'Welcome back, Jane' })).toBeDefined();
    // A refresh in the other tab rewrites an entry: nothing happens.
    const key = `@@auth0spajs@@::${CONFIG.clientId}::@@user@@`;
    act(() => window.dispatchEvent(new StorageEvent('storage', { key, newValue: '{}' })));
    expect(screen.getByRole('heading', { name: 'Welcome back, Jane' })).toBeDefined();
    // Its logout removes the last entry. The tab listens once its signed-in part has mounted, which on a busy
    // machine may come after the heading: the other tab's event is sent until this tab has taken it.
    await waitFor(() => {
      act(() => window.dispatchEvent(new StorageEvent('storage', { key, newValue: null })));
      expect(screen.getByText(SESSION_TEXTS.ended)).toBeDefined();
    });
    expect(await screen.findByRole('button', { name: LANDING_TEXTS.signIn })).toBeDefined();
    expect(sdk.state.logout).toHaveBeenCalledWith({ openUrl: false });
  });

  it('keeps the loading screen, not a dashboard, until the token check answers', () => {
    sdk.state = {
      ...signedInAs(PERSONAS.jane),
      getAccessTokenSilently: vi.fn(() => new Promise(() => undefined)),
    };
    renderAt('/patient-dashboard');
    expect(screen.getByText(ROUTE_TEXTS.loading)).toBeDefined();
  });

  it('is not ended by another failure of the check (the provider unreachable): the screens report theirs', async () => {
    sdk.state = {
      ...signedInAs(PERSONAS.jane),
      getAccessTokenSilently: vi.fn(async () =>
        Promise.reject(Object.assign(new Error('Timeout'), { error: 'timeout' })),
      ),
    };
    renderAt('/patient-dashboard');
    expect(await screen.findByRole('heading', { name: 'Welcome back, Jane' })).toBeDefined();
    expect(sdk.state.logout).not.toHaveBeenCalled();
  });
});

describe('a signed-in user at work on a screen that calls nothing', () => {
  /**
   * Shows Jane's dashboard with an interval timer the test moves (the real one runs the automatic logoff, on
   * the real clock, which sees no idle time), and waits until the renewal is set: the heading can be found
   * before React has run the page's effects, and the 30 minutes count from then.
   */
  async function atWorkOnTheDashboard() {
    const time = manualRepeat();
    renderAt('/patient-dashboard', CONFIG, time.repeat);
    expect(await screen.findByRole('heading', { name: 'Welcome back, Jane' })).toBeDefined();
    await time.scheduled(KEEP_ALIVE_MS);
    return time;
  }

  it('renews the token through the refresh token every 30 minutes, so the provider does not idle the session out', async () => {
    sdk.state = signedInAs(PERSONAS.jane);
    const time = await atWorkOnTheDashboard();
    const renewals = () =>
      sdk.state.getAccessTokenSilently.mock.calls.filter((call) => call[0]?.cacheMode === 'off').length;
    expect(renewals()).toBe(0);
    act(() => time.advance(KEEP_ALIVE_MS - 1));
    expect(renewals()).toBe(0);
    act(() => time.advance(1));
    expect(renewals()).toBe(1);
    act(() => time.advance(KEEP_ALIVE_MS));
    expect(renewals()).toBe(2);
  });

  it('ends the session with the notice when the renewal is refused', async () => {
    const refused = Object.assign(new Error('Unknown or invalid refresh token.'), { error: 'invalid_grant' });
    sdk.state = {
      ...signedInAs(PERSONAS.jane),
      getAccessTokenSilently: vi.fn(async (options?: { cacheMode?: string }) => {
        if (options?.cacheMode === 'off') throw refused;
        return 'access-token-1';
      }),
    };
    const time = await atWorkOnTheDashboard();
    act(() => time.advance(KEEP_ALIVE_MS));
    expect(await screen.findByText(SESSION_TEXTS.ended)).toBeDefined();
    expect(sdk.state.logout).toHaveBeenCalledWith({ openUrl: false });
    // Signed out, nothing renews any more.
    expect(time.active(KEEP_ALIVE_MS)).toBe(0);
  });
});

describe('the moment the sign-in completes', () => {
  it('waits on the loading screen while the address is still the sign-in answer, instead of guarding it', async () => {
    // The SDK reports the user before the router has moved from /?code=...&state=... to where the sign-in
    // started (a navigation that may wait on that page's chunk): no redirect to the dashboard meanwhile.
    sdk.state = signedInAs(PERSONAS.jane);
    setSessionCookie();
    render(
      <MemoryRouter initialEntries={['/?code=abc&state=xyz']}>
        <App config={CONFIG} />
        <ShowLocation />
      </MemoryRouter>,
    );
    await waitFor(() => expect(sdk.providerRenders).toBeGreaterThan(0));
    // Both of the session's checks (the id-token claims, the token) have answered and React has rendered what
    // they say: a guard that ignored the address would have redirected by now. A task queued after the answers
    // runs only once every promise they settled has run its callbacks, however busy the machine.
    await waitFor(() => {
      expect(sdk.state.getIdTokenClaims).toHaveBeenCalled();
      expect(sdk.state.getAccessTokenSilently).toHaveBeenCalled();
    });
    await act(async () => {
      await Promise.allSettled([
        ...sdk.state.getIdTokenClaims.mock.results.map((r) => r.value),
        ...sdk.state.getAccessTokenSilently.mock.results.map((r) => r.value),
      ]);
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    expect(screen.getByText(ROUTE_TEXTS.loading)).toBeDefined();
    expect(currentPath()).toBe('/');
  });
});

describe('a signed-in user', () => {
  it('a patient at / lands on /patient-dashboard and is greeted by first name', async () => {
    sdk.state = signedInAs(PERSONAS.jane);
    renderAt('/');
    expect(await screen.findByRole('heading', { name: 'Welcome back, Jane' })).toBeDefined();
    expect(currentPath()).toBe('/patient-dashboard');
  });

  it('a doctor at / lands on /doctor-dashboard', async () => {
    sdk.state = signedInAs(PERSONAS.alice);
    renderAt('/');
    expect(await screen.findByRole('heading', { level: 1, name: /Welcome, Dr\. Smith/ })).toBeDefined();
    expect(currentPath()).toBe('/doctor-dashboard');
  });

  it('an admin at / lands on /admin-dashboard', async () => {
    sdk.state = signedInAs(PERSONAS.sam);
    renderAt('/');
    expect(await screen.findByRole('heading', { level: 1, name: ADMIN_HEADER.title })).toBeDefined();
    expect(currentPath()).toBe('/admin-dashboard');
  });

  it('a patient at /admin-dashboard is sent to /unauthorized with the spec texts and a way home', async () => {
    sdk.state = signedInAs(PERSONAS.jane);
    renderAt('/admin-dashboard');
    expect(await screen.findByRole('heading', { name: ROUTE_TEXTS.accessDeniedTitle })).toBeDefined();
    expect(screen.getByText(ROUTE_TEXTS.accessDeniedBody)).toBeDefined();
    expect(ROUTE_TEXTS.accessDeniedBody).toBe("You don't have permission to access this resource.");
    expect(currentPath()).toBe('/unauthorized');
    await userEvent.click(screen.getByRole('button', { name: 'Go to my dashboard' }));
    expect(await screen.findByRole('heading', { name: 'Welcome back, Jane' })).toBeDefined();
    expect(currentPath()).toBe('/patient-dashboard');
  });

  it('a doctor at /patient-dashboard is sent to /unauthorized', async () => {
    sdk.state = signedInAs(PERSONAS.alice);
    renderAt('/patient-dashboard');
    expect(await screen.findByRole('heading', { name: ROUTE_TEXTS.accessDeniedTitle })).toBeDefined();
    expect(currentPath()).toBe('/unauthorized');
  });

  it('an unknown path takes the user to their own dashboard', async () => {
    sdk.state = signedInAs(PERSONAS.alice);
    renderAt('/no/such/page');
    expect(await screen.findByRole('heading', { level: 1, name: /Welcome, Dr\. Smith/ })).toBeDefined();
    expect(currentPath()).toBe('/doctor-dashboard');
  });

  it.each([
    ['patient', PERSONAS.jane],
    ['doctor', PERSONAS.alice],
    ['admin', PERSONAS.sam],
  ])('a %s reaches /challenge-demo with its heading', async (_role, claims) => {
    sdk.state = signedInAs(claims);
    renderAt('/challenge-demo');
    expect(
      await screen.findByRole('heading', { level: 1, name: CHALLENGE_PAGE_TEXTS.heading }),
    ).toBeDefined();
    // The demo's screen is fetched when the page opens (REQ-perf-files).
    expect(await screen.findByRole('heading', { name: CHALLENGE_DEMO_TEXTS.title })).toBeDefined();
    expect(screen.getByText(String(claims.email))).toBeDefined();
    expect(currentPath()).toBe('/challenge-demo');
  });

  it('reports MFA as used when the id token amr claim names otp', async () => {
    sdk.state = signedInAs(PERSONAS.alice, { amr: ['pwd', 'otp'] });
    renderAt('/challenge-demo');
    expect(await screen.findByText(CHALLENGE_DEMO_TEXTS.mfaUsed)).toBeDefined();
    expect(screen.queryByText(CHALLENGE_DEMO_TEXTS.mfaNotUsed)).toBeNull();
  });

  it('reports MFA as not used for a password-only sign-in', async () => {
    sdk.state = signedInAs(PERSONAS.jane, { amr: ['pwd'] });
    renderAt('/challenge-demo');
    expect(await screen.findByText(CHALLENGE_DEMO_TEXTS.mfaNotUsed)).toBeDefined();
  });

  it('takes the configured admin address to the admin dashboard even without a roles claim', async () => {
    sdk.state = signedInAs({ sub: 'auth0|chief00001', name: 'Chief Officer', email: 'chief@example.com' });
    renderAt('/', { ...CONFIG, adminEmail: 'chief@example.com' });
    expect(await screen.findByRole('heading', { level: 1, name: ADMIN_HEADER.title })).toBeDefined();
    expect(currentPath()).toBe('/admin-dashboard');
  });

  it('keeps the open dashboard when a token refresh renews the user object (same user, new id token)', async () => {
    sdk.state = signedInAs(PERSONAS.jane);
    // A new element each time, so the rerender reaches the components reading the SDK's state.
    const tree = () => (
      <MemoryRouter initialEntries={['/patient-dashboard']}>
        <App config={CONFIG} />
        <ShowLocation />
      </MemoryRouter>
    );
    setSessionCookie();
    const view = render(tree());
    expect(await screen.findByRole('heading', { name: 'Welcome back, Jane' })).toBeDefined();
    // The SDK's new user object after a refresh; its claims and the token check have not answered yet.
    const pending = () => new Promise<never>(() => undefined);
    sdk.state = {
      ...sdk.state,
      user: { ...PERSONAS.jane },
      getIdTokenClaims: vi.fn(pending),
      getAccessTokenSilently: vi.fn(pending),
    };
    view.rerender(tree());
    expect(screen.getByRole('heading', { name: 'Welcome back, Jane' })).toBeDefined();
    expect(screen.queryByText(ROUTE_TEXTS.loading)).toBeNull();
  });

  it('logs out by revoking the refresh token, then returning to the site origin', async () => {
    sdk.state = signedInAs(PERSONAS.jane);
    renderAt('/patient-dashboard');
    await userEvent.click(await screen.findByRole('button', { name: 'Log out' }));
    await waitFor(() => expect(sdk.state.logout).toHaveBeenCalledTimes(1));
    expect(sdk.state.revokeRefreshToken).toHaveBeenCalledTimes(1);
    expect(sdk.state.revokeRefreshToken.mock.invocationCallOrder[0]).toBeLessThan(
      sdk.state.logout.mock.invocationCallOrder[0] ?? 0,
    );
    expect(sdk.state.logout).toHaveBeenCalledWith({ logoutParams: { returnTo: window.location.origin } });
  });

  it('still logs out when revoking the refresh token fails', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    sdk.state = {
      ...signedInAs(PERSONAS.jane),
      revokeRefreshToken: vi.fn(async () => Promise.reject(new Error('offline'))),
    };
    renderAt('/patient-dashboard');
    await userEvent.click(await screen.findByRole('button', { name: 'Log out' }));
    await waitFor(() => expect(sdk.state.logout).toHaveBeenCalledTimes(1));
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();
  });
});

describe('the API client the screens use', () => {
  const openRecords = async () => {
    renderAt('/patient-dashboard');
    await userEvent.click(await screen.findByRole('tab', { name: 'Medical Records' }));
  };
  const lastRequestHeaders = () => {
    const init = (fetchStub.mock.calls.at(-1) as unknown as [string, RequestInit] | undefined)?.[1];
    return (init?.headers ?? {}) as Record<string, string>;
  };

  it('sends the access token from the SDK as a bearer token to the same-origin API', async () => {
    sdk.state = signedInAs(PERSONAS.jane);
    await openRecords();
    // The records screen and the contract checks are fetched first (REQ-perf-files).
    await waitFor(() => expect(fetchStub).toHaveBeenCalled());
    const url = (fetchStub.mock.calls[0] as unknown as [string])[0];
    expect(url.startsWith('/api/')).toBe(true);
    expect(lastRequestHeaders().Authorization).toBe('Bearer access-token-1');
    // The API is not there yet: after the one retry on a server error (about a second), the screen shows its
    // error state, not a blank page.
    expect(await screen.findByRole('button', { name: 'Try again' })).toBeDefined();
  });

  it('sends no request without a token when the session ends while the page is open: it signs out instead', async () => {
    const refused = Object.assign(new Error('Unknown or invalid refresh token.'), { error: 'invalid_grant' });
    sdk.state = {
      ...signedInAs(PERSONAS.jane),
      // The start check is answered from the cache; the next request finds the refresh token refused.
      getAccessTokenSilently: vi.fn().mockResolvedValueOnce('access-token-1').mockRejectedValue(refused),
    };
    await openRecords();
    expect(await screen.findByText(SESSION_TEXTS.ended)).toBeDefined();
    expect(await screen.findByRole('button', { name: LANDING_TEXTS.signIn })).toBeDefined();
    expect(sdk.state.logout).toHaveBeenCalledWith({ openUrl: false });
    const urls = fetchStub.mock.calls.map((call) => String((call as unknown[])[0]));
    expect(urls.some((url) => url.startsWith('/api/'))).toBe(false);
  });

  it('does not call the API when the token cannot be had for another reason, and says so', async () => {
    sdk.state = {
      ...signedInAs(PERSONAS.jane),
      getAccessTokenSilently: vi.fn(async () =>
        Promise.reject(Object.assign(new Error('Timeout'), { error: 'timeout' })),
      ),
    };
    await openRecords();
    expect(await screen.findByText(new RegExp(`${LOGIN_ERRORS.tokenFailed}: Timeout`))).toBeDefined();
    expect(fetchStub).not.toHaveBeenCalled();
  });
});

describe('a caller whose role needs a second factor the sign-in lacked', () => {
  const MFA_REQUIRED = { error: 'mfa_required', message: MFA_REQUIRED_MESSAGE };
  const answerEveryCall = (status: number, body: unknown) =>
    fetchStub.mockImplementation(
      async () =>
        new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
    );
  const openPatientRecords = async () => {
    renderAt('/doctor-dashboard');
    await userEvent.click(await screen.findByRole('tab', { name: 'Patient Records' }));
  };
  const STEP_UP = {
    appState: { returnTo: '/doctor-dashboard' },
    authorizationParams: { acr_values: MULTI_FACTOR_ACR, prompt: 'login' },
  };
  afterEach(() => sessionStorage.clear());

  it('is sent to the provider for the code (step-up) when the API answers mfa_required, once', async () => {
    answerEveryCall(401, MFA_REQUIRED);
    sdk.state = signedInAs(PERSONAS.alice, { amr: ['pwd'] });
    await openPatientRecords();
    await waitFor(() => expect(sdk.state.loginWithRedirect).toHaveBeenCalledWith(STEP_UP));
    // The screen's own retry answers mfa_required again: one redirect is under way, not a second.
    await screen.findByText(MFA_REQUIRED_MESSAGE);
    expect(sdk.state.loginWithRedirect).toHaveBeenCalledTimes(1);
    // Not a session that is over: nothing is forgotten before the provider asks for the code.
    expect(sdk.state.logout).not.toHaveBeenCalled();
  });

  it('back from a step-up that brought no second factor, is not sent again (no redirect loop): the screen says why', async () => {
    answerEveryCall(401, MFA_REQUIRED);
    sdk.state = signedInAs(PERSONAS.alice, { amr: ['pwd'] });
    await openPatientRecords();
    await waitFor(() => expect(sdk.state.loginWithRedirect).toHaveBeenCalledTimes(1));
    cleanup();
    // The page loads again after the redirect, with what the provider gave: still a password only.
    sdk.state = signedInAs(PERSONAS.alice, { amr: ['pwd'] });
    await openPatientRecords();
    expect(await screen.findByText(MFA_REQUIRED_MESSAGE)).toBeDefined();
    expect(sdk.state.loginWithRedirect).not.toHaveBeenCalled();
  });

  it("is sent for the code too when the provider refuses a token for it (the SDK's mfa_required, REQ-err-identity-codes)", async () => {
    const refused = Object.assign(new Error('Multifactor authentication required'), {
      error: 'mfa_required',
      mfa_token: 'mfa-token-1',
    });
    sdk.state = {
      ...signedInAs(PERSONAS.alice, { amr: ['pwd'] }),
      getAccessTokenSilently: vi.fn().mockResolvedValueOnce('access-token-1').mockRejectedValue(refused),
    };
    await openPatientRecords();
    await waitFor(() => expect(sdk.state.loginWithRedirect).toHaveBeenCalledWith(STEP_UP));
    expect(sdk.state.logout).not.toHaveBeenCalled();
    const urls = fetchStub.mock.calls.map((call) => String((call as unknown[])[0]));
    expect(urls.some((url) => url.startsWith('/api/'))).toBe(false);
  });

  it('is not sent anywhere for another 401 (the session itself is not valid)', async () => {
    answerEveryCall(401, { error: 'unauthorized', message: 'Your session is not valid. Sign in again.' });
    sdk.state = signedInAs(PERSONAS.alice, { amr: ['pwd', 'otp'] });
    await openPatientRecords();
    expect(await screen.findByText('Your session is not valid. Sign in again.')).toBeDefined();
    expect(sdk.state.loginWithRedirect).not.toHaveBeenCalled();
  });
});

describe('sign-in problems', () => {
  it("a refused sign-in shows 'Login failed' with the provider's message and a way to try again", async () => {
    sdk.state = { ...baseState(), error: new Error('Invalid state') };
    renderAt('/?error=access_denied&state=xyz');
    expect(await screen.findByRole('heading', { name: LOGIN_ERRORS.loginFailed })).toBeDefined();
    expect(within(screen.getByRole('alert')).getByText('Invalid state')).toBeDefined();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(sdk.state.loginWithRedirect).toHaveBeenCalledWith({ appState: { returnTo: '/' } });
  });

  it('a sign-in answer without its state shows the refusal instead of silently dropping it', async () => {
    renderAt('/?error=access_denied&error_description=The%20user%20refused');
    expect(screen.getByRole('heading', { name: LOGIN_ERRORS.loginFailed })).toBeDefined();
    expect(within(screen.getByRole('alert')).getByText('The user refused')).toBeDefined();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(sdk.state.loginWithRedirect).toHaveBeenCalledTimes(1));
  });

  it('a code without a state is an invalid sign-in answer', () => {
    renderAt('/?code=abc');
    expect(within(screen.getByRole('alert')).getByText(LOGIN_ERRORS.invalidState)).toBeDefined();
  });

  it('a token without a subject shows why and offers Log out instead of a blank page', async () => {
    sdk.state = signedInAs({ name: 'Nobody', email: 'nobody@example.com' });
    renderAt('/patient-dashboard');
    expect(await screen.findByText('The sign-in token has no subject (sub).')).toBeDefined();
    await userEvent.click(screen.getByRole('button', { name: 'Log out' }));
    await waitFor(() => expect(sdk.state.logout).toHaveBeenCalledTimes(1));
  });
});

describe('the Auth0 SDK configuration', () => {
  it('uses the configured provider, audience and scope, refresh tokens and the localstorage cache', async () => {
    setSessionCookie();
    renderAt('/');
    await waitFor(() => expect(sdk.providerRenders).toBeGreaterThan(0));
    expect(sdk.providerProps).toMatchObject({
      domain: CONFIG.domain,
      clientId: CONFIG.clientId,
      authorizationParams: {
        redirect_uri: window.location.origin,
        audience: CONFIG.audience,
        scope: AUTH_SCOPE,
      },
      cacheLocation: 'localstorage',
      useRefreshTokens: true,
    });
    // An issuer option would force https, which the embedded http provider cannot satisfy.
    expect(sdk.providerProps).not.toHaveProperty('issuer');
  });

  it('after the login callback replaces the address with the returnTo the login started from', async () => {
    sdk.state = signedInAs(PERSONAS.sam);
    renderAt('/');
    await screen.findByRole('heading', { level: 1, name: ADMIN_HEADER.title });
    const onRedirectCallback = sdk.providerProps.onRedirectCallback as (s?: { returnTo?: string }) => void;
    onRedirectCallback({ returnTo: '/challenge-demo' });
    expect(
      await screen.findByRole('heading', { level: 1, name: CHALLENGE_PAGE_TEXTS.heading }),
    ).toBeDefined();
    expect(currentPath()).toBe('/challenge-demo');
  });

  it('ignores a returnTo that leaves the site', async () => {
    sdk.state = signedInAs(PERSONAS.sam);
    renderAt('/');
    await screen.findByRole('heading', { level: 1, name: ADMIN_HEADER.title });
    const onRedirectCallback = sdk.providerProps.onRedirectCallback as (s?: { returnTo?: string }) => void;
    onRedirectCallback({ returnTo: '//evil.example/steal' });
    await waitFor(() => expect(currentPath()).toBe('/admin-dashboard'));
  });
});

describe('routing on react-router-dom', () => {
  function ShowNavigation() {
    const location = useLocation();
    return (
      <output data-testid="navigation">{`${useNavigationType()} ${JSON.stringify(location.state)}`}</output>
    );
  }

  afterEach(() => window.history.replaceState(null, '', '/'));

  it("replaces a visitor's deep link by / (Back does not lead to it again) and keeps it for signing in", () => {
    render(
      <MemoryRouter initialEntries={['/admin-dashboard?tab=users']}>
        <App config={CONFIG} />
        <ShowLocation />
        <ShowNavigation />
      </MemoryRouter>,
    );
    expect(currentPath()).toBe('/');
    expect(screen.getByTestId('navigation').textContent).toBe(
      'REPLACE {"returnTo":"/admin-dashboard?tab=users"}',
    );
  });

  it('shows the page of a path written with a trailing slash', async () => {
    sdk.state = signedInAs(PERSONAS.sam);
    renderAt('/admin-dashboard/');
    expect(await screen.findByRole('heading', { level: 1, name: ADMIN_HEADER.title })).toBeDefined();
  });

  it("in the browser, writes the dashboard's address into the address bar and follows Back and Forward", async () => {
    sdk.state = signedInAs(PERSONAS.sam);
    setSessionCookie();
    window.history.replaceState(null, '', '/');
    render(
      <BrowserRouter>
        <App config={CONFIG} />
      </BrowserRouter>,
    );
    expect(await screen.findByRole('heading', { level: 1, name: ADMIN_HEADER.title })).toBeDefined();
    expect(window.location.pathname).toBe('/admin-dashboard');
    // What the browser does on Back or Forward: the address changes, then popstate.
    await act(async () => {
      window.history.pushState(null, '', '/challenge-demo');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: CHALLENGE_PAGE_TEXTS.heading }),
    ).toBeDefined();
  });
});

describe('when the sign-in SDK cannot be downloaded', () => {
  it('Sign In says so with Try again, which downloads it again and signs in', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const loadSdk = vi
      .fn<typeof loadSdkSession>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockImplementation(loadSdkSession);
    render(
      <MemoryRouter initialEntries={['/']}>
        <AlertProvider>
          <PortalSession config={CONFIG} loadSdk={loadSdk}>
            <PortalRoutes />
          </PortalSession>
        </AlertProvider>
      </MemoryRouter>,
    );
    await userEvent.click(screen.getByRole('button', { name: LANDING_TEXTS.signIn }));
    expect(await screen.findByText(PORTAL_SESSION_TEXTS.sdkUnavailable)).toBeDefined();
    expect(screen.getByRole('heading', { name: LOGIN_ERRORS.loginFailed })).toBeDefined();
    expect(warn).toHaveBeenCalled();

    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() =>
      expect(sdk.state.loginWithRedirect).toHaveBeenCalledWith({ appState: { returnTo: '/' } }),
    );
    expect(loadSdk).toHaveBeenCalledTimes(2);
    warn.mockRestore();
  });
});
