import { createContext, useContext, type ReactNode } from 'react';
import type { CurrentUser } from '@sentinel/domain';
import { missingProviderError } from '../SentinelProvider/missingProvider';

/**
 * What screens know about the signed-in person. The portal fills it from the Auth0 SDK; Storybook fills it
 * from a persona (signed in, signed out or still loading). Screens never talk to the identity provider.
 */
export type Session =
  | { status: 'loading' }
  | { status: 'signedOut'; login: () => void }
  | {
      status: 'signedIn';
      user: CurrentUser;
      /** Whether the sign-in used a second factor (the amr claim). */
      mfa: boolean;
      logout: () => void;
    };

const SessionContext = createContext<Session | undefined>(undefined);

/** `session` may be undefined (not known yet): what is inside stays mounted, and useSession says what is missing. */
export function SessionProvider({
  session,
  children,
}: {
  session: Session | undefined;
  children: ReactNode;
}) {
  return <SessionContext.Provider value={session}>{children}</SessionContext.Provider>;
}

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw missingProviderError('useSession', 'the signed-in person, given by its `session` prop');
  return session;
}

/** The signed-in user; screens that need one are only rendered for signed-in sessions. */
export function useCurrentUser(): CurrentUser {
  const session = useSession();
  if (session.status !== 'signedIn') throw new Error('useCurrentUser needs a signed-in session.');
  return session.user;
}
