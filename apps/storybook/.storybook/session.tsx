import type { ReactNode } from 'react';
import { buildCurrentUser } from '@sentinel/domain';
import { PERSONAS, claimsFor, createMockApi, mockTokenFor, type PersonaKey } from '@sentinel/mocks';
import { SessionProvider, type Session } from '@sentinel/ui';

export type StorySession = PersonaKey | 'signedOut' | 'loading';

/** Narrows a global's value (which may come from a URL) to a session key. */
export function isStorySession(value: unknown): value is StorySession {
  return (
    value === 'signedOut' ||
    value === 'loading' ||
    (typeof value === 'string' && Object.hasOwn(PERSONAS, value))
  );
}

/** One mock API for the whole Storybook; its store is reset before every story. */
export const mockApi = createMockApi({ tokenDelayMs: 15 });

type StorySessionValue = {
  status: Session['status'];
  token: string | undefined;
  Provider: (props: { children: ReactNode }) => ReactNode;
};

const noop = () => undefined;

function build(key: StorySession): StorySessionValue {
  if (key === 'loading' || key === 'signedOut') {
    const session: Session = key === 'loading' ? { status: 'loading' } : { status: 'signedOut', login: noop };
    return {
      status: session.status,
      token: undefined,
      Provider: ({ children }) => <SessionProvider session={session}>{children}</SessionProvider>,
    };
  }
  const persona = PERSONAS[key];
  const built = buildCurrentUser(claimsFor(persona));
  if (!built.ok) throw new Error(`Persona ${key}: ${built.error.message}`);
  const session: Session = { status: 'signedIn', user: built.value, mfa: persona.mfa, logout: noop };
  return {
    status: 'signedIn',
    token: mockTokenFor(key),
    Provider: ({ children }) => <SessionProvider session={session}>{children}</SessionProvider>,
  };
}

const cache = new Map<StorySession, StorySessionValue>();

/** The session of a persona key; the same object every time, so providers do not re-mount. */
export function sessionFor(key: StorySession): StorySessionValue {
  let value = cache.get(key);
  if (!value) cache.set(key, (value = build(key)));
  return value;
}
